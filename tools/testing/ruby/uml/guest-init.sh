#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# PID 1 of the UML guest. The root file system is the host's, through
# hostfs, so the host's binaries run here unchanged. The kernel hands the
# RUBY_* settings of its command line to us as environment variables:
#
#   RUBY_MODE       check | probe | demo | redcheck | trinity | piglit
#   RUBY_REDCHECK   the red-by-design module (redcheck mode)
#   RUBY_ONLY       the selftests to run (check and trinity modes; default all)
#   RUBY_TRINITY_*  trinity's bounds and seed (trinity mode, see rig.py)
#   RUBY_PIGLIT_*   the piglit list, timeout and preload (piglit mode)
#   RUBY_RESULTS    host directory for results (written through hostfs)
#   RUBY_MODDIR     INSTALL_MOD_PATH of the rig's modules (for modprobe -d)
#   RUBY_SELFTESTS  directory of the built kselftests
#   RUBY_EXPECT_*   what the simulated device is, for the tests to compare
#   RUBY_SIM_CONTROL the simulator's control directory (write "monitors"
#                   there to plug and unplug monitors; see sim/control.c)
#
# Everything ends with a power-off; the runner on the host judges the run
# from the files left in RUBY_RESULTS, the console log and the simulator.

export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t debugfs debugfs /sys/kernel/debug

R=$RUBY_RESULTS
KMEMLEAK=/sys/kernel/debug/kmemleak

# The sanitizer kernel: whatever boot itself left unreferenced is not
# ruby's; forget it, so the scan at the end reports only this run's leaks.
if [ -e $KMEMLEAK ]; then
	echo scan > $KMEMLEAK
	echo clear > $KMEMLEAK
fi
MODPROBE="modprobe -d $RUBY_MODDIR"
export MODPROBE

power_off() {
	sync
	echo o > /proc/sysrq-trigger
	sleep 10
}

say() {
	echo "ruby-rig: $*" > /dev/kmsg
}

# Load ruby and record which PCI functions it bound.
probe() {
	$MODPROBE ruby
	echo "modprobe $?" > "$R/modprobe.txt"
	ls /sys/bus/pci/drivers/ruby 2>/dev/null | grep ':' > "$R/bound.txt"
	say "bound: $(cat "$R/bound.txt")"
}

