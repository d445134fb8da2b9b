// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: video BIOS
 *
 * A PC offers a card's video BIOS in several places, and ruby looks for
 * it in each, in the order a PC needs (ruby_vbios_pc_sources[]):
 *
 * 1. ACPI VFCT: the table a UEFI firmware publishes with the image its
 *    GOP driver ran, keyed by the device's PCI address and ids (see DOC:
 *    ACPI VFCT); on such a PC the ROM itself may be unreadable.
 * 2. The ROM BAR: the PCI expansion ROM, through pci_map_rom(), which
 *    enables the BAR and finds the image's length from its PCI data
 *    structure. On the boot VGA device the PCI core serves the shadow
 *    copy at 0xC0000 through it.
 * 3. The disabled ROM: the same BAR, read again with the chip's own ROM
 *    switch on, for the boards whose firmware leaves it off. Only the
 *    generation knows that switch's registers: its optional
 *    &ruby_asic_funcs.read_disabled_rom sets them, lets the BAR be read,
 *    and restores them whatever came of it.
 * 4. The platform ROM: a copy the system firmware handed over (EFI's,
 *    which the PCI core keeps in &pci_dev.rom and .romlen; the kernel
 *    this was written against has no pci_platform_rom() helper for it).
 *
 * An image is copied once, into kmalloc'd memory, in one memcpy() or
 * memcpy_fromio() (every ROM access may be a bus round trip), and the
 * place it came from is unmapped again at once. The copy is then checked:
 * the 0x55AA signature and the PCI data structure's length
 * (ruby_atom_rom_image_len()), then the ATOM header, checksum and tables
 * (ruby_atom_rom_parse()), and the data tables display needs are parsed
 * once: FirmwareInfo, GPIO_I2C_Info (the DDC lines) and the object table
 * (the connectors, with their HPD pins, DDC lines and encoders). A source
 * with no image, or whose image any of that refuses, passes the turn to
 * the next one (ruby_vbios_find()). Which source was used is logged at
 * probe and shown in debugfs (ruby_vbios), with what the ones before it
 * said.
 *
 * When no source has a usable image, a single drm_err names each
 * source's reason, and probe goes on without display: no connectors,
 * and no modesetting (the DRM device does not announce DRIVER_MODESET).
 *
 * A card nobody POSTed (not the boot card, or passed through to a VM
 * before any BIOS ran) reports no VRAM. The post block then runs the
 * image's ASIC_Init at FirmwareInfo's boot clocks, which starts the clocks
 * and the memory controller as the system firmware would, and checks that
 * VRAM is reported afterwards; without a usable image, probe fails with a
 * drm_err naming why.
 *
 * Modesetting runs the image's command tables (ruby_vbios_exec()) through
 * ruby's interpreter, one execution at a time, with the card's MMIO
 * registers behind it. The tables DCE4 needs reach only MMIO; the PLL and
 * MC index ports of older boards read 0 and drop writes, which the
 * interpreter's caller sees in the tables' results. The tables get a
 * frame-buffer scratch of RUBY_VBIOS_SCRATCH bytes in system memory (what
 * upstream reserves when the firmware names no VRAM for it); DP's AUX
 * transactions pass their request and reply through it
 * (ruby_vbios_exec_scratch()).
 */

#include <linux/acpi.h>
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/ktime.h>
#include <linux/pci.h>
#include <linux/seq_buf.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>
#include <linux/slab.h>

#include <drm/drm_debugfs.h>
#include <drm/drm_print.h>

#include <kunit/visibility.h>

#include "atom/atom_defs.h"
#include "ruby_device.h"
#include "ruby_mmio.h"
#include "ruby_vbios.h"

/* an ATOM image declares its size in a byte of 512-byte blocks */
#define RUBY_VBIOS_MAX_SIZE	SZ_128K

/*
 * Room for the copy of an image of @len bytes, of which the first 128 KiB
 * are kept. The copy is kmalloc'd memory, which every bus can copy into
 * (on UML's virt-pci, a stack or vmalloc buffer could not be); 128 KiB at
 * most, so a failure is reported by probe's error, not by the page
 * allocator's warning.
 */
