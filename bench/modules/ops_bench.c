// SPDX-License-Identifier: GPL-2.0
/*
 * ops_bench: the guest time to register 200 ftrace_ops, each with a
 * filter on a function of its own (as 200 BPF fentry programs would),
 * and then to unregister them all.  Under qemu -icount shift=0 a guest
 * nanosecond is one instruction.  Uses only include/linux/ftrace.h, so
 * it builds for any kernel.
 */
#include <linux/ftrace.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/slab.h>

#define NR_OPS	200

static unsigned long hits;

static void ops_bench_func(unsigned long ip, unsigned long parent_ip,
			   struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	hits++;
}

/* 200 traceable functions, one per ops. */
#define TARGET(n) static noinline void ops_bench_target_##n(void) { barrier(); }

TARGET(0)
TARGET(1)
TARGET(2)
TARGET(3)
TARGET(4)
TARGET(5)
TARGET(6)
TARGET(7)
TARGET(8)
TARGET(9)
TARGET(10)
TARGET(11)
TARGET(12)
TARGET(13)
TARGET(14)
TARGET(15)
TARGET(16)
TARGET(17)
TARGET(18)
TARGET(19)
TARGET(20)
TARGET(21)
TARGET(22)
TARGET(23)
TARGET(24)
TARGET(25)
TARGET(26)
TARGET(27)
TARGET(28)
TARGET(29)
TARGET(30)
TARGET(31)
TARGET(32)
TARGET(33)
TARGET(34)
TARGET(35)
TARGET(36)
TARGET(37)
TARGET(38)
TARGET(39)
TARGET(40)
TARGET(41)
TARGET(42)
TARGET(43)
TARGET(44)
TARGET(45)
TARGET(46)
TARGET(47)
TARGET(48)
TARGET(49)
TARGET(50)
TARGET(51)
TARGET(52)
TARGET(53)
TARGET(54)
TARGET(55)
TARGET(56)
TARGET(57)
TARGET(58)
TARGET(59)
TARGET(60)
TARGET(61)
TARGET(62)
TARGET(63)
TARGET(64)
TARGET(65)
TARGET(66)
TARGET(67)
TARGET(68)
TARGET(69)
TARGET(70)
TARGET(71)
TARGET(72)
TARGET(73)
TARGET(74)
TARGET(75)
TARGET(76)
TARGET(77)
TARGET(78)
TARGET(79)
TARGET(80)
TARGET(81)
TARGET(82)
TARGET(83)
TARGET(84)
TARGET(85)
TARGET(86)
TARGET(87)
TARGET(88)
TARGET(89)
TARGET(90)
TARGET(91)
TARGET(92)
TARGET(93)
TARGET(94)
TARGET(95)
TARGET(96)
TARGET(97)
TARGET(98)
TARGET(99)
TARGET(100)
TARGET(101)
TARGET(102)
TARGET(103)
TARGET(104)
TARGET(105)
TARGET(106)
TARGET(107)
TARGET(108)
TARGET(109)
TARGET(110)
TARGET(111)
TARGET(112)
TARGET(113)
TARGET(114)
TARGET(115)
TARGET(116)
TARGET(117)
TARGET(118)
TARGET(119)
TARGET(120)
TARGET(121)
TARGET(122)
TARGET(123)
TARGET(124)
TARGET(125)
TARGET(126)
TARGET(127)
TARGET(128)
TARGET(129)
TARGET(130)
TARGET(131)
TARGET(132)
TARGET(133)
TARGET(134)
TARGET(135)
TARGET(136)
TARGET(137)
TARGET(138)
TARGET(139)
TARGET(140)
TARGET(141)
TARGET(142)
TARGET(143)
TARGET(144)
TARGET(145)
TARGET(146)
TARGET(147)
TARGET(148)
TARGET(149)
TARGET(150)
TARGET(151)
TARGET(152)
TARGET(153)
TARGET(154)
TARGET(155)
TARGET(156)
TARGET(157)
TARGET(158)
TARGET(159)
TARGET(160)
TARGET(161)
TARGET(162)
TARGET(163)
TARGET(164)
TARGET(165)
TARGET(166)
TARGET(167)
TARGET(168)
TARGET(169)
TARGET(170)
TARGET(171)
TARGET(172)
TARGET(173)
TARGET(174)
TARGET(175)
TARGET(176)
TARGET(177)
TARGET(178)
TARGET(179)
TARGET(180)
TARGET(181)
TARGET(182)
TARGET(183)
TARGET(184)
TARGET(185)
TARGET(186)
TARGET(187)
TARGET(188)
TARGET(189)
TARGET(190)
TARGET(191)
TARGET(192)
TARGET(193)
TARGET(194)
TARGET(195)
TARGET(196)
TARGET(197)
TARGET(198)
TARGET(199)

