/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The encodings of ML-KEM keys (draft-ietf-lamps-kyber-certificates) and
 * X-Wing keys (draft-connolly-cfrg-xwing-kem): sizes and shapes only (see
 * keyenc.h); the modulus check of an encapsulation key and the consistency
 * of a decapsulation key are the provider's.
 */
#include <string.h>

#include "jca/common.h"
#include "error.h"
#include "der.h"
#include "keyenc.h"
#include "keyenc_int.h"

#define SEED_LEN 64                /* ML-KEM: d || z */
#define XWING_PUB_LEN 1216         /* ML-KEM-768's ek || X25519's public key */
#define XWING_PRIV_LEN 32

unsigned jca__mlkem_k(int alg)
{
	switch (alg) {
	case JCA__KEYALG_ML_KEM_512: return 2;
	case JCA__KEYALG_ML_KEM_768: return 3;
	case JCA__KEYALG_ML_KEM_1024: return 4;
	default: return 0;
	}
}

int jca__is_kem_alg(int alg)
{
	return jca__mlkem_k(alg) != 0 || alg == JCA__KEYALG_XWING;
}

static size_t ek_len(unsigned k)
{
	return 384 * (size_t)k + 32;
}

static size_t dk_len(unsigned k)
{
	return 768 * (size_t)k + 96;
}

int jca__kem_check_pub(const jca__key_parts *k, size_t off, size_t *bits)
{
	unsigned K = jca__mlkem_k(k->alg);
	size_t want = K ? ek_len(K) : XWING_PUB_LEN;

	if (k->pub_len != want)
		return jca__error(JCA_EINVAL, "DER: %s public key at offset %zu has %zu bytes, not %zu",
				  K ? "ML-KEM" : "X-Wing", off, k->pub_len, want);
	if (bits)
		*bits = K ? 256 * (size_t)K : 768;
	return 0;
}

int jca__kem_check_priv(const jca__key_parts *k)
{
	unsigned K = jca__mlkem_k(k->alg);

	if (!K) {
		if (!k->priv || k->priv_len != XWING_PRIV_LEN || k->expanded)
			return jca__error(JCA_EINVAL, "key parts: an X-Wing private key is a 32-byte seed");
		return 0;
	}
	if (!k->priv && !k->expanded)
		return jca__error(JCA_EINVAL, "key parts: no ML-KEM private key (seed or expanded key)");
	if (k->priv && k->priv_len != SEED_LEN)
		return jca__error(JCA_EINVAL, "key parts: an ML-KEM seed of %zu bytes, not 64", k->priv_len);
	if (k->expanded && k->expanded_len != dk_len(K))
		return jca__error(JCA_EINVAL, "key parts: an ML-KEM expanded key of %zu bytes, not %zu",
				  k->expanded_len, dk_len(K));
	return 0;
}

static int read_seed(jca__der *d, unsigned tag, jca__key_parts *out)
{
	jca__der body;
	size_t off = d->off;
	int r;

	if ((r = jca__der_read(d, tag, &body, "ML-KEM seed")) != 0)
		return r;
	if (body.len != SEED_LEN)
		return jca__error(JCA_EINVAL, "DER: ML-KEM seed at offset %zu has %zu bytes, not 64", off, body.len);
	out->priv = body.p;
	out->priv_len = body.len;
	return 0;
}

static int read_expanded(jca__der *d, jca__key_parts *out)
{
	size_t off = d->off, want = dk_len(jca__mlkem_k(out->alg));
	int r;

	if ((r = jca__der_read_octets(d, &out->expanded, &out->expanded_len, "ML-KEM expandedKey")) != 0)
		return r;
	if (out->expanded_len != want)
		return jca__error(JCA_EINVAL, "DER: ML-KEM expandedKey at offset %zu has %zu bytes, not %zu", off,
				  out->expanded_len, want);
	return 0;
}

int jca__kem_privkey(jca__der *in, jca__key_parts *out)
{
	jca__der both;
	int r;

	if (out->alg == JCA__KEYALG_XWING) {
		/* the seed itself, no inner OCTET STRING */
		if (in->len != XWING_PRIV_LEN)
			return jca__error(JCA_EINVAL, "DER: X-Wing private key at offset %zu has %zu bytes, not 32",
					  in->off, in->len);
		out->priv = in->p;
		out->priv_len = in->len;
		out->bits = 768;
		return 0;
	}
	out->bits = 256 * (size_t)jca__mlkem_k(out->alg);
	if (jca__der_peek(in, JCA__DER_CTX_PRIM(0))) {
		r = read_seed(in, JCA__DER_CTX_PRIM(0), out);
	} else if (jca__der_peek(in, JCA__DER_OCTET_STRING)) {
		r = read_expanded(in, out);
	} else if (jca__der_peek(in, JCA__DER_SEQUENCE)) {
		if ((r = jca__der_read(in, JCA__DER_SEQUENCE, &both, "ML-KEM both")) == 0 &&
		    (r = read_seed(&both, JCA__DER_OCTET_STRING, out)) == 0 && (r = read_expanded(&both, out)) == 0)
			r = jca__der_end(&both, "ML-KEM both");
	} else {
		r = jca__error(JCA_EINVAL, "DER: ML-KEM private key at offset %zu is none of seed [0], expandedKey, "
			       "both", in->off);
	}
	return r ? r : jca__der_end(in, "ML-KEM private key");
}

void jca__kem_privkey_write(jca__derw *w, const jca__key_parts *k)
{
	size_t m;

	if (k->alg == JCA__KEYALG_XWING) {
		jca__derw_raw(w, k->priv, k->priv_len);
	} else if (k->priv && k->expanded) {
		m = jca__derw_open(w, JCA__DER_SEQUENCE);
		jca__derw_prim(w, JCA__DER_OCTET_STRING, k->priv, k->priv_len);
		jca__derw_prim(w, JCA__DER_OCTET_STRING, k->expanded, k->expanded_len);
		jca__derw_close(w, m);
	} else if (k->priv) {
		jca__derw_prim(w, JCA__DER_CTX_PRIM(0), k->priv, k->priv_len);
	} else {
		jca__derw_prim(w, JCA__DER_OCTET_STRING, k->expanded, k->expanded_len);
	}
}