static u8 *ruby_vbios_alloc(struct ruby_vbios *vb, size_t len)
{
	vb->size = min_t(size_t, len, RUBY_VBIOS_MAX_SIZE);
	vb->image = kmalloc(vb->size, GFP_KERNEL | __GFP_NOWARN);
	return vb->image;
}

#ifdef CONFIG_ACPI
/* The image the firmware's GOP driver used, if it published it */
static int ruby_vbios_from_vfct(struct ruby_device *rdev, struct ruby_vbios *vb,
				const char **why)
{
	struct pci_dev *pdev = rdev->pdev;
	const struct ruby_vfct_key key = {
		.segment = pci_domain_nr(pdev->bus),
		.bus = pdev->bus->number,
		.slot = PCI_SLOT(pdev->devfn),
		.function = PCI_FUNC(pdev->devfn),
		.vendor = pdev->vendor,
		.device = pdev->device,
	};
	struct acpi_table_header *hdr;
	struct ruby_vfct_image img;
	int ret;

	if (acpi_disabled || ACPI_FAILURE(acpi_get_table("VFCT", 1, &hdr))) {
		*why = "no table";
		return -ENOENT;
	}
	ret = ruby_vfct_find((const u8 *)hdr, hdr->length, &key, &img, why);
	if (!ret) {
		if (ruby_vbios_alloc(vb, img.len))
			memcpy(vb->image, img.data, vb->size);
		else
			ret = -ENOMEM;
	}
	acpi_put_table(hdr);
	return ret;
}
#else
static int ruby_vbios_from_vfct(struct ruby_device *rdev, struct ruby_vbios *vb,
				const char **why)
{
	*why = "no ACPI";
	return -ENOENT;
}
#endif

/* What reading the ROM BAR needs, through the generation's ROM switch */
struct ruby_vbios_rom_read {
	struct ruby_vbios *vb;
	const char **why;
};

/*
 * Copy the ROM BAR's image: pci_map_rom() enables the BAR and finds the
 * image's length from its PCI data structure, the image comes out in one
 * memcpy_fromio() (every ROM access may be a bus round trip), and the ROM
 * is unmapped again at once.
 */
static int ruby_vbios_copy_rom(struct ruby_device *rdev, void *arg)
{
	struct ruby_vbios_rom_read *rr = arg;
	struct pci_dev *pdev = rdev->pdev;
	void __iomem *rom;
	size_t len;

	rom = pci_map_rom(pdev, &len);
	if (!rom) {
		*rr->why = "no image (0x55AA signature or PCI data structure)";
		return -ENOENT;
	}
	if (ruby_vbios_alloc(rr->vb, len))
		memcpy_fromio(rr->vb->image, rom, rr->vb->size);
	pci_unmap_rom(pdev, rom);
	return rr->vb->image ? 0 : -ENOMEM;
}

/*
 * The PCI expansion ROM; on the boot VGA device the PCI core serves the
 * shadow copy at 0xC0000 through it
 */
static int ruby_vbios_from_rom_bar(struct ruby_device *rdev, struct ruby_vbios *vb,
				   const char **why)
{
	struct ruby_vbios_rom_read rr = { .vb = vb, .why = why };

	if (!pci_resource_len(rdev->pdev, PCI_ROM_RESOURCE)) {
		*why = "no expansion ROM";
		return -ENOENT;
	}
	return ruby_vbios_copy_rom(rdev, &rr);
}

/* The same ROM, with the chip's own ROM switch on while it is read */
static int ruby_vbios_from_disabled_rom(struct ruby_device *rdev, struct ruby_vbios *vb,
					const char **why)
{
	const struct ruby_asic_funcs *asic = rdev->chip.desc->asic;
	struct ruby_vbios_rom_read rr = { .vb = vb, .why = why };

	if (!asic->read_disabled_rom) {
		*why = "no ROM switch on this generation";
		return -ENOENT;
	}
	if (!pci_resource_len(rdev->pdev, PCI_ROM_RESOURCE)) {
		*why = "no expansion ROM";
		return -ENOENT;
	}
	return asic->read_disabled_rom(rdev, ruby_vbios_copy_rom, &rr);
}

