/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Registry internals shared by the files of src/registry (not by the
 * engines: they see lookup.h). Providers in preference order, their
 * services, and the lookup tables that map (type, name) to a service and
 * its cached constructor. See snapshot.c for the publication rules.
 *
 * The key builder and the hash are inline here: the hot path in lookup.c
 * and uthash in every file use them.
 */
#ifndef JCA_REGISTRY_INT_H
#define JCA_REGISTRY_INT_H

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "lookup.h"
#include "../util/error.h"
#include "conf.h"
#include "plugin.h"
#include "types.h"
#include "../util/ascii.h"

/* ---- names and keys (names.c; inline ones here) ---- */
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

/* uthash: our own hash over folded keys, and no exit() on out-of-memory. */
#define HASH_NONFATAL_OOM 1
#define HASH_FUNCTION(keyptr, keylen, hashv) ((hashv) = jca__hash((const char *)(keyptr), (keylen)))
#include <uthash.h>

/* Builds the key "<type><folded name>" in buf (which has room for
 * JCA__MAX_NAME + 8 bytes); returns its length, or 0 if the name is empty
 * or too long. */
static inline size_t jca__make_key(char *buf, jca_service_type type, const char *name)
{
	size_t n = strlen(name), i;
	uint64_t w;

	if (!n || n > JCA__MAX_NAME)
		return 0;
	buf[0] = (char)(unsigned char)type;     /* keys of each type apart, no type named */
	memcpy(buf + 1, name, n);
	memset(buf + 1 + n, 0, 7);
	for (i = 0; i < n + 1; i += 8) {
		memcpy(&w, buf + i, 8);
		w = jca__fold8(w);
		memcpy(buf + i, &w, 8);
	}
	return n + 1;
}


/* ---- providers (provider.c) ---- */
struct jca_provider {
	const char *name, *version, *description;
	/* The registry's copy of the descriptor (validate.c), owned; its
	 * name, version and description become the provider's when loaded. */
	jca_provider_desc *desc;
	struct jca_service **services;   /* declared services then composed HMACs */
	size_t n_services;
	char *conf_name;                 /* name in the configuration (owned), or NULL */
	char *source;                    /* "built in", plugin path, ... (owned) */
	_Atomic int state;               /* jca_load_state */
	char *reason;                    /* why loading failed (jca__set_reason) */
	int status;                      /* and its JCA_* status */
	jca__file_id file;               /* the plugin file (dev, inode), if any */
	int has_file;
	void *dl;                        /* dlopen handle; never closed */
	void *provctx;                   /* the provider's context (ABI 3) */
	void (*teardown)(void *provctx); /* from its descriptor, or NULL */
	_Atomic long live;               /* live instances, + 1 while registered */
	_Atomic int torn;                /* teardown has run */
	struct jca_provider *all_next;   /* every provider ever made, for teardown */
};

static inline int jca__provider_state(const struct jca_provider *p)
{
	return atomic_load_explicit(&p->state, memory_order_acquire);
}

/* A provider's name: its descriptor's once loaded, else the name it is
 * configured under (p->name never changes after creation, so readers
 * that race with a load read either, never a torn value). */
static inline const char *jca__prov_name(const struct jca_provider *p)
{
	return jca__provider_state(p) == JCA_PROVIDER_LOADED && p->desc ? p->desc->name : p->name;
}

JCA__HIDDEN struct jca_provider *jca__new_provider(const char *conf_name, const char *source);
/* Records why p failed to load (a copy, kept until p is freed). */
JCA__HIDDEN void jca__set_reason(struct jca_provider *p, const char *why);
/* Fills p from the registry's copy of a descriptor, which p takes, with
 * the provider context the entry (or the application) handed over; all
 * or nothing (see provider.c): on error the provider's teardown has run. */
JCA__HIDDEN int jca__populate(struct jca_provider *p, jca_provider_desc *d, void *provctx);
/* Runs a provider's teardown once (it may have none). */
JCA__HIDDEN void jca__provider_teardown(struct jca_provider *p);
/* Drops the registry's reference to a removed provider: teardown now if
 * no instance is alive, else when the last is freed. */
