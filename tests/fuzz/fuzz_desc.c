/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer target: validation of provider descriptors (jca_provider_add /
 * jca_provider_insert), the same code that checks every plugin.
 *
 * The input drives the construction of a jca_provider_desc: ABI version and
 * struct size, names (NULL, empty, over-long, non-ASCII, duplicates of
 * built-in names, bytes from the input), services of any type (including
 * invalid ones), alias lists, attributes, implementation tables with NULL
 * or valid methods and any sizes, and known-answer tests that pass or fail.
 * Every function pointer is NULL or one of the small functions below, which
 * honour the vtable contracts (they touch exactly the bytes they are given
 * and need a context of at least 1 byte), so a crash is the library's.
 *
 * Checked properties:
 *  - on error: the status is one of the documented ones, it is the thread's
 *    last error, and the provider list is unchanged (count and order);
 *  - on success: exactly one provider more; every service it registered
 *    (digests, ciphers, composed HMACs) can be instantiated by name from
 *    that provider and used; ciphers round-trip; then jca_provider_remove
 *    restores the count.
 * Descriptors must outlive their registration (until jca_shutdown()), so
 * the memory of accepted descriptors is kept and released after a
 * jca_shutdown() every 64 acceptances; the memory of refused descriptors
 * is released at once (the registry must not keep pointers into it).
 *
 * Define FUZZ_DESC_NULL_KAT to also offer known-answer tests whose data
 * pointers are NULL (see HARDENING.md: the registry does not check them).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "../outlen.h"

static const jca_provider *fuzz_provider_at(size_t i)
{
	const jca_provider *p;

	return jca_provider_at(i, &p) == 0 ? p : NULL;
}

/* ---- input reader ---- */
typedef struct {
	const uint8_t *p;
	size_t n;
} rd;

static unsigned u8(rd *r)
{
	if (!r->n)
		return 0;
	r->n--;
	return *r->p++;
}

static uint64_t u64(rd *r)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < 8; i++)
		v = (v << 8) | u8(r);
	return v;
}

/* ---- arena: all memory of one descriptor ---- */
typedef struct block {
	struct block *next;
	_Alignas(16) unsigned char data[];
} block;

typedef struct arena {
	block *blocks;
	struct arena *next;
} arena;

static arena *cur;
static arena *live;            /* arenas of accepted descriptors */
static unsigned nlive;

static void *alloc(size_t n)
{
	block *b = calloc(1, sizeof *b + (n ? n : 1));

	if (!b)
		abort();
	b->next = cur->blocks;
	cur->blocks = b;
	return b->data;
}

static void arena_free(arena *a)
{
	while (a->blocks) {
		block *b = a->blocks;

		a->blocks = b->next;
		free(b);
	}
	free(a);
}

/* ---- vtable functions that keep to the contracts ---- */
static int avail_yes(void) { return 1; }
static int avail_no(void) { return 0; }

static int d_init(void *c) { ((uint8_t *)c)[0] = 1; return 0; }
static int d_update(void *c, const void *in, size_t n)
{
	const uint8_t *p = in;
	size_t i;

	for (i = 0; i < n; i++)
		((uint8_t *)c)[0] ^= p[i];
	return 0;
}
static int d_final(void *c, void *out, size_t n) { memset(out, ((uint8_t *)c)[0], n); return 0; }
static int d_copy(void *dst, const void *src)
{
	((uint8_t *)dst)[0] = ((const uint8_t *)src)[0];
	return 0;
}
static int d_copy_fail(void *dst, const void *src)
{
	(void)dst;
	(void)src;
	return -1;
}
static void d_cleanup(void *c) { ((uint8_t *)c)[0] = 0; }

static int k_set(void *ctx, const uint8_t *key, size_t len)
{
	uint8_t x = 0x5a;
	size_t i;

	for (i = 0; i < len; i++)
		x ^= key[i];
	((uint8_t *)ctx)[0] = x;
	return 0;
}
static int k_set_fail(void *ctx, const uint8_t *key, size_t len)
{
	(void)ctx;
	(void)key;
	(void)len;
	return -1;
}
static void k_cleanup(void *c) { ((uint8_t *)c)[0] = 0; }

