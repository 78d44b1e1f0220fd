/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Cipher object, shared by the engine (cipher.c) and the mode modules
 * (cipher_mode.h). Not installed.
 */
#ifndef JCA_API_CIPHER_INT_H
#define JCA_API_CIPHER_INT_H

#include "../registry/lookup.h"
#include "../util/error.h"
#include "../util/mem.h"

#define MAX_BLOCK 32

/* What a Cipher name selects within its service (jca__resolved.variant,
 * set by cipher_type.c, read by the engine): the mode, the padding and a
 * pinned key length in bytes ("AES_128": 16; 0 if none). */
enum { JCA__MODE_ECB = 1, JCA__MODE_CBC = 2, JCA__MODE_CTR = 3, JCA__MODE_GCM = 4,
       JCA__MODE_AEAD = 5, /* an AEAD table with JCA_AEAD_NONCE rules ("ChaCha20-Poly1305") */
       JCA__MODE_CCM = 6 };
enum { JCA__PAD_NONE = 1, JCA__PAD_PKCS5 = 2 };

static inline uint32_t jca__cipher_variant(uint8_t mode, uint8_t padding, uint8_t keylen)
{
	return (uint32_t)mode | (uint32_t)padding << 8 | (uint32_t)keylen << 16;
}
static inline uint8_t jca__variant_mode(uint32_t v) { return (uint8_t)v; }
static inline uint8_t jca__variant_padding(uint32_t v) { return (uint8_t)(v >> 8); }
static inline uint8_t jca__variant_keylen(uint32_t v) { return (uint8_t)(v >> 16); }
/* The mode and padding of a variant, without the pinned key length. */
static inline uint32_t jca__variant_transform(uint32_t v) { return v & 0xffffu; }

struct jca__mode;

struct cipher_ctx {
	const struct jca__mode *mt;       /* the mode's table (cipher_mode.h), chosen at creation */
	const jca_impl *base;             /* the implementation, any shape */
	const jca_cipher_impl *impl;      /* block shape, else NULL */
	const jca_aead_impl *aead;        /* AEAD shape, else NULL (a stream table: base) */
	const struct jca_service *svc;
	const char *name;                 /* canonical transformation */
	uint8_t mode, padding, pinned;    /* pinned key length in bytes, or 0 */
	uint8_t dir;                      /* 0 before init, JCA_ENCRYPT, JCA_DECRYPT */
	uint8_t failed;                   /* a block function failed since the last check */
	uint8_t tag_req;                  /* the tag length asked for (cipher_init_aead), 0: the default */
	size_t bs;                        /* block size */
	size_t buflen;                    /* bytes held in buf */
	uint8_t iv[MAX_BLOCK];            /* chaining value */
	uint8_t iv0[MAX_BLOCK];           /* IV given at init, for reuse after final */
	uint8_t buf[MAX_BLOCK];           /* partial (or held-back) block */
	/* the implementation's key schedule (ctx_size bytes); the mode's
	 * state follows it (jca__mode.extra bytes) */
	_Alignas(16) unsigned char key[];
};

/* The table of a Cipher implementation, by its shape. */
static inline const jca_aead_impl *jca__as_aead(const jca_impl *m)
{
	const jca_cipher_impl *c = (const jca_cipher_impl *)(const void *)m;

	return c->shape == JCA_CIPHER_AEAD ? (const jca_aead_impl *)(const void *)m : NULL;
}
static inline const jca_stream_impl *jca__as_stream(const jca_impl *m)
{
	const jca_cipher_impl *c = (const jca_cipher_impl *)(const void *)m;

	return c->shape == JCA_CIPHER_STREAM ? (const jca_stream_impl *)(const void *)m : NULL;
}
/* (the AEAD and stream tables start alike: base, shape, key_sizes) */
_Static_assert(offsetof(jca_aead_impl, key_sizes) == offsetof(jca_stream_impl, key_sizes),
               "key_sizes at one offset in the AEAD and stream tables");
static inline const size_t *jca__cipher_key_sizes(const jca_impl *m)
{
	const jca_cipher_impl *c = (const jca_cipher_impl *)(const void *)m;

	return c->shape == JCA_CIPHER_BLOCK ? c->key_sizes : ((const jca_aead_impl *)(const void *)m)->key_sizes;
}

/* Points c at implementation m, any shape: the table and
 * the block size (16 for an AEAD or stream table: GCM's, and what
 * ChaCha20 has always answered). */
