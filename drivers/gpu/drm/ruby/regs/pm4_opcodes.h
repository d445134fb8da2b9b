/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * PM4 type-3 opcodes of R6xx to Northern Islands and the register windows
 * of their SET_* packets: plain numbers, no kernel types, so that the
 * command-stream checker includes them on the host too (ruby_pm4.h adds
 * the header encoding the driver builds packets with).
 */
#ifndef __RUBY_PM4_OPCODES_H__
#define __RUBY_PM4_OPCODES_H__

/* Type-3 opcodes of R6xx to Northern Islands */
#define PKT3_NOP			0x10
#define PKT3_SET_BASE			0x11
#define PKT3_CLEAR_STATE		0x12
#define PKT3_INDEX_BUFFER_SIZE		0x13
#define PKT3_DISPATCH_DIRECT		0x15
#define PKT3_DISPATCH_INDIRECT		0x16
#define PKT3_INDIRECT_BUFFER_END	0x17
#define PKT3_MODE_CONTROL		0x18
#define PKT3_SET_PREDICATION		0x20
#define PKT3_REG_RMW			0x21
#define PKT3_COND_EXEC			0x22
#define PKT3_PRED_EXEC			0x23
#define PKT3_DRAW_INDIRECT		0x24
#define PKT3_DRAW_INDEX_INDIRECT	0x25
#define PKT3_INDEX_BASE			0x26
#define PKT3_DRAW_INDEX_2		0x27
#define PKT3_CONTEXT_CONTROL		0x28
#define PKT3_DRAW_INDEX_OFFSET		0x29
#define PKT3_INDEX_TYPE			0x2a
#define PKT3_DRAW_INDEX			0x2b
#define PKT3_DRAW_INDEX_AUTO		0x2d
#define PKT3_DRAW_INDEX_IMMD		0x2e
#define PKT3_NUM_INSTANCES		0x2f
#define PKT3_DRAW_INDEX_MULTI_AUTO	0x30
#define PKT3_INDIRECT_BUFFER		0x32
#define PKT3_STRMOUT_BUFFER_UPDATE	0x34
#define PKT3_DRAW_INDEX_OFFSET_2	0x35
#define PKT3_DRAW_INDEX_MULTI_ELEMENT	0x36
#define PKT3_MEM_SEMAPHORE		0x39
#define PKT3_MPEG_INDEX			0x3a
#define PKT3_COPY_DW			0x3b
#define PKT3_WAIT_REG_MEM		0x3c
#define PKT3_MEM_WRITE			0x3d
#define PKT3_CP_DMA			0x41
#define PKT3_PFP_SYNC_ME		0x42
#define PKT3_SURFACE_SYNC		0x43
#define PKT3_ME_INITIALIZE		0x44
#define PKT3_COND_WRITE			0x45
#define PKT3_EVENT_WRITE		0x46
#define PKT3_EVENT_WRITE_EOP		0x47
#define PKT3_EVENT_WRITE_EOS		0x48
#define PKT3_PREAMBLE_CNTL		0x4a
#define PKT3_RB_OFFSET			0x4b
#define PKT3_ALU_PS_CONST_BUFFER_COPY	0x4c
#define PKT3_ALU_VS_CONST_BUFFER_COPY	0x4d
#define PKT3_ALU_PS_CONST_UPDATE	0x4e
#define PKT3_ALU_VS_CONST_UPDATE	0x4f
#define PKT3_ONE_REG_WRITE		0x57
#define PKT3_SET_CONFIG_REG		0x68
#define PKT3_SET_CONTEXT_REG		0x69
#define PKT3_SET_ALU_CONST		0x6a
#define PKT3_SET_BOOL_CONST		0x6b
#define PKT3_SET_LOOP_CONST		0x6c
#define PKT3_SET_RESOURCE		0x6d
#define PKT3_SET_SAMPLER		0x6e
#define PKT3_SET_CTL_CONST		0x6f
#define PKT3_SET_RESOURCE_OFFSET	0x70
#define PKT3_SET_ALU_CONST_VS		0x71
#define PKT3_SET_ALU_CONST_DI		0x72
#define PKT3_SET_CONTEXT_REG_INDIRECT	0x73
#define PKT3_SET_RESOURCE_INDIRECT	0x74
#define PKT3_SET_APPEND_CNT		0x75

/* Register windows of the SET_*_REG packets: byte offsets, end exclusive */
#define PKT3_SET_CONFIG_REG_START	0x00008000
#define PKT3_SET_CONFIG_REG_END		0x0000ac00
#define PKT3_SET_CONTEXT_REG_START	0x00028000
#define PKT3_SET_CONTEXT_REG_END	0x00029000
#define PKT3_SET_RESOURCE_START		0x00030000
#define PKT3_SET_RESOURCE_END		0x00038000
#define PKT3_SET_LOOP_CONST_START	0x0003a200
#define PKT3_SET_LOOP_CONST_END		0x0003a500
#define PKT3_SET_BOOL_CONST_START	0x0003a500
#define PKT3_SET_BOOL_CONST_END		0x0003a518
#define PKT3_SET_SAMPLER_START		0x0003c000
#define PKT3_SET_SAMPLER_END		0x0003c600
#define PKT3_SET_CTL_CONST_START	0x0003cff0
#define PKT3_SET_CTL_CONST_END		0x0003ff0c

#endif /* __RUBY_PM4_OPCODES_H__ */
