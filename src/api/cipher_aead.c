/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Counter-mode engine: AES/CTR (SP 800-38A, 6.5) and AES/GCM (SP 800-38D)
 * over an implementation's ctr32 / ghash / gcm_init / gcm_encrypt
 * functions. See jca/cipher.h for the contract.
 *
 * GCM encryption streams: ciphertext leaves with each update, the tag is
 * appended by cipher_do_final. GCM decryption releases nothing before the
 * tag has been checked: updates only collect the ciphertext (in a heap
 * buffer of this object), and cipher_do_final hashes it, compares the tag
 * in constant time and only then decrypts into the output. A failed tag
 * writes nothing.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "cipher_int.h"

/* SP 800-38D 5.2.1.1: plaintext at most 2^39 - 256 bits, AAD and IV at
 * most 2^64 - 1 bits. */
#define GCM_MAX_DATA ((UINT64_C(1) << 36) - 32)
#define GCM_MAX_AAD ((UINT64_C(1) << 61) - 1)

enum { ST_AAD = 0, ST_DATA = 1, ST_DONE = 2 };

/* An implementation function returned nonzero: remembered in c->failed,
 * checked at the end of each call (see impl_failed). */
#define CHK(call) do { if ((call) != 0) c->failed = 1; } while (0)

struct jca__aead {
	uint8_t j0[16];                /* GCM pre-counter block */
	uint8_t ctr[16];               /* next counter block */
	uint8_t xi[16];                /* GHASH accumulator */
	uint8_t ks[16];                /* keystream of the current partial block */
	uint8_t part[16];              /* AAD not yet a whole block */
	uint64_t aad_len, data_len;    /* bytes so far */
	uint8_t tag_len;               /* GCM tag bytes */
	uint8_t state;                 /* ST_* */
	uint8_t enc_used;              /* last_key/last_j0 describe an encryption */
	uint8_t last_key_len;
	uint8_t last_key[32], last_j0[16];
	uint8_t cur_key[32];           /* the key the schedule and gkey were made from */
	uint8_t cur_key_len;           /* 0: none (or not kept: longer than 32 bytes) */
	uint8_t iv_short[32];          /* the IV as given, if at most 32 bytes */
	uint8_t *iv_long;              /* else here (heap) */
	size_t iv_len;
	uint8_t *buf;                  /* decryption: ciphertext held back (heap) */
	size_t blen, bcap;
	_Alignas(16) unsigned char gkey[];
};

static size_t align16(size_t n)
{
	return (n + 15) & ~(size_t)15;
}

static struct jca__aead *st_of(const cipher_ctx *c)
{
	return (struct jca__aead *)(void *)((unsigned char *)c->key + align16(c->impl->base.ctx_size));
}

/* Ends a call whose implementation failed: wipes the n bytes written to
 * out; the object needs cipher_init again. */
static int impl_failed(cipher_ctx *c, const char *fn, void *out, size_t n)
{
	if (out && n)
		jca__wipe(out, n);
	c->failed = 0;
	c->dir = 0;
	return jca__error(JCA_IMPL, "%s: %s: implementation %s failed; call cipher_init", fn, c->name,
	                  c->impl->base.name);
}

size_t jca__aead_extra(const jca_cipher_impl *impl, uint8_t mode)
{
	size_t pad = align16(impl->base.ctx_size) - impl->base.ctx_size;

	return pad + sizeof(struct jca__aead) + (mode == JCA__MODE_GCM ? align16(impl->gcm_key_size) : 0);
}

static void free_secret(uint8_t **p, size_t len)
{
	if (*p) {
		jca__wipe(*p, len);
		free(*p);
		*p = NULL;
	}
}

void jca__aead_cleanup(cipher_ctx *c)
{
	struct jca__aead *st = st_of(c);

	free_secret(&st->buf, st->bcap);
	st->blen = st->bcap = 0;
	free_secret(&st->iv_long, st->iv_len);
	st->iv_len = 0;
}

static const uint8_t *iv_of(const struct jca__aead *st)
{
	return st->iv_long ? st->iv_long : st->iv_short;
}

