#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Write R7xx seeds for the fuzzer's RV730 mode (CS_FUZZ_ASIC=rv730):
raw inputs ("RAW", the buffers' pages and write flags, the stream's
dwords) of triangles in R6xx/R7xx's register layout that the R7xx checker
accepts, so that the fuzzer starts from draws the simulator's R6xx oracle
runs. Run from this directory: ./r7xx_seeds.py"""
import struct

CB, PGM, VB, FENCE, TEX, DB, MSAA, META = range(8)
# pages and written, per buffer: 64x64 RGBA8; programs; vertices; fence;
# texture; 16-bit depth with HTILE (four pipes: 8 KiB); 2 samples; masks
BOS = [(4, 1), (1, 0), (1, 0), (1, 1), (1, 0), (4, 1), (8, 1), (2, 1)]


def pkt3(op, n):
    return (3 << 30) | ((n - 1) << 16) | (op << 8)


class Stream:
    def __init__(self):
        self.dw = []

    def emit(self, *v):
        self.dw.extend(v)

    def reloc(self, bo):
        self.emit(pkt3(0x10, 1), bo * 4)

    def ctx(self, reg, *v):
        self.emit(pkt3(0x69, len(v) + 1), (reg - 0x28000) // 4, *v)

    def colour(self, n, bo, info, size=7 | 63 << 10):
        self.ctx(0x28040 + 4 * n, 0)
        self.reloc(bo)
        self.ctx(0x28060 + 4 * n, size)
        self.ctx(0x28080 + 4 * n, 0)
        self.ctx(0x280a0 + 4 * n, info)


def triangle(s):
    """Colour buffer 0 (linear), VS/FS/PS, a constant buffer, a vertex buffer"""
    s.emit(pkt3(0x28, 2), 0x80000000, 0x80000000)
    s.ctx(0x28010, 0)
    s.ctx(0x28030, 0, 64 | 64 << 16)
    s.colour(0, CB, 0x1a << 2 | 1 << 8)
    s.ctx(0x28238, 0xf, 0xf)
    s.ctx(0x28840, 2)
    s.reloc(PGM)
    s.ctx(0x28850, 1, 2)
    s.ctx(0x28858, 0)
    s.reloc(PGM)
    s.ctx(0x28894, 1)
    s.reloc(PGM)
    s.ctx(0x28980, 4)
    s.reloc(PGM)
    s.ctx(0x28180, 1)
    s.emit(pkt3(0x6d, 8), 160 * 7, 0, 71, 24 << 8, 0, 0, 0, 3 << 30)
    s.reloc(VB)
    s.emit(pkt3(0x68, 2), (0x8958 - 0x8000) // 4, 4)
    s.emit(pkt3(0x2a, 1), 0, pkt3(0x2f, 1), 1)


def draw_and_fence(s):
    s.emit(pkt3(0x2d, 2), 3, 2)
    s.emit(pkt3(0x47, 5), 0x514, 0, 1 << 29, 0x7a1a, 0)
    s.reloc(FENCE)


def textured_depth(s):
    """A 16x16 1D-tiled texture with four mips; 2D-tiled depth and HTILE"""
    s.emit(pkt3(0x6d, 8), 0, 1 | 2 << 3 | 1 << 8 | 15 << 19, 15 | 0x1a << 26,
           0, 4, 0, 4, 2 << 30)
    s.reloc(TEX)
    s.reloc(TEX)
    s.ctx(0x28000, 7 | 63 << 10)
    s.ctx(0x28004, 0)
    s.ctx(0x2800c, 0)
    s.reloc(DB)
    s.ctx(0x28010, 1 | 4 << 15 | 1 << 25)
    s.ctx(0x28014, 32)
    s.reloc(DB)
    s.ctx(0x28d24, 3)


def msaa(s):
    """Two samples with CMASK and FMASK, resolved into colour buffer 1"""
    s.ctx(0x28c04, 1)
    s.colour(0, MSAA, 0x1a << 2 | 2 << 8 | 2 << 18)
    s.ctx(0x280c0, 0)
    s.reloc(META)
    s.ctx(0x280e0, 16)
    s.reloc(META)
    s.ctx(0x28100, 63 << 12)
    s.emit(pkt3(0x2d, 2), 3, 2)
    s.colour(1, CB, 0x1a << 2 | 2 << 8)
    s.ctx(0x28808, 7 << 4)
    s.ctx(0x28238, 0xff)


def streamout(s):
    """Buffer 0 in the fence buffer, its base again by STRMOUT_BASE_UPDATE"""
    s.ctx(0x28ad0, 256, 4, 4, 0)
    s.reloc(FENCE)
    s.emit(pkt3(0x72, 2), 0, 4)
    s.reloc(FENCE)
    s.ctx(0x28ab0, 1)
    s.ctx(0x28b20, 1)


def streamout_r6xx(s):
    """Buffer 0 in the fence buffer, set by its registers alone (no R7xx packet)"""
    s.ctx(0x28ad0, 256, 4, 4, 0)
    s.reloc(FENCE)
    s.ctx(0x28ab0, 1)
    s.ctx(0x28b20, 1)


def msaa_texture(s):
    """A 64x16 four-sample RGBA8 texture (2D_MSAA, linear) filling half its buffer"""
    s.emit(pkt3(0x6d, 8), 7, 6 | 1 << 3 | 7 << 8 | 63 << 19, 15 | 0x1a << 26,
           0, 0, 0, 2, 2 << 30)
    s.reloc(MSAA)
    s.reloc(MSAA)


def draw_auto(s):
    """DRAW_AUTO: the filled size COPY_DW loads from the fence buffer's last dword"""
    s.ctx(0x28b28, 0, 0, 4)
    s.emit(pkt3(0x3b, 5), 1, 4092, 0, 0x28b2c // 4, 0)
    s.reloc(FENCE)
    s.emit(pkt3(0x2d, 2), 0, 2 | 1 << 6)


def geometry(s):
    """Scenario G: ES and GS programs, both rings filling the fence buffer"""
    s.ctx(0x28880, 3)
    s.reloc(PGM)
    s.ctx(0x2886c, 4)
    s.reloc(PGM)
    s.emit(pkt3(0x68, 5), (0x8c40 - 0x8000) // 4, 0, 8, 8, 8)
    s.reloc(FENCE)
    s.reloc(FENCE)
    s.ctx(0x288a8, 4, 16)
    s.ctx(0x288c8, 4)
    s.ctx(0x28a40, 3 | 3 << 3)


def scratch_ring(s, n, at, item, size):
    """Scratch ring n (0 ES .. 3 PS) as Mesa sets it up: base, item size, size"""
    s.emit(pkt3(0x68, 2), (0x8c50 + 8 * n - 0x8000) // 4, at >> 8)
    s.reloc(FENCE)
    s.ctx(0x288b0 + 4 * n, item)
    s.emit(pkt3(0x68, 2), (0x8c54 + 8 * n - 0x8000) // 4, size)


def scratch(s):
    """The VS and PS spill: their scratch rings fill the fence buffer"""
    scratch_ring(s, 2, 0, 4, 8)
    scratch_ring(s, 3, 2048, 16, 8)


def geometry_scratch(s):
    """Scenario G whose ES and GS spill too, on the geometry rings' bytes"""
    geometry(s)
    scratch_ring(s, 0, 0, 4, 8)
    scratch_ring(s, 1, 2048, 4, 8)


def write(name, parts, nbos):
    s = Stream()
    triangle(s)
    for part in parts:
        part(s)
    draw_and_fence(s)
    with open(f"seeds/{name}", "wb") as f:
        f.write(b"RAW" + bytes([nbos]))
        for pages, written in BOS[:nbos]:
            f.write(bytes([pages, written]))
        f.write(struct.pack(f"<{len(s.dw)}I", *s.dw))


write("r7xx-triangle", [], 4)
write("r7xx-textured-depth", [textured_depth], 6)
write("r7xx-msaa-resolve", [msaa], 8)
write("r7xx-streamout", [streamout], 4)
write("r6xx-streamout", [streamout_r6xx], 4)
write("r7xx-geometry", [geometry], 4)
write("r7xx-msaa-texture", [msaa_texture], 8)
write("r7xx-draw-auto", [streamout, draw_auto], 4)
write("r7xx-scratch", [scratch], 4)
write("r7xx-geometry-scratch", [geometry_scratch], 4)