/* A toy block cipher (x ^ key byte) per block size, ECB and CBC, in place. */
#define TOY_CIPHER(BS)                                                                              \
	static int ecb##BS(const void *ctx, uint8_t *out, const uint8_t *in, size_t nb)              \
	{                                                                                           \
		uint8_t k = ((const uint8_t *)ctx)[0];                                                \
		size_t i;                                                                           \
		for (i = 0; i < nb * BS; i++)                                                       \
			out[i] = in[i] ^ k;                                                         \
		return 0;                                                                           \
	}                                                                                           \
	static int cbce##BS(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nb) \
	{                                                                                           \
		uint8_t k = ((const uint8_t *)ctx)[0];                                                \
		size_t b, i;                                                                        \
		for (b = 0; b < nb; b++)                                                            \
			for (i = 0; i < BS; i++)                                                    \
				iv[i] = out[b * BS + i] = (uint8_t)(in[b * BS + i] ^ iv[i] ^ k);    \
		return 0;                                                                           \
	}                                                                                           \
	static int cbcd##BS(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nb) \
	{                                                                                           \
		uint8_t k = ((const uint8_t *)ctx)[0];                                                \
		size_t b, i;                                                                        \
		for (b = 0; b < nb; b++)                                                            \
			for (i = 0; i < BS; i++) {                                                  \
				uint8_t c = in[b * BS + i];                                         \
				out[b * BS + i] = (uint8_t)(c ^ k ^ iv[i]);                         \
				iv[i] = c;                                                          \
			}                                                                           \
		return 0;                                                                           \
	}
TOY_CIPHER(1)
TOY_CIPHER(8)
TOY_CIPHER(16)
TOY_CIPHER(32)

static const struct {
	size_t bs;
	int (*ecb)(const void *, uint8_t *, const uint8_t *, size_t);
	int (*cbce)(const void *, uint8_t *, uint8_t *, const uint8_t *, size_t);
	int (*cbcd)(const void *, uint8_t *, uint8_t *, const uint8_t *, size_t);
} toys[] = {
	{ 1, ecb1, cbce1, cbcd1 }, { 8, ecb8, cbce8, cbcd8 }, { 16, ecb16, cbce16, cbcd16 },
	{ 32, ecb32, cbce32, cbcd32 },
};

/* ---- building a descriptor ---- */
static const char *str(rd *r)
{
	static const char *const pool[] = {
		NULL, "", "builtin", "SHA-256", "sha-256", "AES", "AES/CBC/NoPadding", "AES/ECB/PKCS5Padding",
		"HmacSHA256", "2.16.840.1.101.3.4.2.1", "OID.1.2.3", "1.2.3=AES/CBC/NoPadding", "1.2.3=FUZZ",
		"FUZZ", "fuzz", "FUZZ/CBC", "FUZZ/ECB/NoPadding", "FUZZ/CBC/PKCS5Padding", "FUZZ_128",
		"\xc3\x9f\xff\x80", "CBC", "ECB", "CBC|ECB", "NOPADDING|PKCS5PADDING", "NoPadding", "|", "||CBC",
		"SupportedModes", "SupportedPaddings", "HmacOID", "Implementation", "1.2.840.113549.2.9", ".",
	};
	unsigned k = u8(r);
	size_t n, i;
	char *s;

	if (k < 200)
		return pool[k % (sizeof pool / sizeof pool[0])];
	if (k < 240) {
		/* from the input */
		n = u8(r) % 140;
		s = alloc(n + 1);
		for (i = 0; i < n && r->n; i++)
			s[i] = (char)(u8(r) | 1);      /* no NUL inside */
		s[i] = 0;
		return s;
	}
	/* long names around the registry's limits (64, 100, 120) */
	{
		static const size_t lens[] = { 63, 64, 65, 99, 100, 101, 119, 120, 121, 200, 5000 };

		n = lens[k % (sizeof lens / sizeof lens[0])];
		s = alloc(n + 1);
		memset(s, 'A' + (int)(k % 26), n);
		if (n > 10 && (k & 1))
			memcpy(s, "1.2.3.", 6);
		s[n] = 0;
		return s;
	}
}

