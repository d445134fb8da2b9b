// SPDX-License-Identifier: GPL-2.0-only
/*
 * The simulator's control directory (--control-dir): what a person does
 * to a real board while it runs, done by writing files there. The rig
 * passes the boot's directory, which the guest reaches through hostfs,
 * so a test in the guest can plug and unplug monitors.
 *
 *   monitors    the monitors on the board's connectors, as --monitors
 *               takes them ("dvi,hdmi", "vga", "none", "dvi,dp:lanes=2"):
 *               read each time a writer closes it; a change of a pin's
 *               sense interrupts as on hardware
 *   dp-sink     what the DisplayPort monitor does (sim_dp_event()):
 *               "link-lost" (its lanes lose their lock, it pulses HPD
 *               short for the source to retrain) or "link-dead" (the
 *               same, and it never trains again); read each time a
 *               writer closes it
 *
 * The simulator also writes there what a test may need to know of it
 * (sim_control_status()):
 *
 *   hdmi        what the DIGs send to HDMI sinks and the audio endpoint
 *               holds (hdmi.c)
 *   timing      whether the host starved the rig: "seq S late N
 *               worst_us W host_wait_us H" (vblank.c, hostwait.c). The
 *               host runs the simulator and the UML kernel as processes
 *               among others; while it runs neither, frames pass unseen,
 *               and a test measuring frames must not blame the driver.
 *
 * Status files are replaced whole (written beside, then renamed), so a
 * reader through hostfs opens either the old text or the new.
 *
 * The directory is watched with inotify; sim_control_fd() is what the
 * serve loop waits on alongside the front end's socket.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

#include "sim.h"

#define CONTROL_MONITORS	"monitors"
#define CONTROL_DP_SINK		"dp-sink"

static int control_fd = -1;
static char control_dir[4096];

/**
 * sim_control_init - watch @dir for control files
 * @sim: the simulator
 * @dir: the directory, or NULL for no control
 *
 * Return: 0, or -1 after a message.
 */
int sim_control_init(struct sim *sim, const char *dir)
{
	/* a board without connectors has nothing to control */
	if (!dir || !sim->display)
		return 0;
	snprintf(control_dir, sizeof(control_dir), "%s", dir);
	control_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (control_fd < 0 ||
	    inotify_add_watch(control_fd, dir, IN_CLOSE_WRITE | IN_MOVED_TO) < 0) {
		perror(dir);
		return -1;
	}
	return 0;
}

/* the serve loop's wait: -1 when nothing is controlled */
int sim_control_fd(void)
{
	return control_fd;
}

/* the first line of control file @name in @buf ("" if none) */
static void control_read(const char *name, char *buf, size_t size)
{
	char path[4200];
	size_t n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", control_dir, name);
	f = fopen(path, "r");
	if (f) {
		n = fread(buf, 1, size - 1, f);
		fclose(f);
	}
	buf[n] = 0;
	buf[strcspn(buf, "\r\n")] = 0;
}

static void control_monitors(struct sim *sim)
{
	char buf[128];

	control_read(CONTROL_MONITORS, buf, sizeof(buf));
	sim_display_replug(sim, buf[0] ? buf : "none");
}

static void control_dp_sink(struct sim *sim)
{
	char buf[64];

	control_read(CONTROL_DP_SINK, buf, sizeof(buf));
	sim_dp_event(sim, buf);
}

/**
 * sim_control_run - act on the control files written since the last call
 * @sim: the simulator
 */
void sim_control_run(struct sim *sim)
{
	char ev[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
	const struct inotify_event *e;
	ssize_t len;
	char *p;

	while ((len = read(control_fd, ev, sizeof(ev))) > 0) {
		for (p = ev; p < ev + len; p += sizeof(*e) + e->len) {
			e = (const struct inotify_event *)p;
			if (e->len && !strcmp(e->name, CONTROL_MONITORS))
				control_monitors(sim);
			else if (e->len && !strcmp(e->name, CONTROL_DP_SINK))
				control_dp_sink(sim);
		}
	}
	if (len < 0 && errno != EAGAIN)
		sim_log(sim, "control: %s: %s", control_dir, strerror(errno));
}

/**
 * sim_control_status - replace status file @name of the control directory
 * @sim: the simulator
 * @name: the file's name
 * @fmt: its text, printf-style
 *
 * Nothing happens without a control directory.
 */
void sim_control_status(struct sim *sim, const char *name, const char *fmt, ...)
{
	char tmp[4200], path[4200];
	va_list ap;
	FILE *f;

	if (control_fd < 0)
		return;
	snprintf(tmp, sizeof(tmp), "%s/.%s.new", control_dir, name);
	snprintf(path, sizeof(path), "%s/%s", control_dir, name);
	f = fopen(tmp, "w");
	if (!f) {
		sim_log(sim, "control: %s: %s", tmp, strerror(errno));
		return;
	}
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	if (fclose(f) || rename(tmp, path))
		sim_log(sim, "control: %s: %s", path, strerror(errno));
}