static uint32_t load32be(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void store64be(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (56 - 8 * i));
}

/* 0 if equal, nonzero otherwise, in time independent of the contents. */
static unsigned ct_diff(const uint8_t *a, const uint8_t *b, size_t n)
{
	uint64_t d = 0, x, y;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&x, a + i, 8);
		memcpy(&y, b + i, 8);
		d |= x ^ y;
	}
	for (; i < n; i++)
		d |= (uint64_t)(a[i] ^ b[i]);
	return (unsigned)((d | (d >> 32)) & 0xffffffffu) | (unsigned)(d != 0);
}

/* ---- counters -------------------------------------------------------- */

/* CTR mode: the whole 16-byte block is one big-endian counter (as the JDK
 * and SP 800-38A B.1 with m = 128): ctr32 runs up to the 2^32 boundary,
 * then the carry goes into the upper 96 bits. */
static void ctr128(cipher_ctx *c, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks)
{
	while (nblocks > 0) {
		uint64_t room = (UINT64_C(1) << 32) - load32be(ctr + 12);
		size_t n = (uint64_t)nblocks < room ? nblocks : (size_t)room;

		CHK(c->impl->ctr32(c->key, ctr, out, in, n));
		if (n == room)
			for (int i = 11; i >= 0 && ++ctr[i] == 0; i--)
				;
		in += 16 * n;
		out += 16 * n;
		nblocks -= n;
	}
}

/* The keystream block at the counter, which then advances. */
static void next_keystream(cipher_ctx *c, struct jca__aead *st)
{
	memset(st->ks, 0, 16);
	if (c->mode == JCA__MODE_CTR)
		ctr128(c, st->ctr, st->ks, st->ks, 1);
	else
		CHK(c->impl->ctr32(c->key, st->ctr, st->ks, st->ks, 1));
}

/*
 * XORs len bytes with the keystream from position data_len (continuing a
 * partial block); for GCM encryption (hash != 0) the ciphertext goes into
 * GHASH as it is made. Whole blocks go straight through the backend.
 */
static void crypt_stream(cipher_ctx *c, struct jca__aead *st, uint8_t *out, const uint8_t *in, size_t len,
                         int hash)
{
	const jca_cipher_impl *impl = c->impl;
	size_t pos = (size_t)(st->data_len & 15), n;

	st->data_len += len;
	/* the rest of a partial block */
	if (pos) {
		size_t k = 16 - pos < len ? 16 - pos : len;

		for (size_t i = 0; i < k; i++) {
			out[i] = in[i] ^ st->ks[pos + i];
			if (hash)
				st->part[pos + i] = out[i];
		}
		in += k;
		out += k;
		len -= k;
		if (pos + k < 16)
			return;
		if (hash)
			CHK(impl->ghash(st->gkey, st->xi, st->part, 1));
	}
	n = len / 16;
	if (n) {
		if (c->mode == JCA__MODE_CTR) {
			ctr128(c, st->ctr, out, in, n);
		} else if (!hash) {
			CHK(impl->ctr32(c->key, st->ctr, out, in, n));
		} else if (impl->gcm_encrypt) {
			CHK(impl->gcm_encrypt(c->key, st->gkey, st->ctr, st->xi, out, in, n));
		} else {
			CHK(impl->ctr32(c->key, st->ctr, out, in, n));
			CHK(impl->ghash(st->gkey, st->xi, out, n));
		}
		in += 16 * n;
		out += 16 * n;
		len -= 16 * n;
	}
	if (len) {
		next_keystream(c, st);
		for (size_t i = 0; i < len; i++) {
			out[i] = in[i] ^ st->ks[i];
			if (hash)
				st->part[i] = out[i];
		}
	}
}

/* ---- GHASH helpers ----------------------------------------------------- */

/* Hashes len bytes as whole blocks, the last one zero-padded. */
static void ghash_padded(cipher_ctx *c, void *gkey, uint8_t xi[16], const uint8_t *p, size_t len)
{
	size_t n = len / 16;

	if (n)
		CHK(c->impl->ghash(gkey, xi, p, n));
	if (len % 16) {
		uint8_t last[16] = { 0 };

		memcpy(last, p + 16 * n, len % 16);
		CHK(c->impl->ghash(gkey, xi, last, 1));
	}
}

