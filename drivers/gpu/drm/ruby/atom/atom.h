/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * AtomBIOS: the video BIOS image checker, its data-table parser and ruby's
 * interpreter of its command tables. Plain C over (image, length, register
 * callbacks) with no kernel state, so the same source builds into the
 * module and into host programs (tools/testing/ruby/atom). Nothing here
 * touches hardware or logs: the caller does both.
 */
#ifndef __RUBY_ATOM_H__
#define __RUBY_ATOM_H__

#ifdef __KERNEL__
#include <linux/types.h>
#else
/* host builds (tools/testing/ruby/atom) provide u8..u64 and bool */
#include "ruby_cs_host.h"
#endif

/**
 * enum ruby_atom_err - why an image, a table or an execution was refused
 * @RUBY_ATOM_OK: no error
 * @RUBY_ATOM_E_ROM_SIG: no 0x55AA expansion ROM signature
 * @RUBY_ATOM_E_PCIR: no PCI data structure ("PCIR"), or a malformed one
 * @RUBY_ATOM_E_ROM_SIZE: the image's declared size is 0 or past its end
 * @RUBY_ATOM_E_ROM_CSUM: the image's bytes do not sum to 0
 * @RUBY_ATOM_E_ATI_MAGIC: no ATI magic string
 * @RUBY_ATOM_E_ATOM_MAGIC: the ROM header has no "ATOM" signature
 * @RUBY_ATOM_E_HDR_RANGE: a header or master table points out of the image
 * @RUBY_ATOM_E_TABLE_RANGE: a table's length runs past the image
 * @RUBY_ATOM_E_NO_TABLE: the table asked for is not in the image
 * @RUBY_ATOM_E_TABLE_VERSION: a data table revision this parser lacks
 * @RUBY_ATOM_E_DATA: a data table holds a value that cannot be right
 * @RUBY_ATOM_E_TRUNCATED: an instruction or operand runs past its table
 * @RUBY_ATOM_E_OPCODE: an opcode that does not exist
 * @RUBY_ATOM_E_UNSUPPORTED: REPEAT, SAVE_REG, RESTORE_REG: never specified
 * @RUBY_ATOM_E_OPERAND: an operand mode the instruction cannot take (a
 *	register through the PCI or SYSIO port, a malformed SWITCH case)
 * @RUBY_ATOM_E_IIO: an indirect IO program missing or malformed
 * @RUBY_ATOM_E_DIV_ZERO: DIV by zero
 * @RUBY_ATOM_E_JUMP: a jump target outside the running table's code
 * @RUBY_ATOM_E_WS_INDEX: a workspace index past the table's workspace
 * @RUBY_ATOM_E_PS_INDEX: a parameter index past the parameter space
 * @RUBY_ATOM_E_FB_INDEX: a frame-buffer scratch index past the scratch
 * @RUBY_ATOM_E_DATA_RANGE: a data-block operand outside the image
 * @RUBY_ATOM_E_STEPS: the step limit ran out (a table that loops)
 * @RUBY_ATOM_E_NESTING: CALL_TABLE nested past RUBY_ATOM_MAX_DEPTH
 * @RUBY_ATOM_E_WS_POOL: nested tables' workspaces exceed the pool
 * @RUBY_ATOM_E_COUNT: number of codes
 */
enum ruby_atom_err {
	RUBY_ATOM_OK,
	RUBY_ATOM_E_ROM_SIG,
	RUBY_ATOM_E_PCIR,
	RUBY_ATOM_E_ROM_SIZE,
	RUBY_ATOM_E_ROM_CSUM,
	RUBY_ATOM_E_ATI_MAGIC,
	RUBY_ATOM_E_ATOM_MAGIC,
	RUBY_ATOM_E_HDR_RANGE,
	RUBY_ATOM_E_TABLE_RANGE,
	RUBY_ATOM_E_NO_TABLE,
	RUBY_ATOM_E_TABLE_VERSION,
	RUBY_ATOM_E_DATA,
	RUBY_ATOM_E_TRUNCATED,
	RUBY_ATOM_E_OPCODE,
	RUBY_ATOM_E_UNSUPPORTED,
	RUBY_ATOM_E_OPERAND,
	RUBY_ATOM_E_IIO,
	RUBY_ATOM_E_DIV_ZERO,
	RUBY_ATOM_E_JUMP,
	RUBY_ATOM_E_WS_INDEX,
	RUBY_ATOM_E_PS_INDEX,
	RUBY_ATOM_E_FB_INDEX,
	RUBY_ATOM_E_DATA_RANGE,
	RUBY_ATOM_E_STEPS,
	RUBY_ATOM_E_NESTING,
	RUBY_ATOM_E_WS_POOL,
	RUBY_ATOM_E_COUNT
};

