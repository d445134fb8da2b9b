#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The ruby test rig: boot the UML kernel against the simulated Radeon.

  rig.py check        every scenario; prints each test and 'N passed, N failed'
  rig.py demo         boot the simulated Cedar, load ruby, show what it found
  rig.py lint         static checks only (no boot); also part of check
  rig.py some T...    one boot: KUnit and only the kselftests T (by name),
                      for a quick look while working on them
  rig.py scenarios S  the failure scenarios whose name holds S
  rig.py trinity      the trinity boot alone (ioctl fuzzing; part of check)
  rig.py piglit LIST  one boot running the piglit commands of LIST (make piglit)
  rig.py clients      the display clients' boot alone: modetest, drm_info,
                      kmscube, weston (part of check)

A scenario starts the simulator (tools/testing/ruby/sim/ruby-sim) on a
vhost-user socket, boots the rig's UML kernel with hostfs as its root and
uml/guest-init.sh as init, and judges the run from what the guest left in
its results directory (TAP and KTAP files), the UML console log and the
simulator's event log and exit status. A run is red on any failed test,
any kernel WARN/BUG/oops/lockdep/KASAN line, any register access the
simulator does not model, a GPU stall or reset no test provoked on
purpose, or a guest that did not finish.

Paths come from the environment that check.sh sets: RUBY_CACHE (kernel
build, modules), RUBY_OUT (results, logs), RUBY_KSELFTEST (test binaries),
and RUBY_FLAVOUR, the kernel booted: "san" (KASAN, UBSAN, kmemleak, slab
and page poisoning, fault injection; what make check boots) or "fast".
On the sanitizer kernel every boot ends with a kmemleak scan, and any
object it reports makes the run red.
"""
import functools
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
import zlib
from concurrent.futures import ThreadPoolExecutor

import display_clients

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
CACHE = os.environ.get("RUBY_CACHE", os.path.expanduser("~/.cache/ruby"))
OUT = os.path.abspath(os.environ.get("RUBY_OUT", os.path.join(ROOT, "out")))
KSELFTEST = os.environ.get("RUBY_KSELFTEST", os.path.join(CACHE, "kselftest"))
SIM = os.environ.get("RUBY_SIM", os.path.join(HERE, "sim", "ruby-sim"))
FLAVOUR = os.environ.get("RUBY_FLAVOUR", "fast")
SANITIZED = FLAVOUR == "san"
LINUX = os.path.join(CACHE, "build-san" if SANITIZED else "build", "linux")
MODULES = os.path.join(CACHE, "modules-san" if SANITIZED else "modules")
# The sanitizer kernel's run-time switches: slab consistency checks on
# every free, freed pages poisoned and checked. KASAN gives every slab
# object red zones and a quarantine already; slub_debug's own red zones,
# poisoning and tracking (Z, P, U) make UML's KASAN report the early slab
# setup itself, so they stay off.
SAN_CMDLINE = ["slub_debug=F", "page_poison=1", "kasan.fault=report"]
GUEST_INIT = os.path.join(HERE, "uml", "guest-init.sh")
VIRTIO_DEVICE_ID = 1234  # CONFIG_UML_PCI_OVER_VIRTIO_DEVICE_ID of the rig
# BAR0, the CPU's window on VRAM, is shared memory: the simulator's VRAM is
# a file, the kernel maps its first BAR0_MIB MiB as an iomem region and
# virt-pci places BAR0 of the device (slot 0) there (uml/patches/0003).
BAR0_MIB = 128
VRAM_REGION = "ruby-vram"

# seconds; a hung guest is killed and the run is red
BOOT_TIMEOUT = 1500 if SANITIZED else 600
# make check's boots at once (RUBY_BOOT_JOBS; default one per CPU): each
# has its own directory, simulator, socket and kernel, so they are
# independent, and a boot keeps about one CPU busy (the simulator and the
# kernel take turns)
BOOT_JOBS = max(1, int(os.environ.get("RUBY_BOOT_JOBS") or os.cpu_count() or 1))

# Kernel log lines that make any run red, whatever the tests said.
KERNEL_BAD = re.compile(
    r"WARNING:|BUG:|Oops|Kernel panic|general protection fault|Call Trace:|"
    r"possible recursive locking|possible circular locking|"
    r"inconsistent lock state|suspicious RCU usage|DEBUG_LOCKS_WARN_ON|"
    r"KASAN|UBSAN|suspected memory leak|list_(add|del) corruption|ODEBUG:|"
    r"scheduling while atomic|sleeping function called from invalid context")

TAP_RESULT = re.compile(
    r"^(?P<indent>\s*)(?P<not>not )?ok \d+(?: -)? (?P<name>[^#]*?)\s*"
    r"(?:#\s*(?P<directive>SKIP|skip|TODO|todo)\b(?P<reason>.*))?$")
TAP_PLAN = re.compile(r"^(?P<indent>\s*)1\.\.(?P<count>\d+)")


class Result:
    """One test: ok is True (pass), False (fail) or None (skip)."""

    def __init__(self, name, ok, detail=""):
        self.name, self.ok, self.detail = name, ok, detail

    def line(self):
        tag = {True: "ok", False: "not ok", None: "ok"}[self.ok]
        text = f"{tag} {self.name}"
        if self.ok is None:
            text += f" # SKIP {self.detail}"
        elif self.ok is False and self.detail:
            text += f" # {self.detail}"
        return text


def parse_tap(text, prefix, check_plan=False):
    """Leaf results of a TAP/KTAP document, nested subtests flattened.

    Indented result lines belong to the next result line at the next
    shallower level; a parent with children contributes only its children,
    unless it failed while they all passed (a suite-level failure). With
    @check_plan, fewer top-level results than the plan announced (a test
    program that died half-way) is a failure too.
    """
    pending = {}
    plans = {}
    for raw in text.splitlines():
        line = raw.expandtabs(8)
        m = TAP_PLAN.match(line)
        if m:
            plans.setdefault(len(m["indent"]), int(m["count"]))
            continue
        m = TAP_RESULT.match(line)
        if not m:
            continue
        depth = len(m["indent"])
        kids = []
        for d in sorted(k for k in pending if k > depth):
            kids += pending.pop(d)
        directive = (m["directive"] or "").upper()
        ok = None if directive == "SKIP" else not m["not"]
        pending.setdefault(depth, []).append((m["name"].strip(), ok,
                                              (m["reason"] or "").strip(), kids))
    roots = [n for d in sorted(pending) for n in pending[d]]
    results = []

    def walk(node, path):
        name, ok, reason, kids = node
        full = f"{path}.{name}" if path else name
        if not kids:
            results.append(Result(f"{prefix}.{full}", ok, reason))
            return
        for kid in kids:
            walk(kid, full)
        if ok is False and all(k[1] is not False for k in kids):
            results.append(Result(f"{prefix}.{full}", False, "failed as a whole"))

    for node in roots:
        walk(node, "")
    top_plan = plans.get(0)
    if check_plan and top_plan is not None and len(roots) < top_plan:
        results.append(Result(f"{prefix}.complete", False,
                              f"{len(roots)} of {top_plan} planned results"))
    return results


def kmemleak_reports(text):
    """One line per object kmemleak reported: its address and size, and
    the allocating frame (ruby's if the backtrace has one)."""
    out = []
    for block in text.split("unreferenced object ")[1:]:
        head = block.splitlines()[0].strip()
        trace = block.split("backtrace", 1)[-1]
        frames = re.findall(r"^\s+(?:\[<[0-9a-f]+>\] )?([\w.]+)\+0x", trace, re.M)
        site = next((f for f in frames if "ruby" in f),
                    frames[-1] if frames else "?")
        out.append(f"leak {head} from {site}")
    return out


def scan_kernel_log(text):
    """Lines of a console log that must make a run red."""
    return [line.strip() for line in text.splitlines() if KERNEL_BAD.search(line)]


def synthetic_firmware(dest, chip, sizes=None, omit=()):
    """Write the microcode files of @chip with their manifest sizes.

    The files are those the manifest says @chip uses (RV740 runs RV730's,
    every R7xx R700_rlc.bin). The bytes are a deterministic stream derived
    from the file name, so the simulator can check that what reaches the
    engines is the file. @sizes overrides a file's size (wrong-size tests),
    @omit leaves files out (missing-firmware tests). Returns the firmware
    directory.
    """
    sizes = sizes or {}
    radeon = os.path.join(dest, "radeon")
    os.makedirs(radeon, exist_ok=True)
    for path, (size, users) in manifest_entries().items():
        name = os.path.basename(path)
        if chip not in users or name in omit:
            continue
        size = sizes.get(name, size)
        stream = b""
        block = 0
        while len(stream) < size:
            stream += hashlib.sha256(f"{name}:{block}".encode()).digest()
            block += 1
        with open(os.path.join(radeon, name), "wb") as f:
            f.write(stream[:size])
    return dest


def manifest_entries():
    """file -> (size, families using it), from firmware/MANIFEST."""
    entries = {}
    for line in read(os.path.join(ROOT, "firmware", "MANIFEST")).splitlines():
        line = line.split("#", 1)[0].split()
        if line:
            entries[line[0]] = (int(line[1]), set(line[2:]))
    return entries


def ucode_engines(chip):
    """The CP engines @chip's microcode files are for, as the simulator
    names them: PFP, ME and RLC from R6xx on; R5xx's one image (_cp) is
    its ME's."""
    kinds = {os.path.basename(path)[:-4].rsplit("_", 1)[1]
             for path, (_, users) in manifest_entries().items() if chip in users}
    kinds |= {"me"} if "cp" in kinds else set()
    return [w for w in ("pfp", "me", "rlc") if w in kinds]


def manifest_sizes():
    return {path: size for path, (size, _) in manifest_entries().items()}


class Boot:
    """One boot of the rig: simulator + UML kernel + guest-init."""

    def __init__(self, name, mode, sim_args=(), expect=None, chip="CEDAR",
                 fw_sizes=None, fw_omit=(), shared_bar0=True, env=None,
                 timeout=None):
        self.name, self.mode = name, mode
        self.timeout = timeout or BOOT_TIMEOUT
        self.env = env or {}
        self.shared_bar0 = shared_bar0
        self.sim_args = list(sim_args)
        self.expect = expect or {}
        self.chip, self.fw_sizes, self.fw_omit = chip, fw_sizes, fw_omit
        self.dir = os.path.join(OUT, name)
        self.results = os.path.join(self.dir, "results")
        self.console_path = os.path.join(self.dir, "console.log")
        self.sim_log_path = os.path.join(self.dir, "sim.log")
        self.console = self.sim_log = ""
        self.sim_rc = self.uml_rc = None
        self.timed_out = False
        self.seconds = 0.0

    def run(self):
        shutil.rmtree(self.dir, ignore_errors=True)
        os.makedirs(self.results)
        self.firmware = synthetic_firmware(os.path.join(self.dir, "firmware"),
                                           self.chip, self.fw_sizes, self.fw_omit)
        sock = os.path.join(self.dir, "sim.sock")
        self.vram = os.path.join(self.dir, "vram.bin")
        start = time.monotonic()
        # the simulator creates the VRAM file before it listens, so it is
        # there when the kernel maps it
        sim = subprocess.Popen(
            [SIM, "--socket", sock, "--log", self.sim_log_path,
             "--firmware-dir", self.firmware, "--vram-file", self.vram,
             "--bar0-mb", str(BAR0_MIB), "--scanout-dir", self.dir,
             "--control-dir", self.dir] + self.sim_args,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=open(os.path.join(self.dir, "sim.stderr"), "w"))
        try:
            self._wait_for_socket(sock, sim)
            self._boot(sock)
        finally:
            try:
                self.sim_rc = sim.wait(timeout=10)
            except subprocess.TimeoutExpired:
                sim.kill()
                self.sim_rc = sim.wait()
            # sparse, but whatever the run touched is real disk space
            if os.path.exists(self.vram):
                os.unlink(self.vram)
        self.seconds = time.monotonic() - start
        self.console = read(self.console_path)
        self.sim_log = read(self.sim_log_path)
        return self

    @staticmethod
    def _wait_for_socket(sock, sim):
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if sim.poll() is not None:
                raise RuntimeError(f"simulator exited early ({sim.returncode})")
            # The simulator creates the socket only once it listens; it
            # serves a single frontend, so the rig must not connect to it.
            if os.path.exists(sock):
                return
            time.sleep(0.02)
        raise RuntimeError("simulator did not create its socket")

    def _boot(self, sock):
        env_args = [f"RUBY_MODE={self.mode}", f"RUBY_RESULTS={self.results}",
                    f"RUBY_MODDIR={MODULES}", f"RUBY_SELFTESTS={KSELFTEST}",
                    # the simulator's control files (monitors), through hostfs
                    f"RUBY_SIM_CONTROL={self.dir}"]
        env_args += [f"RUBY_EXPECT_{k}={v}" for k, v in self.expect.items()]
        env_args += [f"RUBY_{k}={v}" for k, v in self.env.items()]
        # the soak tests' cycle count: make check-full sets it
        if os.environ.get("RUBY_SOAK_CYCLES"):
            env_args.append(f"RUBY_SOAK_CYCLES={os.environ['RUBY_SOAK_CYCLES']}")
        umldir = os.path.join(self.dir, "uml")
        os.makedirs(umldir)
        cmd = [LINUX, "mem=512M", "root=/dev/root", "rootfstype=hostfs", "rw",
               f"init={GUEST_INIT}",
               # the console is serial line 0 on stdout: the virtual
               # terminals (fbcon's) are tty0-63 (uml/patches/0006)
               "ssl=null", "ssl0=fd:0,fd:1", "console=ttyS0",
               f"uml_dir={umldir}", "log_buf_len=4M",
               f"firmware_class.path={self.firmware}",
               # a hung job is noticed in half a second, not ten
               "ruby.lockup_timeout_ms=500",
               # fbdev emulation's first probe reads every monitor's EDID
               # (bit-banged DDC, a message per register access) and clears
               # its 8 MiB buffer: seconds a probe on the sanitizer kernel,
               # and the suite probes hundreds of times; ruby_fbdev turns
               # it on and binds the device again
               "drm_kms_helper.fbdev_emulation=0",
               f"virtio_uml.device={sock}:{VIRTIO_DEVICE_ID}"]
        if SANITIZED:
            cmd += SAN_CMDLINE
        if self.shared_bar0:
            cmd += [f"iomem={VRAM_REGION},{self.vram},{BAR0_MIB}M",
                    f"virt_pci.iomem_bar=0:0:{VRAM_REGION}"]
        cmd += env_args
        with open(self.console_path, "w") as console:
            uml = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=console,
                                   stderr=subprocess.STDOUT, cwd=self.dir,
                                   start_new_session=True)
            try:
                self.uml_rc = uml.wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                self.timed_out = True
                os.killpg(uml.pid, 9)
                self.uml_rc = uml.wait()

    def file(self, name):
        return read(os.path.join(self.results, name))

    def verdict(self):
        """The rig's own checks of this boot, as results."""
        p = f"rig.{self.name}"
        done = os.path.exists(os.path.join(self.results, "done"))
        bad = scan_kernel_log(self.console)
        unmodelled = [line for line in self.sim_log.splitlines()
                      if line.startswith("UNMODELLED")]
        faults = [line for line in self.sim_log.splitlines()
                  if line.startswith(("GART-FAULT", "UCODE-MISMATCH", "CP-HANG",
                                          "DMA-HANG", "DISPLAY-UNDERFLOW",
                                          "DP-LINK-FAULT", "HDMI-INFOFRAME-FAULT",
                                          "HDMI-ACR-FAULT", "ROM-CTL-NOT-RESTORED",
                                          "PLL-ADJUST-FAULT"))]
        bound = self.file("bound.txt").split()
        bar0_msgs = re.search(r"^summary: .*\bbar0_msgs=(\d+)", self.sim_log, re.M)
        leaks = kmemleak_reports(self.file("kmemleak.txt"))
        out = [
            Result(f"{p}.guest_finished", done and not self.timed_out,
                   "timed out" if self.timed_out else "guest did not finish"),
            Result(f"{p}.driver_bound", len(bound) == 1,
                   f"bound to {bound or 'nothing'}"),
            Result(f"{p}.kernel_log_clean", not bad, "; ".join(bad[:3])),
            Result(f"{p}.no_unmodelled_access",
                   not unmodelled and self.sim_rc != 3,
                   "; ".join(unmodelled[:3]) or f"simulator exit {self.sim_rc}"),
            Result(f"{p}.no_gpu_fault", not faults, "; ".join(faults[:3])),
            self.reset_verdict(p),
            Result(f"{p}.simulator_clean_exit", self.sim_rc in (0, 3, 4),
                   f"simulator exit {self.sim_rc}"),
            # VRAM is reached as shared memory, never by BAR0 messages
            Result(f"{p}.bar0_is_shared_memory",
                   bool(bar0_msgs) and bar0_msgs[1] == "0",
                   f"{bar0_msgs[1]} BAR0 messages" if bar0_msgs
                   else "no simulator summary"),
        ]
        out += self.scanout_verdict(p)
        unload = self.file("unload.txt").strip()
        out.append(Result(f"{p}.driver_unloads", unload in ("", "rmmod 0"),
                          f"{unload} at the end of the run"))
        if SANITIZED:
            scanned = os.path.exists(os.path.join(self.results, "kmemleak.txt"))
            out.append(Result(f"{p}.no_kmemleak_report", scanned and not leaks,
                              "; ".join(leaks[:3]) if leaks else
                              "no kmemleak scan in the results"))
        if bound:
            # every engine started got exactly the microcode of its file
            want = ucode_engines(self.chip)
            verified = [w for w in want if f"ucode {w} ok words=" in self.sim_log]
            out.append(Result(f"{p}.microcode_verified", verified == want,
                              f"verified only {verified} of {want}"))
        return out

    def scanout_verdict(self, p):
        """kselftest ruby_kms scans its pattern out on each connected
        connector ("# connector N on CRTC M" each): the simulator's PNG
        of every such frame (marked by its first two pixels) must equal
        the pattern, pixel for pixel."""
        lines = re.findall(r"^# connector \d+ on CRTC", self.file("kselftest-ruby_kms.tap"), re.M)
        return (self.frames_verdict(f"{p}.scanout_shows_the_pattern", len(lines),
                                    scanout_marked, scanout_pattern_mismatch, "modesets") +
                self.flip_verdict(p) + self.cursor_verdict(p) + self.fbdev_verdict(p))

    def cursor_verdict(self, p):
        """kselftest ruby_kms switches a CRTC off with its cursor on
        ("# cursor frame on CRTC N" each): every such PNG (marked by its
        last row's first pixel) must be the pattern with the cursor blended
        in where the frame's second mark says, pixel for pixel."""
        lines = re.findall(r"^# cursor frame on CRTC", self.file("kselftest-ruby_kms.tap"), re.M)
        return self.frames_verdict(f"{p}.cursor_composited", len(lines), cursor_marked,
                                   cursor_frame_mismatch, "cursor frames")

    def fbdev_verdict(self, p):
        """kselftest ruby_fbdev writes its pattern to /dev/fbN and blanks
        it ("# fbdev frames N of WxH": N outputs lit, W x H the fbdev's
        visible part): N PNGs marked by their first two pixels, each the
        pattern within W x H and black beyond, pixel for pixel."""
        lines = re.findall(r"^# fbdev frames (\d+) of (\d+)x(\d+)",
                           self.file("kselftest-ruby_fbdev.tap"), re.M)
        if not lines:
            return []
        size = (int(lines[-1][1]), int(lines[-1][2]))
        return self.frames_verdict(f"{p}.fbdev_shows_the_pattern",
                                   sum(int(n) for n, _, _ in lines), fbdev_marked,
                                   lambda f: fbdev_pattern_mismatch(f, size),
                                   "fbdev outputs") + self.fbcon_verdict(p)

    def fbcon_verdict(self, p):
        """Where ruby_fbdev's pattern test ran, its console test must
        have too (the rig's kernel has fbcon): it writes FBCON_LINES to
        the first VT ("# fbcon frames N of WxH"), and each of the N PNGs
        marked by FBCON_MARKS must be those lines in the kernel's 8x16
        font and the VT's default colours on WxH, black elsewhere."""
        lines = re.findall(r"^# fbcon frames (\d+) of (\d+)x(\d+)",
                           self.file("kselftest-ruby_fbdev.tap"), re.M)
        name = f"{p}.fbcon_shows_the_text"
        if not lines:
            return [Result(name, False, "ruby_fbdev wrote no console frame")]
        try:
            font, colours = font_8x16(), vt_default_colours()
        except ValueError as e:
            return [Result(name, False, str(e))]
        size = (int(lines[-1][1]), int(lines[-1][2]))
        return self.frames_verdict(name, sum(int(n) for n, _, _ in lines), fbcon_marked,
                                   lambda f: fbcon_text_mismatch(f, size, font, colours),
                                   "console outputs")

    def frames_verdict(self, name, want, marked, mismatch, what):
        """@want PNGs that are @marked, none with a @mismatch; nothing if
        no frame is wanted."""
        if not want:
            return []
        frames = [f for f in sorted(glob.glob(os.path.join(self.dir, "scanout-crtc*.png")))
                  if marked(f)]
        bad = [f"{os.path.basename(f)}: {why}" for f in frames
               for why in [mismatch(f)] if why]
        return [Result(name, len(frames) == want and not bad,
                       "; ".join(bad[:3]) or f"{len(frames)} marked frames for {want} {what}")]

    def flip_verdict(self, p):
        """kselftest ruby_kms's page flips end on a buffer marked by its
        first pixel ("# CRTC N flipped to mark 0xM"): as many frames the
        CRTCs showed when switched off must carry that mark, so the last
        flip latched."""
        marks = re.findall(r"^# CRTC \d+ flipped to mark 0x([0-9a-f]{6})$",
                           self.file("kselftest-ruby_kms.tap"), re.M)
        if not marks:
            return []
        shown = [scanout_first_pixel(f)
                 for f in glob.glob(os.path.join(self.dir, "scanout-crtc*.png"))]
        missing = [m for m in set(marks) if shown.count(bytes.fromhex(m)) != marks.count(m)]
        return [Result(f"{p}.scanout_shows_the_last_flip", not missing,
                       f"marks {missing} shown {[shown.count(bytes.fromhex(m)) for m in missing]}"
                       f" times, flipped to {[marks.count(m) for m in missing]} times")]

    def reset_verdict(self, p):
        """Every CP stall and job timeout of the run was a hang a test
        provoked on purpose (declared in results/provoked.txt, one line
        each: ruby_provoke_hang() in the selftests), and every declared
        hang happened. ruby resets only after a timeout or on a test's
        request, so an unprovoked reset is an undeclared timeout, however
        well the reset went; one that failed is red anyway."""
        hangs = [line.split()[1] for line in self.file("provoked.txt").splitlines()
                 if line.startswith("hang ")]
        stalls = [line for line in self.sim_log.splitlines()
                  if line.startswith("CP-STALL")]
        timeouts = [line for line in self.console.splitlines()
                    if "job timed out after" in line]
        failed = [line.strip() for line in self.console.splitlines()
                  if ": reset failed:" in line]
        detail = (f"{len(stalls)} CP stalls, {len(timeouts)} job timeouts, "
                  f"{len(hangs)} provoked ({', '.join(sorted(set(hangs))) or 'by none'})")
        return Result(f"{p}.no_unprovoked_reset",
                      len(stalls) == len(timeouts) == len(hangs) and not failed,
                      "; ".join([detail] + failed[:1] + stalls[:1]))

    def tests(self):
        """Results of the tests the guest ran."""
        out = []
        if os.path.exists(os.path.join(self.results, "kunit.ktap")):
            kunit = parse_tap(self.file("kunit.ktap"), "kunit")
            out += kunit or [Result("kunit.ran", False, "no KUnit result")]
        for name in sorted(os.listdir(self.results)):
            if name.startswith("kselftest-") and name.endswith(".tap"):
                test = name[len("kselftest-"):-len(".tap")]
                res = parse_tap(self.file(name), f"kselftest.{test}",
                                check_plan=True)
                rc = self.file(f"kselftest-{test}.rc").strip()
                if not res or rc not in ("0", "4"):
                    res.append(Result(f"kselftest.{test}.exit", False,
                                      f"exit status {rc or 'missing'}"))
                out += res
        return out