/* J0 (SP 800-38D 7.1 step 2) with the hash key gkey. */
static void make_j0(cipher_ctx *c, void *gkey, const uint8_t *iv, size_t iv_len, uint8_t j0[16])
{
	if (iv_len == 12) {
		memcpy(j0, iv, 12);
		j0[12] = j0[13] = j0[14] = 0;
		j0[15] = 1;
		return;
	}
	{
		uint8_t lens[16] = { 0 };

		memset(j0, 0, 16);
		ghash_padded(c, gkey, j0, iv, iv_len);
		store64be(lens + 8, (uint64_t)iv_len * 8);
		CHK(c->impl->ghash(gkey, j0, lens, 1));
	}
}

/* Closes the AAD: pads and hashes its last partial block. */
static void start_data(cipher_ctx *c, struct jca__aead *st)
{
	if (st->state == ST_AAD && (st->aad_len & 15)) {
		size_t r = (size_t)(st->aad_len & 15);

		memset(st->part + r, 0, 16 - r);
		CHK(c->impl->ghash(st->gkey, st->xi, st->part, 1));
	}
	st->state = ST_DATA;
}

/* Tag of everything hashed so far (the data's last partial block already
 * in xi). */
static void compute_tag(cipher_ctx *c, struct jca__aead *st, uint8_t tag[16])
{
	uint8_t lens[16], j0[16];

	store64be(lens, st->aad_len * 8);
	store64be(lens + 8, st->data_len * 8);
	CHK(c->impl->ghash(st->gkey, st->xi, lens, 1));
	/* E(J0): one block, by the single-block ECB path where there is one
	 * (cheaper to start than the wide counter code) */
	if (c->impl->ecb_encrypt) {
		CHK(c->impl->ecb_encrypt(c->key, tag, st->j0, 1));
	} else {
		memcpy(j0, st->j0, 16);
		memset(tag, 0, 16);
		CHK(c->impl->ctr32(c->key, j0, tag, tag, 1));
	}
	for (int i = 0; i < 16; i++)
		tag[i] ^= st->xi[i];
}

/* Back to the state right after init (same key and IV). */
static void rewind_state(cipher_ctx *c, struct jca__aead *st)
{
	memcpy(st->ctr, c->mode == JCA__MODE_GCM ? st->j0 : iv_of(st), 16);
	if (c->mode == JCA__MODE_GCM) {
		/* data starts at inc32(J0) */
		uint32_t n = load32be(st->ctr + 12) + 1;

		st->ctr[12] = (uint8_t)(n >> 24);
		st->ctr[13] = (uint8_t)(n >> 16);
		st->ctr[14] = (uint8_t)(n >> 8);
		st->ctr[15] = (uint8_t)n;
	}
	/* (the next use reads them: plain stores are not optimised away) */
	memset(st->xi, 0, sizeof st->xi);
	memset(st->ks, 0, sizeof st->ks);
	memset(st->part, 0, sizeof st->part);
	st->aad_len = st->data_len = 0;
	st->state = ST_AAD;
	if (st->buf)
		jca__wipe(st->buf, st->blen);
	st->blen = 0;
}

/* ---- init ---------------------------------------------------------------- */

/* Would encrypting under (key, iv) repeat the last encryption's key and J0?
 * Works on a scratch copy of the key schedule when the object holds another
 * key, so that a refusal changes nothing. */
