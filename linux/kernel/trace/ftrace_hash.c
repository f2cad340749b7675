// SPDX-License-Identifier: GPL-2.0
/*
 * Sets of call-site addresses and function-name patterns: what
 * set_ftrace_filter and set_ftrace_notrace hold and how their lines
 * match function names.
 */
#include <linux/glob.h>
#include <linux/hash.h>
#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "ftrace_internal.h"

struct ftrace_hash ftrace_empty_hash;

static unsigned int slot_of(const struct ftrace_hash *hash, unsigned long ip)
{
	return hash_64(ip, 32) & hash->mask;
}

/**
 * ftrace_hash_new - an empty hash with room for @capacity addresses
 * @capacity: how many addresses it must take without growing
 *
 * Return: the hash, or NULL without memory.
 */
struct ftrace_hash *ftrace_hash_new(unsigned int capacity)
{
	struct ftrace_hash *hash;
	unsigned int slots = roundup_pow_of_two(max(8U, capacity * 2));

	hash = kzalloc(struct_size(hash, ips, slots), GFP_KERNEL);
	if (hash)
		hash->mask = slots - 1;
	return hash;
}

/**
 * ftrace_hash_free - free a hash no reader can see any more
 * @hash: the hash; NULL and the empty hash are ignored
 */
void ftrace_hash_free(struct ftrace_hash *hash)
{
	if (hash && hash != EMPTY_HASH)
		kfree(hash);
}

/**
 * ftrace_hash_free_rcu - free a hash once the tracing path is done with it
 * @hash: the hash; NULL and the empty hash are ignored
 */
void ftrace_hash_free_rcu(struct ftrace_hash *hash)
{
	if (hash && hash != EMPTY_HASH)
		kfree_rcu(hash, rcu);
}

/**
 * ftrace_hash_contains - whether an address is in a hash
 * @hash: the hash (may be NULL: empty)
 * @ip: the address
 *
 * Safe in any context, on a hash published with RCU.
 */
bool ftrace_hash_contains(const struct ftrace_hash *hash, unsigned long ip)
{
	unsigned int i;

	if (ftrace_hash_empty(hash))
		return false;
	for (i = slot_of(hash, ip); hash->ips[i]; i = (i + 1) & hash->mask) {
		if (hash->ips[i] == ip)
			return true;
	}
	return false;
}

static void insert(struct ftrace_hash *hash, unsigned long ip)
{
	unsigned int i = slot_of(hash, ip);

	while (hash->ips[i]) {
		if (hash->ips[i] == ip)
			return;
		i = (i + 1) & hash->mask;
	}
	hash->ips[i] = ip;
	hash->count++;
}

/**
 * ftrace_hash_add - add an address to a private hash, growing it
 * @hashp: the hash, replaced by a bigger one when it fills up; the empty
 *	   hash is replaced by a new one
 * @ip: the address (not 0)
 *
 * Return: 0 or -ENOMEM (the hash is unchanged then).
 */
int ftrace_hash_add(struct ftrace_hash **hashp, unsigned long ip)
{
	struct ftrace_hash *hash = *hashp, *bigger;
	unsigned long old;
	unsigned int i;

	if (hash == EMPTY_HASH || (hash->count + 1) * 2 > hash->mask + 1) {
		bigger = ftrace_hash_new(hash == EMPTY_HASH ? 8 : hash->count + 1);
		if (!bigger)
			return -ENOMEM;
		ftrace_hash_for_each(hash, i, old)
			insert(bigger, old);
		ftrace_hash_free(hash);
		*hashp = hash = bigger;
	}
	insert(hash, ip);
	return 0;
}

/**
 * ftrace_hash_remove - remove an address from a private hash
 * @hash: the hash
 * @ip: the address
 *
 * The slots after the removed one move back so that every address stays
 * reachable from its home slot: no tombstones.
 *
 * Return: whether @ip was in the hash.
 */
bool ftrace_hash_remove(struct ftrace_hash *hash, unsigned long ip)
{
	unsigned int i, j, home;

	if (ftrace_hash_empty(hash))
		return false;
	for (i = slot_of(hash, ip); hash->ips[i] != ip; i = (i + 1) & hash->mask)
		if (!hash->ips[i])
			return false;
	hash->ips[i] = 0;
	hash->count--;
	for (j = (i + 1) & hash->mask; hash->ips[j]; j = (j + 1) & hash->mask) {
		home = slot_of(hash, hash->ips[j]);
		/* Move ips[j] back to i unless its home lies in (i, j]. */
		if (((j - home) & hash->mask) >= ((j - i) & hash->mask)) {
			hash->ips[i] = hash->ips[j];
			hash->ips[j] = 0;
			i = j;
		}
	}
	return true;
}

