/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Service types: one table of operations per type, kept beside its engine
 * (src/api/md_type.c, cipher_type.c, mac_type.c, random_type.c,
 * kdf_type.c). The registry core
 * (validation, binding, self-tests, names, introspection) calls these and
 * knows no type by name, as the Linux crypto API's crypto_type keeps
 * crypto/api.c ignorant of shash versus skcipher.
 *
 * Adding a type (SecureRandom, KDF): a jca_service_type value and an
 * implementation struct starting with jca_impl in provider.h (with a
 * JCA_ABI_MINOR bump), one file src/api/<type>_type.c defining its
 * jca__type_ops, and one line in the list in src/api/types.c (with the ABI
 * version that introduces it) and in Makefile.am; its known answers in
 * src/api/<type>_kat.c, the table's host_kat (src/api/kat.h).
 */
#ifndef JCA_REGISTRY_TYPES_H
#define JCA_REGISTRY_TYPES_H

#include <stddef.h>

#include "jca/provider.h"
#include "../util/mem.h"     /* JCA__HIDDEN */

struct jca_service;
struct jca_provider;
struct jca__resolved;
typedef struct jca__resolved jca__resolved;
/* A lookup table being built (table.c): a type's put_names fills it. */
typedef struct jca__entry jca__entry;

/* Size of a structure up to and including `field`. */
#define JCA__END(type, field) (offsetof(type, field) + sizeof(((type *)0)->field))

typedef struct jca__type_ops {
	jca_service_type type;
	const char *name;              /* "MessageDigest" */
	int declarable;                /* providers declare it (not composed only) */
	size_t impl_size;              /* sizeof the implementation struct in this host */
	size_t impl_min_size;          /* its size at the type's first ABI: the smallest accepted */
	/* A type with several tables told apart by a shape member (Cipher):
	 * the host's size of m's table, its smallest accepted size in *min
	 * (read m's shape only where m->struct_size covers it). NULL: the two
	 * sizes above. */
	size_t (*shape_size)(const jca_impl *m, size_t *min);
	/* Implementations keep no context of their own (the engine owns the
	 * state): base.ctx_size must be 0 instead of 1 to 1 MiB. */
	int stateless;
	/* NULL if impl (a host-size copy) is usable, else what is wrong with
	 * it, naming the field (may be written into why). */
	const char *(*impl_fault)(const jca_impl *impl, char *why, size_t n);
	/* NULL if b can stand in for a (the service's first implementation):
	 * the sizes callers rely on agree. */
	const char *(*impl_mismatch)(const jca_impl *a, const jca_impl *b, char *why, size_t n);
	/* NULL if known answer k can be run on impl, else what is wrong.
	 * NULL for a type that takes no known answer: no_kat says why. */
	const char *(*kat_fault)(const jca_impl *impl, const jca_kat *k, char *why, size_t n);
	const char *no_kat;
	/* Runs k on impl, an implementation of s (its contexts attached to
	 * s's provider context): 0 if the answer is right. */
	int (*self_test)(const struct jca_service *s, const jca_impl *impl, const jca_kat *k);
	/* The host's own known answers for s's names (<type>_kat.c beside
	 * the engine, keyed by standard name), run on impl, a usable
	 * implementation of the declared service s, whatever its provider:
	 * NULL when they pass or the host has none for the name, else what
	 * failed, naming the vector (written into why, n bytes). Every
	 * declared service of s's provider exists by then (jca__sibling).
	 * NULL: the type has no table. */
	const char *(*host_kat)(const struct jca_service *s, const jca_impl *impl, char *why, size_t n);
	/* Puts every name s answers to into *table (jca__put_name); NULL:
	 * the algorithm, the aliases and the usable implementations' names. */
	int (*put_names)(struct jca__entry **table, const struct jca_service *s, int pos);
	/* Policy: does disabling `name` (jca.disabled), whose own entry is
	 * hit, also disable entry e (a name of the same provider)? NULL: e
	 * falls when it names hit's service or a service derived from it
	 * (jca__covers_service). A type whose names select a part of a
	 * service (the Cipher's modes and paddings) narrows this. */
	int (*covers)(const jca__resolved *hit, const char *name, const jca__resolved *e);
	/* Services derived from s, registered beside it (HMAC over a digest):
	 * the number written to out (at most max), or -1 out of memory. NULL
	 * if the type derives none. */
	int (*derive)(const struct jca_service *s, struct jca_service **out, size_t max);
} jca__type_ops;

