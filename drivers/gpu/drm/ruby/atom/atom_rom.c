// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * The video BIOS image: its checks (expansion ROM signature, size and
 * checksum, ATI magic, ATOM ROM header, master tables, every table inside
 * the image) and the data tables display and clocks need, parsed into
 * plain structures with every read bounded by the image.
 */

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#include "atom.h"
#include "atom_defs.h"

static bool rom_in_image(const struct ruby_atom_rom *rom, u32 off, u32 len)
{
	return off <= rom->size && len <= rom->size - off;
}

/* A master table: its header inside the image, then its whole length */
static enum ruby_atom_err rom_parse_master(struct ruby_atom_rom *rom, u32 ptr,
					   u16 *master, u16 *count)
{
	u32 off = ruby_atom_le16(rom->bios + rom->hdr + ptr), size;

	if (!off || !rom_in_image(rom, off, ATOM_TBL_HDR_LEN))
		return RUBY_ATOM_E_HDR_RANGE;
	size = ruby_atom_le16(rom->bios + off);
	if (size < ATOM_TBL_HDR_LEN || !rom_in_image(rom, off, size))
		return RUBY_ATOM_E_TABLE_RANGE;
	*master = off;
	*count = (size - ATOM_TBL_HDR_LEN) / 2;
	return RUBY_ATOM_OK;
}

/* Every table a master table names lies in the image, with its length */
static enum ruby_atom_err rom_check_tables(const struct ruby_atom_rom *rom, u16 master,
					   u16 count, u32 min_size)
{
	u32 i, off, size;

	for (i = 0; i < count; i++) {
		off = ruby_atom_le16(rom->bios + master + ATOM_MASTER_ENTRIES + 2 * i);
		if (!off)
			continue;
		if (!rom_in_image(rom, off, ATOM_TBL_HDR_LEN))
			return RUBY_ATOM_E_HDR_RANGE;
		size = ruby_atom_le16(rom->bios + off);
		if (size < min_size || !rom_in_image(rom, off, size))
			return RUBY_ATOM_E_TABLE_RANGE;
	}
	return RUBY_ATOM_OK;
}

static enum ruby_atom_err rom_check_signatures(const u8 *img, u32 len, u32 *size)
{
	u32 i;
	u8 sum = 0;

	if (len < ATOM_ROM_BLOCKS + 1 || img[0] != ATOM_ROM_SIG0 || img[1] != ATOM_ROM_SIG1)
		return RUBY_ATOM_E_ROM_SIG;
	*size = img[ATOM_ROM_BLOCKS] * ATOM_ROM_BLOCK_SIZE;
	if (!*size || *size > len)
		return RUBY_ATOM_E_ROM_SIZE;
	for (i = 0; i < *size; i++)
		sum += img[i];
	if (sum)
		return RUBY_ATOM_E_ROM_CSUM;
	if (memcmp(img + ATOM_ROM_ATI_MAGIC, ATOM_ROM_ATI_MAGIC_STR,
		   sizeof(ATOM_ROM_ATI_MAGIC_STR) - 1))
		return RUBY_ATOM_E_ATI_MAGIC;
	return RUBY_ATOM_OK;
}

/**
 * ruby_atom_rom_image_len - the length of an expansion ROM's first image
 * @img: the ROM's first bytes
 * @len: bytes in @img
 * @size: on success, the image's length as its PCI data structure gives it
 *
 * A ROM BAR is often larger than the image it holds; the PCI data
 * structure that the pointer at 0x18 names says how long the image is.
 * Only the first image is wanted: the x86 one, which holds the ATOM
 * tables.
 *
 * Return: RUBY_ATOM_OK; RUBY_ATOM_E_ROM_SIG (no 0x55AA), RUBY_ATOM_E_PCIR
 * (no "PCIR" structure inside @len, or one shorter than the specification's
 * 24 bytes) or RUBY_ATOM_E_ROM_SIZE (an image of length 0, or longer than
 * @len).
 */
enum ruby_atom_err ruby_atom_rom_image_len(const u8 *img, u32 len, u32 *size)
{
	u32 pcir, pcir_len;