/**
 * ftrace_hash_copy - a private copy of a hash
 * @src: the hash (NULL or empty give the empty hash)
 *
 * Return: the copy (the empty hash for an empty @src), or NULL.
 */
struct ftrace_hash *ftrace_hash_copy(const struct ftrace_hash *src)
{
	struct ftrace_hash *hash;
	unsigned long ip;
	unsigned int i;

	if (ftrace_hash_empty(src))
		return EMPTY_HASH;
	hash = ftrace_hash_new(src->count);
	if (!hash)
		return NULL;
	ftrace_hash_for_each(src, i, ip)
		insert(hash, ip);
	return hash;
}

/**
 * ftrace_hash_intersect - the addresses two hashes have in common
 * @a: one hash
 * @b: the other
 *
 * Return: a new hash (the empty hash if nothing is common), or NULL.
 */
struct ftrace_hash *ftrace_hash_intersect(const struct ftrace_hash *a,
					  const struct ftrace_hash *b)
{
	struct ftrace_hash *hash;
	unsigned long ip;
	unsigned int i;

	if (ftrace_hash_empty(a) || ftrace_hash_empty(b))
		return EMPTY_HASH;
	if (a->count > b->count)
		swap(a, b);
	hash = ftrace_hash_new(a->count);
	if (!hash)
		return NULL;
	ftrace_hash_for_each(a, i, ip)
		if (ftrace_hash_contains(b, ip))
			insert(hash, ip);
	if (!hash->count) {
		kfree(hash);
		return EMPTY_HASH;
	}
	return hash;
}

/**
 * ftrace_hash_equal - whether two hashes hold the same addresses
 * @a: one hash
 * @b: the other
 */
bool ftrace_hash_equal(const struct ftrace_hash *a, const struct ftrace_hash *b)
{
	unsigned long ip;
	unsigned int i;

	if ((a ? a->count : 0) != (b ? b->count : 0))
		return false;
	ftrace_hash_for_each(a, i, ip)
		if (!ftrace_hash_contains(b, ip))
			return false;
	return true;
}

/**
 * ftrace_glob_parse - classify a function-name pattern
 * @g: the result; for GLOB_FULL it points to @pattern, which must then
 *     outlive it
 * @pattern: "foo", "foo*", "*foo", "*foo*", or any glob(7) pattern
 *
 * The four simple shapes are matched without glob_match(): they are what
 * users write nearly always, and they are checked against every function
 * of the kernel.
 */
void ftrace_glob_parse(struct ftrace_glob *g, const char *pattern)
{
	int len = strlen(pattern);
	bool front = len && pattern[0] == '*';
	bool back = len > 1 && pattern[len - 1] == '*';
	int i;

	g->full = pattern;
	g->len = min_t(int, len - front - back, sizeof(g->pat) - 1);
	memcpy(g->pat, pattern + front, g->len);
	g->pat[g->len] = '\0';
	for (i = 0; i < g->len; i++) {
		if (strchr("*?[\\", g->pat[i])) {
			g->type = GLOB_FULL;
			return;
		}
	}
	if ((front && back) || (front && !g->len))
		g->type = GLOB_INFIX;
	else if (front)
		g->type = GLOB_SUFFIX;
	else if (back)
		g->type = GLOB_PREFIX;
	else
		g->type = GLOB_EXACT;
}

/**
 * ftrace_glob_match - whether a function name matches a parsed pattern
 * @g: from ftrace_glob_parse()
 * @name: the function name
 */
bool ftrace_glob_match(const struct ftrace_glob *g, const char *name)
{
	int n;

	switch (g->type) {
	case GLOB_EXACT:
		return !strcmp(name, g->pat);
	case GLOB_PREFIX:
		return !strncmp(name, g->pat, g->len);
	case GLOB_SUFFIX:
		n = strlen(name);
		return n >= g->len && !memcmp(name + n - g->len, g->pat, g->len);
	case GLOB_INFIX:
		return strstr(name, g->pat) != NULL;
	default:
		return glob_match(g->full, name);
	}
}
