/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The registry: providers in preference order, their services, and the
 * lookup tables that map (type, name) to a service and its cached
 * constructor.
 *
 * Readers never block. The lookup tables live in an immutable snapshot that
 * readers reach with one acquire load. A change to the provider list builds
 * a new snapshot under `lock` and publishes it with one release store. Old
 * snapshots, providers and services are never freed before jca_shutdown(),
 * so a reader (or an instance) can never see freed memory.
 */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include <dlfcn.h>

#include "internal.h"

/* uthash: our own hash over folded keys, and no exit() on out-of-memory. */
#define HASH_NONFATAL_OOM 1
static inline uint32_t jca__hash(const char *k, size_t n);
#define HASH_FUNCTION(keyptr, keylen, hashv) ((hashv) = jca__hash((const char *)(keyptr), (keylen)))
#include <uthash.h>

#define JCA__MAX_NAME 120     /* longest name accepted, in bytes */

struct jca__entry {
	UT_hash_handle hh;
	jca__resolved r;
	int pos;                  /* position of the provider in the snapshot */
	size_t klen;
	char key[];               /* type letter + folded name */
};

typedef struct jca__snapshot {
	size_t n;                         /* providers */
	struct jca_provider **provs;      /* preference order */
	jca__entry **tables;              /* one table per loaded provider */
	jca__entry *merged;               /* preferred entries, then first provider wins */
	jca__entry *disabled;             /* names disabled by policy */
	int lazy_pos;                     /* first provider not yet loaded, or n */
	/* Read-only open-addressing index over `merged` for the hot path:
	 * power-of-two slots, linear probing, at most a quarter full. */
	struct jca__slot {
		uint32_t hash;
		uint32_t klen;
		jca__entry *e;
	} *index;
	uint32_t mask;
	uint64_t gen;                     /* publication number, unique in the process */
	struct jca__snapshot *retired;    /* older snapshots, freed at shutdown */
} jca__snapshot;

static _Atomic(jca__snapshot *) current;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct jca_provider *all_providers;    /* every provider ever created */
static jca__snapshot *retired_snapshots;
static jca__config *config;                   /* read at initialisation */
static int init_failed;                       /* configuration error: fail closed */
static char init_error[256];
/* Set while this thread loads a provider: lookups from a plugin's entry
 * function see the registry as it is and never load (no recursion). */
static _Thread_local __attribute__((tls_model("initial-exec"))) int in_load;

/* ------------------------------------------------------------------ */
/* Names: ASCII case folding and hashing                               */
/* ------------------------------------------------------------------ */