const char *ruby_atom_strerror(enum ruby_atom_err err);

/* Little-endian fields at any alignment; the caller bounds @p */
static inline u16 ruby_atom_le16(const u8 *p)
{
	return p[0] | (u16)p[1] << 8;
}

static inline u32 ruby_atom_le32(const u8 *p)
{
	return ruby_atom_le16(p) | (u32)ruby_atom_le16(p + 2) << 16;
}

/**
 * struct ruby_atom_rom - a checked image: where its tables are
 * @bios: the image
 * @size: its size as its header declares it (at most the buffer's length)
 * @hdr: offset of the ATOM ROM header
 * @cmd_master: offset of the master command table
 * @data_master: offset of the master data table
 * @cmd_count: entries in the master command table
 * @data_count: entries in the master data table
 *
 * Filled by ruby_atom_rom_parse(): every table a master table names lies
 * inside the image, header and length.
 */
struct ruby_atom_rom {
	const u8 *bios;
	u32 size;
	u16 hdr, cmd_master, data_master;
	u16 cmd_count, data_count;
};

enum ruby_atom_err ruby_atom_rom_image_len(const u8 *img, u32 len, u32 *size);
enum ruby_atom_err ruby_atom_rom_parse(struct ruby_atom_rom *rom, const u8 *img, u32 len);
bool ruby_atom_cmd_table(const struct ruby_atom_rom *rom, unsigned int index,
			 u16 *off, u16 *size);
bool ruby_atom_data_table(const struct ruby_atom_rom *rom, unsigned int index,
			  u16 *off, u16 *size, u8 *frev, u8 *crev);

/**
 * struct ruby_atom_firmware_info - FirmwareInfo, clocks in 10 kHz units
 * @frev: table format revision
 * @crev: table content revision
 * @ref_clk: the display PLLs' reference clock
 * @core_ref_clk: the engine PLL's reference (2.1 and later, else @ref_clk)
 * @mem_ref_clk: the memory PLL's reference (2.1 and later, else @ref_clk)
 * @default_sclk: engine clock at boot
 * @default_mclk: memory clock at boot
 * @max_sclk: the engine PLL's highest output
 * @max_mclk: the memory PLL's highest output
 * @max_pclk_pll_out: the pixel PLLs' highest output
 * @min_pclk_pll_out: their lowest output
 * @min_pclk_pll_in: their lowest input
 * @max_pclk_pll_in: their highest input
 * @max_pixel_clock: the highest pixel clock
 * @default_dispclk: display engine clock at boot (2.1 and later, else 0)
 * @dp_ext_clk: DP external clock (2.1 and later; 0: PLL-driven)
 */
struct ruby_atom_firmware_info {
	u8 frev, crev;
	u32 ref_clk, core_ref_clk, mem_ref_clk;
	u32 default_sclk, default_mclk, max_sclk, max_mclk;
	u32 max_pclk_pll_out, min_pclk_pll_out;
	u32 min_pclk_pll_in, max_pclk_pll_in, max_pixel_clock;
	u32 default_dispclk, dp_ext_clk;
};

enum ruby_atom_err ruby_atom_firmware_info(const struct ruby_atom_rom *rom,
					   struct ruby_atom_firmware_info *fw);

/**
 * struct ruby_atom_i2c_bus - one GPIO_I2C_Info assignment (a DDC line)
 * @id: the I2C id byte connectors name it by (line, engine, hw-capable)
 * @clk_mask_reg: byte offset of the clock pin's mask register; the
 *	enable, Y and A registers follow as in the table
 * @clk_en_reg: byte offset of the clock enable register
 * @clk_y_reg: byte offset of the clock output register
 * @clk_a_reg: byte offset of the clock input register
 * @data_mask_reg: byte offset of the data pin's mask register
 * @data_en_reg: byte offset of the data enable register
 * @data_y_reg: byte offset of the data output register
 * @data_a_reg: byte offset of the data input register
 * @clk_shift: bit of the clock pin in each of its four registers
 * @data_shift: bit of the data pin in each of its four registers
 */