static size_t pick_size(rd *r, const size_t *v, size_t n)
{
	unsigned k = u8(r);

	if (k >= 250)
		return (size_t)u64(r);
	return v[k % n];
}

static const jca_md_impl *make_md(rd *r)
{
	static const size_t ctx_sizes[] = { 0, 1, 8, 64, 200, 1u << 20, (1u << 20) + 1, SIZE_MAX };
	static const size_t dsizes[] = { 0, 1, 16, 32, 64, 255, 256, 257, 1024, 1025 };
	static const size_t bsizes[] = { 0, 1, 64, 128, 136, 1024, 1025 };
	jca_md_impl *m = alloc(sizeof *m + 256); /* room for a struct_size up to 255 (see the session note) */
	unsigned f = u8(r), g = u8(r);

	m->base.struct_size = (f & 8) && (g & 128) ? (uint32_t)u8(r) : sizeof *m;
	m->base.name = str(r);
	m->base.priority = (int)(int8_t)u8(r) * 4;
	m->base.available = (f & 3) == 0 ? NULL : (f & 3) == 1 ? avail_no : avail_yes;
	m->base.ctx_size = pick_size(r, ctx_sizes, sizeof ctx_sizes / sizeof ctx_sizes[0]);
	m->digest_size = pick_size(r, dsizes, sizeof dsizes / sizeof dsizes[0]);
	/* A digest table handed to a Cipher service is read through its shape
	 * member, which overlaps digest_size: a value there that says
	 * JCA_CIPHER_AEAD or JCA_CIPHER_STREAM makes the host read this table
	 * as an AEAD or stream table, pointers included, as it would a plugin's
	 * wrong pointer. Keep the fuzzer's pointers valid: no such value. */
	while ((uint32_t)m->digest_size == JCA_CIPHER_AEAD || (uint32_t)m->digest_size == JCA_CIPHER_STREAM)
		m->digest_size++;
	m->block_size = pick_size(r, bsizes, sizeof bsizes / sizeof bsizes[0]);
	m->flags = (f & 4) ? JCA_MD_XOF : 0;
	m->init = (g & 1) ? NULL : d_init;
	m->update = (g & 2) ? NULL : d_update;
	m->final = (g & 4) ? NULL : d_final;
	switch ((g >> 3) & 7) {
	case 1: m->base.copy = d_copy; m->base.cleanup = d_cleanup; break;
	case 2: m->base.copy = d_copy; break;
	case 3: m->base.cleanup = d_cleanup; break;
	case 4: m->base.copy = d_copy_fail; m->base.cleanup = d_cleanup; break;
	default: break;
	}
	return m;
}

