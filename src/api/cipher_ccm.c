/* SPDX-License-Identifier: Apache-2.0 */
/*
 * CCM (NIST SP 800-38C; RFC 3610) as a mode table over a block table with
 * a 16-byte block: CBC-MAC through cbc_encrypt, the counter through
 * ctr32. CCM needs the message length before its first block (B0), so the
 * object holds the AAD and the data of either direction until
 * cipher_do_final (jca/cipher.h): cipher_update writes nothing. Encryption
 * writes ciphertext || tag; decryption decrypts into the object's own
 * buffer, checks the tag in constant time and writes the plaintext only
 * if it matches (JCA_BADTAG, nothing written, if not).
 */
#include <string.h>

#include "cipher_aead_int.h"
#include "cipher_mode.h"

#define CCM_NONCE_MIN 7
#define CCM_NONCE_MAX 13
#define CCM_NONCE_RANDOM 12            /* a random nonce: at most 2^24 - 1 bytes per message */
#define CCM_CHUNK 16                   /* blocks of CBC-MAC output per call (thrown away) */

struct ccm {
	uint8_t nonce[CCM_NONCE_MAX];
	uint8_t nonce_len, tag_len;    /* 0 before init */
	uint8_t state;                 /* ST_AAD, ST_DATA, ST_DONE (cipher_aead_int.h) */
	uint8_t released;              /* this encryption gave out ciphertext */
	/* The IV-reuse guard: the key and nonce of the last initialisation
	 * for encryption (init_*) and of the last message encrypted (used_*). */
	uint8_t init_set, used_set, init_key_len, used_key_len;
	uint8_t init_key[JCA__AEAD_MAX_KEY], used_key[JCA__AEAD_MAX_KEY];
	uint8_t init_nonce[CCM_NONCE_MAX + 1], used_nonce[CCM_NONCE_MAX + 1]; /* length, then the nonce */
	uint8_t *abuf, *buf;           /* the AAD, the data (heap, wiped) */
	size_t alen, acap, blen, bcap;
};

static struct ccm *state_of(const cipher_ctx *c)
{
	return (struct ccm *)(void *)((unsigned char *)c->key + jca__align16(c->base->ctx_size));
}

static size_t ccm_extra(const jca_impl *impl)
{
	return jca__align16(impl->ctx_size) - impl->ctx_size + sizeof(struct ccm);
}

/* Most bytes of payload with this nonce: 2^(8L) - 1, L = 15 - nonce_len. */
static uint64_t max_payload(const struct ccm *st)
{
	unsigned l = 15u - st->nonce_len;

	return l >= 8 ? UINT64_MAX : (UINT64_C(1) << (8 * l)) - 1;
}

static void drop_message(struct ccm *st)
{
	if (st->abuf)
		jca__wipe(st->abuf, st->alen);
	if (st->buf)
		jca__wipe(st->buf, st->blen);
	st->alen = st->blen = 0;
	st->state = ST_AAD;
}

static void ccm_cleanup(cipher_ctx *c)
{
	struct ccm *st = state_of(c);

	jca__aead_free_secret(&st->abuf, st->acap);
	jca__aead_free_secret(&st->buf, st->bcap);
	st->acap = st->bcap = 0;
}

/* ---- the guard against a nonce used twice ---- */

static int same(const uint8_t *key, size_t key_len, const uint8_t *nonce, uint8_t set, uint8_t rec_key_len,
                const uint8_t *rec_key, const uint8_t *rec_nonce)
{
	/* (the nonce is public; the key compared in constant time) */
	return set && rec_key_len == key_len && rec_nonce[0] == nonce[0] &&
	       !memcmp(rec_nonce + 1, nonce + 1, nonce[0]) && !jca__ct_diff(rec_key, key, key_len);
}

/* ---- init ---- */

