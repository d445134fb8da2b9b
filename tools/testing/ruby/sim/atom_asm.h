/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * atom_asm: a small AtomBIOS assembler. The simulator builds its board's
 * video BIOS with it (vbios.c): data tables from fields, command tables
 * from mnemonics (one function per instruction, operands from the AA_*
 * constructors), laid out as a PCI expansion ROM with its ATOM header,
 * master tables and checksum. The encodings are the driver's
 * (drivers/gpu/drm/ruby/atom/atom_defs.h).
 */
#ifndef ATOM_ASM_H
#define ATOM_ASM_H

#include <stdbool.h>
#include <stdint.h>

#include "atom/atom_defs.h"

#define AA_MAX_IMAGE	(64 * 1024)
#define AA_MAX_TABLES	96
#define AA_MAX_LABELS	32
#define AA_MAX_FIXUPS	64

/*
 * An operand: mode ATOM_ARG_*, field ATOM_SRC_* (which bits of the
 * dword), and its index (register byte offset, PS/WS/FB dword, data-block
 * offset) or immediate value.
 */
struct aa_arg {
	uint8_t mode, field;
	uint32_t val;
};

#define AA_ARG(m, v)	((struct aa_arg){ .mode = (m), .field = ATOM_SRC_DWORD, .val = (v) })
#define AA_REG(off)	AA_ARG(ATOM_ARG_REG, off)
#define AA_PS(i)	AA_ARG(ATOM_ARG_PS, i)
#define AA_WS(i)	AA_ARG(ATOM_ARG_WS, i)
#define AA_FB(i)	AA_ARG(ATOM_ARG_FB, i)
#define AA_ID(off)	AA_ARG(ATOM_ARG_ID, off)
#define AA_IMM(v)	AA_ARG(ATOM_ARG_IMM, v)
#define AA_PLL(i)	AA_ARG(ATOM_ARG_PLL, i)
#define AA_MC(i)	AA_ARG(ATOM_ARG_MC, i)

/* the same operand, narrowed to a field (ATOM_SRC_WORD8...) */
static inline struct aa_arg aa_field(struct aa_arg a, uint8_t field)
{
	a.field = field;
	return a;
}

/**
 * struct atom_asm - an image being assembled
 * @img: its bytes
 * @len: bytes used
 * @cmd: offset of each command table (0: absent)
 * @data: offset of each data table (0: absent)
 * @start: offset of the table being assembled
 * @is_cmd: it is a command table
 * @index: its index
 * @label: offsets of its labels, from its start (0: undefined)
 * @fixup: where a label's offset goes (image offset, label)
 * @nfixup: entries in @fixup
 * @err: the first misuse (NULL: none); every later call is ignored
 * @pci_vendor: PCI ids the image's PCI data structure names (aa_pci_ids())
 * @pci_device: likewise
 */
struct atom_asm {
	uint8_t img[AA_MAX_IMAGE];
	uint32_t len;
	uint16_t cmd[AA_MAX_TABLES], data[AA_MAX_TABLES];
	uint32_t start;
	bool is_cmd;
	unsigned int index;
	uint16_t label[AA_MAX_LABELS];
	struct {
		uint32_t at;
		unsigned int label;
	} fixup[AA_MAX_FIXUPS];
	unsigned int nfixup;
	const char *err;
	uint16_t pci_vendor, pci_device;
};

void aa_init(struct atom_asm *a);
void aa_u8(struct atom_asm *a, uint32_t v);
void aa_u16(struct atom_asm *a, uint32_t v);
void aa_u32(struct atom_asm *a, uint32_t v);
void aa_bytes(struct atom_asm *a, const void *p, uint32_t n);
uint32_t aa_here(const struct atom_asm *a);

/* Tables: begin, emit, end; the header's size is filled at the end */
void aa_data_begin(struct atom_asm *a, unsigned int index, uint8_t frev, uint8_t crev);
void aa_data_end(struct atom_asm *a);
void aa_cmd_begin(struct atom_asm *a, unsigned int index, uint8_t ws_dwords,
		  uint8_t ps_bytes);
void aa_cmd_end(struct atom_asm *a);
/* the command table being assembled is of revision @frev.@crev (else 1.1) */
void aa_cmd_revision(struct atom_asm *a, uint8_t frev, uint8_t crev);

/* Instructions: the destination's field picks where the result goes */
void aa_move(struct atom_asm *a, struct aa_arg dst, struct aa_arg src);
void aa_and(struct atom_asm *a, struct aa_arg dst, struct aa_arg src);
void aa_or(struct atom_asm *a, struct aa_arg dst, struct aa_arg src);
void aa_xor(struct atom_asm *a, struct aa_arg dst, struct aa_arg src);
void aa_add(struct atom_asm *a, struct aa_arg dst, struct aa_arg src);
void aa_sub(struct atom_asm *a, struct aa_arg dst, struct aa_arg src);
void aa_mul(struct atom_asm *a, struct aa_arg dst, struct aa_arg src);
void aa_div(struct atom_asm *a, struct aa_arg dst, struct aa_arg src);
void aa_compare(struct atom_asm *a, struct aa_arg dst, struct aa_arg src);
void aa_test(struct atom_asm *a, struct aa_arg dst, struct aa_arg src);
void aa_shl(struct atom_asm *a, struct aa_arg dst, struct aa_arg src);
void aa_shr(struct atom_asm *a, struct aa_arg dst, struct aa_arg src);
void aa_mask(struct atom_asm *a, struct aa_arg dst, uint32_t keep, struct aa_arg src);
void aa_shift_left(struct atom_asm *a, struct aa_arg dst, uint8_t n);
void aa_shift_right(struct atom_asm *a, struct aa_arg dst, uint8_t n);
void aa_clear(struct atom_asm *a, struct aa_arg dst);
void aa_set_reg_block(struct atom_asm *a, uint16_t dwords);
void aa_set_data_block(struct atom_asm *a, uint8_t index);
void aa_set_fb_base(struct atom_asm *a, struct aa_arg src);
void aa_set_port(struct atom_asm *a, uint8_t op, uint16_t port);
void aa_label(struct atom_asm *a, unsigned int label);
void aa_jump(struct atom_asm *a, uint8_t op, unsigned int label);
void aa_switch(struct atom_asm *a, struct aa_arg src, unsigned int n,
	       const uint32_t *values, const unsigned int *labels);
void aa_call(struct atom_asm *a, uint8_t table);
void aa_delay(struct atom_asm *a, uint8_t op, uint8_t count);
void aa_simple(struct atom_asm *a, uint8_t op);
void aa_simple8(struct atom_asm *a, uint8_t op, uint8_t v);

/* The device the image is for, as its PCI data structure names it */
void aa_pci_ids(struct atom_asm *a, uint16_t vendor, uint16_t device);

/* Lay out header and master tables, pad, checksum; 0 or -1 (a->err) */
int aa_finish(struct atom_asm *a, const char *name);

/* Make the bytes sum to zero again, after a deliberate change */
void aa_checksum(struct atom_asm *a);

#endif /* ATOM_ASM_H */
