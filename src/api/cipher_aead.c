/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The AEAD engine: AES/GCM (SP 800-38D) over a block table's building
 * blocks (ctr32 / ghash / gcm_init / gcm_encrypt, in cipher_gcm.c), and
 * the AEAD tables' message-level functions (jca_aead_impl, in
 * cipher_aead_msg.c: GCM through a library or a token, ChaCha20-Poly1305,
 * CCM through a library). See jca/cipher.h for the contract.
 *
 * GCM encryption streams: ciphertext leaves with each update, the tag is
 * appended by cipher_do_final. GCM decryption releases nothing before the
 * tag has been checked: updates only collect the ciphertext (in a heap
 * buffer of this object), and cipher_do_final hashes it, compares the tag
 * in constant time and only then decrypts into the output. A failed tag
 * writes nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "cipher_aead_int.h"

int jca__aead_impl_failed(cipher_ctx *c, const char *fn, void *out, size_t n)
{
	if (out && n)
		jca__wipe(out, n);
	c->failed = 0;
	c->dir = 0;
	return jca__error(JCA_IMPL, "%s: %s: implementation %s failed%s; call cipher_init", fn, c->name,
	                  c->base->name, jca__impl_reason());
}

size_t jca__aead_extra(const jca_impl *impl)
{
	return jca__align16(impl->ctx_size) - impl->ctx_size + sizeof(struct jca__aead);
}

int jca__aead_limit_error(const cipher_ctx *c)
{
	if (c->mode == JCA__MODE_GCM)
		return jca__error(JCA_LIMIT, "%s: more than 2^36 - 32 bytes of data for one key and IV", c->name);
	return jca__error(JCA_LIMIT, "%s: more than %llu bytes of data for one key and nonce", c->name,
	                  (unsigned long long)jca__aead_max_data(c));
}

int jca__aead_short_error(const cipher_ctx *c, size_t n, size_t tag_len)
{
	return jca__error(JCA_BADTAG, "%s: input of %zu bytes is shorter than the %u-byte tag", c->name, n,
	                  (unsigned)tag_len);
}

void jca__aead_free_secret(uint8_t **p, size_t len)
{
	if (*p) {
		jca__wipe(*p, len);
		free(*p);
		*p = NULL;
	}
}

void jca__aead_cleanup(cipher_ctx *c)
{
	struct jca__aead *st = jca__aead_state(c);

	jca__aead_free_secret(&st->buf, st->bcap);
	st->blen = st->bcap = 0;
	jca__aead_free_secret(&st->iv_long, st->iv_len);
	st->iv_len = 0;
	jca__aead_free_secret(&st->abuf, st->acap);
	st->acap = 0;
}

int jca__aead_append(uint8_t **buf, size_t *cap, size_t have, const uint8_t *in, size_t n)
{
	if (have + n > *cap) {
		size_t c = *cap ? *cap : 256;
		uint8_t *nb;

		while (c < have + n)
			c *= 2;
		/* a new buffer rather than realloc, so the old one can be wiped */
		nb = malloc(c);
		if (!nb)
			return -1;
		if (have)
			memcpy(nb, *buf, have);
		jca__aead_free_secret(buf, *cap);
		*buf = nb;
		*cap = c;
	}
	if (n)
		memcpy(*buf + have, in, n);
	return 0;
}

/* ---- init ---------------------------------------------------------------- */

/* An AEAD table's own rules (JCA_AEAD_NONCE): one tag length, one nonce
 * length; draws a random nonce when none is given (into fresh). */
