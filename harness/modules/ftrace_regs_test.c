// SPDX-License-Identifier: GPL-2.0
/*
 * What ftrace_ops beyond plain callbacks get, checked at load:
 *
 * - FTRACE_OPS_FL_SAVE_REGS: a full pt_regs (cs set, ip the site's return
 *   address, sp pointing at the function's return address), and changes
 *   to argument registers reach the function;
 * - an ops without it: the arguments through ftrace_regs, no pt_regs;
 * - FTRACE_OPS_FL_IPMODIFY: the callback sends the call to another
 *   function; a second IPMODIFY ops on the same function gets -EBUSY;
 * - register_ftrace_direct(): a trampoline called from the site, alone
 *   and beside another ops, moved with modify_ftrace_direct(), detached
 *   with unregister_ftrace_direct(); a second direct ops on the function
 *   gets -EBUSY.
 *
 * Prints "ftrace_regs_test: N passed, M failed" and fails to load if M is
 * not 0.  With hold=1 the regs, IPMODIFY and direct ops stay registered
 * until the module is removed, for enabled_functions to show them.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <asm/segment.h>

static bool hold;
module_param(hold, bool, 0444);
MODULE_PARM_DESC(hold, "keep the ops registered until unload");

static unsigned int passed, failed;
static unsigned long direct_hits[2];
static unsigned int plain_calls;
static struct {
	unsigned int	calls;
	bool		have_regs, cs, ip, sp, args;
} seen_regs;

#define CHECK(cond) do {						\
	if (cond) {							\
		passed++;						\
	} else {							\
		failed++;						\
		pr_err("line %d: %s (hits %lu %lu, plain %u, regs %u)\n", \
		       __LINE__, #cond, direct_hits[0], direct_hits[1],	\
		       plain_calls, seen_regs.calls);			\
	}								\
} while (0)

/*
 * Arguments the compiler cannot fold into the callees, and a side effect
 * that keeps it from taking them for pure functions: it would merge or
 * reorder their calls around the checks of the callbacks' counters.
 */
static long one = 1, two = 2;
static unsigned long target_calls;

#define TARGET_CALLED()	WRITE_ONCE(target_calls, target_calls + 1)

static noinline long regs_target(long a, long b)
{
	TARGET_CALLED();
	return a * 10 + b;
}

static noinline long args_target(long a, long b, long c)
{
	TARGET_CALLED();
	return a + b + c;
}

static noinline long ipmod_target(long x)
{
	TARGET_CALLED();
	return x + 1;
}

static noinline long ipmod_replacement(long x)
{
	TARGET_CALLED();
	return x * 100;
}

static noinline long direct_target(long x)
{
	TARGET_CALLED();
	return x + 3;
}

/* SAVE_REGS: check the pt_regs, then change the second argument. */

static void regs_func(unsigned long ip, unsigned long parent_ip,
		      struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct pt_regs *regs = ftrace_get_regs(fregs);

	seen_regs.calls++;
	seen_regs.have_regs = regs;
	if (!regs)
		return;
	seen_regs.cs = regs->cs == __KERNEL_CS;
	seen_regs.ip = regs->ip == ip + MCOUNT_INSN_SIZE;
	seen_regs.sp = *(unsigned long *)regs->sp == parent_ip;
	seen_regs.args = regs->di == one && regs->si == two;
	regs->si = 7;
}

static struct ftrace_ops regs_ops = {
	.func	= regs_func,
	.flags	= FTRACE_OPS_FL_SAVE_REGS,
};

/* No SAVE_REGS: the arguments through ftrace_regs only. */
static struct {
	unsigned int	calls;
	bool		no_regs, args;
} seen_args;

static void args_func(unsigned long ip, unsigned long parent_ip,
		      struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	seen_args.calls++;
	seen_args.no_regs = !ftrace_get_regs(fregs);
	seen_args.args = ftrace_regs_get_argument(fregs, 0) == one &&
			 ftrace_regs_get_argument(fregs, 1) == two &&
			 ftrace_regs_get_argument(fregs, 2) == 3;
}

static struct ftrace_ops args_ops = {
	.func	= args_func,
};

/* IPMODIFY without SAVE_REGS, as live patching registers it. */
static unsigned int ipmod_calls;

static void ipmod_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	ipmod_calls++;
	ftrace_regs_set_instruction_pointer(fregs,
					    (unsigned long)ipmod_replacement);
}

static struct ftrace_ops ipmod_ops = {
	.func	= ipmod_func,
	.flags	= FTRACE_OPS_FL_IPMODIFY,
};

static struct ftrace_ops ipmod_rival = {
	.func	= ipmod_func,
	.flags	= FTRACE_OPS_FL_IPMODIFY,
};

/* Two direct trampolines: save the argument registers, count, return. */

static void __used direct_hit(long which)
{
	direct_hits[which]++;
}

/*
 * Called from a site, so they find the site's return address on top of
 * the stack.  Named only in assembly: tramp_addr() takes their address.
 */
#define DIRECT_TRAMP(name, which)					\
	asm(".pushsection .text, \"ax\", @progbits\n"			\
	    ".type " #name ", @function\n"				\
	    #name ":\n"							\
	    "	pushq %rdi\n"						\
	    "	pushq %rbp\n"						\
	    "	movq $" #which ", %rdi\n"				\
	    "	call direct_hit\n"					\
	    "	popq %rbp\n"						\
	    "	popq %rdi\n"						\
	    "	ret\n"							\
	    ".size " #name ", .-" #name "\n"				\
	    ".popsection\n")

