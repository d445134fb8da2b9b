#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make lint: W=1 + sparse out-of-tree build against Debian's 6.12 headers,
# checkpatch --strict, generated tables up to date. Also part of make check.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
"$rig/setup-deps.sh"
"$rig/uml/build-kernel.sh" --source-only
# The AtomBIOS parser and interpreter (driver source, built on the host)
# against the simulated board's VBIOS: a few seconds, fatal if red.
mkdir -p "$RUBY_OUT/atom-host"
make -s -C "$rig/atom" O="$RUBY_OUT/atom-host" check
exec python3 "$rig/rig.py" lint
