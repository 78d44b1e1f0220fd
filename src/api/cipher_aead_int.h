/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The state of the AEAD engine (GCM, and the AEAD tables), shared by its
 * files:
 *   cipher_aead.c      the engine: init, AAD, update, final (jca/cipher.h)
 *   cipher_gcm.c       counters, GHASH, J0 and tag over a block table's
 *                      building blocks (ctr32, gcm_init, ghash, gcm_encrypt)
 *   cipher_aead_msg.c  GCM over an AEAD table (jca_aead_impl: init, update,
 *                      final), and the AEAD known-answer test
 *   cipher_gcm_iv.c    J0 for every kind of implementation, the IV handed to
 *                      message-level ones, and the IV-reuse guard
 * Not installed.
 */
#ifndef JCA_API_CIPHER_AEAD_INT_H
#define JCA_API_CIPHER_AEAD_INT_H

#include <string.h>

#include "cipher_int.h"
#include "../util/bytes.h"

/* SP 800-38D 5.2.1.1: plaintext at most 2^39 - 256 bits, AAD and IV at
 * most 2^64 - 1 bits. */
#define GCM_MAX_DATA ((UINT64_C(1) << 36) - 32)
#define GCM_MAX_AAD ((UINT64_C(1) << 61) - 1)

enum { ST_AAD = 0, ST_DATA = 1, ST_DONE = 2 };

/* An implementation function returned nonzero: remembered in c->failed,
 * checked at the end of each call (see jca__aead_impl_failed). */
#define CHK(call) do { if ((call) != 0) c->failed = 1; } while (0)

/* Longest key the IV-reuse guard records (every key length the engine
 * accepts is shorter than 64 bytes). */
#define JCA__AEAD_MAX_KEY 64

/* The IV-reuse guard's record of an IV: GCM's J0, or an AEAD's nonce
 * (JCA_AEAD_NONCE, at most 32 bytes), zero-padded. */
#define JCA__AEAD_ID 32

struct jca__aead {
	uint8_t j0[JCA__AEAD_ID];      /* GCM pre-counter block (16 bytes), or the nonce */
	uint8_t ctr[16];               /* next counter block */
	uint8_t xi[16];                /* GHASH accumulator */
	uint8_t ks[16];                /* keystream of the current partial block */
	uint8_t part[16];              /* AAD not yet a whole block */
	uint64_t aad_len, data_len;    /* bytes so far */
	uint8_t tag_len;               /* GCM tag bytes */
	uint8_t state;                 /* ST_* */
	uint8_t released;              /* GCM encryption: ciphertext or a tag left under this J0 */
	/* The IV-reuse guard (cipher_gcm_iv.c): the key and J0 of the last
	 * initialisation for encryption (init_*) and of the last message that
	 * released output (used_*). */
	uint8_t init_set, used_set, init_key_len, used_key_len;
	uint8_t init_key[JCA__AEAD_MAX_KEY], init_j0[JCA__AEAD_ID];
	uint8_t used_key[JCA__AEAD_MAX_KEY], used_j0[JCA__AEAD_ID];
	uint8_t cur_key[JCA__AEAD_MAX_KEY]; /* the key the schedule and gkey were made from */
	uint8_t cur_key_len;           /* 0: none */
	uint8_t iv_short[32];          /* the IV as given, if at most 32 bytes */
	uint8_t *iv_long;              /* else here (heap) */
	size_t iv_len;
	uint8_t *buf;                  /* decryption: ciphertext held back (heap) */
	size_t blen, bcap;
	/* AEAD tables (message-level) only */
	uint8_t *abuf;                 /* the AAD, held until the first data (aad_len bytes) */
	size_t acap;
	uint8_t piv[JCA__AEAD_ID];     /* the IV the implementation gets: the nonce; for GCM the
	                                  caller's of 12 or 16 bytes, else 16 bytes with the same J0 */
	uint8_t piv_len;
	uint8_t h_set;                 /* h is H = E(0^128) under cur_key */
	uint8_t h[16];
	_Alignas(16) unsigned char gkey[];
};

static inline size_t jca__align16(size_t n)
{
	return (n + 15) & ~(size_t)15;
}

static inline struct jca__aead *jca__aead_state(const cipher_ctx *c)
{
	return (struct jca__aead *)(void *)((unsigned char *)c->key + jca__align16(c->base->ctx_size));
}

/* GCM runs on an AEAD table's message-level functions (not on a block
 * table's GHASH building blocks). */
static inline int jca__aead_msg(const cipher_ctx *c)
{
	return c->aead != NULL;
}