static const jca_cipher_impl *make_cipher(rd *r)
{
	static const size_t ctx_sizes[] = { 0, 1, 16, 300, 1u << 20, (1u << 20) + 1, SIZE_MAX };
	static const size_t bsizes[] = { 0, 1, 8, 16, 32, 33, 40 };
	/* key_sizes lists: good, empty, not increasing, a key too long, XTS */
	static const size_t ks_good[] = { 16, 32, 0 }, ks_empty[] = { 0 }, ks_unordered[] = { 32, 16, 0 };
	static const size_t ks_long[] = { 16, JCA_CIPHER_MAX_KEY + 1, 0 }, ks_xts[] = { 32, 64, 0 };
	jca_cipher_impl *c = alloc(sizeof *c + 256); /* room for a struct_size up to 255 */
	unsigned f = u8(r), g = u8(r), t = u8(r) % 4;

	c->base.struct_size = (f & 8) && (g & 128) ? (uint32_t)u8(r) : sizeof *c;
	c->base.name = str(r);
	c->base.priority = (int)(int8_t)u8(r) * 4;
	c->base.available = (f & 3) == 0 ? NULL : (f & 3) == 1 ? avail_no : avail_yes;
	c->base.ctx_size = pick_size(r, ctx_sizes, sizeof ctx_sizes / sizeof ctx_sizes[0]);
	c->block_size = (f & 4) ? toys[t].bs : pick_size(r, bsizes, sizeof bsizes / sizeof bsizes[0]);
	/* the toy functions of the block size; for an invalid size the 1-byte
	 * ones, which touch a prefix only */
	for (t = 0; t < 4 && toys[t].bs != c->block_size; t++)
		;
	if (t == 4)
		t = 0;
	c->shape = (g & 32) && (f & 8) ? u8(r) : JCA_CIPHER_BLOCK;
	/* AEAD tables are make_aead's; a block table read as an AEAD or a
	 * stream table holds no valid pointers */
	if (c->shape == JCA_CIPHER_AEAD || c->shape == JCA_CIPHER_STREAM)
		c->shape = JCA_CIPHER_STREAM + 1;
	switch (u8(r) % 6) {
	case 0: c->key_sizes = ks_good; break;
	case 1: c->key_sizes = NULL; break;
	case 2: c->key_sizes = ks_empty; break;
	case 3: c->key_sizes = ks_unordered; break;
	case 4: c->key_sizes = ks_long; break;
	default: c->key_sizes = ks_xts; break;
	}
	c->set_key = (g & 1) ? NULL : (g & 2) ? k_set_fail : k_set;
	if (!(g & 4)) {
		c->ecb_encrypt = toys[t].ecb;
		c->ecb_decrypt = (g & 8) ? NULL : toys[t].ecb;
	}
	if (!(g & 16)) {
		c->cbc_encrypt = toys[t].cbce;
		c->cbc_decrypt = (g & 32) ? NULL : toys[t].cbcd;
	}
	c->base.cleanup = (g & 64) ? k_cleanup : NULL;
	return c;
}

/* A toy AEAD: x ^ key byte, tag of zeros (the known answers, if any,
 * fail; a service with one is refused). */
static int a_block(void *ctx, uint8_t out[16], const uint8_t in[16])
{
	return ecb16(ctx, out, in, 1);
}
static int a_init(void *ctx, int enc, const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len,
                  size_t tag_len)
{
	(void)ctx, (void)enc, (void)iv, (void)iv_len, (void)aad, (void)aad_len, (void)tag_len;
	return 0;
}
static int a_update(void *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
	return ecb1(ctx, out, in, len);
}
static int a_final(void *ctx, uint8_t *tag, size_t tag_len)
{
	(void)ctx;
	memset(tag, 0, tag_len);
	return 0;
}

static const jca_aead_impl *make_aead(rd *r)
{
	static const size_t ctx_sizes[] = { 0, 1, 16, 300, 1u << 20, (1u << 20) + 1, SIZE_MAX };
	static const size_t ks_good[] = { 16, 32, 0 }, ks_empty[] = { 0 }, ks_unordered[] = { 32, 16, 0 };
	jca_aead_impl *a = alloc(sizeof *a + 256); /* room for a struct_size up to 255 */
	unsigned f = u8(r), g = u8(r);

	a->base.struct_size = (f & 8) && (g & 128) ? (uint32_t)u8(r) : sizeof *a;
	a->base.name = str(r);
	a->base.priority = (int)(int8_t)u8(r) * 4;
	a->base.available = (f & 3) == 0 ? NULL : (f & 3) == 1 ? avail_no : avail_yes;
	a->base.ctx_size = pick_size(r, ctx_sizes, sizeof ctx_sizes / sizeof ctx_sizes[0]);
	a->shape = JCA_CIPHER_AEAD;
	a->key_sizes = (f & 4) ? ks_good : (f & 16) ? ks_empty : (f & 32) ? NULL : ks_unordered;
	a->set_key = (g & 1) ? NULL : (g & 2) ? k_set_fail : k_set;
	a->block_encrypt = (g & 4) ? NULL : a_block;
	a->init = (g & 8) ? NULL : a_init;
	a->update = (g & 16) ? NULL : a_update;
	a->final = (g & 32) ? NULL : a_final;
	a->base.cleanup = (g & 64) ? k_cleanup : NULL;
	return a;
}

