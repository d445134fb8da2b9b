// SPDX-License-Identifier: GPL-2.0
/*
 * Allocation failures on ruby's real paths. For each operation (probe
 * through sysfs bind, the GEM ioctls, a CPU fault on a mapping, PRIME,
 * the CS ioctl on both rings) the 1st, 2nd, ... allocation that ruby's
 * code reaches fails, through /proc/thread-self/fail-nth, until the
 * operation runs with no allocation left to fail. After each failure the
 * caller must have a clean error (or, where the failure is absorbed, a
 * right result), a job queued before the call must complete, the device
 * must still run a stream on both rings, and the device must hold exactly
 * what it held before (debugfs ruby_objects, pinned user pages).
 *
 * failslab and fail_page_alloc count only allocations with a frame of
 * ruby's text on the stack (their stack-trace filter), GFP_KERNEL ones and
 * single pages included. Probe is run twice, each time with a part of
 * ruby's text that leaves ruby_pci_probe() and ruby_device_init() out
 * (require_range()): the allocations of the DRM and PCI core calls of
 * probe itself are not injected, as in 6.12 a failure in
 * devm_drm_dev_alloc()'s minor allocation oopses in
 * drm_minor_alloc_release() (a DRM core bug), nor those of the firmware
 * loader, which reads files into vmalloc'ed memory: vmalloc reports its
 * failures with a stack dump, by design, and the rig would take that for
 * a bug. Each filter leaves one kernel function alone: failslab UML's
 * PCI transport, um_pci_send_cmd(), which allocates for every posted
 * register write (a simulator artefact real hardware does not have), and
 * fail_page_alloc SLUB's new_slab(), whose failures SLUB absorbs itself
 * (they never reach ruby) and whose occurrence depends on the state of
 * the slabs, which would shift the numbering from run to run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>

#include <linux/udmabuf.h>

#include "../../../kselftest_harness.h"
#include "radeon_util.h"

#define PAGE			4096u
#define MEM_WRITE		0x3d
#define DATA32			0x40000
#define WRITABLE		(RADEON_GEM_USERPTR_ANONONLY | RADEON_GEM_USERPTR_REGISTER)

#define FAIL_NTH		"/proc/thread-self/fail-nth"
#define FAULT_DIR		"/sys/kernel/debug/"
/* far more than any operation reaches: a loop that never ends is a bug */
#define MAX_POINTS		5000

/* ---- the fault-injection knobs (Documentation/fault-injection) ---- */

struct knob {
	const char *path;	/* under FAULT_DIR */
	char value[24];		/* what the test needs */
	char saved[24];		/* what was there */
};

/*
 * failslab and fail_page_alloc, each filtered to ruby's frames, each with
 * a kernel function whose allocations it leaves alone (see the top).
 */
static struct knob knobs[] = {
	{ "failslab/ignore-gfp-wait", "N" },
	{ "failslab/verbose", "0" },
	{ "fail_page_alloc/ignore-gfp-wait", "N" },
	{ "fail_page_alloc/ignore-gfp-highmem", "N" },
	{ "fail_page_alloc/min-order", "0" },
	{ "fail_page_alloc/verbose", "0" },
	{ "failslab/require-start" }, { "failslab/require-end" },
	{ "fail_page_alloc/require-start" }, { "fail_page_alloc/require-end" },
	{ "failslab/reject-start" }, { "failslab/reject-end" },
	{ "fail_page_alloc/reject-start" }, { "fail_page_alloc/reject-end" },
};

#define KNOB_RANGES	6	/* knobs[] from here on are addresses */
#define KNOB_REQUIRE	KNOB_RANGES
#define KNOB_REJECT	(KNOB_RANGES + 4)

static int read_text(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	return 0;
}

/*
 * The text of module @name: from its base in /proc/modules (its text
 * comes first) for its size, but not into another module placed after it.
 */
static bool module_text(const char *name, unsigned long *start, unsigned long *end)
{
	unsigned long addr, size, next = ~0ul, base = 0;
	char line[512], mod[64];
	FILE *f = fopen("/proc/modules", "r");

	if (!f)
		return false;
	*end = 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%63s %lu %*s %*s %*s %lx", mod, &size, &addr) != 3)
			continue;
		if (!strcmp(mod, name)) {
			base = addr;
			*end = addr + size;
		} else if (addr) {
			next = next < addr ? next : addr;
		}
	}
	fclose(f);
	*start = base;
	if (base && next > base && next < *end)
		*end = next;
	return base != 0;
}

/* The functions whose addresses the filter needs, from /proc/kallsyms */
enum { SYM_PROBE, SYM_DEVICE_INIT, SYM_UCODE, SYM_UM_PCI, SYM_NEW_SLAB, NSYMS };

static const char *const sym_names[NSYMS] = {
	"ruby_pci_probe", "ruby_device_init", "ucode_request",
	"um_pci_send_cmd", "new_slab",
};

