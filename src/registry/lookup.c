/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Lookup: the per-thread front cache and the index probe (the hot path,
 * kept in one file so that they inline into jca__lookup), then the slow
 * path: provider-qualified lookups, lazy loading, disabled names, and the
 * message of a lookup that finds nothing (with failed.c and suggest.c).
 */
#include <string.h>

#include "registry_int.h"

static inline int key_eq(const char *a, const char *b, size_t n)
{
	uint64_t x, y;

	while (n >= 8) {
		memcpy(&x, a, 8);
		memcpy(&y, b, 8);
		if (x != y)
			return 0;
		a += 8;
		b += 8;
		n -= 8;
	}
	while (n--)
		if (*a++ != *b++)
			return 0;
	return 1;
}

static inline jca__entry *index_find(const jca__snapshot *s, const char *key, size_t klen)
{
	uint32_t h = jca__hash(key, klen), at = h & s->mask;

	for (;; at = (at + 1) & s->mask) {
		const struct jca__slot *sl = &s->index[at];

		if (!sl->e)
			return NULL;
		if (sl->hash == h && sl->klen == klen && key_eq(sl->e->key, key, klen))
			return sl->e;
	}
}

/* Room for the failed providers' clause of a message: the rest (the
 * type, the name, the suggestions) fits in the remaining 1 KiB. */
#define JCA__FAILED_MAX (JCA__MSG_MAX - 1024)

/* Why a lookup of key found nothing, as the last error: a preference or
 * a policy, else no such name, with the names of `names` (the table
 * searched) nearest to it and the providers that failed to load. Never
 * inlined: its 9 KiB of buffers stay off the frame of the lookup. */
__attribute__((noinline, cold))
static const jca__resolved *not_found(const jca__snapshot *s, const char *key, size_t klen,
                                      jca_service_type type, const char *name, const char *provider,
                                      const jca__entry *e, const jca__entry *names)
{
	char failed[JCA__FAILED_MAX], near[640];
	jca__entry *d;

	HASH_FIND(hh, s->disabled, key, klen, d);
	if (e && !e->r.svc && e->pos == JCA__POS_BADPREF)
		jca__error(JCA_CONFIG, "%s: jca.provider.preferred names provider \"%s\" for %s \"%s\", and no "
		           "configured provider has that name", jca__conf ? jca__conf->source : "configuration",
		           e->r.canon, jca_service_type_name(type), name);
	else if (d)
		jca__error(JCA_DISABLED, "%s \"%s\" is disabled by policy (%s)", jca_service_type_name(type), name,
		           jca__conf ? jca__conf->source : "configuration");
	else if (s->n == 0)
		jca__error(JCA_NOALG, "no provider offers %s \"%s\": the configuration %s lists no provider "
		           "(security.provider.N)", jca_service_type_name(type), name,
		           jca__conf ? jca__conf->source : "");
	else {
		jca__suggest(names, key, klen, near, sizeof near);
		if (provider)
			jca__error(JCA_NOALG, "provider \"%s\" does not offer %s \"%s\"%s", provider,
			           jca_service_type_name(type), name, near);
		else if (jca__failed_clause(s, failed, sizeof failed))
			jca__error(JCA_NOALG, "no provider offers %s \"%s\"%s (%s)", jca_service_type_name(type), name,
			           near, failed);
		else
			jca__error(JCA_NOALG, "no provider offers %s \"%s\"%s", jca_service_type_name(type), name, near);
	}
	return NULL;
}

/* Inside a plugin's entry nothing loads: the registry as it is answers,
 * the first loaded provider offering the name in preference order (a
 * preference for a provider not loaded yet does not hide builtin's). */
static const jca__resolved *as_it_is(const jca__snapshot *s, const char *key, size_t klen)
{
	jca__entry *e;
	size_t i;

	for (i = 0; i < s->n; i++) {
		if (jca__provider_state(s->provs[i]) != JCA_PROVIDER_LOADED)
			continue;
		HASH_FIND(hh, s->tables[i], key, klen, e);
		if (e)
			return &e->r;
	}
	return NULL;
}

/*
 * The per-thread front cache: a few (name pointer -> result) pairs per
 * thread, so that a caller who passes the same name again (a string
 * literal, typically) skips folding and hashing. A hit needs the same
 * pointer, the same bytes (compared with a copy: the caller may have
 * changed its buffer) and the same snapshot by publication number (any
 * provider change publishes a new one, so the cache never outlives a
 * change). Names of up to 31 bytes are cached.
 */
