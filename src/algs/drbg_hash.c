/* SPDX-License-Identifier: Apache-2.0 */
/* Hash_DRBG, NIST SP 800-90A Rev. 1 section 10.1.1. See drbg.h. */
#include <string.h>

#include "drbg.h"
#include "../util/bytes.h"

typedef jca__hash_drbg_state st_t;

static void wipe(void *p, size_t n)
{
	volatile uint8_t *v = p;

	while (n--)
		*v++ = 0;
}

/* seedlen: 440 bits for outlen <= 256 bits, 888 bits above (table 2). */
static size_t seed_len(const jca__drbg_prim *p)
{
	return p->hash.out_len > 32 ? 111 : 55;
}

/* Hash_df (10.3.1) of the concatenation of up to four strings, writing
 * nbytes. */
static int hash_df(const jca__drbg_hash *h, uint8_t *out, size_t nbytes,
                    const uint8_t *s0, size_t n0, const uint8_t *s1, size_t n1,
                    const uint8_t *s2, size_t n2, const uint8_t *s3, size_t n3)
{
	_Alignas(16) uint8_t ctx[JCA__DRBG_HASH_CTX_MAX];
	uint8_t hdr[5], tmp[JCA__DRBG_HASH_OUT_MAX];
	uint32_t bits = (uint32_t)nbytes * 8;
	size_t done = 0;
	int err = 0;

	hdr[0] = 1;
	jca__store_be32(hdr + 1, bits);
	while (done < nbytes) {
		size_t take = nbytes - done < h->out_len ? nbytes - done : h->out_len;

		err |= h->init(ctx);
		err |= h->update(ctx, hdr, 5);
		if (n0)
			err |= h->update(ctx, s0, n0);
		if (n1)
			err |= h->update(ctx, s1, n1);
		if (n2)
			err |= h->update(ctx, s2, n2);
		if (n3)
			err |= h->update(ctx, s3, n3);
		if (take == h->out_len) {
			err |= h->final(ctx, out + done, take);
		} else {
			err |= h->final(ctx, tmp, h->out_len);
			memcpy(out + done, tmp, take);
		}
		done += take;
		hdr[0]++;
	}
	wipe(tmp, sizeof tmp);
	wipe(ctx, h->ctx_size);
	return err;
}

/* a = (a + b) mod 2^(8 alen), both big-endian; b is blen <= alen bytes. */
static void add_be(uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
	unsigned carry = 0;
	size_t i;

	for (i = 0; i < alen; i++) {
		unsigned s = a[alen - 1 - i] + carry + (i < blen ? b[blen - 1 - i] : 0);

		a[alen - 1 - i] = (uint8_t)s;
		carry = s >> 8;
	}
}

static int new_c(st_t *s)
{
	static const uint8_t zero = 0;

	s->reseed_counter = 1;
	return hash_df(&s->h, s->C, s->seedlen, &zero, 1, s->V, s->seedlen, NULL, 0, NULL, 0);
}

static int instantiate(void *st, const jca__drbg_prim *p, const uint8_t *ent, size_t ent_len,
                        const uint8_t *nonce, size_t nonce_len, const uint8_t *pers, size_t pers_len)
{
	st_t *s = st;

	memset(s, 0, sizeof *s);
	s->h = p->hash;
	s->seedlen = (uint32_t)seed_len(p);
	if (hash_df(&s->h, s->V, s->seedlen, ent, ent_len, nonce, nonce_len, pers, pers_len, NULL, 0))
		return -1;
	return new_c(s);
}

static int reseed(void *st, const uint8_t *ent, size_t ent_len, const uint8_t *add, size_t add_len)
{
	static const uint8_t one = 1;
	st_t *s = st;
	uint8_t v[JCA__DRBG_HASH_SEED_MAX];
	int err;

	memcpy(v, s->V, s->seedlen);
	err = hash_df(&s->h, s->V, s->seedlen, &one, 1, v, s->seedlen, ent, ent_len, add, add_len);
	wipe(v, sizeof v);
	return err ? err : new_c(s);
}

/* Hash(prefix || V || add) */
static int hash3(const st_t *s, void *ctx, uint8_t *out, uint8_t prefix, const uint8_t *add, size_t add_len)
{
	int err = s->h.init(ctx);

	err |= s->h.update(ctx, &prefix, 1);
	err |= s->h.update(ctx, s->V, s->seedlen);
	if (add_len)
		err |= s->h.update(ctx, add, add_len);
	return err | s->h.final(ctx, out, s->h.out_len);
}

static int generate(void *st, uint8_t *out, size_t out_len, const uint8_t *add, size_t add_len)
{
	st_t *s = st;
	_Alignas(16) uint8_t ctx[JCA__DRBG_HASH_CTX_MAX];
	uint8_t w[JCA__DRBG_HASH_OUT_MAX], data[JCA__DRBG_HASH_SEED_MAX], cnt[8];
	static const uint8_t one = 1;
	size_t ol = s->h.out_len, done = 0;
	uint64_t rc = s->reseed_counter;
	int i, err = 0;

	if (add_len) {
		err |= hash3(s, ctx, w, 0x02, add, add_len);
		add_be(s->V, s->seedlen, w, ol);
	}
	/* Hashgen (10.1.1.4) */
	memcpy(data, s->V, s->seedlen);
	while (done < out_len) {
		size_t take = out_len - done < ol ? out_len - done : ol;

		err |= s->h.init(ctx);
		err |= s->h.update(ctx, data, s->seedlen);
		if (take == ol) {
			err |= s->h.final(ctx, out + done, ol);
		} else {
			err |= s->h.final(ctx, w, ol);
			memcpy(out + done, w, take);
		}
		done += take;
		add_be(data, s->seedlen, &one, 1);
	}
	err |= hash3(s, ctx, w, 0x03, NULL, 0);
	add_be(s->V, s->seedlen, w, ol);
	add_be(s->V, s->seedlen, s->C, s->seedlen);
	for (i = 0; i < 8; i++)
		cnt[i] = (uint8_t)(rc >> (56 - 8 * i));
	add_be(s->V, s->seedlen, cnt, 8);
	s->reseed_counter = rc + 1;
	wipe(w, sizeof w);
	wipe(data, sizeof data);
	wipe(ctx, s->h.ctx_size);
	return err;
}

const jca__drbg_mech jca__hash_drbg = {
	.name = "Hash_DRBG", .state_size = sizeof(st_t), .seed_len = seed_len,
	.instantiate = instantiate, .reseed = reseed, .generate = generate
};