static inline __attribute__((always_inline)) uint32_t jca__hash(const char *k, size_t n)
{
	/* Word-at-a-time multiply hash with a full 64-bit finaliser: keys are
	 * short names and the table takes the low bits, which a bare multiply
	 * leaves poorly mixed. */
	uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
	uint64_t w;

	while (n >= 8) {
		memcpy(&w, k, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h = (h << 31) | (h >> 33);
		k += 8;
		n -= 8;
	}
	if (n) {
		w = 0;
		memcpy(&w, k, n);
		h ^= w;
	}
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ull;
	h ^= h >> 33;
	return (uint32_t)h;
}

static inline char fold(char c)
{
	return (c >= 'A' && c <= 'Z') ? (char)(c + ('a' - 'A')) : c;
}

static char type_letter(jca_service_type t)
{
	switch (t) {
	case JCA_MESSAGE_DIGEST: return 'D';
	case JCA_CIPHER: return 'C';
	case JCA_MAC: return 'M';
	case JCA_SECURE_RANDOM: return 'R';
	case JCA_KDF: return 'K';
	}
	return '?';
}

/* ASCII upper case to lower case in 8 bytes at once: a byte gets 0x20
 * added exactly when it is in 'A'..'Z' (no carries between bytes). */
static inline uint64_t fold8(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
	uint64_t low7 = w & ~high;
	uint64_t ge_a = low7 + ones * (0x80 - 'A');        /* bit 7 set if >= 'A' */
	uint64_t gt_z = low7 + ones * (0x80 - 'Z' - 1);    /* bit 7 set if > 'Z' */
	uint64_t upper = ge_a & ~gt_z & ~w & high;         /* ASCII only */

	return w | (upper >> 2);
}

/* Builds the key "<type><folded name>" in buf (which has room for
 * JCA__MAX_NAME + 8 bytes); returns its length, or 0 if the name is empty
 * or too long. */
static size_t make_key(char *buf, jca_service_type type, const char *name)
{
	size_t n = strlen(name), i;
	uint64_t w;

	if (!n || n > JCA__MAX_NAME)
		return 0;
	buf[0] = type_letter(type);
	memcpy(buf + 1, name, n);
	memset(buf + 1 + n, 0, 7);
	for (i = 0; i < n + 1; i += 8) {
		memcpy(&w, buf + i, 8);
		w = fold8(w);
		memcpy(buf + i, &w, 8);
	}
	return n + 1;
}

static int is_oid(const char *s)
{
	int dots = 0;

	if (!*s)
		return 0;
	for (; *s; s++) {
		if (*s == '.')
			dots++;
		else if (*s < '0' || *s > '9')
			return 0;
	}
	return dots > 0;
}

int jca__name_eq(const char *a, const char *b)
{
	for (; *a && fold(*a) == fold(*b); a++, b++)
		;
	return fold(*a) == fold(*b);
}

/* ------------------------------------------------------------------ */
/* Snapshots                                                           */
/* ------------------------------------------------------------------ */

static void free_table(jca__entry **head)
{
	jca__entry *e, *tmp;

	HASH_ITER(hh, *head, e, tmp) {
		HASH_DEL(*head, e);
		free(e);
	}
}

static void free_snapshot(jca__snapshot *s)
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

/* Adds key -> r to *table unless the key is already there (first wins).
 * Returns 0, or JCA_ENOMEM. */
static int table_put(jca__entry **table, const char *key, size_t klen,
                     const jca__resolved *r, int pos)
{
	jca__entry *e;
	size_t clen = r->canon ? strlen(r->canon) + 1 : 0;
	int oom = 0;

	HASH_FIND(hh, *table, key, klen, e);
	if (e)
		return 0;
	e = malloc(sizeof *e + klen + clen);
	if (!e)
		return JCA_ENOMEM;
	memcpy(e->key, key, klen);
	e->klen = klen;
	e->r = *r;
	e->pos = pos;
	if (clen && (!r->svc || r->svc->type == JCA_CIPHER)) {
		memcpy(e->key + klen, r->canon, clen);
		e->r.canon = e->key + klen;
	} else {
		e->r.canon = r->svc->algorithm;
	}
#undef uthash_nonfatal_oom
#define uthash_nonfatal_oom(obj) (oom = 1)
	HASH_ADD_KEYPTR(hh, *table, e->key, e->klen, e);
	if (oom) {
		free(e);
		return JCA_ENOMEM;
	}
	return 0;
}

static int put_name(jca__entry **table, jca_service_type type, const char *name,
                    const jca__resolved *r, int pos)
{
	char key[JCA__MAX_NAME + 8];
	size_t klen = make_key(key, type, name);
	int rc;

	if (!klen)
		return 0;
	rc = table_put(table, key, klen, r, pos);
	if (rc == 0 && is_oid(name)) {
		char oid[JCA__MAX_NAME + 8];

		if (strlen(name) + 4 <= JCA__MAX_NAME) {
			snprintf(oid, sizeof oid, "OID.%s", name);
			klen = make_key(key, type, oid);
			rc = table_put(table, key, klen, r, pos);
		}
	}
	return rc;
}

static const char *attr_get(const struct jca_service *s, const char *key)
{
	const jca_attr *a;

	for (a = s->attrs; a && a->key; a++)
		if (jca__name_eq(a->key, key))
			return a->value;
	return NULL;
}

/* Is `word` one of the '|'-separated words of `list` (case-insensitive)? */
static int list_has(const char *list, const char *word)
{
	size_t n = strlen(word);

	while (list && *list) {
		const char *end = strchr(list, '|');
		size_t len = end ? (size_t)(end - list) : strlen(list);
		size_t i;

		if (len == n) {
			for (i = 0; i < n && fold(list[i]) == fold(word[i]); i++)
				;
			if (i == n)
				return 1;
		}
		list = end ? end + 1 : NULL;
	}
	return 0;
}

static int impl_usable(int (*available)(void));

static const struct {
	const char *name;
	uint8_t mode;
} modes[] = { { "ECB", JCA__MODE_ECB }, { "CBC", JCA__MODE_CBC } };

static const struct {
	const char *name;
	uint8_t padding;
} paddings[] = {
	{ "NoPadding", JCA__PAD_NONE },
	{ "PKCS5Padding", JCA__PAD_PKCS5 },
	{ "PKCS7Padding", JCA__PAD_PKCS5 },   /* same padding for 16-byte blocks */
};

static int mode_offered(const jca_cipher_impl *c, uint8_t mode)
{
	if (mode == JCA__MODE_ECB)
		return c->ecb_encrypt && c->ecb_decrypt;
	return c->cbc_encrypt && c->cbc_decrypt;
}

/* Every transformation a cipher service answers to, pre-enumerated so that
 * cipher_get_instance never parses: "AES", "AES/CBC/PKCS5Padding",
 * "AES_128/CBC/NoPadding", ... A service whose algorithm fixes the mode or
 * padding ("AES/CBC/NoPadding") is more specific; callers add those first. */
static int put_cipher_names(jca__entry **table, const struct jca_service *s, int pos)
{
	const jca_cipher_impl *c = s->active;
	const char *sm = attr_get(s, "SupportedModes");
	const char *sp = attr_get(s, "SupportedPaddings");
	char base[JCA__MAX_NAME], fixed_mode[16] = "", fixed_pad[32] = "";
	char name[JCA__MAX_NAME + 64], canon[JCA__MAX_NAME + 64];
	const char *canon_base[16];
	const jca_cipher_impl *bimpl[16];
	const char *slash;
	size_t nb = 0, i, m, p, k;
	const char *bases[16];
	uint8_t pins[16];
	char pinned[4][JCA__MAX_NAME + 8];
	int rc = 0;

	/* Split "alg[/mode[/padding]]" as declared by the provider. */
	slash = strchr(s->algorithm, '/');
	if (slash) {
		const char *slash2 = strchr(slash + 1, '/');
		size_t n = (size_t)(slash - s->algorithm);

		if (n >= sizeof base)
			return 0;
		memcpy(base, s->algorithm, n);
		base[n] = 0;
		n = slash2 ? (size_t)(slash2 - slash - 1) : strlen(slash + 1);
		if (n < sizeof fixed_mode) {
			memcpy(fixed_mode, slash + 1, n);
			fixed_mode[n] = 0;
		}
		if (slash2)
			snprintf(fixed_pad, sizeof fixed_pad, "%s", slash2 + 1);
	} else {
		snprintf(base, sizeof base, "%s", s->algorithm);
	}

	bases[nb] = base;
	canon_base[nb] = base;
	bimpl[nb] = c;
	pins[nb++] = 0;
	for (i = 0; s->aliases[i] && nb < 8; i++) {
		if (!is_oid(s->aliases[i]) && !strchr(s->aliases[i], '/') && !strchr(s->aliases[i], '=')) {
			bases[nb] = s->aliases[i];
			canon_base[nb] = base;
			bimpl[nb] = c;
			pins[nb++] = 0;
		}
	}
	/* Key-size-pinned names: AES_128, AES_192, AES_256. */
	for (k = 1, i = 0; k < 64 && i < 4; k++) {
		if (c->key_sizes & (1ull << k)) {
			snprintf(pinned[i], sizeof pinned[i], "%s_%zu", base, k * 8);
			bases[nb] = pinned[i];
			canon_base[nb] = pinned[i];
			bimpl[nb] = c;
			pins[nb++] = (uint8_t)k;
			i++;
		}
	}
	/* Implementation (driver) names select one backend: "aes-aesni/CBC/NoPadding". */
	for (i = 0; s->cipher_impls[i] && nb < 16; i++) {
		if (!impl_usable(s->cipher_impls[i]->available))
			continue;
		bases[nb] = s->cipher_impls[i]->name;
		canon_base[nb] = base;
		bimpl[nb] = s->cipher_impls[i];
		pins[nb++] = 0;
	}

	for (i = 0; i < nb && rc == 0; i++) {
		for (m = 0; m < sizeof modes / sizeof modes[0]; m++) {
			if (fixed_mode[0] ? !jca__name_eq(fixed_mode, modes[m].name)
			                  : (sm && !list_has(sm, modes[m].name)))
				continue;
			if (!mode_offered(bimpl[i], modes[m].mode))
				continue;
			for (p = 0; p < sizeof paddings / sizeof paddings[0]; p++) {
				const char *pad = paddings[p].padding == JCA__PAD_PKCS5 ? "PKCS5Padding" : "NoPadding";
				jca__resolved r = { s, bimpl[i], canon, modes[m].mode, paddings[p].padding, pins[i] };

				if (fixed_pad[0] ? !jca__name_eq(fixed_pad, pad)
				                 : (sp && !list_has(sp, pad)))
					continue;
				snprintf(canon, sizeof canon, "%s/%s/%s", canon_base[i], modes[m].name, pad);
				snprintf(name, sizeof name, "%s/%s/%s", bases[i], modes[m].name, paddings[p].name);
				rc = put_name(table, JCA_CIPHER, name, &r, pos);
				/* JCA default for a bare algorithm name: ECB with PKCS5Padding. */
				if (rc == 0 && !fixed_mode[0] && !fixed_pad[0] &&
				    modes[m].mode == JCA__MODE_ECB && paddings[p].padding == JCA__PAD_PKCS5)
					rc = put_name(table, JCA_CIPHER, bases[i], &r, pos);
				if (rc)
					break;
			}
		}
	}
	return rc;
}

/* OID aliases of cipher services name a full transformation:
 * "2.16.840.1.101.3.4.1.2=AES_128/CBC/NoPadding". */
static int put_cipher_oids(jca__entry **table, const struct jca_service *s, int pos)
{
	size_t i;

	for (i = 0; s->aliases[i]; i++) {
		const char *eq = strchr(s->aliases[i], '=');
		char oid[64], key[JCA__MAX_NAME + 8];
		size_t klen, n;
		jca__entry *e;

		if (!eq || (n = (size_t)(eq - s->aliases[i])) >= sizeof oid)
			continue;
		memcpy(oid, s->aliases[i], n);
		oid[n] = 0;
		klen = make_key(key, JCA_CIPHER, eq + 1);
		if (!klen)
			continue;
		HASH_FIND(hh, *table, key, klen, e);
		if (e && e->r.svc == s) {
			jca__resolved r = e->r;
			int rc = put_name(table, JCA_CIPHER, oid, &r, pos);

			if (rc)
				return rc;
		}
	}
	return 0;
}

static int put_service(jca__entry **table, const struct jca_service *s, int pos)
{
	jca__resolved r = { s, s->active, NULL, 0, 0, 0 };
	size_t i;
	int rc;

	if (s->type == JCA_CIPHER) {
		rc = put_cipher_names(table, s, pos);
		return rc ? rc : put_cipher_oids(table, s, pos);
	}
	rc = put_name(table, s->type, s->algorithm, &r, pos);
	for (i = 0; rc == 0 && s->aliases[i]; i++)
		rc = put_name(table, s->type, s->aliases[i], &r, pos);
	/* Implementation (driver) names select one backend, bypassing priority. */
	if (s->type == JCA_MESSAGE_DIGEST && s->md_impls) {
		for (i = 0; rc == 0 && s->md_impls[i]; i++) {
			const jca_md_impl *m = s->md_impls[i];

			if (m->available && !m->available())
				continue;
			r.impl = m;
			rc = put_name(table, s->type, m->name, &r, pos);
		}
	}
	return rc;
}

static size_t specificity(const struct jca_service *s)
{
	const char *p;
	size_t n = 0;

	for (p = s->algorithm; *p; p++)
		n += *p == '/';
	return n;
}

static int build_provider_table(jca__entry **table, const struct jca_provider *p, int pos)
{
	size_t i, level;
	int rc = 0;

	/* More specific cipher services first, as JCA tries the full
	 * transformation before the bare algorithm. */
	for (level = 3; level-- > 0 && rc == 0;)
		for (i = 0; i < p->n_services && rc == 0; i++)
			if (specificity(p->services[i]) == level)
				rc = put_service(table, p->services[i], pos);
	return rc;
}

static int provider_state(const struct jca_provider *p)
{
	return atomic_load_explicit(&p->state, memory_order_acquire);
}

static int find_provider(const jca__snapshot *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (jca__name_eq(s->provs[i]->name, name) ||
		    (s->provs[i]->conf_name && jca__name_eq(s->provs[i]->conf_name, name)))
			return (int)i;
	return -1;
}

static int type_matches(int want, jca_service_type t)
{
	return want == 0 || want == (int)t;
}

/* Does entry e fall under disabled name d, whose own entry is hit? A bare
 * algorithm name disables the whole service; a cipher transformation only
 * that mode and padding. */
static int disables(const jca__entry *hit, const jca__disabled *d, const jca__entry *e)
{
	if (e->r.svc != hit->r.svc)
		return 0;
	if (hit->r.svc->type == JCA_CIPHER && strchr(d->alg, '/'))
		return e->r.mode == hit->r.mode && e->r.padding == hit->r.padding;
	return 1;
}

/* Policy: a disabled algorithm is offered by no provider. Its names move
 * from the provider tables to s->disabled, so lookups can say why. */
static int apply_disabled(jca__snapshot *s)
{
	static const jca_service_type types[] = { JCA_MESSAGE_DIGEST, JCA_CIPHER, JCA_MAC, JCA_SECURE_RANDOM, JCA_KDF };
	size_t k, t, i;
	int rc = 0;

	for (k = 0; config && k < config->ndisabled && rc == 0; k++) {
		const jca__disabled *d = &config->disabled[k];

		for (t = 0; t < sizeof types / sizeof types[0] && rc == 0; t++) {
			char key[JCA__MAX_NAME + 8];
			size_t klen;
			jca__resolved dr = { NULL, NULL, d->alg, 0, 0, 0 };

			if (!type_matches(d->type, types[t]) || !(klen = make_key(key, types[t], d->alg)))
				continue;
			rc = table_put(&s->disabled, key, klen, &dr, -1);
			for (i = 0; i < s->n && rc == 0; i++) {
				jca__entry *hit, *e, *tmp;

				HASH_FIND(hh, s->tables[i], key, klen, hit);
				if (!hit)
					continue;
				/* hit itself is removed last: disables() reads it */
				HASH_ITER(hh, s->tables[i], e, tmp) {
					if (e == hit || !disables(hit, d, e))
						continue;
					rc = table_put(&s->disabled, e->key, e->klen, &dr, -1);
					HASH_DEL(s->tables[i], e);
					free(e);
					if (rc)
						break;
				}
				HASH_DEL(s->tables[i], hit);
				free(hit);
			}
		}
	}
	return rc;
}

/* Per-algorithm preferred providers go into the merged table first. A
 * preferred provider not yet loaded leaves a placeholder that sends the
 * lookup down the loading path. */
static int apply_prefs(jca__snapshot *s)
{
	static const jca_service_type types[] = { JCA_MESSAGE_DIGEST, JCA_CIPHER, JCA_MAC, JCA_SECURE_RANDOM, JCA_KDF };
	size_t k, t;
	int rc = 0;

	for (k = 0; config && k < config->npref && rc == 0; k++) {
		const jca__pref *pf = &config->prefs[k];
		int j = find_provider(s, pf->provider);

		if (j < 0 || provider_state(s->provs[j]) == JCA_PROVIDER_FAILED)
			continue;
		for (t = 0; t < sizeof types / sizeof types[0] && rc == 0; t++) {
			char key[JCA__MAX_NAME + 8];
			size_t klen;
			jca__entry *hit, *e, *tmp;

			if (!type_matches(pf->type, types[t]) || !(klen = make_key(key, types[t], pf->alg)))
				continue;
			if (provider_state(s->provs[j]) != JCA_PROVIDER_LOADED) {
				jca__resolved ph = { NULL, NULL, pf->alg, 0, 0, 0 };

				rc = table_put(&s->merged, key, klen, &ph, j);
				continue;
			}
			HASH_FIND(hh, s->tables[j], key, klen, hit);
			if (!hit)
				continue;
			HASH_ITER(hh, s->tables[j], e, tmp)
				if (e->r.svc == hit->r.svc && (rc = table_put(&s->merged, e->key, e->klen, &e->r, -1)))
					break;
		}
	}
	return rc;
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

/* Builds a snapshot for the providers provs[0..n). Called under lock. */
static jca__snapshot *build_snapshot(struct jca_provider **provs, size_t n)
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
		free_snapshot(s);
		return NULL;
	}
	memcpy(s->provs, provs, n * sizeof *provs);
	for (i = 0; i < n && rc == 0; i++) {
		int st = provider_state(provs[i]);

		if (st == JCA_PROVIDER_NOT_LOADED && s->lazy_pos == (int)n)
			s->lazy_pos = (int)i;
		if (st == JCA_PROVIDER_LOADED)
			rc = build_provider_table(&s->tables[i], provs[i], (int)i);
	}
	if (rc == 0)
		rc = apply_disabled(s);
	if (rc == 0)
		rc = apply_prefs(s);
	for (i = 0; i < n && rc == 0; i++)
		HASH_ITER(hh, s->tables[i], e, tmp)
			if ((rc = table_put(&s->merged, e->key, e->klen, &e->r, (int)i)))
				break;
	if (rc == 0)
		rc = build_index(s);
	if (rc) {
		free_snapshot(s);
		return NULL;
	}
	return s;
}

