# SPDX-License-Identifier: GPL-2.0-only
#
# Real display clients on ruby, sourced by guest-init.sh: clients_run
# (clients mode) runs Debian's modetest, drm_info, kmscube and weston,
# unmodified, and demo_screen (make run) modetest alone. What each
# printed, its exit status and the command streams ruby checked and refused
# while it ran go to $R/clients/; rig.py (clients_results()) judges them,
# and compares the simulator's PNGs of the scanout with the patterns
# modetest drew. The simulator writes a CRTC's frame when the CRTC or its
# surface is switched off: when modetest ends, its framebuffer is removed
# and the kernel takes it off the plane.
#
# runs.txt, one line per frame modetest put on a CRTC:
#   <run> <CRTC index> <width>x<height> <format> <pattern> <exit status>

C=$R/clients
XDG=/dev/ruby-xdg
MT="modetest -M radeon"

# the connectors modetest lists as connected: "<id> <preferred mode> <name>"
connected() {
	awk '/^Connectors:/ { s = 1; next } /^CRTCs:/ { s = 0 }
	     s && $3 == "connected" { id = $1; name = $4; want = 1; next }
	     s && want && $1 == "#0" { print id, $2, name; want = 0 }' "$C/modetest.txt"
}

# list what modetest sees, and which connectors are connected
modetest_list() {
	mkdir -p "$C"
	$MT > "$C/modetest.txt" 2>&1
	echo $? > "$C/modetest.rc"
	connected > "$C/connected.txt"
}

# the id of CRTC number $1 and of the primary plane that can scan out on it
# (each CRTC has a primary and a cursor plane; ruby lists the primary first)
crtc_id() {
	awk -v n="$1" '/^CRTCs:/ { s = 1; next } /^Planes:/ { s = 0 }
		s && /^[0-9]+\t/ && k++ == n { print $1 }' "$C/modetest.txt"
}

plane_id() {
	awk -v m="$(printf '0x%08x' $((1 << $1)))" '/^Planes:/ { s = 1; next }
		/^Frame buffers:/ { s = 0 } s && /^[0-9]+\t/ && $NF == m { print $1; exit }' \
		"$C/modetest.txt"
}

# one modetest run: $1 its name, then its arguments; a newline on its
# standard input ends it (it waits for one once its frames are up)
modetest_run() {
	local name=$1

	shift
	echo | timeout -k 5 60 $MT "$@" > "$C/$name.txt" 2>&1
	echo $? > "$C/$name.rc"
}

# $1 run, $2 CRTC index, $3 mode, $4 format, $5 pattern: one runs.txt line
frame() {
	echo "$1 $2 $3 $4 $5 $(cat "$C/$1.rc")" >> "$C/runs.txt"
}

# a newline once modetest -v reported its flip rate $1 times (each after
# 60 flips), or after 30 seconds
flips_until() {
	local i=0

	while [ $i -lt 60 ] &&
	      [ "$(cat "$C/flips.txt" 2>/dev/null | grep -c '^freq:')" -lt $1 ]; do
		sleep 0.5
		i=$((i + 1))
	done
	echo
}

# each connected connector on its own CRTC (legacy SETCRTC in XR24, XR30
# and RG16, then atomic with its primary plane), two at once on the other
# two CRTCs (atomic), and page flips (legacy, 180 of them)
modetest_clients() {
	local k=0 con mode name crtc plane c2 c3 p2 p3

	modetest_list
	while read -r con mode name; do
		crtc=$(crtc_id $k)
		plane=$(plane_id $k)
		say "modetest: connector $con on CRTC $crtc at $mode"
		modetest_run legacy-$k -s "$con@$crtc:$mode" -F smpte
		frame legacy-$k $k $mode XR24 smpte
		modetest_run xr30-$k -s "$con@$crtc:$mode@XR30" -F smpte
		frame xr30-$k $k $mode XR30 smpte
		modetest_run rg16-$k -s "$con@$crtc:$mode@RG16" -F smpte
		frame rg16-$k $k $mode RG16 smpte
		modetest_run atomic-$k -a -s "$con@$crtc:$mode" \
			-P "$plane@$crtc:$mode" -F tiles
		frame atomic-$k $k $mode XR24 tiles
		k=$((k + 1))
	done < "$C/connected.txt"
	[ $k -ge 2 ] || return
	c2=$(crtc_id 2) c3=$(crtc_id 3) p2=$(plane_id 2) p3=$(plane_id 3)
	set -- $(head -n 2 "$C/connected.txt" | cut -d ' ' -f 1)
	say "modetest: connectors $1 and $2 on CRTCs $c2 and $c3"
	modetest_run two -a -s "$1@$c2:640x480" -s "$2@$c3:640x480" \
		-P "$p2@$c2:640x480" -P "$p3@$c3:640x480" -F smpte,plain
	frame two 2 640x480 XR24 smpte
	frame two 3 640x480 XR24 plain
	say "modetest: page flips on connector $1"
	flips_until 3 | timeout -k 5 60 $MT -s "$1@$(crtc_id 0):640x480" -v \
		> "$C/flips.txt" 2>&1
	echo $? > "$C/flips.rc"
}