static int repeats_last(cipher_ctx *c, const struct jca__aead *st, const uint8_t *key, size_t key_len,
                        const uint8_t *iv, size_t iv_len)
{
	const jca_cipher_impl *impl = c->impl;
	uint8_t j0[16];
	unsigned char *tmp;
	size_t ks = align16(impl->base.ctx_size);
	int same;

	if (!st->enc_used || key_len != st->last_key_len || ct_diff(key, st->last_key, key_len))
		return 0;
	if (iv_len == 12) {
		make_j0(c, NULL, iv, iv_len, j0);
		return ct_diff(j0, st->last_j0, 16) == 0;
	}
	tmp = calloc(1, ks + align16(impl->gcm_key_size));
	if (!tmp)
		return -1;
	same = 0;
	if (impl->set_key(tmp, key, key_len) == 0) {
		CHK(impl->gcm_init(tmp, tmp + ks));
		make_j0(c, tmp + ks, iv, iv_len, j0);
		same = ct_diff(j0, st->last_j0, 16) == 0;
	}
	if (c->failed) {
		c->failed = 0;
		same = -2;
	}
	if (impl->cleanup)
		impl->cleanup(tmp);
	jca__wipe(tmp, ks + align16(impl->gcm_key_size));
	free(tmp);
	jca__wipe(j0, sizeof j0);
	return same;
}

int jca__aead_init(cipher_ctx *c, int opmode, const void *key, size_t key_len, const void *iv, size_t iv_len,
                   size_t tag_bits)
{
	struct jca__aead *st = st_of(c);
	const jca_cipher_impl *impl = c->impl;
	int gcm = c->mode == JCA__MODE_GCM;
	uint8_t fresh[16], *ivcopy;

	if (gcm) {
		if (tag_bits == 0)
			tag_bits = 128;
		if (!(tag_bits == 32 || tag_bits == 64 || (tag_bits >= 96 && tag_bits <= 128 && tag_bits % 8 == 0)))
			return jca__error(JCA_EINVAL, "%s: tag length must be 96, 104, 112, 120 or 128 bits "
			                  "(or 32 or 64, SP 800-38D Appendix C), got %zu", c->name, tag_bits);
	} else if (tag_bits) {
		return jca__error(JCA_EINVAL, "%s: CTR mode has no tag", c->name);
	}
	if (iv) {
		if (gcm ? (iv_len == 0 || (uint64_t)iv_len > GCM_MAX_AAD) : iv_len != 16)
			return jca__error(JCA_IVLEN, gcm ? "%s: the GCM IV must not be empty (12 bytes recommended)"
			                                 : "%s: the CTR IV (initial counter block) must be 16 bytes, got %zu",
			                  c->name, iv_len);
	} else if (opmode == JCA_DECRYPT) {
		return jca__error(JCA_NOIV, "%s: decryption needs an IV", c->name);
	} else {
		size_t want = gcm ? 12 : 16;
		ssize_t got = getrandom(fresh, want, 0);

		if (got != (ssize_t)want)
			return jca__error(JCA_RANDOM, "%s: cannot draw a random IV: %s", c->name,
			                  got < 0 ? strerror(errno) : "short read");
		iv = fresh;
		iv_len = want;
	}
	if (gcm && opmode == JCA_ENCRYPT) {
		int r = repeats_last(c, st, key, key_len, iv, iv_len);

		if (r == -2)
			return jca__error(JCA_IMPL, "%s: implementation %s failed", c->name, impl->base.name);
		if (r < 0)
			return jca__error(JCA_ENOMEM, "%s: out of memory", c->name);
		if (r)
			return jca__error(JCA_IVREUSE, "%s: this key and IV were already used for encryption; "
			                  "GCM needs a fresh IV for every encryption", c->name);
	}
	ivcopy = NULL;
	if (iv_len > sizeof st->iv_short) {
		ivcopy = malloc(iv_len);
		if (!ivcopy)
			return jca__error(JCA_ENOMEM, "%s: out of memory", c->name);
		memcpy(ivcopy, iv, iv_len);
	}

	/* A new IV under the key already loaded (the usual GCM pattern: one
	 * key, a fresh IV per message) keeps the schedule and hash key. */
	if (key_len && key_len == st->cur_key_len && c->dir && !ct_diff(key, st->cur_key, key_len)) {
		/* same key: nothing to redo */
	} else if (impl->set_key(c->key, key, key_len) != 0) {
		free_secret(&ivcopy, iv_len);
		if (impl->cleanup)
			impl->cleanup(c->key);
		jca__wipe(c->key, impl->base.ctx_size);
		c->dir = 0;
		st->cur_key_len = 0;
		return jca__error(JCA_KEYLEN, "%s: implementation %s refused the key", c->name, impl->base.name);
	} else {
		st->cur_key_len = 0;
		if (gcm)
			CHK(impl->gcm_init(c->key, st->gkey));
		if (key_len <= sizeof st->cur_key) {
			memcpy(st->cur_key, key, key_len);
			st->cur_key_len = (uint8_t)key_len;
		}
	}
	free_secret(&st->iv_long, st->iv_len);
	if (ivcopy) {
		st->iv_long = ivcopy;
	} else if (iv != st->iv_short) {       /* (cipher_iv's own buffer given back) */
		jca__wipe(st->iv_short, sizeof st->iv_short);
		memcpy(st->iv_short, iv, iv_len);
	}
	st->iv_len = iv_len;
	if (gcm) {
		make_j0(c, st->gkey, iv_of(st), iv_len, st->j0);
		st->tag_len = (uint8_t)(tag_bits / 8);
		if (opmode == JCA_ENCRYPT) {
			memcpy(st->last_key, key, key_len);
			st->last_key_len = (uint8_t)key_len;
			memcpy(st->last_j0, st->j0, 16);
			st->enc_used = 1;
		}
	}
	c->dir = (uint8_t)opmode;
	rewind_state(c, st);
	if (c->failed) {
		st->enc_used = 0;
		st->cur_key_len = 0;
		return impl_failed(c, "cipher_init", NULL, 0);
	}
	return 0;
}