/* Publishes a new snapshot; the old one is retired. Called under lock. */
static uint64_t generation;            /* under lock */

static void publish(jca__snapshot *s)
{
	jca__snapshot *old = atomic_load_explicit(&current, memory_order_relaxed);

	s->gen = ++generation;
	atomic_store_explicit(&current, s, memory_order_release);
	if (old) {
		old->retired = retired_snapshots;
		retired_snapshots = old;
	}
}

/* ------------------------------------------------------------------ */
/* Providers and services                                              */
/* ------------------------------------------------------------------ */

static int impl_usable(int (*available)(void))
{
	return !available || available();
}

/* Binds the best usable implementation (highest priority) into s. */
static void bind_best(struct jca_service *s)
{
	size_t i;
	int best = -1;

	if (s->type == JCA_MESSAGE_DIGEST) {
		for (i = 0; s->md_impls[i]; i++)
			if (impl_usable(s->md_impls[i]->available) && s->md_impls[i]->priority > best) {
				best = s->md_impls[i]->priority;
				s->active = s->md_impls[i];
				s->impl_name = s->md_impls[i]->name;
			}
	} else if (s->type == JCA_CIPHER) {
		for (i = 0; s->cipher_impls[i]; i++)
			if (impl_usable(s->cipher_impls[i]->available) && s->cipher_impls[i]->priority > best) {
				best = s->cipher_impls[i]->priority;
				s->active = s->cipher_impls[i];
				s->impl_name = s->cipher_impls[i]->name;
			}
	} else if (s->type == JCA_SECURE_RANDOM) {
		for (i = 0; s->random_impls[i]; i++)
			if (impl_usable(s->random_impls[i]->available) && s->random_impls[i]->priority > best) {
				best = s->random_impls[i]->priority;
				s->active = s->random_impls[i];
				s->impl_name = s->random_impls[i]->name;
			}
	} else if (s->type == JCA_KDF) {
		for (i = 0; s->kdf_impls[i]; i++)
			if (impl_usable(s->kdf_impls[i]->available) && s->kdf_impls[i]->priority > best) {
				best = s->kdf_impls[i]->priority;
				s->active = s->kdf_impls[i];
				s->impl_name = s->kdf_impls[i]->name;
			}
	}
}