/*
 * The copy of the ROM the system firmware handed over (x86's EFI stub
 * passes the option ROMs it found in setup data, which the PCI core
 * records as the device's rom and romlen): RAM the kernel keeps reserved
 */
static int ruby_vbios_from_platform_rom(struct ruby_device *rdev, struct ruby_vbios *vb,
					const char **why)
{
	struct pci_dev *pdev = rdev->pdev;
	void *rom;

	if (!pdev->rom || !pdev->romlen) {
		*why = "none handed over";
		return -ENOENT;
	}
	rom = memremap(pdev->rom, pdev->romlen, MEMREMAP_WB);
	if (!rom) {
		*why = "cannot map it";
		return -ENOENT;
	}
	if (ruby_vbios_alloc(vb, pdev->romlen))
		memcpy(vb->image, rom, vb->size);
	memunmap(rom);
	return vb->image ? 0 : -ENOMEM;
}

static int ruby_vbios_refused(const char **what, const char **why, const char *table,
			      enum ruby_atom_err err)
{
	*what = table;
	*why = ruby_atom_strerror(err);
	return -EINVAL;
}

/* Check the image and read the tables display needs, naming what fails */
static int ruby_vbios_parse(struct ruby_device *rdev, struct ruby_vbios *vb,
			    const char **what, const char **why)
{
	enum ruby_atom_err err;

	err = ruby_atom_rom_image_len(vb->image, vb->size, &vb->size);
	if (err)
		return ruby_vbios_refused(what, why, "image", err);
	err = ruby_atom_rom_parse(&vb->rom, vb->image, vb->size);
	if (err)
		return ruby_vbios_refused(what, why, "ATOM image", err);
	err = ruby_atom_firmware_info(&vb->rom, &vb->fw);
	if (err)
		return ruby_vbios_refused(what, why, "FirmwareInfo table", err);
	err = ruby_atom_i2c_info(&vb->rom, vb->i2c, ARRAY_SIZE(vb->i2c),
				 &vb->num_i2c);
	if (err)
		return ruby_vbios_refused(what, why, "GPIO_I2C_Info table", err);
	err = ruby_atom_connectors(&vb->rom, vb->con, ARRAY_SIZE(vb->con),
				   &vb->num_con);
	if (err)
		return ruby_vbios_refused(what, why, "object table", err);
	return 0;
}

/* A PC's places for the video BIOS, in the order it is looked for */
static const struct ruby_vbios_source ruby_vbios_pc_sources[] = {
	{ .name = "VFCT", .fetch = ruby_vbios_from_vfct },
	{ .name = "ROM BAR", .fetch = ruby_vbios_from_rom_bar },
	{ .name = "disabled ROM", .fetch = ruby_vbios_from_disabled_rom },
	{ .name = "platform ROM", .fetch = ruby_vbios_from_platform_rom },
};

static const struct ruby_vbios_chain ruby_vbios_pc_chain = {
	.sources = ruby_vbios_pc_sources,
	.num_sources = ARRAY_SIZE(ruby_vbios_pc_sources),
	.check = ruby_vbios_parse,
};

/* "<source>: [<what> refused: ]<why>", after the others */
static void ruby_vbios_note(struct seq_buf *tried, const char *source,
			    const char *what, const char *why)
{
	seq_buf_printf(tried, "%s%s: ", seq_buf_used(tried) ? "; " : "", source);
	if (what)
		seq_buf_printf(tried, "%s refused: ", what);
	seq_buf_puts(tried, why);
}

/**
 * ruby_vbios_find - take the image of the first source that has a good one
 * @rdev: the device
 * @chain: the sources, in order, and the image check
 * @vb: where the image goes (&ruby_vbios.image, .size, .read_us, .source)
 *	and what the check parses of it
 * @tried: where each source that gave no accepted image says why, in order
 *
 * A source without an image, or whose image the check refuses, passes
 * the turn to the next one; a refused image is freed.
 *
 * Returns: 0, -ENOMEM (the search stops there), or -ENOENT when no source
 * gave an accepted image.
 */
int ruby_vbios_find(struct ruby_device *rdev, const struct ruby_vbios_chain *chain,
		    struct ruby_vbios *vb, struct seq_buf *tried)
{
	unsigned int i;
	int ret;

