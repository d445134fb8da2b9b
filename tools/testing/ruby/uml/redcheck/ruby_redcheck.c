// SPDX-License-Identifier: GPL-2.0-only
/*
 * ruby_redcheck: a test-only module that commits, on purpose, one of each
 * error the sanitizer kernel of the rig must report: an out-of-bounds
 * read of a slab object (KASAN), a shift past the width of its type
 * (UBSAN) and an object nobody points at any more (kmemleak). The rig
 * loads it in one scenario and expects that boot to be judged red for
 * each of the three, which proves the reports are seen, not only enabled.
 *
 * Never load it anywhere else.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

static bool oob;
module_param(oob, bool, 0444);
MODULE_PARM_DESC(oob, "read one byte past a 16-byte slab object");

static bool shift;
module_param(shift, bool, 0444);
MODULE_PARM_DESC(shift, "shift a 32-bit value by 40");

static bool leak;
module_param(leak, bool, 0444);
MODULE_PARM_DESC(leak, "allocate 96 bytes, four times, and forget them");

/* Not inlined, so each report names the function that erred. */
static noinline u8 ruby_redcheck_read(const u8 *p, size_t i)
{
	return READ_ONCE(p[i]);
}

static noinline u32 ruby_redcheck_shift(u32 v, u32 by)
{
	return v << by;
}

static noinline void ruby_redcheck_leak(size_t size)
{
	void *p = kmalloc(size, GFP_KERNEL);

	if (p)
		memset(p, 0xa5, size);
	/* the only pointer to @p dies here */
}

static int __init ruby_redcheck_init(void)
{
	int i;

	if (oob) {
		u8 *p = kmalloc(16, GFP_KERNEL);

		if (p) {
			pr_info("ruby_redcheck: byte past the object: %u\n",
				ruby_redcheck_read(p, 16));
			kfree(p);
		}
	}
	if (shift) {
		u32 by = 40;

		OPTIMIZER_HIDE_VAR(by);
		pr_info("ruby_redcheck: 1 << 40 = %u\n",
			ruby_redcheck_shift(1, by));
	}
	/*
	 * Four objects, not one: kmemleak reports none that a stale copy of
	 * its address still points at (a stack slot, a register the scan
	 * saw), and one object alone went unreported now and then. Only the
	 * last one's address can linger here.
	 */
	if (leak)
		for (i = 0; i < 4; i++)
			ruby_redcheck_leak(96);
	return 0;
}

static void __exit ruby_redcheck_exit(void)
{
}

module_init(ruby_redcheck_init);
module_exit(ruby_redcheck_exit);
MODULE_DESCRIPTION("Errors on purpose, for the ruby rig's sanitizer checks");
MODULE_LICENSE("GPL");