static void free_service(struct jca_service *s)
{
	if (!s)
		return;
	free(s->aliases);
	free(s->owned);
	free(s);
}

static void free_provider(struct jca_provider *p)
{
	size_t i;

	for (i = 0; i < p->n_services; i++)
		free_service(p->services[i]);
	free(p->services);
	free(p->conf_name);
	free(p->source);
	/* p->dl stays open: plugin code is never unloaded (see provider.h). */
	free(p);
}

static size_t count_list(const char *const *l)
{
	size_t n = 0;

	while (l && l[n])
		n++;
	return n;
}

static size_t count_md(const jca_md_impl *const *l)
{
	size_t n = 0;

	while (l && l[n])
		n++;
	return n;
}

static size_t count_cipher(const jca_cipher_impl *const *l)
{
	size_t n = 0;

	while (l && l[n])
		n++;
	return n;
}

/* The JCA name of HMAC over a digest: "SHA-256" -> "HmacSHA256",
 * "SHA3-256" -> "HmacSHA3-256", "MD5" -> "HmacMD5". */
static void hmac_name(char *out, size_t n, const char *digest)
{
	if (strncmp(digest, "SHA-", 4) == 0)
		snprintf(out, n, "HmacSHA%s", digest + 4);
	else
		snprintf(out, n, "Hmac%s", digest);
}

/* Composes the HMAC service over digest service d (not an XOF, has a block
 * size). Names: Hmac<name>, HMAC-<name>, HMAC(<name>) for the digest's
 * name and every non-OID alias, plus the digest's "HmacOID". */
static struct jca_service *compose_hmac(const struct jca_service *d)
{
	const jca_md_impl *m = d->active;
	size_t nal = count_list((const char *const *)d->aliases);
	size_t names = (nal + 1) * 3 + 1, i, k = 0, used = 0;
	int form;
	size_t cap = names * (JCA__MAX_NAME + 8) + 128;
	struct jca_service *s;
	const char *oid = attr_get(d, "HmacOID");

	if (!m || (m->flags & JCA_MD_XOF) || !m->block_size)
		return NULL;
	s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->aliases = calloc(names + 1, sizeof *s->aliases);
	s->owned = malloc(cap);
	if (!s->aliases || !s->owned) {
		free_service(s);
		return NULL;
	}
	s->type = JCA_MAC;
	s->digest = d;
	s->active = m;
	s->provider = d->provider;
	for (i = 0; i <= nal; i++) {
		const char *dn = i == 0 ? d->algorithm : d->aliases[i - 1];
		char *p;

		if (is_oid(dn))
			continue;
		for (form = 0; form < 3; form++) {
			size_t j;
			int dup = 0;

			p = s->owned + used;
			if (form == 0)
				hmac_name(p, cap - used, dn);
			else
				snprintf(p, cap - used, form == 1 ? "HMAC-%s" : "HMAC(%s)", dn);
			if (i == 0 && form == 0) {
				s->algorithm = p;
			} else {
				dup = jca__name_eq(p, s->algorithm);
				for (j = 0; j < k && !dup; j++)
					dup = jca__name_eq(p, s->aliases[j]);
				if (dup)
					continue;
				s->aliases[k++] = p;
			}
			used += strlen(p) + 1;
		}
	}
	if (oid)
		s->aliases[k++] = oid;
	s->impl_name = s->owned + used;
	snprintf(s->owned + used, cap - used, "hmac(%s)", m->name);
	return s;
}

static int check_md_impl(const jca_md_impl *m)
{
	return m->name && *m->name && m->ctx_size > 0 && m->ctx_size <= (1u << 20) &&
	       m->init && m->update && m->final &&
	       (m->digest_size > 0 || (m->flags & JCA_MD_XOF)) && m->digest_size <= 1024 &&
	       m->block_size <= 1024 && !m->copy == !m->cleanup;
}

static int check_cipher_impl(const jca_cipher_impl *c)
{
	return c->name && *c->name && c->ctx_size > 0 && c->ctx_size <= (1u << 20) &&
	       c->block_size > 0 && c->block_size <= 32 && c->key_sizes && c->set_key &&
	       ((c->ecb_encrypt && c->ecb_decrypt) || (c->cbc_encrypt && c->cbc_decrypt));
}

/* A known-answer test must be usable as declared (see jca_kat). */
static int check_kat(const jca_service_desc *s)
{
	const jca_kat *k = s->kat;

	if (!k)
		return 1;
	if (!k->out || !k->out_len || k->out_len > 256 || (!k->in && k->in_len))
		return 0;
	if (s->type == JCA_CIPHER) {
		size_t bs = s->cipher[0]->block_size;

		return k->key && k->in && k->in_len == k->out_len && k->in_len % bs == 0 &&
		       (k->iv || !s->cipher[0]->cbc_encrypt);
	}
	return 1;
}

/* SecureRandom and KDF services: one implementation list, of their type
 * only, each named and of a known kind. */
