/* SPDX-License-Identifier: Apache-2.0 */
/*
 * argon2.c - Argon2id (RFC 9106, version 0x13) over the example plugin's
 * BLAKE2b (blake2.c), as a libjca KDF service "Argon2id".
 *
 * kdf_params: secret = the password P, salt = S (8 bytes or more), key =
 * the secret K (optional), info = the associated data X (optional),
 * iterations = the passes t (at least 1), cost = the memory m in KiB (at
 * least 8 * p), parallelism = the lanes p (1 to 2^24 - 1); block_size and
 * mode unused (0). The output length is the tag length T (4 bytes or
 * more). The lanes are computed one after the other (the result does not
 * depend on it); memory is m' = 4 p floor(m / 4p) blocks of 1 KiB,
 * allocated by each derive and wiped before it is freed.
 *
 * Argon2id is data-independent in the first half of the first pass and
 * data-dependent afterwards (RFC 9106 section 3.4.1.3): its memory access
 * pattern depends on the password by design, as every Argon2id does.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jca/plugin.h>
#include <jca/kdf.h>

#include "argon2.h"
#include "blake2.h"

#define BLOCK_WORDS 128                /* a block: 1024 bytes, 128 64-bit words */
#define SYNC_POINTS 4                  /* slices per pass */
#define VERSION 0x13
#define TYPE_ID 2                      /* Argon2id */
#define MAX_LANES 0xffffffu

typedef struct block {
	uint64_t v[BLOCK_WORDS];
} block;

typedef struct argon2_ctx {
	uint8_t *data;                     /* P || S || K || X, owned */
	size_t p_len, s_len, k_len, x_len;
	uint32_t t, m, lanes;
} argon2_ctx;

void (*ex__set_error)(const char *message);

static int refuse(const char *why)
{
	if (ex__set_error)
		ex__set_error(why);
	return JCA_KDF_BAD_PARAM;
}

static void store32(uint8_t *p, uint32_t x)
{
	p[0] = (uint8_t)x;
	p[1] = (uint8_t)(x >> 8);
	p[2] = (uint8_t)(x >> 16);
	p[3] = (uint8_t)(x >> 24);
}

static void wipe(void *p, size_t n)
{
	volatile uint8_t *v = p;

	while (n--)
		*v++ = 0;
}

/* BLAKE2b with LE32(len) || data absorbed: the start of H0 and H'. */
static void hash_len32(ex_blake2b *h, uint32_t x)
{
	uint8_t le[4];

	store32(le, x);
	ex_blake2b_update(h, le, 4);
}

/* H'^T(in), RFC 9106 section 3.3: out_len bytes of a variable-length hash. */
static void hprime(uint8_t *out, size_t out_len, const uint8_t *in, size_t in_len)
{
	ex_blake2b h;
	uint8_t v[EX_BLAKE2B_OUT];

	ex_blake2b_init(&h, out_len <= EX_BLAKE2B_OUT ? out_len : EX_BLAKE2B_OUT, NULL, 0);
	hash_len32(&h, (uint32_t)out_len);
	ex_blake2b_update(&h, in, in_len);
	if (out_len <= EX_BLAKE2B_OUT) {
		ex_blake2b_final(&h, out);
	} else {
		/* V1 = H^64(LE32(T) || A); Vi = H^64(Vi-1); each gives its first 32
		 * bytes; the last, V(r+1) = H^(T-32r)(Vr), gives all of its own. */
		size_t r = (out_len + 31) / 32 - 2, i;

		ex_blake2b_final(&h, v);
		memcpy(out, v, 32);
		for (i = 1; i < r; i++) {
			ex_blake2b_init(&h, EX_BLAKE2B_OUT, NULL, 0);
			ex_blake2b_update(&h, v, EX_BLAKE2B_OUT);
			ex_blake2b_final(&h, v);
			memcpy(out + 32 * i, v, 32);
		}
		ex_blake2b_init(&h, out_len - 32 * r, NULL, 0);
		ex_blake2b_update(&h, v, EX_BLAKE2B_OUT);
		ex_blake2b_final(&h, out + 32 * r);
	}
	wipe(v, sizeof v);
	wipe(&h, sizeof h);
}

static uint64_t rotr64(uint64_t x, unsigned n)
{
	return (x >> n) | (x << (64 - n));
}

/* GB of RFC 9106 section 3.6: BLAKE2b's G with the multiplications of
 * BlaMka (a + b + 2 * lo32(a) * lo32(b)). */
static uint64_t fblamka(uint64_t a, uint64_t b)
{
	return a + b + 2 * (uint64_t)(uint32_t)a * (uint32_t)b;
}

