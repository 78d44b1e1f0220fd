/* SPDX-License-Identifier: Apache-2.0 */
/* HMAC_DRBG, NIST SP 800-90A Rev. 1 section 10.1.2. See drbg.h.
 * The state keeps the keyed inner and outer hash states of HMAC(K, .), so
 * each HMAC of V costs the two compressions of its data only. */
#include <string.h>

#include "drbg.h"

typedef jca__hmac_drbg_state st_t;

static void wipe(void *p, size_t n)
{
	volatile uint8_t *v = p;

	while (n--)
		*v++ = 0;
}

static size_t seed_len(const jca__drbg_prim *p)
{
	return p->hash.out_len;
}

/* Keys inner/outer with K (out_len <= block_size bytes). */
static int set_key(st_t *s)
{
	uint8_t pad[256];
	size_t bl = s->h.block_size, i;
	int err;

	for (i = 0; i < bl; i++)
		pad[i] = (uint8_t)((i < s->h.out_len ? s->K[i] : 0) ^ 0x36);
	err = s->h.init(s->inner);
	err |= s->h.update(s->inner, pad, bl);
	for (i = 0; i < bl; i++)
		pad[i] ^= 0x36 ^ 0x5c;
	err |= s->h.init(s->outer);
	err |= s->h.update(s->outer, pad, bl);
	wipe(pad, bl);
	return err;
}

/* out = HMAC(K, V || [sep] || a || b || c); sep < 0 means none. */
static int hmac(const st_t *s, uint8_t *out, int sep, const uint8_t *a, size_t an,
                 const uint8_t *b, size_t bn, const uint8_t *c, size_t cn)
{
	_Alignas(16) uint8_t ctx[JCA__DRBG_HASH_CTX_MAX];
	uint8_t t[JCA__DRBG_HASH_OUT_MAX], sb = (uint8_t)sep;
	size_t ol = s->h.out_len;
	int err;

	memcpy(ctx, s->inner, s->h.ctx_size);
	err = s->h.update(ctx, s->V, ol);
	if (sep >= 0)
		err |= s->h.update(ctx, &sb, 1);
	if (an)
		err |= s->h.update(ctx, a, an);
	if (bn)
		err |= s->h.update(ctx, b, bn);
	if (cn)
		err |= s->h.update(ctx, c, cn);
	err |= s->h.final(ctx, t, ol);
	memcpy(ctx, s->outer, s->h.ctx_size);
	err |= s->h.update(ctx, t, ol);
	err |= s->h.final(ctx, out, ol);
	wipe(t, ol);
	wipe(ctx, s->h.ctx_size);
	return err;
}

/* HMAC_DRBG_Update (10.1.2.2) with provided_data = a || b || c. */
static int update(st_t *s, const uint8_t *a, size_t an, const uint8_t *b, size_t bn,
                   const uint8_t *c, size_t cn)
{
	int provided = an + bn + cn != 0, err;

	err = hmac(s, s->K, 0x00, a, an, b, bn, c, cn);
	err |= set_key(s);
	err |= hmac(s, s->V, -1, NULL, 0, NULL, 0, NULL, 0);
	if (!provided)
		return err;
	err |= hmac(s, s->K, 0x01, a, an, b, bn, c, cn);
	err |= set_key(s);
	return err | hmac(s, s->V, -1, NULL, 0, NULL, 0, NULL, 0);
}

static int instantiate(void *st, const jca__drbg_prim *p, const uint8_t *ent, size_t ent_len,
                        const uint8_t *nonce, size_t nonce_len, const uint8_t *pers, size_t pers_len)
{
	st_t *s = st;

	memset(s, 0, sizeof *s);
	s->h = p->hash;
	memset(s->K, 0x00, s->h.out_len);
	memset(s->V, 0x01, s->h.out_len);
	if (set_key(s))
		return -1;
	return update(s, ent, ent_len, nonce, nonce_len, pers, pers_len);
}

static int reseed(void *st, const uint8_t *ent, size_t ent_len, const uint8_t *add, size_t add_len)
{
	return update(st, ent, ent_len, add, add_len, NULL, 0);
}

static int generate(void *st, uint8_t *out, size_t out_len, const uint8_t *add, size_t add_len)
{
	st_t *s = st;
	size_t ol = s->h.out_len, done = 0;
	int err = 0;

	if (add_len)
		err |= update(s, add, add_len, NULL, 0, NULL, 0);
	while (done < out_len) {
		size_t take = out_len - done < ol ? out_len - done : ol;

		err |= hmac(s, s->V, -1, NULL, 0, NULL, 0, NULL, 0);
		memcpy(out + done, s->V, take);
		done += take;
	}
	return err | update(s, add, add_len, NULL, 0, NULL, 0);
}

const jca__drbg_mech jca__hmac_drbg = {
	.name = "HMAC_DRBG", .state_size = sizeof(st_t), .seed_len = seed_len,
	.instantiate = instantiate, .reseed = reseed, .generate = generate
};
