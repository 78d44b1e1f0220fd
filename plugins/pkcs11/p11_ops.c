/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_ops.c - digest, HMAC and AES operations on a token (see p11.h).
 *
 * Every context holds one session of its token from its first use to its
 * cleanup. A session goes back to the pool only with no operation active:
 * an unfinished digest or MAC is finished into a scratch buffer first
 * (PKCS#11 2.40 has no way to cancel one), and a session whose state is in
 * doubt is closed instead.
 */
#include <string.h>

#include <jca/common.h>

#include "p11_internal.h"

#define MAX_OUT 64              /* longest digest or HMAC tag offered */
#define CHUNK 4096              /* bounce buffer for in-place cipher calls */

/* ====================================================================== */
/* The session a context holds                                             */
/* ====================================================================== */

/* Binds the context to token t (what names it, should it belong to another
 * token) and takes its session on first use; a context made before fork
 * fails here in the child. */
static int hold_take(p11_hold *h, p11_token *t, const char *what)
{
	if (h->tok && h->tok != t)
		return p11__fail(JCA_EINVAL, "pkcs11: %s context of another token", what);
	h->tok = t;
	if (h->session != CK_INVALID_HANDLE)
		return p11__check_gen(t, h->gen);
	return p11__session_get(t, &h->session, &h->gen);
}

/* 0 if the context is set up (ready) and holds a session of this process,
 * else the error (not_ready says what is missing). */
static int hold_check(const p11_hold *h, int ready, const char *not_ready)
{
	if (!h->tok || !ready)
		return p11__fail(JCA_NOTINIT, "pkcs11: %s", not_ready);
	return p11__check_gen(h->tok, h->gen);
}

/* Gives up a session in doubt: it is closed, not pooled, and a session
 * object (*key, if any) goes with it. */
static void hold_drop(p11_hold *h, CK_OBJECT_HANDLE *key)
{
	p11__session_put(h->tok, h->session, h->gen, 0);
	h->session = CK_INVALID_HANDLE;
	if (key)
		*key = CK_INVALID_HANDLE;
}

/* Ends the digest (OP_DIGEST) or MAC (OP_SIGN) in progress, if *active,
 * into a scratch buffer (PKCS#11 2.40 has no way to cancel one); 0 if
 * the session is clean after. */
enum { OP_DIGEST, OP_SIGN };
static int hold_abandon(const p11_hold *h, int *active, int op)
{
	unsigned char scratch[MAX_OUT];
	CK_ULONG n = sizeof scratch;
	CK_RV rv;

	if (!*active)
		return 0;
	*active = 0;
	if (op == OP_SIGN)
		P11_CALL(h->tok->mod, rv, C_SignFinal, h->session, scratch, &n);
	else
		P11_CALL(h->tok->mod, rv, C_DigestFinal, h->session, scratch, &n);
	p11__wipe(scratch, sizeof scratch);
	return rv == CKR_OK ? 0 : -1;
}

/* Destroys a session object (the key of a MAC or cipher context). */
static void destroy_key(p11_token *t, CK_SESSION_HANDLE s, CK_OBJECT_HANDLE *key)
{
	CK_RV rv;

	if (*key == CK_INVALID_HANDLE)
		return;
	P11_CALL(t->mod, rv, C_DestroyObject, s, *key);
	(void)rv;   /* a session object also goes when its session closes */
	*key = CK_INVALID_HANDLE;
}

/* Feeds len bytes to the digest or MAC in progress; a failure ends it
 * (PKCS#11 5.2). */
static int hold_update(const p11_hold *h, int *active, int op, const void *in, size_t len)
{
	CK_RV rv;

	if (!len)
		return 0;
	if (op == OP_SIGN)
		P11_CALL(h->tok->mod, rv, C_SignUpdate, h->session, (CK_BYTE_PTR)in, (CK_ULONG)len);
	else
		P11_CALL(h->tok->mod, rv, C_DigestUpdate, h->session, (CK_BYTE_PTR)in, (CK_ULONG)len);
	if (rv != CKR_OK) {
		*active = 0;
		return p11__rv_fail(h->tok, op == OP_SIGN ? "C_SignUpdate" : "C_DigestUpdate", rv);
	}
	return 0;
}

/* The end of a context: its operation in progress ended (active, op: as
 * hold_abandon; active NULL: none), its session object *key destroyed (key
 * NULL: none), and the session back in the pool if that left it clean,
 * else closed. A context from before fork leaves the parent's alone. */
static void hold_release(p11_hold *h, int *active, int op, CK_OBJECT_HANDLE *key)
{
	int ours, clean;

	if (!h->tok || h->session == CK_INVALID_HANDLE)
		return;
	ours = clean = p11__check_gen(h->tok, h->gen) == 0;
	if (ours && active)
		clean = hold_abandon(h, active, op) == 0;
	if (ours && key)
		destroy_key(h->tok, h->session, key);
	p11__session_put(h->tok, h->session, h->gen, clean);
}

/* ====================================================================== */
/* Digest                                                                  */
/* ====================================================================== */

int p11_digest_init(p11_digest *d, p11_token *t, CK_MECHANISM_TYPE mech)
{
	int rc;

	d->mech = mech;
	d->blen = 0;
	/* The session is taken now, not at the first token call, so that a
	 * token failure shows at init rather than later. */
	if ((rc = hold_take(&d->hold, t, "digest")) != 0)
		return rc;
	if (hold_abandon(&d->hold, &d->started, OP_DIGEST) != 0) {
		hold_drop(&d->hold, NULL);
		return hold_take(&d->hold, t, "digest");
	}
	return 0;
}

/* Sends what is buffered and continues on the token. */
static int digest_start(p11_digest *d)
{
	CK_MECHANISM m = { d->mech, NULL, 0 };
	CK_RV rv;
	int rc;

	P11_CALL(d->hold.tok->mod, rv, C_DigestInit, d->hold.session, &m);
	if (rv != CKR_OK)
		return p11__rv_fail(d->hold.tok, "C_DigestInit", rv);
	d->started = 1;
	rc = hold_update(&d->hold, &d->started, OP_DIGEST, d->buf, d->blen);
	p11__wipe(d->buf, d->blen);
	d->blen = 0;
	return rc;
}

int p11_digest_update(p11_digest *d, const void *in, size_t len)
{
	int rc;

	if ((rc = hold_check(&d->hold, 1, "digest not initialised")) != 0)
		return rc;
	if (!d->started && d->blen + len <= P11_BUF) {
		if (len)
			memcpy(d->buf + d->blen, in, len);
		d->blen += len;
		return 0;
	}
	if (!d->started && (rc = digest_start(d)) != 0)
		return rc;
	return hold_update(&d->hold, &d->started, OP_DIGEST, in, len);
}

int p11_digest_final(p11_digest *d, void *out, size_t out_len)
{
	unsigned char buf[MAX_OUT];
	CK_ULONG n = sizeof buf;
	CK_MECHANISM m = { d->mech, NULL, 0 };
	CK_RV rv;
	int rc;

	if ((rc = hold_check(&d->hold, 1, "digest not initialised")) != 0)
		return rc;
	if (d->started) {
		d->started = 0;
		P11_CALL(d->hold.tok->mod, rv, C_DigestFinal, d->hold.session, buf, &n);
		if (rv != CKR_OK)
			return p11__rv_fail(d->hold.tok, "C_DigestFinal", rv);
	} else {
		/* Everything fits the buffer: one C_Digest call. */
		P11_CALL(d->hold.tok->mod, rv, C_DigestInit, d->hold.session, &m);
		if (rv != CKR_OK)
			return p11__rv_fail(d->hold.tok, "C_DigestInit", rv);
		P11_CALL(d->hold.tok->mod, rv, C_Digest, d->hold.session, d->buf, (CK_ULONG)d->blen, buf, &n);
		p11__wipe(d->buf, d->blen);
		d->blen = 0;
		if (rv != CKR_OK)
			return p11__rv_fail(d->hold.tok, "C_Digest", rv);
	}
	memcpy(out, buf, out_len < n ? out_len : n);
	p11__wipe(buf, sizeof buf);
	return 0;
}

int p11_digest_copy(p11_digest *dst, const p11_digest *src)
{
	CK_ULONG n = 0;
	CK_RV rv;
	int rc;

	if (!src->hold.tok) {
		/* never initialised: neither is the copy */
		if (dst->hold.tok && hold_abandon(&dst->hold, &dst->started, OP_DIGEST) != 0)
			hold_drop(&dst->hold, NULL);
		dst->blen = 0;
		return 0;
	}
	if ((rc = p11_digest_init(dst, src->hold.tok, src->mech)) != 0)
		return rc;
	if (!src->started) {
		memcpy(dst->buf, src->buf, src->blen);
		dst->blen = src->blen;
		return 0;
	}
	/* Token state: only if the token can save and restore it. */
	P11_CALL(src->hold.tok->mod, rv, C_GetOperationState, src->hold.session, NULL, &n);
	if (rv == CKR_OK && n) {
		unsigned char state[4096];

		if (n > sizeof state)
			return p11__fail(JCA_NOALG, "pkcs11 provider \"%s\": digest state of %lu bytes is too large to copy",
			                 p11__name(src->hold.tok), (unsigned long)n);
		P11_CALL(src->hold.tok->mod, rv, C_GetOperationState, src->hold.session, state, &n);
		if (rv == CKR_OK)
			P11_CALL(src->hold.tok->mod, rv, C_SetOperationState, dst->hold.session, state, n, CK_INVALID_HANDLE,
			         CK_INVALID_HANDLE);
		p11__wipe(state, sizeof state);
		if (rv == CKR_OK) {
			dst->started = 1;
			return 0;
		}
	}
	return p11__fail(p11__rv_code(rv) == JCA_IO ? JCA_IO : JCA_NOALG,
	                 "pkcs11 provider \"%s\": cannot copy a digest in progress: C_GetOperationState failed: %s",
	                 p11__name(src->hold.tok), p11_rv_name(rv));
}

void p11_digest_cleanup(p11_digest *d)
{
	hold_release(&d->hold, &d->started, OP_DIGEST, NULL);
	p11__wipe(d, sizeof *d);
	d->hold.session = CK_INVALID_HANDLE;
}

/* ====================================================================== */
/* Keys                                                                    */
/* ====================================================================== */

static int import_key(p11_token *t, CK_SESSION_HANDLE s, CK_KEY_TYPE type, const void *key, size_t len,
                      CK_OBJECT_HANDLE *out)
{
	static CK_BBOOL yes = CK_TRUE, no = CK_FALSE;
	static CK_OBJECT_CLASS cls = CKO_SECRET_KEY;
	CK_KEY_TYPE kt = type;
	int aes = type == CKK_AES;
	CK_ATTRIBUTE tmpl[] = {
		{ CKA_CLASS, &cls, sizeof cls },
		{ CKA_KEY_TYPE, &kt, sizeof kt },
		{ CKA_TOKEN, &no, sizeof no },
		{ CKA_SENSITIVE, &yes, sizeof yes },
		{ CKA_EXTRACTABLE, &no, sizeof no },
		{ CKA_VALUE, (void *)key, (CK_ULONG)len },
		{ aes ? CKA_ENCRYPT : CKA_SIGN, &yes, sizeof yes },
		{ aes ? CKA_DECRYPT : CKA_VERIFY, &yes, sizeof yes },
	};
	CK_RV rv;

	P11_CALL(t->mod, rv, C_CreateObject, s, tmpl, sizeof tmpl / sizeof tmpl[0], out);
	if (rv != CKR_OK) {
		*out = CK_INVALID_HANDLE;
		return p11__rv_fail(t, "C_CreateObject (importing the key)", rv);
	}
	return 0;
}

/* ====================================================================== */
/* HMAC: C_Sign* with the key imported as a session object                 */
/* ====================================================================== */

static int hmac_start(p11_hmac *h)
{
	CK_MECHANISM m = { h->mech, NULL, 0 };
	CK_RV rv;

	P11_CALL(h->hold.tok->mod, rv, C_SignInit, h->hold.session, &m, h->key);
	if (rv != CKR_OK)
		return p11__rv_fail(h->hold.tok, "C_SignInit", rv);
	h->active = 1;
	return 0;
}

/* HMAC mechanisms with their digests and block sizes. */
static const struct {
	CK_MECHANISM_TYPE hmac, digest;
	size_t block, len;
} hmac_mechs[] = {
	{ CKM_SHA_1_HMAC, CKM_SHA_1, 64, 20 }, { CKM_SHA224_HMAC, CKM_SHA224, 64, 28 },
	{ CKM_SHA256_HMAC, CKM_SHA256, 64, 32 }, { CKM_SHA384_HMAC, CKM_SHA384, 128, 48 },
	{ CKM_SHA512_HMAC, CKM_SHA512, 128, 64 }, { CKM_SHA512_224_HMAC, CKM_SHA512_224, 128, 28 },
	{ CKM_SHA512_256_HMAC, CKM_SHA512_256, 128, 32 }, { CKM_SHA3_224_HMAC, CKM_SHA3_224, 144, 28 },
	{ CKM_SHA3_256_HMAC, CKM_SHA3_256, 136, 32 }, { CKM_SHA3_384_HMAC, CKM_SHA3_384, 104, 48 },
	{ CKM_SHA3_512_HMAC, CKM_SHA3_512, 72, 64 },
};

/* The key as the token will take it, with the same HMAC (RFC 2104): HMAC
 * pads a key with zeros to the block, so a key shorter than the token's
 * minimum (SoftHSM2 wants at least the tag length) is padded with zeros to
 * it; a key longer than the token's maximum is first hashed, as HMAC does
 * with any key longer than the block. k0 (P11_MAX_HMAC_KEY bytes) holds the
 * result when it differs from the key. */
#define P11_MAX_HMAC_KEY 144
static int hmac_key(p11_token *t, CK_MECHANISM_TYPE mech, const void **key, size_t *len, unsigned char *k0)
{
	unsigned long min = 0, max = 0;
	size_t i;
	int rc;

	for (i = 0; i < sizeof hmac_mechs / sizeof hmac_mechs[0] && hmac_mechs[i].hmac != mech; i++)
		;
	if (i == sizeof hmac_mechs / sizeof hmac_mechs[0])
		return p11__fail(JCA_NOALG, "pkcs11: mechanism 0x%lx is not an HMAC", (unsigned long)mech);
	p11_has(t, mech, 0, &min, &max);
	if (max && *len > max) {
		p11_digest d;

		memset(&d, 0, sizeof d);
		if ((rc = p11_digest_init(&d, t, hmac_mechs[i].digest)) == 0 &&
		    (rc = p11_digest_update(&d, *key, *len)) == 0)
			rc = p11_digest_final(&d, k0, hmac_mechs[i].len);
		p11_digest_cleanup(&d);
		if (rc)
			return rc;
		*key = k0;
		*len = hmac_mechs[i].len;
	}
	if (*len < min || *len == 0) {
		size_t want = min ? min : 1;

		if (want > hmac_mechs[i].block)
			return p11__fail(JCA_KEYLEN, "pkcs11 provider \"%s\": the token wants HMAC keys of at least %lu "
			                 "bytes", p11__name(t), min);
		if (*key != k0)
			memcpy(k0, *key, *len);
		memset(k0 + *len, 0, want - *len);
		*key = k0;
		*len = want;
	}
	return 0;
}

int p11_hmac_init(p11_hmac *h, p11_token *t, CK_MECHANISM_TYPE mech, const void *key, size_t key_len)
{
	unsigned char k0[P11_MAX_HMAC_KEY];
	int rc;

	if ((rc = hold_take(&h->hold, t, "MAC")) != 0)
		return rc;
	if (hold_abandon(&h->hold, &h->active, OP_SIGN) != 0) {
		hold_drop(&h->hold, &h->key);
		if ((rc = hold_take(&h->hold, t, "MAC")) != 0)
			return rc;
	}
	destroy_key(t, h->hold.session, &h->key);
	h->mech = mech;
	if ((rc = hmac_key(t, mech, &key, &key_len, k0)) != 0)
		return rc;
	rc = import_key(t, h->hold.session, CKK_GENERIC_SECRET, key, key_len, &h->key);
	p11__wipe(k0, sizeof k0);
	return rc ? rc : hmac_start(h);
}

int p11_hmac_update(p11_hmac *h, const void *in, size_t len)
{
	int rc;

	if ((rc = hold_check(&h->hold, h->key != CK_INVALID_HANDLE, "MAC not initialised")) != 0)
		return rc;
	if (!h->active && (rc = hmac_start(h)) != 0)
		return rc;
	return hold_update(&h->hold, &h->active, OP_SIGN, in, len);
}

int p11_hmac_final(p11_hmac *h, void *out, size_t out_len)
{
	unsigned char buf[MAX_OUT];
	CK_ULONG n = sizeof buf;
	CK_RV rv;
	int rc;

	if ((rc = hold_check(&h->hold, h->key != CK_INVALID_HANDLE, "MAC not initialised")) != 0)
		return rc;
	if (!h->active && (rc = hmac_start(h)) != 0)
		return rc;
	h->active = 0;
	P11_CALL(h->hold.tok->mod, rv, C_SignFinal, h->hold.session, buf, &n);
	if (rv != CKR_OK)
		return p11__rv_fail(h->hold.tok, "C_SignFinal", rv);
	if (out_len < n) {
		p11__wipe(buf, sizeof buf);
		return p11__fail(JCA_BUFSIZE, "pkcs11: MAC needs %lu bytes of output", (unsigned long)n);
	}
	memcpy(out, buf, n);
	p11__wipe(buf, sizeof buf);
	/* Back to the keyed state now, so that a failure shows here. */
	return hmac_start(h);
}

int p11_hmac_reset(p11_hmac *h)
{
	int rc;

	if ((rc = hold_check(&h->hold, h->key != CK_INVALID_HANDLE, "MAC not initialised")) != 0)
		return rc;
	if (hold_abandon(&h->hold, &h->active, OP_SIGN) != 0)
		return p11__fail(JCA_IO, "pkcs11 provider \"%s\": C_SignFinal failed ending a MAC", p11__name(h->hold.tok));
	return hmac_start(h);
}

void p11_hmac_cleanup(p11_hmac *h)
{
	hold_release(&h->hold, &h->active, OP_SIGN, &h->key);
	p11__wipe(h, sizeof *h);
	h->hold.session = CK_INVALID_HANDLE;
	h->key = CK_INVALID_HANDLE;
}

/* ====================================================================== */
/* AES                                                                     */
/* ====================================================================== */

int p11_aes_set_key(p11_aes *a, p11_token *t, const void *key, size_t key_len)
{
	int rc;

	if (key_len != 16 && key_len != 24 && key_len != 32)
		return p11__fail(JCA_KEYLEN, "pkcs11: AES key of %zu bytes (16, 24 or 32)", key_len);
	if ((rc = hold_take(&a->hold, t, "cipher")) != 0)
		return rc;
	destroy_key(t, a->hold.session, &a->key);
	return import_key(t, a->hold.session, CKK_AES, key, key_len, &a->key);
}

int p11_aes_crypt(const p11_aes *a, CK_MECHANISM_TYPE mech, int encrypt, uint8_t *iv, uint8_t *out, const uint8_t *in,
                  size_t len)
{
	CK_MECHANISM m = { mech, mech == CKM_AES_CBC ? iv : NULL, mech == CKM_AES_CBC ? 16 : 0 };
	uint8_t bounce[CHUNK], next_iv[16];
	CK_ULONG n;
	CK_RV rv;
	size_t done = 0;
	int rc;

	if ((rc = hold_check(&a->hold, a->key != CK_INVALID_HANDLE, "cipher not keyed")) != 0)
		return rc;
	if (len % 16)
		return p11__fail(JCA_NOTBLOCK, "pkcs11: %zu bytes is not a whole number of AES blocks", len);
	if (!len)
		return 0;
	/* The chaining value for the next call: the last ciphertext block,
	 * saved before an in-place decryption overwrites it. */
	if (mech == CKM_AES_CBC && !encrypt)
		memcpy(next_iv, in + len - 16, 16);
	if (encrypt)
		P11_CALL(a->hold.tok->mod, rv, C_EncryptInit, a->hold.session, &m, a->key);
	else
		P11_CALL(a->hold.tok->mod, rv, C_DecryptInit, a->hold.session, &m, a->key);
	if (rv != CKR_OK)
		return p11__rv_fail(a->hold.tok, encrypt ? "C_EncryptInit" : "C_DecryptInit", rv);
	while (done < len) {
		size_t part = len - done < CHUNK ? len - done : CHUNK;
		const uint8_t *src = in + done;

		/* In place: a token need not support out == in. */
		if (out == in) {
			memcpy(bounce, src, part);
			src = bounce;
		}
		n = (CK_ULONG)part;
		if (encrypt)
			P11_CALL(a->hold.tok->mod, rv, C_EncryptUpdate, a->hold.session, (CK_BYTE_PTR)src, (CK_ULONG)part,
			         out + done, &n);
		else
			P11_CALL(a->hold.tok->mod, rv, C_DecryptUpdate, a->hold.session, (CK_BYTE_PTR)src, (CK_ULONG)part,
			         out + done, &n);
		if (rv == CKR_OK && n != part)
			rv = CKR_GENERAL_ERROR;
		if (rv != CKR_OK)
			break;
		done += part;
	}
	p11__wipe(bounce, sizeof bounce);
	if (rv != CKR_OK) {
		/* a failed update ends the operation (PKCS#11 5.2); wipe the
		 * partial output rather than leave half a result */
		p11__wipe(out, len);
		return p11__rv_fail(a->hold.tok, encrypt ? "C_EncryptUpdate" : "C_DecryptUpdate", rv);
	}
	n = 0;
	if (encrypt)
		P11_CALL(a->hold.tok->mod, rv, C_EncryptFinal, a->hold.session, NULL, &n);
	else
		P11_CALL(a->hold.tok->mod, rv, C_DecryptFinal, a->hold.session, NULL, &n);
	/* A length query with nothing left: some tokens end the operation
	 * only on a call with a buffer. */
	if (rv == CKR_OK) {
		uint8_t tail[16];

		n = sizeof tail;
		if (encrypt)
			P11_CALL(a->hold.tok->mod, rv, C_EncryptFinal, a->hold.session, tail, &n);
		else
			P11_CALL(a->hold.tok->mod, rv, C_DecryptFinal, a->hold.session, tail, &n);
		if (rv == CKR_OK && n)
			rv = CKR_GENERAL_ERROR;
	}
	if (rv != CKR_OK) {
		p11__wipe(out, len);
		return p11__rv_fail(a->hold.tok, encrypt ? "C_EncryptFinal" : "C_DecryptFinal", rv);
	}
	if (mech == CKM_AES_CBC)
		memcpy(iv, encrypt ? out + len - 16 : next_iv, 16);
	return 0;
}

int p11_aes_oneshot(p11_aes *a, CK_MECHANISM *mech, int encrypt, uint8_t *out, size_t *out_len, const uint8_t *in,
                    size_t len)
{
	CK_ULONG n = (CK_ULONG)*out_len;
	CK_RV rv;
	int rc;

	if ((rc = hold_check(&a->hold, a->key != CK_INVALID_HANDLE, "cipher not keyed")) != 0)
		return rc;
	if (encrypt)
		P11_CALL(a->hold.tok->mod, rv, C_EncryptInit, a->hold.session, mech, a->key);
	else
		P11_CALL(a->hold.tok->mod, rv, C_DecryptInit, a->hold.session, mech, a->key);
	if (rv != CKR_OK)
		return p11__rv_fail(a->hold.tok, encrypt ? "C_EncryptInit" : "C_DecryptInit", rv);
	if (encrypt)
		P11_CALL(a->hold.tok->mod, rv, C_Encrypt, a->hold.session, (CK_BYTE_PTR)in, (CK_ULONG)len, out, &n);
	else
		P11_CALL(a->hold.tok->mod, rv, C_Decrypt, a->hold.session, (CK_BYTE_PTR)in, (CK_ULONG)len, out, &n);
	if (rv != CKR_OK) {
		/* CKR_BUFFER_TOO_SMALL keeps the operation active: end it */
		if (rv == CKR_BUFFER_TOO_SMALL)
			hold_drop(&a->hold, &a->key);
		return p11__rv_fail(a->hold.tok, encrypt ? "C_Encrypt" : "C_Decrypt", rv);
	}
	*out_len = n;
	return 0;
}

void p11_aes_cleanup(p11_aes *a)
{
	p11_gcm_free(a);
	hold_release(&a->hold, NULL, OP_DIGEST, &a->key);
	p11__wipe(a, sizeof *a);
	a->hold.session = CK_INVALID_HANDLE;
	a->key = CK_INVALID_HANDLE;
}