static int check_new_type(const jca_service_desc *s)
{
	size_t j;

	if (s->md || s->cipher || s->kat || (s->type == JCA_KDF) != (s->kdf != NULL) ||
	    (s->type == JCA_SECURE_RANDOM) != (s->random != NULL))
		return 0;
	if (s->type == JCA_SECURE_RANDOM) {
		for (j = 0; s->random[j]; j++) {
			const jca_random_impl *r = s->random[j];

			if (!r->name || !*r->name || (r->kind != JCA_RANDOM_DRBG && r->kind != JCA_RANDOM_NATIVE) ||
			    (r->kind == JCA_RANDOM_NATIVE) != (r->generate != NULL))
				return 0;
		}
		return j > 0;
	}
	for (j = 0; s->kdf[j]; j++)
		if (!s->kdf[j]->name || !*s->kdf[j]->name ||
		    (s->kdf[j]->kind != JCA_KDF_PBKDF2 && s->kdf[j]->kind != JCA_KDF_HKDF))
			return 0;
	return j > 0;
}

/* Validates a descriptor in full; returns 0 or a status with the reason set. */
static int validate(const jca_provider_desc *d)
{
	size_t i, j;

	if (!d)
		return jca__error(JCA_EINVAL, "provider descriptor is NULL");
	if (d->abi_version != JCA_ABI_VERSION)
		return jca__error(JCA_ABI, "provider ABI version %u, host supports %u",
		                  (unsigned)d->abi_version, (unsigned)JCA_ABI_VERSION);
	if (d->struct_size < sizeof *d)
		return jca__error(JCA_ABI, "provider descriptor size %u, expected %zu",
		                  (unsigned)d->struct_size, sizeof *d);
	if (!d->name || !*d->name || strlen(d->name) > 64)
		return jca__error(JCA_BADDESC, "provider name is empty or too long");
	if (!d->version || !d->description)
		return jca__error(JCA_BADDESC, "provider \"%s\": version or description is NULL", d->name);
	if (d->n_services && !d->services)
		return jca__error(JCA_BADDESC, "provider \"%s\": services table is NULL", d->name);
	for (i = 0; i < d->n_services; i++) {
		const jca_service_desc *s = &d->services[i];

		if (!s->algorithm || !*s->algorithm || strlen(s->algorithm) > 64)
			return jca__error(JCA_BADDESC, "provider \"%s\": service %zu has an empty or too long name",
			                  d->name, i);
		for (j = 0; s->aliases && s->aliases[j]; j++)
			if (!*s->aliases[j] || strlen(s->aliases[j]) > 100)
				return jca__error(JCA_BADDESC, "provider \"%s\": %s has an empty or too long alias",
				                  d->name, s->algorithm);
		for (j = 0; j < i; j++)
			if (d->services[j].type == s->type && jca__name_eq(d->services[j].algorithm, s->algorithm))
				return jca__error(JCA_BADDESC, "provider \"%s\": duplicate service %s",
				                  d->name, s->algorithm);
		if (s->type == JCA_MESSAGE_DIGEST) {
			if (!s->md || !s->md[0] || s->cipher)
				return jca__error(JCA_BADDESC, "provider \"%s\": MessageDigest %s has no implementation",
				                  d->name, s->algorithm);
			for (j = 0; s->md[j]; j++)
				if (!check_md_impl(s->md[j]))
					return jca__error(JCA_BADDESC,
					                  "provider \"%s\": MessageDigest %s: implementation %zu has a NULL method, empty name or bad size",
					                  d->name, s->algorithm, j);
		} else if (s->type == JCA_CIPHER) {
			if (!s->cipher || !s->cipher[0] || s->md)
				return jca__error(JCA_BADDESC, "provider \"%s\": Cipher %s has no implementation",
				                  d->name, s->algorithm);
			for (j = 0; s->cipher[j]; j++)
				if (!check_cipher_impl(s->cipher[j]))
					return jca__error(JCA_BADDESC,
					                  "provider \"%s\": Cipher %s: implementation %zu has a NULL method, empty name or bad size",
					                  d->name, s->algorithm, j);
		} else if (s->type == JCA_SECURE_RANDOM || s->type == JCA_KDF) {
			if (!check_new_type(s))
				return jca__error(JCA_BADDESC, "provider \"%s\": %s %s has no implementation, or one "
				                  "with an empty name, an unknown kind or a missing method",
				                  d->name, s->type == JCA_KDF ? "KDF" : "SecureRandom", s->algorithm);
		} else {
			return jca__error(JCA_BADDESC, "provider \"%s\": service %s has unsupported type %d",
			                  d->name, s->algorithm, (int)s->type);
		}
		if (!check_kat(s))
			return jca__error(JCA_BADDESC, "provider \"%s\": %s: malformed known-answer test", d->name,
			                  s->algorithm);
	}
	return 0;
}

/* Runs a service's known-answer test against its bound implementation. */
static int self_test(const struct jca_service *s, const jca_kat *k)
{
	uint8_t out[256];
	int ok = 0;

	if (!k)
		return 0;
	if (k->out_len > sizeof out)
		return -1;
	if (s->type == JCA_MESSAGE_DIGEST) {
		const jca_md_impl *m = s->active;
		void *ctx = calloc(1, m->ctx_size);

		if (!ctx)
			return -1;
		m->init(ctx);
		m->update(ctx, k->in, k->in_len);
		m->final(ctx, out, k->out_len);
		ok = memcmp(out, k->out, k->out_len) == 0;
		if (m->cleanup)
			m->cleanup(ctx);
		jca__wipe(ctx, m->ctx_size);
		free(ctx);
	} else if (s->type == JCA_CIPHER) {
		const jca_cipher_impl *c = s->active;
		void *ctx = calloc(1, c->ctx_size);
		uint8_t iv[32];

		if (!ctx || k->in_len > sizeof out || k->in_len % c->block_size || k->in_len != k->out_len) {
			free(ctx);
			return -1;
		}
		if (c->set_key(ctx, k->key, k->key_len) == 0) {
			if (c->cbc_encrypt) {
				memcpy(iv, k->iv, c->block_size);
				c->cbc_encrypt(ctx, iv, out, k->in, k->in_len / c->block_size);
			} else {
				c->ecb_encrypt(ctx, out, k->in, k->in_len / c->block_size);
			}
			ok = memcmp(out, k->out, k->out_len) == 0;
		}
		if (c->cleanup)
			c->cleanup(ctx);
		jca__wipe(ctx, c->ctx_size);
		free(ctx);
	}
	return ok ? 0 : -1;
}

static void clear_services(struct jca_provider *p)
{
	size_t i;

	for (i = 0; i < p->n_services; i++)
		free_service(p->services[i]);
	free(p->services);
	p->services = NULL;
	p->n_services = 0;
}

/* Fills provider p from a validated descriptor: services with their
 * implementations bound, HMAC composed over every eligible digest, known-
 * answer tests run. All or nothing: on error p has no services and the
 * reason is set. */