# $1 name: the streams ruby checked and refused while the command after
# it ran, and the last refusal's reason, in $1.cs
cs_counted() {
	local name=$1 c0 r0

	shift
	c0=$(ruby_count $minor "cs checked")
	r0=$(ruby_count $minor "cs rejected")
	"$@"
	echo "$(($(ruby_count $minor "cs checked") - c0))" \
	     "$(($(ruby_count $minor "cs rejected") - r0))" \
	     "$(sed -n 's/^cs rejected: [0-9]* (last: \(.*\))$/\1/p' \
		/sys/kernel/debug/dri/$minor/ruby_info)" > "$C/$name.cs"
}

kmscube_run() {
	timeout -k 5 120 kmscube -D /dev/dri/card0 -c 30 > "$C/kmscube.txt" 2>&1
	echo $? > "$C/kmscube.rc"
}

# the desktop shell's background and panel views that have a buffer, in
# weston's scene graph (weston --debug)
shell_views() {
	WAYLAND_DISPLAY=ruby-weston timeout -k 2 10 weston-debug scene-graph 2>/dev/null |
		awk '
		/^\tView / { want = /(background|panel) for output/ }
		want && /SHM buffer/ { n++; want = 0 }
		END { print n + 0 }'
}

# weston on its DRM backend until SIGTERM, sent once its desktop shell
# has drawn the background and panel of each output (or after a minute).
# The rig's kernel has virtual terminals (fbcon's, uml/patches/0006),
# but the display clients are judged without one: weston's direct
# launcher would take /dev/tty0 for its VT, so in weston's mount
# namespace /dev/tty0 is /dev/null, and weston runs without a VT as on a
# kernel without CONFIG_VT (fbdev emulation is off in this boot, so no
# console would draw on its screen anyway). Debian's weston 10 has no libseat
# launcher, so no seat daemon is involved.
weston_run() {
	local name=$1 pid i=0 outputs

	shift
	unshare -m sh -c 'mount --bind /dev/null /dev/tty0 && exec "$@"' weston \
		weston --backend=drm-backend.so --continue-without-input --debug \
		--socket=ruby-weston --log="$C/$name.log" "$@" > "$C/$name.out" 2>&1 &
	pid=$!
	while [ $i -lt 120 ]; do
		sleep 0.5
		i=$((i + 1))
		outputs=$(grep -c "Output '.*' enabled" "$C/$name.log")
		[ "$outputs" -gt 0 ] && [ "$(shell_views)" -ge $((2 * outputs)) ] && break
	done
	WAYLAND_DISPLAY=ruby-weston weston-debug scene-graph > "$C/$name.scene" 2>&1
	# the frame after the shell's last commit
	sleep 1
	kill -TERM $pid
	wait $pid
	echo $? > "$C/$name.rc"
}

# make run: SMPTE bars on every connected monitor, at its preferred mode,
# and in screen.txt a line for each: "<CRTC index> <connector> <mode>"
demo_screen() {
	local k=0 con mode name

	modetest_list
	while read -r con mode name; do
		modetest_run screen-$k -s "$con@$(crtc_id $k):$mode" -F smpte
		echo "$k $name $mode" >> "$C/screen.txt"
		k=$((k + 1))
	done < "$C/connected.txt"
}

clients_run() {
	minor=$(ls /sys/bus/pci/drivers/ruby/*/drm 2>/dev/null | grep '^card' | sed 's/card//')
	[ -n "$minor" ] || return
	# the root file system is the host's: weston's runtime directory (its
	# socket) is the guest's own
	mkdir -p $XDG && mount -t tmpfs -o mode=0700 tmpfs $XDG || return
	modetest_clients
	drm_info -j > "$C/drm_info.json" 2> "$C/drm_info.err"
	echo $? > "$C/drm_info.rc"
	# every refusal's reason and value in dmesg (ratelimited)
	echo 0x2 > /sys/module/drm/parameters/debug
	# Mesa r600 as a user has it: its GBM scanout buffers are 2D-tiled
	export RADEON_THREAD=false MESA_SHADER_CACHE_DISABLE=true
	say "kmscube"
	cs_counted kmscube kmscube_run
	export XDG_RUNTIME_DIR=$XDG
	say "weston (pixman renderer)"
	cs_counted weston-pixman weston_run weston-pixman --use-pixman
	say "weston (GL renderer)"
	cs_counted weston-gl weston_run weston-gl
	unset R600_DEBUG RADEON_THREAD MESA_SHADER_CACHE_DISABLE XDG_RUNTIME_DIR
	echo 0 > /sys/module/drm/parameters/debug
	umount $XDG && rmdir $XDG
}
