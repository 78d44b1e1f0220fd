/* SPDX-License-Identifier: Apache-2.0 */
/* The tests' "vault" keys: see vault_keys.h. */
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <string.h>

#include "vault_keys.h"

/* The built-in provider's Ed25519 key for k: its private key (from the
 * seed, PKCS#8) or its public key (X.509). */
static jca_key *real_key(const vkey *k, int priv)
{
	static const uint8_t p8[16] = { 0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06,
	                                0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20 };
	static const uint8_t spki[12] = { 0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00 };
	uint8_t der[48];
	size_t head = priv ? sizeof p8 : sizeof spki;
	jca_key *key = NULL;

	memcpy(der, priv ? p8 : spki, head);
	memcpy(der + head, priv ? k->seed : k->pub, 32);
	ck_assert_int_eq(jca_key_decode_from(der, head + 32, "builtin", &key), 0);
	jca_wipe(der, sizeof der);
	return key;
}

static void vault_pub(vkey *k)
{
	jca_key *priv = real_key(k, 1), *pub = NULL;
	size_t n;

	ck_assert_int_eq(jca_key_public(priv, &pub), 0);
	ck_assert_int_eq(jca_key_encode(pub, JCA_FORMAT_RAW, k->pub, 32, &n), 0);
	jca_key_free(pub);
	jca_key_free(priv);
}

static void vinfo(const vkey *k, jca_key_info *info)
{
	info->kind = k->priv ? JCA_KEY_PRIVATE : JCA_KEY_PUBLIC;
	info->extractable = 0;
	info->bits = 255;
}

static int v_decode(void *key, unsigned enc, unsigned kind, const uint8_t *in, size_t len, jca_key_info *info)
{
	vkey *k = key;

	if (enc == JCA_ENC_PKCS8 && len == 48) {
		memcpy(k->seed, in + 16, 32);
		k->priv = 1;
		vault_pub(k);
	} else if (enc == JCA_ENC_X509 && len == 44) {
		memcpy(k->pub, in + 12, 32);
	} else {
		return JCA_REFUSED;
	}
	(void)kind;
	vinfo(k, info);
	return 0;
}

static int v_encode(const void *key, unsigned enc, uint8_t *out, size_t cap, size_t *len)
{
	const vkey *k = key;

	(void)cap;
	if (enc != JCA_ENC_X509 || k->priv)
		return JCA_REFUSED;
	*len = 44;
	if (out) {
		memcpy(out, "\x30\x2a\x30\x05\x06\x03\x2b\x65\x70\x03\x21\x00", 12);
		memcpy(out + 12, k->pub, 32);
	}
	return 0;
}

static int v_public(void *pub, const void *priv, jca_key_info *info)
{
	vkey *q = pub;

	memcpy(q->pub, ((const vkey *)priv)->pub, 32);
	vinfo(q, info);
	return 0;
}

static int v_kpg_init(void *ctx, const char *spec)
{
	(void)ctx;
	return spec ? JCA_REFUSED : 0;
}

static int v_generate(void *ctx, void *priv, jca_key_info *pi, void *pub, jca_key_info *qi)
{
	vkey *k = priv;

	(void)ctx;
	ck_assert_int_eq(jca_random(k->seed, 32), 0);
	k->priv = 1;
	vault_pub(k);
	vinfo(k, pi);
	return v_public(pub, priv, qi);
}

int vault_sig_init(void *ctx, unsigned purpose, const void *key, size_t *max)
{
	(void)purpose;
	((vsig *)ctx)->key = key;
	*max = 64;
	return 0;
}

/* Sign or verify with the built-in provider's Ed25519, pinned to it (the
 * vault may come first in preference order). */
static int real_op(const vsig *v, int sign, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
	signature_ctx *s = signature_get_instance_from("Ed25519", "builtin");
	jca_key *key = real_key(v->key, sign);
	int rc;

	ck_assert(s != NULL);
	rc = sign ? signature_init_sign(s, key) : signature_init_verify(s, key);
	if (rc == 0)
		rc = signature_update(s, msg, len);
	if (rc == 0)
		rc = sign ? signature_sign(s, sig, *sig_len, sig_len) : signature_verify(s, sig, *sig_len);
	signature_free(s);
	jca_key_free(key);
	return rc;
}

int vault_sign(void *ctx, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
	return real_op(ctx, 1, msg, len, sig, sig_len) == 0 ? 0 : -1;
}

int vault_verify(void *ctx, const uint8_t *msg, size_t len, const uint8_t *sig, size_t sig_len)
{
	return real_op(ctx, 0, msg, len, (uint8_t *)sig, &sig_len) == 0 ? 0 : JCA_REFUSED;
}

const jca_keyfactory_impl vault_kf = {
	.base = JCA_IMPL_BASE(jca_keyfactory_impl, "vault-key", JCA_PRIO_GENERIC, NULL, sizeof(vkey)),
	.decode = v_decode, .encode = v_encode, .public_key = v_public,
};
const jca_keypairgen_impl vault_kpg = {
	.base = JCA_IMPL_BASE(jca_keypairgen_impl, "vault-kpg", JCA_PRIO_GENERIC, NULL, 1),
	.key_algorithm = "Ed25519", .init = v_kpg_init, .generate = v_generate,
};
const jca_signature_impl vault_sig = {
	.base = JCA_IMPL_BASE(jca_signature_impl, "vault-sig", JCA_PRIO_GENERIC, NULL, sizeof(vsig)),
	.key_algorithm = "Ed25519", .init = vault_sig_init, .sign = vault_sign, .verify = vault_verify,
};
