/* SPDX-License-Identifier: Apache-2.0 */
/*
 * CTR (SP 800-38A 6.5) as a mode table over a block table's ctr32: the
 * IV is the 16-byte initial counter block, and the whole block counts up
 * as one big-endian number (as the JDK, and SP 800-38A B.1 with m = 128):
 * ctr32 runs up to each 2^32 boundary, then the carry goes into the upper
 * 96 bits. Any length, no padding, nothing held back; the object returns
 * to its IV after cipher_do_final and cipher_reset (jca/cipher.h: CTR has
 * no guard against a counter block used twice).
 */
#include <string.h>

#include "cipher_aead_int.h"
#include "cipher_mode.h"

struct ctr_state {
	uint8_t iv[16];                /* the initial counter block */
	uint8_t ctr[16];               /* the next counter block */
	uint8_t ks[16];                /* keystream of the current partial block */
	uint8_t pos;                   /* bytes of ks used (16: none left) */
};

static struct ctr_state *state_of(const cipher_ctx *c)
{
	return (struct ctr_state *)(void *)((unsigned char *)c->key + jca__align16(c->base->ctx_size));
}

static size_t ctr_extra(const jca_impl *impl)
{
	return jca__align16(impl->ctx_size) - impl->ctx_size + sizeof(struct ctr_state);
}

static void rewind_ctr(struct ctr_state *st)
{
	memcpy(st->ctr, st->iv, 16);
	jca__wipe(st->ks, sizeof st->ks);
	st->pos = 16;
}

static int ctr_init(cipher_ctx *c, int opmode, const void *key, size_t key_len, const void *iv, size_t iv_len)
{
	struct ctr_state *st = state_of(c);
	uint8_t fresh[16];

	if (iv) {
		if (iv_len != 16)
			return jca__error(JCA_IVLEN, "%s: the CTR IV (initial counter block) must be 16 bytes, got %zu",
			                  c->name, iv_len);
	} else if (opmode == JCA_DECRYPT) {
		return jca__error(JCA_NOIV, "%s: decryption needs an IV", c->name);
	} else if (iv_len && iv_len != 16) {
		return jca__error(JCA_IVLEN, "%s: a random IV is 16 bytes (iv == NULL with iv_len 0 or 16); give the IV "
		                  "for another length, not %zu", c->name, iv_len);
	} else if (jca__cipher_random_iv(fresh, 16) != 0) {
		return jca__error(JCA_RANDOM, "%s: cannot draw a random IV", c->name);
	} else {
		iv = fresh;
	}
	if (c->impl->set_key(c->key, key, key_len) != 0) {
		jca__cipher_drop_key(c);
		c->dir = 0;
		return jca__error(JCA_KEYLEN, "%s: implementation %s refused the key%s", c->name, c->base->name,
		                  jca__impl_reason());
	}
	memmove(st->iv, iv, 16);       /* (cipher_iv's own buffer may come back) */
	rewind_ctr(st);
	c->dir = (uint8_t)opmode;
	return 0;
}

/* Whole blocks from ctr on, carrying past each 2^32 boundary. */
static int blocks(cipher_ctx *c, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks)
{
	while (nblocks > 0) {
		uint64_t room = (UINT64_C(1) << 32) - jca__load_be32(ctr + 12);
		size_t n = (uint64_t)nblocks < room ? nblocks : (size_t)room;

		if (c->impl->ctr32(c->key, ctr, out, in, n) != 0)
			return -1;
		if (n == room)
			for (int i = 11; i >= 0 && ++ctr[i] == 0; i--)
				;
		in += 16 * n;
		out += 16 * n;
		nblocks -= n;
	}
	return 0;
}

/* out = in XOR the keystream from where the last call stopped. */
static int crypt(cipher_ctx *c, struct ctr_state *st, uint8_t *out, const uint8_t *in, size_t len)
{
	size_t n;

	while (len && st->pos < 16) {
		*out++ = (uint8_t)(*in++ ^ st->ks[st->pos++]);
		len--;
	}
	n = len / 16;
	if (n && blocks(c, st->ctr, out, in, n) != 0)
		return -1;
	in += 16 * n;
	out += 16 * n;
	len -= 16 * n;
	if (len) {
		memset(st->ks, 0, 16);
		if (blocks(c, st->ctr, st->ks, st->ks, 1) != 0)
			return -1;
		for (st->pos = 0; st->pos < len; st->pos++)
			out[st->pos] = (uint8_t)(in[st->pos] ^ st->ks[st->pos]);
	}
	return 0;
}

static int failed(cipher_ctx *c, const char *fn, uint8_t *out, size_t n)
{
	if (n)
		jca__wipe(out, n);
	c->dir = 0;
	return jca__error(JCA_IMPL, "%s: %s: implementation %s failed%s; call cipher_init", fn, c->name, c->base->name,
	                  jca__impl_reason());
}

static int ctr_update(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_size,
                      size_t *out_len)
{
	if (out_size < in_len)
		return jca__error(JCA_BUFSIZE, "cipher_update: output needs %zu bytes, got %zu", in_len, out_size);
	if (crypt(c, state_of(c), out, in, in_len) != 0)
		return failed(c, "cipher_update", out, in_len);
	*out_len = in_len;
	return 0;
}

static int ctr_final(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_size,
                     size_t *out_len)
{
	struct ctr_state *st = state_of(c);

	if (out_size < in_len)
		return jca__error(JCA_BUFSIZE, "cipher_do_final: output needs %zu bytes, got %zu", in_len, out_size);
	if (crypt(c, st, out, in, in_len) != 0) {
		rewind_ctr(st);
		return failed(c, "cipher_do_final", out, in_len);
	}
	rewind_ctr(st);
	*out_len = in_len;
	return 0;
}

static size_t ctr_output_size(const cipher_ctx *c, size_t in_len)
{
	(void)c;
	return in_len;
}

static int ctr_reset(cipher_ctx *c)
{
	rewind_ctr(state_of(c));
	return 0;
}

static const uint8_t *ctr_iv(const cipher_ctx *c, size_t *len)
{
	*len = 16;
	return c->dir ? state_of(c)->iv : NULL;
}

static void ctr_cleanup(cipher_ctx *c)
{
	(void)c;
}

const struct jca__mode jca__mode_ctr = {
	.extra = ctr_extra, .init = ctr_init, .update_aad = NULL, .update = ctr_update, .final = ctr_final,
	.output_size = ctr_output_size, .reset = ctr_reset, .iv = ctr_iv, .tag_length = jca__mode_no_tag,
	.cleanup = ctr_cleanup,
};
