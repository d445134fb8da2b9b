#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make check: build the rig and run every test; the last line is
# 'N passed, N failed, N skipped' and the exit status is 0 only if all pass.
#
# It boots the sanitizer kernel (KASAN, UBSAN, kmemleak, fault injection);
# RUBY_FLAVOUR=fast boots the fast one instead. With arguments, they are
# rig.py's (make check-some T="radeon_gem ruby_reset": one boot, those
# kselftests only).
set -euo pipefail
export RUBY_FLAVOUR=${RUBY_FLAVOUR:-san}
. "$(dirname "$0")/lib.sh"
rig_build
exec python3 "$rig/rig.py" "${@:-check}"
