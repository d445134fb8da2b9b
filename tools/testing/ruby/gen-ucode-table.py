#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Generate ruby's microcode table from firmware/MANIFEST.

  gen-ucode-table.py            rewrite the generated files
  gen-ucode-table.py --check    exit 1 if they are out of date

The output is plain C (an enum, a table, MODULE_FIRMWARE tags) so that it
reads like hand-written code and passes checkpatch; it is committed.
"""
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
MANIFEST = os.path.join(ROOT, "firmware", "MANIFEST")
DRV = os.path.join(ROOT, "drivers", "gpu", "drm", "ruby")
HEADER = os.path.join(DRV, "ruby_ucode_ids.h")
SOURCE = os.path.join(DRV, "ruby_ucode_table.c")

NOTICE = ("Generated from firmware/MANIFEST by tools/testing/ruby/gen-ucode-table.py:\n"
          " * edit the manifest and rerun the script, never this file.")


def parse():
    files = []
    for n, line in enumerate(open(MANIFEST), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        f = line.split()
        m = re.fullmatch(r"radeon/([A-Za-z0-9]+)_([a-z0-9]+)\.bin", f[0])
        if len(f) < 3 or not m or not f[1].isdigit() or int(f[1]) % 4:
            sys.exit(f"{MANIFEST}:{n}: bad line: {line}")
        ident = f"RUBY_UCODE_{m.group(1).upper()}_{m.group(2).upper()}"
        files.append((ident, f[0], int(f[1])))
    return files


def render(files):
    width = max(len(i) for i, _, _ in files)
    h = ["/* SPDX-License-Identifier: GPL-2.0-only */",
         "/*", " * " + NOTICE, " */",
         "#ifndef __RUBY_UCODE_IDS_H__", "#define __RUBY_UCODE_IDS_H__", "",
         "/*", " * enum ruby_ucode_id - index into ruby_ucode_files[]; one id per",
         " * file of the manifest, RUBY_UCODE_NONE for \"no microcode of this",
         " * kind\" and RUBY_UCODE_COUNT for the number of entries.", " */",
         "enum ruby_ucode_id {", "\tRUBY_UCODE_NONE,"]
    h += [f"\t{i}," for i, _, _ in files]
    h += ["\tRUBY_UCODE_COUNT", "};", "", "#endif /* __RUBY_UCODE_IDS_H__ */", ""]
    c = ["// SPDX-License-Identifier: GPL-2.0-only", "/*", " * " + NOTICE, " */",
         "", "#include <linux/module.h>", "", "#include <kunit/visibility.h>", "",
         '#include "ruby_ucode.h"', "",
         "const struct ruby_ucode_file ruby_ucode_files[RUBY_UCODE_COUNT] = {"]
    c += [f'\t[{i}]{" " * (width - len(i))} = {{ "{p}", {s} }},' for i, p, s in files]
    c += ["};", "EXPORT_SYMBOL_IF_KUNIT(ruby_ucode_files);", ""]
    c += [f'MODULE_FIRMWARE("{p}");' for _, p, _ in files]
    return "\n".join(h), "\n".join(c) + "\n"


def main():
    want = dict(zip((HEADER, SOURCE), render(parse())))
    stale = [p for p, text in want.items()
             if not os.path.exists(p) or open(p).read() != text]
    if "--check" in sys.argv:
        for p in stale:
            print(f"{os.path.relpath(p, ROOT)} is out of date with firmware/MANIFEST")
        return 1 if stale else 0
    for p in stale:
        open(p, "w").write(want[p])
    return 0


if __name__ == "__main__":
    sys.exit(main())
