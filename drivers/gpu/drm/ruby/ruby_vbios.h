/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_VBIOS_H__
#define __RUBY_VBIOS_H__

#include <linux/mutex.h>
#include <linux/types.h>

#include "atom/atom.h"

struct ruby_device;
struct ruby_ip_block;
struct seq_buf;
struct seq_file;

/**
 * struct ruby_vbios - the card's video BIOS, read and parsed at probe
 * @image: the image, copied out of its source (kmalloc'd)
 * @size: its length, as its PCI data structure gives it
 * @read_us: how long reading it from its source took
 * @source: the name of that source (&struct ruby_vbios_source)
 * @rom: where its tables are (points into @image)
 * @fw: FirmwareInfo
 * @i2c: GPIO_I2C_Info: the DDC lines
 * @num_i2c: entries in @i2c
 * @con: the object table's connectors, their paths' encoders merged
 * @num_con: entries in @con
 * @atom_lock: serialises the command tables' executions (they share
 *	@atom's state and the card's registers they program)
 * @atom: the interpreter of the image's command tables, under @atom_lock
 * @fb: the tables' frame-buffer scratch, RUBY_VBIOS_SCRATCH bytes, under
 *	@atom_lock (kmalloc'd)
 *
 * Immutable from the vbios block's init to its fini, but for @atom.
 */
struct ruby_vbios {
	u8 *image;
	u32 size;
	u32 read_us;
	const char *source;
	struct ruby_atom_rom rom;
	struct ruby_atom_firmware_info fw;
	struct ruby_atom_i2c_bus i2c[RUBY_ATOM_MAX_I2C];
	unsigned int num_i2c;
	struct ruby_atom_connector con[RUBY_ATOM_MAX_CONNECTORS];
	unsigned int num_con;
	struct mutex atom_lock;	/* serialises @atom's executions */
	struct ruby_atom atom;
	u32 *fb;
};

/* the command tables' frame-buffer scratch, bytes */
#define RUBY_VBIOS_SCRATCH	(20 * 1024)

/**
 * struct ruby_vbios_scratch - bytes a table exchanges through the scratch
 * @in: what to write before the table runs
 * @in_off: where, a byte offset in the scratch
 * @in_len: how many bytes
 * @out: where to copy what the table left, after it ran
 * @out_off: from where, a byte offset in the scratch
 * @out_len: how many bytes
 */
struct ruby_vbios_scratch {
	const u8 *in;
	u32 in_off, in_len;
	u8 *out;
	u32 out_off, out_len;
};

/**
 * struct ruby_vbios_source - one place a video BIOS image may come from
 * @name: what the logs and debugfs call it
 * @fetch: copy the place's image into @vb->image (kmalloc'd; @vb->size
 *	its length); returns 0, -ENOMEM, or another negative errno with
 *	@why set to why there is none (a constant string)
 */
struct ruby_vbios_source {
	const char *name;
	int (*fetch)(struct ruby_device *rdev, struct ruby_vbios *vb, const char **why);
};

/**
 * struct ruby_vbios_chain - the sources, in the order they are tried
 * @sources: the sources
 * @num_sources: entries of @sources
 * @check: accept or refuse a fetched image, parsing what is needed of it;
 *	returns 0, -ENOMEM, or another negative errno with @what set to
 *	what was refused and @why to why (constant strings)
 */
struct ruby_vbios_chain {
	const struct ruby_vbios_source *sources;
	unsigned int num_sources;
	int (*check)(struct ruby_device *rdev, struct ruby_vbios *vb,
		     const char **what, const char **why);
};

int ruby_vbios_find(struct ruby_device *rdev, const struct ruby_vbios_chain *chain,
		    struct ruby_vbios *vb, struct seq_buf *tried);

/**
 * struct ruby_vfct_key - the device whose image a VFCT table is searched for
 * @segment: its PCI segment (domain)
 * @bus: its bus number
 * @slot: its device number on the bus
 * @function: its function number
 * @vendor: its PCI vendor id
 * @device: its PCI device id
 */
struct ruby_vfct_key {
	u32 segment;
	u8 bus, slot, function;
	u16 vendor, device;
};

/**
 * struct ruby_vfct_image - an image found in a VFCT table
 * @data: its first byte, inside the table
 * @len: its length in bytes
 */
struct ruby_vfct_image {
	const u8 *data;
	u32 len;
};

int ruby_vfct_find(const u8 *table, size_t size, const struct ruby_vfct_key *key,
		   struct ruby_vfct_image *img, const char **why);

extern const struct ruby_ip_block ruby_vbios_block;
extern const struct ruby_ip_block ruby_post_block;

int ruby_vbios_show(struct seq_file *m, void *data);
const char *ruby_vbios_missing(const struct ruby_device *rdev);
int ruby_vbios_exec(struct ruby_device *rdev, unsigned int table, void *ps, u32 ps_bytes);
int ruby_vbios_exec_scratch(struct ruby_device *rdev, unsigned int table, void *ps,
			    u32 ps_bytes, const struct ruby_vbios_scratch *io);

#endif /* __RUBY_VBIOS_H__ */