run_kunit() {
	if ! $MODPROBE ruby_kunit; then
		echo "not ok 1 ruby_kunit # module failed to load" > "$R/kunit.ktap"
		return
	fi
	for d in /sys/kernel/debug/kunit/*; do
		[ -f "$d/results" ] && cat "$d/results"
	done > "$R/kunit.ktap"
	# rmmod, not modprobe -r: that would unload the then unused ruby too
	rmmod ruby_kunit
}

ALL_SELFTESTS="drm_version ruby_info ruby_debugfs ruby_reset ruby_move
	radeon_info radeon_gem radeon_cs radeon_cs_cost radeon_draw radeon_vram_mmap
	radeon_userptr radeon_prime_import mesa_r600 mesa_r300 mesa_textures mesa_stages mesa_compute ruby_clear ruby_memlimit
	ruby_reset_load ruby_unplug ruby_fault_inject module_reload ruby_vbios ruby_display ruby_kms
	ruby_fbdev"

# RUBY_ONLY (rig.py some) names the selftests to run, comma-separated;
# default: all.
run_selftests() {
	for t in $(echo "${RUBY_ONLY:-$ALL_SELFTESTS}" | tr , ' '); do
		say "kselftest $t"
		# a real client: any stream ruby refuses is named in dmesg
		case "$t" in mesa_*) echo 0x2 > /sys/module/drm/parameters/debug ;; esac
		(cd "$RUBY_SELFTESTS" && "./$t") > "$R/kselftest-$t.tap" 2>&1
		echo $? > "$R/kselftest-$t.rc"
		echo 0 > /sys/module/drm/parameters/debug
	done
}

# Unload ruby (its removal must free all it holds), then let kmemleak
# scan twice, so an object only a stale register pointed at in the first
# scan is not reported. kmemleak reports no object younger than five
# seconds: wait that long first, or what the last test leaked goes unseen.
# Its report, empty when nothing leaked, is judged by the runner.
unload_and_scan() {
	rmmod ruby_kunit 2>/dev/null
	if [ -d /sys/module/ruby ]; then
		rmmod ruby
		echo "rmmod $?" > "$R/unload.txt"
	fi
	[ -e $KMEMLEAK ] || return 0
	sleep 5
	echo scan > $KMEMLEAK
	echo scan > $KMEMLEAK
	cat $KMEMLEAK > "$R/kmemleak.txt"
}

# The text console a user of the card sees: fbdev emulation on (the rig
# boots with it off) and the device bound again, so fbcon takes ruby's
# fbdev; DEMO_HEADER and ruby's kernel log written to the first VT; the
# fbdev blanked, so the simulator writes each CRTC's frame (rig.py
# demo_screen() checks the header's glyphs and shows the PNGs).
DEMO_HEADER="ruby: fbcon on radeondrmfb, the simulated HD 5450 (Cedar)"
demo_console() {
	local addr fb

	addr=$(cat "$R/bound.txt")
	echo 1 > /sys/module/drm_kms_helper/parameters/fbdev_emulation
	echo "$addr" > /sys/bus/pci/drivers/ruby/unbind
	echo "$addr" > /sys/bus/pci/drivers/ruby/bind
	for fb in /sys/class/graphics/fb*; do
		[ "$(cat "$fb/name" 2>/dev/null)" = radeondrmfb ] || continue
		printf '\033[?25l\033[2J\033[H%s\n\n' "$DEMO_HEADER" > /dev/tty1
		dmesg | grep -E 'ruby [0-9a-f]{4}:|\[drm\]' | tail -n 40 > /dev/tty1
		# DRM's damage copy (ruby_fbdev waits as long), then off
		sleep 2
		echo 1 > "$fb/blank"
		echo "${fb##*/}" > "$R/console.txt"
	done
}

