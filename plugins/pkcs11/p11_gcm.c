/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AES-GCM on the token (CKM_AES_GCM with CK_GCM_PARAMS), shaped for the
 * message-level functions of libjca's ABI 2.4 (aead_init, aead_update,
 * aead_final: see jca/provider.h and p11.h). Encryption streams through
 * C_EncryptInit / C_EncryptUpdate / C_EncryptFinal (the tag comes out of
 * C_EncryptFinal); decryption is one C_Decrypt of ciphertext || tag at
 * aead_final, so the token releases the plaintext only with a good tag
 * (the engine, besides, decrypts into a buffer of its own).
 */
#include <stdlib.h>
#include <string.h>

#include <jca/common.h>
#include "p11_internal.h"

#define BOUNCE 4096            /* in place: a token need not support out == in */

struct p11_gcm {
	int active;                /* an encryption runs on the session */
	int encrypt;
	CK_GCM_PARAMS params;      /* the engine's IV and AAD: valid until aead_final */
	uint8_t *out;              /* decryption: held until aead_final */
	const uint8_t *in;
	size_t len;
};

int p11_gcm_prepare(p11_aes *a)
{
	if (!a->gcm && !(a->gcm = calloc(1, sizeof *a->gcm)))
		return p11__fail(JCA_ENOMEM, "pkcs11: out of memory");
	a->gcm->active = 0;
	return 0;
}

static int usable(const p11_aes *a)
{
	if (!a->hold.tok || a->hold.session == CK_INVALID_HANDLE || a->key == CK_INVALID_HANDLE || !a->gcm)
		return p11__fail(JCA_NOTINIT, "pkcs11: cipher not keyed");
	return p11__check_gen(a->hold.tok, a->hold.gen);
}

/* Ends an encryption left unfinished (the object was initialised again):
 * PKCS#11 2.40 has no cancel, so it is finished and the tag dropped. */
static void end_active(const p11_aes *a)
{
	uint8_t tag[16];
	CK_ULONG n = sizeof tag;
	CK_RV rv;

	if (a->gcm->active) {
		P11_CALL(a->hold.tok->mod, rv, C_EncryptFinal, a->hold.session, tag, &n);
		(void)rv;
		a->gcm->active = 0;
	}
}

/* Before the context lets its session go (p11_aes_cleanup): an
 * encryption still running is ended, so the session goes back clean. */
void p11_gcm_free(p11_aes *a)
{
	if (a->gcm) {
		if (a->gcm->active && a->hold.tok && a->hold.session != CK_INVALID_HANDLE &&
		    p11__check_gen(a->hold.tok, a->hold.gen) == 0)
			end_active(a);
		p11__wipe(a->gcm, sizeof *a->gcm);
		free(a->gcm);
		a->gcm = NULL;
	}
}

int p11_gcm_init(const p11_aes *a, int encrypt, const uint8_t *iv, size_t iv_len, const uint8_t *aad,
                 size_t aad_len, size_t tag_len)
{
	struct p11_gcm *g = a->gcm;
	CK_MECHANISM m = { CKM_AES_GCM, NULL, sizeof(CK_GCM_PARAMS) };
	CK_RV rv;
	int rc;

	if ((rc = usable(a)) != 0)
		return rc;
	end_active(a);
	g->encrypt = encrypt;
	g->params = (CK_GCM_PARAMS){ (CK_BYTE_PTR)iv, (CK_ULONG)iv_len, (CK_ULONG)iv_len * 8, (CK_BYTE_PTR)aad,
	                             (CK_ULONG)aad_len, (CK_ULONG)tag_len * 8 };
	g->out = NULL;
	g->in = NULL;
	g->len = 0;
	if (!encrypt)
		return 0;          /* one C_Decrypt at aead_final */
	m.pParameter = &g->params;
	P11_CALL(a->hold.tok->mod, rv, C_EncryptInit, a->hold.session, &m, a->key);
	if (rv != CKR_OK)
		return p11__rv_fail(a->hold.tok, "C_EncryptInit (CKM_AES_GCM)", rv);
	g->active = 1;
	return 0;
}