#define JCA__FRONT_SLOTS 8
#define JCA__FRONT_NAME 32
struct jca__front {
	const char *name;
	uint64_t gen;
	const jca__resolved *r;
	int type;
	uint32_t len;                   /* strlen(copy) */
	char copy[JCA__FRONT_NAME];
};
static _Thread_local __attribute__((tls_model("initial-exec")))
	struct jca__front front[JCA__FRONT_SLOTS];

/*
 * The caller's name against the cached copy of len bytes. A short name
 * byte by byte inline, stopping at the first difference or the NUL (never
 * reading past the caller's string); longer ones through the library's
 * strcmp, whose setup a short name does not repay.
 */
static inline int same_name(const char *name, const char *copy, size_t len)
{
	if (len > 8)
		return strcmp(name, copy) == 0;
	for (size_t i = 0;; i++) {
		char c = name[i];

		if (c != copy[i])
			return 0;
		if (!c)
			return 1;
	}
}

static inline struct jca__front *front_slot(const char *name, jca_service_type type)
{
	uintptr_t p = (uintptr_t)name;

	return &front[((p >> 3) ^ (p >> 9) ^ (uintptr_t)type) & (JCA__FRONT_SLOTS - 1)];
}

static const jca__resolved *lookup_slow(jca_service_type type, const char *name, const char *provider);

const jca__resolved *jca__lookup(jca_service_type type, const char *name, const char *provider)
{
	const jca__snapshot *s = atomic_load_explicit(&jca__current, memory_order_acquire);

	if (__builtin_expect(s != NULL && name != NULL && provider == NULL, 1)) {
		struct jca__front *f = front_slot(name, type);

		if (f->name == name && f->gen == s->gen && f->type == (int)type && same_name(name, f->copy, f->len))
			return f->r;
	}
	return lookup_slow(type, name, provider);
}

static const jca__resolved *lookup_slow(jca_service_type type, const char *name, const char *provider)
{
	char key[JCA__MAX_NAME + 8];
	const jca__snapshot *s;
	jca__entry *e;
	size_t klen;

	if (!name)
		return (jca__error(JCA_EINVAL, "%s name is NULL", jca_service_type_name(type)), NULL);
	klen = jca__make_key(key, type, name);
	if (!klen)
		return (jca__error(*name ? JCA_NOALG : JCA_EINVAL, "%s name \"%.64s\" is %s", jca_service_type_name(type),
		                   name, *name ? "too long" : "empty"), NULL);
	for (;;) {
		s = jca__get_snapshot();
		if (!s)
			return NULL;
		if (provider) {
			int at = jca__find_provider(s, provider);
			int st;

			if (at < 0)
				return (jca__error(JCA_NOPROVIDER, "no provider named \"%s\"", provider), NULL);
			st = jca__provider_state(s->provs[at]);
			if (st == JCA_PROVIDER_LOADED) {
				HASH_FIND(hh, s->tables[at], key, klen, e);
				return e ? &e->r : not_found(s, key, klen, type, name, provider, NULL, s->tables[at]);
			}
			if (st == JCA_PROVIDER_FAILED)
				return (jca__error(JCA_NOPROVIDER, "provider \"%s\" is not available: %s", provider,
				                   s->provs[at]->reason), NULL);
			if (jca__in_load)
				return (jca__error(JCA_BUSY, "provider \"%s\" is not loaded, and nothing loads from inside "
				                   "a plugin's entry", provider), NULL);
			if (jca__load_next(s, at) != 0)
				return NULL;
			continue;
		}
		e = index_find(s, key, klen);
		/* Found, and no provider ahead of it is unloaded: remember it in
		 * the front cache. */
		if (__builtin_expect(e != NULL && e->pos < s->lazy_pos, 1)) {
			if (klen - 1 < JCA__FRONT_NAME) {
				struct jca__front *f = front_slot(name, type);

				f->name = name;
				f->gen = s->gen;
				f->r = &e->r;
				f->type = (int)type;
				f->len = (uint32_t)(klen - 1);
				memcpy(f->copy, name, klen);   /* klen - 1 bytes and the NUL */
			}
			return &e->r;
		}
		if (!e && s->disabled) {
			jca__entry *d;

			HASH_FIND(hh, s->disabled, key, klen, d);
			if (d)
				return not_found(s, key, klen, type, name, NULL, NULL, NULL);
		}
		if (s->lazy_pos < (int)s->n && !jca__in_load) {
			if (jca__load_next(s, -1) != 0)
				return NULL;
			continue;
		}
		if (e && e->r.svc)
			return &e->r;
		if (e && jca__in_load) {
			const jca__resolved *r = as_it_is(s, key, klen);

			if (r)
				return r;
		}
		return not_found(s, key, klen, type, name, NULL, e, s->merged);
	}
}