	for (i = 0; i < chain->num_sources; i++) {
		const struct ruby_vbios_source *src = &chain->sources[i];
		const char *what = NULL, *why = "no image";
		ktime_t start = ktime_get();

		ret = src->fetch(rdev, vb, &why);
		if (!ret) {
			vb->read_us = ktime_us_delta(ktime_get(), start);
			ret = chain->check(rdev, vb, &what, &why);
			if (!ret) {
				vb->source = src->name;
				return 0;
			}
			kfree(vb->image);
			vb->image = NULL;
		}
		if (ret == -ENOMEM)
			return ret;
		ruby_vbios_note(tried, src->name, what, why);
	}
	return -ENOENT;
}
EXPORT_SYMBOL_IF_KUNIT(ruby_vbios_find);

/**
 * ruby_vbios_missing - why the device has no video BIOS
 * @rdev: the device
 *
 * Returns: what each source said, or NULL if the device has a video BIOS
 * or none was looked for (a generation that reads none yet).
 */
const char *ruby_vbios_missing(const struct ruby_device *rdev)
{
	return !rdev->vbios && rdev->vbios_tried[0] ? rdev->vbios_tried : NULL;
}

static u32 ruby_vbios_reg_read(void *priv, u32 reg)
{
	return ruby_read32(priv, RUBY_REG(reg));
}

static void ruby_vbios_reg_write(void *priv, u32 reg, u32 val)
{
	ruby_write32(priv, RUBY_REG(reg), val);
}

/* PLL and MC index ports: not on DCE4's path (see DOC: video BIOS) */
static u32 ruby_vbios_no_read(void *priv, u32 reg)
{
	return 0;
}

static void ruby_vbios_no_write(void *priv, u32 reg, u32 val)
{
}

static void ruby_vbios_delay(void *priv, u32 usecs)
{
	fsleep(usecs);
}

static const struct ruby_atom_ops ruby_vbios_atom_ops = {
	.reg_read = ruby_vbios_reg_read,
	.reg_write = ruby_vbios_reg_write,
	.io_read = ruby_vbios_reg_read,
	.io_write = ruby_vbios_reg_write,
	.pll_read = ruby_vbios_no_read,
	.pll_write = ruby_vbios_no_write,
	.mc_read = ruby_vbios_no_read,
	.mc_write = ruby_vbios_no_write,
	.delay = ruby_vbios_delay,
};

/**
 * ruby_vbios_exec - run a command table of the video BIOS
 * @rdev: the device, with a video BIOS
 * @table: its index in the master command table (ATOM_CMD_*)
 * @ps: its parameters, in the table's layout (little endian); the table
 *	may write results back
 * @ps_bytes: their size
 *
 * Returns: 0, -ENODEV without a video BIOS, or -EIO if the table failed
 * (logged with where and why: a table that faults is a hardware problem).
 */
int ruby_vbios_exec(struct ruby_device *rdev, unsigned int table, void *ps, u32 ps_bytes)
{
	struct ruby_vbios *vb = rdev->vbios;
	enum ruby_atom_err err;

	if (!vb)
		return -ENODEV;
	mutex_lock(&vb->atom_lock);
	err = ruby_atom_execute(&vb->atom, table, ps, ps_bytes);
	if (err)
		drm_err(&rdev->drm, "vbios: command table 0x%02x failed: %s (table 0x%02x at 0x%04x)\n",
			table, ruby_atom_strerror(err), vb->atom.fault.table, vb->atom.fault.pc);
	mutex_unlock(&vb->atom_lock);
	return err ? -EIO : 0;
}

/*
 * The scratch holds little-endian dwords, as the tables read them: bytes
 * go in and come out in that order whatever the CPU's
 */
static void ruby_vbios_scratch_put(struct ruby_vbios *vb, u32 off, const u8 *buf, u32 len)
{
	u32 i;

	for (i = 0; i < len; i++) {
		u32 *dw = &vb->fb[(off + i) / 4];
		u32 shift = 8 * ((off + i) % 4);

		*dw = (*dw & ~(0xffu << shift)) | (u32)buf[i] << shift;
	}
}