/*
 * Where each function of sym_names[] starts and ends (at the next symbol:
 * module symbols are not listed in address order, so all are looked at).
 */
static bool find_functions(unsigned long *start, unsigned long *end)
{
	char line[512], sym[256], type;
	unsigned long addr;
	unsigned int i, pass;
	FILE *f;

	memset(start, 0, NSYMS * sizeof(*start));
	for (i = 0; i < NSYMS; i++)
		end[i] = ~0ul;
	for (pass = 0; pass < 2; pass++) {
		f = fopen("/proc/kallsyms", "r");
		if (!f)
			return false;
		while (fgets(line, sizeof(line), f)) {
			if (sscanf(line, "%lx %c %255s", &addr, &type, sym) != 3)
				continue;
			for (i = 0; i < NSYMS; i++) {
				if (!pass && !strcmp(sym, sym_names[i]))
					start[i] = addr;
				else if (pass && addr > start[i] && addr < end[i])
					end[i] = addr;
			}
		}
		fclose(f);
	}
	/* UML's PCI transport: only there */
	if (!start[SYM_UM_PCI])
		end[SYM_UM_PCI] = 0;
	for (i = 0; i < NSYMS; i++)
		if (i != SYM_UM_PCI && (!start[i] || end[i] == ~0ul))
			return false;
	return true;
}

/* knobs[@i] and the next: [@start, @end) */
static void set_range(unsigned int i, unsigned long start, unsigned long end)
{
	snprintf(knobs[i].value, sizeof(knobs[i].value), "%lu", start);
	snprintf(knobs[i + 1].value, sizeof(knobs[i + 1].value), "%lu", end);
}

/* Which of ruby's frames the filter requires on the stack */
enum scope {
	ALL_OF_RUBY,
	/* probe: the files before ruby_device.c (buffers, CP, CS, debugfs) */
	PROBE_LOW,
	/* probe: those after ruby_drv.c up to the microcode loader */
	PROBE_HIGH,
};

/*
 * For probe, not ruby_device_init() nor ruby_pci_probe(), which are on
 * the stack of every allocation of probe (see the top), nor the request
 * of the microcode files. The block inits and what they call are in one
 * range or the other.
 */
static int require_range(enum scope scope, const unsigned long *start,
			 const unsigned long *end)
{
	unsigned long lo, hi;
	char text[32];

	if (!module_text(RUBY_DRIVER, &lo, &hi) ||
	    read_text("/sys/module/" RUBY_DRIVER "/sections/.text", text, sizeof(text)))
		return -ENOENT;
	/* ruby's .text is in there */
	if (strtoul(text, NULL, 16) < lo || strtoul(text, NULL, 16) >= hi)
		return -ERANGE;
	if (scope == PROBE_LOW)
		hi = start[SYM_DEVICE_INIT];
	if (scope == PROBE_HIGH) {
		lo = end[SYM_PROBE];
		hi = start[SYM_UCODE];
	}
	/* the link order this relies on: device, ..., drv, ..., ucode */
	if (scope != ALL_OF_RUBY &&
	    (start[SYM_DEVICE_INIT] > start[SYM_PROBE] || start[SYM_PROBE] > start[SYM_UCODE]))
		return -ERANGE;
	set_range(KNOB_REQUIRE, lo, hi);
	set_range(KNOB_REQUIRE + 2, lo, hi);
	return 0;
}

/* The address ranges of the filter: 0 or -errno. */
static int knob_ranges(enum scope scope)
{
	unsigned long start[NSYMS], end[NSYMS];

	if (!find_functions(start, end))
		return -ESRCH;
	set_range(KNOB_REJECT, start[SYM_UM_PCI], end[SYM_UM_PCI]);
	set_range(KNOB_REJECT + 2, start[SYM_NEW_SLAB], end[SYM_NEW_SLAB]);
	return require_range(scope, start, end);
}

/* Point failslab and fail_page_alloc at ruby's frames in @scope. */
static int knobs_set(enum scope scope)
{
	char path[PATH_MAX];
	unsigned int i;
	int ret = knob_ranges(scope);

	for (i = 0; !ret && i < ARRAY_SIZE(knobs); i++) {
		snprintf(path, sizeof(path), FAULT_DIR "%s", knobs[i].path);
		ret = read_text(path, knobs[i].saved, sizeof(knobs[i].saved));
		if (!ret)
			ret = ruby_sysfs_write(path, knobs[i].value);
	}
	return ret;
}

static void knobs_restore(void)
{
	char path[PATH_MAX];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(knobs); i++) {
		snprintf(path, sizeof(path), FAULT_DIR "%s", knobs[i].path);
		if (knobs[i].saved[0])
			ruby_sysfs_write(path, knobs[i].saved);
	}
}

