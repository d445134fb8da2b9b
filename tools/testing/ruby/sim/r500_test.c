// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host self-test of the R5xx models (make -C tools/testing/ruby/sim
 * r500-check): a driver's bring-up as upstream radeon does it, register by
 * register, on a simulated RV515 (or the ASIC named as the argument), and
 * what the models must refuse. No transport: guest memory is a buffer here.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "models.h"
#include "r500.h"

#define BIT(n)		(1u << (n))
#undef R500_PKT0_ONE_REG_WR	/* the checker's header spells it with BIT() */
#include "regs/r500_3d.h"

#define GUEST_BASE	0x40000000ull	/* "system memory" the GART maps */
#define GUEST_SIZE	(64 * 4096)
#define GTT_START	0x10000000u	/* right after 256 MiB of VRAM */
#define TABLE		0x00100000u	/* the GART table, in VRAM */
#define IB_AT		0x00200000u	/* an IB, in VRAM */
#define MSI_CTRL	0x52

static uint8_t guest[GUEST_SIZE];
static unsigned int msis, failures;

#define CHECK(cond, ...) do {						\
	if (!(cond)) {							\
		failures++;						\
		fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);	\
		fprintf(stderr, __VA_ARGS__);				\
		fputc('\n', stderr);					\
	}								\
} while (0)

static void raise_msi(struct sim *sim, void *ctx)
{
	(void)sim;
	(void)ctx;
	msis++;
}

static void *dma(void *ctx, uint64_t gpa, uint64_t len)
{
	(void)ctx;
	if (gpa < GUEST_BASE || gpa - GUEST_BASE + len > GUEST_SIZE)
		return NULL;
	return guest + (gpa - GUEST_BASE);
}

static void wr(struct sim *sim, uint32_t reg, uint32_t val)
{
	sim_mmio_write(sim, reg, 4, val);
}

static uint32_t rd(struct sim *sim, uint32_t reg)
{
	return (uint32_t)sim_mmio_read(sim, reg, 4);
}

static uint32_t guest32(uint32_t off)
{
	uint32_t v;

	memcpy(&v, guest + off, 4);
	return v;
}

static void mc_wr(struct sim *sim, uint32_t idx, uint32_t val)
{
	wr(sim, R500_MC_IND_INDEX, 0xff0000 | idx);
	wr(sim, R500_MC_IND_DATA, val);
	wr(sim, R500_MC_IND_INDEX, 0);
}

static uint32_t mc_rd(struct sim *sim, uint32_t idx)
{
	uint32_t v;

	wr(sim, R500_MC_IND_INDEX, 0x7f0000 | idx);
	v = rd(sim, R500_MC_IND_DATA);
	wr(sim, R500_MC_IND_INDEX, 0);
	return v;
}

static void pcie_wr(struct sim *sim, uint32_t idx, uint32_t val)
{
	wr(sim, R500_PCIE_INDEX, idx);
	wr(sim, R500_PCIE_DATA, val);
}

static void vram_wr(struct sim *sim, uint32_t at, uint32_t val)
{
	memcpy(sim->vram + at, &val, 4);
}

/* GART page @page maps guest page @gpage, readable and writeable */
static void gart_map(struct sim *sim, uint32_t page, uint32_t gpage)
{
	uint64_t a = GUEST_BASE + 4096ull * gpage;

	vram_wr(sim, TABLE + 4 * page, (uint32_t)(a >> 8) | (uint32_t)(a >> 32) << 24 |
		R500_PTE_READABLE | R500_PTE_WRITEABLE);
}

static void gart_flush(struct sim *sim)
{
	pcie_wr(sim, R500_PCIE_TX_GART_CNTL, R500_GART_EN | 6 | R500_GART_INVALIDATE_TLB);
	pcie_wr(sim, R500_PCIE_TX_GART_CNTL, R500_GART_EN | 6);
}