static int ccm_init(cipher_ctx *c, int opmode, const void *key, size_t key_len, const void *iv, size_t iv_len)
{
	struct ccm *st = state_of(c);
	size_t tag_len = c->tag_req;
	uint8_t fresh[CCM_NONCE_MAX], rec[CCM_NONCE_MAX + 1];

	if (tag_len == 0)
		tag_len = 16;
	if (tag_len < 4 || tag_len > 16 || tag_len % 2)
		return jca__error(JCA_EINVAL, "%s: the tag must be 4, 6, 8, 10, 12, 14 or 16 bytes, got %zu", c->name,
		                  tag_len);
	if (key_len > JCA__AEAD_MAX_KEY)
		return jca__error(JCA_KEYLEN, "%s: key of %zu bytes", c->name, key_len);
	if (iv) {
		if (iv_len < CCM_NONCE_MIN || iv_len > CCM_NONCE_MAX)
			return jca__error(JCA_IVLEN, "%s: the nonce must be 7 to 13 bytes, got %zu", c->name, iv_len);
	} else if (opmode == JCA_DECRYPT) {
		return jca__error(JCA_NOIV, "%s: decryption needs the nonce", c->name);
	} else {
		if (iv_len == 0)
			iv_len = CCM_NONCE_RANDOM;
		if (iv_len < CCM_NONCE_MIN || iv_len > CCM_NONCE_MAX)
			return jca__error(JCA_IVLEN, "%s: a random nonce is 7 to 13 bytes (iv == NULL with iv_len 0 for "
			                  "12), not %zu", c->name, iv_len);
		if (jca__cipher_random_iv(fresh, iv_len) != 0)
			return jca__error(JCA_RANDOM, "%s: cannot draw a random nonce", c->name);
		iv = fresh;
	}
	rec[0] = (uint8_t)iv_len;
	memcpy(rec + 1, iv, iv_len);
	if (opmode == JCA_ENCRYPT &&
	    (same(key, key_len, rec, st->init_set, st->init_key_len, st->init_key, st->init_nonce) ||
	     same(key, key_len, rec, st->used_set, st->used_key_len, st->used_key, st->used_nonce))) {
		jca__wipe(rec, sizeof rec);
		return jca__error(JCA_IVREUSE, "%s: this key and nonce were already used for encryption; CCM needs "
		                  "a fresh nonce for every encryption", c->name);
	}
	if (c->impl->set_key(c->key, key, key_len) != 0) {
		jca__cipher_drop_key(c);
		c->dir = 0;
		st->init_set = 0;
		return jca__error(JCA_KEYLEN, "%s: implementation %s refused the key%s", c->name, c->base->name,
		                  jca__impl_reason());
	}
	memcpy(st->nonce, iv, iv_len);
	st->nonce_len = (uint8_t)iv_len;
	st->tag_len = (uint8_t)tag_len;
	if (opmode == JCA_ENCRYPT) {
		memset(st->init_key, 0, sizeof st->init_key);
		memcpy(st->init_key, key, key_len);
		st->init_key_len = (uint8_t)key_len;
		memcpy(st->init_nonce, rec, sizeof rec);
		st->init_set = 1;
	}
	jca__wipe(fresh, sizeof fresh);
	c->dir = (uint8_t)opmode;
	st->released = 0;
	drop_message(st);
	return 0;
}

/* ---- AAD and data, held until cipher_do_final ---- */

static int check_live(const cipher_ctx *c, const struct ccm *st, const char *fn)
{
	if (st->state == ST_DONE)
		return jca__error(JCA_NOTINIT, "%s: %s encryption is finished; call cipher_init with a new nonce", fn,
		                  c->name);
	return 0;
}

static int ccm_update_aad(cipher_ctx *c, const uint8_t *aad, size_t len)
{
	struct ccm *st = state_of(c);
	int rc;

	if ((rc = check_live(c, st, "cipher_update_aad")) != 0)
		return rc;
	if (st->state != ST_AAD)
		return jca__error(JCA_EINVAL, "cipher_update_aad: AAD must come before any data (%s)", c->name);
	if (jca__aead_append(&st->abuf, &st->acap, st->alen, aad, len) != 0)
		return jca__error(JCA_ENOMEM, "cipher_update_aad: %s: out of memory holding %zu bytes of AAD", c->name,
		                  st->alen + len);
	st->alen += len;
	return 0;
}

/* Appends data to the held message; refuses more than the nonce allows
 * (JCA_LIMIT: the payload, plus the tag when decrypting). */
static int hold(cipher_ctx *c, struct ccm *st, const uint8_t *in, size_t in_len)
{
	size_t total = st->blen + in_len, extra = c->dir == JCA_DECRYPT ? st->tag_len : 0;

	if (total < st->blen || (total > extra && (uint64_t)(total - extra) > max_payload(st)))
		return jca__error(JCA_LIMIT, "%s: more than %llu bytes of data with a %u-byte nonce", c->name,
		                  (unsigned long long)max_payload(st), (unsigned)st->nonce_len);
	if (jca__aead_append(&st->buf, &st->bcap, st->blen, in, in_len) != 0)
		return jca__error(JCA_ENOMEM, "%s: out of memory holding %zu bytes of data", c->name, total);
	st->blen = total;
	st->state = ST_DATA;
	return 0;
}

static int ccm_update(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_size,
                      size_t *out_len)
{
	struct ccm *st = state_of(c);
	int rc;

	(void)out;
	(void)out_size;
	if ((rc = check_live(c, st, "cipher_update")) != 0)
		return rc;
	if (in_len && (rc = hold(c, st, in, in_len)) != 0)
		return rc;
	*out_len = 0;
	return 0;
}

