// SPDX-License-Identifier: GPL-2.0-only
/*
 * ruby-sim: a simulated AMD Radeon attached to a User-Mode-Linux kernel
 * through virt-pci (vhost-user). See README.md.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "models.h"
#include "vbios.h"
#include "vhost_user.h"

#define EXIT_UNMODELLED	3
#define EXIT_GPU_FAULT	4
#define MAX_UNMODEL	16

static void usage(FILE *out)
{
	fprintf(out,
		"usage: ruby-sim --socket PATH [--asic NAME] [--device-id 0xNNNN]\n"
		"                [--vram-mb N] [--bar0-mb N] [--vram-file PATH]\n"
		"                [--log PATH] [--trace]\n"
		"                [--unmodel 0xOFFSET]... [--msi-on-write 0xOFFSET]\n"
		"                [--firmware-dir DIR] [--cp-hang] [--dma-hang]\n"
		"                [--lose-so-flush] [--vbios-corrupt WHAT] [--rom-disabled] [--cold]\n"
		"                [--monitors none|dvi,hdmi,vga[:badsum]] [--scanout-dir DIR]\n"
		"                [--control-dir DIR]\n"
		"                [--list-asics] [--vbios-out PATH] [--help]\n");
}

static int parse_u32(const char *s, uint32_t *out)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 0);
	if (errno || *end || v > UINT32_MAX)
		return -1;
	*out = v;
	return 0;
}

/* --vbios-out: the simulated board's video BIOS, as its ROM would hold it */
static int write_vbios(const char *path)
{
	static struct atom_asm a;
	FILE *f;

	if (vbios_build_cedar(&a, sim_asic_find("cedar")->vram_mib)) {
		fprintf(stderr, "ruby-sim: VBIOS: %s\n", a.err);
		return 1;
	}
	f = fopen(path, "wb");
	if (!f || fwrite(a.img, 1, a.len, f) != a.len || fclose(f)) {
		perror(path);
		return 1;
	}
	return 0;
}