static void (*const targets[NR_OPS])(void) = {
	ops_bench_target_0, ops_bench_target_1, ops_bench_target_2,
	ops_bench_target_3, ops_bench_target_4, ops_bench_target_5,
	ops_bench_target_6, ops_bench_target_7, ops_bench_target_8,
	ops_bench_target_9, ops_bench_target_10, ops_bench_target_11,
	ops_bench_target_12, ops_bench_target_13, ops_bench_target_14,
	ops_bench_target_15, ops_bench_target_16, ops_bench_target_17,
	ops_bench_target_18, ops_bench_target_19, ops_bench_target_20,
	ops_bench_target_21, ops_bench_target_22, ops_bench_target_23,
	ops_bench_target_24, ops_bench_target_25, ops_bench_target_26,
	ops_bench_target_27, ops_bench_target_28, ops_bench_target_29,
	ops_bench_target_30, ops_bench_target_31, ops_bench_target_32,
	ops_bench_target_33, ops_bench_target_34, ops_bench_target_35,
	ops_bench_target_36, ops_bench_target_37, ops_bench_target_38,
	ops_bench_target_39, ops_bench_target_40, ops_bench_target_41,
	ops_bench_target_42, ops_bench_target_43, ops_bench_target_44,
	ops_bench_target_45, ops_bench_target_46, ops_bench_target_47,
	ops_bench_target_48, ops_bench_target_49, ops_bench_target_50,
	ops_bench_target_51, ops_bench_target_52, ops_bench_target_53,
	ops_bench_target_54, ops_bench_target_55, ops_bench_target_56,
	ops_bench_target_57, ops_bench_target_58, ops_bench_target_59,
	ops_bench_target_60, ops_bench_target_61, ops_bench_target_62,
	ops_bench_target_63, ops_bench_target_64, ops_bench_target_65,
	ops_bench_target_66, ops_bench_target_67, ops_bench_target_68,
	ops_bench_target_69, ops_bench_target_70, ops_bench_target_71,
	ops_bench_target_72, ops_bench_target_73, ops_bench_target_74,
	ops_bench_target_75, ops_bench_target_76, ops_bench_target_77,
	ops_bench_target_78, ops_bench_target_79, ops_bench_target_80,
	ops_bench_target_81, ops_bench_target_82, ops_bench_target_83,
	ops_bench_target_84, ops_bench_target_85, ops_bench_target_86,
	ops_bench_target_87, ops_bench_target_88, ops_bench_target_89,
	ops_bench_target_90, ops_bench_target_91, ops_bench_target_92,
	ops_bench_target_93, ops_bench_target_94, ops_bench_target_95,
	ops_bench_target_96, ops_bench_target_97, ops_bench_target_98,
	ops_bench_target_99, ops_bench_target_100, ops_bench_target_101,
	ops_bench_target_102, ops_bench_target_103, ops_bench_target_104,
	ops_bench_target_105, ops_bench_target_106, ops_bench_target_107,
	ops_bench_target_108, ops_bench_target_109, ops_bench_target_110,
	ops_bench_target_111, ops_bench_target_112, ops_bench_target_113,
	ops_bench_target_114, ops_bench_target_115, ops_bench_target_116,
	ops_bench_target_117, ops_bench_target_118, ops_bench_target_119,
	ops_bench_target_120, ops_bench_target_121, ops_bench_target_122,
	ops_bench_target_123, ops_bench_target_124, ops_bench_target_125,
	ops_bench_target_126, ops_bench_target_127, ops_bench_target_128,
	ops_bench_target_129, ops_bench_target_130, ops_bench_target_131,
	ops_bench_target_132, ops_bench_target_133, ops_bench_target_134,
	ops_bench_target_135, ops_bench_target_136, ops_bench_target_137,
	ops_bench_target_138, ops_bench_target_139, ops_bench_target_140,
	ops_bench_target_141, ops_bench_target_142, ops_bench_target_143,
	ops_bench_target_144, ops_bench_target_145, ops_bench_target_146,
	ops_bench_target_147, ops_bench_target_148, ops_bench_target_149,
	ops_bench_target_150, ops_bench_target_151, ops_bench_target_152,
	ops_bench_target_153, ops_bench_target_154, ops_bench_target_155,
	ops_bench_target_156, ops_bench_target_157, ops_bench_target_158,
	ops_bench_target_159, ops_bench_target_160, ops_bench_target_161,
	ops_bench_target_162, ops_bench_target_163, ops_bench_target_164,
	ops_bench_target_165, ops_bench_target_166, ops_bench_target_167,
	ops_bench_target_168, ops_bench_target_169, ops_bench_target_170,
	ops_bench_target_171, ops_bench_target_172, ops_bench_target_173,
	ops_bench_target_174, ops_bench_target_175, ops_bench_target_176,
	ops_bench_target_177, ops_bench_target_178, ops_bench_target_179,
	ops_bench_target_180, ops_bench_target_181, ops_bench_target_182,
	ops_bench_target_183, ops_bench_target_184, ops_bench_target_185,
	ops_bench_target_186, ops_bench_target_187, ops_bench_target_188,
	ops_bench_target_189, ops_bench_target_190, ops_bench_target_191,
	ops_bench_target_192, ops_bench_target_193, ops_bench_target_194,
	ops_bench_target_195, ops_bench_target_196, ops_bench_target_197,
	ops_bench_target_198, ops_bench_target_199,
};

