# SPDX-License-Identifier: GPL-2.0-only
# Sourced by the rig's entry points: paths and the build steps they share.

rig=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$rig/../../.." && pwd)
export RUBY_CACHE=${RUBY_CACHE:-$HOME/.cache/ruby}
export RUBY_OUT=${RUBY_OUT:-$repo/out}
export RUBY_KSELFTEST=$RUBY_CACHE/kselftest

# The selftests are copied (not linked) into the kernel tree: their
# Makefile and includes find lib.mk and the kselftest harness by relative
# paths. cp -a keeps mtimes, so make rebuilds only what changed.
build_selftests() {
	local dst=$RUBY_CACHE/linux/tools/testing/selftests/drivers/gpu/ruby

	mkdir -p "$RUBY_KSELFTEST"

	rm -rf "$dst"
	cp -a "$repo/tools/testing/selftests/drivers/gpu/ruby" "$dst"
	make -s -C "$dst" OUTPUT="$RUBY_KSELFTEST" \
		KHDR_INCLUDES="-isystem $RUBY_CACHE/headers/include"
}

# The sanitizer kernel's red-by-design module, built from a copy so the
# repository stays free of build products.
build_redcheck() {
	local dst=$RUBY_CACHE/redcheck

	mkdir -p "$dst"
	cp -a "$rig/uml/redcheck/." "$dst/"
	make -s -C "$RUBY_CACHE/build-san" ARCH=um M="$dst" modules
}

rig_build() {
	"$rig/setup-deps.sh"
	# the kernel's own warnings (KASAN's larger frames among them) are
	# not ours to fix; ruby's files are judged by make lint
	"$rig/uml/build-kernel.sh" 2> >(grep -v -e 'warning: no previous prototype' \
		-e 'warning: the frame size of' -e ': In function ' \
		-e '^ *[0-9]* |' -e '^ *| ' -e 'lib/iomap.c' >&2)
	make -s -C "$rig/sim"
	# the stream recorder piglit mode may preload (make piglit-census)
	make -s -C "$rig/recorder"
	build_selftests
	if [ "${RUBY_FLAVOUR:-fast}" = san ]; then
		build_redcheck
	fi
}