def png_rgb(path):
    """(width, height, rows of RGB bytes) of an 8-bit RGB PNG whose rows
    are unfiltered, as ruby-sim writes them."""
    with open(path, "rb") as f:
        data = f.read()
    pos, idat, w, h = 8, b"", 0, 0
    while pos < len(data):
        n = int.from_bytes(data[pos:pos + 4], "big")
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h = int.from_bytes(body[0:4], "big"), int.from_bytes(body[4:8], "big")
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    rows = [raw[y * (3 * w + 1):(y + 1) * (3 * w + 1)] for y in range(h)]
    if any(r[0] != 0 for r in rows):
        raise ValueError("filtered rows")
    return w, h, [r[1:] for r in rows]


# tools/testing/selftests/drivers/gpu/ruby/ruby_kms.c's pattern
KMS_MARKS = bytes([0x12, 0x34, 0x56, 0x65, 0x43, 0x21])


def kms_pattern(x, y):
    return ((x * 0x9e37 + y * 0x79b9) >> 3) & 0xffffff


def marked_by(marks):
    """Whether a PNG's first pixels are @marks, as a function of its path."""
    def marked(path):
        try:
            return png_rgb(path)[2][0][:len(marks)] == marks
        except (OSError, ValueError, zlib.error, IndexError):
            return False
    return marked