/* The first members of a declarable type's table: its value, its name and
 * the size of its implementation struct, the same at the type's first ABI
 * (no member added since; a type that grew sets impl_min_size itself). */
#define JCA__DECLARABLE(t, nm, impl_t) \
	.type = (t), .name = (nm), .declarable = 1, .impl_size = sizeof(impl_t), .impl_min_size = sizeof(impl_t)

/* In an impl_fault: a function the type requires is missing. */
#define JCA__REQUIRE_FN(m, fn) \
	do { \
		if (!(m)->fn) \
			return #fn " is NULL"; \
	} while (0)

/* The ops of a type, or NULL for a value no type has. */
JCA__HIDDEN const jca__type_ops *jca__type_ops_of(jca_service_type t);
/* The i-th type (0, 1, ...), NULL past the last: for loops over types. */
JCA__HIDDEN const jca__type_ops *jca__type_at(size_t i);
/* (Both are defined with the list of types, src/api/types.c: the engines'
 * layer hands the registry its types, the registry names none.) */
/* The default of jca__type_ops.covers: e names hit's service, or a
 * service derived from it (HMAC over a disabled digest, as the JDK's rules
 * treat "MD5" as covering HmacMD5). */
JCA__HIDDEN int jca__covers_service(const jca__resolved *hit, const char *name, const jca__resolved *e);
/* HMAC over a digest service (mac_type.c): the digest type's derive. */
JCA__HIDDEN int jca__derive_hmac(const struct jca_service *d, struct jca_service **out, size_t max);


/* ---- the registry's helpers for a type's operations (the type files
 * see no more of the registry than this and lookup.h) ---- */

#define JCA__MAX_NAME 120     /* longest name accepted, in bytes */

/* Puts name (and "OID.<name>" for an OID) -> r, first wins; 0 or JCA_ENOMEM. */
JCA__HIDDEN int jca__put_name(jca__entry **table, jca_service_type type, const char *name,
                              const jca__resolved *r, int pos);
/* What (type, name) resolves to in table so far, or NULL. */
JCA__HIDDEN const jca__resolved *jca__table_get(jca__entry *table, jca_service_type type, const char *name);
/* Is s a dotted decimal OID ("2.16.840.1.101.3.4.2.1")? */
JCA__HIDDEN int jca__is_oid(const char *s);
/* Is `word` one of the '|'-separated words of `list` (case-insensitive)? */
JCA__HIDDEN int jca__list_has(const char *list, const char *word);
/* A provider attribute of s by key (case-insensitive), or NULL. */
JCA__HIDDEN const char *jca__attr_get(const struct jca_service *s, const char *key);
/* Does provider p declare (not derive) a service of type t answering to
 * name, by its algorithm or an alias (case-insensitive)? */
JCA__HIDDEN int jca__declares(const struct jca_provider *p, jca_service_type t, const char *name);
JCA__HIDDEN void jca__free_service(struct jca_service *s);
/* Does s answer to name, by its algorithm or an alias (case-insensitive)? */
JCA__HIDDEN int jca__service_named(const struct jca_service *s, const char *name);
/* The service of type t that s's provider declares under name (by its
 * algorithm or an alias), or NULL: a Signature's KeyFactory while the
 * provider is being built. */
JCA__HIDDEN const struct jca_service *jca__sibling(const struct jca_service *s, jca_service_type t,
                                                   const char *name);

static inline int jca__impl_usable(int (*available)(void))
{
	return !available || available();
}

static inline size_t jca__count_list(const char *const *l)
{
	size_t n = 0;

	while (l && l[n])
		n++;
	return n;
}

#endif