JCA__HIDDEN void jca__provider_unregister(struct jca_provider *p);
/* teardown(provctx) of a descriptor not (or not yet) validated, when its
 * ABI and size show that it has the member. */
JCA__HIDDEN void jca__teardown_raw(const jca_provider_desc *raw, void *provctx);
JCA__HIDDEN void jca__clear_services(struct jca_provider *p);
JCA__HIDDEN void jca__free_provider(struct jca_provider *p);

/* ---- descriptors (validate.c) ---- */
/* The host's ABI rule: 0, or JCA_ABI naming both versions ("who: built
 * for ABI 2.3, this libjca supports ABI 2.1 (and older 2.x)"). */
JCA__HIDDEN int jca__abi_accept(uint32_t version, const char *who);
/* Checks a provider's descriptor (version, every struct_size, every field)
 * and makes the registry's copy of it, each structure at the host's full
 * size (one block: free(*out)). 0, or a status with the reason set, naming
 * `who` (a plugin's path) and the field at fault. */
JCA__HIDDEN int jca__normalize(const jca_provider_desc *in, const char *who, jca_provider_desc **out);

/* ---- lookup tables (table.c) ---- */
/* A name in a lookup table: (type, folded name) -> service + cached impl. */
struct jca__entry {
	UT_hash_handle hh;
	jca__resolved r;
	int pos;                  /* position of the provider in the snapshot, or: */
#define JCA__POS_BADPREF INT_MAX  /* a preference names no provider (canon: its name) */
	size_t klen;
	char key[];               /* type byte + folded name */
};

JCA__HIDDEN int jca__table_put(jca__entry **table, const char *key, size_t klen,
                               const jca__resolved *r, int pos);
JCA__HIDDEN int jca__build_provider_table(jca__entry **table, const struct jca_provider *p, int pos);

/* ---- snapshots (snapshot.c) ---- */
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

/* The published snapshot (acquire to read); changes under jca__lock. */
JCA__HIDDEN extern _Atomic(jca__snapshot *) jca__current;
JCA__HIDDEN extern pthread_mutex_t jca__lock;
JCA__HIDDEN extern jca__snapshot *jca__retired_snapshots;
JCA__HIDDEN jca__snapshot *jca__build_snapshot(struct jca_provider **provs, size_t n);
JCA__HIDDEN void jca__publish(jca__snapshot *s);
JCA__HIDDEN void jca__free_snapshot(jca__snapshot *s);

/* ---- policy (policy.c) ---- */
JCA__HIDDEN int jca__find_provider(const jca__snapshot *s, const char *name);
JCA__HIDDEN int jca__apply_disabled(jca__snapshot *s);
JCA__HIDDEN int jca__apply_prefs(jca__snapshot *s);

/* ---- why a lookup failed (failed.c, suggest.c): the failure path only ---- */
/* The providers of s that failed to load, as "provider "a" failed to
 * load: <reason>; provider "b" ...", into buf (n >= 1 bytes; cut to fit,
 * ending in "..."): their number, 0 leaving buf empty. */
JCA__HIDDEN size_t jca__failed_clause(const jca__snapshot *s, char *buf, size_t n);
/* The names of table nearest to key (of klen bytes, as jca__make_key
 * makes it), of key's type, as "; did you mean "A"?" (or "A" or "B", or
 * "A", "B" or "C") into out (n >= 1 bytes; empty if none is close): how
 * many. Bounded in time and stack, allocates nothing. */
JCA__HIDDEN size_t jca__suggest(const jca__entry *table, const char *key, size_t klen, char *out, size_t n);

/* ---- the provider list (load.c) ---- */
JCA__HIDDEN extern jca__config *jca__conf;   /* read at initialisation */
/* Set while this thread loads a provider: lookups from a plugin's entry
 * function see the registry as it is and never load (no recursion). */
JCA__HIDDEN extern _Thread_local __attribute__((tls_model("initial-exec"))) int jca__in_load;
/* The current snapshot, initialising the registry on first use; NULL with
 * the error set if the configuration is broken. */
JCA__HIDDEN jca__snapshot *jca__get_snapshot(void);
/* Loads the first provider not yet loaded, or provider `only` (>= 0), if
 * `seen` is still current. */
JCA__HIDDEN int jca__load_next(const jca__snapshot *seen, int only);

#endif
