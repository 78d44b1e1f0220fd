/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The host's known answers (issue 34 item 1; the Linux kernel's
 * crypto/testmgr.c does the same for every driver): tables keyed by
 * standard name, one file beside each type's table (md_kat.c, mac_kat.c,
 * cipher_kat.c, kdf_kat.c, random_kat.c, asym_kat.c, kem_kat.c), run by the
 * registry through jca__type_ops.host_kat on every usable implementation
 * of the name, from any provider, when the provider loads. A failure
 * refuses the provider, naming the algorithm and the vector. Not
 * installed.
 */
#ifndef JCA_API_KAT_H
#define JCA_API_KAT_H

#include "../registry/types.h"

/* A vector in the form providers use (jca_kat), run by the type's own
 * self_test. */
typedef struct jca__kat_vec {
	const char *name;          /* the standard name it is for (<jca/names.h>) */
	const char *label;         /* where it comes from, for the message */
	const jca_kat *kat;
	/* Nonzero: run only where the type's kat_fault says it applies (AES
	 * GCM on an AES service without GCM); 0: a vector that cannot run on
	 * an implementation of its name fails it. */
	int optional;
} jca__kat_vec;

/* Runs the vectors of v (n of them) whose name s answers to on impl with
 * type t's kat_fault and self_test: NULL, or what failed (into why). */
JCA__HIDDEN const char *jca__kat_run(const jca__kat_vec *v, size_t n, const jca__type_ops *t,
                                     const struct jca_service *s, const jca_impl *impl, char *why, size_t wn);

/* A self_test's scratch context for impl of service s: zeroed and opened,
 * or NULL (out of memory, or the open failed). */
JCA__HIDDEN void *jca__kat_ctx_new(const struct jca_service *s, const jca_impl *impl);
/* Ends a self_test: closes and frees ctx (from jca__kat_ctx_new, may be
 * NULL), wipes and frees out (out_len bytes, may be NULL). 0 when ok, else -1. */
JCA__HIDDEN int jca__kat_end(const jca_impl *impl, void *ctx, void *out, size_t out_len, int ok);

/* A key of kind `kind` (public: X.509, private: PKCS#8) from DER, decoded
 * by the KeyFactory key_alg of s's provider: 0, JCA_NOALG (no such
 * KeyFactory), JCA_BADKEY (refused), or another status. */
JCA__HIDDEN int jca__kat_key_decode(const struct jca_service *s, const char *key_alg, unsigned kind,
                                    const char *der, size_t len, jca_key **key);

/* Each type's host_kat (jca__type_ops.host_kat), defined in its _kat.c. */
JCA__HIDDEN const char *jca__md_host_kat(const struct jca_service *s, const jca_impl *impl, char *why, size_t n);
JCA__HIDDEN const char *jca__mac_host_kat(const struct jca_service *s, const jca_impl *impl, char *why, size_t n);
JCA__HIDDEN const char *jca__cipher_host_kat(const struct jca_service *s, const jca_impl *impl, char *why,
                                             size_t n);
JCA__HIDDEN const char *jca__kdf_host_kat(const struct jca_service *s, const jca_impl *impl, char *why, size_t n);
JCA__HIDDEN const char *jca__random_host_kat(const struct jca_service *s, const jca_impl *impl, char *why,
                                             size_t n);
JCA__HIDDEN const char *jca__signature_host_kat(const struct jca_service *s, const jca_impl *impl, char *why,
                                                size_t n);
JCA__HIDDEN const char *jca__keyagreement_host_kat(const struct jca_service *s, const jca_impl *impl, char *why,
                                                   size_t n);
JCA__HIDDEN const char *jca__kem_host_kat(const struct jca_service *s, const jca_impl *impl, char *why, size_t n);

#endif