	if (len < ATOM_ROM_PCIR_PTR + 2 || img[0] != ATOM_ROM_SIG0 ||
	    img[1] != ATOM_ROM_SIG1)
		return RUBY_ATOM_E_ROM_SIG;
	pcir = ruby_atom_le16(img + ATOM_ROM_PCIR_PTR);
	if (pcir > len || len - pcir < ATOM_PCIR_MIN_LEN ||
	    memcmp(img + pcir, ATOM_PCIR_SIG_STR, 4))
		return RUBY_ATOM_E_PCIR;
	pcir_len = ruby_atom_le16(img + pcir + ATOM_PCIR_LEN);
	if (pcir_len < ATOM_PCIR_MIN_LEN || pcir_len > len - pcir)
		return RUBY_ATOM_E_PCIR;
	*size = ruby_atom_le16(img + pcir + ATOM_PCIR_IMAGE_LEN) * ATOM_ROM_BLOCK_SIZE;
	if (!*size || *size > len)
		return RUBY_ATOM_E_ROM_SIZE;
	return RUBY_ATOM_OK;
}

/**
 * ruby_atom_rom_parse - check a video BIOS image and find its tables
 * @rom: filled on success
 * @img: the image, as read from the card
 * @len: bytes in @img (the image may be shorter: its header says)
 *
 * Return: RUBY_ATOM_OK, or the first check that failed.
 */
enum ruby_atom_err ruby_atom_rom_parse(struct ruby_atom_rom *rom, const u8 *img, u32 len)
{
	enum ruby_atom_err err;
	u32 size;

	memset(rom, 0, sizeof(*rom));
	err = rom_check_signatures(img, len, &size);
	if (err)
		return err;
	rom->bios = img;
	rom->size = size;
	rom->hdr = ruby_atom_le16(img + ATOM_ROM_HEADER_PTR);
	if (!rom_in_image(rom, rom->hdr, ATOM_HDR_LEN))
		return RUBY_ATOM_E_HDR_RANGE;
	if (memcmp(img + rom->hdr + ATOM_HDR_MAGIC, ATOM_HDR_MAGIC_STR, 4))
		return RUBY_ATOM_E_ATOM_MAGIC;
	err = rom_parse_master(rom, ATOM_HDR_CMD_MASTER, &rom->cmd_master, &rom->cmd_count);
	if (!err)
		err = rom_parse_master(rom, ATOM_HDR_DATA_MASTER, &rom->data_master,
				       &rom->data_count);
	if (!err)
		err = rom_check_tables(rom, rom->cmd_master, rom->cmd_count, ATOM_CT_CODE);
	if (!err)
		err = rom_check_tables(rom, rom->data_master, rom->data_count, ATOM_TBL_HDR_LEN);
	return err;
}

static bool rom_find_table(const struct ruby_atom_rom *rom, u16 master, u16 count,
			   unsigned int index, u16 *off, u16 *size)
{
	u32 o;

	if (!rom->bios || index >= count)
		return false;
	o = ruby_atom_le16(rom->bios + master + ATOM_MASTER_ENTRIES + 2 * index);
	if (!o || !rom_in_image(rom, o, ATOM_TBL_HDR_LEN))
		return false;
	*off = o;
	*size = ruby_atom_le16(rom->bios + o);
	return rom_in_image(rom, o, *size) && *size >= ATOM_TBL_HDR_LEN;
}

/**
 * ruby_atom_cmd_table - where a command table is
 * @rom: the checked image
 * @index: its index in the master command table
 * @off: its offset in the image
 * @size: its length, header included
 *
 * Return: whether the image has it.
 */
bool ruby_atom_cmd_table(const struct ruby_atom_rom *rom, unsigned int index,
			 u16 *off, u16 *size)
{
	return rom_find_table(rom, rom->cmd_master, rom->cmd_count, index, off, size) &&
	       *size >= ATOM_CT_CODE;
}

/**
 * ruby_atom_data_table - where a data table is, and its revision
 * @rom: the checked image
 * @index: its index in the master data table
 * @off: its offset in the image
 * @size: its length, header included
 * @frev: its format revision (may be NULL)
 * @crev: its content revision (may be NULL)
 *
 * Return: whether the image has it.
 */
