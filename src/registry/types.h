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
 * version that introduces it) and in Makefile.am.
 */
#ifndef JCA_REGISTRY_TYPES_H
#define JCA_REGISTRY_TYPES_H

#include <stddef.h>

#include "jca/provider.h"
#include "../util/mem.h"     /* JCA__HIDDEN */

struct jca_service;
struct jca__entry;
struct jca__resolved;
typedef struct jca__resolved jca__resolved;

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

#endif
