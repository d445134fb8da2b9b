// SPDX-License-Identifier: GPL-2.0-only
/*
 * Write the compatibility corpus (../cs/corpus.h) as raw fuzzer inputs
 * into seeds/: "RAW", the buffers (pages, written), the stream's dwords.
 * The fuzzer replays them first and mutates from there.
 */
#include <stdio.h>

#include "ruby_cs_host.h"
#include "corpus.h"

struct seed_bo {
	u8 pages, write;
};

static int write_seed(const char *path, const struct seed_bo *bos, u8 nbos,
		      const u32 *const *parts, const size_t *sizes, unsigned int nparts)
{
	FILE *f = fopen(path, "wb");
	unsigned int i;

	if (!f)
		return -1;
	fwrite("RAW", 1, 3, f);
	fwrite(&nbos, 1, 1, f);
	fwrite(bos, sizeof(*bos), nbos, f);
	for (i = 0; i < nparts; i++)
		fwrite(parts[i], 1, sizes[i], f);
	return fclose(f);
}

int main(void)
{
	/*
	 * colour buffer, programs, vertices, fence; texture, depth + HTILE;
	 * two-sample colour buffer, its CMASK + FMASK
	 */
	static const struct seed_bo bos[8] = {
		{ 4, 1 }, { 1, 0 }, { 1, 0 }, { 1, 1 }, { 1, 0 }, { 5, 1 }, { 8, 1 }, { 2, 1 },
	};
	const u32 *const triangle[] = { corpus_triangle };
	const size_t triangle_size[] = { sizeof(corpus_triangle) };
	const u32 *const textured[] = { corpus_triangle, corpus_textured };
	const size_t textured_size[] = { sizeof(corpus_triangle), sizeof(corpus_textured) };
	const u32 *const msaa[] = { corpus_triangle, corpus_msaa };
	const size_t msaa_size[] = { sizeof(corpus_triangle), sizeof(corpus_msaa) };

	if (write_seed("seeds/corpus-triangle", bos, 4, triangle, triangle_size, 1) ||
	    write_seed("seeds/corpus-textured-depth", bos, 6, textured, textured_size, 2) ||
	    write_seed("seeds/corpus-msaa-resolve", bos, 8, msaa, msaa_size, 2)) {
		perror("corpus_seeds");
		return 1;
	}
	return 0;
}