scanout_marked = marked_by(KMS_MARKS)


def scanout_first_pixel(path):
    try:
        return bytes(png_rgb(path)[2][0][:3])
    except (OSError, ValueError, zlib.error, IndexError):
        return b""


def first_mismatch(w, h, rows, expected_row, label=""):
    """None if every row y of a w x h frame is expected_row(w, y), else
    where the first difference is."""
    for y in range(h):
        want = expected_row(w, y)
        if rows[y] != want:
            x = next(i for i in range(w) if rows[y][3 * i:3 * i + 3] != want[3 * i:3 * i + 3])
            return (f"{w}x{h}{label}: pixel ({x}, {y}) is #{rows[y][3 * x:3 * x + 3].hex()}, "
                    f"not #{want[3 * x:3 * x + 3].hex()}")
    return None


def scanout_pattern_mismatch(path):
    """None if the frame is ruby_kms's pattern, else where it is not."""
    def row(w, y):
        want = bytearray(kms_pattern_row(w, y))
        if y == 0:
            want[:6] = KMS_MARKS
        return want
    return first_mismatch(*png_rgb(path), row)


# ruby_kms.c's cursor frames: marks, and cursor_pixel(i, j) (ARGB, premultiplied)
CURSOR_MARK = bytes([0xc0, 0xff, 0xee])
CURSOR_NONE = bytes([0xff, 0xff, 0xff])