struct ruby_atom_i2c_bus {
	u8 id;
	u32 clk_mask_reg, clk_en_reg, clk_y_reg, clk_a_reg;
	u32 data_mask_reg, data_en_reg, data_y_reg, data_a_reg;
	u8 clk_shift[4], data_shift[4];
};

#define RUBY_ATOM_MAX_I2C	16

enum ruby_atom_err ruby_atom_i2c_info(const struct ruby_atom_rom *rom,
				      struct ruby_atom_i2c_bus *bus, unsigned int max,
				      unsigned int *count);

#define RUBY_ATOM_MAX_CONNECTORS	8
#define RUBY_ATOM_MAX_PATH_ENCODERS	4

/**
 * struct ruby_atom_connector - a display path of the object table
 * @type: connector object id (ATOM_CONNECTOR_*)
 * @object_id: the full connector object id (type, enum, id)
 * @device_tag: the ATOM_DEVICE_* bits of the path
 * @encoders: object ids of the encoders on the path, GPU side first
 * @num_encoders: entries in @encoders
 * @has_ddc: the connector has an I2C record (a DDC line)
 * @ddc_id: its I2C id, as in struct ruby_atom_i2c_bus's @id
 * @has_hpd: the connector has an HPD record
 * @hpd_gpio: the HPD GPIO id (GPIO_Pin_LUT)
 * @hpd_plugged: the pin state meaning "plugged"
 * @hpd_reg: byte offset of the HPD pin's register (GPIO_Pin_LUT; 0 if the
 *	table does not list the pin)
 * @hpd_shift: the HPD pin's bit in @hpd_reg
 */
struct ruby_atom_connector {
	u8 type;
	u16 object_id, device_tag;
	u16 encoders[RUBY_ATOM_MAX_PATH_ENCODERS];
	u8 num_encoders;
	bool has_ddc, has_hpd;
	u8 ddc_id, hpd_gpio, hpd_plugged;
	u32 hpd_reg;
	u8 hpd_shift;
};

enum ruby_atom_err ruby_atom_connectors(const struct ruby_atom_rom *rom,
					struct ruby_atom_connector *con, unsigned int max,
					unsigned int *count);

/**
 * struct ruby_atom_panel_mode - LCD_Info's native panel mode
 * @clock: pixel clock, 10 kHz units
 * @hactive: visible pixels per line
 * @hblank: blanking pixels per line
 * @hsync_offset: front porch, pixels
 * @hsync_width: sync pulse, pixels
 * @vactive: visible lines
 * @vblank: blanking lines
 * @vsync_offset: front porch, lines
 * @vsync_width: sync pulse, lines
 */
struct ruby_atom_panel_mode {
	u32 clock;
	u16 hactive, hblank, hsync_offset, hsync_width;
	u16 vactive, vblank, vsync_offset, vsync_width;
};

enum ruby_atom_err ruby_atom_lcd_info(const struct ruby_atom_rom *rom,
				      struct ruby_atom_panel_mode *mode);

/**
 * enum ruby_atom_dbg - what a table reported through ops->debug
 * @RUBY_ATOM_DBG_POST: POST_CARD, with its code
 * @RUBY_ATOM_DBG_BEEP: BEEP
 * @RUBY_ATOM_DBG_DEBUG: DEBUG, with its byte
 */
enum ruby_atom_dbg {
	RUBY_ATOM_DBG_POST,
	RUBY_ATOM_DBG_BEEP,
	RUBY_ATOM_DBG_DEBUG,
};

/**
 * struct ruby_atom_ops - how the interpreter reaches the card
 * @reg_read: read an MMIO register, @reg a byte offset
 * @reg_write: write one
 * @io_read: read an IO-space register (indirect IO), @reg a byte offset
 * @io_write: write one
 * @pll_read: read a PLL register, @reg as the table gives it
 * @pll_write: write one
 * @mc_read: read a memory-controller register, @reg as the table gives it
 * @mc_write: write one
 * @delay: wait @usecs microseconds (the caller chooses sleep or spin)
 * @debug: POST codes, beeps, debug bytes (optional)
 *
 * All but @debug are required. They are called with the caller's table
 * lock held (see struct ruby_atom).
 */
struct ruby_atom_ops {
	u32 (*reg_read)(void *priv, u32 reg);
	void (*reg_write)(void *priv, u32 reg, u32 val);
	u32 (*io_read)(void *priv, u32 reg);
	void (*io_write)(void *priv, u32 reg, u32 val);
	u32 (*pll_read)(void *priv, u32 reg);
	void (*pll_write)(void *priv, u32 reg, u32 val);
	u32 (*mc_read)(void *priv, u32 reg);
	void (*mc_write)(void *priv, u32 reg, u32 val);
	void (*delay)(void *priv, u32 usecs);
	void (*debug)(void *priv, enum ruby_atom_dbg what, u32 val);
};

