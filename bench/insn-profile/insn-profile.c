// SPDX-License-Identifier: GPL-2.0
/*
 * insn-profile.so - a QEMU TCG plugin: how many guest instructions ran
 * from each translation block's start address, written at exit as
 * "ADDR COUNT" lines (hex address, decimal instructions) to the file
 * named by its out= argument.  bench/insn-profile/profile.py maps them to
 * the kernel's functions.  Only counts while the guest runs; a single
 * vCPU (the bench's guests have one), so no atomics.
 *
 * QEMU 7.2 installs no qemu-plugin.h: the few declarations of its plugin
 * API this needs (API version 1) are below.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct qemu_info_t qemu_info_t;

#define EXPORT __attribute__((visibility("default")))

enum { INLINE_ADD_U64 = 0 };

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
	void (*cb)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb));
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
	int op, void *ptr, uint64_t imm);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
	void (*cb)(qemu_plugin_id_t id, void *data), void *data);

EXPORT int qemu_plugin_version = 1;

/* One block start: its executions times its length, summed. */
struct block {
	uint64_t addr;
	uint64_t insns;
};

#define TABLE_BITS 20
#define TABLE_SIZE (1u << TABLE_BITS)
static struct block *table;
static char out_path[4096] = "insn-profile.txt";

static struct block *lookup(uint64_t addr)
{
	uint64_t h = (addr * 0x9e3779b97f4a7c15ull) >> (64 - TABLE_BITS);
	unsigned int i;

	for (i = 0; i < TABLE_SIZE; i++) {
		struct block *b = &table[(h + i) & (TABLE_SIZE - 1)];

		if (b->addr == addr)
			return b;
		if (!b->addr) {
			b->addr = addr;
			return b;
		}
	}
	return NULL;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	struct block *b = lookup(qemu_plugin_tb_vaddr(tb));

	if (b)
		qemu_plugin_register_vcpu_tb_exec_inline(tb, INLINE_ADD_U64,
				&b->insns, qemu_plugin_tb_n_insns(tb));
}

static void on_quit(qemu_plugin_id_t id, void *data)
{
	FILE *f = fopen(out_path, "w");
	unsigned int i;

	if (!f)
		return;
	for (i = 0; i < TABLE_SIZE; i++)
		if (table[i].insns)
			fprintf(f, "%llx %llu\n",
				(unsigned long long)table[i].addr,
				(unsigned long long)table[i].insns);
	fclose(f);
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			       int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++)
		if (!strncmp(argv[i], "out=", 4))
			snprintf(out_path, sizeof(out_path), "%s", argv[i] + 4);
	table = calloc(TABLE_SIZE, sizeof(*table));
	if (!table)
		return -1;
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, on_quit, NULL);
	return 0;
}