def cursor_pixel(i, j):
    a = 0 if i + j < 6 else 0x80 if i < 4 or j < 4 or i >= 60 or j >= 60 else 0xff
    return a, (a, i * 4 * a // 255, j * 4 * a // 255)


# ruby_fbdev.c's pattern and marks
FBDEV_MARKS = bytes([0xfb, 0x0f, 0xb0, 0x0b, 0xf0, 0xbf])


def fbdev_pattern(x, y):
    return ((x * 0x3fe1 + y * 0x1f35) >> 2) & 0xffffff


fbdev_marked = marked_by(FBDEV_MARKS)


def fbdev_pattern_mismatch(path, size):
    """None if the frame is ruby_fbdev's pattern within @size (black
    beyond), else where it is not."""
    def row(w, y):
        want = bytearray(b"".join(fbdev_pattern(x, y).to_bytes(3, "big")
                                  if x < size[0] and y < size[1] else bytes(3)
                                  for x in range(w)))
        if y == 0:
            want[:6] = FBDEV_MARKS
        return want
    return first_mismatch(*png_rgb(path), row)


# ruby_fbdev.c's console test: its lines (row, column, text; 0-based
# cells), the line that ends in the bottom right cell, and the marks
FBCON_LINES = [(2, 4, "ruby fbcon: The quick brown fox jumps over the lazy dog."),
               (3, 0, "0123456789 !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")]
FBCON_LAST = "the last row"
# guest-init.sh's demo_console() header (make run)
DEMO_HEADER = "ruby: fbcon on radeondrmfb, the simulated HD 5450 (Cedar)"
FBCON_MARKS = bytes([0xc0, 0xc0, 0xfb, 0xfb, 0xc0, 0xc0])
KERNEL_SOURCE = os.path.join(CACHE, "linux")


@functools.lru_cache(maxsize=1)
def font_8x16():
    """The kernel's VGA 8x16 font, fbcon's on the rig (lib/fonts/
    font_8x16.c of the rig kernel's source): 256 glyphs of 16 rows, one
    byte a row, its most significant bit leftmost."""
    text = read(os.path.join(KERNEL_SOURCE, "lib", "fonts", "font_8x16.c"))
    rows = re.findall(r"^\s*0x([0-9a-fA-F]{2}), /\* ([01]{8}) \*/$", text, re.M)
    if len(rows) != 256 * 16 or any(int(h, 16) != int(b, 2) for h, b in rows):
        raise ValueError(f"font_8x16.c: {len(rows)} glyph rows, not 4096 that agree")
    return bytes(int(h, 16) for h, _ in rows)


@functools.lru_cache(maxsize=1)
def vt_default_colours():
    """(foreground, background) RGB of a VT's default attribute, from
    drivers/tty/vt/vt.c: its default_color and the default palette."""
    text = read(os.path.join(KERNEL_SOURCE, "drivers", "tty", "vt", "vt.c"))
    attr = re.search(r"^static int default_color\s*=\s*(\d+);", text, re.M)
    pal = [re.search(r"^unsigned char default_%s\[\] = \{([^}]*)\}" % c, text, re.M)
           for c in ("red", "grn", "blu")]
    if not attr or not all(pal):
        raise ValueError("vt.c: no default_color or default palette")
    pal = [[int(v, 16) for v in re.findall(r"0x([0-9a-fA-F]{2})", m.group(1))] for m in pal]
    fg, bg = int(attr.group(1)) & 15, int(attr.group(1)) >> 4 & 15
    return tuple(bytes(pal[c][i] for c in range(3)) for i in (fg, bg))


fbcon_marked = marked_by(FBCON_MARKS)


def fbcon_cells(size):
    """{(row, column): character} of ruby_fbdev's console on a @size fbdev
    of 8x16 cells."""
    cols, rows = size[0] // 8, size[1] // 16
    lines = FBCON_LINES + [(rows - 1, cols - len(FBCON_LAST), FBCON_LAST)]
    return {(r, c + i): ch for r, c, text in lines for i, ch in enumerate(text)}


def fbcon_text_mismatch(path, size, font, colours, load=png_rgb):
    """None if the frame is ruby_fbdev's console: its cells' glyphs in
    @colours within @size, the marks, black beyond; else where it is not.
    @load reads the frame (width, height, RGB rows) at @path."""
    cells, (fg, bg) = fbcon_cells(size), colours

    def row(w, y):
        want = bytearray(bg * min(w, size[0]) + bytes(3 * max(w - size[0], 0))
                         if y < size[1] else bytes(3 * w))
        for (r, c), ch in cells.items():
            if r == y // 16 and 8 * c + 8 <= w:
                bits = font[16 * ord(ch) + y % 16]
                want[24 * c:24 * c + 24] = b"".join(fg if bits & 0x80 >> i else bg
                                                    for i in range(8))
        if y == 0:
            want[:6] = FBCON_MARKS
        return want
    return first_mismatch(*load(path), row)


def fbcon_selftest():
    """The font is read right ('A' is the VGA glyph) and the console
    comparison passes ruby_fbdev's frame, drawn here glyph by glyph, and
    finds one wrong pixel, a missing line and a missing mark."""
    try:
        font, colours = font_8x16(), vt_default_colours()
    except ValueError as e:
        return Result("rig.selftest.fbcon_text_compare", False, str(e))
    a = bytes.fromhex("000010386cc6c6fec6c6c6c600000000")
    size, (fg, bg) = (640, 96), colours
    cols, rows = size[0] // 8, size[1] // 16
    frame = [bytearray(bg * size[0]) for _ in range(size[1])]
    for r, c, text in FBCON_LINES + [(rows - 1, cols - len(FBCON_LAST), FBCON_LAST)]:
        for i, ch in enumerate(text):
            for y in range(16):
                for x in range(8):
                    on = font[16 * ord(ch) + y] >> (7 - x) & 1
                    at = 3 * (8 * (c + i) + x)
                    frame[16 * r + y][at:at + 3] = fg if on else bg
    frame[0][:6] = FBCON_MARKS

    def judged(edit):
        rows_ = [bytes(r) for r in frame]
        edit(rows_)
        return fbcon_text_mismatch("x.png", size, font, colours,
                                   lambda _: (size[0], size[1], rows_))

    def pixel(rows_):
        rows_[40] = rows_[40][:3 * 41] + bytes(3) + rows_[40][3 * 42:]

    def no_line(rows_):
        rows_[32:48] = [bg * size[0]] * 16

    def no_mark(rows_):
        rows_[0] = bg * 2 + rows_[0][6:]
    wrong = [judged(e) for e in (pixel, no_line, no_mark)]
    ok = (font[16 * ord("A"):16 * ord("A") + 16] == a and judged(lambda _: None) is None and
          all(wrong) and "(41, 40)" in wrong[0])
    return Result("rig.selftest.fbcon_text_compare", ok,
                  f"font 'A' {font[16 * 65:16 * 66].hex()}; good frame: "
                  f"{judged(lambda _: None)}; wrong ones: {wrong}")


def cursor_marked(path):
    try:
        return png_rgb(path)[2][-1][:3] == CURSOR_MARK
    except (OSError, ValueError, zlib.error, IndexError):
        return False


@functools.lru_cache(maxsize=4096)
def kms_pattern_row(w, y):
    return b"".join(kms_pattern(x, y).to_bytes(3, "big") for x in range(w))


def cursor_expected_row(w, y, pos):
    """Row @y of a cursor frame: kms_pattern, the marks, and the 64x64
    cursor at @pos (None: no cursor) blended over it after the LUT as
    DCE4's premultiplied mode does (sim/cursor.c)."""
    row = bytearray(kms_pattern_row(w, y))
    if pos and pos[1] <= y < pos[1] + 64:
        j = y - pos[1]
        for x in range(max(pos[0], 0), min(pos[0] + 64, w)):
            a, rgb = cursor_pixel(x - pos[0], j)
            for c in range(3):
                row[3 * x + c] = min(255, rgb[c] + (row[3 * x + c] * (255 - a) + 127) // 255)
    return row


def cursor_frame_mismatch(path):
    """None if the frame is ruby_kms's cursor frame, else where it is not."""
    w, h, rows = png_rgb(path)
    mark = rows[-1][3:6]
    pos = None
    if mark != CURSOR_NONE:
        v = int.from_bytes(mark, "big")
        pos = ((v >> 12) - 2048, (v & 0xfff) - 2048)
    def row(w, y):
        want = cursor_expected_row(w, y, pos)
        if y == h - 1:
            want[:6] = CURSOR_MARK + mark
        return want
    return first_mismatch(w, h, rows, row, f" cursor at {pos}")


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except FileNotFoundError:
        return ""


# What each simulated chip must report (the kselftests compare).
CHIPS = {
    # Cedar's layout per AMD: 2 tile pipes, 1 render backend, 2 SIMDs;
    # golden GB_ADDR_CONFIG; 4 banks (the simulated MC_ARB_RAMCFG), so
    # tiling dword = pipes field 1 only
    "cedar": {"CHIP": "CEDAR", "DEVICE": "68f9", "VRAM_MIB": "512",
              "GB_ADDR_CONFIG": "0x02010001", "TILE_CONFIG": "0x00000001",
              "BACKEND_MAP": "0x00000000", "RENDER_BACKENDS": "1",
              "SIMDS": "2", "VBIOS": "cedar-board",
              # where ruby finds its image: the ROM BAR (kselftest
              # ruby_vbios reads '_' as a space)
              "VBIOS_SOURCE": "ROM_BAR",
              # ruby-sim's default monitors (sim/display.c)
              "MONITORS": "dvi,hdmi"},
    # RV730: 4 tile pipes shared by 2 backends (two bits a pipe: 1,1,0,0),
    # 8 SIMDs; GB_TILING_CONFIG = pipes 2 << 1, bank swaps 1 << 11, the
    # map in the high half; no GB_ADDR_CONFIG
    "rv730": {"CHIP": "RV730", "DEVICE": "9498", "VRAM_MIB": "512",
              "GB_ADDR_CONFIG": "0x00000000", "TILE_CONFIG": "0x00500804",
              "BACKEND_MAP": "0x00000050", "RENDER_BACKENDS": "2",
              "SIMDS": "8"},
    # RV630: 2 tile pipes on its one backend, 3 SIMDs; GB_TILING_CONFIG =
    # pipes 1 << 1, bank swaps 1 << 11 (the simulated RAMCFG: 4 banks, no
    # rows/burst bits); no GB_ADDR_CONFIG
    "rv630": {"CHIP": "RV630", "DEVICE": "9589", "VRAM_MIB": "512",
              "GB_ADDR_CONFIG": "0x00000000", "TILE_CONFIG": "0x00000802",
              "BACKEND_MAP": "0x00000000", "RENDER_BACKENDS": "1",
              "SIMDS": "3"},
    # RV515 (X1300): R5xx, one quad pipe and one Z pipe (GB_PIPE_SELECT's
    # straps), no DMA engine, no IH ring, no checker yet (GEN=R500 makes
    # the kselftests that cannot apply skip, saying why)
    "rv515": {"CHIP": "RV515", "DEVICE": "7146", "VRAM_MIB": "256",
              "GEN": "R500", "GB_PIPES": "1", "Z_PIPES": "1"},
    # RV530 (X1600): R520's memory controller layout, two quad pipes and
    # two Z pipes (GB_PIPE_SELECT, GB_PIPE_SELECT2's straps)
    "rv530": {"CHIP": "RV530", "DEVICE": "71c2", "VRAM_MIB": "256",
              "GEN": "R500", "GB_PIPES": "2", "Z_PIPES": "2"},
}


def chip_boot(chip, mode="check", name=None, **kw):
    """A boot of the simulator as @chip, with its firmware and expectations."""
    expect = CHIPS[chip]
    return Boot(name or chip, mode, ["--asic", chip] + kw.pop("extra", []),
                expect=expect, chip=expect["CHIP"], **kw)


def cedar(mode="check", name="cedar", **kw):
    return chip_boot("cedar", mode, name, **kw)


def run_boots(boots):
    """Run @boots, BOOT_JOBS at a time, in the order given (the longest
    first, so the short ones fill in around them)."""
    with ThreadPoolExecutor(BOOT_JOBS) as pool:
        for done in [pool.submit(b.run) for b in boots]:
            done.result()
    return boots


def expect_red(name, boot, reason, console=None, prefix="rig.selftest"):
    """@boot must be judged red, for @reason, and (if given) its console
    must contain @console: the message that names what failed."""
    failed = [r for r in boot.verdict() + boot.tests() if r.ok is False]
    hit = [r for r in failed if reason in r.name]
    detail = ("run was green" if not failed else
              f"red, but not for {reason}: {[r.name for r in failed]}")
    if hit and console and console not in boot.console:
        hit, detail = [], f"no '{console}' in the console log"
    # a failure the driver must survive: it unwinds without an oops and
    # the guest goes on to the end
    unclean = [r.name for r in failed
               if r.name.endswith((".kernel_log_clean", ".guest_finished"))]
    if hit and prefix == "failure" and unclean:
        hit, detail = [], f"failed, but not cleanly: {unclean}"
    return Result(f"{prefix}.{name}", bool(hit), detail)


def scanner_selftest():
    """The log scanner flags what it must and nothing else."""
    red = ["[    1.0] WARNING: CPU: 0 PID: 1 at drivers/gpu/drm/ruby/x.c:1",
           "[    1.0] BUG: kernel NULL pointer dereference, address: 0",
           "[    1.0] WARNING: possible circular locking dependency detected",
           "[    1.0] BUG: KASAN: slab-use-after-free in ruby_x+0x1/0x2",
           "[    1.0] UBSAN: shift-out-of-bounds in drivers/gpu/drm/ruby/x.c:1:2",
           "[    9.0] kmemleak: 1 new suspected memory leaks (see /sys/kernel/debug/kmemleak)"]
    green = ["[    1.0] ruby 0000:00:00.0: [drm] CEDAR (Evergreen), 512 MiB VRAM",
             "[    1.0] ok 1 ruby_chip",
             "[    0.3] kmemleak: Kernel memory leak detector initialized"]
    ok = all(scan_kernel_log(x) for x in red) and not any(
        scan_kernel_log(x) for x in green)
    tap = parse_tap("TAP version 13\n1..3\nok 1 a\nnot ok 2 b\n"
                    "ok 3 c # SKIP no device\n", "t")
    ok_tap = [(r.name, r.ok) for r in tap] == [("t.a", True), ("t.b", False),
                                                ("t.c", None)]
    ktap = parse_tap("KTAP version 1\n# Subtest: s\n1..2\n    ok 1 x\n"
                     "        ok 1 p1\n        not ok 2 p2\n    not ok 2 y\n"
                     "not ok 1 s\n", "k")
    ok_ktap = [(r.name, r.ok) for r in ktap] == [("k.s.x", True),
                                                  ("k.s.y.p1", True),
                                                  ("k.s.y.p2", False)]
    cut = parse_tap("1..3\nok 1 a\n", "c", check_plan=True)
    ok_cut = [(r.name, r.ok) for r in cut] == [("c.a", True), ("c.complete", False)]
    return [Result("rig.selftest.log_scanner", ok, "scanner misjudged a line"),
            Result("rig.selftest.tap_parser", ok_tap and ok_ktap and ok_cut,
                   "TAP/KTAP parsed wrongly"),
            reset_verdict_selftest(), fbcon_selftest()] + [
                Result(n, ok, detail) for n, ok, detail in display_clients.selftest()]


def reset_verdict_selftest():
    """The reset verdict is green when the stalls and timeouts are the
    hangs the tests declared, and red on one more or one fewer."""
    boot = Boot("selftest-reset-verdict", "none")
    os.makedirs(boot.results, exist_ok=True)
    stall = "CP-STALL ring=gfx rptr=8 reason=wait-reg-mem-never-true\n"
    timeout = ("[    2.0] ruby 0000:00:00.0: [drm] *ERROR* gfx: job timed out "
               "after 500 ms, resetting the engine\n")

    def green(declared, stalls, timeouts):
        with open(os.path.join(boot.results, "provoked.txt"), "w") as f:
            f.write("hang selftest\n" * declared)
        boot.sim_log, boot.console = stall * stalls, timeout * timeouts
        return boot.reset_verdict("x").ok
    ok = (green(0, 0, 0) and green(2, 2, 2) and not green(0, 1, 1) and
          not green(1, 0, 0) and not green(1, 1, 0) and not green(2, 1, 2))
    shutil.rmtree(boot.dir, ignore_errors=True)
    return Result("rig.selftest.reset_verdict", ok, "misjudged stalls against hangs")


def sanitizers_boot():
    """The sanitizer kernel reports what it must, and each report makes
    the run red: a boot that loads ruby_redcheck, which reads past a slab
    object, shifts a u32 by 40 and leaks 96 bytes four times, on purpose."""
    ko = os.path.join(CACHE, "redcheck", "ruby_redcheck.ko")
    return Boot("sanitizers-report", "redcheck", ["--asic", "cedar"],
                env={"REDCHECK": ko})


def sanitizers_report(boot):
    """sanitizers_boot()'s judgement, once it ran."""
    verdict = {r.name.rsplit(".", 1)[1]: r for r in boot.verdict()}
    red = verdict["kernel_log_clean"].ok is False
    bad = scan_kernel_log(boot.console)
    leak = verdict["no_kmemleak_report"]

    def flagged(what):
        return Result(f"rig.selftest.{what[0]}_report_is_red",
                      red and any(what[1] in line for line in bad),
                      f"no '{what[1]}' line flagged in the console")
    return [flagged(("kasan", "BUG: KASAN: slab-out-of-bounds")),
            flagged(("ubsan", "UBSAN: shift-out-of-bounds")),
            Result("rig.selftest.kmemleak_report_is_red",
                   leak.ok is False and "ruby_redcheck_leak" in leak.detail
                   and "size 96" in leak.detail, leak.detail)]


# trinity's bounds: it stops after TRINITY_OPS calls, or is stopped after
# TRINITY_SECONDS; a run that made fewer than TRINITY_MIN_OPS calls did
# not fuzz. TRINITY_SEED (environment) runs another sequence.
TRINITY_OPS = 20000
TRINITY_SECONDS = 120
TRINITY_MIN_OPS = 5000
TRINITY_RAN = re.compile(r"Ran (\d+) syscalls\. Successes: (\d+)\s+Failures: (\d+)")
RIG_MARK = re.compile(r"^\[\s*([\d.]+)\] ruby-rig: (.*)$", re.M)


def trinity_seconds(console):
    """Seconds from trinity's start to the next step of the guest."""
    marks = RIG_MARK.findall(console)
    for i, (stamp, what) in enumerate(marks[:-1]):
        if what.startswith("trinity:"):
            return float(marks[i + 1][0]) - float(stamp)
    return 0.0


def trinity_boot():
    """ioctl(2) fuzzing of ruby's card and render nodes with Debian's
    trinity (chrooted, as nobody, ioctl only, only the DRM nodes: see
    uml/guest-init.sh), judged like every boot; then radeon_gem and
    radeon_cs must still pass on the device."""
    seed = os.environ.get("TRINITY_SEED", "1")
    return cedar(mode="trinity", name="trinity",
                 env={"ONLY": "radeon_gem,radeon_cs", "TRINITY_SEED": seed,
                      "TRINITY_OPS": TRINITY_OPS,
                      "TRINITY_SECONDS": TRINITY_SECONDS})


def trinity_fuzz(boot):
    """trinity_boot()'s results and a note of what it ran, once it ran."""
    seed = boot.env["TRINITY_SEED"]
    log = boot.file("trinity.log")
    ran = TRINITY_RAN.search(log)
    calls = int(ran[1]) if ran else 0
    files = re.search(r"Added (\d+) filenames from \.\.", log)
    results = boot.verdict() + boot.tests()
    results.append(Result("fuzz.trinity.only_drm_nodes",
                          bool(files) and files[1] == "2",
                          files[0] if files else "no file list in trinity.log"))
    results.append(Result("fuzz.trinity.ran", calls >= TRINITY_MIN_OPS,
                          f"{calls} calls, expected >= {TRINITY_MIN_OPS}" if ran
                          else "no 'Ran N syscalls' in trinity.log"))
    note = (f"# trinity (seed {seed}): {calls} ioctl calls ({ran[2]} succeeded, "
            f"{ran[3]} failed) in {trinity_seconds(boot.console):.0f} s"
            if ran else "# trinity: no count")
    return results, note + f"; boot to power-off {boot.seconds:.1f} s"


def find_kdir():
    """The kernel build tree for the out-of-tree build: $KDIR or Debian's 6.12."""
    if os.environ.get("KDIR"):
        return os.environ["KDIR"]
    trees = sorted(glob.glob("/usr/src/linux-headers-6.12*-amd64"))
    return trees[-1] if trees else None


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def lint_build(kdir):
    """W=1 + sparse build of a pristine copy, so every file is compiled."""
    oot = os.path.join(OUT, "oot")
    shutil.rmtree(oot, ignore_errors=True)
    shutil.copytree(os.path.join(ROOT, "drivers", "gpu", "drm", "ruby"),
                    os.path.join(oot, "drivers", "gpu", "drm", "ruby"),
                    ignore=shutil.ignore_patterns("*.o", "*.ko", "*.mod*", ".*.cmd",
                                                  "*.order", "*.symvers"))
    shutil.copy(os.path.join(ROOT, "Kbuild"), oot)
    r = run(["make", "-C", kdir, f"M={oot}", "CONFIG_DRM_RUBY=m", "W=1", "C=1",
             f"-j{os.cpu_count()}", "modules"])
    noise = [line for line in (r.stdout + r.stderr).splitlines()
             if re.search(r"warning|error", line, re.I)]
    ok = r.returncode == 0 and not noise
    detail = "; ".join(noise[:3]) or f"make exit {r.returncode}"
    with open(os.path.join(OUT, "oot-build.log"), "w") as f:
        f.write(r.stdout + r.stderr)
    return Result("lint.oot_build_w1_sparse_clean", ok, detail), \
        os.path.join(oot, "drivers", "gpu", "drm", "ruby", "ruby.ko")


def manifest_files():
    files = set()
    for line in read(os.path.join(ROOT, "firmware", "MANIFEST")).splitlines():
        line = line.split("#", 1)[0].split()
        if line:
            files.add(line[0])
    return files


def lint():
    results = []
    r = run([sys.executable, os.path.join(HERE, "gen-ucode-table.py"), "--check"])
    results.append(Result("lint.ucode_table_current", r.returncode == 0,
                          r.stdout.strip()))
    # the AtomBIOS parser and interpreter, built on the host, on the
    # simulated board's VBIOS
    atom_out = os.path.join(OUT, "atom-host")
    os.makedirs(atom_out, exist_ok=True)
    r = run(["make", "-s", "-C", os.path.join(HERE, "atom"), f"O={atom_out}", "check"])
    results.append(Result("lint.atom_host_test",
                          r.returncode == 0 and r.stdout.startswith("atom: ok"),
                          (r.stdout + r.stderr).strip()[-300:]))

    kdir = find_kdir()
    if not kdir:
        results.append(Result("lint.oot_build_w1_sparse_clean", False,
                              "no kernel tree: install linux-headers-6.12-amd64"))
    else:
        build, ko = lint_build(kdir)
        results.append(build)
        tags = set(run(["/sbin/modinfo", "-F", "firmware", ko]).stdout.split())
        results.append(Result("lint.module_firmware_matches_manifest",
                              bool(tags) and tags == manifest_files(),
                              f"differ: {sorted(tags ^ manifest_files())[:4]}"))

    checkpatch = os.path.join(CACHE, "linux", "scripts", "checkpatch.pl")
    sources = sorted(glob.glob(os.path.join(ROOT, "drivers/gpu/drm/ruby/**/*.[ch]"),
                               recursive=True) +
                     glob.glob(os.path.join(ROOT, "tools/testing/selftests/drivers/gpu/ruby/*.[ch]")))
    sources = [f for f in sources if not f.endswith(".mod.c")]
    # The EGL/GL API a real client calls is CamelCase: that one check is
    # waived for the Mesa client tests (mesa_*.[ch]), nothing else is.
    gl_clients = [f for f in sources if re.search(r"/mesa_[a-z0-9_]+\.[ch]$", f)]
    sources = [f for f in sources if f not in gl_clients]
    r = run(["perl", checkpatch, "--strict", "--no-tree", "--terse",
             "--show-types", "-f"] + sources, cwd=ROOT)
    out = r.stdout
    if gl_clients:
        out += run(["perl", checkpatch, "--strict", "--no-tree", "--terse",
                    "--show-types", "--ignore", "CAMELCASE", "-f"] + gl_clients,
                   cwd=ROOT).stdout
    issues = [line for line in out.splitlines()
              if re.search(r": (ERROR|WARNING|CHECK):", line)]
    results.append(Result("lint.checkpatch_strict", bool(sources) and not issues
                          and os.path.exists(checkpatch),
                          "; ".join(issues[:3]) or "checkpatch did not run"))

    # the checker core builds and runs on the host, from the driver's source
    out = os.path.join(OUT, "cs-host")
    os.makedirs(out, exist_ok=True)
    r = run(["make", "-s", "-C", os.path.join(HERE, "cs"), f"O={out}", "check"])
    results.append(Result("lint.checker_builds_on_host",
                          r.returncode == 0 and r.stdout.startswith("ok"),
                          (r.stdout + r.stderr).strip()[-200:]))

    # the real corpus: every stream Mesa got accepted still is (replay
    # fails on a stream whose verdict differs from the recorded one)
    r = run(["make", "-s", "-C", os.path.join(HERE, "cs"), f"O={out}", "real-check"])
    streams = re.search(r"^streams: .*$", r.stdout, re.M)
    results.append(Result("lint.real_corpus_accepted", r.returncode == 0 and bool(streams),
                          streams.group(0) if streams and r.returncode == 0 else
                          (r.stdout + r.stderr).strip()[-300:]))
    # both again as the kernel builds the checker: with retpolines the
    # generations call their handlers by direct calls, the hot ones
    # inlined (eg_run_op()); and that build's verdicts on every recorded
    # stream and its mutants are the host build's
    r = run(["make", "-s", "-C", os.path.join(HERE, "cs"), f"O={out}", "check-kernel-codegen"])
    streams = re.search(r"^streams: .*$", r.stdout, re.M)
    agree = re.search(r"^verdicts: .*the same in both builds$", r.stdout, re.M)
    results.append(Result("lint.checker_kernel_codegen",
                          r.returncode == 0 and r.stdout.startswith("ok") and bool(streams)
                          and bool(agree),
                          f"{streams.group(0)}; {agree.group(0)}" if streams and agree and
                          r.returncode == 0 else (r.stdout + r.stderr).strip()[-300:]))
    # the stream recorder, against a stand-in kernel
    r = run(["make", "-s", "-C", os.path.join(HERE, "recorder"), f"O={out}", "check"])
    results.append(Result("lint.recorder_host_test",
                          r.returncode == 0 and "recorder: ok" in r.stdout,
                          (r.stdout + r.stderr).strip()[-300:]))

    # the checker's oracle fuzzer: a short fixed-seed pass (make fuzz runs long)
    r = run(["make", "-s", "-C", os.path.join(HERE, "fuzz"), f"O={out}", "smoke"])
    done = re.search(r"Done (\d+) runs", r.stdout + r.stderr)
    finding = re.search(r"FINDING: .*|ERROR: .*Sanitizer.*|runtime error: .*",
                        r.stdout + r.stderr)
    results.append(Result("fuzz.checker_smoke", r.returncode == 0 and bool(done),
                          finding.group(0) if finding else
                          (r.stdout + r.stderr).strip()[-200:]))

    kerneldoc = os.path.join(CACHE, "linux", "scripts", "kernel-doc")
    driver = [f for f in sources if "/drivers/gpu/drm/ruby/" in f]
    r = run(["perl", kerneldoc, "-none", "-Wall"] + driver, cwd=ROOT)
    warnings = [line for line in (r.stdout + r.stderr).splitlines() if line.strip()]
    results.append(Result("lint.kernel_doc_clean", r.returncode == 0 and not warnings,
                          "; ".join(warnings[:3]) or f"exit {r.returncode}"))
    return results


def vbios_summary(console):
    """The drm_err that names each video BIOS source's reason, or ''."""
    found = re.search(r"vbios: no usable image: (.*)$", console, re.M)
    return found[1] if found else ""


def vbios_failures():
    """A video BIOS ruby refuses: probe still binds (nothing needs the
    VBIOS yet), cleanly, and the one-line summary of the sources names
    what failed in each (the ROM BAR's reason is the damage; the disabled
    ROM reads the same image again). The boots, each with its judge."""
    def judge(how, reasons):
        def verdict(boot):
            failed = [r.name for r in boot.verdict() if r.ok is False]
            said = vbios_summary(boot.console)
            missing = [r for r in reasons if r not in said]
            detail = (f"red: {failed}" if failed else
                      "no 'vbios: no usable image' in the console log" if not said else
                      f"{missing} not in '{said}'")
            return [Result(f"failure.vbios_corrupt_{how.replace('-', '_')}",
                           not failed and bool(said) and not missing, detail)]
        return verdict
    corrupt = [(f"vbios-corrupt-{how}", ["--vbios-corrupt", how], how, reasons)
               for how, reasons in (
                   ("signature", ["ROM BAR: no image (0x55AA signature",
                                  "disabled ROM: no image (0x55AA signature"]),
                   ("checksum", ["ROM BAR: ATOM image refused: image checksum wrong",
                                 "disabled ROM: ATOM image refused: image checksum wrong"]),
                   ("objects", ["ROM BAR: object table refused: table runs past the image"]))]
    # a damaged image in a ROM the chip keeps off: the ROM BAR has none,
    # the disabled ROM the damaged one
    corrupt.append(("rom-disabled-corrupt-checksum",
                    ["--rom-disabled", "--vbios-corrupt", "checksum"], "rom_disabled_checksum",
                    ["ROM BAR: no image (0x55AA signature",
                     "disabled ROM: ATOM image refused: image checksum wrong",
                     "platform ROM: none handed over"]))
    return [(Boot(name, "probe", ["--asic", "cedar"] + args), judge(how, reasons))
            for name, args, how, reasons in corrupt]


def rom_disabled():
    """A board whose firmware left the ROM off in the chip (--rom-disabled:
    the ROM BAR reads all ones until BUS_CNTL, ROM_CNTL and the VGA
    controls let the ROM answer): ruby finds the image through its
    disabled-ROM source, puts the switch back before it touches anything
    else (the simulator checks), and display works on it; on a cold card
    that image POSTs it. The boots, each with its judge."""
    def judge(name, messages, selftests):
        def verdict(boot):
            failed = [r.name for r in boot.verdict() + boot.tests() if r.ok is False]
            ran = {r.name.split(".")[1] for r in boot.tests()
                   if r.name.startswith("kselftest.") and r.ok is True}
            missing = [m for m in messages if m not in boot.console]
            restored = "rom-ctl: restored before the next access" in boot.sim_log
            detail = (f"red: {failed}" if failed else
                      f"no {missing} in the console log" if missing else
                      "the simulator saw no restored ROM switch" if not restored else
                      f"passing selftests: {sorted(ran)}")
            return [Result(f"failure.{name}", not failed and not missing and restored
                           and ran >= selftests, detail)]
        return verdict
    found = ["vbios: image from disabled ROM:",
             "vbios: sources tried before disabled ROM: VFCT: no ACPI; "
             "ROM BAR: no image (0x55AA signature"]
    return [
        (Boot("rom-disabled", "check", ["--asic", "cedar", "--rom-disabled"],
              expect=dict(CHIPS["cedar"], VBIOS_SOURCE="disabled_ROM"),
              env={"ONLY": "ruby_vbios,ruby_display,ruby_kms"}),
         judge("rom_disabled_image_found", found,
               {"ruby_vbios", "ruby_display", "ruby_kms"})),
        (Boot("rom-disabled-cold", "probe", ["--asic", "cedar", "--rom-disabled", "--cold"]),
         judge("rom_disabled_cold_card_posted",
               found + ["post: card POSTed by its video BIOS"], set())),
    ]


def monitor_sets():
    """Other monitors on the simulated board: what ruby_connectors reports
    follows them (the kselftest compares each connector with the list),
    and a monitor whose EDID fails its checksum is connected with its
    EDID refused, with nothing worse in the kernel log; ruby_kms sets a
    mode on each monitor with modes (VGA alone: the DAC path). The boots,
    each with its judge."""
    def judge(name):
        def verdict(boot):
            failed = [r.name for r in boot.verdict() + boot.tests() if r.ok is False]
            ran = [r for r in boot.tests()
                   if r.name.startswith("kselftest.ruby_display.")
                   and r.name.endswith("connectors_match_the_monitors")]
            return [Result(f"display.monitors_{name.replace('-', '_')}",
                           not failed and bool(ran) and ran[0].ok is True,
                           f"red: {failed}" if failed else
                           "the monitors' comparison did not run")]
        return verdict
    return [(Boot(f"monitors-{name}", "check", ["--asic", "cedar", "--monitors", monitors],
                  expect=dict(CHIPS["cedar"], MONITORS=monitors),
                  env={"ONLY": "ruby_display,ruby_kms"}), judge(name))
            for name, monitors in (("vga-only", "vga"),
                                   ("bad-edid-checksum", "dvi:badsum,hdmi"))]


def cold_cards():
    """A card no firmware POSTed (--cold: CONFIG_MEMSIZE reads 0): ruby
    POSTs it with its video BIOS's ASIC_Init, and memory and display work
    on it; without a usable video BIOS, or with an ASIC_Init that never
    ends, probe fails cleanly and names why. The boots, each with its
    judge."""
    def posted(boot):
        failed = [r.name for r in boot.verdict() + boot.tests() if r.ok is False]
        ran = {r.name.split(".")[1] for r in boot.tests()
               if r.name.startswith("kselftest.") and r.ok is True}
        message = "post: card POSTed by its video BIOS"
        detail = (f"red: {failed}" if failed else
                  f"no '{message}' in the console log" if message not in boot.console else
                  f"passing selftests: {sorted(ran)}")
        return [Result("failure.cold_card_posted_by_its_vbios",
                       not failed and message in boot.console
                       and ran >= {"radeon_gem", "ruby_kms"}, detail)]
    return [
        (cedar(name="cold-card", extra=["--cold"],
               env={"ONLY": "radeon_gem,ruby_kms"}), posted),
        (Boot("cold-card-no-vbios", "probe",
              ["--asic", "cedar", "--cold", "--vbios-corrupt", "signature"]),
         red_for("cold_card_without_vbios", "driver_bound",
                 "post: card not POSTed, and no video BIOS to POST it", "failure")),
        (Boot("cold-card-asic-init-loops", "probe",
              ["--asic", "cedar", "--cold", "--vbios-corrupt", "asic-init-loops"]),
         red_for("cold_card_asic_init_loops", "driver_bound",
                 "vbios: command table 0x00 failed: step limit reached", "failure")),
    ]


def summary(results):
    for r in results:
        print(r.line())
    passed = sum(r.ok is True for r in results)
    failed = sum(r.ok is False for r in results)
    skipped = sum(r.ok is None for r in results)
    return passed, failed, skipped


def chip_suite(chip, label):
    """The whole suite on @chip, and its judge: its results named under
    @label (none for Cedar, whose names the others' are relative to)."""
    def judge(boot):
        if not label:
            return boot.verdict() + boot.tests()
        return boot.verdict() + [Result(f"{label}.{r.name}", r.ok, r.detail)
                                 for r in boot.tests()]
    return chip_boot(chip), judge


def red_for(name, reason, console=None, prefix="rig.selftest"):
    """A judge: the boot must be red for @reason (expect_red())."""
    return lambda boot: [expect_red(name, boot, reason, console, prefix)]


def bar0_messages_red(boot):
    """VRAM reached through BAR0 messages: red for that alone."""
    failed = [r.name for r in boot.verdict() if r.ok is False]
    return [Result("rig.selftest.bar0_messages_are_red",
                   failed == ["rig.bar0-messages.bar0_is_shared_memory"],
                   f"failed: {failed}")]


def failure_scenarios():
    """The boots that must fail, each with its judge: the rig goes red
    when it should, and the driver unwinds cleanly from bad firmware,
    hung engines and devices it does not bring up."""
    return [
        # a device ruby does not know, and a register the simulator
        # does not model
        (Boot("wrong-device-id", "probe", ["--asic", "cedar", "--device-id", "0x1234"]),
         red_for("wrong_device_id_is_red", "driver_bound")),
        (Boot("unmodelled-register", "probe", ["--asic", "cedar", "--unmodel", "0x5428"]),
         red_for("unmodelled_access_is_red", "no_unmodelled_access")),
        # VRAM through BAR0 messages (a kernel not told about the shared
        # file): the simulator still serves them and ruby binds
        (Boot("bar0-messages", "probe", ["--asic", "cedar"], shared_bar0=False),
         bar0_messages_red),
        # bad microcode: the bring-up stops, names the file, and unwinds
        (Boot("missing-firmware", "probe", ["--asic", "cedar"],
              fw_omit=("CEDAR_rlc.bin",)),
         red_for("missing_rlc_microcode", "driver_bound",
                 "ucode: cannot load radeon/CEDAR_rlc.bin: -2", "failure")),
        (Boot("wrong-size-firmware", "probe", ["--asic", "cedar"],
              fw_sizes={"CEDAR_pfp.bin": 4476}),
         red_for("wrong_size_pfp_microcode", "driver_bound",
                 "ucode: radeon/CEDAR_pfp.bin is 4476 bytes, expected 4480", "failure")),
        # R7xx's RLC microcode (shared by every R7xx) missing on RV730
        (chip_boot("rv730", "probe", "missing-r700-rlc", fw_omit=("R700_rlc.bin",)),
         red_for("missing_r700_rlc_microcode", "driver_bound",
                 "ucode: cannot load radeon/R700_rlc.bin: -2", "failure")),
        # R6xx's ME is 21504 bytes (R7xx's 5440): another size is refused
        (chip_boot("rv630", "probe", "wrong-size-r600-me",
                   fw_sizes={"RV630_me.bin": 5440}),
         red_for("wrong_size_r600_me_microcode", "driver_bound",
                 "ucode: radeon/RV630_me.bin is 5440 bytes, expected 21504", "failure")),
        # R5xx's one CP image is 2048 bytes: another size is refused
        (chip_boot("rv515", "probe", "wrong-size-r520-cp",
                   fw_sizes={"R520_cp.bin": 2040}),
         red_for("wrong_size_r520_cp_microcode", "driver_bound",
                 "ucode: radeon/R520_cp.bin is 2040 bytes, expected 2048", "failure")),
        # R5xx's CP that never consumes: its ring test (a scratch register
        # written from the ring) times out, and the bring-up unwinds
        (chip_boot("rv515", "probe", "r5xx-ring-test-timeout", extra=["--cp-hang"]),
         red_for("r5xx_ring_test_timeout", "driver_bound", "gfx: ring test failed",
                 "failure")),
        # an R5xx IGP: in the table, declined at probe with the reason
        (chip_boot("rv515", "probe", "r5xx-igp-declined", extra=["--device-id", "0x791e"]),
         red_for("r5xx_igp_declined", "driver_bound",
                 "RS690: not supported by ruby yet: its IGP memory controller", "failure")),
        # a command processor that never consumes: the ring test times out
        (Boot("ring-test-timeout", "probe", ["--asic", "cedar", "--cp-hang"]),
         red_for("ring_test_timeout", "driver_bound", "gfx: ring test failed",
                 "failure")),
        # a family ruby knows but does not bring up yet (Cayman's id on the
        # simulated board): probe declines it, touching nothing
        (Boot("unsupported-family", "probe", ["--asic", "cedar", "--device-id", "0x6718"]),
         red_for("unsupported_family_declined", "driver_bound",
                 "CAYMAN: not supported by ruby yet", "failure")),
        # the DMA engine's ring test, after the GFX ring's: more to undo
        (Boot("dma-ring-test-timeout", "probe", ["--asic", "cedar", "--dma-hang"]),
         red_for("dma_ring_test_timeout", "driver_bound", "dma: ring test failed",
                 "failure")),
        # a wait a GPU ends at once but the simulator never does (it loses
        # the stream-out flush, as it did before issue 12): the job times
        # out, the reset succeeds, and the run must be red for that
        (cedar(name="unprovoked-reset", extra=["--lose-so-flush"],
               env={"ONLY": "radeon_draw"}),
         red_for("unprovoked_reset_is_red", "no_unprovoked_reset")),
    ] + vbios_failures() + rom_disabled() + monitor_sets() + cold_cards()


def check():
    results = scanner_selftest() + lint()

    # The whole suite on each chip: Cedar (Evergreen), RV730 (R7xx),
    # RV630 (R6xx: no DMA ring, the GFX ring moves buffers), RV515 and
    # RV530 (R5xx: type-0 streams, Mesa r300, the CPU moves buffers); the
    # longest boots first
    suites = [chip_suite("cedar", None), chip_suite("rv730", "rv730"),
              chip_suite("rv630", "rv630"), chip_suite("rv530", "rv530"),
              chip_suite("rv515", "rv515")]
    plan = suites + [(trinity_boot(), None)] + failure_scenarios()
    # Real GL programs through Debian's Mesa r600: every stream accepted
    smoke = None
    if os.path.isdir(PIGLIT_BIN):
        smoke, n = piglit_boot(PIGLIT_SMOKE, "piglit-smoke")
        plan.append((smoke, lambda boot: piglit_results(boot, piglit_rows(boot), n)))
    if SANITIZED:
        plan.append((sanitizers_boot(), sanitizers_report))
    # Debian's display clients: modetest, drm_info, kmscube, weston
    notes = []
    plan.append((clients_boot(), lambda boot: clients_results(boot, notes)))
    run_boots([boot for boot, _ in plan])

    for boot, judge in plan:
        if judge:
            results += judge(boot)
    if not smoke:
        results.append(Result("piglit.smoke", None, f"piglit not installed ({PIGLIT_BIN})"))
    fuzzed, trinity_note = trinity_fuzz(plan[len(suites)][0])
    results += fuzzed

    passed, failed, skipped = summary(results)
    print(trinity_note)
    print("\n".join(notes))
    print(f"# logs: {OUT}/<scenario>/ (console.log, sim.log, results/)")
    print("# boot to power-off: " +
          ", ".join(f"{b.seconds:.1f} s ({b.name})" for b, _ in suites) +
          f"; {BOOT_JOBS} boots at a time")
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


def scenarios(pattern):
    """Only the failure scenarios whose boot's name holds @pattern (make
    check-scenarios S=cold), judged as check judges them."""
    plan = [(boot, judge) for boot, judge in failure_scenarios()
            if pattern in boot.name]
    run_boots([boot for boot, _ in plan])
    passed, failed, skipped = summary([r for boot, judge in plan for r in judge(boot)])
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed or not plan else 0


def clients_boot(name="clients"):
    """Debian's display clients on the simulated Cedar, unmodified:
    modetest, drm_info, kmscube and weston (uml/clients.sh); its judge is
    clients_results()."""
    return cedar(mode="clients", name=name)


def clients_results(boot, notes=None):
    """A clients boot's results: the boot's own, and display_clients'
    judgement of what the clients did and showed; its notes (flip rate,
    streams) are appended to @notes."""
    found, said = display_clients.judge(png_rgb, boot.dir, boot.results)
    if notes is not None:
        notes += said
    return boot.verdict() + [Result(n, ok, detail) for n, ok, detail in found]


def clients():
    boot = clients_boot().run()
    notes = []
    passed, failed, skipped = summary(clients_results(boot, notes))
    print("\n".join(notes))
    print(f"# logs: {boot.dir} (results/clients/, scanout-crtc*.png); "
          f"boot to power-off {boot.seconds:.1f} s")
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


def demo():
    boot = cedar(mode="demo", name="demo").run()
    print(boot.file("demo.txt"), end="")
    print("== the simulator's summary ==")
    print("\n".join(l for l in boot.sim_log.splitlines()
                    if l.startswith(("sim:", "summary:", "UNMODELLED", "ucode",
                                     "GART-FAULT", "CP-HANG", "CP-STALL",
                                     "DMA-HANG", "draw "))))
    bad = [r for r in boot.verdict() if r.ok is False]
    bad += demo_screen(boot)
    for r in bad:
        print(r.line())
    print(f"(logs in {boot.dir}; boot to power-off {boot.seconds:.1f} s)")
    return 1 if bad else 0


def demo_screen(boot):
    """make run's picture of the screen: where the simulator's PNG of
    each monitor is, and whether it shows modetest's SMPTE bars, then
    fbcon's text console (guest-init.sh demo_console(), each monitor's
    last frame; its header line checked glyph by glyph); the failures,
    as results."""
    shown = boot.file("clients/screen.txt").splitlines()
    console = bool(boot.file("console.txt").strip())
    bad, consoles = [], []
    print("== the screen: modetest's SMPTE bars on each monitor ==")
    for line in shown:
        crtc, connector, mode = line.split()
        w, h = (int(v) for v in mode.split("x"))
        frames = [f for f in display_clients.frames_of(boot.dir, crtc)
                  if display_clients.png_size(f) == (w, h)]
        if console and frames:
            consoles.append((connector, mode, crtc, frames.pop()))
        why = (display_clients.mismatch(png_rgb, frames[-1],
                                        display_clients.smpte_rows(w, h, "XR24"))
               if frames else f"no {mode} frame of CRTC {crtc}")
        print(f"{connector} ({mode}, CRTC {crtc}): " +
              (f"{frames[-1]}" if not why else f"not shown: {why}"))
        if why:
            bad.append(Result(f"demo.screen_{connector}", False, why))
    if not shown:
        bad.append(Result("demo.screen", False, "no monitor showed anything"))
    return bad + demo_console(consoles)


def demo_console(consoles):
    """Print where each monitor's PNG of the text console is; the
    failures (no console, or no DEMO_HEADER on its first row), as results."""
    print("== the screen: the text console (fbcon) on each monitor ==")
    if not consoles:
        return [Result("demo.console", False, "no console frame")]
    bad = []
    for connector, mode, crtc, path in consoles:
        try:
            why = fbcon_header_mismatch(path, DEMO_HEADER, font_8x16(), vt_default_colours())
        except ValueError as e:
            why = str(e)
        print(f"{connector} ({mode}, CRTC {crtc}): " +
              (path if not why else f"not shown: {why}"))
        if why:
            bad.append(Result(f"demo.console_{connector}", False, why))
    return bad


def fbcon_header_mismatch(path, text, font, colours):
    """None if the first row of 8x16 cells of the frame at @path is @text
    in @colours, else where it is not."""
    (fg, bg), n = colours, len(text)
    w, h, rows = png_rgb(path)
    if 8 * n > w or h < 16:
        return f"{w}x{h}: too small for the header"
    for y in range(16):
        want = b"".join(fg if font[16 * ord(ch) + y] & 0x80 >> i else bg
                        for ch in text for i in range(8))
        if rows[y][:24 * n] != want:
            x = next(i for i in range(8 * n) if rows[y][3 * i:3 * i + 3] != want[3 * i:3 * i + 3])
            return f"{w}x{h}: pixel ({x}, {y}) is #{rows[y][3 * x:3 * x + 3].hex()}, not the header's"
    return None


def some(names):
    """One check boot running only the kselftests @names, on the chip
    RUBY_CHIP names (make check-some CHIP=rv730 or rv630; Cedar by
    default)."""
    chip = os.environ.get("RUBY_CHIP") or "cedar"
    if chip not in CHIPS:
        print(f"unknown chip {chip}: one of {', '.join(CHIPS)}")
        return 2
    boot = chip_boot(chip, name="some", env={"ONLY": ",".join(names)}).run()
    passed, failed, skipped = summary(boot.verdict() + boot.tests())
    print(f"# logs: {boot.dir}; boot to power-off {boot.seconds:.1f} s")
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


PIGLIT_BIN = "/usr/lib/x86_64-linux-gnu/piglit/bin"
PIGLIT_SMOKE = os.path.join(HERE, "piglit", "smoke.txt")


def piglit_boot(listfile, name="piglit", chip="cedar"):
    """One boot of @chip to run the piglit commands of @listfile, and how
    many there are; piglit_rows() reads, once it ran, per program: number,
    piglit's result, exit status, streams accepted, refused, last refusal,
    command."""
    listfile = os.path.abspath(listfile)
    n = sum(1 for l in open(listfile) if l.strip() and not l.startswith("#"))
    per_test = int(os.environ.get("PIGLIT_TIMEOUT", "60" if not SANITIZED else "240"))
    env = {"PIGLIT_LIST": listfile, "PIGLIT_TIMEOUT": str(per_test)}
    if os.environ.get("PIGLIT_PRELOAD"):
        env["PIGLIT_PRELOAD"] = os.path.abspath(os.environ["PIGLIT_PRELOAD"])
    return chip_boot(chip, mode="piglit", name=name, env=env,
                     timeout=120 + n * (per_test + 10)), n


def piglit_rows(boot):
    """A piglit boot's rows, once it ran."""
    return [l.split("\t") for l in boot.file("piglit.txt").splitlines()]


def piglit_report(boot, rows, n):
    """Print what @rows say: results, refusals, their reasons."""
    results, checked, refused, reasons = {}, 0, 0, {}
    for num, res, rc, c, r, last, cmd in rows:
        results[res] = results.get(res, 0) + 1
        checked, refused = checked + int(c), refused + int(r)
        if int(r):
            reasons.setdefault(last, []).append(f"{num}:{cmd}")
            print(f"refused {r}, accepted {c}: {cmd} (last: {last})")
    print(f"# {len(rows)} of {n} programs ran: " +
          ", ".join(f"{k} {v}" for k, v in sorted(results.items())))
    print(f"# streams accepted {checked}, refused {refused}")
    for why, tests in sorted(reasons.items(), key=lambda kv: -len(kv[1])):
        print(f"#   {len(tests)} programs, last refusal: {why}")
    # the refusals dmesg kept (ratelimited), by reason and value
    logged = {}
    for m in re.finditer(r"stream rejected: packet at dword \d+: (.*)$",
                         boot.file("dmesg.txt"), re.M):
        logged[m.group(1)] = logged.get(m.group(1), 0) + 1
    for why, k in sorted(logged.items(), key=lambda kv: -kv[1]):
        print(f"#   logged {k}x: {why}")
    return refused


def piglit_results(boot, rows, n):
    """make check's judgement of a piglit boot: each program ran and had
    every stream it submitted accepted (piglit's own verdict is not
    judged: the simulator does not rasterise), and the boot is clean."""
    out = boot.verdict()
    out.append(Result(f"rig.{boot.name}.every_program_ran", len(rows) == n,
                      f"{len(rows)} of {n}"))
    for num, res, rc, c, r, last, cmd in rows:
        prog = re.sub(r"[^A-Za-z0-9_.-]+", "_", cmd.split(" -auto")[0].split("/")[-1])
        out.append(Result(f"piglit.{prog}.no_stream_refused", r == "0" and int(c) > 0,
                          f"{r} refused (last: {last}), {c} accepted"))
    return out


def piglit(listfile):
    """Real GL programs: the piglit commands of @listfile, one boot of the
    chip RUBY_CHIP names (make piglit CHIP=rv730; Cedar by default)."""
    chip = os.environ.get("RUBY_CHIP") or "cedar"
    if chip not in CHIPS:
        print(f"unknown chip {chip}: one of {', '.join(CHIPS)}")
        return 2
    boot, n = piglit_boot(listfile, chip=chip)
    rows = piglit_rows(boot.run())
    refused = piglit_report(boot, rows, n)
    passed, failed, skipped = summary(boot.verdict())
    print(f"# logs: {boot.dir} (results/piglit.txt, results/piglit/N.log); "
          f"boot to power-off {boot.seconds:.1f} s")
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed or refused or len(rows) != n else 0


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else "check"
    if cmd == "check":
        return check()
    if cmd == "some" and len(sys.argv) > 2:
        return some(sys.argv[2:])
    if cmd == "demo":
        return demo()
    if cmd == "scenarios" and len(sys.argv) == 3:
        return scenarios(sys.argv[2])
    if cmd == "clients":
        return clients()
    if cmd == "piglit" and len(sys.argv) == 3:
        return piglit(sys.argv[2])
    if cmd == "trinity":
        fuzzed, note = trinity_fuzz(trinity_boot().run())
        passed, failed, skipped = summary(fuzzed)
        print(note)
        print(f"{passed} passed, {failed} failed, {skipped} skipped")
        return 1 if failed else 0
    if cmd == "lint":
        passed, failed, skipped = summary(scanner_selftest() + lint())
        print(f"{passed} passed, {failed} failed, {skipped} skipped")
        return 1 if failed else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