static size_t ccm_output_size(const cipher_ctx *c, size_t in_len)
{
	const struct ccm *st = state_of(c);
	size_t tag = c->dir ? st->tag_len : 16, total = jca__sat_add(st->blen, in_len);

	if (c->dir == JCA_DECRYPT)
		return total > tag ? total - tag : 0;
	return jca__sat_add(total, tag);
}

/* ---- CBC-MAC and the counter ---- */

struct mac {
	uint8_t y[16], part[16];
	size_t plen;
};

static void mac_blocks(cipher_ctx *c, struct mac *m, const uint8_t *p, size_t n)
{
	uint8_t scratch[CCM_CHUNK * 16];

	while (n) {
		size_t k = n < CCM_CHUNK ? n : CCM_CHUNK;

		CHK(c->impl->cbc_encrypt(c->key, m->y, scratch, p, k));
		p += 16 * k;
		n -= k;
	}
	jca__wipe(scratch, sizeof scratch);
}

static void mac_absorb(cipher_ctx *c, struct mac *m, const uint8_t *p, size_t len)
{
	if (!len)
		return;
	if (m->plen) {
		size_t k = 16 - m->plen < len ? 16 - m->plen : len;

		memcpy(m->part + m->plen, p, k);
		m->plen += k;
		p += k;
		len -= k;
		if (m->plen < 16)
			return;
		mac_blocks(c, m, m->part, 1);
		m->plen = 0;
	}
	mac_blocks(c, m, p, len / 16);
	memcpy(m->part, p + len - len % 16, len % 16);
	m->plen = len % 16;
}

/* Zero-pads what is left to a whole block. */
static void mac_pad(cipher_ctx *c, struct mac *m)
{
	if (m->plen) {
		memset(m->part + m->plen, 0, 16 - m->plen);
		mac_blocks(c, m, m->part, 1);
		m->plen = 0;
	}
}

/* T = first tag_len bytes of CBC-MAC(B0 || encoded AAD || payload), SP
 * 800-38C 6.1 steps 1-4, over the plaintext p of len bytes. */
static void cbc_mac(cipher_ctx *c, const struct ccm *st, const uint8_t *p, size_t len, uint8_t t[16])
{
	struct mac m;
	uint8_t b0[16], enc[10];
	unsigned l = 15u - st->nonce_len;
	size_t en;
	uint64_t q = len;

	memset(&m, 0, sizeof m);
	b0[0] = (uint8_t)((st->alen ? 64 : 0) | ((st->tag_len - 2) / 2) << 3 | (l - 1));
	memcpy(b0 + 1, st->nonce, st->nonce_len);
	for (unsigned i = 0; i < l; i++, q >>= 8)
		b0[15 - i] = (uint8_t)q;
	mac_absorb(c, &m, b0, 16);
	if (st->alen) {
		uint64_t a = st->alen;

		if (a < 0xff00u) {
			enc[0] = (uint8_t)(a >> 8);
			enc[1] = (uint8_t)a;
			en = 2;
		} else if (a <= 0xffffffffu) {
			enc[0] = 0xff;
			enc[1] = 0xfe;
			jca__store_be32(enc + 2, (uint32_t)a);
			en = 6;
		} else {
			enc[0] = 0xff;
			enc[1] = 0xff;
			jca__store_be64(enc + 2, a);
			en = 10;
		}
		mac_absorb(c, &m, enc, en);
		mac_absorb(c, &m, st->abuf, st->alen);
		mac_pad(c, &m);
	}
	mac_absorb(c, &m, p, len);
	mac_pad(c, &m);
	memcpy(t, m.y, 16);
	jca__wipe(&m, sizeof m);
}

/* Counter block A_0 (SP 800-38C A.3): flags (L - 1), the nonce, then the
 * L-byte counter i = 0. */
static void counter0(const struct ccm *st, uint8_t a[16])
{
	memset(a, 0, 16);
	a[0] = (uint8_t)(14 - st->nonce_len);
	memcpy(a + 1, st->nonce, st->nonce_len);
}

/* out = in XOR the keystream from counter ctr on, len bytes (ctr32 runs
 * up to each 2^32-block boundary, the carry goes on into the counter's
 * upper bytes). */
static void ctr_crypt(cipher_ctx *c, const struct ccm *st, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                      size_t len)
{
	size_t n = len / 16;
	int top = 16 - (15 - st->nonce_len);

	while (n) {
		uint64_t room = (UINT64_C(1) << 32) - jca__load_be32(ctr + 12);
		size_t k = (uint64_t)n < room ? n : (size_t)room;

		CHK(c->impl->ctr32(c->key, ctr, out, in, k));
		if (k == room)
			for (int i = 11; i >= top && ++ctr[i] == 0; i--)
				;
		in += 16 * k;
		out += 16 * k;
		n -= k;
	}
	if (len % 16) {
		uint8_t ks[16] = { 0 };

		CHK(c->impl->ctr32(c->key, ctr, ks, ks, 1));
		for (size_t i = 0; i < len % 16; i++)
			out[i] = in[i] ^ ks[i];
		jca__wipe(ks, sizeof ks);
	}
}

