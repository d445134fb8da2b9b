#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make run: boot the simulated Cedar, load ruby and show what it found.
set -euo pipefail
export RUBY_FLAVOUR=${RUBY_FLAVOUR:-fast}
. "$(dirname "$0")/lib.sh"
rig_build
exec python3 "$rig/rig.py" demo