static void ruby_vbios_scratch_get(const struct ruby_vbios *vb, u32 off, u8 *buf, u32 len)
{
	u32 i;

	for (i = 0; i < len; i++)
		buf[i] = vb->fb[(off + i) / 4] >> (8 * ((off + i) % 4));
}

/**
 * ruby_vbios_exec_scratch - run a command table that talks through the scratch
 * @rdev: the device, with a video BIOS
 * @table: its index in the master command table (ATOM_CMD_*)
 * @ps: its parameters, as for ruby_vbios_exec()
 * @ps_bytes: their size
 * @io: what to put in the frame-buffer scratch before and take out after
 *
 * Tables such as ProcessAuxChannelTransaction take their request from the
 * interpreter's frame-buffer scratch and leave their reply there; the
 * three steps hold the table lock, so no other execution sees or changes
 * the scratch in between.
 *
 * Returns: as ruby_vbios_exec(), or -EINVAL if @io reaches past the
 * scratch (a caller's bug).
 */
int ruby_vbios_exec_scratch(struct ruby_device *rdev, unsigned int table, void *ps,
			    u32 ps_bytes, const struct ruby_vbios_scratch *io)
{
	struct ruby_vbios *vb = rdev->vbios;
	enum ruby_atom_err err;

	if (!vb)
		return -ENODEV;
	if (WARN_ON(io->in_off + io->in_len > RUBY_VBIOS_SCRATCH ||
		    io->out_off + io->out_len > RUBY_VBIOS_SCRATCH))
		return -EINVAL;
	mutex_lock(&vb->atom_lock);
	ruby_vbios_scratch_put(vb, io->in_off, io->in, io->in_len);
	err = ruby_atom_execute(&vb->atom, table, ps, ps_bytes);
	if (err)
		drm_err(&rdev->drm, "vbios: command table 0x%02x failed: %s (table 0x%02x at 0x%04x)\n",
			table, ruby_atom_strerror(err), vb->atom.fault.table, vb->atom.fault.pc);
	else
		ruby_vbios_scratch_get(vb, io->out_off, io->out, io->out_len);
	mutex_unlock(&vb->atom_lock);
	return err ? -EIO : 0;
}

static void ruby_vbios_free(struct ruby_vbios *vb)
{
	if (vb) {
		mutex_destroy(&vb->atom_lock);
		kfree(vb->fb);
		kfree(vb->image);
	}
	kfree(vb);
}

/* Say where the image came from, and what the sources before it said */
static void ruby_vbios_report(struct ruby_device *rdev, const struct ruby_vbios *vb)
{
	drm_info(&rdev->drm, "vbios: image from %s: %u bytes read in %u us, %u connectors\n",
		 vb->source, vb->size, vb->read_us, vb->num_con);
	if (rdev->vbios_tried[0])
		drm_info(&rdev->drm, "vbios: sources tried before %s: %s\n", vb->source,
			 rdev->vbios_tried);
}

static int ruby_vbios_init(struct ruby_device *rdev)
{
	struct ruby_vbios *vb = kzalloc(sizeof(*vb), GFP_KERNEL);
	struct seq_buf tried;
	int ret;

	if (!vb)
		return -ENOMEM;
	mutex_init(&vb->atom_lock);
	seq_buf_init(&tried, rdev->vbios_tried, sizeof(rdev->vbios_tried));
	vb->fb = kzalloc(RUBY_VBIOS_SCRATCH, GFP_KERNEL);
	ret = vb->fb ? ruby_vbios_find(rdev, &ruby_vbios_pc_chain, vb, &tried) : -ENOMEM;
	seq_buf_str(&tried);
	if (ret) {
		ruby_vbios_free(vb);
		if (ret == -ENOMEM)
			return ret;
		/* nothing needs the video BIOS yet: go on without it */
		drm_err(&rdev->drm, "vbios: no usable image: %s\n", rdev->vbios_tried);
		return 0;
	}
	ruby_atom_init(&vb->atom, &vb->rom, &ruby_vbios_atom_ops, rdev);
	vb->atom.fb = vb->fb;
	vb->atom.fb_dwords = RUBY_VBIOS_SCRATCH / 4;
	rdev->vbios = vb;
	ruby_vbios_report(rdev, vb);
	return 0;
}

