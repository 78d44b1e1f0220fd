/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Snapshots: the immutable lookup tables readers reach with one acquire
 * load, the hot-path index over them, and publication.
 *
 * Readers never block. A change to the provider list builds a new snapshot
 * under jca__lock and publishes it with one release store. Old snapshots,
 * providers and services are never freed before jca_shutdown(), so a
 * reader (or an instance) can never see freed memory.
 */
#include <stdlib.h>
#include <string.h>

#include "registry_int.h"

_Atomic(jca__snapshot *) jca__current;
pthread_mutex_t jca__lock = PTHREAD_MUTEX_INITIALIZER;
jca__snapshot *jca__retired_snapshots;

static void free_table(jca__entry **head)
{
	jca__entry *e, *tmp;

	HASH_ITER(hh, *head, e, tmp) {
		HASH_DEL(*head, e);
		free(e);
	}
}

void jca__free_snapshot(jca__snapshot *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->n; i++)
		free_table(&s->tables[i]);
	free_table(&s->merged);
	free_table(&s->disabled);
	free(s->index);
	free(s->tables);
	free(s->provs);
	free(s);
}

/* The hot-path index over s->merged (see jca__snapshot). */
static int build_index(jca__snapshot *s)
{
	uint32_t size = 16, count = HASH_COUNT(s->merged);
	jca__entry *e, *tmp;

	while (size < 4 * count)
		size *= 2;
	s->index = calloc(size, sizeof *s->index);
	if (!s->index)
		return JCA_ENOMEM;
	s->mask = size - 1;
	HASH_ITER(hh, s->merged, e, tmp) {
		uint32_t h = jca__hash(e->key, e->klen), at = h & s->mask;

		while (s->index[at].e)
			at = (at + 1) & s->mask;
		s->index[at].hash = h;
		s->index[at].klen = (uint32_t)e->klen;
		s->index[at].e = e;
	}
	return 0;
}

/* Builds a snapshot for the providers provs[0..n). Called under jca__lock. */
jca__snapshot *jca__build_snapshot(struct jca_provider **provs, size_t n)
{
	jca__snapshot *s = calloc(1, sizeof *s);
	jca__entry *e, *tmp;
	size_t i;
	int rc = 0;

	if (!s)
		return NULL;
	s->n = n;
	s->lazy_pos = (int)n;
	s->provs = calloc(n ? n : 1, sizeof *s->provs);
	s->tables = calloc(n ? n : 1, sizeof *s->tables);
	if (!s->provs || !s->tables) {
		jca__free_snapshot(s);
		return NULL;
	}
	memcpy(s->provs, provs, n * sizeof *provs);
	for (i = 0; i < n && rc == 0; i++) {
		int st = jca__provider_state(provs[i]);

		if (st == JCA_PROVIDER_NOT_LOADED && s->lazy_pos == (int)n)
			s->lazy_pos = (int)i;
		if (st == JCA_PROVIDER_LOADED)
			rc = jca__build_provider_table(&s->tables[i], provs[i], (int)i);
	}
	if (rc == 0)
		rc = jca__apply_disabled(s);
	if (rc == 0)
		rc = jca__apply_prefs(s);
	for (i = 0; i < n && rc == 0; i++)
		HASH_ITER(hh, s->tables[i], e, tmp)
			if ((rc = jca__table_put(&s->merged, e->key, e->klen, &e->r, (int)i)))
				break;
	if (rc == 0)
		rc = build_index(s);
	if (rc) {
		jca__free_snapshot(s);
		return NULL;
	}
	return s;
}

/* Publishes a new snapshot; the old one is retired. Called under jca__lock. */
static uint64_t generation;            /* under jca__lock */

void jca__publish(jca__snapshot *s)
{
	jca__snapshot *old = atomic_load_explicit(&jca__current, memory_order_relaxed);

	s->gen = ++generation;
	atomic_store_explicit(&jca__current, s, memory_order_release);
	if (old) {
		old->retired = jca__retired_snapshots;
		jca__retired_snapshots = old;
	}
}
