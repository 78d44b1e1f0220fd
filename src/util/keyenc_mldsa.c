/* SPDX-License-Identifier: Apache-2.0 */
/* ML-DSA keys' private-key CHOICE and sizes (see keyenc_mldsa.h). */
#include <string.h>

#include "jca/common.h"
#include "error.h"
#include "keyenc_mldsa.h"

#define SEED_LEN 32

static const struct {
	unsigned level;
	int alg;
	size_t pk_len, sk_len;
} sets[] = {
	{ 44, JCA__KEYALG_ML_DSA_44, 1312, 2560 },
	{ 65, JCA__KEYALG_ML_DSA_65, 1952, 4032 },
	{ 87, JCA__KEYALG_ML_DSA_87, 2592, 4896 },
};
#define NSETS (sizeof sets / sizeof sets[0])

static int set_of_level(unsigned level)
{
	size_t i;

	for (i = 0; i < NSETS; i++)
		if (sets[i].level == level)
			return (int)i;
	return -1;
}

unsigned jca__mldsa_enc_level(int alg)
{
	size_t i;

	for (i = 0; i < NSETS; i++)
		if (sets[i].alg == alg)
			return sets[i].level;
	return 0;
}

int jca__mldsa_enc_alg(unsigned level)
{
	int i = set_of_level(level);

	return i < 0 ? 0 : sets[i].alg;
}

size_t jca__mldsa_enc_pk_len(unsigned level)
{
	int i = set_of_level(level);

	return i < 0 ? 0 : sets[i].pk_len;
}

size_t jca__mldsa_enc_sk_len(unsigned level)
{
	int i = set_of_level(level);

	return i < 0 ? 0 : sets[i].sk_len;
}

static int sized(const uint8_t **dst, const uint8_t *p, size_t n, size_t want, size_t off, const char *what,
                 unsigned level)
{
	if (n != want)
		return jca__error(JCA_EINVAL, "DER: ML-DSA-%u %s at offset %zu has %zu bytes, not %zu", level, what, off,
		                  n, want);
	*dst = p;
	return 0;
}

int jca__mldsa_priv_read(jca__der *d, unsigned level, jca__mldsa_priv *out)
{
	size_t sk = jca__mldsa_enc_sk_len(level), n, off = d->off;
	jca__der body, both;
	const uint8_t *p;
	int r;

	memset(out, 0, sizeof *out);
	if (!sk)
		return jca__error(JCA_EINVAL, "ML-DSA: no parameter set ML-DSA-%u", level);
	if (jca__der_peek(d, JCA__DER_CTX_PRIM(0))) {
		out->form = JCA__MLDSA_FORM_SEED;
		if ((r = jca__der_read(d, JCA__DER_CTX_PRIM(0), &body, "ML-DSA seed [0]")) != 0 ||
		    (r = sized(&out->seed, body.p, body.len, SEED_LEN, off, "seed", level)) != 0)
			return r;
	} else if (jca__der_peek(d, JCA__DER_OCTET_STRING)) {
		out->form = JCA__MLDSA_FORM_EXPANDED;
		if ((r = jca__der_read_octets(d, &p, &n, "ML-DSA expandedKey")) != 0 ||
		    (r = sized(&out->expanded, p, n, sk, off, "expandedKey", level)) != 0)
			return r;
	} else if (jca__der_peek(d, JCA__DER_SEQUENCE)) {
		out->form = JCA__MLDSA_FORM_BOTH;
		if ((r = jca__der_read(d, JCA__DER_SEQUENCE, &both, "ML-DSA both")) != 0)
			return r;
		off = both.off;
		if ((r = jca__der_read_octets(&both, &p, &n, "ML-DSA both.seed")) != 0 ||
		    (r = sized(&out->seed, p, n, SEED_LEN, off, "seed", level)) != 0)
			return r;
		off = both.off;
		if ((r = jca__der_read_octets(&both, &p, &n, "ML-DSA both.expandedKey")) != 0 ||
		    (r = sized(&out->expanded, p, n, sk, off, "expandedKey", level)) != 0 ||
		    (r = jca__der_end(&both, "ML-DSA both")) != 0)
			return r;
	} else {
		return jca__error(JCA_EINVAL, "DER: the ML-DSA private key at offset %zu is none of seed [0], "
		                  "expandedKey, both (RFC 9881)", off);
	}
	if ((r = jca__der_end(d, "the ML-DSA private key")) != 0) {
		memset(out, 0, sizeof *out);
		return r;
	}
	return 0;
}

int jca__mldsa_priv_write(unsigned level, const jca__mldsa_priv *in, uint8_t *out, size_t cap, size_t *len)
{
	size_t sk = jca__mldsa_enc_sk_len(level), m;
	int seed = in->form == JCA__MLDSA_FORM_SEED || in->form == JCA__MLDSA_FORM_BOTH;
	int exp = in->form == JCA__MLDSA_FORM_EXPANDED || in->form == JCA__MLDSA_FORM_BOTH;
	jca__derw w;

	*len = 0;
	if (!sk || (!seed && !exp) || (seed && !in->seed) || (exp && !in->expanded))
		return jca__error(JCA_EINVAL, "key parts: ML-DSA-%u private key form %d incomplete", level, in->form);
	jca__derw_init(&w, out, cap);
	if (in->form == JCA__MLDSA_FORM_SEED) {
		jca__derw_prim(&w, JCA__DER_CTX_PRIM(0), in->seed, SEED_LEN);
	} else if (in->form == JCA__MLDSA_FORM_EXPANDED) {
		jca__derw_prim(&w, JCA__DER_OCTET_STRING, in->expanded, sk);
	} else {
		m = jca__derw_open(&w, JCA__DER_SEQUENCE);
		jca__derw_prim(&w, JCA__DER_OCTET_STRING, in->seed, SEED_LEN);
		jca__derw_prim(&w, JCA__DER_OCTET_STRING, in->expanded, sk);
		jca__derw_close(&w, m);
	}
	return jca__derw_finish(&w, len);
}