static bool is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "socket", required_argument, NULL, 's' },
		{ "asic", required_argument, NULL, 'a' },
		{ "device-id", required_argument, NULL, 'd' },
		{ "vram-mb", required_argument, NULL, 'v' },
		{ "bar0-mb", required_argument, NULL, 'b' },
		{ "vram-file", required_argument, NULL, 'V' },
		{ "log", required_argument, NULL, 'l' },
		{ "trace", no_argument, NULL, 't' },
		{ "unmodel", required_argument, NULL, 'u' },
		{ "msi-on-write", required_argument, NULL, 'm' },
		{ "firmware-dir", required_argument, NULL, 'f' },
		{ "cp-hang", no_argument, NULL, 'H' },
		{ "dma-hang", no_argument, NULL, 'D' },
		{ "lose-so-flush", no_argument, NULL, 'S' },
		{ "list-asics", no_argument, NULL, 'L' },
		{ "vbios-out", required_argument, NULL, 'O' },
		{ "vbios-corrupt", required_argument, NULL, 'C' },
		{ "cold", no_argument, NULL, 'c' },
		{ "rom-disabled", no_argument, NULL, 'R' },
		{ "monitors", required_argument, NULL, 'M' },
		{ "scanout-dir", required_argument, NULL, 'P' },
		{ "control-dir", required_argument, NULL, 'K' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	uint32_t unmodel[MAX_UNMODEL], device_id = 0, vram_mb = 0, bar0_mb = 0, v;
	const char *socket_path = NULL, *asic_name = "cedar", *log_path = NULL;
	const char *vram_path = NULL, *vbios_corrupt = NULL, *monitors = NULL;
	const char *scanout_dir = NULL, *control_dir = NULL;
	static struct sim sim;
	unsigned int nunmodel = 0, i;
	struct vu *vu;
	int c, ret;

	sim.log = stderr;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 's': socket_path = optarg; break;
		case 'a': asic_name = optarg; break;
		case 'l': log_path = optarg; break;
		case 'V': vram_path = optarg; break;
		case 't': sim.trace = true; break;
		case 'f': sim.firmware_dir = optarg; break;
		case 'H': sim.cp.hang_on_start = true; break;
		case 'D': sim.dma.hang_on_start = true; break;
		case 'S': sim.cp.lose_so_flush = true; break;
		case 'L': sim_asic_list(stdout); return 0;
		case 'O': return write_vbios(optarg);
		case 'C': vbios_corrupt = optarg; break;
		case 'c': sim.cold = true; break;
		case 'R': sim.rom_disabled = true; break;
		case 'M': monitors = optarg; break;
		case 'P': scanout_dir = optarg; break;
		case 'K': control_dir = optarg; break;
		case 'h': usage(stdout); return 0;
		case 'd': case 'v': case 'b': case 'u': case 'm':
			if (parse_u32(optarg, &v)) {
				fprintf(stderr, "ruby-sim: bad number '%s'\n", optarg);
				return 1;
			}
			if (c == 'd')
				device_id = v;
			else if (c == 'v')
				vram_mb = v;
			else if (c == 'b')
				bar0_mb = v;
			else if (c == 'm')
				sim.msi_on_write = v;
			else if (nunmodel < MAX_UNMODEL)
				unmodel[nunmodel++] = v;
			break;
		default:
			usage(stderr);
			return 1;
		}
	}
	if (!socket_path || optind != argc) {
		usage(stderr);
		return 1;
	}
	sim.asic = sim_asic_find(asic_name);
	if (!sim.asic) {
		fprintf(stderr, "ruby-sim: unknown ASIC '%s' (--list-asics)\n", asic_name);
		return 1;
	}
	sim.device_id = device_id ? device_id : sim.asic->device_id;
	sim.asic_rbs = sim.asic->rbs;
	if (!vram_mb)
		vram_mb = sim.asic->vram_mib;
	if (!bar0_mb)
		bar0_mb = vram_mb < 128 ? vram_mb : 128;
	if (!is_pow2(vram_mb) || !is_pow2(bar0_mb) || bar0_mb > vram_mb ||
	    bar0_mb > 128) {
		fprintf(stderr, "ruby-sim: VRAM and BAR0 sizes must be powers of two, BAR0 <= min(VRAM, 128 MiB)\n");
		return 1;
	}
	if (log_path) {
		sim.log = fopen(log_path, "w");
		if (!sim.log) {
			perror(log_path);
			return 1;
		}
	}
	if (sim_vram_init(&sim, (uint64_t)vram_mb << 20, (uint64_t)bar0_mb << 20,
			  vram_path)) {
		perror(vram_path ? vram_path : "ruby-sim: VRAM");
		return 1;
	}
	sim_regs_init(&sim);
	for (i = 0; sim.asic->blocks[i]; i++)
		sim_regs_add_block(&sim, sim.asic->blocks[i]);
	if (sim.asic->has_vbios) {
		sim_scanout_init(&sim, scanout_dir);
		sim_vblank_init(&sim);
	}
	for (i = 0; i < nunmodel; i++)
		if (!sim_regs_unmodel(&sim, unmodel[i]))
			fprintf(stderr, "ruby-sim: --unmodel %#x: not a modelled register\n",
				unmodel[i]);
	if (sim_rom_init(&sim, vbios_corrupt) || sim_display_init(&sim, monitors) ||
	    sim_control_init(&sim, control_dir))
		return 1;
	if (sim.asic->has_vbios)
		sim_vblank_status(&sim);
	if (sim.cold && !sim.asic->post) {
		fprintf(stderr, "ruby-sim: --cold: %s has no model of POST\n", sim.asic->name);
		return 1;
	}
	/* the system firmware POSTed the card, unless it is --cold */
	if (!sim.cold && sim.asic->post)
		sim.asic->post(&sim);
	sim_pci_init(&sim);
	sim_mc_init(&sim);
	if (sim.asic->init)
		sim.asic->init(&sim);
	sim_ucode_init(&sim);

	sim_log(&sim, "sim: asic=%s device=%#06x vram=%uMiB bar0=%uMiB%s bar2=%uKiB rom=%uKiB (image %u bytes%s%s%s)%s",
		sim.asic->name, sim.device_id, vram_mb, bar0_mb,
		vram_path ? " (shared file)" : "", sim_bar2_size(&sim) / 1024,
		sim.rom_size / 1024, sim.rom_image_len,
		vbios_corrupt ? ", corrupt: " : "", vbios_corrupt ? vbios_corrupt : "",
		sim.rom_disabled ? ", off in the chip" : "",
		sim.cold ? ", cold: not POSTed" : "");

	vu = vu_listen(&sim, socket_path);
	if (!vu)
		return 1;
	fprintf(stderr, "ruby-sim: listening on %s\n", socket_path);
	ret = vu_accept(vu) ? -1 : vu_serve(vu);
	vu_close(vu);
	if (sim.asic->has_vbios)
		sim_scanout_fini(&sim);
	if (sim.rom_ctl.check)
		sim.rom_ctl.check(&sim, UINT32_MAX);

	sim_log(&sim, "summary: cfg=%llu mmio_reads=%llu mmio_writes=%llu msi=%llu unmodelled=%llu gart_faults=%llu ucode_mismatch=%llu cp_hangs=%llu cp_stalls=%llu cp_resets=%llu ih_vectors=%llu packets=%llu draws=%llu textures=%llu dma_packets=%llu dma_bytes=%llu dma_hangs=%llu dma_tiled=%llu bar0_msgs=%llu rom_reads=%llu rom_bytes=%llu rom_off_reads=%llu rom_ctl_unrestored=%llu",
		(unsigned long long)sim.stats.cfg,
		(unsigned long long)sim.stats.mmio_reads,
		(unsigned long long)sim.stats.mmio_writes,
		(unsigned long long)sim.stats.msi,
		(unsigned long long)sim.stats.unmodelled,
		(unsigned long long)sim.stats.gart_faults,
		(unsigned long long)sim.stats.ucode_mismatch,
		(unsigned long long)sim.stats.cp_hangs,
		(unsigned long long)sim.stats.cp_stalls,
		(unsigned long long)sim.stats.cp_resets,
		(unsigned long long)sim.stats.ih_vectors,
		(unsigned long long)sim.stats.packets,
		(unsigned long long)sim.stats.draws,
		(unsigned long long)sim.stats.textures,
		(unsigned long long)sim.stats.dma_packets,
		(unsigned long long)sim.stats.dma_bytes,
		(unsigned long long)sim.stats.dma_hangs,
		(unsigned long long)sim.stats.dma_tiled,
		(unsigned long long)sim.stats.bar0_msgs,
		(unsigned long long)sim.stats.rom_reads,
		(unsigned long long)sim.stats.rom_bytes,
		(unsigned long long)sim.stats.rom_off_reads,
		(unsigned long long)sim.stats.rom_ctl_unrestored);
	if (ret)
		return 1;
	if (sim.stats.unmodelled)
		return EXIT_UNMODELLED;
	return sim.stats.ucode_mismatch || sim.stats.gart_faults ||
	       sim.stats.rom_ctl_unrestored ? EXIT_GPU_FAULT : 0;
}