static inline void jca__cipher_bind(cipher_ctx *c, const jca_impl *m)
{
	unsigned shape = ((const jca_cipher_impl *)(const void *)m)->shape;

	c->base = m;
	c->aead = NULL;
	if (shape == JCA_CIPHER_AEAD) {
		c->aead = (const jca_aead_impl *)(const void *)m;
		c->impl = NULL;
		c->bs = 16;
	} else if (shape == JCA_CIPHER_STREAM) {
		c->impl = NULL;
		c->bs = 16;
	} else {
		c->impl = (const jca_cipher_impl *)(const void *)m;
		c->bs = c->impl->block_size;
	}
}

/* tag_len is one of a JCA_AEAD_RANGE table's tag lengths. */
static inline int jca__aead_tag_ok(const jca_aead_impl *a, size_t tag_len)
{
	return tag_len >= a->tag_min && tag_len <= a->tag_max && a->tag_step &&
	       (tag_len - a->tag_min) % a->tag_step == 0;
}

/* key_len is in the implementation's key_sizes list. */
static inline int jca__cipher_key_size_ok(const jca_impl *impl, size_t key_len)
{
	const size_t *k;

	for (k = jca__cipher_key_sizes(impl); *k; k++)
		if (*k == key_len)
			return 1;
	return 0;
}

/* A random IV of len bytes (see cipher_init in jca/cipher.h): 0 or -1. */
JCA__HIDDEN int jca__cipher_random_iv(uint8_t *iv, size_t len);

/* a + b, or SIZE_MAX if that does not fit */
static inline size_t jca__sat_add(size_t a, size_t b)
{
	return a > SIZE_MAX - b ? SIZE_MAX : a + b;
}

/* ---- GCM and the AEAD tables (cipher_aead.c) ---- */
/* A block table with GCM's building blocks (ctr32, gcm_init, ghash): the
 * registry's GCM runs over it. GCM from an AEAD table (jca_aead_impl) runs
 * over its message-level functions instead (cipher_aead_msg.c). */
static inline int jca__gcm_blocks(const jca_cipher_impl *c)
{
	return c->ctr32 && c->ghash && c->gcm_init && c->block_size == 16 && c->gcm_key_size <= (1u << 16);
}
/* An authenticated mode: GCM, or an AEAD table's own. */
static inline int jca__is_aead_mode(uint8_t mode)
{
	return mode == JCA__MODE_GCM || mode == JCA__MODE_AEAD;
}
/* Bytes the counter engine's state adds after the key schedule (GCM over
 * a block table adds its hash key). */
JCA__HIDDEN size_t jca__aead_extra(const jca_impl *impl);
/* The mode table's init for GCM and the AEAD tables: called with the
 * opmode and key length checked; the tag length in c->tag_req (bytes, 0:
 * the default). */
JCA__HIDDEN int jca__aead_init(cipher_ctx *c, int opmode, const void *key, size_t key_len,
                               const void *iv, size_t iv_len);
JCA__HIDDEN int jca__aead_update(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out,
                                 size_t out_size, size_t *out_len);
JCA__HIDDEN int jca__aead_final(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out,
                                size_t out_size, size_t *out_len);
JCA__HIDDEN size_t jca__aead_output_size(const cipher_ctx *c, size_t in_len);
/* The mode table's update_aad and tag_length (cipher_mode.h). */
JCA__HIDDEN int jca__aead_update_aad(cipher_ctx *c, const uint8_t *aad, size_t len);
JCA__HIDDEN size_t jca__aead_tag_length(const cipher_ctx *c);
/* cipher_reset of an initialised GCM or AEAD object (see jca/cipher.h). */
JCA__HIDDEN int jca__aead_reset(cipher_ctx *c);
JCA__HIDDEN const uint8_t *jca__aead_iv(const cipher_ctx *c, size_t *len);
JCA__HIDDEN void jca__aead_cleanup(cipher_ctx *c);
/* The GCM known-answer test (JCA_KAT_GCM) of impl, through the engine
 * (cipher_aead_msg.c): 0 if it passes. */
JCA__HIDDEN int jca__aead_self_test(const struct jca_service *s, const jca_impl *impl, const jca_kat *k);

/* set_key failed: the schedule may hold part of the key. A plain one is
 * wiped; one with a lifecycle stays attached (its owner replaces it at the
 * next set_key and cleans it up at cipher_free). */
static inline void jca__cipher_drop_key(cipher_ctx *c)
{
	if (!c->base->attach && !c->base->cleanup)
		jca__wipe(c->key, c->base->ctx_size);
}

#endif