/* An AEAD table that takes the whole message in one update
 * (JCA_AEAD_WHOLE, ABI 3.4: CCM through a library). */
static inline int jca__aead_whole(const cipher_ctx *c)
{
	return c->aead && (c->aead->flags & JCA_AEAD_WHOLE);
}

/* Data held until cipher_do_final: a decryption's until the tag is
 * checked, and a JCA_AEAD_WHOLE encryption's. */
static inline int jca__aead_holds(const cipher_ctx *c)
{
	return jca__is_aead_mode(c->mode) && (c->dir == JCA_DECRYPT || jca__aead_whole(c));
}

/* The tag length of cipher_init (no length asked for). */
static inline size_t jca__aead_default_tag(const jca_aead_impl *a)
{
	return a->tag_len;
}

/* The most bytes of data under one key and IV (nonce). */
static inline uint64_t jca__aead_max_data(const cipher_ctx *c)
{
	if (c->mode == JCA__MODE_AEAD)
		return c->aead->max_data ? c->aead->max_data : UINT64_MAX;
	return GCM_MAX_DATA;
}
/* JCA_LIMIT for more than jca__aead_max_data(c) bytes. */
JCA__HIDDEN int jca__aead_limit_error(const cipher_ctx *c);
/* JCA_BADTAG with the error set: a decryption's input (n bytes) is
 * shorter than the tag (tag_len). */
JCA__HIDDEN int jca__aead_short_error(const cipher_ctx *c, size_t n, size_t tag_len);

static inline const uint8_t *jca__aead_iv_of(const struct jca__aead *st)
{
	return st->iv_long ? st->iv_long : st->iv_short;
}

/* out = a || b, both big-endian, by one 16-byte store: GHASH and AES code
 * load such a block by 16 bytes at once, often right away, and a load
 * waits for narrower stores it spans (no store forwarding). */
typedef uint64_t jca__u64x2 __attribute__((vector_size(16)));
static inline void jca__put_be64x2(uint8_t out[16], uint64_t a, uint64_t b)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	jca__u64x2 v = { a, b };
#else
	jca__u64x2 v = { __builtin_bswap64(a), __builtin_bswap64(b) };
#endif
	memcpy(out, &v, 16);
}

/* ---- cipher_aead.c ---- */
/* Ends a call whose implementation failed: wipes the n bytes written to
 * out; the object needs cipher_init again. Returns JCA_IMPL. */
JCA__HIDDEN int jca__aead_impl_failed(cipher_ctx *c, const char *fn, void *out, size_t n);
/* Decryption: appends in_len bytes to the held-back ciphertext. */
JCA__HIDDEN int jca__aead_hold(cipher_ctx *c, struct jca__aead *st, const uint8_t *in, size_t in_len);
/* Appends n bytes to a heap buffer (*buf, *cap) holding have bytes; a
 * grown buffer is a new one, the old one wiped. 0 or -1 (no memory). */
JCA__HIDDEN int jca__aead_append(uint8_t **buf, size_t *cap, size_t have, const uint8_t *in, size_t n);
JCA__HIDDEN void jca__aead_free_secret(uint8_t **p, size_t len);

/* 0 if equal, nonzero otherwise, in time independent of the contents. */
static inline unsigned jca__ct_diff(const uint8_t *a, const uint8_t *b, size_t n)
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

/* ---- cipher_gcm.c ---- */
/* XORs len bytes with the keystream from position data_len; for GCM
 * encryption (hash != 0) the ciphertext goes into GHASH. */
JCA__HIDDEN void jca__aead_crypt(cipher_ctx *c, struct jca__aead *st, uint8_t *out, const uint8_t *in,
                                 size_t len, int hash);