static void ruby_vbios_fini(struct ruby_device *rdev)
{
	ruby_vbios_free(rdev->vbios);
	rdev->vbios = NULL;
	rdev->vbios_tried[0] = '\0';
}

/*
 * ASIC_Init's parameter space (ASIC_INIT_PS_ALLOCATION): the engine and
 * memory clocks to start at, 10 kHz units, then room for the parameters
 * of the tables it calls, which follow its own.
 */
struct ruby_asic_init_ps {
	__le32 sclk;
	__le32 mclk;
	__le32 callees[14];
};

/*
 * POST the card with its video BIOS: ASIC_Init at FirmwareInfo's boot
 * clocks brings up the clocks and the memory controller, and reports the
 * VRAM size the way the system firmware's POST does.
 */
static int ruby_vbios_post(struct ruby_device *rdev, const struct ruby_mc_funcs *mc)
{
	const struct ruby_atom_firmware_info *fw = &rdev->vbios->fw;
	struct ruby_asic_init_ps ps = {
		.sclk = cpu_to_le32(fw->default_sclk),
		.mclk = cpu_to_le32(fw->default_mclk),
	};
	ktime_t start = ktime_get();
	int ret;

	if (!fw->default_sclk || !fw->default_mclk) {
		drm_err(&rdev->drm, "post: FirmwareInfo gives no boot clocks to POST at\n");
		return -ENODEV;
	}
	ret = ruby_vbios_exec(rdev, ATOM_CMD_ASIC_INIT, &ps, sizeof(ps));
	if (ret)
		return ret;
	if (!mc->vram_size(rdev)) {
		drm_err(&rdev->drm, "post: ASIC_Init ran, but the memory controller reports no VRAM\n");
		return -EIO;
	}
	drm_info(&rdev->drm, "post: card POSTed by its video BIOS (ASIC_Init, %lld us)\n",
		 ktime_us_delta(ktime_get(), start));
	return 0;
}

/*
 * A card the system firmware did not POST (a second card, a card passed
 * through to a VM before its BIOS ran, a resume without the BIOS) has no
 * VRAM size yet: its video BIOS POSTs it. The memory controller's own
 * report tells the two apart, as it is the first thing POST sets up.
 */
static int ruby_post_init(struct ruby_device *rdev)
{
	const struct ruby_mc_funcs *mc = rdev->chip.desc->mc;

	if (mc->vram_size(rdev))
		return 0;
	if (!rdev->vbios) {
		drm_err(&rdev->drm, "post: card not POSTed, and no video BIOS to POST it: %s\n",
			ruby_vbios_missing(rdev) ?: "none");
		return -ENODEV;
	}
	return ruby_vbios_post(rdev, mc);
}

/*
 * POST, after the video BIOS's block and before any block that needs the
 * memory controller; nothing to undo.
 */
const struct ruby_ip_block ruby_post_block = {
	.name = "post",
	.init = ruby_post_init,
};

/*
 * The video BIOS, found and parsed. It comes first: the only registers it
 * touches are those of the disabled-ROM source, which it leaves as they
 * were. It never fails probe for a missing or refused image (see DOC:
 * video BIOS), only for lack of memory.
 */
const struct ruby_ip_block ruby_vbios_block = {
	.name = "vbios",
	.init = ruby_vbios_init,
	.fini = ruby_vbios_fini,
};

static const char *ruby_vbios_connector_name(u8 type)
{
	switch (type) {
	case ATOM_CONNECTOR_DVI_I: return "DVI-I";
	case ATOM_CONNECTOR_DVI_I_DUAL: return "DVI-I-dual";
	case ATOM_CONNECTOR_DVI_D: return "DVI-D";
	case ATOM_CONNECTOR_DVI_D_DUAL: return "DVI-D-dual";
	case ATOM_CONNECTOR_VGA: return "VGA";
	case ATOM_CONNECTOR_HDMI_A: return "HDMI-A";
	case ATOM_CONNECTOR_HDMI_B: return "HDMI-B";
	case ATOM_CONNECTOR_LVDS: return "LVDS";
	case ATOM_CONNECTOR_DP: return "DP";
	case ATOM_CONNECTOR_EDP: return "eDP";
	case ATOM_CONNECTOR_LVDS_EDP: return "LVDS-eDP";
	default: return "unknown";
	}
}