static void *bytes(rd *r, size_t n)
{
	uint8_t *b = alloc(n);
	size_t i;

	for (i = 0; i < n; i++)
		b[i] = (uint8_t)u8(r);
	return b;
}

static const jca_kat *make_kat(rd *r, const jca_service_desc *s)
{
	static const size_t lens[] = { 0, 1, 3, 16, 32, 64, 256, 257, 600 };
	jca_kat *k = alloc(sizeof *k);
	unsigned f = u8(r);
	uint8_t *out;

	k->struct_size = (f & 32) ? (uint32_t)offsetof(jca_kat, flags) : sizeof *k;
	k->flags = (f & 64) ? JCA_KAT_DECRYPT : 0;
	k->in_len = lens[u8(r) % (sizeof lens / sizeof lens[0])];
	k->key_len = lens[u8(r) % 6];
	k->out_len = lens[u8(r) % (sizeof lens / sizeof lens[0])];
	k->in = bytes(r, k->in_len);
	k->key = bytes(r, k->key_len);
	k->iv = bytes(r, 32);
	out = bytes(r, k->out_len);
	k->out = out;
	if ((f & 1) && s->type == JCA_MESSAGE_DIGEST && s->impls && s->impls[0]) {
		/* the answer the toy digest gives */
		uint8_t x = 1;
		size_t i;

		for (i = 0; i < k->in_len; i++)
			x ^= ((const uint8_t *)k->in)[i];
		memset(out, x, k->out_len);
	}
#ifdef FUZZ_DESC_NULL_KAT
	if (f & 2)
		k->in = NULL;
	if (f & 4)
		k->key = NULL;
	if (f & 8)
		k->iv = NULL;
	if (f & 16)
		k->out = NULL;
#endif
	return k;
}