/* CALL_TABLE nesting, counting the table the caller runs */
#define RUBY_ATOM_MAX_DEPTH		8
/* workspace dwords shared by the nested tables of one execution */
#define RUBY_ATOM_WS_POOL		1024
/* instructions one execution may run, nested tables included */
#define RUBY_ATOM_DEFAULT_STEPS		1000000

/**
 * struct ruby_atom_frame - one running command table
 * @index: its index in the master command table
 * @start: offset of its header in the image
 * @end: offset just past its last byte
 * @pc: offset of the next byte to decode
 * @ws: its workspace, in the interpreter's pool
 * @ws_dwords: workspace size
 * @ps: its parameter space (little-endian dwords)
 * @ps_bytes: parameter space size
 * @ps_own: bytes of @ps the table keeps: callees get what follows
 */
struct ruby_atom_frame {
	u32 index;
	u32 start, end, pc;
	u32 *ws;
	u32 ws_dwords;
	u8 *ps;
	u32 ps_bytes, ps_own;
};

/**
 * struct ruby_atom_fault - where an execution stopped
 * @err: why
 * @table: command table index running then
 * @pc: offset in the image of the failing instruction
 * @value: the operand at fault (index, opcode, target), if any
 */
struct ruby_atom_fault {
	enum ruby_atom_err err;
	u32 table, pc, value;
};

/**
 * struct ruby_atom - the interpreter of one card's command tables
 * @rom: the checked image
 * @ops: the card's registers and delays
 * @priv: passed to every op
 * @fb: frame-buffer scratch dwords the tables may use (may be NULL)
 * @fb_dwords: size of @fb
 * @step_limit: instructions one execution may run (ruby_atom_init() sets
 *	RUBY_ATOM_DEFAULT_STEPS)
 * @fault: why the last execution failed
 * @err: the running execution's first error (sticky)
 * @insn: offset of the instruction running
 * @op: its opcode
 * @arg: its opcode's place in its family (destination mode, condition)
 * @depth: nested tables running
 * @steps: instructions run so far
 * @frame: the running tables, outermost first
 * @ws_used: pool dwords the running frames hold
 * @data_block: base of ID operands (SET_DATA_BLOCK)
 * @reg_block: added to register operands (SET_REG_BLOCK)
 * @fb_base: byte base of FB operands (SET_FB_BASE)
 * @io_port: 0: MMIO; else the indirect IO program registers go through
 * @io_other: a PCI or SYSIO port is selected (registers refused)
 * @io_attr: attributes of indirect IO (WS 0x47)
 * @shift: WS 0x43, whose OR and AND masks WS 0x44/0x45 give
 * @quotient: MUL's product, DIV's quotient
 * @remainder: DIV's remainder
 * @equal: the last COMPARE or TEST found equal (TEST: no common bits)
 * @above: the last COMPARE found the destination above the source
 * @ws_pool: the workspaces of the running frames
 *
 * The state is the card's (the tables share it through CALL_TABLE), so
 * executions must be serialised: the caller holds one mutex per device
 * around ruby_atom_execute() and anything reading @fault.
 */
struct ruby_atom {
	const struct ruby_atom_rom *rom;
	const struct ruby_atom_ops *ops;
	void *priv;
	u32 *fb;
	u32 fb_dwords;
	u32 step_limit;
	struct ruby_atom_fault fault;

	enum ruby_atom_err err;
	u32 insn;
	u8 op, arg;
	u32 depth, steps;
	struct ruby_atom_frame frame[RUBY_ATOM_MAX_DEPTH];
	u32 ws_used;
	u32 data_block, reg_block, fb_base;
	u32 io_port;
	bool io_other;
	u32 io_attr, shift;
	u32 quotient, remainder;
	bool equal, above;
	u32 ws_pool[RUBY_ATOM_WS_POOL];
};

void ruby_atom_init(struct ruby_atom *atom, const struct ruby_atom_rom *rom,
		    const struct ruby_atom_ops *ops, void *priv);
enum ruby_atom_err ruby_atom_execute(struct ruby_atom *atom, unsigned int index,
				     void *ps, u32 ps_bytes);

#endif /* __RUBY_ATOM_H__ */