static int __init ops_bench_init(void)
{
	struct ftrace_ops *ops;
	u64 t0, t1, t2;
	int i, n = 0, ret = 0;

	ops = kcalloc(NR_OPS, sizeof(*ops), GFP_KERNEL);
	if (!ops)
		return -ENOMEM;
	for (i = 0; i < NR_OPS; i++) {
		ops[i].func = ops_bench_func;
		ret = ftrace_set_filter_ip(&ops[i], (unsigned long)targets[i],
					   0, 0);
		if (ret)
			goto out;
	}
	t0 = ktime_get_ns();
	for (n = 0; n < NR_OPS; n++) {
		ret = register_ftrace_function(&ops[n]);
		if (ret)
			goto out;
	}
	t1 = ktime_get_ns();
	for (i = 0; i < NR_OPS; i++)
		targets[i]();
	for (i = 0; i < NR_OPS; i++)
		unregister_ftrace_function(&ops[i]);
	n = 0;
	t2 = ktime_get_ns();
	pr_info("ops_bench: register_200 %llu ns unregister_200 %llu ns hits %lu\n",
		t1 - t0, t2 - t1, hits);
out:
	while (n--)
		unregister_ftrace_function(&ops[n]);
	for (i = 0; i < NR_OPS; i++)
		ftrace_free_filter(&ops[i]);
	kfree(ops);
	/* Done: do not stay loaded. */
	return ret ?: -EAGAIN;
}
module_init(ops_bench_init);

MODULE_DESCRIPTION("Time to register and unregister 200 filtered ftrace_ops");
MODULE_LICENSE("GPL");