static const jca_provider_desc *make_desc(rd *r)
{
	jca_provider_desc *d = alloc(sizeof *d + 64); /* room for the struct_size + 64 below: the host reads a larger structure's tail */
	unsigned f = u8(r);
	size_t i, j, ns;
	jca_service_desc *sv;

	switch (f & 7) {
	case 0: d->abi_version = 0; break;
	case 1: d->abi_version = JCA_ABI_VERSION + 1; break;
	case 3: d->abi_version = (uint32_t)JCA_ABI_MAJOR << 16; break;       /* 2.0 */
	case 2: d->abi_version = (uint32_t)u64(r); break;
	default: d->abi_version = JCA_ABI_VERSION; break;
	}
	switch ((f >> 3) & 7) {
	case 0: d->struct_size = 0; break;
	case 1: d->struct_size = sizeof *d - 1; break;
	case 2: d->struct_size = sizeof *d + 64; break;
	default: d->struct_size = sizeof *d; break;
	}
	d->name = (f & 64) ? str(r) : "fuzzprov";
	d->version = (u8(r) & 7) ? "1.0" : NULL;
	d->description = (u8(r) & 7) ? "fuzzed provider" : NULL;
	ns = u8(r) % 5;
	if (!(u8(r) % 16 == 0)) {
		const jca_service_desc **list = alloc((ns + 1) * sizeof *list);

		sv = alloc((ns ? ns : 1) * sizeof *sv + 256); /* a struct_size up to 255 stays in the block */
		d->services = list;
		for (i = 0; i < ns; i++) {
			jca_service_desc *s = &sv[i];
			unsigned t = u8(r), na, nl;

			list[i] = s;
			s->struct_size = (t & 64) && (u8(r) & 1) ? (uint32_t)u8(r) : sizeof *s;

			/* the other numbers are unknown types, never Mac, SecureRandom
			 * or KDF: this harness builds only digest and cipher
			 * implementations, which those types would read as theirs (a
			 * plugin's bug the host cannot see: implementations carry no
			 * type tag) */
			s->type = (jca_service_type)(t % 8 < 3 ? JCA_MESSAGE_DIGEST : t % 8 < 6 ? JCA_CIPHER
			                            : (int)(t >> 3) < JCA_MAC ? (int)(t >> 3) : (int)(t >> 3) + 32);
			s->algorithm = (t & 128) ? str(r) : (s->type == JCA_CIPHER ? "FUZZ" : "FUZZ-DIGEST");
			na = u8(r) % 6;
			if (na) {
				const char **al = alloc(na * sizeof *al);

				for (j = 0; j + 1 < na; j++) {
					al[j] = str(r);
					if (!al[j])
						al[j] = "alias";
				}
				al[na - 1] = NULL;
				s->aliases = al;
			}
			na = u8(r) % 5;
			if (na) {
				jca_attr *at = alloc(na * sizeof *at);

				for (j = 0; j + 1 < na; j++) {
					at[j].key = str(r);
					if (!at[j].key)
						at[j].key = "k";
					at[j].value = str(r);
				}
				s->attributes = at;
			}
			nl = u8(r);
			if (nl & 1) {
				/* implementations of either kind for a Cipher (or an
				 * unknown type): the host reads a Cipher table through its
				 * shape, which make_md keeps from naming another shape. A
				 * MessageDigest gets digest tables only: a cipher table read
				 * as one has no field that could tell, and its functions
				 * would be called with a digest's arguments (a plugin's wrong
				 * pointer, which no host can check). */
				size_t n = (nl >> 1) % 4;
				const jca_impl **l = alloc((n + 1) * sizeof *l);
				int mixed = s->type != JCA_MESSAGE_DIGEST;

				for (j = 0; j < n; j++)
					l[j] = mixed && (nl & 16) ? ((nl & 32) ? &make_aead(r)->base : &make_cipher(r)->base)
					                          : &make_md(r)->base;
				s->impls = l;
			}
			if (u8(r) & 1)
				s->kat = make_kat(r, s);
		}
	}
	return d;
}

/* ---- using what was registered ---- */
static size_t count_providers(void)
{
	size_t n = 0;

	while (fuzz_provider_at(n))
		n++;
	return n;
}

static void use_cipher(const char *name, const char *prov)
{
	cipher_ctx *c = cipher_get_instance_from(name, prov);
	uint8_t key[64], iv[32], msg[100], ct[200], pt[200];
	size_t k, bs, n, m, len = 50, ivl;

	if (!c)
		return;
	bs = cipher_block_length(c);
	ivl = cipher_iv_length(c);
	memset(key, 7, sizeof key);
	memset(iv, 9, sizeof iv);
	memset(msg, 3, sizeof msg);
	for (k = 0; k < 64; k++)
		if (cipher_init(c, JCA_ENCRYPT, key, k, ivl ? iv : NULL, ivl) == 0)
			break;
	if (k < 64) {
		len -= len % bs;
		if (cipher_do_final(c, msg, len, ct, sizeof ct, &n) == 0) {
			if (cipher_init(c, JCA_DECRYPT, key, k, ivl ? iv : NULL, ivl) != 0)
				abort();
			if (cipher_do_final(c, ct, n, pt, sizeof pt, &m) != 0 || m != len || memcmp(pt, msg, len))
				abort();
		}
	}
	cipher_free(c);
}