bool ruby_atom_data_table(const struct ruby_atom_rom *rom, unsigned int index,
			  u16 *off, u16 *size, u8 *frev, u8 *crev)
{
	if (!rom_find_table(rom, rom->data_master, rom->data_count, index, off, size))
		return false;
	if (frev)
		*frev = rom->bios[*off + ATOM_TBL_FREV];
	if (crev)
		*crev = rom->bios[*off + ATOM_TBL_CREV];
	return true;
}

/**
 * ruby_atom_firmware_info - the clocks of FirmwareInfo (1.4, 2.x)
 * @rom: the checked image
 * @fw: filled on success
 *
 * Return: RUBY_ATOM_OK, RUBY_ATOM_E_NO_TABLE, RUBY_ATOM_E_TABLE_VERSION
 * (a revision, or a length, this parser does not know) or
 * RUBY_ATOM_E_DATA (a zero reference or boot clock).
 */
enum ruby_atom_err ruby_atom_firmware_info(const struct ruby_atom_rom *rom,
					   struct ruby_atom_firmware_info *fw)
{
	u16 off, size;
	u8 frev, crev;
	const u8 *t;
	bool v2;

	memset(fw, 0, sizeof(*fw));
	if (!ruby_atom_data_table(rom, ATOM_DATA_FIRMWARE_INFO, &off, &size, &frev, &crev))
		return RUBY_ATOM_E_NO_TABLE;
	v2 = frev == 2;
	if (!(v2 || (frev == 1 && crev >= 4)) ||
	    size < (v2 ? ATOM_FWI_LEN_V21 : ATOM_FWI_LEN_V14))
		return RUBY_ATOM_E_TABLE_VERSION;
	t = rom->bios + off;
	fw->frev = frev;
	fw->crev = crev;
	fw->ref_clk = ruby_atom_le16(t + ATOM_FWI_REF_CLK);
	fw->core_ref_clk = fw->ref_clk;
	fw->mem_ref_clk = v2 ? ruby_atom_le16(t + ATOM_FWI_MEM_REF_CLK) : fw->ref_clk;
	fw->default_sclk = ruby_atom_le32(t + ATOM_FWI_DEF_SCLK);
	fw->default_mclk = ruby_atom_le32(t + ATOM_FWI_DEF_MCLK);
	fw->max_sclk = ruby_atom_le32(t + ATOM_FWI_MAX_SCLK_PLL_OUT);
	fw->max_mclk = ruby_atom_le32(t + ATOM_FWI_MAX_MCLK_PLL_OUT);
	fw->max_pclk_pll_out = ruby_atom_le32(t + ATOM_FWI_MAX_PCLK_PLL_OUT);
	fw->min_pclk_pll_out = ruby_atom_le32(t + ATOM_FWI_MIN_PCLK_PLL_OUT);
	fw->min_pclk_pll_in = ruby_atom_le16(t + ATOM_FWI_MIN_PCLK_PLL_IN);
	fw->max_pclk_pll_in = ruby_atom_le16(t + ATOM_FWI_MAX_PCLK_PLL_IN);
	fw->max_pixel_clock = ruby_atom_le16(t + ATOM_FWI_MAX_PCLK);
	fw->default_dispclk = v2 ? ruby_atom_le32(t + ATOM_FWI_DEF_DISPCLK) : 0;
	fw->dp_ext_clk = v2 ? ruby_atom_le16(t + ATOM_FWI_DP_EXT_CLK) : 0;
	if (!fw->ref_clk || !fw->mem_ref_clk || !fw->default_sclk || !fw->default_mclk)
		return RUBY_ATOM_E_DATA;
	return RUBY_ATOM_OK;
}

static void rom_parse_i2c(const u8 *e, struct ruby_atom_i2c_bus *bus)
{
	u32 i;

	bus->id = e[ATOM_I2C_ID];
	bus->clk_mask_reg = (u32)ruby_atom_le16(e + ATOM_I2C_CLK_MASK_REG) << 2;
	bus->clk_en_reg = (u32)ruby_atom_le16(e + ATOM_I2C_CLK_MASK_REG + 2) << 2;
	bus->clk_y_reg = (u32)ruby_atom_le16(e + ATOM_I2C_CLK_MASK_REG + 4) << 2;
	bus->clk_a_reg = (u32)ruby_atom_le16(e + ATOM_I2C_CLK_MASK_REG + 6) << 2;
	bus->data_mask_reg = (u32)ruby_atom_le16(e + ATOM_I2C_DATA_MASK_REG) << 2;
	bus->data_en_reg = (u32)ruby_atom_le16(e + ATOM_I2C_DATA_MASK_REG + 2) << 2;
	bus->data_y_reg = (u32)ruby_atom_le16(e + ATOM_I2C_DATA_MASK_REG + 4) << 2;
	bus->data_a_reg = (u32)ruby_atom_le16(e + ATOM_I2C_DATA_A_REG) << 2;
	for (i = 0; i < 4; i++) {
		bus->clk_shift[i] = e[ATOM_I2C_CLK_MASK_SHIFT + i];
		bus->data_shift[i] = e[ATOM_I2C_DATA_MASK_SHIFT + i];
	}
}