#define GB(a, b, c, d) do { \
		a = fblamka(a, b); d = rotr64(d ^ a, 32); \
		c = fblamka(c, d); b = rotr64(b ^ c, 24); \
		a = fblamka(a, b); d = rotr64(d ^ a, 16); \
		c = fblamka(c, d); b = rotr64(b ^ c, 63); \
	} while (0)

/* The permutation P on the 16 words at w[i[0]], ..., w[i[15]]. */
static void perm(uint64_t *w, const unsigned i[16])
{
	uint64_t v[16];
	int k;

	for (k = 0; k < 16; k++)
		v[k] = w[i[k]];
	GB(v[0], v[4], v[8], v[12]);
	GB(v[1], v[5], v[9], v[13]);
	GB(v[2], v[6], v[10], v[14]);
	GB(v[3], v[7], v[11], v[15]);
	GB(v[0], v[5], v[10], v[15]);
	GB(v[1], v[6], v[11], v[12]);
	GB(v[2], v[7], v[8], v[13]);
	GB(v[3], v[4], v[9], v[14]);
	for (k = 0; k < 16; k++)
		w[i[k]] = v[k];
}

/* The compression G(X, Y) of section 3.5, R = X xor Y: P on the eight
 * rows of 16-byte registers, then on the eight columns, xor R. With
 * xor_into, the result is xored into out (passes after the first). R and
 * Z live in tmp (two blocks of the derivation's state, wiped once at its
 * end) rather than on the stack, where they would stay unwiped. */
static void compress(block *out, const block *x, const block *y, int xor_into, block tmp[2])
{
	block *rp = &tmp[0], *zp = &tmp[1];
	unsigned idx[16];
	int i, k;

	for (k = 0; k < BLOCK_WORDS; k++)
		rp->v[k] = zp->v[k] = x->v[k] ^ y->v[k];
	for (i = 0; i < 8; i++) {          /* row i: registers 8i .. 8i+7 */
		for (k = 0; k < 16; k++)
			idx[k] = (unsigned)(16 * i + k);
		perm(zp->v, idx);
	}
	for (i = 0; i < 8; i++) {          /* column i: registers i, 8+i, ..., 56+i */
		for (k = 0; k < 8; k++) {
			idx[2 * k] = (unsigned)(16 * k + 2 * i);
			idx[2 * k + 1] = (unsigned)(16 * k + 2 * i + 1);
		}
		perm(zp->v, idx);
	}
	for (k = 0; k < BLOCK_WORDS; k++)
		out->v[k] = (xor_into ? out->v[k] : 0) ^ zp->v[k] ^ rp->v[k];
}

static void load_block(block *b, const uint8_t *p)
{
	int k, j;

	for (k = 0; k < BLOCK_WORDS; k++) {
		b->v[k] = 0;
		for (j = 7; j >= 0; j--)
			b->v[k] = b->v[k] << 8 | p[8 * k + j];
	}
}

/* The state of one derivation. */
typedef struct fill {
	block *mem;
	uint32_t lanes, lane_len, seg_len, passes, m_blocks;
	block tmp[2];                  /* compress()'s R and Z */
} fill;

/* Section 3.4.1.2, for the data-independent part: the next 128 pseudo-
 * random words, G(0, G(0, Z)) with Z = (r, l, sl, m', t, y, counter). */
static void next_addresses(block *addr, block *input, block tmp[2])
{
	block zero;

	memset(&zero, 0, sizeof zero);
	input->v[6]++;
	compress(addr, &zero, input, 0, tmp);
	compress(addr, &zero, addr, 0, tmp);
}

/* Section 3.4.2: the reference block's position in its lane. */
static uint32_t ref_index(const fill *f, uint32_t pass, uint32_t slice, uint32_t index, uint32_t j1, int same_lane)
{
	uint64_t area, rel;
	uint32_t start;

	if (pass == 0)
		area = slice == 0 ? index - 1 :
		       same_lane ? (uint64_t)slice * f->seg_len + index - 1 :
		       (uint64_t)slice * f->seg_len - (index == 0);
	else
		area = same_lane ? (uint64_t)f->lane_len - f->seg_len + index - 1 :
		       (uint64_t)f->lane_len - f->seg_len - (index == 0);
	rel = (uint64_t)j1 * j1 >> 32;
	rel = area - 1 - (area * rel >> 32);
	start = pass != 0 && slice != SYNC_POINTS - 1 ? (slice + 1) * f->seg_len : 0;
	return (uint32_t)((start + rel) % f->lane_len);
}