/* ---- final ---- */

static int impl_failed(cipher_ctx *c, struct ccm *st, void *out, size_t n)
{
	drop_message(st);
	if (out && n)
		jca__wipe(out, n);
	c->failed = 0;
	c->dir = 0;
	return jca__error(JCA_IMPL, "cipher_do_final: %s: implementation %s failed%s; call cipher_init", c->name,
	                  c->base->name, jca__impl_reason());
}

static int ccm_final(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_size,
                     size_t *out_len)
{
	struct ccm *st = state_of(c);
	uint8_t a[16], s0[16], t[16];
	size_t need = ccm_output_size(c, in_len), len;
	unsigned bad;
	int rc;

	if ((rc = check_live(c, st, "cipher_do_final")) != 0)
		return rc;
	if (c->dir == JCA_DECRYPT && jca__sat_add(st->blen, in_len) < st->tag_len) {
		drop_message(st);
		return jca__aead_short_error(c, st->blen + in_len, st->tag_len);
	}
	if (out_size < need)
		return jca__error(JCA_BUFSIZE, "cipher_do_final: output needs %zu bytes, got %zu", need, out_size);
	if ((rc = hold(c, st, in, in_len)) != 0)
		return rc;
	counter0(st, a);
	memset(s0, 0, sizeof s0);
	CHK(c->impl->ctr32(c->key, a, s0, s0, 1));   /* S_0 = E(A_0); a is now A_1 */
	if (c->dir == JCA_ENCRYPT) {
		len = st->blen;
		cbc_mac(c, st, st->buf, len, t);
		ctr_crypt(c, st, a, out, st->buf, len);
		for (size_t i = 0; i < st->tag_len; i++)
			out[len + i] = t[i] ^ s0[i];
		jca__wipe(t, sizeof t);
		jca__wipe(s0, sizeof s0);
		if (c->failed)
			return impl_failed(c, st, out, len + st->tag_len);
		memcpy(st->used_key, st->init_key, sizeof st->used_key);
		memcpy(st->used_nonce, st->init_nonce, sizeof st->used_nonce);
		st->used_key_len = st->init_key_len;
		st->used_set = st->init_set;
		st->released = 1;
		drop_message(st);
		st->state = ST_DONE;
		*out_len = len + st->tag_len;
		return 0;
	}
	/* Decryption: in the held buffer, in place; released only if the tag
	 * matches. */
	len = st->blen - st->tag_len;
	ctr_crypt(c, st, a, st->buf, st->buf, len);
	cbc_mac(c, st, st->buf, len, t);
	for (size_t i = 0; i < st->tag_len; i++)
		t[i] ^= s0[i];
	bad = jca__ct_diff(t, st->buf + len, st->tag_len);
	jca__wipe(t, sizeof t);
	jca__wipe(s0, sizeof s0);
	if (c->failed)
		return impl_failed(c, st, NULL, 0);
	if (bad) {
		drop_message(st);
		return jca__error(JCA_BADTAG, "%s: tag mismatch: wrong key, nonce or AAD, or corrupted data", c->name);
	}
	if (len)
		memcpy(out, st->buf, len);
	drop_message(st);
	*out_len = len;
	return 0;
}

static int ccm_reset(cipher_ctx *c)
{
	struct ccm *st = state_of(c);

	drop_message(st);
	if (c->dir == JCA_ENCRYPT && st->released) {
		st->state = ST_DONE;
		return jca__error(JCA_IVREUSE, "cipher_reset: %s: this encryption has released its output under its key "
		                  "and nonce, which must not encrypt again: call cipher_init with a new nonce", c->name);
	}
	return 0;
}

static const uint8_t *ccm_iv(const cipher_ctx *c, size_t *len)
{
	const struct ccm *st = state_of(c);

	*len = c->dir ? st->nonce_len : CCM_NONCE_RANDOM;
	return c->dir ? st->nonce : NULL;
}

static size_t ccm_tag_length(const cipher_ctx *c)
{
	return c->dir ? state_of(c)->tag_len : 16;
}

const struct jca__mode jca__mode_ccm = {
	.extra = ccm_extra, .init = ccm_init, .update_aad = ccm_update_aad, .update = ccm_update,
	.final = ccm_final, .output_size = ccm_output_size, .reset = ccm_reset, .iv = ccm_iv,
	.tag_length = ccm_tag_length, .cleanup = ccm_cleanup,
};
