# SPDX-License-Identifier: GPL-2.0-only
"""Real display clients on the simulated Cedar: the judgement of a clients
boot (uml/clients.sh ran Debian's modetest, drm_info, kmscube and weston).

judge() returns (name, ok, detail) triples, and notes (the flip rate, the
streams each GL client submitted) to print. The frames modetest drew are
compared, pixel for pixel, with the simulator's PNGs of the scanout: the
patterns are reproduced here from what libdrm's tests/util/pattern.c draws
(SMPTE bars, tiles, plain grey) in each format, through the identity LUT
modetest loads, as the simulator decodes the surface.
"""
import glob
import json
import os
import re
import statistics

# fourcc codes of the formats DCE4's primary planes scan out (ruby_kms.c)
PRIMARY_FORMATS = ["XR24", "AR24", "RG16", "XR30"]
# and its cursor planes (ruby_cursor.c)
CURSOR_FORMATS = ["AR24"]
# the simulated board: its connectors and the monitors ruby-sim plugs in
# by default (CHIPS["cedar"]["MONITORS"] in rig.py)
BOARD = {"DVI-I-1": "connected", "HDMI-A-1": "connected", "VGA-1": "disconnected",
         "DP-1": "disconnected"}
ENCODERS = ["DAC", "TMDS", "TMDS", "TMDS"]
NUM_CRTC = 4
KMSCUBE_FRAMES = 30
# DRM_MODE_CONNECTOR_* and connector status as drm_info's JSON gives them
CONNECTOR_TYPES = {1: "VGA", 2: "DVI-I", 10: "DisplayPort", 11: "HDMI-A"}
CONNECTED = 1


def fourcc(code):
    return code.to_bytes(4, "little").decode("ascii", "replace")


# ---- the patterns ----

SMPTE_TOP = [(192, 192, 192), (192, 192, 0), (0, 192, 192), (0, 192, 0),
             (192, 0, 192), (192, 0, 0), (0, 0, 192)]
SMPTE_MIDDLE = [(0, 0, 192), (19, 19, 19), (192, 0, 192), (19, 19, 19),
                (0, 192, 192), (19, 19, 19), (192, 192, 192)]
SMPTE_BOTTOM = [(0, 33, 76), (255, 255, 255), (50, 0, 106), (19, 19, 19),
                (9, 9, 9), (19, 19, 19), (29, 29, 29), (19, 19, 19)]


def widen(v, bits):
    """An 8-bit channel in @bits as modetest stores it: the byte repeated
    below itself, cut to @bits."""
    return ((v << 8) | v) >> (16 - bits)


def shown(rgb, fmt):
    """What the simulator's PNG holds for the 8-bit colour @rgb drawn in
    @fmt: the surface's channels as 10 bits, the LUT (identity), 8 bits."""
    if fmt == "RG16":
        r, g, b = widen(rgb[0], 5) << 5, widen(rgb[1], 6) << 4, widen(rgb[2], 5) << 5
    elif fmt == "XR30":
        r, g, b = (widen(c, 10) for c in rgb)
    else:
        r, g, b = (c << 2 for c in rgb)
    return bytes((r >> 2, g >> 2, b >> 2))