/* ---- AAD, update, final -------------------------------------------------- */

static int check_live(cipher_ctx *c, const struct jca__aead *st, const char *fn)
{
	if (st->state == ST_DONE)
		return jca__error(JCA_NOTINIT, "%s: %s encryption is finished; call cipher_init with a new IV",
		                  fn, c->name);
	return 0;
}

int cipher_update_aad(cipher_ctx *c, const void *aad, size_t len)
{
	struct jca__aead *st;
	const uint8_t *p = aad;
	size_t pos, n;
	int rc;

	if (!c)
		return jca__error(JCA_EINVAL, "cipher_update_aad: NULL object");
	if (!aad && len)
		return jca__error(JCA_EINVAL, "cipher_update_aad: NULL buffer");
	if (c->mode != JCA__MODE_GCM)
		return jca__error(JCA_EINVAL, "cipher_update_aad: %s takes no additional authenticated data",
		                  c->name);
	if (!c->dir)
		return jca__error(JCA_NOTINIT, "cipher_update_aad: %s is not initialised (call cipher_init)", c->name);
	st = st_of(c);
	if ((rc = check_live(c, st, "cipher_update_aad")) != 0)
		return rc;
	if (st->state != ST_AAD)
		return jca__error(JCA_EINVAL, "cipher_update_aad: AAD must come before any data (%s)", c->name);
	if (len > GCM_MAX_AAD - st->aad_len)
		return jca__error(JCA_LIMIT, "cipher_update_aad: more than 2^61 - 1 bytes of AAD");
	pos = (size_t)(st->aad_len & 15);
	st->aad_len += len;
	if (pos) {
		size_t k = 16 - pos < len ? 16 - pos : len;

		memcpy(st->part + pos, p, k);
		p += k;
		len -= k;
		if (pos + k < 16)
			return 0;
		CHK(c->impl->ghash(st->gkey, st->xi, st->part, 1));
	}
	n = len / 16;
	if (n)
		CHK(c->impl->ghash(st->gkey, st->xi, p, n));
	if (len % 16)
		memcpy(st->part, p + 16 * n, len % 16);
	return c->failed ? impl_failed(c, "cipher_update_aad", NULL, 0) : 0;
}

