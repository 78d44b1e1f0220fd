/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The mode table: what the Cipher engine (cipher.c) calls for everything
 * a mode decides. One table per mode, chosen once when the object is made
 * (jca__mode_pick, from the name's mode and the implementation's shape),
 * kept in cipher_ctx.mt; cipher.c keeps the contract (argument checks,
 * key length, buffering and padding for the block modes) and never asks
 * which mode it runs. Not installed.
 *
 *   cipher_block.c     ECB and CBC over a block table (cipher.c buffers
 *                      and pads; the table says how blocks chain)
 *   cipher_ctr.c       CTR over a block table's ctr32
 *   cipher_gcm.c       GCM over a block table's counter and GHASH building
 *                      blocks (with the AEAD engine, cipher_aead.c)
 *   cipher_aead_msg.c  an AEAD table's own algorithm (GCM through a
 *                      library or a token, ChaCha20-Poly1305, CCM through
 *                      a library)
 *   cipher_stream.c    the keystream shape (jca_stream_impl: ChaCha20)
 *   cipher_ccm.c       CCM (SP 800-38C) over a block table
 */
#ifndef JCA_API_CIPHER_MODE_H
#define JCA_API_CIPHER_MODE_H

#include "cipher_int.h"

struct jca__mode {
	/* Bytes of mode state the object holds after the key schedule (NULL:
	 * none). */
	size_t (*extra)(const jca_impl *impl);
	/* cipher_init / cipher_init_aead, with the opmode and the key length
	 * checked; the tag length asked for is c->tag_req (0: the mode's
	 * default, cipher_init; cipher_init_aead's never 0). Six arguments: a
	 * tail call from cipher_init. */
	int (*init)(cipher_ctx *c, int opmode, const void *key, size_t key_len, const void *iv, size_t iv_len);
	/* NULL: the mode takes no AAD and no cipher_init_aead. */
	int (*update_aad)(cipher_ctx *c, const uint8_t *aad, size_t len);
	/* cipher_update / cipher_do_final, the arguments checked (check_io). */
	int (*update)(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_size, size_t *out_len);
	int (*final)(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_size, size_t *out_len);
	size_t (*output_size)(const cipher_ctx *c, size_t in_len);
	/* cipher_reset of an initialised object. */
	int (*reset)(cipher_ctx *c);
	/* The IV (NULL before init) and its length (before init: the length a
	 * random one has). */
	const uint8_t *(*iv)(const cipher_ctx *c, size_t *len);
	size_t (*tag_length)(const cipher_ctx *c);
	/* Frees what the mode state holds outside the object (NULL: nothing;
	 * set whenever extra is). */
	void (*cleanup)(cipher_ctx *c);
	/* Block modes (cipher.c's buffering and padding): n whole blocks in
	 * the object's direction; the last block of a padded decryption alone
	 * (chain: the block before it, or the IV); the IV's length in blocks
	 * (0: the mode takes none, as ECB). */
	void (*blocks)(cipher_ctx *c, uint8_t *out, const uint8_t *in, size_t n);
	int (*decrypt_last)(const cipher_ctx *c, uint8_t *out, const uint8_t *last, const uint8_t *chain);
	uint8_t iv_blocks;
};

JCA__HIDDEN extern const struct jca__mode jca__mode_ecb, jca__mode_cbc, jca__mode_ctr, jca__mode_gcm,
	jca__mode_aead, jca__mode_stream, jca__mode_ccm;

/* The one place a table is chosen: the table for a name's mode
 * (JCA__MODE_*) over implementation m, by its shape. */
static inline const struct jca__mode *jca__mode_pick(uint8_t mode, const jca_impl *m)
{
	const jca_aead_impl *a = jca__as_aead(m);

	switch (mode) {
	case JCA__MODE_ECB:
		return &jca__mode_ecb;
	case JCA__MODE_CBC:
		return &jca__mode_cbc;
	case JCA__MODE_CTR:
		return &jca__mode_ctr;
	case JCA__MODE_GCM:
		/* GCM over the block table's building blocks, or an AEAD table's */
		return a ? &jca__mode_aead : &jca__mode_gcm;
	case JCA__MODE_CCM:
		return a ? &jca__mode_aead : &jca__mode_ccm;
	default:                           /* JCA__MODE_AEAD: an AEAD or a stream cipher of its own */
		return jca__as_stream(m) ? &jca__mode_stream : &jca__mode_aead;
	}
}

/* The mode the counter engine sees: an AEAD table's own algorithm named
 * with a mode other than GCM ("AES/CCM/NoPadding" from a library) runs as
 * JCA__MODE_AEAD, by the table's rules. */
static inline uint8_t jca__mode_engine(uint8_t mode, const jca_impl *m)
{
	return mode == JCA__MODE_CCM && jca__as_aead(m) ? JCA__MODE_AEAD : mode;
}

/* Points c at the mode (c->mode, c->mt). */
static inline void jca__cipher_set_mode(cipher_ctx *c, uint8_t mode)
{
	c->mode = jca__mode_engine(mode, c->base);
	c->mt = jca__mode_pick(mode, c->base);
}

/* ---- cipher.c: the buffered block engine the ECB and CBC tables use ---- */
JCA__HIDDEN int jca__block_init(cipher_ctx *c, int opmode, const void *key, size_t key_len, const void *iv,
                                size_t iv_len);
JCA__HIDDEN int jca__block_update(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out,
                                  size_t out_size, size_t *out_len);
JCA__HIDDEN int jca__block_final(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out,
                                 size_t out_size, size_t *out_len);
JCA__HIDDEN size_t jca__block_output_size(const cipher_ctx *c, size_t in_len);
JCA__HIDDEN int jca__block_reset(cipher_ctx *c);
JCA__HIDDEN const uint8_t *jca__block_iv(const cipher_ctx *c, size_t *len);
/* The mode state's size (jca__mode.extra), 0 if none. */
static inline size_t jca__mode_extra(const struct jca__mode *mt, const jca_impl *impl)
{
	return mt->extra ? mt->extra(impl) : 0;
}
/* Shared default: no tag. */
JCA__HIDDEN size_t jca__mode_no_tag(const cipher_ctx *c);

#endif
