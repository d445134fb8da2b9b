// SPDX-License-Identifier: GPL-2.0-only
/*
 * A PNG writer with no library: the image data is a zlib stream of stored
 * deflate blocks (no compression), each row with filter type 0. Frames of
 * the simulated screen are a few MiB at most, and the rig reads them with
 * Python's zlib, so size does not matter and correctness is easy to see.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "png.h"

#define STORED_MAX	65535u

static uint32_t crc_table[256];

static void crc_init(void)
{
	uint32_t c, n, k;

	for (n = 0; n < 256; n++) {
		for (c = n, k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
		crc_table[n] = c;
	}
}

static uint32_t crc_update(uint32_t crc, const uint8_t *p, size_t n)
{
	while (n--)
		crc = crc_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return crc;
}

static void be32(uint8_t *p, uint32_t v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

static int chunk(FILE *f, const char *type, const uint8_t *data, size_t len)
{
	uint8_t hdr[8], tail[4];
	uint32_t crc;

	be32(hdr, len);
	memcpy(hdr + 4, type, 4);
	crc = crc_update(0xffffffffu, hdr + 4, 4);
	crc = crc_update(crc, data, len) ^ 0xffffffffu;
	be32(tail, crc);
	return fwrite(hdr, 8, 1, f) != 1 || (len && fwrite(data, len, 1, f) != 1) ||
	       fwrite(tail, 4, 1, f) != 1 ? -1 : 0;
}

/* zlib header, stored blocks of @raw, Adler-32; into @out (sized by the caller) */
static size_t zlib_stored(const uint8_t *raw, size_t n, uint8_t *out)
{
	uint32_t a = 1, b = 0;
	size_t o = 0, i, len;

	out[o++] = 0x78;
	out[o++] = 0x01;
	for (i = 0; i < n || i == 0; i += len) {
		len = n - i < STORED_MAX ? n - i : STORED_MAX;
		out[o++] = i + len == n;
		out[o++] = len;
		out[o++] = len >> 8;
		out[o++] = ~len;
		out[o++] = ~len >> 8;
		memcpy(out + o, raw + i, len);
		o += len;
		if (!n)
			break;
	}
	for (i = 0; i < n; i++) {
		a = (a + raw[i]) % 65521;
		b = (b + a) % 65521;
	}
	be32(out + o, b << 16 | a);
	return o + 4;
}

int png_write_rgb(const char *path, const uint8_t *rgb, unsigned int w, unsigned int h)
{
	static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	size_t row = (size_t)w * 3 + 1, n = row * h, y;
	uint8_t ihdr[13] = { 0 }, *raw = malloc(n), *z = malloc(n + n / STORED_MAX * 5 + 16);
	FILE *f = NULL;
	int ret = -1;

	if (!raw || !z)
		goto out;
	crc_init();
	for (y = 0; y < h; y++) {
		raw[y * row] = 0;
		memcpy(raw + y * row + 1, rgb + y * (size_t)w * 3, (size_t)w * 3);
	}
	be32(ihdr, w);
	be32(ihdr + 4, h);
	ihdr[8] = 8;	/* bits per channel */
	ihdr[9] = 2;	/* truecolour */
	f = fopen(path, "wb");
	if (f && fwrite(sig, 8, 1, f) == 1 && !chunk(f, "IHDR", ihdr, 13) &&
	    !chunk(f, "IDAT", z, zlib_stored(raw, n, z)) && !chunk(f, "IEND", NULL, 0))
		ret = 0;
out:
	if (f && fclose(f))
		ret = -1;
	free(raw);
	free(z);
	return ret;
}