/* Decryption: appends to the held-back ciphertext. */
static int hold(cipher_ctx *c, struct jca__aead *st, const uint8_t *in, size_t in_len)
{
	if (!in_len)
		return 0;
	if (in_len > GCM_MAX_DATA + st->tag_len - st->blen)
		return jca__error(JCA_LIMIT, "%s: more than 2^36 - 32 bytes of data for one key and IV", c->name);
	if (st->blen + in_len > st->bcap) {
		size_t cap = st->bcap ? st->bcap : 256;
		uint8_t *nb;

		while (cap < st->blen + in_len)
			cap *= 2;
		/* a new buffer rather than realloc, so the old one can be wiped */
		nb = malloc(cap);
		if (!nb)
			return jca__error(JCA_ENOMEM, "%s: out of memory holding %zu bytes of ciphertext", c->name,
			                  st->blen + in_len);
		if (st->blen)
			memcpy(nb, st->buf, st->blen);
		free_secret(&st->buf, st->bcap);
		st->buf = nb;
		st->bcap = cap;
	}
	memcpy(st->buf + st->blen, in, in_len);
	st->blen += in_len;
	return 0;
}

int jca__aead_update(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_size,
                     size_t *out_len)
{
	struct jca__aead *st = st_of(c);
	int rc;

	if ((rc = check_live(c, st, "cipher_update")) != 0)
		return rc;
	if (c->mode == JCA__MODE_GCM && c->dir == JCA_DECRYPT) {
		if ((rc = hold(c, st, in, in_len)) != 0)
			return rc;
		start_data(c, st);
		*out_len = 0;
		return c->failed ? impl_failed(c, "cipher_update", NULL, 0) : 0;
	}
	if (out_size < in_len)
		return jca__error(JCA_BUFSIZE, "cipher_update: output needs %zu bytes, got %zu", in_len, out_size);
	if (c->mode == JCA__MODE_GCM) {
		if (in_len > GCM_MAX_DATA - st->data_len)
			return jca__error(JCA_LIMIT, "%s: more than 2^36 - 32 bytes of data for one key and IV", c->name);
		start_data(c, st);
	}
	crypt_stream(c, st, out, in, in_len, c->mode == JCA__MODE_GCM);
	if (c->failed)
		return impl_failed(c, "cipher_update", out, in_len);
	*out_len = in_len;
	return 0;
}

size_t jca__aead_output_size(const cipher_ctx *c, size_t in_len)
{
	const struct jca__aead *st = st_of(c);

	if (c->mode == JCA__MODE_CTR)
		return in_len;
	if (c->dir == JCA_DECRYPT) {
		size_t total = st->blen + in_len;

		return total > st->tag_len ? total - st->tag_len : 0;
	}
	return in_len + (c->dir ? st->tag_len : 16);
}

/* Decryption of the whole message ct (ct_len bytes, tag included). */
static int gcm_open(cipher_ctx *c, struct jca__aead *st, const uint8_t *ct, size_t ct_len, uint8_t *out,
                    size_t out_size, size_t *out_len)
{
	size_t len;
	uint8_t tag[16];
	unsigned bad;

	if (ct_len < st->tag_len) {
		rewind_state(c, st);
		return jca__error(JCA_BADTAG, "%s: input of %zu bytes is shorter than the %u-byte tag", c->name,
		                  ct_len, (unsigned)st->tag_len);
	}
	len = ct_len - st->tag_len;
	if ((uint64_t)len > GCM_MAX_DATA)
		return jca__error(JCA_LIMIT, "%s: more than 2^36 - 32 bytes of data for one key and IV", c->name);
	if (out_size < len)
		return jca__error(JCA_BUFSIZE, "cipher_do_final: output needs %zu bytes, got %zu", len, out_size);
	start_data(c, st);
	ghash_padded(c, st->gkey, st->xi, ct, len);
	st->data_len = len;
	compute_tag(c, st, tag);
	bad = ct_diff(tag, ct + len, st->tag_len);
	jca__wipe(tag, sizeof tag);
	if (c->failed) {
		rewind_state(c, st);
		return impl_failed(c, "cipher_do_final", NULL, 0);
	}
	if (bad) {
		rewind_state(c, st);
		return jca__error(JCA_BADTAG, "%s: tag mismatch: wrong key, IV or AAD, or corrupted data", c->name);
	}
	st->data_len = 0;
	crypt_stream(c, st, out, ct, len, 0);
	rewind_state(c, st);
	if (c->failed)
		return impl_failed(c, "cipher_do_final", out, len);
	*out_len = len;
	return 0;
}