/* The @n-th allocation ruby reaches from now on, in this thread, fails. */
static void fail_nth(unsigned int n)
{
	char v[16];

	snprintf(v, sizeof(v), "%u", n);
	ruby_sysfs_write(FAIL_NTH, v);
}

/* Did the failure armed by fail_nth() happen? Disarms it either way. */
static bool failed_nth(void)
{
	char v[16] = "";

	read_text(FAIL_NTH, v, sizeof(v));
	ruby_sysfs_write(FAIL_NTH, "0");
	return atoi(v) == 0;
}

/* ---- what the device holds ---- */

struct held {
	long long v[6];		/* ruby_objects, in held_keys[] order */
	long long pins;		/* FOLL_PIN pages outstanding */
};

static const char *const held_keys[] = {
	"objects", "object bytes", "vram used", "gtt used", "pinned vram",
	"pinned gtt",
};

/* 0, or -errno (-ENOENT: there is no such file) */
static int held_read(int minor, struct held *h)
{
	char buf[1024], key[32];
	unsigned int i;
	const char *p;

	int ret = RUBY_DEBUGFS_READ(minor, "ruby_objects", buf);

	if (ret)
		return ret;
	for (i = 0; i < ARRAY_SIZE(held_keys); i++) {
		snprintf(key, sizeof(key), "%s: ", held_keys[i]);
		p = strstr(buf, key);
		if (!p || sscanf(p + strlen(key), "%lld", &h->v[i]) != 1)
			return -EINVAL;
	}
	h->pins = foll_pins_outstanding();
	return 0;
}

/*
 * Wait up to 2 s for the device to hold @want again: buffers of pages
 * ruby does not own are destroyed by TTM's worker, after their fences.
 */
static bool held_settle(int minor, const struct held *want, struct held *now)
{
	int i;

	for (i = 0; i < 200; i++) {
		if (!held_read(minor, now) && !memcmp(now, want, sizeof(*now)))
			return true;
		usleep(10000);
	}
	return false;
}

/* @h as text, in @buf */
static const char *held_text(const struct held *h, char *buf, size_t size)
{
	snprintf(buf, size, "objects %lld bytes %lld vram %lld gtt %lld pinned %lld/%lld pins %lld",
		 h->v[0], h->v[1], h->v[2], h->v[3], h->v[4], h->v[5], h->pins);
	return buf;
}

/* ---- the device works: streams on both rings reach their fences ---- */

struct witness {
	int fd;
	uint32_t bo;
	uint32_t *map;
	uint32_t seq;
};

static int witness_open(struct witness *w)
{
	w->fd = ruby_open_node("renderD");
	if (w->fd < 0)
		return -ENODEV;
	if (radeon_gem_create(w->fd, PAGE, RADEON_GEM_DOMAIN_GTT, 0, &w->bo))
		return -ENOMEM;
	w->map = radeon_gem_map(w->fd, w->bo, PAGE);
	return w->map == MAP_FAILED ? -ENOMEM : 0;
}

static void witness_close(struct witness *w)
{
	if (w->map && w->map != MAP_FAILED)
		munmap(w->map, PAGE);
	if (w->fd >= 0)
		close(w->fd);
	w->fd = -1;
	w->map = NULL;
}

/* A GFX stream that writes the next sequence number; not waited for. */
static int witness_submit(struct witness *w)
{
	const uint32_t ib[] = {
		PKT3(MEM_WRITE, 4), 0, DATA32, ++w->seq, 0, RELOC_NOP, 0,
	};
	struct drm_radeon_cs_reloc r = radeon_reloc(w->bo, RADEON_GEM_DOMAIN_GTT, true);

	return radeon_cs(w->fd, ib, ARRAY_SIZE(ib), &r, 1, NULL, 0);
}

/*
 * The stream witness_submit() queued ran, and a DMA stream runs now (a
 * second GFX one where the chip has no DMA engine).
 */
static bool witness_ok(struct witness *w)
{
	struct drm_radeon_cs_reloc r = radeon_reloc(w->bo, RADEON_GEM_DOMAIN_GTT, true);
	const uint32_t val = ~w->seq;

	if (radeon_gem_wait_idle(w->fd, w->bo) || w->map[0] != w->seq)
		return false;
	if (radeon_gpu_write(w->fd, r, 4, &val, 1) ||
	    radeon_gem_wait_idle(w->fd, w->bo))
		return false;
	return w->map[1] == ~w->seq;
}

/* ---- what an operation works on ---- */

struct op_ctx {
	int fd;
	uint32_t h[2];		/* buffers prepare() made */
	uint32_t out;		/* the handle run() made */
	uint32_t gone;		/* the handle run() closed */
	int dmabuf;		/* a dma-buf run() or prepare() made, or -1 */
	int memfd;
	uint32_t *mem;		/* user memory, or a CPU mapping */
	size_t len;
};

