#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make check: build the rig and run every test; the last line is
# 'N passed, N failed, N skipped' and the exit status is 0 only if all pass.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
rig_build
exec python3 "$rig/rig.py" check
