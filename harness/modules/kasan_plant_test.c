// SPDX-License-Identifier: GPL-2.0
/*
 * A module whose init reads memory it has just freed, on purpose: the
 * plant scenario (make kasan-plant) loads it on the KASAN kernel to show
 * that the debug run reports a use-after-free and fails on it.
 */
#include <linux/compiler.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>

struct kasan_plant {
	unsigned long cookie;
	char pad[56];
};

static int __init kasan_plant_test_init(void)
{
	struct kasan_plant *p = kmalloc(sizeof(*p), GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	p->cookie = 0x5eed;
	kfree(p);
	/* Hidden from the compiler, which would warn of what follows. */
	OPTIMIZER_HIDE_VAR(p);
	trace_printk("kasan_plant_test: cookie %lx\n", READ_ONCE(p->cookie));
	return 0;
}
module_init(kasan_plant_test_init);

static void __exit kasan_plant_test_exit(void)
{
}
module_exit(kasan_plant_test_exit);

MODULE_DESCRIPTION("Reads freed memory at load, for KASAN's run to catch");
MODULE_LICENSE("GPL");