static const char *write_firmware(const char *dir)
{
	static char path[256];
	uint8_t b[2048];
	FILE *f;
	int i;

	for (i = 0; i < 2048; i++)
		b[i] = (uint8_t)(i * 7 + 3);
	snprintf(path, sizeof(path), "%s/radeon", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/radeon/R520_cp.bin", dir);
	f = fopen(path, "wb");
	if (!f || fwrite(b, 1, sizeof(b), f) != sizeof(b) || fclose(f))
		return NULL;
	return dir;
}

static void load_ucode(struct sim *sim)
{
	uint32_t i, hi, lo;

	wr(sim, R500_CP_ME_RAM_ADDR, 0);
	for (i = 0; i < 2048; i += 8) {
		hi = (uint32_t)(uint8_t)(i * 7 + 3) << 24 | (uint8_t)((i + 1) * 7 + 3) << 16 |
		     (uint8_t)((i + 2) * 7 + 3) << 8 | (uint8_t)((i + 3) * 7 + 3);
		lo = (uint32_t)(uint8_t)((i + 4) * 7 + 3) << 24 |
		     (uint8_t)((i + 5) * 7 + 3) << 16 |
		     (uint8_t)((i + 6) * 7 + 3) << 8 | (uint8_t)((i + 7) * 7 + 3);
		wr(sim, R500_CP_ME_RAM_DATAH, hi);
		wr(sim, R500_CP_ME_RAM_DATAL, lo);
	}
}

/* The ring: GART page 0 (guest page 0), write-back page GART page 1 */
static uint32_t wptr;

static void ring(uint32_t dw)
{
	memcpy(guest + 4 * wptr, &dw, 4);
	wptr = (wptr + 1) % 1024;
}

static void commit(struct sim *sim)
{
	wr(sim, R500_CP_RB_WPTR, wptr);
}

static void bring_up(struct sim *sim)
{
	uint64_t end;

	CHECK(mc_rd(sim, sim->asic->r500->mc_status) & sim->asic->r500->mc_status_idle,
	      "MC not idle");
	mc_wr(sim, sim->asic->r500->mc_fb_location, 0x0fff0000);
	CHECK(sim_r500_fb_start(sim, &end) == 0 && end == 0x0fffffff, "FB location");
	CHECK(rd(sim, R500_CONFIG_MEMSIZE) == 256u << 20, "CONFIG_MEMSIZE");
	gart_map(sim, 0, 0);
	gart_map(sim, 1, 1);
	pcie_wr(sim, R500_PCIE_TX_GART_CNTL, 6);
	pcie_wr(sim, R500_PCIE_TX_GART_START_LO, GTT_START);
	pcie_wr(sim, R500_PCIE_TX_GART_END_LO, GTT_START + 0x0fff000);
	pcie_wr(sim, R500_PCIE_TX_GART_BASE, TABLE);
	gart_flush(sim);
	load_ucode(sim);
	wr(sim, R500_CP_RB_CNTL, 9 | R500_RB_NO_UPDATE);
	wr(sim, R500_CP_RB_BASE, GTT_START);
	wr(sim, R500_CP_RB_CNTL, 9 | R500_RB_RPTR_WR_ENA | R500_RB_NO_UPDATE);
	wr(sim, R500_CP_RB_RPTR_WR, 0);
	wr(sim, R500_CP_RB_WPTR, 0);
	wr(sim, R500_CP_RB_RPTR_ADDR, GTT_START + 4096 + 1024);
	wr(sim, R500_SCRATCH_ADDR, GTT_START + 4096);
	wr(sim, R500_SCRATCH_UMSK, 0xff);
	wr(sim, R500_CP_RB_CNTL, 9);
	wr(sim, R500_CP_CSQ_MODE, 0x4d4d);
	wr(sim, R500_CP_CSQ_CNTL, R500_CSQ_PRIBM_INDBM << R500_CSQ_MODE_SHIFT);
	CHECK(sim->stats.ucode_mismatch == 0 && sim->me.checked, "ucode not checked ok");
}

/* The straps: RV515 one quad pipe, RV530 two and two Z pipes (GB_PIPE_SELECT2) */
static void pipes(struct sim *sim)
{
	bool rv530 = !strcmp(sim->asic->name, "rv530");
	uint64_t unmod = sim->stats.unmodelled;
	uint32_t z = rd(sim, 0x4124);

	CHECK(((rd(sim, 0x402c) >> 12) & 3) + 1 == (rv530 ? 2u : 1u), "quad pipes");
	CHECK(rv530 ? z == 3 && sim->stats.unmodelled == unmod :
	      sim->stats.unmodelled == unmod + 1, "GB_PIPE_SELECT2 %#x", z);
}

static void ring_and_ib_test(struct sim *sim)
{
	wr(sim, R500_SCRATCH_REG0 + 4, 0xcafedead);
	ring((R500_SCRATCH_REG0 + 4) >> 2);	/* PACKET0(SCRATCH_REG1, 0) */
	ring(0xdeadbeef);
	commit(sim);
	CHECK(rd(sim, R500_SCRATCH_REG0 + 4) == 0xdeadbeef, "ring test");
	CHECK(guest32(4096 + 4) == 0xdeadbeef, "scratch 1 not written back");
	CHECK(guest32(4096 + 1024) == 2, "rptr write-back %u", guest32(4096 + 1024));

	vram_wr(sim, IB_AT, (R500_SCRATCH_REG0 + 8) >> 2);
	vram_wr(sim, IB_AT + 4, 0x12345678);
	for (int i = 2; i < 8; i++)
		vram_wr(sim, IB_AT + 4 * i, 0x80000000);
	ring(1u << 16 | R500_CP_IB_BASE >> 2);	/* PACKET0(CP_IB_BASE, 1) */
	ring(IB_AT);
	ring(8);
	ring((R500_SCRATCH_REG0 + 12) >> 2);	/* the fence */
	ring(1);
	ring(R500_GEN_INT_STATUS >> 2);
	ring(R500_SW_INT_FIRE);
	commit(sim);
	CHECK(rd(sim, R500_SCRATCH_REG0 + 8) == 0x12345678, "ib test");
	CHECK(guest32(4096 + 12) == 1, "fence not written back");
	CHECK(rd(sim, R500_GEN_INT_STATUS) & R500_SW_INT, "SW_INT not latched");
	CHECK(msis == 0, "MSI with SW_INT disabled");
}

static void interrupts(struct sim *sim)
{
	sim_cfg_write(sim, MSI_CTRL, 2, 1);
	wr(sim, R500_GEN_INT_CNTL, R500_SW_INT);
	CHECK(msis == 1, "pending SW_INT enabled: %u MSIs", msis);
	ring(R500_GEN_INT_STATUS >> 2);
	ring(R500_SW_INT_FIRE);
	commit(sim);
	CHECK(msis == 1, "an MSI before re-arming");
	wr(sim, R500_MSI_REARM_EN, R500_MSI_REARM);
	CHECK(msis == 2, "still pending at re-arm: no MSI");
	wr(sim, R500_GEN_INT_STATUS, rd(sim, R500_GEN_INT_STATUS));
	CHECK(!(rd(sim, R500_GEN_INT_STATUS) & R500_SW_INT), "SW_INT not acked");
	wr(sim, R500_MSI_REARM_EN, R500_MSI_REARM);
	CHECK(msis == 2, "re-arm with nothing pending sent an MSI");
}

static void refusals(struct sim *sim)
{
	uint64_t faults = sim->stats.gart_faults, unmod = sim->stats.unmodelled;
	uint32_t v;

	CHECK(sim_gpu_read(sim, GTT_START + 5 * 4096, &v, 4) &&
	      sim->stats.gart_faults == faults + 1, "invalid entry read");
	CHECK(sim_gpu_read(sim, GTT_START + 0x2000000, &v, 4) &&
	      sim->stats.gart_faults == faults + 2, "read outside the GART");
	gart_map(sim, 0, 2);		/* remapped without invalidating */
	CHECK(sim_gpu_read(sim, GTT_START, &v, 4) && sim->stats.gart_faults == faults + 3,
	      "stale TLB entry used");
	gart_flush(sim);
	CHECK(!sim_gpu_read(sim, GTT_START, &v, 4), "read after invalidating");
	gart_map(sim, 0, 0);
	gart_flush(sim);
	mc_rd(sim, 0x50);
	CHECK(sim->stats.unmodelled == unmod + 1, "unknown MC index not logged");
	ring(1u << 16 | 0x4e28 >> 2);	/* 3D state: RB3D_COLOROFFSET0, COLOROFFSET1 */
	ring(0x1000);
	ring(0x2000);
	commit(sim);
	CHECK(sim->stats.unmodelled == unmod + 1 && sim->r500.state3d[1][0xe28 / 4 + 1] == 0x2000,
	      "3D state from the CP not latched");
	wr(sim, 0x4e28, 0);
	CHECK(sim->stats.unmodelled == unmod + 2, "3D state by MMIO not unmodelled");
	ring(R500_CP_RB_WPTR >> 2);	/* the CP does not re-enter its ring */
	ring((wptr + 3) % 1024);
	commit(sim);
	CHECK(!sim->cp.hung && sim->cp.rptr == wptr, "a ring writing CP_RB_WPTR");
	ring(0xc0002800);		/* a type-3 packet the model does not run */
	ring(0);
	commit(sim);
	CHECK(sim->cp.hung && (rd(sim, R500_RBBM_STATUS) & R500_RBBM_GUI_ACTIVE),
	      "unknown packet did not hang the CP");
	wr(sim, R500_RBBM_SOFT_RESET, R500_SOFT_RESET_CP);
	wr(sim, R500_RBBM_SOFT_RESET, 0);
	CHECK(!sim->cp.hung && rd(sim, R500_RBBM_STATUS) == R500_RBBM_FIFO_FREE,
	      "soft reset");
}

/* Type 0: @n registers from @reg */
static void regs(uint32_t reg, uint32_t n, const uint32_t *v)
{
	uint32_t i;

	ring((n - 1) << 16 | reg >> 2);
	for (i = 0; i < n; i++)
		ring(v[i]);
}

static void reg1(uint32_t reg, uint32_t v)
{
	regs(reg, 1, &v);
}

static void pkt3(uint32_t op, uint32_t n, const uint32_t *body)
{
	uint32_t i;

	ring(0xc0000000u | (n - 1) << 16 | op << 8);
	for (i = 0; i < n; i++)
		ring(body[i]);
}

#define CB_AT		0x00300000u	/* VRAM */
#define VB_AT		0x00310000u
#define IDX_AT		0x00320000u
#define UNMAPPED	(GTT_START + 5 * 4096)

/* 16x16 pixels of ARGB8888 at CB_AT, one array of 2 dwords, 3 vertices */
static void draw_state(void)
{
	static const uint32_t out_fmt[4] = { 0, 15, 15, 15 };
	static const uint32_t vbpntr[] = { 1, 2 | 2 << 8, VB_AT };

	reg1(R300_SC_SCISSOR1, 15 | 15 << 13);
	reg1(R300_RB3D_COLOROFFSET0, CB_AT);
	reg1(R300_RB3D_COLORPITCH0, 16 | 6 << 21);
	regs(R300_US_OUT_FMT_0, 4, out_fmt);
	reg1(R300_RB3D_CCTL, 0);
	reg1(R300_RB3D_COLOR_CHANNEL_MASK, 0xf);
	reg1(R300_ZB_CNTL, 0);
	reg1(R300_TX_ENABLE, 0);
	reg1(R300_VAP_VF_MAX_VTX_INDX, 2);
	pkt3(R500_PKT3_3D_LOAD_VBPNTR, 3, vbpntr);
}

static void expect_hang(struct sim *sim, uint64_t hangs, const char *what)
{
	CHECK(sim->cp.hung && sim->stats.cp_hangs == hangs, "%s did not hang the CP", what);
	wr(sim, R500_RBBM_SOFT_RESET, R500_SOFT_RESET_CP);
	wr(sim, R500_RBBM_SOFT_RESET, 0);
	wptr = 0;
	wr(sim, R500_CP_RB_WPTR, 0);
}

/* The draw model: draws inside their memory run, one reaching past it hangs */
static void draws(struct sim *sim)
{
	const uint32_t vbuf = R300_PRIM_WALK_VERTEX_LIST << 4 | 3 << 16 | 4;
	const uint32_t indx = R300_PRIM_WALK_INDICES << 4 | 3 << 16 | 4;
	const uint32_t ib[] = { R300_INDX_BUFFER_ONE_REG_WR | R300_VAP_PORT_IDX0 >> 2,
				IDX_AT, 2 };
	const uint32_t bad_ib[] = { ib[0], UNMAPPED, 2 };
	/* the GART maps pages 0 and 1: the first vertex's second dword is on page 2 */
	const uint32_t cross[] = { 1, 2 | 2 << 8, GTT_START + 2 * 4096 - 4 };
	uint64_t draws0 = sim->stats.draws, hangs = sim->stats.cp_hangs;
	uint32_t v;

	wptr = 0;
	wr(sim, R500_CP_RB_WPTR, 0);
	vram_wr(sim, IDX_AT, 0 | 1 << 16);
	vram_wr(sim, IDX_AT + 4, 2);
	draw_state();
	pkt3(R500_PKT3_3D_DRAW_VBUF_2, 1, &vbuf);
	pkt3(R500_PKT3_3D_DRAW_INDX_2, 1, &indx);
	pkt3(R500_PKT3_INDX_BUFFER, 3, ib);
	commit(sim);
	CHECK(!sim->cp.hung && sim->stats.draws == draws0 + 2, "%llu draws ran",
	      (unsigned long long)(sim->stats.draws - draws0));
	reg1(R300_RB3D_COLOROFFSET0, UNMAPPED);
	pkt3(R500_PKT3_3D_DRAW_VBUF_2, 1, &vbuf);
	commit(sim);
	expect_hang(sim, ++hangs, "a colour buffer not mapped");
	draw_state();
	pkt3(R500_PKT3_3D_DRAW_INDX_2, 1, &indx);
	pkt3(R500_PKT3_INDX_BUFFER, 3, bad_ib);
	commit(sim);
	expect_hang(sim, ++hangs, "an index buffer not mapped");
	draw_state();
	pkt3(R500_PKT3_3D_LOAD_VBPNTR, 3, cross);
	pkt3(R500_PKT3_3D_DRAW_VBUF_2, 1, &vbuf);
	commit(sim);
	expect_hang(sim, ++hangs, "a vertex array crossing into a page not mapped");
	/* an occlusion count: into VRAM, then into a page not mapped */
	reg1(R300_ZB_ZPASS_DATA, 0x1234);
	reg1(R300_ZB_ZPASS_ADDR, IDX_AT + 64);
	commit(sim);
	memcpy(&v, sim->vram + IDX_AT + 64, 4);
	CHECK(!sim->cp.hung && v == 0x1234, "occlusion count %#x", v);
	reg1(R300_ZB_ZPASS_ADDR, UNMAPPED);
	commit(sim);
	expect_hang(sim, ++hangs, "an occlusion count into a page not mapped");
}

int main(int argc, char **argv)
{
	static struct sim sim;
	char dir[] = "/tmp/r500-test-XXXXXX";
	unsigned int i;

	sim.log = stderr;
	sim.asic = sim_asic_find(argc > 1 ? argv[1] : "rv515");
	if (!sim.asic || !sim.asic->r500 || !mkdtemp(dir) || !write_firmware(dir) ||
	    sim_vram_init(&sim, 256u << 20, 128u << 20, NULL))
		return 2;
	sim.device_id = sim.asic->device_id;
	sim.firmware_dir = dir;
	sim.transport = (struct sim_transport){ .raise_msi = raise_msi, .dma = dma };
	sim_regs_init(&sim);
	for (i = 0; sim.asic->blocks[i]; i++)
		sim_regs_add_block(&sim, sim.asic->blocks[i]);
	sim_pci_init(&sim);
	sim.asic->init(&sim);
	sim_ucode_init(&sim);
	bring_up(&sim);
	pipes(&sim);
	ring_and_ib_test(&sim);
	interrupts(&sim);
	refusals(&sim);
	draws(&sim);
	CHECK(sim.stats.cp_hangs == 5, "%llu CP hangs", (unsigned long long)sim.stats.cp_hangs);
	printf("r500-test %s: %s (%u failures)\n", sim.asic->name, failures ? "FAIL" : "ok",
	       failures);
	return failures ? 1 : 0;
}
