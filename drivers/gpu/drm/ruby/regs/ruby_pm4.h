/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * PM4, the command-processor packet format of R6xx and later: header
 * encoding and decoding for the driver's own packets; the type-3 opcodes
 * of R6xx-NI are in pm4_opcodes.h, which the command-stream checker also
 * includes on the host.
 */
#ifndef __RUBY_PM4_H__
#define __RUBY_PM4_H__

#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/types.h>

#include "pm4_opcodes.h"

/* Packet header */
#define PM4_HDR_TYPE			GENMASK(31, 30)
#define PM4_HDR_COUNT			GENMASK(29, 16)
#define PM4_HDR_OPCODE			GENMASK(15, 8)	/* type 3 */
#define PM4_HDR_PREDICATE		BIT(0)		/* type 3 */
#define PM4_HDR_BASE_INDEX		GENMASK(15, 0)	/* type 0, dword index */

#define PM4_TYPE0			0
#define PM4_TYPE2			2
#define PM4_TYPE3			3

/* A type-2 packet is a single filler dword. */
#define PM4_TYPE2_FILLER		0x80000000u

/* Largest body a header can announce, in dwords. */
#define PM4_MAX_BODY_DW			((PM4_HDR_COUNT >> 16) + 1)

/**
 * pm4_type3 - header of a type-3 packet
 * @opcode: PKT3_* opcode
 * @body_dw: dwords following the header, 1 to PM4_MAX_BODY_DW
 *
 * Returns: the header dword.
 */
static inline u32 pm4_type3(u32 opcode, u32 body_dw)
{
	return FIELD_PREP(PM4_HDR_TYPE, PM4_TYPE3) |
	       FIELD_PREP(PM4_HDR_COUNT, body_dw - 1) |
	       FIELD_PREP(PM4_HDR_OPCODE, opcode);
}

/**
 * pm4_type0 - header of a type-0 packet writing consecutive registers
 * @reg: byte offset of the first register
 * @body_dw: registers written, 1 to PM4_MAX_BODY_DW
 *
 * Returns: the header dword.
 */
static inline u32 pm4_type0(u32 reg, u32 body_dw)
{
	return FIELD_PREP(PM4_HDR_TYPE, PM4_TYPE0) |
	       FIELD_PREP(PM4_HDR_COUNT, body_dw - 1) |
	       FIELD_PREP(PM4_HDR_BASE_INDEX, reg >> 2);
}

/* Decoding; every header announces at least one body dword but type 2. */
static inline u32 pm4_hdr_type(u32 hdr)
{
	return FIELD_GET(PM4_HDR_TYPE, hdr);
}

static inline u32 pm4_hdr_body_dw(u32 hdr)
{
	return pm4_hdr_type(hdr) == PM4_TYPE2 ? 0 : FIELD_GET(PM4_HDR_COUNT, hdr) + 1;
}

static inline u32 pm4_hdr_opcode(u32 hdr)
{
	return FIELD_GET(PM4_HDR_OPCODE, hdr);
}

static inline u32 pm4_hdr_reg(u32 hdr)
{
	return FIELD_GET(PM4_HDR_BASE_INDEX, hdr) << 2;
}

#endif /* __RUBY_PM4_H__ */