static int populate(struct jca_provider *p, const jca_provider_desc *d)
{
	size_t i, j, n = 0;

	p->services = calloc(2 * d->n_services + 1, sizeof *p->services);
	if (!p->services)
		goto oom;
	for (i = 0; i < d->n_services; i++) {
		const jca_service_desc *sd = &d->services[i];
		struct jca_service *s = calloc(1, sizeof *s);
		size_t nal = count_list(sd->aliases);

		if (!s)
			goto oom;
		p->services[n++] = s;
		p->n_services = n;
		s->aliases = calloc(nal + 1, sizeof *s->aliases);
		if (!s->aliases)
			goto oom;
		for (j = 0; j < nal; j++)
			s->aliases[j] = sd->aliases[j];
		s->type = sd->type;
		s->algorithm = sd->algorithm;
		s->attrs = sd->attributes;
		s->md_impls = sd->md;
		s->cipher_impls = sd->cipher;
		s->random_impls = sd->random;
		s->kdf_impls = sd->kdf;
		s->provider = p;
		bind_best(s);
		if (!s->active) {
			clear_services(p);
			return jca__error(JCA_BADDESC, "provider \"%s\": no implementation of %s is usable on this CPU",
			                  d->name, sd->algorithm);
		}
		if (self_test(s, sd->kat) != 0) {
			const char *impl = s->impl_name;

			clear_services(p);
			return jca__error(JCA_SELFTEST, "provider \"%s\": known-answer test of %s (%s) failed",
			                  d->name, sd->algorithm, impl);
		}
	}
	for (i = 0; i < d->n_services; i++) {
		if (p->services[i]->type == JCA_MESSAGE_DIGEST) {
			struct jca_service *h = compose_hmac(p->services[i]);

			if (h) {
				p->services[n++] = h;
				p->n_services = n;
			}
		}
	}
	p->name = d->name;
	p->version = d->version;
	p->description = d->description;
	p->desc = d;
	return 0;
oom:
	clear_services(p);
	return jca__error(JCA_ENOMEM, "out of memory registering provider \"%s\"", d->name);
}

static struct jca_provider *new_provider(const char *conf_name, const char *source)
{
	struct jca_provider *p = calloc(1, sizeof *p);

	if (!p)
		return NULL;
	if (conf_name && !(p->conf_name = strdup(conf_name))) {
		free(p);
		return NULL;
	}
	if (source && !(p->source = strdup(source))) {
		free(p->conf_name);
		free(p);
		return NULL;
	}
	p->name = p->conf_name ? p->conf_name : "";
	p->version = "";
	p->description = "";
	return p;
}

/* ------------------------------------------------------------------ */
/* Initialisation, lazy loading and the provider list                  */
/* ------------------------------------------------------------------ */

static void remember(struct jca_provider *p)
{
	p->all_next = all_providers;
	all_providers = p;
}

/* Where a configured plugin name lives: a name with a '/' is a path,
 * anything else <jca.plugin.dir>/<name>.so. */
static void plugin_path(char *out, size_t n, const char *name)
{
	if (strchr(name, '/'))
		snprintf(out, n, "%s", name);
	else
		snprintf(out, n, "%s/%s.so", config->plugin_dir, name);
}

/* fork(): a child must not inherit the registry mutex locked by a thread
 * that does not exist in it. Take it around fork and release it on both
 * sides. */
static void atfork_prepare(void) { pthread_mutex_lock(&lock); }
static void atfork_release(void) { pthread_mutex_unlock(&lock); }
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;
static void atfork_register(void)
{
	pthread_atfork(atfork_prepare, atfork_release, atfork_release);
}

/* Called with lock held. */
static int init_locked(void)
{
	struct jca_provider **list = NULL;
	jca__snapshot *s;
	size_t i, j;
	int rc;

	if (atomic_load_explicit(&current, memory_order_relaxed))
		return 0;
	if (init_failed)
		return jca__error(JCA_CONFIG, "%s", init_error);
	rc = jca__config_load(&config);
	if (rc == 0 && !(list = calloc(config->nprov + 1, sizeof *list)))
		rc = jca__error(JCA_ENOMEM, "out of memory building the registry");
	for (i = 0; rc == 0 && i < config->nprov; i++) {
		const char *name = config->provs[i].name;
		char path[4096];

		for (j = 0; j < i; j++)
			if (jca__name_eq(config->provs[j].name, name))
				rc = jca__error(JCA_CONFIG, "%s:%d: provider \"%s\" listed twice", config->source,
				                config->provs[i].line, name);
		if (rc)
			break;
		if (jca__name_eq(name, "builtin")) {
			list[i] = new_provider(NULL, "built in");
			if (!list[i]) {
				rc = jca__error(JCA_ENOMEM, "out of memory building the registry");
				break;
			}
			remember(list[i]);
			if ((rc = populate(list[i], jca__builtin_provider())) != 0)
				break;
			atomic_store_explicit(&list[i]->state, JCA_PROVIDER_LOADED, memory_order_release);
		} else {
			plugin_path(path, sizeof path, name);
			list[i] = new_provider(name, path);
			if (!list[i]) {
				rc = jca__error(JCA_ENOMEM, "out of memory building the registry");
				break;
			}
			remember(list[i]);
		}
	}
	if (rc == 0) {
		s = build_snapshot(list, config->nprov);
		if (!s)
			rc = jca__error(JCA_ENOMEM, "out of memory building the registry");
		else
			publish(s);
	}
	free(list);
	if (rc) {
		/* Fail closed: remember the reason, offer nothing. */
		init_failed = 1;
		snprintf(init_error, sizeof init_error, "%s", jca_last_error_message());
		jca__config_free(config);
		config = NULL;
	}
	return rc;
}

/* The current snapshot, initialising the registry on first use; NULL with
 * the error set if the configuration is broken. */
static jca__snapshot *snapshot(void)
{
	jca__snapshot *s = atomic_load_explicit(&current, memory_order_acquire);

	if (__builtin_expect(s != NULL, 1))
		return s;
	pthread_once(&atfork_once, atfork_register);
	pthread_mutex_lock(&lock);
	init_locked();
	pthread_mutex_unlock(&lock);
	return atomic_load_explicit(&current, memory_order_acquire);
}

/* Loads provider cur->provs[i] (not yet loaded), then publishes a snapshot
 * that includes it. Called with lock held. */
static void load_locked(jca__snapshot *cur, size_t i)
{
	struct jca_provider *p = cur->provs[i];
	const jca_provider_desc *d = NULL;
	void *dl = NULL;
	jca__snapshot *ns;
	size_t k;
	int rc;

	in_load = 1;
	rc = jca__plugin_open(p->source, &d, &dl);
	if (rc == 0)
		rc = validate(d);
	for (k = 0; rc == 0 && k < cur->n; k++)
		if (k != i && jca__name_eq(cur->provs[k]->name, d->name))
			rc = jca__error(JCA_EXISTS, "plugin %s: a provider named \"%s\" is already registered",
			                p->source, d->name);
	if (rc == 0)
		rc = populate(p, d);
	in_load = 0;
	if (rc) {
		snprintf(p->reason, sizeof p->reason, "%s", jca_last_error_message());
		if (dl)
			dlclose(dl);
		atomic_store_explicit(&p->state, JCA_PROVIDER_FAILED, memory_order_release);
	} else {
		p->dl = dl;
		atomic_store_explicit(&p->state, JCA_PROVIDER_LOADED, memory_order_release);
	}
	ns = build_snapshot(cur->provs, cur->n);
	if (ns)
		publish(ns);
}

/* Slow path: load the first provider not yet loaded (double-checked: the
 * caller saw `seen`; under the lock, act only if it is still current). */
