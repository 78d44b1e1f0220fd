/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_aead.c - AES/GCM on the token as an AEAD table (see p11_aead.h). The
 * message functions are p11_gcm.c's; the engine keeps the JCA contract
 * (AAD held until the first data, the ciphertext of a decryption held
 * and released only after the tag verified, IV reuse refused on J0,
 * which it works out with block_encrypt for IVs other than 12 bytes).
 */
#include <stdio.h>
#include <string.h>

#include <jca/names.h>

#include "p11_aead.h"
#include "p11_mac.h"     /* p11_provctx_token, p11_report */

typedef struct p11_gcm_ctx {
	p11_token *tok;            /* the provider's token (attach) */
	p11_aes a;
} p11_gcm_ctx;

static int gcm_attach(void *provctx, void *ctx)
{
	((p11_gcm_ctx *)ctx)->tok = p11_provctx_token(provctx);
	return ((p11_gcm_ctx *)ctx)->tok ? 0 : -1;
}

static int failed(int rc)
{
	p11_report(rc);
	return rc;
}

static int gcm_set_key(void *ctx, const uint8_t *key, size_t key_len)
{
	p11_gcm_ctx *c = ctx;
	int rc = p11_aes_set_key(&c->a, c->tok, key, key_len);

	if (rc == 0)
		rc = p11_gcm_prepare(&c->a);
	return failed(rc);
}

/* E(in) under the key: ECB if the token has it, else CBC with a zero IV
 * (the same block). */
static int gcm_block_encrypt(void *ctx, uint8_t out[16], const uint8_t in[16])
{
	const p11_gcm_ctx *c = ctx;
	uint8_t iv[16] = { 0 };

	if (p11_has(c->tok, CKM_AES_ECB, CKF_ENCRYPT, NULL, NULL))
		return failed(p11_aes_crypt(&c->a, CKM_AES_ECB, 1, NULL, out, in, 16));
	return failed(p11_aes_crypt(&c->a, CKM_AES_CBC, 1, iv, out, in, 16));
}

static int gcm_init(void *ctx, int encrypt, const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len,
                    size_t tag_len)
{
	const p11_gcm_ctx *c = ctx;

	return failed(p11_gcm_init(&c->a, encrypt, iv, iv_len, aad, aad_len, tag_len));
}

static int gcm_update(void *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
	const p11_gcm_ctx *c = ctx;

	return failed(p11_gcm_update(&c->a, out, in, len));
}

static int gcm_final(void *ctx, uint8_t *tag, size_t tag_len)
{
	const p11_gcm_ctx *c = ctx;
	int rc = p11_gcm_final(&c->a, tag, tag_len);

	return rc == JCA_BADTAG ? rc : failed(rc);    /* a wrong tag is no failure of the token */
}

static void gcm_cleanup(void *ctx)
{
	p11_aes_cleanup(&((p11_gcm_ctx *)ctx)->a);
}

/* Known answers: the host's (src/api/cipher_kat.c: GCM test case 4). */
static const char *const gcm_names[] = { JCA_NAMES_AES_GCM, NULL };

int p11_gcm_service_build(p11_gcm_service *g, const p11_token *tok, const char *provider, const size_t *key_sizes,
                          jca_service_desc *out)
{
	if (!p11_has(tok, CKM_AES_GCM, CKF_ENCRYPT | CKF_DECRYPT, NULL, NULL) ||
	    !(p11_has(tok, CKM_AES_ECB, CKF_ENCRYPT, NULL, NULL) || p11_has(tok, CKM_AES_CBC, CKF_ENCRYPT, NULL, NULL)) ||
	    key_sizes[0] != 16)
		return 0;
	snprintf(g->impl_name, sizeof g->impl_name, "aes-gcm-%s", provider);
	g->impl = (jca_aead_impl){
		.base = JCA_IMPL_BASE_LIFECYCLE(jca_aead_impl, g->impl_name, JCA_PRIO_GENERIC, NULL, sizeof(p11_gcm_ctx),
		                                gcm_attach, NULL, gcm_cleanup),
		.shape = JCA_CIPHER_AEAD, .key_sizes = key_sizes,
		.set_key = gcm_set_key, .block_encrypt = gcm_block_encrypt,
		.init = gcm_init, .update = gcm_update, .final = gcm_final,
	};
	g->list[0] = &g->impl.base;
	g->list[1] = NULL;
	g->attrs[0] = (jca_attr){ "SupportedKeyFormats", "RAW" };
	g->attrs[1] = (jca_attr){ "ImplementedIn", "Hardware" };
	g->attrs[2] = (jca_attr){ NULL, NULL };
	*out = (jca_service_desc){ sizeof(jca_service_desc), JCA_CIPHER, JCA_NAME_AES_GCM, gcm_names, g->attrs, g->list,
	                           NULL, NULL };
	return 1;
}
