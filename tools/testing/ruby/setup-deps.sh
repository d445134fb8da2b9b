#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Install the Debian packages the rig needs, if any is missing. Needs root
# (or sudo) only when something is missing; a second run costs a dpkg query.
set -euo pipefail

packages=(
	gcc make patch xz-utils bc flex bison libelf-dev libssl-dev pahole
	kmod python3 perl rsync	# rsync: headers_install
	linux-source-6.12	# the UML test kernel is built from it
	linux-headers-6.12-amd64	# out-of-tree build of ruby.ko (lint)
	sparse			# make C=1
	clang libclang-rt-14-dev	# the checker's fuzzer (libFuzzer, ASan, UBSan)
	llvm			# llvm-profdata, llvm-cov: the fuzzer's coverage report
	libegl-dev libgles-dev	# the Mesa client test (mesa_r600) links EGL and GLES
	libopengl-dev libgl-dev	# mesa_stages, mesa_textures: desktop GL (libOpenGL, glcorearb.h)
	trinity			# ioctl fuzzing of the DRM nodes (rig.py trinity)
	piglit			# real GL programs (make piglit; a smoke list in make check)
	# the display clients of make check (rig.py clients, uml/clients.sh)
	# and make run: modetest, drm_info, kmscube, weston
	libdrm-tests drm-info kmscube weston
	libgl1-mesa-dri		# Mesa's r600 driver: kmscube, weston's GL renderer (weston only recommends it)
	xkb-data		# weston compiles a keymap at start, even with no input device
)

missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup-deps: installing ${missing[*]}" >&2
sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