struct op {
	const char *name;
	/* before the failure is armed: what the operation needs */
	int (*prepare)(struct op_ctx *c);
	/* the operation: 0 or -errno */
	int (*run)(struct op_ctx *c);
	/* after run() succeeded: is the result right (0) */
	int (*check)(struct op_ctx *c);
	/* give back all of the above */
	void (*undo)(struct op_ctx *c);
	/* a clean error of the operation besides -ENOMEM, or 0 */
	int also;
	/* it may reach no allocation at all (nothing to inject) */
	bool may_not_allocate;
	/* it is the DMA ring's: skipped on a chip without one */
	bool dma_ring;
};

/*
 * Write @val at byte @off of @h with the DMA engine (the GFX ring where
 * the chip has none) and wait for it.
 */
static int gpu_write_wait(int fd, uint32_t h, uint32_t domain, uint32_t off, uint32_t val)
{
	struct drm_radeon_cs_reloc r = radeon_reloc(h, domain, true);
	int ret = radeon_gpu_write(fd, r, off, &val, 1);

	return ret ?: radeon_gem_wait_idle(fd, h);
}

static void undo_all(struct op_ctx *c)
{
	unsigned int i;

	if (c->out)
		radeon_gem_close(c->fd, c->out);
	for (i = 0; i < ARRAY_SIZE(c->h); i++)
		if (c->h[i])
			radeon_gem_close(c->fd, c->h[i]);
	if (c->dmabuf >= 0)
		close(c->dmabuf);
	if (c->memfd >= 0) {
		munmap(c->mem, c->len);
		close(c->memfd);
	} else if (c->mem) {
		munmap(c->mem, c->len);
	}
}

/* GEM_CREATE */

static int create_vram(struct op_ctx *c)
{
	return radeon_gem_create(c->fd, 256 * 1024, RADEON_GEM_DOMAIN_VRAM, 0, &c->out);
}

static int create_gtt(struct op_ctx *c)
{
	return radeon_gem_create(c->fd, 256 * 1024, RADEON_GEM_DOMAIN_GTT, 0, &c->out);
}

static int check_vram(struct op_ctx *c)
{
	return gpu_write_wait(c->fd, c->out, RADEON_GEM_DOMAIN_VRAM, 4096, 0x7a11);
}

static int check_gtt(struct op_ctx *c)
{
	return gpu_write_wait(c->fd, c->out, RADEON_GEM_DOMAIN_GTT, 4096, 0x6771);
}

/* GEM_MMAP and the CPU faults on the mapping */

static sigjmp_buf fault_env;

static void on_fault(int sig)
{
	siglongjmp(fault_env, sig);
}

static int prepare_cpu_bo(struct op_ctx *c)
{
	c->len = 64 * 1024;
	return radeon_gem_create(c->fd, c->len, RADEON_GEM_DOMAIN_CPU, 0, &c->h[0]);
}

/* placed out of the CPU's reach: the fault moves it into the window */
static int prepare_hidden_bo(struct op_ctx *c)
{
	c->len = 64 * 1024;
	return radeon_gem_create(c->fd, c->len, RADEON_GEM_DOMAIN_VRAM,
				 RADEON_GEM_NO_CPU_ACCESS, &c->h[0]);
}

/* map, then fault in every page by writing it; SIGBUS is -EFAULT */
static int map_and_touch(struct op_ctx *c)
{
	struct drm_radeon_gem_mmap m = { .handle = c->h[0] };
	void *p;

	if (ioctl(c->fd, DRM_IOCTL_RADEON_GEM_MMAP, &m))
		return -errno;
	p = mmap(NULL, c->len, PROT_READ | PROT_WRITE, MAP_SHARED, c->fd, m.addr_ptr);
	if (p == MAP_FAILED)
		return -errno;
	c->mem = p;
	if (sigsetjmp(fault_env, 1))
		return -EFAULT;
	ruby_fill(c->mem, 0xfa017000, c->len);
	return 0;
}

/* what the CPU wrote is what the GPU copies out */
static int check_touched(struct op_ctx *c)
{
	uint32_t dst = 0, *map;
	int ret;

	if (radeon_gem_create(c->fd, c->len, RADEON_GEM_DOMAIN_GTT, 0, &dst))
		return -ENOMEM;
	ret = radeon_copy_gtt(c->fd, dst, 0, c->h[0], 0, c->len) ?:
	      radeon_gem_wait_idle(c->fd, dst);
	map = radeon_gem_map(c->fd, dst, c->len);
	if (!ret && map != MAP_FAILED)
		ret = memcmp(map, c->mem, c->len) ? -EIO : 0;
	if (map != MAP_FAILED)
		munmap(map, c->len);
	radeon_gem_close(c->fd, dst);
	return ret;
}

/* GEM_USERPTR */