static int check_nonce_params(cipher_ctx *c, int opmode, const void **iv, size_t *iv_len, size_t *tag_bits,
                              uint8_t fresh[JCA__AEAD_ID])
{
	const jca_aead_impl *a = c->aead;
	size_t nl = a->nonce_len, tl = a->tag_len;
	int range = a->rules == JCA_AEAD_RANGE;

	if (*tag_bits == 0)
		*tag_bits = tl * 8;
	if (range ? !jca__aead_tag_ok(a, *tag_bits / 8) : *tag_bits != tl * 8) {
		if (range)
			return jca__error(JCA_EINVAL, "%s: the tag is %zu to %zu bytes in steps of %zu, got %zu", c->name,
			                  a->tag_min, a->tag_max, a->tag_step, *tag_bits / 8);
		return jca__error(JCA_EINVAL, "%s: the tag is %zu bytes, got %zu", c->name, tl, *tag_bits / 8);
	}
	if (*iv && range) {
		if (*iv_len < a->nonce_min || *iv_len > a->nonce_max)
			return jca__error(JCA_IVLEN, "%s: the nonce must be %zu to %zu bytes, got %zu", c->name, a->nonce_min,
			                  a->nonce_max, *iv_len);
		return 0;
	}
	if (*iv) {
		if (*iv_len != nl)
			return jca__error(JCA_IVLEN, "%s: the nonce must be %zu bytes, got %zu", c->name, nl, *iv_len);
		return 0;
	}
	if (opmode == JCA_DECRYPT)
		return jca__error(JCA_NOIV, "%s: decryption needs the nonce", c->name);
	if (*iv_len && *iv_len != nl)
		return jca__error(JCA_IVLEN, "%s: a random nonce is %zu bytes (iv == NULL with iv_len 0 or %zu), "
		                  "not %zu", c->name, nl, nl, *iv_len);
	if (jca__cipher_random_iv(fresh, nl) != 0)
		return jca__error(JCA_RANDOM, "%s: cannot draw a random nonce", c->name);
	*iv = fresh;
	*iv_len = nl;
	return 0;
}

/* Checks the tag length and the IV; draws a random IV when none is given
 * (into fresh). */
static int check_params(cipher_ctx *c, int opmode, const void **iv, size_t *iv_len, size_t *tag_bits,
                        uint8_t fresh[JCA__AEAD_ID])
{
	if (c->mode == JCA__MODE_AEAD)      /* an AEAD table's own rules */
		return check_nonce_params(c, opmode, iv, iv_len, tag_bits, fresh);
	/* GCM's */
	if (*tag_bits == 0)
		*tag_bits = 128;
	if (!(*tag_bits == 32 || *tag_bits == 64 || (*tag_bits >= 96 && *tag_bits <= 128 && *tag_bits % 8 == 0)))
		return jca__error(JCA_EINVAL, "%s: tag length must be 96, 104, 112, 120 or 128 bits "
		                  "(or 32 or 64, SP 800-38D Appendix C), got %zu", c->name, *tag_bits);
	if (*iv) {
		if (*iv_len == 0 || (uint64_t)*iv_len > GCM_MAX_AAD)
			return jca__error(JCA_IVLEN, "%s: the GCM IV must not be empty (12 bytes recommended)", c->name);
	} else if (opmode == JCA_DECRYPT) {
		return jca__error(JCA_NOIV, "%s: decryption needs an IV", c->name);
	} else {
		size_t want = 12;

		if (*iv_len && *iv_len != want)
			return jca__error(JCA_IVLEN, "%s: a random IV is %zu bytes (iv == NULL with iv_len 0 or %zu); "
			                  "give the IV for another length, not %zu", c->name, want, want, *iv_len);
		if (jca__cipher_random_iv(fresh, want) != 0)
			return jca__error(JCA_RANDOM, "%s: cannot draw a random IV", c->name);
		*iv = fresh;
		*iv_len = want;
	}
	return 0;
}