static void load_next(const jca__snapshot *seen, int only)
{
	jca__snapshot *cur;

	pthread_mutex_lock(&lock);
	cur = atomic_load_explicit(&current, memory_order_relaxed);
	if (cur == seen) {
		int i = only >= 0 ? only : cur->lazy_pos;

		if (i < (int)cur->n && provider_state(cur->provs[i]) == JCA_PROVIDER_NOT_LOADED)
			load_locked(cur, (size_t)i);
	}
	pthread_mutex_unlock(&lock);
}

static int insert_locked(struct jca_provider *p, int position)
{
	jca__snapshot *s = atomic_load_explicit(&current, memory_order_relaxed), *ns;
	struct jca_provider **list;
	size_t i, at;

	if (find_provider(s, p->name) >= 0)
		return jca__error(JCA_EXISTS, "a provider named \"%s\" is already registered", p->name);
	list = malloc((s->n + 1) * sizeof *list);
	if (!list)
		return jca__error(JCA_ENOMEM, "out of memory adding provider \"%s\"", p->name);
	at = (position < 0 || (size_t)position > s->n) ? s->n : (size_t)position;
	for (i = 0; i < at; i++)
		list[i] = s->provs[i];
	list[at] = p;
	for (i = at; i < s->n; i++)
		list[i + 1] = s->provs[i];
	ns = build_snapshot(list, s->n + 1);
	free(list);
	if (!ns)
		return jca__error(JCA_ENOMEM, "out of memory adding provider \"%s\"", p->name);
	publish(ns);
	return 0;
}

/* Registers a validated descriptor as a loaded provider. */
static int insert_desc(const jca_provider_desc *d, int position, const char *source, void *dl)
{
	struct jca_provider *p;
	int rc;

	if (in_load)
		return jca__error(JCA_BUSY, "providers cannot be changed from inside a plugin's entry function");
	if ((rc = validate(d)) != 0)
		return rc;
	if (!snapshot())
		return jca_last_error();
	pthread_mutex_lock(&lock);
	p = new_provider(NULL, source);
	if (!p) {
		pthread_mutex_unlock(&lock);
		return jca__error(JCA_ENOMEM, "out of memory adding provider \"%s\"", d->name);
	}
	rc = populate(p, d);
	if (rc == 0) {
		p->dl = dl;
		atomic_store_explicit(&p->state, JCA_PROVIDER_LOADED, memory_order_release);
		rc = insert_locked(p, position);
	}
	if (rc == 0) {
		remember(p);
	} else {
		clear_services(p);
		free(p->source);
		free(p);
	}
	pthread_mutex_unlock(&lock);
	return rc;
}

int jca_provider_add(const jca_provider_desc *desc)
{
	return insert_desc(desc, -1, "added by the application", NULL);
}

int jca_provider_insert(const jca_provider_desc *desc, int position)
{
	return insert_desc(desc, position, "added by the application", NULL);
}

int jca_provider_load(const char *path, int position)
{
	const jca_provider_desc *d;
	void *dl;
	int rc;

	if (!path)
		return jca__error(JCA_EINVAL, "plugin path is NULL");
	if (in_load)
		return jca__error(JCA_BUSY, "providers cannot be changed from inside a plugin's entry function");
	if (!snapshot())
		return jca_last_error();
	in_load = 1;
	rc = jca__plugin_open(path, &d, &dl);
	in_load = 0;
	if (rc)
		return rc;
	rc = insert_desc(d, position, path, dl);
	if (rc)
		dlclose(dl);
	return rc;
}

int jca_provider_remove(const char *name)
{
	jca__snapshot *s, *ns;
	struct jca_provider **list;
	size_t i, k = 0;
	int at;

	if (!name)
		return jca__error(JCA_EINVAL, "provider name is NULL");
	if (in_load)
		return jca__error(JCA_BUSY, "providers cannot be changed from inside a plugin's entry function");
	if (!snapshot())
		return jca_last_error();
	pthread_mutex_lock(&lock);
	s = atomic_load_explicit(&current, memory_order_relaxed);
	at = find_provider(s, name);
	if (at < 0) {
		pthread_mutex_unlock(&lock);
		return jca__error(JCA_NOPROVIDER, "no provider named \"%s\"", name);
	}
	list = malloc((s->n ? s->n : 1) * sizeof *list);
	if (!list) {
		pthread_mutex_unlock(&lock);
		return jca__error(JCA_ENOMEM, "out of memory removing provider \"%s\"", name);
	}
	for (i = 0; i < s->n; i++)
		if ((int)i != at)
			list[k++] = s->provs[i];
	ns = build_snapshot(list, k);
	free(list);
	if (!ns) {
		pthread_mutex_unlock(&lock);
		return jca__error(JCA_ENOMEM, "out of memory removing provider \"%s\"", name);
	}
	/* The provider object stays on all_providers until shutdown: live
	 * instances may still point at its services and code. */
	publish(ns);
	pthread_mutex_unlock(&lock);
	return 0;
}

void jca_shutdown(void)
{
	jca__snapshot *s;
	struct jca_provider *p;

	pthread_mutex_lock(&lock);
	s = atomic_exchange_explicit(&current, NULL, memory_order_acq_rel);
	free_snapshot(s);
	while ((s = retired_snapshots)) {
		retired_snapshots = s->retired;
		free_snapshot(s);
	}
	while ((p = all_providers)) {
		all_providers = p->all_next;
		free_provider(p);
	}
	jca__config_free(config);
	config = NULL;
	init_failed = 0;
	pthread_mutex_unlock(&lock);
	jca__alloc_drain();
}

/* ------------------------------------------------------------------ */
/* Lookup (the hot path)                                               */
/* ------------------------------------------------------------------ */

static const jca__resolved *not_found(const jca__snapshot *s, const char *key, size_t klen,
                                      jca_service_type type, const char *name, const char *provider)
{
	jca__entry *d;

	HASH_FIND(hh, s->disabled, key, klen, d);
	if (d)
		jca__error(JCA_DISABLED, "%s \"%s\" is disabled by policy (%s)", jca_service_type_name(type), name,
		           config ? config->source : "configuration");
	else if (provider)
		jca__error(JCA_NOALG, "provider \"%s\" does not offer %s \"%s\"", provider, jca_service_type_name(type), name);
	else
		jca__error(JCA_NOALG, "no provider offers %s \"%s\"", jca_service_type_name(type), name);
	return NULL;
}