DIRECT_TRAMP(ftrace_regs_test_tramp0, 0);
DIRECT_TRAMP(ftrace_regs_test_tramp1, 1);

#define tramp_addr(name) ({						\
	unsigned long __a;						\
	asm("leaq " #name "(%%rip), %0" : "=r" (__a));			\
	__a;								\
})

static struct ftrace_ops direct_ops, direct_rival;

static void plain_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	plain_calls++;
}

static struct ftrace_ops plain_ops = {
	.func	= plain_func,
};

static void check_regs_and_args(void)
{
	CHECK(!ftrace_set_filter_ip(&regs_ops, (unsigned long)regs_target,
				    0, 1));
	CHECK(!register_ftrace_function(&regs_ops));
	CHECK(regs_target(one, two) == 17);	/* b became 7 */
	CHECK(seen_regs.calls == 1);
	CHECK(seen_regs.have_regs && seen_regs.cs && seen_regs.ip &&
	      seen_regs.sp && seen_regs.args);

	CHECK(!ftrace_set_filter_ip(&args_ops, (unsigned long)args_target,
				    0, 1));
	CHECK(!register_ftrace_function(&args_ops));
	CHECK(args_target(one, two, 3) == 6);
	CHECK(seen_args.calls == 1 && seen_args.no_regs && seen_args.args);
	CHECK(!unregister_ftrace_function(&args_ops));
	ftrace_free_filter(&args_ops);
}

static void check_ipmodify(void)
{
	CHECK(ipmod_target(one) == 2);
	CHECK(!ftrace_set_filter_ip(&ipmod_ops, (unsigned long)ipmod_target,
				    0, 1));
	CHECK(!register_ftrace_function(&ipmod_ops));
	CHECK(ipmod_target(two) == 200);
	CHECK(ipmod_calls == 1);
	CHECK(!ftrace_set_filter_ip(&ipmod_rival,
				    (unsigned long)ipmod_target, 0, 1));
	CHECK(register_ftrace_function(&ipmod_rival) == -EBUSY);
	ftrace_free_filter(&ipmod_rival);
}

static void check_direct(void)
{
	unsigned long t0 = tramp_addr(ftrace_regs_test_tramp0);
	unsigned long t1 = tramp_addr(ftrace_regs_test_tramp1);
	unsigned long site = (unsigned long)direct_target;

	CHECK(register_ftrace_direct(&direct_ops, t0) == -EINVAL);
	CHECK(!ftrace_set_filter_ip(&direct_ops, site, 0, 1));
	CHECK(!register_ftrace_direct(&direct_ops, t0));
	CHECK(direct_target(one) == 4);
	CHECK(direct_hits[0] == 1);

	/* Another ops on the function: through ftrace_regs_caller. */
	CHECK(!ftrace_set_filter_ip(&plain_ops, site, 0, 1));
	CHECK(!register_ftrace_function(&plain_ops));
	CHECK(direct_target(two) == 5);
	CHECK(direct_hits[0] == 2 && plain_calls == 1);

	CHECK(!ftrace_set_filter_ip(&direct_rival, site, 0, 1));
	CHECK(register_ftrace_direct(&direct_rival, t1) == -EBUSY);
	ftrace_free_filter(&direct_rival);
	CHECK(direct_target(two) == 5);
	CHECK(direct_hits[0] == 3 && plain_calls == 2);

	/* Moved while shared, then alone again. */
	CHECK(!modify_ftrace_direct(&direct_ops, t1));
	CHECK(direct_target(one) == 4);
	CHECK(direct_hits[0] == 3 && direct_hits[1] == 1 && plain_calls == 3);
	CHECK(!unregister_ftrace_function(&plain_ops));
	ftrace_free_filter(&plain_ops);
	CHECK(direct_target(one) == 4);
	CHECK(direct_hits[1] == 2 && plain_calls == 3);

	/* Moved while alone. */
	CHECK(!modify_ftrace_direct(&direct_ops, t0));
	CHECK(direct_target(one) == 4);
	CHECK(direct_hits[0] == 4 && direct_hits[1] == 2);
}

/* Once: ftrace_free_filter() must not see the same ops twice. */
static void release(void)
{
	static bool released;

	if (released)
		return;
	released = true;
	if (direct_ops.flags & FTRACE_OPS_FL_ENABLED)
		unregister_ftrace_direct(&direct_ops,
					 tramp_addr(ftrace_regs_test_tramp0),
					 true);
	if (ipmod_ops.flags & FTRACE_OPS_FL_ENABLED)
		unregister_ftrace_function(&ipmod_ops);
	ftrace_free_filter(&ipmod_ops);
	if (regs_ops.flags & FTRACE_OPS_FL_ENABLED)
		unregister_ftrace_function(&regs_ops);
	ftrace_free_filter(&regs_ops);
}

static int __init ftrace_regs_test_init(void)
{
	check_regs_and_args();
	check_ipmodify();
	check_direct();
	if (!hold || failed) {
		release();
		CHECK(direct_target(one) == 4 && direct_hits[0] == 4);
		CHECK(ipmod_target(one) == 2 && ipmod_calls == 1);
		CHECK(regs_target(one, two) == 12 && seen_regs.calls == 1);
	}
	pr_info("%u passed, %u failed\n", passed, failed);
	if (failed)
		return -EINVAL;
	return 0;
}

static void __exit ftrace_regs_test_exit(void)
{
	release();
}

module_init(ftrace_regs_test_init);
module_exit(ftrace_regs_test_exit);
MODULE_DESCRIPTION("Checks of ftrace_ops with saved regs, IPMODIFY and direct calls");
MODULE_LICENSE("GPL");