def smpte_rows(w, h, fmt):
    """SMPTE bars: the three kinds of row, and which one row y is."""
    def row(pick):
        return b"".join(shown(pick(x), fmt) for x in range(w))
    lo = w * 5 // 7
    top = row(lambda x: SMPTE_TOP[x * 7 // w])
    middle = row(lambda x: SMPTE_MIDDLE[x * 7 // w])
    bottom = row(lambda x: SMPTE_BOTTOM[x * 4 // lo] if x < lo else
                 SMPTE_BOTTOM[(x - lo) * 3 // (w // 7) + 4] if x < w * 6 // 7 else
                 SMPTE_BOTTOM[7])
    return lambda y: top if y < h * 6 // 9 else middle if y < h * 7 // 9 else bottom


def tiles_rows(w, h, fmt):
    """Tiles: a pixel's colour follows x + y (its quotient and remainder
    by the width, each in steps of 64)."""
    seq = bytearray()
    for s in range(w + h):
        q, r = divmod(s, w)
        v = (0x00130502 * (q >> 6) + 0x000a1120 * (r >> 6)) & 0xffffff
        seq += shown((v >> 16, (v >> 8) & 0xff, v & 0xff), fmt)
    return lambda y: bytes(seq[3 * y:3 * (y + w)])


def plain_rows(w, h, fmt):
    """Plain: every byte of the buffer 0x77 (modelled in XR24 only)."""
    if fmt != "XR24":
        raise ValueError(f"plain in {fmt} is not modelled here")
    row = bytes((0x77, 0x77, 0x77)) * w
    return lambda y: row


PATTERNS = {"smpte": smpte_rows, "tiles": tiles_rows, "plain": plain_rows}


# ---- the frames ----

def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def frames_of(boot_dir, crtc):
    """The simulator's PNGs of CRTC @crtc, in the order it wrote them."""
    paths = glob.glob(os.path.join(boot_dir, f"scanout-crtc{crtc}-*.png"))
    return sorted(paths, key=lambda p: int(re.search(r"-(\d+)\.png$", p)[1]))


def mismatch(png_rgb, path, expect):
    """None if the PNG at @path is the pattern @expect (row y -> bytes),
    else where it differs."""
    w, h, rows = png_rgb(path)
    for y in range(h):
        want = expect(y)
        if rows[y] != want:
            x = next(i for i in range(w) if rows[y][3 * i:3 * i + 3] != want[3 * i:3 * i + 3])
            return (f"{os.path.basename(path)}: pixel ({x}, {y}) is "
                    f"#{rows[y][3 * x:3 * x + 3].hex()}, not #{want[3 * x:3 * x + 3].hex()}")
    return None


def frame_results(png_rgb, boot_dir, clients):
    """Each frame runs.txt lists is, in order on its CRTC, one of the
    simulator's PNGs of that CRTC, of its size, pixel for pixel."""
    out, after = [], {}
    for line in read(clients, "runs.txt").splitlines():
        run, crtc, mode, fmt, pattern, rc = line.split()
        w, h = (int(v) for v in mode.split("x"))
        name = f"clients.modetest.{run.replace('-', '_')}_crtc{crtc}_{fmt}_{pattern}"
        expect = PATTERNS[pattern](w, h, fmt)
        frames = frames_of(boot_dir, crtc)[after.get(crtc, 0):]
        sized = [i for i, f in enumerate(frames) if png_size(f) == (w, h)]
        found, why = None, f"no {mode} frame of CRTC {crtc}"
        for i in sized:
            why = mismatch(png_rgb, frames[i], expect)
            if not why:
                found = i
                break
        if found is not None:
            after[crtc] = after.get(crtc, 0) + found + 1
        out.append((name, rc == "0" and found is not None,
                    f"modetest exit {rc}" if rc != "0" else why))
    if not out:
        out.append(("clients.modetest.frames", False, "no modetest run (runs.txt)"))
    return out


# ---- modetest's listing ----

def sections(text):
    """modetest's listing: section name -> its lines."""
    out, cur = {}, None
    for line in text.splitlines():
        m = re.match(r"^(Encoders|Connectors|CRTCs|Planes|Frame buffers):$", line)
        if m:
            cur = out.setdefault(m[1], [])
        elif cur is not None:
            cur.append(line)
    return out


def objects(lines):
    """The objects of a section: (their table row, the lines under it)."""
    out = []
    for line in lines:
        if re.match(r"^\d+\t", line):
            out.append((line.split("\t"), []))
        elif out:
            out[-1][1].append(line)
    return out


def props(body):
    return set(re.findall(r"^\t\d+ ([\w-]+):", "\n".join(body), re.M))


def listing_results(text):
    s = sections(text)
    enc = sorted(row[2] for row, _ in objects(s.get("Encoders", [])))
    cons = {row[3].strip(): row[2] for row, _ in objects(s.get("Connectors", []))}
    con_props = [props(body) for _, body in objects(s.get("Connectors", []))]
    crtcs = objects(s.get("CRTCs", []))
    planes = objects(s.get("Planes", []))
    fmts = [re.search(r"formats: (.*)", "\n".join(body)) for _, body in planes]
    kinds = [re.search(r"\t\d+ type:\n.*\n.*\n\t\tvalue: (\d)$", "\n".join(body), re.M)
             for _, body in planes]
    # a primary (type 1) and a cursor plane (type 2) per CRTC
    by_kind = {k: [(int(row[-1], 16), f[1].split() if f else None)
                   for (row, _), t, f in zip(planes, kinds, fmts) if t and int(t[1]) == k]
               for k in (1, 2)}
    per_crtc = [1 << i for i in range(NUM_CRTC)]
    gamma = all(re.search(r"GAMMA_LUT_SIZE:\n.*\n.*\n\t\tvalue: 256$", "\n".join(body), re.M)
                for _, body in crtcs)
    return [
        ("clients.modetest.lists_the_encoders", enc == ENCODERS, f"encoders {enc}"),
        ("clients.modetest.lists_the_connectors", cons == BOARD, f"connectors {cons}"),
        ("clients.modetest.connector_properties",
         bool(con_props) and all({"EDID", "DPMS", "link-status"} <= p for p in con_props),
         f"connector properties {con_props[:1]}"),
        ("clients.modetest.lists_the_crtcs", len(crtcs) == NUM_CRTC and gamma,
         f"{len(crtcs)} CRTCs, 256-entry GAMMA_LUT_SIZE on each: {gamma}"),
        ("clients.modetest.primary_and_cursor_planes",
         len(planes) == 2 * NUM_CRTC and
         sorted(m for m, _ in by_kind[1]) == per_crtc and
         sorted(m for m, _ in by_kind[2]) == per_crtc and
         all(f == PRIMARY_FORMATS for _, f in by_kind[1]) and
         all(f == CURSOR_FORMATS for _, f in by_kind[2]),
         f"{len(planes)} planes: primary {by_kind[1]}, cursor {by_kind[2]}"),
    ]


def flip_results(clients):
    """modetest -v: the flips completed (modetest prints their rate every
    60 flips), paced by the vblank interrupt: never faster than the
    640x480 mode's 60 Hz (a loaded host may make them slower, so that is
    printed, not judged)."""
    rates = [float(r) for r in re.findall(r"^freq: ([\d.]+)Hz", read(clients, "flips.txt"), re.M)]
    rc = read(clients, "flips.rc").strip()
    note = (f"# modetest -v: {len(rates) * 60} flips, {min(rates):.1f}-{max(rates):.1f} Hz "
            f"(median {statistics.median(rates):.1f} Hz)" if rates else "# modetest -v: no flips")
    return [("clients.modetest.page_flips_complete", rc == "0" and bool(rates),
             f"exit {rc or 'missing'}, {len(rates)} rate lines"),
            ("clients.modetest.flips_paced_by_vblank", bool(rates) and max(rates) <= 61.0,
             f"fastest {max(rates, default=0):.1f} Hz for a 60 Hz mode")], note


# ---- drm_info ----

def drm_info_results(clients, listing):
    try:
        info = next(iter(json.loads(read(clients, "drm_info.json")).values()))
    except (ValueError, StopIteration) as e:
        return [("clients.drm_info.parses", False, f"drm_info -j: {e}")]
    drv = info.get("driver", {})
    planes, crtcs, cons = info.get("planes", []), info.get("crtcs", []), info.get("connectors", [])
    plane_props = {"type", "FB_ID", "CRTC_ID", "SRC_X", "SRC_W", "CRTC_X", "CRTC_W", "IN_FORMATS"}
    # primary planes (type 1) and cursor planes (type 2), each with its formats
    want = {1: PRIMARY_FORMATS, 2: CURSOR_FORMATS}
    kinds = sorted(p.get("properties", {}).get("type", {}).get("raw_value") for p in planes)
    fmt_ok = kinds == [1] * NUM_CRTC + [2] * NUM_CRTC and all(
        plane_props <= set(p.get("properties", {})) and
        [fourcc(f) for f in p.get("formats", [])] == want[p["properties"]["type"]["raw_value"]]
        and [fourcc(f) for m in p["properties"]["IN_FORMATS"].get("data", [])
             if m.get("modifier") == 0 for f in m["formats"]] ==
        want[p["properties"]["type"]["raw_value"]]
        for p in planes)
    crtc_ok = all({"ACTIVE", "MODE_ID", "GAMMA_LUT", "GAMMA_LUT_SIZE"} <= set(c.get("properties", {}))
                  for c in crtcs)
    # each connected connector's modes, as modetest listed them too
    mt_modes = {row[0]: [l.split()[1] for l in body if re.match(r"^\s+#\d+ ", l)]
                for row, body in objects(sections(listing).get("Connectors", []))}
    con_bad = []
    for c in cons:
        kind = CONNECTOR_TYPES.get(c.get("type"), c.get("type"))
        modes = [m["name"] for m in c.get("modes", [])]
        if c.get("status") != CONNECTED:
            continue
        if (not modes or modes != mt_modes.get(str(c.get("id"))) or
                not c["modes"][0].get("type", 0) & 8 or
                "EDID" not in c.get("properties", {})):
            con_bad.append(f"{kind}: modes {modes}, modetest's {mt_modes.get(str(c.get('id')))}")
    kinds = sorted(str(CONNECTOR_TYPES.get(c.get("type"), c.get("type"))) for c in cons)
    return [
        ("clients.drm_info.driver_is_radeon",
         drv.get("name") == "radeon" and drv.get("version", {}).get("major") == 2,
         f"driver {drv.get('name')} {drv.get('version')}"),
        ("clients.drm_info.planes_formats_properties",
         len(planes) == 2 * NUM_CRTC and fmt_ok,
         f"{len(planes)} planes, types {kinds}: {planes[:1]}"[:300]),
        ("clients.drm_info.crtcs", len(crtcs) == NUM_CRTC and crtc_ok,
         f"{len(crtcs)} CRTCs, properties {[sorted(c.get('properties', {})) for c in crtcs[:1]]}"),
        ("clients.drm_info.connectors_with_edid_modes",
         kinds == sorted(["DVI-I", "HDMI-A", "VGA", "DisplayPort"]) and
         sum(c.get("status") == CONNECTED for c in cons) == 2 and not con_bad,
         f"connectors {kinds}; " + "; ".join(con_bad)),
    ]


# ---- GL clients ----

def streams(clients, name):
    """(checked, refused, last refusal) of the streams @name submitted."""
    f = read(clients, f"{name}.cs").split(" ", 2)
    if len(f) < 2:
        return 0, -1, "no count"
    return int(f[0]), int(f[1]), f[2].strip() if len(f) > 2 else ""


def gl_result(clients, name, what):
    checked, refused, last = streams(clients, name)
    return ((f"clients.{name}.streams_accepted", checked > 0 and refused == 0,
             f"{checked} checked, {refused} refused (last: {last})"),
            f"# {what}: {checked} streams checked, {refused} refused")


def kmscube_results(clients):
    rc = read(clients, "kmscube.rc").strip()
    # kmscube reports every two seconds, and when it is done
    m = (re.findall(r"Rendered (\d+) frames in ([\d.]+) sec", read(clients, "kmscube.txt")) or
         [None])[-1]
    frames = int(m[0]) if m else 0
    accepted, note = gl_result(clients, "kmscube", "kmscube")
    return [("clients.kmscube.runs_its_frames",
             rc == "0" and frames >= KMSCUBE_FRAMES - 1,
             f"exit {rc or 'missing'}, {frames} frames"), accepted], \
        note + (f", {frames} frames at {frames / float(m[1]):.1f} fps" if m and float(m[1]) else "")


def weston_desktop(png_rgb, path):
    """A frame of weston's desktop shell: a dark panel across the top,
    and below it a background (its pattern image) that is neither one
    colour nor black."""
    w, h, rows = png_rgb(path)
    if h < 128:
        return False

    def luma(y):
        return statistics.median(sum(rows[y][3 * x:3 * x + 3]) for x in range(0, w, 7))
    panel = max(luma(y) for y in range(2, 30, 3))
    body = [luma(y) for y in range(64, h, h // 16)]
    colours = {rows[y][3 * x:3 * x + 3] for y in range(64, h, 37) for x in range(0, w, 13)}
    return panel < 0x40 * 3 and min(body) > 2 * panel + 0x30 and len(colours) > 8


def weston_results(png_rgb, boot_dir, clients):
    out, notes = [], []
    for name in ("weston-pixman", "weston-gl"):
        rc = read(clients, f"{name}.rc").strip()
        log = read(clients, f"{name}.log")
        outputs = re.findall(r"Output '([\w-]+)' enabled", log)
        clean = "caught signal 15" in log and not re.search(r"fatal|Error:", log)
        out.append((f"clients.{name}.runs_and_exits_on_sigterm",
                    rc == "0" and clean and sorted(outputs) == ["DVI-I-1", "HDMI-A-1"],
                    f"exit {rc or 'missing'}, outputs {outputs}, clean log: {clean}"))
    gl_log = read(clients, "weston-gl.log")
    out[-1] = (out[-1][0], out[-1][1] and "GL renderer: AMD CEDAR" in gl_log, out[-1][2])
    accepted, note = gl_result(clients, "weston-gl", "weston (GL renderer)")
    out.append(accepted)
    notes.append(note)
    desktops = [os.path.basename(f) for c in range(NUM_CRTC) for f in frames_of(boot_dir, c)
                if png_size(f)[1] >= 128 and weston_desktop(png_rgb, f)]
    out.append(("clients.weston-pixman.desktop_on_screen", len(desktops) >= 2,
                f"weston's desktop in {desktops or 'no frame'} (one per monitor expected)"))
    return out, notes


def selftest():
    """The frame comparison finds a wrong pixel, tells the patterns and
    formats apart, and the desktop detector takes weston's layout and
    nothing else: (name, ok, detail) triples, for make lint."""
    w, h = 140, 180

    def fake(rows):
        return lambda path: (w, h, rows)
    smpte = smpte_rows(w, h, "XR24")
    good = [smpte(y) for y in range(h)]
    bad = list(good)
    bad[130] = bad[130][:3 * 77] + b"\x01\x02\x03" + bad[130][3 * 78:]
    found = mismatch(fake(bad), "x.png", smpte)
    apart = all(mismatch(fake(good), "x.png", other) for other in
                (tiles_rows(w, h, "XR24"), smpte_rows(w, h, "RG16"), plain_rows(w, h, "XR24")))
    # a dark panel over a background of many greys
    desk = [bytes((0x2e, 0x2c, 0x2b)) * w] * 32 + \
        [b"".join(bytes((0x70 + (x * 7 + y) % 40,) * 3) for x in range(w)) for y in range(32, h)]
    layout = weston_desktop(fake(desk), "d.png") and not weston_desktop(fake(good), "x.png") \
        and not weston_desktop(fake([bytes(3 * w)] * h), "b.png")
    return [("rig.selftest.clients_frame_compare",
             mismatch(fake(good), "x.png", smpte) is None and found is not None and
             "(77, 130)" in found and apart, f"good frame: {found}; patterns apart: {apart}"),
            ("rig.selftest.clients_desktop_detector", layout,
             "misjudged a panel over a background, SMPTE bars or black")]


def read(directory, name):
    try:
        with open(os.path.join(directory, name), errors="replace") as f:
            return f.read()
    except FileNotFoundError:
        return ""


def judge(png_rgb, boot_dir, results_dir):
    """The clients boot's results (name, ok, detail) and notes to print."""
    clients = os.path.join(results_dir, "clients")
    listing = read(clients, "modetest.txt")
    out = listing_results(listing) + frame_results(png_rgb, boot_dir, clients)
    flips, flip_note = flip_results(clients)
    cube, cube_note = kmscube_results(clients)
    weston, weston_notes = weston_results(png_rgb, boot_dir, clients)
    out += flips + drm_info_results(clients, listing) + cube + weston
    return out, [flip_note, cube_note] + weston_notes