int jca__aead_final(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_size,
                    size_t *out_len)
{
	struct jca__aead *st = st_of(c);
	uint8_t tag[16];
	int rc;

	if ((rc = check_live(c, st, "cipher_do_final")) != 0)
		return rc;
	if (c->mode == JCA__MODE_CTR) {
		if (out_size < in_len)
			return jca__error(JCA_BUFSIZE, "cipher_do_final: output needs %zu bytes, got %zu", in_len,
			                  out_size);
		crypt_stream(c, st, out, in, in_len, 0);
		rewind_state(c, st);
		if (c->failed)
			return impl_failed(c, "cipher_do_final", out, in_len);
		*out_len = in_len;
		return 0;
	}
	if (c->dir == JCA_DECRYPT) {
		if (st->blen == 0)
			return gcm_open(c, st, in, in_len, out, out_size, out_len);
		if (out_size < jca__aead_output_size(c, in_len))
			return jca__error(JCA_BUFSIZE, "cipher_do_final: output needs %zu bytes, got %zu",
			                  jca__aead_output_size(c, in_len), out_size);
		if ((rc = hold(c, st, in, in_len)) != 0)
			return rc;
		return gcm_open(c, st, st->buf, st->blen, out, out_size, out_len);
	}
	if (out_size < in_len + st->tag_len)
		return jca__error(JCA_BUFSIZE, "cipher_do_final: output needs %zu bytes, got %zu",
		                  in_len + st->tag_len, out_size);
	if (in_len > GCM_MAX_DATA - st->data_len)
		return jca__error(JCA_LIMIT, "%s: more than 2^36 - 32 bytes of data for one key and IV", c->name);
	start_data(c, st);
	crypt_stream(c, st, out, in, in_len, 1);
	if (st->data_len & 15) {
		size_t r = (size_t)(st->data_len & 15);

		memset(st->part + r, 0, 16 - r);
		CHK(c->impl->ghash(st->gkey, st->xi, st->part, 1));
	}
	compute_tag(c, st, tag);
	if (c->failed) {
		jca__wipe(tag, sizeof tag);
		rewind_state(c, st);
		return impl_failed(c, "cipher_do_final", out, in_len);
	}
	memcpy(out + in_len, tag, st->tag_len);
	jca__wipe(tag, sizeof tag);
	*out_len = in_len + st->tag_len;
	rewind_state(c, st);
	st->state = ST_DONE;
	return 0;
}

const uint8_t *jca__aead_iv(const cipher_ctx *c, size_t *len)
{
	const struct jca__aead *st = st_of(c);

	if (!c->dir) {
		*len = c->mode == JCA__MODE_GCM ? 12 : 16;
		return NULL;
	}
	*len = st->iv_len;
	return iv_of(st);
}

int cipher_init_aead(cipher_ctx *c, cipher_opmode opmode, const void *key, size_t key_len, const void *iv, size_t iv_len,
                     size_t tag_bits)
{
	if (!c)
		return jca__error(JCA_EINVAL, "cipher_init_aead: NULL object");
	if (c->mode != JCA__MODE_GCM)
		return jca__error(JCA_EINVAL, "cipher_init_aead: %s is not an AEAD mode", c->name);
	if (tag_bits == 0)
		return jca__error(JCA_EINVAL, "%s: tag length 0", c->name);
	if (opmode != JCA_ENCRYPT && opmode != JCA_DECRYPT)
		return jca__error(JCA_EINVAL, "cipher_init_aead: opmode must be JCA_ENCRYPT or JCA_DECRYPT");
	if (!key && key_len)
		return jca__error(JCA_EINVAL, "cipher_init_aead: key is NULL");
	if (c->pinned ? key_len != c->pinned
	              : (key_len >= 64 || !(c->impl->key_sizes & (1ull << key_len))))
		return jca__error(JCA_KEYLEN, "%s: invalid key length %zu bytes%s", c->name, key_len,
		                  c->pinned ? " (the transformation pins the key size)" : "");
	return jca__aead_init(c, opmode, key, key_len, iv, iv_len, tag_bits);
}