int p11_gcm_update(const p11_aes *a, uint8_t *out, const uint8_t *in, size_t len)
{
	struct p11_gcm *g = a->gcm;
	uint8_t bounce[BOUNCE];
	size_t done = 0;
	CK_RV rv = CKR_OK;
	int rc;

	if ((rc = usable(a)) != 0)
		return rc;
	if (!g->encrypt) {
		g->out = out;
		g->in = in;
		g->len = len;
		return 0;
	}
	if (!g->active)
		return p11__fail(JCA_NOTINIT, "pkcs11: GCM encryption not started");
	while (done < len) {
		size_t part = len - done < BOUNCE ? len - done : BOUNCE;
		const uint8_t *src = in + done;
		CK_ULONG n = (CK_ULONG)part;

		if (out == in) {
			memcpy(bounce, src, part);
			src = bounce;
		}
		P11_CALL(a->hold.tok->mod, rv, C_EncryptUpdate, a->hold.session, (CK_BYTE_PTR)src, (CK_ULONG)part, out + done, &n);
		if (rv == CKR_OK && n != part)
			rv = CKR_GENERAL_ERROR;    /* a token that holds GCM data back: not usable here */
		if (rv != CKR_OK)
			break;
		done += part;
	}
	p11__wipe(bounce, sizeof bounce);
	if (rv != CKR_OK) {
		end_active(a);
		return p11__rv_fail(a->hold.tok, "C_EncryptUpdate (CKM_AES_GCM)", rv);
	}
	return 0;
}

int p11_gcm_final(const p11_aes *a, uint8_t *tag, size_t tag_len)
{
	struct p11_gcm *g = a->gcm;
	CK_MECHANISM m = { CKM_AES_GCM, &g->params, sizeof(CK_GCM_PARAMS) };
	uint8_t t[16], *buf;
	size_t whole = g->len + tag_len;
	CK_ULONG n;
	CK_RV rv;
	int rc;

	if ((rc = usable(a)) != 0)
		return rc;
	if (g->encrypt) {
		if (!g->active)
			return p11__fail(JCA_NOTINIT, "pkcs11: GCM encryption not started");
		n = sizeof t;
		P11_CALL(a->hold.tok->mod, rv, C_EncryptFinal, a->hold.session, t, &n);
		g->active = 0;
		if (rv == CKR_OK && n != tag_len)
			return p11__fail(JCA_IMPL, "pkcs11: C_EncryptFinal (CKM_AES_GCM) gave %lu bytes of tag, not %zu",
			                 (unsigned long)n, tag_len);
		if (rv != CKR_OK)
			return p11__rv_fail(a->hold.tok, "C_EncryptFinal (CKM_AES_GCM)", rv);
		memcpy(tag, t, tag_len);
		p11__wipe(t, sizeof t);
		return 0;
	}
	/* decryption: ciphertext || tag in one piece, one C_Decrypt into a
	 * buffer as long as its input (SoftHSM2 asks for that much room) */
	if (!(buf = malloc(2 * whole)))
		return p11__fail(JCA_ENOMEM, "pkcs11: out of memory");
	if (g->len)
		memcpy(buf, g->in, g->len);
	memcpy(buf + g->len, tag, tag_len);
	P11_CALL(a->hold.tok->mod, rv, C_DecryptInit, a->hold.session, &m, a->key);
	if (rv != CKR_OK) {
		free(buf);
		return p11__rv_fail(a->hold.tok, "C_DecryptInit (CKM_AES_GCM)", rv);
	}
	n = (CK_ULONG)whole;
	P11_CALL(a->hold.tok->mod, rv, C_Decrypt, a->hold.session, buf, (CK_ULONG)whole, buf + whole, &n);
	if (rv == CKR_OK && n == g->len && n)
		memcpy(g->out, buf + whole, n);
	p11__wipe(buf, 2 * whole);
	free(buf);
	/* A wrong tag: CKR_ENCRYPTED_DATA_INVALID (PKCS#11 3.0, 2.14.6),
	 * CKR_SIGNATURE_INVALID on some tokens, and CKR_GENERAL_ERROR on
	 * SoftHSM2 2.6 (its OpenSSL decryptFinal failing). So a token failing
	 * for another reason inside C_Decrypt also reads as a wrong tag: either
	 * way nothing is released and the call fails. */
	if (rv == CKR_ENCRYPTED_DATA_INVALID || rv == CKR_SIGNATURE_INVALID || rv == CKR_GENERAL_ERROR)
		return JCA_BADTAG;
	if (rv != CKR_OK)
		return p11__rv_fail(a->hold.tok, "C_Decrypt (CKM_AES_GCM)", rv);
	if (n != g->len)
		return p11__fail(JCA_IMPL, "pkcs11: C_Decrypt (CKM_AES_GCM) gave %lu bytes, not %zu", (unsigned long)n,
		                 g->len);
	return 0;
}
