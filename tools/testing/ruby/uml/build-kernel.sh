#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Build the User-Mode-Linux kernel of the ruby test rig.
#
# Debian's linux-source-6.12 is unpacked once into a cache directory outside
# the repository, the repository's driver and selftests are overlaid into it
# as symlinks, the rig's virt-pci patches are applied, and the kernel is
# built with O=<cache>/build so the source copy itself stays unconfigured
# (kunit.py and out-of-tree module builds refuse a configured source tree).
#
# Nothing is redone that is up to date: the source is unpacked again only
# when the tarball or the patch set changes, the config is regenerated only
# when the fragment or a Kconfig file changes, and make does the rest.
#
# With --source-only it stops once the source is unpacked and overlaid (for
# tools that only need the tree, such as checkpatch).
#
# Two flavours share the source: RUBY_FLAVOUR=fast (ruby-uml.config, in
# <cache>/build, modules in <cache>/modules) and RUBY_FLAVOUR=san (that
# fragment plus ruby-uml-san.config: KASAN, UBSAN, kmemleak, fault
# injection; in <cache>/build-san and <cache>/modules-san).
#
# Environment: RUBY_CACHE (default ~/.cache/ruby), RUBY_FLAVOUR (default
# fast), JOBS (default nproc).
set -euo pipefail
shopt -s nullglob

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../../.." && pwd)
cache=${RUBY_CACHE:-$HOME/.cache/ruby}
jobs=${JOBS:-$(nproc)}
tarball=/usr/src/linux-source-6.12.tar.xz
flavour=${RUBY_FLAVOUR:-fast}
src=$cache/linux
hdr=$cache/headers
fragments=("$here/ruby-uml.config")
case "$flavour" in
fast)	build=$cache/build; mods=$cache/modules ;;
san)	build=$cache/build-san; mods=$cache/modules-san
	fragments+=("$here/ruby-uml-san.config") ;;
*)	echo "build-kernel: unknown RUBY_FLAVOUR '$flavour' (fast or san)" >&2
	exit 1 ;;
esac

log() { echo "build-kernel: $*" >&2; }

mkdir -p "$cache"
if [ ! -f "$tarball" ]; then
	log "missing $tarball (apt-get install linux-source-6.12)"
	exit 1
fi

# 1. Pristine source + patches, keyed by the tarball and the patch set.
patches=("$here"/patches/*.patch)
src_key=$( { stat -c '%s %Y' "$tarball"; cat /dev/null "${patches[@]}"; } |
	sha256sum | cut -d' ' -f1)
if [ "$(cat "$cache/linux.key" 2>/dev/null)" != "$src_key" ]; then
	log "unpacking $(basename "$tarball")"
	rm -rf "$src" "$cache/linux.key" "$cache/unpack.tmp"
	mkdir -p "$cache/unpack.tmp"
	tar -C "$cache/unpack.tmp" -xf "$tarball"
	mv "$cache/unpack.tmp/linux-source-6.12" "$src"
	rmdir "$cache/unpack.tmp"
	for p in "${patches[@]}"; do
		log "applying $(basename "$p")"
		patch -d "$src" -p1 --quiet --forward < "$p"
	done
	echo "$src_key" > "$cache/linux.key"
fi

# 2. Overlay the driver (a symlink: edits are seen at once).
ln -sfn "$repo/drivers/gpu/drm/ruby" "$src/drivers/gpu/drm/ruby"
grep -q 'drm/ruby/Kconfig' "$src/drivers/gpu/drm/Kconfig" ||
	sed -i '/source "drivers\/gpu\/drm\/radeon\/Kconfig"/a source "drivers/gpu/drm/ruby/Kconfig"' \
		"$src/drivers/gpu/drm/Kconfig"
grep -q 'CONFIG_DRM_RUBY' "$src/drivers/gpu/drm/Makefile" ||
	echo 'obj-$(CONFIG_DRM_RUBY) += ruby/' >> "$src/drivers/gpu/drm/Makefile"
[ "${1:-}" = "--source-only" ] && exit 0

# 3. Configuration: tinyconfig + fragments, redone only when an input changed.
cfg_key=$(cat "${fragments[@]}" "$repo/drivers/gpu/drm/ruby/Kconfig" <(echo "$src_key") |
	sha256sum | cut -d' ' -f1)
if [ "$(cat "$build/.ruby-config-key" 2>/dev/null)" != "$cfg_key" ] ||
   [ ! -f "$build/.config" ]; then
	log "configuring ($flavour)"
	mkdir -p "$build"
	make -s -C "$src" O="$build" ARCH=um tinyconfig >/dev/null
	"$src/scripts/kconfig/merge_config.sh" -m -O "$build" \
		"$build/.config" "${fragments[@]}" >/dev/null
	make -s -C "$src" O="$build" ARCH=um olddefconfig >/dev/null
	missing=0
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=n)
			sym=${line%=n}
			if grep -q "^$sym=" "$build/.config"; then
				log "config: $sym is set but the fragment says n"
				missing=1
			fi ;;
		CONFIG_*=*)
			if ! grep -qx "$line" "$build/.config"; then
				log "config: '$line' did not take (dependency missing?)"
				missing=1
			fi ;;
		esac
	done < <(cat "${fragments[@]}")
	[ "$missing" = 0 ] || exit 1
	echo "$cfg_key" > "$build/.ruby-config-key"
fi

# 4. Build the kernel and modules; install modules for modprobe -d.
log "make $flavour (-j$jobs)"
make -s -C "$src" O="$build" ARCH=um -j"$jobs" ${RUBY_KERNEL_TARGET:-all}
kver=$(cat "$build/include/config/kernel.release")
rm -rf "$mods.new"
make -s -C "$src" O="$build" ARCH=um INSTALL_MOD_PATH="$mods.new" \
	DEPMOD=/sbin/depmod modules_install >/dev/null
rm -rf "$mods" && mv "$mods.new" "$mods"

# 5. UAPI headers for the selftests (the kernel's own radeon_drm.h).
if [ "$(cat "$hdr/.key" 2>/dev/null)" != "$src_key" ]; then
	log "installing uapi headers"
	rm -rf "$hdr" "$cache/hdr-build"
	make -s -C "$src" O="$cache/hdr-build" ARCH=x86 \
		INSTALL_HDR_PATH="$hdr" headers_install >/dev/null
	echo "$src_key" > "$hdr/.key"
fi

log "ready: $build/linux (kernel $kver, $flavour)"
