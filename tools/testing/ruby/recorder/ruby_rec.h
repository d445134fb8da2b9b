/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * The stream recordings of ruby-rec.so (recorder.c), read by the replay
 * tool (../cs/replay.c). One file per process, little-endian:
 *
 *   struct ruby_rec_header
 *   then records, each a struct ruby_rec_cs followed by its @nrelocs
 *   struct ruby_rec_reloc and its @ndw IB dwords; @bytes is the whole
 *   record's size, so a reader skips a record it does not know.
 *
 * A record is written with one write() after the CS ioctl returned: a
 * process killed mid-run leaves whole records only (at worst a torn last
 * one, which a reader drops).
 */
#ifndef __RUBY_REC_H__
#define __RUBY_REC_H__

#include <stdint.h>

#define RUBY_REC_MAGIC		"RBYREC\r\n"
#define RUBY_REC_VERSION	1
#define RUBY_REC_CS		1	/* record type: DRM_IOCTL_RADEON_CS */

/**
 * struct ruby_rec_header - the start of a recording
 * @magic: RUBY_REC_MAGIC
 * @version: RUBY_REC_VERSION
 * @header_bytes: the size of this header (readers skip what they lack)
 * @pid: the recorded process
 * @reserved: 0
 */
struct ruby_rec_header {
	char magic[8];
	uint16_t version;
	uint16_t header_bytes;
	uint32_t pid;
	uint32_t reserved[2];
};

/* ruby_rec_cs.chunks: which chunks the submission had */
#define RUBY_REC_HAS_IB		(1u << 0)
#define RUBY_REC_HAS_RELOCS	(1u << 1)
#define RUBY_REC_HAS_FLAGS	(1u << 2)

/**
 * struct ruby_rec_cs - one DRM_IOCTL_RADEON_CS
 * @bytes: the record's size, this header, relocations and IB included
 * @type: RUBY_REC_CS
 * @ret: what the ioctl returned: 0, or minus its errno
 * @ring: RADEON_CS_RING_* of the FLAGS chunk (0, GFX, without one)
 * @flags: RADEON_CS_* of the FLAGS chunk
 * @ndw: dwords of the IB
 * @nrelocs: relocations of the RELOCS chunk
 * @chunks: RUBY_REC_HAS_*
 * @seq: the process's count of CS ioctls before this one
 * @fd: the file descriptor it was made on
 */
struct ruby_rec_cs {
	uint32_t bytes;
	uint32_t type;
	int32_t ret;
	uint32_t ring;
	uint32_t flags;
	uint32_t ndw;
	uint32_t nrelocs;
	uint32_t chunks;
	uint32_t seq;
	int32_t fd;
};

/* ruby_rec_reloc.known: what the recorder learnt of the handle */
#define RUBY_REC_SIZE_KNOWN	(1u << 0)
#define RUBY_REC_TILING_KNOWN	(1u << 1)
#define RUBY_REC_USERPTR	(1u << 2)
#define RUBY_REC_IMPORTED	(1u << 3)

/**
 * struct ruby_rec_reloc - a relocation, with what is known of its buffer
 * @handle: the GEM handle
 * @read_domains: RADEON_GEM_DOMAIN_* it is read in
 * @write_domain: the domain it is written in (0: read-only)
 * @flags: the relocation's flags (priority)
 * @size: the buffer's size in bytes as created, imported or opened
 * @tiling_flags: RADEON_TILING_* last set (or read back) on it
 * @known: RUBY_REC_* bits
 */
struct ruby_rec_reloc {
	uint32_t handle;
	uint32_t read_domains;
	uint32_t write_domain;
	uint32_t flags;
	uint64_t size;
	uint32_t tiling_flags;
	uint32_t known;
};

#endif /* __RUBY_REC_H__ */