/**
 * ruby_atom_i2c_info - the GPIO I2C lines (GPIO_I2C_Info)
 * @rom: the checked image
 * @bus: filled with up to @max lines
 * @max: room in @bus
 * @count: lines found
 *
 * Return: RUBY_ATOM_OK, RUBY_ATOM_E_NO_TABLE, or RUBY_ATOM_E_DATA (more
 * lines than @max, or a shift past bit 31).
 */
enum ruby_atom_err ruby_atom_i2c_info(const struct ruby_atom_rom *rom,
				      struct ruby_atom_i2c_bus *bus, unsigned int max,
				      unsigned int *count)
{
	const u8 *e;
	u16 off, size;
	u32 i, n, j;

	*count = 0;
	if (!ruby_atom_data_table(rom, ATOM_DATA_GPIO_I2C_INFO, &off, &size, NULL, NULL))
		return RUBY_ATOM_E_NO_TABLE;
	n = (size - ATOM_TBL_HDR_LEN) / ATOM_I2C_ASSIGN_LEN;
	if (n > max)
		return RUBY_ATOM_E_DATA;
	for (i = 0; i < n; i++) {
		e = rom->bios + off + ATOM_TBL_HDR_LEN + i * ATOM_I2C_ASSIGN_LEN;
		rom_parse_i2c(e, &bus[i]);
		for (j = 0; j < 4; j++)
			if (bus[i].clk_shift[j] > 31 || bus[i].data_shift[j] > 31)
				return RUBY_ATOM_E_DATA;
	}
	*count = n;
	return RUBY_ATOM_OK;
}

/**
 * struct obj_reader - bounded reads of the object table's structures
 * @rom: the image
 * @base: offset of the object header (the tables' offsets start there)
 * @err: the first read that fell outside the image (sticky)
 */
struct obj_reader {
	const struct ruby_atom_rom *rom;
	u32 base;
	enum ruby_atom_err err;
};

static u32 rom_rd(struct obj_reader *r, u32 off, u32 bytes)
{
	const u8 *p = r->rom->bios + off;

	if (r->err)
		return 0;
	if (!rom_in_image(r->rom, off, bytes)) {
		r->err = RUBY_ATOM_E_TABLE_RANGE;
		return 0;
	}
	if (bytes == 1)
		return p[0];
	return ruby_atom_le16(p);
}

/* The HPD pin's register and bit, from GPIO_Pin_LUT */
static void rom_hpd_pin(const struct ruby_atom_rom *rom, struct ruby_atom_connector *con)
{
	u16 off, size;
	u32 p;

	if (!ruby_atom_data_table(rom, ATOM_DATA_GPIO_PIN_LUT, &off, &size, NULL, NULL))
		return;
	for (p = off + ATOM_TBL_HDR_LEN; p + ATOM_GPIO_PIN_LEN <= off + size;
	     p += ATOM_GPIO_PIN_LEN) {
		if (rom->bios[p + ATOM_GPIO_PIN_ID] != con->hpd_gpio)
			continue;
		con->hpd_reg = (u32)ruby_atom_le16(rom->bios + p + ATOM_GPIO_PIN_REG) << 2;
		con->hpd_shift = rom->bios[p + ATOM_GPIO_PIN_SHIFT];
		return;
	}
}