static const char *ruby_vbios_encoder_name(u16 object_id)
{
	switch (object_id & ATOM_OBJID_ID_MASK) {
	case ATOM_ENCODER_DAC1: return "DAC1";
	case ATOM_ENCODER_DAC2: return "DAC2";
	case ATOM_ENCODER_UNIPHY: return "UNIPHY";
	case ATOM_ENCODER_UNIPHY1: return "UNIPHY1";
	case ATOM_ENCODER_UNIPHY2: return "UNIPHY2";
	default: return "unknown";
	}
}

/* The DDC line: its I2C id and the GPIO register of its clock pin */
static void ruby_vbios_show_ddc(struct seq_file *m, const struct ruby_vbios *vb,
				const struct ruby_atom_connector *c)
{
	unsigned int i;

	if (!c->has_ddc) {
		seq_puts(m, " ddc none");
		return;
	}
	for (i = 0; i < vb->num_i2c; i++) {
		if (vb->i2c[i].id == c->ddc_id) {
			seq_printf(m, " ddc 0x%02x (0x%04x)", c->ddc_id,
				   vb->i2c[i].clk_mask_reg);
			return;
		}
	}
	seq_printf(m, " ddc 0x%02x (not in GPIO_I2C_Info)", c->ddc_id);
}

static void ruby_vbios_show_connector(struct seq_file *m, const struct ruby_vbios *vb,
				      unsigned int n)
{
	const struct ruby_atom_connector *c = &vb->con[n];
	unsigned int i;

	seq_printf(m, "connector%u: %s object 0x%04x devices 0x%04x", n,
		   ruby_vbios_connector_name(c->type), c->object_id, c->device_tag);
	ruby_vbios_show_ddc(m, vb, c);
	if (c->has_hpd)
		seq_printf(m, " hpd 0x%02x (0x%04x bit %u)", c->hpd_gpio,
			   c->hpd_reg, c->hpd_shift);
	else
		seq_puts(m, " hpd none");
	seq_puts(m, " encoders");
	for (i = 0; i < c->num_encoders; i++)
		seq_printf(m, " %s", ruby_vbios_encoder_name(c->encoders[i]));
	seq_putc(m, '\n');
}

/**
 * ruby_vbios_show - debugfs ruby_vbios: what the video BIOS says
 * @m: the file
 * @data: unused
 *
 * The file exists only while the device is registered, inside the vbios
 * block's init and fini, so &ruby_device.vbios does not change under it.
 *
 * Returns: 0.
 */
int ruby_vbios_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct ruby_device *rdev = to_ruby_device(entry->dev);
	const struct ruby_vbios *vb = rdev->vbios;
	const struct ruby_atom_firmware_info *fw;
	unsigned int i;

	if (!vb) {
		seq_printf(m, "none: %s\n", ruby_vbios_missing(rdev) ?:
			   "not read on this generation yet");
		return 0;
	}
	fw = &vb->fw;
	seq_printf(m, "source: %s\n", vb->source);
	if (rdev->vbios_tried[0])
		seq_printf(m, "tried_before: %s\n", rdev->vbios_tried);
	seq_printf(m, "image: %u bytes\nread: %u us\n", vb->size, vb->read_us);
	seq_printf(m, "firmware_info: %u.%u\n", fw->frev, fw->crev);
	seq_printf(m, "ref_clk: %u kHz\n", fw->ref_clk * 10);
	seq_printf(m, "pixel_pll_out: %u-%u kHz\n", fw->min_pclk_pll_out * 10,
		   fw->max_pclk_pll_out * 10);
	seq_printf(m, "max_pixel_clock: %u kHz\n", fw->max_pixel_clock * 10);
	seq_printf(m, "default_sclk: %u kHz\ndefault_mclk: %u kHz\n",
		   fw->default_sclk * 10, fw->default_mclk * 10);
	seq_printf(m, "ddc_lines: %u\nconnectors: %u\n", vb->num_i2c, vb->num_con);
	for (i = 0; i < vb->num_con; i++)
		ruby_vbios_show_connector(m, vb, i);
	return 0;
}