static int prepare_user(struct op_ctx *c)
{
	c->len = 4 * PAGE;
	c->mem = mmap(NULL, c->len, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (c->mem == MAP_FAILED) {
		c->mem = NULL;
		return -ENOMEM;
	}
	memset(c->mem, 0, c->len);
	return 0;
}

static int userptr(struct op_ctx *c)
{
	return radeon_gem_userptr(c->fd, c->mem, c->len,
				  WRITABLE | RADEON_GEM_USERPTR_VALIDATE, &c->out);
}

static int check_user(struct op_ctx *c)
{
	int ret = gpu_write_wait(c->fd, c->out, RADEON_GEM_DOMAIN_GTT, 2 * PAGE, 0x05e4);

	return ret ?: (c->mem[2 * PAGE / 4] == 0x05e4 ? 0 : -EIO);
}

/* PRIME export */

static int prepare_gtt_bo(struct op_ctx *c)
{
	c->len = 16 * 1024;
	return radeon_gem_create(c->fd, c->len, RADEON_GEM_DOMAIN_GTT, 0, &c->h[0]);
}

static int export(struct op_ctx *c)
{
	struct drm_prime_handle p = { .handle = c->h[0], .flags = DRM_CLOEXEC | DRM_RDWR };

	if (ioctl(c->fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &p))
		return -errno;
	c->dmabuf = p.fd;
	return 0;
}

static int check_export(struct op_ctx *c)
{
	return lseek(c->dmabuf, 0, SEEK_END) == (off_t)c->len ? 0 : -EIO;
}

/* PRIME import of another driver's dma-buf (udmabuf) */

static int prepare_udmabuf(struct op_ctx *c)
{
	struct udmabuf_create u = { .flags = UDMABUF_FLAGS_CLOEXEC, .size = 4 * PAGE };
	int dev = open("/dev/udmabuf", O_RDWR | O_CLOEXEC);

	if (dev < 0)
		return -errno;
	c->len = u.size;
	c->memfd = memfd_create("ruby-fault", MFD_ALLOW_SEALING | MFD_CLOEXEC);
	if (c->memfd >= 0 && !ftruncate(c->memfd, c->len) &&
	    !fcntl(c->memfd, F_ADD_SEALS, F_SEAL_SHRINK)) {
		c->mem = mmap(NULL, c->len, PROT_READ | PROT_WRITE, MAP_SHARED, c->memfd, 0);
		u.memfd = c->memfd;
		c->dmabuf = ioctl(dev, UDMABUF_CREATE, &u);
	}
	close(dev);
	return c->dmabuf >= 0 && c->mem != MAP_FAILED ? 0 : -EIO;
}

static int import(struct op_ctx *c)
{
	struct drm_prime_handle p = { .fd = c->dmabuf };

	if (ioctl(c->fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &p))
		return -errno;
	c->out = p.handle;
	return 0;
}

static int check_import(struct op_ctx *c)
{
	int ret = gpu_write_wait(c->fd, c->out, RADEON_GEM_DOMAIN_GTT, 3 * PAGE, 0x1e90);

	return ret ?: (c->mem[3 * PAGE / 4] == 0x1e90 ? 0 : -EIO);
}

/*
 * GEM_CLOSE of an imported buffer the GPU still writes: TTM gives it
 * fences of its own (it shares the exporter's) before it lets it go.
 */
static int prepare_busy_import(struct op_ctx *c)
{
	const uint32_t val = 0xb5;
	struct drm_radeon_cs_reloc r;
	int ret = prepare_udmabuf(c) ?: import(c);

	c->h[0] = c->out;
	c->out = 0;
	r = radeon_reloc(c->h[0], RADEON_GEM_DOMAIN_GTT, true);
	return ret ?: radeon_gpu_write(c->fd, r, 0, &val, 1);
}

static int gem_close(struct op_ctx *c)
{
	int ret = radeon_gem_close(c->fd, c->h[0]);

	if (!ret) {
		c->gone = c->h[0];
		c->h[0] = 0;
	}
	return ret;
}

static int check_closed(struct op_ctx *c)
{
	uint32_t domain;

	return radeon_gem_busy(c->fd, c->gone, &domain) == -ENOENT ? 0 : -EIO;
}

/* CS: a buffer TTM must populate and move (CPU domain), one in VRAM */

static int prepare_cs(struct op_ctx *c)
{
	c->len = 16 * 1024;
	return radeon_gem_create(c->fd, c->len, RADEON_GEM_DOMAIN_CPU, 0, &c->h[0]) ?:
	       radeon_gem_create(c->fd, c->len, RADEON_GEM_DOMAIN_VRAM, 0, &c->h[1]);
}

static void cs_relocs(struct op_ctx *c, struct drm_radeon_cs_reloc *r)
{
	r[0] = radeon_reloc(c->h[0], RADEON_GEM_DOMAIN_GTT, true);
	r[1] = radeon_reloc(c->h[1], RADEON_GEM_DOMAIN_VRAM, true);
}

static int cs_gfx(struct op_ctx *c)
{
	const uint32_t ib[] = {
		PKT3(MEM_WRITE, 4), 64, DATA32, 0xc5000001, 0, RELOC_NOP, 0,
		PKT3(MEM_WRITE, 4), 64, DATA32, 0xc5000002, 0, RELOC_NOP, 4,
	};
	struct drm_radeon_cs_reloc r[2];

	cs_relocs(c, r);
	return radeon_cs(c->fd, ib, ARRAY_SIZE(ib), r, 2, NULL, 0);
}

static int cs_dma(struct op_ctx *c)
{
	const uint32_t ib[] = {
		DMA_PKT(DMA_WRITE, 0, 1), 64, 0, 0xc5000001,
		DMA_PKT(DMA_WRITE, 0, 1), 64, 0, 0xc5000002,
	};
	struct drm_radeon_cs_reloc r[2];

	cs_relocs(c, r);
	return radeon_cs_dma(c->fd, ib, ARRAY_SIZE(ib), r, 2);
}

/* both streams wrote dword 16 of their buffer */
static int check_cs(struct op_ctx *c)
{
	uint32_t v[2] = {}, i, *map;

	for (i = 0; i < 2; i++) {
		if (radeon_gem_wait_idle(c->fd, c->h[i]))
			return -EIO;
		map = radeon_gem_map(c->fd, c->h[i], c->len);
		if (map == MAP_FAILED)
			return -ENOMEM;
		v[i] = map[16];
		munmap(map, c->len);
	}
	return v[0] == 0xc5000001 && v[1] == 0xc5000002 ? 0 : -EIO;
}

static const struct op ops[] = {
	{ "gem_create_vram", NULL, create_vram, check_vram, undo_all },
	{ "gem_create_gtt", NULL, create_gtt, check_gtt, undo_all },
	{ "gem_mmap_fault_cpu", prepare_cpu_bo, map_and_touch, check_touched, undo_all },
	{ "gem_mmap_fault_vram", prepare_hidden_bo, map_and_touch, check_touched, undo_all },
	{ "gem_userptr", prepare_user, userptr, check_user, undo_all },
	{ "prime_export", prepare_gtt_bo, export, check_export, undo_all },
	{ "prime_import_udmabuf", prepare_udmabuf, import, check_import, undo_all },
	/* TTM frees what it can at once, and copies fences only if it must */
	{ "gem_close_busy_import", prepare_busy_import, gem_close, check_closed, undo_all,
	  .may_not_allocate = true },
	{ "cs_gfx", prepare_cs, cs_gfx, check_cs, undo_all },
	{ "cs_dma", prepare_cs, cs_dma, check_cs, undo_all, .dma_ring = true },
};

/* ---- injection points exercised, across the tests (shared memory) ---- */

struct tally {
	unsigned int points;	/* (operation, n) whose allocation failed */
	unsigned int errors;	/* ... and the caller got an error */
	unsigned int ops;
};

static struct tally *total;

static void __attribute__((constructor)) tally_init(void)
{
	total = mmap(NULL, sizeof(*total), PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (total == MAP_FAILED)
		total = NULL;
	else
		memset(total, 0, sizeof(*total));
}

static void tally_add(const char *what, const struct tally *t, time_t since)
{
	ksft_print_msg("%s: %u injection points, %u errors, %u absorbed, %ld s\n",
		       what, t->points, t->errors, t->points - t->errors,
		       (long)(time(NULL) - since));
	if (!total)
		return;
	total->points += t->points;
	total->errors += t->errors;
	total->ops++;
}

/* ---- GEM, PRIME and CS operations ---- */

FIXTURE(fi) {
	struct witness w;
	int minor;
	bool armed;
};

FIXTURE_VARIANT(fi) {
	const struct op *op;
};

FIXTURE_VARIANT_ADD(fi, gem_create_vram) { .op = &ops[0] };
FIXTURE_VARIANT_ADD(fi, gem_create_gtt) { .op = &ops[1] };
FIXTURE_VARIANT_ADD(fi, gem_mmap_fault_cpu) { .op = &ops[2] };
FIXTURE_VARIANT_ADD(fi, gem_mmap_fault_vram) { .op = &ops[3] };
FIXTURE_VARIANT_ADD(fi, gem_userptr) { .op = &ops[4] };
FIXTURE_VARIANT_ADD(fi, prime_export) { .op = &ops[5] };
FIXTURE_VARIANT_ADD(fi, prime_import_udmabuf) { .op = &ops[6] };
FIXTURE_VARIANT_ADD(fi, gem_close_busy_import) { .op = &ops[7] };
FIXTURE_VARIANT_ADD(fi, cs_gfx) { .op = &ops[8] };
FIXTURE_VARIANT_ADD(fi, cs_dma) { .op = &ops[9] };

static void fi_require(struct __test_metadata *_metadata)
{
	if (access(FAIL_NTH, F_OK) || access(FAULT_DIR "failslab", F_OK))
		SKIP(return, "no fail-nth or failslab (CONFIG_FAULT_INJECTION_DEBUG_FS)");
	if (access(FAULT_DIR "failslab/require-start", F_OK))
		SKIP(return, "no CONFIG_FAULT_INJECTION_STACKTRACE_FILTER");
}

FIXTURE_SETUP(fi)
{
	self->w.fd = -1;
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	if (variant->op->dma_ring && !ruby_has_dma_ring())
		SKIP(return, RUBY_NO_DMA_RING);
	fi_require(_metadata);
	if (_metadata->exit_code == KSFT_SKIP)
		return;
	self->minor = ruby_card_minor();
	if (self->minor < 0)
		SKIP(return, "no device bound to ruby");
	ASSERT_EQ(witness_open(&self->w), 0);
	ASSERT_EQ(knobs_set(ALL_OF_RUBY), 0);
	self->armed = true;
	signal(SIGBUS, on_fault);
}

FIXTURE_TEARDOWN(fi)
{
	if (self->armed)
		knobs_restore();
	witness_close(&self->w);
}

/*
 * One injection point: fail the @n-th allocation of @op. Returns whether
 * it happened (false: the operation has no @n-th allocation).
 */
static bool one_point(struct __test_metadata *_metadata, struct witness *w, int minor,
		      const struct op *op, unsigned int n, struct tally *t)
{
	struct op_ctx c = { .fd = w->fd, .dmabuf = -1, .memfd = -1 };
	struct held before = {}, after = {};
	char now_text[160], was_text[160];
	bool fired;
	int ret;

	EXPECT_EQ(held_read(minor, &before), 0);
	EXPECT_EQ(op->prepare ? op->prepare(&c) : 0, 0);
	EXPECT_EQ(witness_submit(w), 0);
	fail_nth(n);
	ret = op->run(&c);
	fired = failed_nth();
	if (!ret) {
		EXPECT_EQ(op->check(&c), 0) TH_LOG("%s: wrong result, failure %u", op->name, n);
	} else {
		EXPECT_TRUE(fired) TH_LOG("%s: %d with nothing injected", op->name, ret);
		EXPECT_TRUE(ret == -ENOMEM || (op->also && ret == -op->also))
			TH_LOG("%s: failure %u gave %d (%s)", op->name, n, ret, strerror(-ret));
	}
	op->undo(&c);
	EXPECT_TRUE(witness_ok(w)) TH_LOG("%s: failure %u: device lost work", op->name, n);
	EXPECT_TRUE(held_settle(minor, &before, &after))
		TH_LOG("%s: failure %u left %s, was %s", op->name, n,
		       held_text(&after, now_text, sizeof(now_text)),
		       held_text(&before, was_text, sizeof(was_text)));
	t->points += fired;
	t->errors += fired && ret;
	return fired;
}

TEST_F_TIMEOUT(fi, every_allocation_fails_once, 600)
{
	const struct op *op = variant->op;
	struct tally t = {};
	time_t start = time(NULL);
	unsigned int n;

	for (n = 1; n < MAX_POINTS; n++) {
		if (!one_point(_metadata, &self->w, self->minor, op, n, &t))
			break;
		if (_metadata->exit_code != KSFT_PASS)
			break;
	}
	EXPECT_LT(n, MAX_POINTS);
	/* the filter sees ruby's allocations at all */
	if (!op->may_not_allocate)
		EXPECT_GT(t.points, 0);
	tally_add(op->name, &t, start);
}

/* ---- probe: sysfs bind, with ruby's n-th allocation failing ---- */

FIXTURE(probe) {
	char addr[NAME_MAX + 1];
	struct held initial;
	char refcnt[16];
	bool armed;
};

FIXTURE_VARIANT(probe) {
	enum scope scope;
};

FIXTURE_VARIANT_ADD(probe, low) { .scope = PROBE_LOW };
FIXTURE_VARIANT_ADD(probe, high) { .scope = PROBE_HIGH };

FIXTURE_SETUP(probe)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	int minor;

	fi_require(_metadata);
	if (_metadata->exit_code == KSFT_SKIP)
		return;
	if (!ruby_bound_device(self->addr, sizeof(self->addr)))
		SKIP(return, "no device bound to ruby");
	/* the chip's streams, known before a probe may leave no debugfs */
	ruby_gen();
	minor = ruby_card_minor();
	ASSERT_GE(minor, 0);
	ASSERT_EQ(held_read(minor, &self->initial), 0);
	ASSERT_EQ(read_text("/sys/module/" RUBY_DRIVER "/refcnt", self->refcnt,
			    sizeof(self->refcnt)), 0);
	ASSERT_EQ(knobs_set(variant->scope), 0);
	self->armed = true;
}

FIXTURE_TEARDOWN(probe)
{
	char addr[NAME_MAX + 1];

	if (self->armed)
		knobs_restore();
	/* leave the device bound for whatever runs next */
	if (self->addr[0] && !ruby_bound_device(addr, sizeof(addr)))
		ruby_sysfs_write(RUBY_BIND, self->addr);
}

/* A bound device works and holds what it held after the first probe. */
static void probe_works(struct __test_metadata *_metadata, const struct held *initial,
			unsigned int n)
{
	struct witness w = { .fd = -1 };
	char now_text[160], was_text[160];
	struct held now = {};
	int minor = ruby_card_minor();

	ASSERT_GE(minor, 0) TH_LOG("bound after failure %u, but no DRM node", n);
	ASSERT_EQ(witness_open(&w), 0);
	EXPECT_EQ(witness_submit(&w), 0);
	EXPECT_TRUE(witness_ok(&w)) TH_LOG("bound after failure %u, but no stream runs", n);
	witness_close(&w);
	/* debugfs is best effort: a probe goes on without a file of it */
	if (held_read(minor, &now) == -ENOENT) {
		ksft_print_msg("probe: failure %u: no ruby_objects, device works\n", n);
		return;
	}
	EXPECT_TRUE(held_settle(minor, initial, &now))
		TH_LOG("probe after failure %u holds %s, first probe %s", n,
		       held_text(&now, now_text, sizeof(now_text)),
		       held_text(initial, was_text, sizeof(was_text)));
}

/* A failed probe left nothing: no driver, no node, no module reference. */
static void probe_unwound(struct __test_metadata *_metadata, const char *was_refcnt,
			  unsigned int n, int ret)
{
	char addr[NAME_MAX + 1], refcnt[16] = "";

	/*
	 * ruby passes on what it was told: pci_alloc_irq_vectors() says
	 * -ENOSPC for any vector it could not set up.
	 */
	EXPECT_TRUE(ret == -ENOMEM || ret == -ENOSPC)
		TH_LOG("probe failure %u gave %d (%s)", n, ret, strerror(-ret));
	EXPECT_FALSE(ruby_bound_device(addr, sizeof(addr)));
	EXPECT_LT(ruby_card_minor(), 0);
	read_text("/sys/module/" RUBY_DRIVER "/refcnt", refcnt, sizeof(refcnt));
	EXPECT_STREQ(refcnt, was_refcnt);
}

/*
 * Every probe whose failure is absorbed costs a whole bring-up: with
 * RUBY_FI_PROBE_STEP=k only every k-th point is injected, for a shorter
 * run. The default is every point.
 */
static unsigned int probe_step(void)
{
	const char *v = getenv("RUBY_FI_PROBE_STEP");

	return v && atoi(v) > 1 ? atoi(v) : 1;
}

TEST_F_TIMEOUT(probe, every_allocation_fails_once, 1200)
{
	unsigned int n, step = probe_step();
	struct tally t = {};
	time_t start = time(NULL);
	bool bound = true, fired = true;
	int ret;

	for (n = 1; n < MAX_POINTS && fired; n += step) {
		if (bound)
			ASSERT_EQ(ruby_sysfs_write(RUBY_UNBIND, self->addr), 0);
		fail_nth(n);
		ret = ruby_sysfs_write(RUBY_BIND, self->addr);
		fired = failed_nth();
		bound = !ret;
		t.points += fired;
		t.errors += fired && ret;
		if (ret) {
			EXPECT_TRUE(fired) TH_LOG("probe failed (%d) with nothing injected", ret);
			probe_unwound(_metadata, self->refcnt, n, ret);
		} else {
			probe_works(_metadata, &self->initial, n);
		}
		if (_metadata->exit_code != KSFT_PASS)
			break;
	}
	EXPECT_FALSE(fired) TH_LOG("stopped at failure %u", n);
	if (step > 1)
		ksft_print_msg("probe: every %u-th point only (RUBY_FI_PROBE_STEP)\n", step);
	tally_add(variant->scope == PROBE_LOW ? "probe (low)" : "probe (high)", &t, start);
}

/* ---- the sum, which runs last ---- */

FIXTURE(sum) {};
FIXTURE_SETUP(sum) {}
FIXTURE_TEARDOWN(sum) {}

TEST_F(sum, injection_points)
{
	ASSERT_NE(total, NULL);
	ksft_print_msg("total: %u injection points over %u operations, %u errors, %u absorbed\n",
		       total->points, total->ops, total->errors,
		       total->points - total->errors);
}

TEST_HARNESS_MAIN