demo() {
	probe
	minor=$(ls /sys/bus/pci/drivers/ruby/*/drm 2>/dev/null | grep '^card' | sed 's/card//')
	{
		echo "== lspci: the simulated device =="
		for d in /sys/bus/pci/devices/*; do
			echo "$(basename "$d") vendor $(cat "$d/vendor") device $(cat "$d/device") class $(cat "$d/class") driver $(basename "$(readlink "$d/driver" 2>/dev/null)")"
		done
		echo
		echo "== kernel log of ruby =="
		dmesg | grep -E 'ruby [0-9a-f]{4}:|\[drm\]|ruby-rig:'
		echo
		echo "== DRM nodes =="
		ls -l /dev/dri
		echo
		if [ -n "$minor" ]; then
			d=/sys/kernel/debug/dri/$minor
			# ruby_hang_test hangs the GPU on purpose (rig.py)
			echo "hang demo" >> "$R/provoked.txt"
			for f in ruby_info ruby_vbios ruby_gart ruby_regs ruby_ih \
				 ruby_ib_test ruby_hang_test ruby_evict_test \
				 ruby_fence_info; do
				echo "== $d/$f =="
				cat "$d/$f"
				echo
			done
			for r in gfx dma; do
				echo "== $d/ruby_ring_$r (around the read pointer) =="
				head -n 4 "$d/ruby_ring_$r"
				echo "..."
				grep -B6 -A2 ' \*$' "$d/ruby_ring_$r"
				echo
			done
			echo "== DRM_IOCTL_VERSION on the render node =="
			(cd "$RUBY_SELFTESTS" && ./drm_version 2>&1 | grep -E '^(ok|not ok)')
			echo
			echo "== the HD 7350 triangle through DRM_IOCTL_RADEON_CS (checker verdicts) =="
			(cd "$RUBY_SELFTESTS" && ./radeon_draw 2>&1 | grep -E '^(ok|not ok)|# radeon_draw')
		fi
	} > "$R/demo.txt" 2>&1
	# the screen: modetest's pattern on each monitor (rig.py shows the PNGs)
	if [ -n "$minor" ]; then
		. "${0%/*}/clients.sh"
		demo_screen
		demo_console
	fi
}

# ioctl(2) fuzzing of ruby's DRM nodes with trinity. The root file system
# is the host's, read-write, so trinity must see none of it: it runs
# chrooted in a tmpfs on the guest's own devtmpfs, which holds trinity,
# setpriv and sh with their libraries, a proc, /dev/{null,zero,urandom},
# nobody's copies of the DRM nodes in /dri, and /dri/work, its working
# directory, which nobody may write and search but not list. It runs as
# nobody with no capabilities (none inheritable, an empty bounding set,
# no_new_privs), calls only ioctl, 64-bit, and its file list is ".."
# (/dri; trinity skips that name itself): the DRM nodes. It stops after
# RUBY_TRINITY_OPS calls; a hard timeout bounds it in time too.
trinity_run() {
	timeout -s INT -k 20 "$RUBY_TRINITY_SECONDS" chroot $1 \
		/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups \
			--inh-caps=-all --bounding-set=-all --no-new-privs -- \
		/bin/sh -c "cd /dri/work && exec /usr/bin/trinity -q --stats \
			-l off -C 2 -a 64 -s $RUBY_TRINITY_SEED -c ioctl -V .. \
			-N $RUBY_TRINITY_OPS \
			--enable-fds=pseudo,pipes,testfile,sockets"
}

# Debian's trinity (2023.01) walks its pipe, test file and socket lists
# unchecked for every ioctl, so those must exist; but making sockets, it
# reads past its net_protocols[] (a random protocol below PF_MAX, 46, in
# an array of 45) and dies. Its socket cache names the one socket it then
# opens instead: an AF_UNIX datagram socket (the guest has no AF_INET).
trinity_root() {
	local root=$1 f node

	mkdir $root && mount -t tmpfs -o size=32m,mode=0755 tmpfs $root || return
	for f in /usr/bin/trinity /usr/bin/setpriv /bin/sh $(ldd \
		 /usr/bin/trinity /usr/bin/setpriv /bin/sh | grep -o '/[^ ]*'); do
		mkdir -p "$root${f%/*}" && cp "$f" "$root$f"
	done
	mkdir -p $root/proc $root/dev $root/dri && mount -t proc proc $root/proc
	mknod -m 0666 $root/dev/null c 1 3
	mknod -m 0666 $root/dev/zero c 1 5
	mknod -m 0444 $root/dev/urandom c 1 9
	for node in /dev/dri/card* /dev/dri/renderD*; do
		f=$root/dri/${node##*/}
		mknod -m 0600 "$f" c $(stat -c '0x%t 0x%T' "$node")
		chown nobody:nogroup "$f"
	done
	mkdir -m 0733 $root/dri/work
	# AF_UNIX, SOCK_DGRAM, protocol 0: three native-endian ints
	printf '\001\0\0\0\002\0\0\0\0\0\0\0' > $root/dri/work/trinity.socketcache
}

trinity_fuzz() {
	local root=/dev/ruby-trinity pids

	trinity_root $root || return
	say "trinity: ${RUBY_TRINITY_OPS} ioctls, at most ${RUBY_TRINITY_SECONDS} s"
	trinity_run $root > "$R/trinity.log" 2>&1
	echo $? > "$R/trinity.rc"
	# nothing of the run may outlive it: it would keep ruby's files open
	pids=$(pgrep -u nobody)
	[ -n "$pids" ] && echo "left running: $pids" >> "$R/trinity.log" &&
		kill -KILL $pids
	umount $root/proc && umount $root && rmdir $root
}