static void fill_segment(fill *f, uint32_t pass, uint32_t slice, uint32_t lane)
{
	block addr, input;
	int indep = pass == 0 && slice < SYNC_POINTS / 2;
	uint32_t index = pass == 0 && slice == 0 ? 2 : 0;

	if (indep) {
		memset(&input, 0, sizeof input);
		input.v[0] = pass;
		input.v[1] = lane;
		input.v[2] = slice;
		input.v[3] = f->m_blocks;
		input.v[4] = f->passes;
		input.v[5] = TYPE_ID;
		next_addresses(&addr, &input, f->tmp);
	}
	for (; index < f->seg_len; index++) {
		uint32_t col = slice * f->seg_len + index;
		uint32_t cur = lane * f->lane_len + col;
		uint32_t prev = col == 0 ? cur + f->lane_len - 1 : cur - 1;
		uint64_t rnd;
		uint32_t ref_lane, ref;

		if (indep) {
			if (index % BLOCK_WORDS == 0 && index)
				next_addresses(&addr, &input, f->tmp);
			rnd = addr.v[index % BLOCK_WORDS];
		} else {
			rnd = f->mem[prev].v[0];
		}
		ref_lane = pass == 0 && slice == 0 ? lane : (uint32_t)(rnd >> 32) % f->lanes;
		ref = ref_index(f, pass, slice, index, (uint32_t)rnd, ref_lane == lane);
		compress(&f->mem[cur], &f->mem[prev], &f->mem[ref_lane * f->lane_len + ref], pass != 0, f->tmp);
	}
	if (indep) {
		wipe(&addr, sizeof addr);
		wipe(&input, sizeof input);
	}
}

static int argon2_init(void *ctx, const jca_kdf_args *a)
{
	argon2_ctx *c = ctx;
	size_t n;

	if (a->mode != KDF_DEFAULT)
		return refuse("Argon2id takes no mode (KDF_DEFAULT)");
	if (a->block_size)
		return refuse("Argon2id takes no block size");
	if (a->iterations < 1 || a->iterations > UINT32_MAX)
		return refuse("iterations (passes t) must be 1 to 2^32-1");
	if (a->parallelism < 1 || a->parallelism > MAX_LANES)
		return refuse("parallelism (lanes p) must be 1 to 2^24-1");
	if (a->cost < 8ull * a->parallelism || a->cost > UINT32_MAX)
		return refuse("cost (memory m in KiB) must be 8 * parallelism to 2^32-1");
	if (a->cost / (4ull * a->parallelism) * 4 * a->parallelism > SIZE_MAX / sizeof(block))
		return refuse("cost (memory m in KiB) is more than this machine can address");
	if (a->salt_len < 8)
		return refuse("salt of fewer than 8 bytes (16 recommended)");
	if (a->secret_len > UINT32_MAX)
		return refuse("secret (password) longer than 2^32-1 bytes");
	n = a->secret_len + a->salt_len + a->key_len + a->info_len;
	if (c->data) {
		wipe(c->data, c->p_len + c->s_len + c->k_len + c->x_len);
		free(c->data);
	}
	c->data = malloc(n ? n : 1);
	if (!c->data) {
		if (ex__set_error)
			ex__set_error("out of memory for the parameters");
		return JCA_KDF_NO_MEMORY;
	}
	memcpy(c->data, a->secret, a->secret_len);
	memcpy(c->data + a->secret_len, a->salt, a->salt_len);
	if (a->key_len)
		memcpy(c->data + a->secret_len + a->salt_len, a->key, a->key_len);
	if (a->info_len)
		memcpy(c->data + a->secret_len + a->salt_len + a->key_len, a->info, a->info_len);
	c->p_len = a->secret_len;
	c->s_len = a->salt_len;
	c->k_len = a->key_len;
	c->x_len = a->info_len;
	c->t = (uint32_t)a->iterations;
	c->m = (uint32_t)a->cost;
	c->lanes = a->parallelism;
	return 0;
}

/* H0 = H^64(LE32(p) || LE32(T) || LE32(m) || LE32(t) || LE32(v) ||
 * LE32(y) || LE32(|P|) || P || LE32(|S|) || S || LE32(|K|) || K ||
 * LE32(|X|) || X), section 3.2 step 1. */
static void h0(const argon2_ctx *c, uint32_t tag_len, uint8_t out[EX_BLAKE2B_OUT])
{
	const uint8_t *d = c->data;
	ex_blake2b h;

	ex_blake2b_init(&h, EX_BLAKE2B_OUT, NULL, 0);
	hash_len32(&h, c->lanes);
	hash_len32(&h, tag_len);
	hash_len32(&h, c->m);
	hash_len32(&h, c->t);
	hash_len32(&h, VERSION);
	hash_len32(&h, TYPE_ID);
	hash_len32(&h, (uint32_t)c->p_len);
	ex_blake2b_update(&h, d, c->p_len);
	hash_len32(&h, (uint32_t)c->s_len);
	ex_blake2b_update(&h, d + c->p_len, c->s_len);
	hash_len32(&h, (uint32_t)c->k_len);
	ex_blake2b_update(&h, d + c->p_len + c->s_len, c->k_len);
	hash_len32(&h, (uint32_t)c->x_len);
	ex_blake2b_update(&h, d + c->p_len + c->s_len + c->k_len, c->x_len);
	ex_blake2b_final(&h, out);
	wipe(&h, sizeof h);
}