/*
 * The per-thread front cache: a few (name pointer -> result) pairs per
 * thread, so that a caller who passes the same name again (a string
 * literal, typically) skips folding and hashing. A hit needs the same
 * pointer, the same bytes (strcmp against a copy: the caller may have
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
	char copy[JCA__FRONT_NAME];
};
static _Thread_local __attribute__((tls_model("initial-exec")))
	struct jca__front front[JCA__FRONT_SLOTS];

static inline struct jca__front *front_slot(const char *name, jca_service_type type)
{
	uintptr_t p = (uintptr_t)name;

	return &front[((p >> 3) ^ (p >> 9) ^ (uintptr_t)type) & (JCA__FRONT_SLOTS - 1)];
}

static const jca__resolved *lookup_slow(jca_service_type type, const char *name, const char *provider);

const jca__resolved *jca__lookup(jca_service_type type, const char *name, const char *provider)
{
	const jca__snapshot *s = atomic_load_explicit(&current, memory_order_acquire);

	if (__builtin_expect(s != NULL && name != NULL && provider == NULL, 1)) {
		struct jca__front *f = front_slot(name, type);

		if (f->name == name && f->gen == s->gen && f->type == (int)type && strcmp(name, f->copy) == 0)
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
	klen = make_key(key, type, name);
	if (!klen)
		return (jca__error(*name ? JCA_NOALG : JCA_EINVAL, "%s name \"%.64s\" is %s", jca_service_type_name(type),
		                   name, *name ? "too long" : "empty"), NULL);
	for (;;) {
		s = snapshot();
		if (!s)
			return NULL;
		if (provider) {
			int at = find_provider(s, provider);
			int st;

			if (at < 0)
				return (jca__error(JCA_NOPROVIDER, "no provider named \"%s\"", provider), NULL);
			st = provider_state(s->provs[at]);
			if (st == JCA_PROVIDER_LOADED) {
				HASH_FIND(hh, s->tables[at], key, klen, e);
				return e ? &e->r : not_found(s, key, klen, type, name, provider);
			}
			if (st == JCA_PROVIDER_FAILED || in_load)
				return (jca__error(JCA_NOPROVIDER, "provider \"%s\" is not available: %s", provider,
				                   st == JCA_PROVIDER_FAILED ? s->provs[at]->reason : "being loaded"), NULL);
			load_next(s, at);
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
				memcpy(f->copy, name, klen);   /* klen - 1 bytes and the NUL */
			}
			return &e->r;
		}
		if (!e && s->disabled) {
			jca__entry *d;

			HASH_FIND(hh, s->disabled, key, klen, d);
			if (d)
				return not_found(s, key, klen, type, name, NULL);
		}
		if (s->lazy_pos < (int)s->n && !in_load) {
			load_next(s, -1);
			continue;
		}
		if (e && e->r.svc)
			return &e->r;
		return not_found(s, key, klen, type, name, NULL);
	}
}

/* ------------------------------------------------------------------ */
/* Introspection                                                       */
/* ------------------------------------------------------------------ */

const jca_provider *jca_provider_at(size_t index)
{
	const jca__snapshot *s = snapshot();

	return s && index < s->n ? s->provs[index] : NULL;
}

const jca_provider *jca_provider_find(const char *name)
{
	const jca__snapshot *s = snapshot();
	int at;

	if (!s || !name)
		return NULL;
	at = find_provider(s, name);
	return at < 0 ? NULL : s->provs[at];
}

jca_provider_state_t jca_provider_state(const jca_provider *p)
{
	return p ? (jca_provider_state_t)provider_state(p) : JCA_PROVIDER_FAILED;
}

const char *jca_provider_state_reason(const jca_provider *p)
{
	return p && provider_state(p) == JCA_PROVIDER_FAILED ? p->reason : NULL;
}

int jca_provider_ensure_loaded(const jca_provider *p)
{
	for (;;) {
		const jca__snapshot *s = snapshot();
		size_t i;

		if (!s)
			return jca_last_error();
		if (!p)
			return jca__error(JCA_EINVAL, "provider is NULL");
		switch (provider_state(p)) {
		case JCA_PROVIDER_LOADED:
			return 0;
		case JCA_PROVIDER_FAILED:
			return jca__error(JCA_PLUGIN, "%s", p->reason);
		default:
			break;
		}
		if (in_load)
			return jca__error(JCA_BUSY, "provider \"%s\" is being loaded", p->name);
		for (i = 0; i < s->n && s->provs[i] != p; i++)
			;
		if (i == s->n)
			return jca__error(JCA_NOPROVIDER, "provider \"%s\" is not in the provider list", p->name);
		load_next(s, (int)i);
	}
}

const char *jca_provider_source(const jca_provider *p)
{
	return p ? p->source : NULL;
}

const char *jca_provider_name(const jca_provider *p)
{
	return p ? p->name : NULL;
}

const char *jca_provider_version(const jca_provider *p)
{
	return p ? p->version : NULL;
}

const char *jca_provider_description(const jca_provider *p)
{
	return p ? p->description : NULL;
}

const jca_service *jca_provider_service_at(const jca_provider *p, size_t index)
{
	return p && index < p->n_services ? p->services[index] : NULL;
}

const char *jca_service_type_name(jca_service_type type)
{
	switch (type) {
	case JCA_MESSAGE_DIGEST: return "MessageDigest";
	case JCA_CIPHER: return "Cipher";
	case JCA_MAC: return "Mac";
	case JCA_SECURE_RANDOM: return "SecureRandom";
	case JCA_KDF: return "KDF";
	}
	return "Unknown";
}

jca_service_type jca_service_type_of(const jca_service *s)
{
	return s ? s->type : (jca_service_type)0;
}

const char *jca_service_algorithm(const jca_service *s)
{
	return s ? s->algorithm : NULL;
}

const jca_provider *jca_service_provider(const jca_service *s)
{
	return s ? s->provider : NULL;
}

const char *jca_service_alias_at(const jca_service *s, size_t index)
{
	return s && index < count_list((const char *const *)s->aliases) ? s->aliases[index] : NULL;
}

const char *jca_service_attribute(const jca_service *s, const char *key)
{
	if (!s || !key)
		return NULL;
	if (jca__name_eq(key, "Implementation"))
		return s->impl_name;
	return attr_get(s, key);
}

int jca_service_attribute_at(const jca_service *s, size_t index, const char **key, const char **value)
{
	size_t n = 0;

	if (!s)
		return -1;
	while (s->attrs && s->attrs[n].key)
		n++;
	if (index < n) {
		*key = s->attrs[index].key;
		*value = s->attrs[index].value;
		return 0;
	}
	if (index == n) {
		*key = "Implementation";
		*value = s->impl_name;
		return 0;
	}
	return -1;
}

int jca_service_impl_at(const jca_service *s, size_t index, jca_impl_info *info)
{
	if (!s || !info)
		return -1;
	if (s->type == JCA_MESSAGE_DIGEST) {
		const jca_md_impl *m;

		if (index >= count_md(s->md_impls))
			return -1;
		m = s->md_impls[index];
		info->name = m->name;
		info->priority = m->priority;
		info->available = impl_usable(m->available);
		info->active = s->active == m;
		return 0;
	}
	if (s->type == JCA_CIPHER) {
		const jca_cipher_impl *c;

		if (index >= count_cipher(s->cipher_impls))
			return -1;
		c = s->cipher_impls[index];
		info->name = c->name;
		info->priority = c->priority;
		info->available = impl_usable(c->available);
		info->active = s->active == c;
		return 0;
	}
	if (s->type == JCA_SECURE_RANDOM) {
		const jca_random_impl *r;
		size_t n = 0;

		while (s->random_impls[n])
			n++;
		if (index >= n)
			return -1;
		r = s->random_impls[index];
		info->name = r->name;
		info->priority = r->priority;
		info->available = impl_usable(r->available);
		info->active = s->active == r;
		return 0;
	}
	if (s->type == JCA_KDF) {
		const jca_kdf_impl *k;
		size_t n = 0;

		while (s->kdf_impls[n])
			n++;
		if (index >= n)
			return -1;
		k = s->kdf_impls[index];
		info->name = k->name;
		info->priority = k->priority;
		info->available = impl_usable(k->available);
		info->active = s->active == k;
		return 0;
	}
	if (s->type == JCA_MAC && index == 0) {
		info->name = s->impl_name;
		info->priority = JCA_PRIO_GENERIC;
		info->available = 1;
		info->active = 1;
		return 0;
	}
	return -1;
}