# A counter of debugfs ruby_info ("cs checked", "cs rejected")
ruby_count() {
	sed -n "s/^$2: \([0-9]*\).*/\1/p" /sys/kernel/debug/dri/$1/ruby_info
}

# Real GL programs: each line of RUBY_PIGLIT_LIST is a piglit command
# (its binary, relative to piglit's bin directory, and its arguments),
# run on the render node through EGL's surfaceless platform with
# RUBY_PIGLIT_PRELOAD (a stream recorder) preloaded if set. Per test, one
# line in piglit.txt: number, piglit's result, exit status, streams
# checked and refused, the last refusal's reason, the command.
piglit_run() {
	local bin=/usr/lib/x86_64-linux-gnu/piglit/bin n=0 minor line
	local c0 r0 c1 r1 res rc

	minor=$(ls /sys/bus/pci/drivers/ruby/*/drm 2>/dev/null | grep '^card' | sed 's/card//')
	[ -n "$minor" ] || return
	mkdir -p "$R/piglit"
	# every refusal's reason and value in dmesg (ratelimited)
	echo 0x2 > /sys/module/drm/parameters/debug
	export PIGLIT_PLATFORM=surfaceless_egl MESA_SHADER_CACHE_DISABLE=true \
		RADEON_THREAD=false PIGLIT_NO_WINDOW=1
	cd /usr/lib/x86_64-linux-gnu/piglit || return
	while read -r line; do
		case "$line" in ''|'#'*) continue;; esac
		n=$((n + 1))
		c0=$(ruby_count $minor "cs checked")
		r0=$(ruby_count $minor "cs rejected")
		say "piglit $n: $line"
		RUBY_REC_DIR="$R/piglit/$n.rec" \
		LD_PRELOAD=$RUBY_PIGLIT_PRELOAD timeout -k 5 \
			"${RUBY_PIGLIT_TIMEOUT:-60}" $bin/$line \
			> "$R/piglit/$n.log" 2>&1 < /dev/null
		rc=$?
		c1=$(ruby_count $minor "cs checked")
		r1=$(ruby_count $minor "cs rejected")
		res=$(sed -n 's/.*"result": *"\([a-z]*\)".*/\1/p' "$R/piglit/$n.log" | tail -n 1)
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' $n "${res:-none}" $rc \
			$((c1 - c0)) $((r1 - r0)) \
			"$(sed -n 's/^cs rejected: [0-9]* (last: \(.*\))$/\1/p' \
			   /sys/kernel/debug/dri/$minor/ruby_info)" \
			"$line" >> "$R/piglit.txt"
	done < "$RUBY_PIGLIT_LIST"
	echo 0 > /sys/module/drm/parameters/debug
	cd /
}

case "$RUBY_MODE" in
check)
	probe
	run_kunit
	run_selftests
	;;
probe)
	probe
	;;
demo)
	demo
	;;
trinity)
	# trinity, then the device must still serve a client (see rig.py)
	probe
	[ -s "$R/bound.txt" ] && trinity_fuzz
	run_selftests
	;;
piglit)
	probe
	piglit_run
	;;
clients)
	# real display clients (modetest, drm_info, kmscube, weston): see
	# uml/clients.sh and rig.py clients_boot()
	probe
	. "${0%/*}/clients.sh"
	[ -s "$R/bound.txt" ] && clients_run
	;;
redcheck)
	# the sanitizer kernel's red-by-design boot: see rig.py
	probe
	insmod "$RUBY_REDCHECK" oob=1 shift=1 leak=1
	;;
*)
	say "unknown RUBY_MODE '$RUBY_MODE'"
	;;
esac

unload_and_scan
dmesg > "$R/dmesg.txt"
touch "$R/done"
power_off