int jca__aead_init(cipher_ctx *c, int opmode, const void *key, size_t key_len, const void *iv, size_t iv_len)
{
	size_t tag_bits = (size_t)c->tag_req * 8;
	struct jca__aead *st = jca__aead_state(c);
	int msg = jca__aead_msg(c), same_key, rc;
	uint8_t fresh[JCA__AEAD_ID], *ivcopy;
	struct jca__gcm_iv g;

	if ((rc = check_params(c, opmode, &iv, &iv_len, &tag_bits, fresh)) != 0)
		return rc;
	if (key_len > sizeof st->cur_key)
		return jca__error(JCA_KEYLEN, "%s: key of %zu bytes", c->name, key_len);
	/* A new IV under the key already loaded (the usual GCM pattern: one
	 * key, a fresh IV per message) keeps the schedule and hash key. */
	same_key = key_len && key_len == st->cur_key_len && c->dir && !jca__ct_diff(key, st->cur_key, key_len);
	if ((rc = jca__gcm_iv_check(c, st, opmode, key, key_len, same_key, iv, iv_len, &g)) != 0)
		return rc;
	ivcopy = NULL;
	if (iv_len > sizeof st->iv_short) {
		ivcopy = malloc(iv_len);
		if (!ivcopy) {
			jca__wipe(&g, sizeof g);
			return jca__error(JCA_ENOMEM, "%s: out of memory", c->name);
		}
		memcpy(ivcopy, iv, iv_len);
	}
	if (same_key) {
		/* nothing to redo */
	} else if ((msg ? c->aead->set_key : c->impl->set_key)(c->key, key, key_len) != 0) {
		jca__aead_free_secret(&ivcopy, iv_len);
		jca__wipe(&g, sizeof g);
		jca__cipher_drop_key(c);
		c->dir = 0;
		st->cur_key_len = 0;
		st->h_set = 0;
		return jca__error(JCA_KEYLEN, "%s: implementation %s refused the key%s", c->name, c->base->name,
		                  jca__impl_reason());
	} else {
		if (!msg)
			CHK(c->impl->gcm_init(c->key, st->gkey));
		memcpy(st->cur_key, key, key_len);
		st->cur_key_len = (uint8_t)key_len;
		st->h_set = 0;
	}
	jca__aead_free_secret(&st->iv_long, st->iv_len);
	if (ivcopy) {
		st->iv_long = ivcopy;
	} else if (iv != st->iv_short && iv_len == 12) {
		/* the usual IV: fixed-size moves, no library calls; the bytes
		 * after it cleared as below */
		memcpy(st->iv_short, iv, 12);
		memset(st->iv_short + 12, 0, sizeof st->iv_short - 12);
	} else if (iv != st->iv_short) {       /* (cipher_iv's own buffer given back) */
		jca__wipe(st->iv_short, sizeof st->iv_short);
		memcpy(st->iv_short, iv, iv_len);
	}
	st->iv_len = iv_len;
	jca__gcm_iv_commit(c, st, opmode, key, key_len, iv, &g);
	st->tag_len = (uint8_t)(tag_bits / 8);
	c->dir = (uint8_t)opmode;
	st->released = 0;
	jca__aead_rewind(c, st);
	if (c->failed) {
		st->init_set = 0;
		st->cur_key_len = 0;
		st->h_set = 0;
		return jca__aead_impl_failed(c, "cipher_init", NULL, 0);
	}
	return 0;
}

