/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Keys inside the engines (key.c, keyfactory.c, keypairgen.c, and the
 * selection by key in asym_select.c). Not installed.
 */
#ifndef JCA_API_KEY_INT_H
#define JCA_API_KEY_INT_H

#include <stdatomic.h>

#include "../registry/lookup.h"

struct jca_key {
	_Atomic long refs;                 /* holds: the caller's and the engines' */
	const struct jca_service *svc;     /* the KeyFactory service that filled it in */
	const jca_keyfactory_impl *impl;   /* its bound implementation */
	unsigned kind;                     /* JCA_KEY_* */
	unsigned extractable;
	size_t bits;
	const char *params;
	_Alignas(16) unsigned char data[]; /* impl->base.ctx_size bytes: the provider's key */
};

/* The KeyFactory implementation of a resolved service. */
static inline const jca_keyfactory_impl *jca__kf_impl(const jca__resolved *r)
{
	return r->impl;
}

/* A key filled in by decode of the KeyFactory r: enc, kind and the DER as
 * jca_keyfactory_impl.decode takes them (the caller checked the DER). */
JCA__HIDDEN int jca__key_decode_with(const jca__resolved *r, unsigned enc, unsigned kind, const uint8_t *in,
                                     size_t len, jca_key **out);
/* A key from PEM or DER (checked strictly first) with the KeyFactory r,
 * or, r NULL, the one the key's algorithm names (from provider, or the
 * first in preference order). */
JCA__HIDDEN int jca__key_decode_any(const jca__resolved *r, const char *provider, const void *in, size_t len,
                                    jca_key **key);
/* A fresh, attached key of KeyFactory r, not filled in (refs 1); NULL with
 * the error set. jca__key_done fills in what info says and checks it. */
JCA__HIDDEN jca_key *jca__key_alloc(const jca__resolved *r);
JCA__HIDDEN int jca__key_done(jca_key *k, const jca_key_info *info, unsigned want_kind, const char *what);
/* A provider's return code from a key function, as the engines report
 * it: JCA_REFUSED -> refused (JCA_BADKEY or what the caller says), other
 * nonzero -> JCA_IMPL, each with the provider's reason after what. */
JCA__HIDDEN int jca__key_fail(int rc, int refused, const char *what);
/* The key's X.509 (public) or PKCS#8 (private) DER in a new buffer of
 * *len bytes (free it with jca__key_der_free, which wipes). JCA_UNSUPPORTED
 * for a private key that is not extractable. */
JCA__HIDDEN int jca__key_der(const jca_key *k, uint8_t **der, size_t *len);
JCA__HIDDEN void jca__key_der_free(uint8_t *der, size_t len);
/* The key to hand to an implementation of service s (a Signature or
 * KeyAgreement) whose key_algorithm is alg: key itself (held once more)
 * when s's provider holds it, else key converted through its encoding by
 * s's provider's KeyFactory alg. who names the caller in messages
 * ("Signature \"Ed25519\""). */
JCA__HIDDEN int jca__key_for(const struct jca_service *s, const char *alg, jca_key *key, const char *who,
                             jca_key **out);

#endif