/* A connector object's records: its DDC line and HPD pin */
static void rom_parse_records(struct obj_reader *r, u32 rec, struct ruby_atom_connector *con)
{
	u32 type, len;

	for (;;) {
		type = rom_rd(r, rec, 1);
		len = rom_rd(r, rec + 1, 1);
		if (r->err || type == ATOM_REC_END)
			return;
		if (len < ATOM_REC_HDR_LEN || (type == ATOM_REC_I2C && len < 3) ||
		    (type == ATOM_REC_HPD && len < 4)) {
			r->err = RUBY_ATOM_E_DATA;
			return;
		}
		if (type == ATOM_REC_I2C) {
			con->has_ddc = true;
			con->ddc_id = rom_rd(r, rec + ATOM_REC_I2C_ID, 1);
		} else if (type == ATOM_REC_HPD) {
			con->has_hpd = true;
			con->hpd_gpio = rom_rd(r, rec + ATOM_REC_HPD_GPIO, 1);
			con->hpd_plugged = rom_rd(r, rec + ATOM_REC_HPD_PLUGGED, 1);
			rom_hpd_pin(r->rom, con);
		}
		rec += len;
	}
}

/* Find the connector object @id and read its records */
static void rom_parse_connector_obj(struct obj_reader *r, struct ruby_atom_connector *con)
{
	u32 tab = r->base + rom_rd(r, r->base + ATOM_OBJ_HDR_CONNECTORS, 2);
	u32 n = rom_rd(r, tab, 1), i, obj;

	for (i = 0; i < n && !r->err; i++) {
		obj = tab + ATOM_OBJ_TABLE_LEN + i * ATOM_OBJ_LEN;
		if (rom_rd(r, obj + ATOM_OBJ_ID, 2) == con->object_id) {
			rom_parse_records(r, r->base + rom_rd(r, obj + ATOM_OBJ_RECORDS, 2), con);
			return;
		}
	}
	if (!r->err)
		r->err = RUBY_ATOM_E_DATA;
}

/* One display path: the connector and the encoders that drive it */
static u32 rom_parse_path(struct obj_reader *r, u32 p, struct ruby_atom_connector *con)
{
	u32 len = rom_rd(r, p + ATOM_PATH_SIZE, 2), i, obj;

	memset(con, 0, sizeof(*con));
	con->device_tag = rom_rd(r, p + ATOM_PATH_DEVICE_TAG, 2);
	con->object_id = rom_rd(r, p + ATOM_PATH_CONNECTOR, 2);
	con->type = con->object_id & ATOM_OBJID_ID_MASK;
	if (!r->err && (len < ATOM_PATH_OBJECTS || len & 1 ||
			(con->object_id & ATOM_OBJID_TYPE_MASK) >> ATOM_OBJID_TYPE_SHIFT !=
			ATOM_OBJ_TYPE_CONNECTOR))
		r->err = RUBY_ATOM_E_DATA;
	for (i = ATOM_PATH_OBJECTS; i < len && !r->err; i += 2) {
		obj = rom_rd(r, p + i, 2);
		if ((obj & ATOM_OBJID_TYPE_MASK) >> ATOM_OBJID_TYPE_SHIFT != ATOM_OBJ_TYPE_ENCODER)
			continue;	/* routers are not used */
		if (con->num_encoders == RUBY_ATOM_MAX_PATH_ENCODERS)
			r->err = RUBY_ATOM_E_DATA;
		else
			con->encoders[con->num_encoders++] = obj;
	}
	rom_parse_connector_obj(r, con);
	return len;
}

/* Paths to one connector (DVI-I: digital and analog) make one entry */
static void rom_add_path(struct obj_reader *r, struct ruby_atom_connector *con,
			 unsigned int max, unsigned int *count,
		     const struct ruby_atom_connector *path)
{
	struct ruby_atom_connector *c;
	u32 i;

	for (i = 0; i < *count; i++) {
		c = &con[i];
		if (c->object_id != path->object_id)
			continue;
		if (c->num_encoders + path->num_encoders > RUBY_ATOM_MAX_PATH_ENCODERS) {
			r->err = RUBY_ATOM_E_DATA;
			return;
		}
		memcpy(c->encoders + c->num_encoders, path->encoders,
		       path->num_encoders * sizeof(path->encoders[0]));
		c->num_encoders += path->num_encoders;
		c->device_tag |= path->device_tag;
		return;
	}
	if (*count == max)
		r->err = RUBY_ATOM_E_DATA;
	else
		con[(*count)++] = *path;
}