int jca__aead_reset(cipher_ctx *c)
{
	struct jca__aead *st = jca__aead_state(c);

	jca__aead_rewind(c, st);
	if (c->dir == JCA_ENCRYPT && st->released) {
		st->state = ST_DONE;
		return jca__error(JCA_IVREUSE, "cipher_reset: %s: this encryption has released output under its key and "
		                  "IV, which must not encrypt again; the data is dropped: call cipher_init with a new IV",
		                  c->name);
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

/* cipher_update_aad of GCM and the AEAD tables, the arguments checked
 * (cipher.c). */
int jca__aead_update_aad(cipher_ctx *c, const uint8_t *aad, size_t len)
{
	struct jca__aead *st = jca__aead_state(c);
	const uint8_t *p = aad;
	size_t pos, n;
	int rc;

	if ((rc = check_live(c, st, "cipher_update_aad")) != 0)
		return rc;
	if (st->state != ST_AAD)
		return jca__error(JCA_EINVAL, "cipher_update_aad: AAD must come before any data (%s)", c->name);
	if (len > GCM_MAX_AAD - st->aad_len)
		return jca__error(JCA_LIMIT, "cipher_update_aad: more than 2^61 - 1 bytes of AAD");
	if (jca__aead_msg(c))
		return jca__msg_aad(c, st, p, len);
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
	return c->failed ? jca__aead_impl_failed(c, "cipher_update_aad", NULL, 0) : 0;
}

int jca__aead_hold(cipher_ctx *c, struct jca__aead *st, const uint8_t *in, size_t in_len)
{
	size_t total;

	if (!in_len)
		return 0;
	total = st->blen + in_len;
	if (total < st->blen || (total > st->tag_len && (uint64_t)(total - st->tag_len) > jca__aead_max_data(c)))
		return jca__aead_limit_error(c);
	if (jca__aead_append(&st->buf, &st->bcap, st->blen, in, in_len) != 0)
		return jca__error(JCA_ENOMEM, "%s: out of memory holding %zu bytes of ciphertext", c->name,
		                  st->blen + in_len);
	st->blen += in_len;
	return 0;
}

int jca__aead_update(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_size,
                     size_t *out_len)
{
	struct jca__aead *st = jca__aead_state(c);
	int rc;

	if ((rc = check_live(c, st, "cipher_update")) != 0)
		return rc;
	if (jca__aead_holds(c)) {
		if ((rc = jca__aead_hold(c, st, in, in_len)) != 0)
			return rc;
		jca__gcm_start_data(c, st);
		*out_len = 0;
		return c->failed ? jca__aead_impl_failed(c, "cipher_update", NULL, 0) : 0;
	}
	if (out_size < in_len)
		return jca__error(JCA_BUFSIZE, "cipher_update: output needs %zu bytes, got %zu", in_len, out_size);
	if (in_len > jca__aead_max_data(c) - st->data_len)
		return jca__aead_limit_error(c);
	if (in_len)
		jca__gcm_release(c, st);
	if (jca__aead_msg(c)) {
		jca__msg_encrypt(c, st, out, in, in_len);
		if (c->failed)
			return jca__aead_impl_failed(c, "cipher_update", out, in_len);
		*out_len = in_len;
		return 0;
	}
	jca__gcm_start_data(c, st);
	jca__aead_crypt(c, st, out, in, in_len, 1);
	if (c->failed)
		return jca__aead_impl_failed(c, "cipher_update", out, in_len);
	*out_len = in_len;
	return 0;
}

size_t jca__aead_output_size(const cipher_ctx *c, size_t in_len)
{
	const struct jca__aead *st = jca__aead_state(c);

	if (c->dir == JCA_DECRYPT) {
		/* held + in_len - tag, exact unless it exceeds SIZE_MAX (held is
		 * at most 2^36 bytes, so the sum below cannot wrap) */
		if (in_len >= st->tag_len)
			return jca__sat_add(in_len - st->tag_len, st->blen);
		return st->blen + in_len > st->tag_len ? st->blen + in_len - st->tag_len : 0;
	}
	return jca__sat_add(jca__sat_add(in_len, st->blen), c->dir ? st->tag_len : jca__aead_tag_length(c));
}

/* Decryption of the whole message ct (ct_len bytes, tag included). */
static int gcm_open(cipher_ctx *c, struct jca__aead *st, const uint8_t *ct, size_t ct_len, uint8_t *out,
                    size_t out_size, size_t *out_len)
{
	size_t len;
	uint8_t tag[16];
	unsigned bad;

	if (ct_len < st->tag_len) {
		jca__aead_rewind(c, st);
		return jca__aead_short_error(c, ct_len, st->tag_len);
	}
	len = ct_len - st->tag_len;
	if ((uint64_t)len > GCM_MAX_DATA)
		return jca__aead_limit_error(c);
	if (out_size < len)
		return jca__error(JCA_BUFSIZE, "cipher_do_final: output needs %zu bytes, got %zu", len, out_size);
	jca__gcm_start_data(c, st);
	jca__gcm_ghash_padded(c, st->gkey, st->xi, ct, len);
	st->data_len = len;
	jca__gcm_tag(c, st, tag);
	bad = jca__ct_diff(tag, ct + len, st->tag_len);
	jca__wipe(tag, sizeof tag);
	if (c->failed) {
		jca__aead_rewind(c, st);
		return jca__aead_impl_failed(c, "cipher_do_final", NULL, 0);
	}
	if (bad) {
		jca__aead_rewind(c, st);
		return jca__error(JCA_BADTAG, "%s: tag mismatch: wrong key, IV or AAD, or corrupted data", c->name);
	}
	st->data_len = 0;
	jca__aead_crypt(c, st, out, ct, len, 0);
	jca__aead_rewind(c, st);
	if (c->failed)
		return jca__aead_impl_failed(c, "cipher_do_final", out, len);
	*out_len = len;
	return 0;
}

int jca__aead_final(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_size,
                    size_t *out_len)
{
	struct jca__aead *st = jca__aead_state(c);
	uint8_t tag[16];
	int rc;

	if ((rc = check_live(c, st, "cipher_do_final")) != 0)
		return rc;
	if (jca__aead_holds(c)) {
		if (jca__aead_msg(c))
			return c->dir == JCA_DECRYPT ? jca__msg_open(c, st, in, in_len, out, out_size, out_len)
			                             : jca__msg_seal(c, st, in, in_len, out, out_size, out_len);
		if (st->blen == 0)
			return gcm_open(c, st, in, in_len, out, out_size, out_len);
		if (out_size < jca__aead_output_size(c, in_len))
			return jca__error(JCA_BUFSIZE, "cipher_do_final: output needs %zu bytes, got %zu",
			                  jca__aead_output_size(c, in_len), out_size);
		if ((rc = jca__aead_hold(c, st, in, in_len)) != 0)
			return rc;
		return gcm_open(c, st, st->buf, st->blen, out, out_size, out_len);
	}
	if (out_size < jca__aead_output_size(c, in_len))
		return jca__error(JCA_BUFSIZE, "cipher_do_final: output needs %zu bytes, got %zu",
		                  jca__aead_output_size(c, in_len), out_size);
	if (in_len > jca__aead_max_data(c) - st->data_len)
		return jca__aead_limit_error(c);
	jca__gcm_release(c, st);
	if (jca__aead_msg(c)) {
		jca__msg_encrypt(c, st, out, in, in_len);
		if (!c->failed)
			jca__msg_tag(c, st, tag);
	} else {
		jca__gcm_start_data(c, st);
		jca__aead_crypt(c, st, out, in, in_len, 1);
		jca__gcm_close_data(c, st);
		jca__gcm_tag(c, st, tag);
	}
	if (c->failed) {
		jca__wipe(tag, sizeof tag);
		jca__aead_rewind(c, st);
		return jca__aead_impl_failed(c, "cipher_do_final", out, in_len);
	}
	if (st->tag_len == 16)
		memcpy(out + in_len, tag, 16);         /* (two moves, not rep movs) */
	else
		memcpy(out + in_len, tag, st->tag_len);
	jca__wipe(tag, sizeof tag);
	*out_len = in_len + st->tag_len;
	jca__aead_rewind(c, st);
	st->state = ST_DONE;
	return 0;
}

const uint8_t *jca__aead_iv(const cipher_ctx *c, size_t *len)
{
	const struct jca__aead *st = jca__aead_state(c);

	if (!c->dir) {
		*len = c->mode == JCA__MODE_AEAD ? c->aead->nonce_len : 12;
		return NULL;
	}
	*len = st->iv_len;
	return jca__aead_iv_of(st);
}

size_t jca__aead_tag_length(const cipher_ctx *c)
{
	if (c->dir)
		return jca__aead_state(c)->tag_len;
	return c->mode == JCA__MODE_AEAD ? jca__aead_default_tag(c->aead) : 16;
}