static void use_provider(const char *prov)
{
	const jca_provider *p = jca_provider_find(prov);
	const jca_service *s;
	size_t i, j;

	if (!p)
		abort();
	for (i = 0; jca_provider_service_at(p, i, &s) == 0; i++) {
		const char *alg = jca_service_algorithm(s), *key, *value, *alias;
		jca_impl_info info;
		uint8_t out[1100];

		memset(out, 0x11, sizeof out);
		for (j = 0; jca_service_alias_at(s, j, &alias) == 0; j++)
			;
		for (j = 0; jca_service_attribute_at(s, j, &key, &value) == 0; j++)
			(void)jca_service_attribute(s, key);
		for (j = 0; jca_service_impl_at(s, j, &info) == 0; j++)
			;
		switch (jca_service_type_of(s)) {
		case JCA_MESSAGE_DIGEST: {
			md_ctx *md = md_get_instance_from(alg, prov), *cl;

			if (!md)
				break;
			md_update(md, "abc", 3);
			cl = md_clone(md);
			if (tu_digest(md, out, md_length(md) ? md_length(md) : 33) < 0)
				abort();
			if (cl) {
				md_update(cl, "d", 1);
				tu_digest(cl, out, md_length(cl) ? md_length(cl) : 17);
				md_free(cl);
			}
			md_free(md);
			break;
		}
		case JCA_MAC: {
			mac_ctx *m = mac_get_instance_from(alg, prov), *cl;

			if (!m)
				break;
			if (mac_init(m, out, 3) == 0) {
				mac_update(m, "abc", 3);
				cl = mac_clone(m);
				tu_mac_final(m, out, sizeof out);
				if (cl) {
					tu_mac_final(cl, out, sizeof out);
					mac_free(cl);
				}
			}
			mac_init(m, out, 1030);     /* a key longer than the block */
			mac_free(m);
			break;
		}
		case JCA_CIPHER: {
			static const char *const forms[] = { "%s", "%s/CBC/NoPadding", "%s/CBC/PKCS5Padding",
			                                     "%s/ECB/NoPadding", "%s/ECB/PKCS5Padding" };
			char name[300];
			size_t k;

			for (k = 0; k < sizeof forms / sizeof forms[0]; k++) {
				snprintf(name, sizeof name, forms[k], alg);
				use_cipher(name, prov);
			}
			break;
		}
		default:
			break;        /* SecureRandom, KDF: no descriptor fuzzing for them here */
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	rd r = { data, size };
	const jca_provider_desc *d;
	const jca_provider *before[64];
	size_t n0, n1, i;
	int rc, pos, insert;
	char prov[128];

	cur = calloc(1, sizeof *cur);
	if (!cur)
		abort();
	insert = (int)u8(&r);
	pos = insert % 8 - 2;
	d = make_desc(&r);
	n0 = count_providers();
	for (i = 0; i < n0 && i < 64; i++)
		before[i] = fuzz_provider_at(i);
	rc = (insert & 8) ? jca_provider_insert(d, NULL, pos) : jca_provider_add(d, NULL);
	n1 = count_providers();
	if (getenv("FUZZ_DESC_VERBOSE"))
		fprintf(stderr, "jca_provider_%s: %s %s\n", (insert & 8) ? "insert" : "add", jca_error_name(rc),
		        rc ? jca_last_error_message() : "");
	if (rc != 0) {
		if (rc != jca_last_error())
			abort();
		if (rc != JCA_EINVAL && rc != JCA_ABI && rc != JCA_BADDESC && rc != JCA_SELFTEST &&
		    rc != JCA_EXISTS && rc != JCA_ENOMEM)
			abort();
		if (n1 != n0)
			abort();
		for (i = 0; i < n0 && i < 64; i++)
			if (fuzz_provider_at(i) != before[i])
				abort();
		arena_free(cur);
		cur = NULL;
		return 0;
	}
	if (n1 != n0 + 1)
		abort();
	snprintf(prov, sizeof prov, "%s", d->name);
	use_provider(prov);
	if (jca_provider_remove(prov) != 0 || count_providers() != n0)
		abort();
	cur->next = live;
	live = cur;
	cur = NULL;
	if (++nlive >= 64) {
		jca_shutdown();
		while (live) {
			arena *a = live;

			live = a->next;
			arena_free(a);
		}
		nlive = 0;
	}
	return 0;
}