static int argon2_derive(void *ctx, uint8_t *out, size_t out_len)
{
	const argon2_ctx *c = ctx;
	uint8_t seed[EX_BLAKE2B_OUT + 8], buf[1024];
	block acc;
	fill f;
	uint32_t pass, slice, lane, k;

	if (out_len < 4 || out_len > UINT32_MAX) {
		if (ex__set_error)
			ex__set_error("output (tag) of fewer than 4 bytes");
		return JCA_KDF_BAD_LENGTH;
	}
	f.lanes = c->lanes;
	f.seg_len = c->m / (SYNC_POINTS * c->lanes);
	f.lane_len = f.seg_len * SYNC_POINTS;
	f.m_blocks = f.lane_len * c->lanes;
	f.passes = c->t;
	f.mem = calloc(f.m_blocks, sizeof(block));
	if (!f.mem) {
		if (ex__set_error)
			ex__set_error("out of memory for the cost (memory m) asked for");
		return JCA_KDF_NO_MEMORY;
	}
	/* B[i][0] = H'^1024(H0 || LE32(0) || LE32(i)), B[i][1] likewise with 1 */
	h0(c, (uint32_t)out_len, seed);
	for (lane = 0; lane < c->lanes; lane++)
		for (k = 0; k < 2; k++) {
			store32(seed + EX_BLAKE2B_OUT, k);
			store32(seed + EX_BLAKE2B_OUT + 4, lane);
			hprime(buf, sizeof buf, seed, sizeof seed);
			load_block(&f.mem[lane * f.lane_len + k], buf);
		}
	for (pass = 0; pass < c->t; pass++)
		for (slice = 0; slice < SYNC_POINTS; slice++)
			for (lane = 0; lane < c->lanes; lane++)
				fill_segment(&f, pass, slice, lane);
	/* C = xor of the lanes' last blocks; the tag is H'^T(C) */
	acc = f.mem[f.lane_len - 1];
	for (lane = 1; lane < c->lanes; lane++)
		for (k = 0; k < BLOCK_WORDS; k++)
			acc.v[k] ^= f.mem[lane * f.lane_len + f.lane_len - 1].v[k];
	for (k = 0; k < BLOCK_WORDS; k++) {
		int j;

		for (j = 0; j < 8; j++)
			buf[8 * k + j] = (uint8_t)(acc.v[k] >> (8 * j));
	}
	hprime(out, out_len, buf, sizeof buf);
	wipe(f.mem, (size_t)f.m_blocks * sizeof(block));
	free(f.mem);
	wipe(f.tmp, sizeof f.tmp);
	wipe(&acc, sizeof acc);
	wipe(buf, sizeof buf);
	wipe(seed, sizeof seed);
	return 0;
}

/* The lifecycle: the context owns the copy of P, S, K and X. */
static int argon2_copy(void *dst, const void *src)
{
	argon2_ctx *d = dst;
	const argon2_ctx *s = src;
	size_t n = s->p_len + s->s_len + s->k_len + s->x_len;

	if (d->data) {
		wipe(d->data, d->p_len + d->s_len + d->k_len + d->x_len);
		free(d->data);
	}
	*d = *s;
	d->data = NULL;
	if (s->data) {
		if (!(d->data = malloc(n ? n : 1)))
			return -1;
		memcpy(d->data, s->data, n);
	}
	return 0;
}

static void argon2_cleanup(void *ctx)
{
	argon2_ctx *c = ctx;

	if (c->data) {
		wipe(c->data, c->p_len + c->s_len + c->k_len + c->x_len);
		free(c->data);
	}
	c->data = NULL;
}

static const jca_kdf_impl argon2id_impl = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_kdf_impl, "argon2id-example", JCA_PRIO_GENERIC, NULL, sizeof(argon2_ctx),
	                                NULL, argon2_copy, argon2_cleanup),
	.init = argon2_init,
	.derive = argon2_derive,
};
static const jca_impl *const argon2id_impls[] = { &argon2id_impl.base, NULL };

/* Known answer: the host's (src/api/kdf_kat.c, RFC 9106 section 5.3). */
static const jca_attr argon2id_attrs[] = {
	{ "Parameters", "iterations=t|cost=m KiB|parallelism=p|key=K|info=X" },
	{ "ImplementedIn", "Software" },
	{ NULL, NULL }
};
const jca_service_desc ex__argon2id_service = {
	.struct_size = sizeof(jca_service_desc),
	.type = JCA_KDF,
	.algorithm = "Argon2id",
	.attributes = argon2id_attrs,
	.impls = argon2id_impls,
};
