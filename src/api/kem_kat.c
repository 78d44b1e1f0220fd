/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The host's KEM known answers (kat.h), with what needs no fresh
 * randomness: a decapsulation. The vector's private key is decoded by the
 * KeyFactory the implementation names (key_algorithm) in its own
 * provider, as the engine would hand it over; its encapsulation must give
 * its secret, and the same encapsulation with one bit flipped must give
 * another secret and no error (implicit rejection). Values:
 * kem_kat_vectors.h (tests/kat/gen_kem_kat.py: python `cryptography`'s
 * ML-KEM-768/1024, the X-Wing draft's first vector).
 *
 * A provider that does not import private keys (a token keeps only the
 * keys it made) cannot be given the key: its test is skipped, as for
 * KeyAgreement. Any other refusal of the key fails the implementation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kat.h"
#include "key_int.h"
#include "kem_kat_vectors.h"
#include "jca/names.h"

typedef struct kem_vec {
	const char *name, *label;
	const char *priv, *enc, *secret;
	size_t priv_len, enc_len, secret_len;
} kem_vec;

#define KEM(nm, lbl, P, E, K) { nm, lbl, P, E, K, sizeof(P) - 1, sizeof(E) - 1, sizeof(K) - 1 }

static const kem_vec kems[] = {
	KEM(JCA_NAME_ML_KEM_768, "python cryptography ML-KEM-768 (tests/kem_kat.py)", MLKEM768_PRIV, MLKEM768_CT,
	    MLKEM768_SS),
	KEM(JCA_NAME_ML_KEM_1024, "python cryptography ML-KEM-1024 (tests/kem_kat.py)", MLKEM1024_PRIV,
	    MLKEM1024_CT, MLKEM1024_SS),
	KEM(JCA_NAME_XWING, "draft-connolly-cfrg-xwing-kem vector 1", XWING_PRIV, XWING_CT, XWING_SS),
};

/* One decapsulation on a fresh context into out: 0, -1 a failure, -2 a
 * wrong length from init. */
static int decaps_once(const struct jca_service *s, const jca_kem_impl *m, const jca_key *key, const kem_vec *v,
                       const uint8_t *enc, uint8_t *out)
{
	void *ctx = calloc(1, m->base.ctx_size);
	size_t slen = 0, elen = 0;
	int rc = -1;

	if (!ctx)
		return -1;
	if (jca__ctx_open(s, &m->base, ctx) != 0) {
		free(ctx);
		return -1;
	}
	if (m->init(ctx, JCA_DECAPSULATE, key->data, &slen, &elen) == 0)
		rc = slen != v->secret_len || elen != v->enc_len ? -2 : m->decapsulate(ctx, enc, out) ? -1 : 0;
	jca__ctx_close(&m->base, ctx);
	free(ctx);
	return rc;
}

const char *jca__kem_host_kat(const struct jca_service *s, const jca_impl *impl, char *why, size_t n)
{
	const jca_kem_impl *m = (const jca_kem_impl *)impl;
	const kem_vec *v = NULL;
	jca_key *key = NULL;
	uint8_t *flipped = NULL, out[1024], out2[1024];
	char saved[256];
	size_t i;
	int rc, code;

	for (i = 0; i < sizeof kems / sizeof kems[0] && !v; i++)
		if (jca__service_named(s, kems[i].name))
			v = &kems[i];
	if (!v)
		return NULL;
	code = jca_last_error();
	snprintf(saved, sizeof saved, "%s", jca_last_error_message());
	rc = jca__kat_key_decode(s, m->key_algorithm, JCA_KEY_PRIVATE, v->priv, v->priv_len, &key);
	if (rc == JCA_NOALG) {
		snprintf(why, n, "the host's vector %s: the provider has no KeyFactory \"%s\"", v->label,
		         m->key_algorithm);
		return why;
	}
	if (rc == JCA_BADKEY) {
		jca__error(code, "%s", saved);  /* a load that succeeds leaves the last error alone */
		return NULL;              /* no private key import (a token): nothing to run */
	}
	if (rc != 0) {
		snprintf(why, n, "the host's vector %s: its KeyFactory \"%s\" cannot take the key (%s)", v->label,
		         m->key_algorithm, jca_last_error_message());
		return why;
	}
	why[0] = 0;
	if (!(flipped = malloc(v->enc_len))) {
		snprintf(why, n, "out of memory");
	} else if ((rc = decaps_once(s, m, key, v, (const uint8_t *)v->enc, out)) != 0) {
		snprintf(why, n, "the host's vector %s: %s", v->label,
		         rc == -2 ? "init says other lengths" : "decapsulation failed");
	} else if (memcmp(out, v->secret, v->secret_len) != 0) {
		snprintf(why, n, "wrong answer to the host's vector %s", v->label);
	} else {
		memcpy(flipped, v->enc, v->enc_len);
		flipped[v->enc_len / 2] ^= 0x01;
		if (decaps_once(s, m, key, v, flipped, out2) != 0)
			snprintf(why, n, "the host's vector %s: an encapsulation with one bit flipped failed instead "
			         "of giving another secret (implicit rejection)", v->label);
		else if (memcmp(out2, v->secret, v->secret_len) == 0)
			snprintf(why, n, "the host's vector %s: an encapsulation with one bit flipped gave the same "
			         "secret", v->label);
	}
	free(flipped);
	jca__wipe(out, sizeof out);
	jca__wipe(out2, sizeof out2);
	jca_key_free(key);
	return why[0] ? why : NULL;
}