/**
 * ruby_atom_connectors - the board's connectors (Object_Header 1.x)
 * @rom: the checked image
 * @con: filled with up to @max connectors: one per connector object that
 *	a display path the board supports ends at, its paths' encoders merged
 * @max: room in @con
 * @count: connectors found
 *
 * Return: RUBY_ATOM_OK, RUBY_ATOM_E_NO_TABLE, RUBY_ATOM_E_TABLE_VERSION,
 * RUBY_ATOM_E_TABLE_RANGE (a structure outside the image) or
 * RUBY_ATOM_E_DATA (a malformed path or record, more than @max
 * connectors).
 */
enum ruby_atom_err ruby_atom_connectors(const struct ruby_atom_rom *rom,
					struct ruby_atom_connector *con, unsigned int max,
					unsigned int *count)
{
	struct obj_reader r = { .rom = rom };
	struct ruby_atom_connector path;
	u16 off, size;
	u8 frev;
	u32 paths, n, i, p, support;

	*count = 0;
	if (!ruby_atom_data_table(rom, ATOM_DATA_OBJECT_HEADER, &off, &size, &frev, NULL))
		return RUBY_ATOM_E_NO_TABLE;
	if (frev != 1 || size < ATOM_OBJ_HDR_LEN)
		return RUBY_ATOM_E_TABLE_VERSION;
	r.base = off;
	support = rom_rd(&r, off + ATOM_TBL_HDR_LEN, 2);
	paths = off + rom_rd(&r, off + ATOM_OBJ_HDR_PATHS, 2);
	n = rom_rd(&r, paths, 1);
	p = paths + ATOM_PATH_TABLE_LEN;
	for (i = 0; i < n && !r.err; i++) {
		p += rom_parse_path(&r, p, &path);
		if (!r.err && (path.device_tag & support))
			rom_add_path(&r, con, max, count, &path);
	}
	if (r.err)
		*count = 0;
	return r.err;
}

/**
 * ruby_atom_lcd_info - the native panel mode of LCD_Info (1.x)
 * @rom: the checked image
 * @mode: filled on success
 *
 * Return: RUBY_ATOM_OK, RUBY_ATOM_E_NO_TABLE (no panel),
 * RUBY_ATOM_E_TABLE_VERSION or RUBY_ATOM_E_DATA (an empty mode).
 */
enum ruby_atom_err ruby_atom_lcd_info(const struct ruby_atom_rom *rom,
				      struct ruby_atom_panel_mode *mode)
{
	u16 off, size;
	u8 frev;
	const u8 *d;

	memset(mode, 0, sizeof(*mode));
	if (!ruby_atom_data_table(rom, ATOM_DATA_LCD_INFO, &off, &size, &frev, NULL))
		return RUBY_ATOM_E_NO_TABLE;
	if (frev != 1 || size < ATOM_LCD_DTD + ATOM_DTD_LEN)
		return RUBY_ATOM_E_TABLE_VERSION;
	d = rom->bios + off + ATOM_LCD_DTD;
	mode->clock = ruby_atom_le16(d + ATOM_DTD_PIXCLK);
	mode->hactive = ruby_atom_le16(d + ATOM_DTD_HACTIVE);
	mode->hblank = ruby_atom_le16(d + ATOM_DTD_HBLANK);
	mode->hsync_offset = ruby_atom_le16(d + ATOM_DTD_HSYNC_OFF);
	mode->hsync_width = ruby_atom_le16(d + ATOM_DTD_HSYNC_WIDTH);
	mode->vactive = ruby_atom_le16(d + ATOM_DTD_VACTIVE);
	mode->vblank = ruby_atom_le16(d + ATOM_DTD_VBLANK);
	mode->vsync_offset = ruby_atom_le16(d + ATOM_DTD_VSYNC_OFF);
	mode->vsync_width = ruby_atom_le16(d + ATOM_DTD_VSYNC_WIDTH);
	if (!mode->clock || !mode->hactive || !mode->vactive ||
	    mode->hsync_offset + mode->hsync_width > mode->hblank ||
	    mode->vsync_offset + mode->vsync_width > mode->vblank)
		return RUBY_ATOM_E_DATA;
	return RUBY_ATOM_OK;
}
