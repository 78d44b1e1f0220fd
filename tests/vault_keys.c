/* SPDX-License-Identifier: Apache-2.0 */
/* The tests' "vault" keys: see vault_keys.h. */
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <string.h>

#include "vault_keys.h"

static void vault_pub(vkey *k)
{
	size_t n;

	ck_assert_int_eq(md_oneshot("SHA-256", k->seed, 32, k->pub, 32, &n), 0);
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

static void v_mac(const vsig *s, const uint8_t *msg, size_t len, uint8_t out[64])
{
	md_ctx *md = md_get_instance("SHA-512");
	size_t n;

	ck_assert(md != NULL);
	md_update(md, s->key->pub, 32);
	md_update(md, msg, len);
	ck_assert_int_eq(md_digest(md, out, 64, &n), 0);
	md_free(md);
}

int vault_sign(void *ctx, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
	v_mac(ctx, msg, len, sig);
	*sig_len = 64;
	return 0;
}

int vault_verify(void *ctx, const uint8_t *msg, size_t len, const uint8_t *sig, size_t sig_len)
{
	uint8_t want[64];

	v_mac(ctx, msg, len, want);
	return sig_len == 64 && memcmp(want, sig, 64) == 0 ? 0 : JCA_REFUSED;
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
