#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make lint: W=1 + sparse out-of-tree build against Debian's 6.12 headers,
# checkpatch --strict, generated tables up to date. Also part of make check.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
"$rig/setup-deps.sh"
"$rig/uml/build-kernel.sh" --source-only
exec python3 "$rig/rig.py" lint