/* Hashes len bytes as whole blocks, the last one zero-padded. */
JCA__HIDDEN void jca__gcm_ghash_padded(cipher_ctx *c, void *gkey, uint8_t xi[16], const uint8_t *p, size_t len);
/* J0 (SP 800-38D 7.1 step 2) of an IV other than 12 bytes, by GHASH. */
JCA__HIDDEN void jca__gcm_j0_hashed(cipher_ctx *c, void *gkey, const uint8_t *iv, size_t iv_len, uint8_t j0[16]);
/* J0 with the hash key gkey (unused for 12 bytes: IV || 0^31 || 1). */
static inline void jca__gcm_j0(cipher_ctx *c, void *gkey, const uint8_t *iv, size_t iv_len, uint8_t j0[16])
{
	if (iv_len != 12) {
		jca__gcm_j0_hashed(c, gkey, iv, iv_len, j0);
		return;
	}
	/* IV || 0^31 || 1 in one store: byte stores would stall the loads of
	 * J0 that follow (jca__put_be64x2) */
	jca__put_be64x2(j0, jca__load_be64(iv), (uint64_t)jca__load_be32(iv + 8) << 32 | 1);
}
/* Closes the AAD (GHASH of its last partial block); state ST_DATA. */
JCA__HIDDEN void jca__gcm_start_data(cipher_ctx *c, struct jca__aead *st);
/* Hashes the data's last partial block (encryption). */
JCA__HIDDEN void jca__gcm_close_data(cipher_ctx *c, struct jca__aead *st);
/* Tag of everything hashed so far (the data's last partial block in xi). */
JCA__HIDDEN void jca__gcm_tag(cipher_ctx *c, struct jca__aead *st, uint8_t tag[16]);
/* Back to the state right after init (same key and IV). */
JCA__HIDDEN void jca__aead_rewind(cipher_ctx *c, struct jca__aead *st);

/* ---- cipher_aead_msg.c ---- */
/* Holds AAD until the first data. */
JCA__HIDDEN int jca__msg_aad(cipher_ctx *c, struct jca__aead *st, const uint8_t *aad, size_t len);
/* Encryption: len bytes through aead_update (aead_init first if the data
 * has not started); failures in c->failed. */
JCA__HIDDEN void jca__msg_encrypt(cipher_ctx *c, struct jca__aead *st, uint8_t *out, const uint8_t *in,
                                  size_t len);
/* Encryption: the tag (tag_len bytes). */
JCA__HIDDEN void jca__msg_tag(cipher_ctx *c, struct jca__aead *st, uint8_t *tag);
/* JCA_AEAD_WHOLE encryption of the held data plus in: ciphertext || tag. */
JCA__HIDDEN int jca__msg_seal(cipher_ctx *c, struct jca__aead *st, const uint8_t *in, size_t in_len,
                              uint8_t *out, size_t out_size, size_t *out_len);
/* Decryption of the held ciphertext plus in (tag included). */
JCA__HIDDEN int jca__msg_open(cipher_ctx *c, struct jca__aead *st, const uint8_t *in, size_t in_len,
                              uint8_t *out, size_t out_size, size_t *out_len);

/* ---- cipher_gcm_iv.c ---- */
/* What a GCM initialisation works out from (key, IV) before it changes
 * anything. */
struct jca__gcm_iv {
	uint8_t j0[JCA__AEAD_ID];      /* J0 or the nonce, zero-padded */
	uint8_t j0_set;                /* j0 computed (always for message-level encryption) */
	uint8_t piv[JCA__AEAD_ID], piv_len; /* message-level: the IV the implementation gets */
	uint8_t h[16], h_set;          /* message-level: H under the key, if it was needed */
	uint8_t init_key_same;         /* encrypting under the key of the last such initialisation */
};
/* Checks a GCM initialisation: works out g (J0, and for message-level
 * implementations the IV they get) and, when encrypting, refuses the key
 * and J0 of the last initialisation for encryption or of the last message
 * encrypted (JCA_IVREUSE). same_key: the object holds key already. Changes
 * nothing in the object; 0 or an error (set). */
JCA__HIDDEN int jca__gcm_iv_check(cipher_ctx *c, struct jca__aead *st, int opmode, const uint8_t *key,
                                  size_t key_len, int same_key, const uint8_t *iv, size_t iv_len,
                                  struct jca__gcm_iv *g);
/* After the initialisation went through: J0 (and the implementation's IV,
 * H) into the state; when encrypting, (key, J0) becomes the last
 * initialisation for encryption. iv: the caller's (the state's copy has
 * the same bytes; reading it back right after writing it would wait for
 * the stores). Wipes g. */
JCA__HIDDEN void jca__gcm_iv_commit(cipher_ctx *c, struct jca__aead *st, int opmode, const uint8_t *key,
                                    size_t key_len, const uint8_t *iv, struct jca__gcm_iv *g);
/* The encryption is about to release ciphertext or its tag: its key and J0
 * become the last message encrypted (a stream cipher's decryption releases
 * nothing the guard records). */
static inline void jca__gcm_release(const cipher_ctx *c, struct jca__aead *st)
{
	if (!st->released && c->dir == JCA_ENCRYPT) {
		memcpy(st->used_key, st->init_key, sizeof st->used_key);
		memcpy(st->used_j0, st->init_j0, JCA__AEAD_ID);
		st->used_key_len = st->init_key_len;
		st->used_set = st->init_set;
		st->released = 1;
	}
}

#endif
