/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Cipher service type: what the registry needs to know about its two
 * tables, jca_cipher_impl and jca_aead_impl, told apart by their shape
 * (see types.h), and the Cipher transformation grammar
 * (algorithm, mode, padding, key-size-pinned and driver names, OID
 * aliases). The engine itself is cipher.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../registry/types.h"
#include "cipher_int.h"
#include "kat.h"
#include "../util/ascii.h"
#include "jca/names.h"

#define MAX_KAT 4096

/* NULL if the key_sizes list is well formed: 1 to JCA_CIPHER_MAX_KEY_SIZES
 * lengths, increasing, each 1 to JCA_CIPHER_MAX_KEY, then 0. */
static const char *key_sizes_fault(const size_t *ks, char *why, size_t n)
{
	size_t i;

	if (!ks)
		return "key_sizes is NULL (no key length accepted)";
	if (!ks[0])
		return "key_sizes is empty (no key length accepted)";
	for (i = 0; ks[i]; i++) {
		if (i == JCA_CIPHER_MAX_KEY_SIZES)
			return snprintf(why, n, "key_sizes holds more than %d lengths (or lacks its ending 0)",
			                JCA_CIPHER_MAX_KEY_SIZES), why;
		if (ks[i] > JCA_CIPHER_MAX_KEY)
			return snprintf(why, n, "key_sizes[%zu] is %zu bytes (at most %d)", i, ks[i],
			                JCA_CIPHER_MAX_KEY), why;
		if (i && ks[i] <= ks[i - 1])
			return snprintf(why, n, "key_sizes[%zu] (%zu) is not greater than key_sizes[%zu] (%zu): "
			                "the list must increase", i, ks[i], i - 1, ks[i - 1]), why;
	}
	return NULL;
}

static int same_key_sizes(const size_t *a, const size_t *b)
{
	for (; *a && *a == *b; a++, b++)
		;
	return *a == *b;
}

/* The host's size of m's table (by its shape, read only where m's size
 * covers it) and the smallest accepted. */
static size_t shape_size(const jca_impl *m, size_t *min)
{
	const jca_cipher_impl *c = (const jca_cipher_impl *)(const void *)m;

	if (m->struct_size >= JCA__END(jca_cipher_impl, shape) && c->shape == JCA_CIPHER_AEAD) {
		*min = JCA__END(jca_aead_impl, open);      /* (its size at 3.3: 3.4 appended the ranges) */
		return sizeof(jca_aead_impl);
	}
	if (m->struct_size >= JCA__END(jca_cipher_impl, shape) && c->shape == JCA_CIPHER_STREAM)
		return *min = sizeof(jca_stream_impl);     /* (new in 3.4) */
	return *min = sizeof(jca_cipher_impl);
}

/* JCA_AEAD_RANGE (ABI 3.4): the ranges, and the random nonce's length
 * and cipher_init's tag within them. */
static const char *range_fault(const jca_aead_impl *a, char *why, size_t n)
{
	if (!a->nonce_min || a->nonce_min > a->nonce_max || a->nonce_max > 32)
		return snprintf(why, n, "nonce_min %zu, nonce_max %zu (must be 1 <= min <= max <= 32)", a->nonce_min,
		                a->nonce_max), why;
	if (a->nonce_len < a->nonce_min || a->nonce_len > a->nonce_max)
		return snprintf(why, n, "nonce_len %zu (a random nonce's length) is not within %zu to %zu", a->nonce_len,
		                a->nonce_min, a->nonce_max), why;
	if (!a->tag_min || a->tag_min > a->tag_max || a->tag_max > 16 || !a->tag_step ||
	    (a->tag_max - a->tag_min) % a->tag_step)
		return snprintf(why, n, "tag_min %zu, tag_max %zu, tag_step %zu (must be 1 <= min <= max <= 16, a step "
		                "of 1 or more that goes from min to max)", a->tag_min, a->tag_max, a->tag_step), why;
	if (!jca__aead_tag_ok(a, a->tag_len))
		return snprintf(why, n, "tag_len %zu (cipher_init's tag) is not one of the tag lengths", a->tag_len), why;
	if (a->flags & ~JCA_AEAD_WHOLE)
		return snprintf(why, n, "flags 0x%x has unknown bits", a->flags), why;
	return NULL;
}

static const char *aead_fault(const jca_aead_impl *a, char *why, size_t n)
{
	const char *f;

	if ((f = key_sizes_fault(a->key_sizes, why, n)) != NULL)
		return f;
	if (!a->set_key || !a->init || !a->update || !a->final)
		return !a->set_key ? "set_key is NULL" : !a->init ? "init is NULL" : !a->update ? "update is NULL"
		                                                                                 : "final is NULL";
	if (a->rules == JCA_AEAD_NONCE) {
		if (!a->nonce_len || a->nonce_len > 32)
			return snprintf(why, n, "nonce_len %zu (must be 1 to 32)", a->nonce_len), why;
		if (!a->tag_len || a->tag_len > 16)
			return snprintf(why, n, "tag_len %zu (must be 1 to 16; a stream cipher is a jca_stream_impl, "
			                "JCA_CIPHER_STREAM)", a->tag_len), why;
		if (a->flags & ~JCA_AEAD_WHOLE)
			return snprintf(why, n, "flags 0x%x has unknown bits", a->flags), why;
		return a->nonce_min || a->nonce_max || a->tag_min || a->tag_max || a->tag_step
		       ? "nonce_min, nonce_max, tag_min, tag_max and tag_step are for JCA_AEAD_RANGE rules: must be 0"
		       : NULL;
	}
	if (a->rules == JCA_AEAD_RANGE)
		return range_fault(a, why, n);
	if (a->rules != JCA_AEAD_GCM)
		return snprintf(why, n, "rules %u (must be JCA_AEAD_GCM, 0, JCA_AEAD_NONCE, %u, or JCA_AEAD_RANGE, %u)",
		                a->rules, JCA_AEAD_NONCE, JCA_AEAD_RANGE), why;
	if (a->nonce_len || a->tag_len || a->max_data || a->nonce_min || a->nonce_max || a->tag_min || a->tag_max ||
	    a->tag_step || a->flags)
		return "nonce_len, tag_len, max_data, the ranges and flags are for the other rules (GCM has its own): "
		       "must be 0";
	if (!a->block_encrypt)
		return "block_encrypt is NULL (GCM needs the block cipher for IVs other than 12 bytes)";
	return NULL;
}

/* A stream table (JCA_CIPHER_STREAM, ABI 3.4). */
static const char *stream_fault(const jca_stream_impl *s, char *why, size_t n)
{
	const char *f;

	if ((f = key_sizes_fault(s->key_sizes, why, n)) != NULL)
		return f;
	if (!s->set_key || !s->start || !s->crypt)
		return !s->set_key ? "set_key is NULL" : !s->start ? "start is NULL" : "crypt is NULL";
	if (!s->nonce_len || s->nonce_len > 32)
		return snprintf(why, n, "nonce_len %zu (must be 1 to 32)", s->nonce_len), why;
	return NULL;
}

static const char *impl_fault(const jca_impl *impl, char *why, size_t n)
{
	const jca_cipher_impl *c = (const jca_cipher_impl *)impl;
	const char *f;

	if (c->shape == JCA_CIPHER_AEAD)
		return aead_fault((const jca_aead_impl *)(const void *)impl, why, n);
	if (c->shape == JCA_CIPHER_STREAM)
		return stream_fault((const jca_stream_impl *)(const void *)impl, why, n);
	if (c->shape != JCA_CIPHER_BLOCK)
		return snprintf(why, n, "shape %u (must be JCA_CIPHER_BLOCK, %u, JCA_CIPHER_AEAD, %u, or "
		                "JCA_CIPHER_STREAM, %u)", c->shape, JCA_CIPHER_BLOCK, JCA_CIPHER_AEAD, JCA_CIPHER_STREAM), why;
	if (!c->block_size || c->block_size > JCA_CIPHER_MAX_BLOCK)
		return snprintf(why, n, "block_size %zu (must be 1 to %d)", c->block_size, JCA_CIPHER_MAX_BLOCK), why;
	if ((f = key_sizes_fault(c->key_sizes, why, n)) != NULL)
		return f;
	JCA__REQUIRE_FN(c, set_key);
	if (!c->ecb_encrypt != !c->ecb_decrypt)
		return c->ecb_encrypt ? "ecb_decrypt is NULL (ecb_encrypt is set)" : "ecb_encrypt is NULL (ecb_decrypt is set)";
	if (!c->cbc_encrypt != !c->cbc_decrypt)
		return c->cbc_encrypt ? "cbc_decrypt is NULL (cbc_encrypt is set)" : "cbc_encrypt is NULL (cbc_decrypt is set)";
	if (!c->ecb_encrypt && !c->cbc_encrypt)
		return "no mode offered (ecb_* and cbc_* are all NULL)";
	return NULL;
}

static const char *impl_mismatch(const jca_impl *a, const jca_impl *b, char *why, size_t n)
{
	const jca_cipher_impl *x = (const jca_cipher_impl *)a, *y = (const jca_cipher_impl *)b;

	if (x->shape != y->shape)
		return snprintf(why, n, "shape %u differs from %s's %u (one service, one shape)", y->shape, a->name,
		                x->shape), why;
	if (x->shape == JCA_CIPHER_AEAD) {
		const jca_aead_impl *p = (const jca_aead_impl *)(const void *)a, *q = (const jca_aead_impl *)(const void *)b;

		if (p->rules != q->rules || p->nonce_len != q->nonce_len || p->tag_len != q->tag_len ||
		    p->max_data != q->max_data || p->nonce_min != q->nonce_min || p->nonce_max != q->nonce_max ||
		    p->tag_min != q->tag_min || p->tag_max != q->tag_max || p->tag_step != q->tag_step ||
		    p->flags != q->flags)
			return snprintf(why, n, "rules, lengths, ranges, max_data or flags differ from %s's", a->name), why;
		return same_key_sizes(jca__cipher_key_sizes(a), jca__cipher_key_sizes(b)) ? NULL
		       : (snprintf(why, n, "key_sizes differ from %s's", a->name), why);
	}
	if (x->shape == JCA_CIPHER_STREAM) {
		const jca_stream_impl *p = jca__as_stream(a), *q = jca__as_stream(b);

		if (p->nonce_len != q->nonce_len || p->max_data != q->max_data)
			return snprintf(why, n, "nonce_len or max_data differ from %s's", a->name), why;
		return same_key_sizes(p->key_sizes, q->key_sizes) ? NULL
		       : (snprintf(why, n, "key_sizes differ from %s's", a->name), why);
	}
	if (x->block_size != y->block_size)
		return snprintf(why, n, "block_size %zu differs from %s's %zu", y->block_size, a->name,
		                x->block_size), why;
	if (!same_key_sizes(x->key_sizes, y->key_sizes))
		return snprintf(why, n, "key_sizes differ from %s's", a->name), why;
	return NULL;
}

static int mode_offered(const jca_impl *c, uint8_t mode);

/* An AEAD known answer (JCA_KAT_AEAD). */
static const char *gcm_kat_fault(const jca_impl *c, const jca_kat *k, char *why, size_t n)
{
	const jca_aead_impl *a = jca__as_aead(c);

	if (!mode_offered(c, JCA__MODE_GCM) && !mode_offered(c, JCA__MODE_AEAD))
		return "JCA_KAT_AEAD, but the implementation offers no GCM";
	const jca_stream_impl *st = jca__as_stream(c);
	int stream = st != NULL;

	if (!k->key || !k->iv || !k->iv_len || (!k->tag && !stream) || (k->in_len && (!k->in || !k->out)) ||
	    (k->aad_len && !k->aad))
		return "key, iv (iv_len > 0), tag, or in/out/aad of nonzero length is NULL";
	if (st && (k->iv_len != st->nonce_len || k->tag_len))
		return snprintf(why, n, "iv_len %zu, tag_len %zu (the stream table's nonce_len is %zu, no tag)", k->iv_len,
		                k->tag_len, st->nonce_len), why;
	if (a && a->rules == JCA_AEAD_NONCE && (k->iv_len != a->nonce_len || k->tag_len != a->tag_len))
		return snprintf(why, n, "iv_len %zu, tag_len %zu (the table's nonce_len is %zu, tag_len %zu)", k->iv_len,
		                k->tag_len, a->nonce_len, a->tag_len), why;
	if (a && a->rules == JCA_AEAD_RANGE &&
	    (k->iv_len < a->nonce_min || k->iv_len > a->nonce_max || !jca__aead_tag_ok(a, k->tag_len)))
		return snprintf(why, n, "iv_len %zu, tag_len %zu: not within the table's ranges", k->iv_len, k->tag_len),
		       why;
	if (stream)                        /* a stream cipher: no tag, no AAD */
		return k->aad_len || !k->in_len ? "a stream cipher's known answer has data and no AAD"
		       : k->flags != JCA_KAT_AEAD ? "JCA_KAT_AEAD takes no other flag" : NULL;
	if (k->in_len != k->out_len || k->in_len > MAX_KAT || k->aad_len > MAX_KAT || k->iv_len > MAX_KAT)
		return snprintf(why, n, "in_len %zu, out_len %zu, aad_len %zu, iv_len %zu: in_len == out_len, "
		                "each at most %d", k->in_len, k->out_len, k->aad_len, k->iv_len, MAX_KAT), why;
	if ((!a || a->rules != JCA_AEAD_RANGE) &&
	    !(k->tag_len == 4 || k->tag_len == 8 || (k->tag_len >= 12 && k->tag_len <= 16)))
		return snprintf(why, n, "tag_len %zu (must be 4, 8 or 12 to 16)", k->tag_len), why;
	if (k->flags != JCA_KAT_AEAD)
		return snprintf(why, n, "flags 0x%x: JCA_KAT_AEAD takes no other flag", k->flags), why;
	return NULL;
}

static const char *kat_fault(const jca_impl *impl, const jca_kat *k, char *why, size_t n)
{
	const jca_cipher_impl *c = (const jca_cipher_impl *)impl;

	if (k->flags & JCA_KAT_AEAD)
		return gcm_kat_fault(impl, k, why, n);
	if (c->shape == JCA_CIPHER_AEAD || c->shape == JCA_CIPHER_STREAM)
		return "an AEAD or stream implementation takes JCA_KAT_AEAD known answers only";
	if (!k->in || !k->out || !k->key)
		return "in, out or key is NULL";
	if (k->in_len != k->out_len || !k->in_len || k->in_len % c->block_size || k->in_len > MAX_KAT)
		return snprintf(why, n, "in_len %zu, out_len %zu: must be equal, whole %zu-byte blocks, at most %d",
		                k->in_len, k->out_len, c->block_size, MAX_KAT), why;
	if (c->cbc_encrypt && !k->iv)
		return "iv is NULL (the test runs CBC)";
	if (k->flags & ~JCA_KAT_DECRYPT)
		return snprintf(why, n, "flags 0x%x has unknown bits", k->flags), why;
	return NULL;
}

/* CBC if offered (else ECB), encrypting, or decrypting with
 * JCA_KAT_DECRYPT; buffers sized from the test. */
static int self_test(const struct jca_service *s, const jca_impl *impl, const jca_kat *k)
{
	const jca_cipher_impl *c = (const jca_cipher_impl *)impl;
	size_t nb;
	int dec = (k->flags & JCA_KAT_DECRYPT) != 0, ok = 0, rc = -1;
	unsigned char *out, *iv;
	void *ctx;

	if (k->flags & JCA_KAT_AEAD)
		return jca__aead_self_test(s, impl, k);
	nb = k->in_len / c->block_size;
	out = malloc(k->in_len);
	iv = malloc(c->block_size);
	ctx = jca__kat_ctx_new(s, impl);

	if (out && iv && ctx && c->set_key(ctx, k->key, k->key_len) == 0) {
		if (c->cbc_encrypt) {
			memcpy(iv, k->iv, c->block_size);
			rc = dec ? c->cbc_decrypt(ctx, iv, out, k->in, nb) : c->cbc_encrypt(ctx, iv, out, k->in, nb);
		} else {
			rc = dec ? c->ecb_decrypt(ctx, out, k->in, nb) : c->ecb_encrypt(ctx, out, k->in, nb);
		}
		ok = rc == 0 && memcmp(out, k->out, k->out_len) == 0;
	}
	free(iv);
	return jca__kat_end(impl, ctx, out, k->in_len, ok);
}

static const struct {
	const char *name;
	uint8_t mode;
} modes[] = { { "ECB", JCA__MODE_ECB }, { "CBC", JCA__MODE_CBC },
               { "CTR", JCA__MODE_CTR }, { "GCM", JCA__MODE_GCM }, { "CCM", JCA__MODE_CCM },
               { "None", JCA__MODE_AEAD } };   /* an AEAD of its own: "ChaCha20-Poly1305/None/NoPadding" */

static const struct {
	const char *name;
	uint8_t padding;
} paddings[] = {
	{ "NoPadding", JCA__PAD_NONE },
	{ "PKCS5Padding", JCA__PAD_PKCS5 },
	{ "PKCS7Padding", JCA__PAD_PKCS5 },   /* same padding for 16-byte blocks */
};

static int mode_offered(const jca_impl *m, uint8_t mode)
{
	const jca_cipher_impl *c = (const jca_cipher_impl *)(const void *)m;

	if (jca__as_aead(m)) {                     /* its rules say which */
		unsigned rules = jca__as_aead(m)->rules;

		/* ranges: named without a mode, or CCM ("AES/CCM/NoPadding") */
		if (rules == JCA_AEAD_RANGE)
			return mode == JCA__MODE_AEAD || mode == JCA__MODE_CCM;
		return mode == (rules == JCA_AEAD_NONCE ? JCA__MODE_AEAD : JCA__MODE_GCM);
	}
	if (jca__as_stream(m))                     /* a stream cipher, named without a mode */
		return mode == JCA__MODE_AEAD;
	if (mode == JCA__MODE_AEAD)
		return 0;                          /* a block table has no AEAD of its own */
	if (mode == JCA__MODE_ECB)
		return c->ecb_encrypt && c->ecb_decrypt;
	if (mode == JCA__MODE_CTR || mode == JCA__MODE_GCM || mode == JCA__MODE_CCM) {
		/* members of ABI 2.2: absent from an older implementation */
		if (c->base.struct_size < JCA__END(jca_cipher_impl, gcm_encrypt))
			return 0;
		if (mode == JCA__MODE_CTR)
			return c->ctr32 != NULL;
		if (mode == JCA__MODE_CCM)         /* CBC-MAC and the counter (cipher_ccm.c) */
			return c->ctr32 && c->cbc_encrypt && c->block_size == 16;
		return jca__gcm_blocks(c);
	}
	return c->cbc_encrypt && c->cbc_decrypt;
}

/* Every transformation a cipher service answers to, pre-enumerated so that
 * cipher_get_instance never parses: "AES", "AES/CBC/PKCS5Padding",
 * "AES_128/CBC/NoPadding", ... A service whose algorithm fixes the mode or
 * padding ("AES/CBC/NoPadding") is more specific; callers add those first. */
static int put_cipher_names(jca__entry **table, const struct jca_service *s, int pos)
{
	const jca_impl *c = s->active;
	const size_t *ksz = jca__cipher_key_sizes(c);
	const char *sm = jca__attr_get(s, JCA_ATTR_MODES);
	const char *sp = jca__attr_get(s, JCA_ATTR_PADDINGS);
	char base[JCA__MAX_NAME], fixed_mode[16] = "", fixed_pad[32] = "";
	char name[JCA__MAX_NAME + 64], canon[JCA__MAX_NAME + 64];
	const char *slash;
	size_t nb = 0, i, m, p, k, nmax, npin = 0;
	/* Every base name with its canonical form, implementation and pinned
	 * key size: sized from the service, no cap. */
	const char **bases, **canon_base;
	const jca_impl **bimpl;
	uint8_t *pins;
	char (*pinned)[JCA__MAX_NAME + 8];
	int rc = 0;

	for (k = 0; ksz[k]; k++)
		npin++;
	nmax = 1 + jca__count_list(s->aliases) + npin;
	for (i = 0; s->impls[i]; i++)
		nmax++;
	bases = malloc(nmax * sizeof *bases);
	canon_base = malloc(nmax * sizeof *canon_base);
	bimpl = malloc(nmax * sizeof *bimpl);
	pins = malloc(nmax);
	pinned = malloc((npin ? npin : 1) * sizeof *pinned);
	if (!bases || !canon_base || !bimpl || !pins || !pinned) {
		rc = JCA_ENOMEM;
		goto out;
	}

/* Split "alg[/mode[/padding]]" as declared by the provider. */
	slash = strchr(s->algorithm, '/');
	if (slash) {
		const char *slash2 = strchr(slash + 1, '/');
		size_t n = (size_t)(slash - s->algorithm);

		if (n >= sizeof base)
			goto out;         /* validation caps names at 64 bytes */
		memcpy(base, s->algorithm, n);
		base[n] = 0;
		n = slash2 ? (size_t)(slash2 - slash - 1) : strlen(slash + 1);
		if (n < sizeof fixed_mode) {
			memcpy(fixed_mode, slash + 1, n);
			fixed_mode[n] = 0;
		}
		if (slash2)
			snprintf(fixed_pad, sizeof fixed_pad, "%s", slash2 + 1);
	} else {
		snprintf(base, sizeof base, "%s", s->algorithm);
	}

	bases[nb] = base;
	canon_base[nb] = base;
	bimpl[nb] = c;
	pins[nb++] = 0;
	for (i = 0; s->aliases[i]; i++) {
		if (!jca__is_oid(s->aliases[i]) && !strchr(s->aliases[i], '/') && !strchr(s->aliases[i], '=')) {
			bases[nb] = s->aliases[i];
			canon_base[nb] = base;
			bimpl[nb] = c;
			pins[nb++] = 0;
		}
	}
	/* Key-size-pinned names: AES_128, AES_192, AES_256 (not for an AEAD of
	 * its own: "ChaCha20-Poly1305" has one key size). */
	for (i = 0; ksz[i] && (!mode_offered(c, JCA__MODE_AEAD) || fixed_mode[0]); i++) {
		snprintf(pinned[i], sizeof pinned[i], "%s_%zu", base, ksz[i] * 8);
		bases[nb] = pinned[i];
		canon_base[nb] = pinned[i];
		bimpl[nb] = c;
		pins[nb++] = (uint8_t)ksz[i];     /* at most JCA_CIPHER_MAX_KEY: fits */
	}
	/* Implementation (driver) names select one backend: "aes-aesni/CBC/NoPadding". */
	for (i = 0; s->impls[i]; i++) {
		if (!jca__impl_usable(s->impls[i]->available))
			continue;
		bases[nb] = s->impls[i]->name;
		canon_base[nb] = base;
		bimpl[nb] = s->impls[i];
		pins[nb++] = 0;
	}

	for (i = 0; i < nb && rc == 0; i++) {
		for (m = 0; m < sizeof modes / sizeof modes[0]; m++) {
			if (fixed_mode[0] ? !jca__name_eq(fixed_mode, modes[m].name)
			                  : (sm && !jca__list_has(sm, modes[m].name)))
				continue;
			if (!mode_offered(bimpl[i], modes[m].mode))
				continue;
			/* a range AEAD takes a mode only from its service's name */
			if (modes[m].mode == JCA__MODE_CCM && jca__as_aead(bimpl[i]) && !fixed_mode[0])
				continue;
			for (p = 0; p < sizeof paddings / sizeof paddings[0]; p++) {
				const char *pad = paddings[p].padding == JCA__PAD_PKCS5 ? "PKCS5Padding" : "NoPadding";
				jca__resolved r = { s, bimpl[i], canon,
				                     jca__cipher_variant(modes[m].mode, paddings[p].padding, pins[i]) };

				if (fixed_pad[0] ? !jca__name_eq(fixed_pad, pad)
				                 : (sp && !jca__list_has(sp, pad)))
					continue;
				/* counter modes are stream modes: NoPadding only */
				if (modes[m].mode >= JCA__MODE_CTR && paddings[p].padding != JCA__PAD_NONE)
					continue;
				/* an AEAD of its own is named without its mode ("ChaCha20-Poly1305") */
				if (modes[m].mode == JCA__MODE_AEAD)
					snprintf(canon, sizeof canon, "%s", canon_base[i]);
				else
					snprintf(canon, sizeof canon, "%s/%s/%s", canon_base[i], modes[m].name, pad);
				snprintf(name, sizeof name, "%s/%s/%s", bases[i], modes[m].name, paddings[p].name);
				rc = jca__put_name(table, JCA_CIPHER, name, &r, pos);
				/* JCA default for a bare algorithm name: ECB with PKCS5Padding;
				 * the AEAD itself for an AEAD of its own */
				if (rc == 0 && !fixed_mode[0] && !fixed_pad[0] &&
				    ((modes[m].mode == JCA__MODE_ECB && paddings[p].padding == JCA__PAD_PKCS5) ||
				     modes[m].mode == JCA__MODE_AEAD))
					rc = jca__put_name(table, JCA_CIPHER, bases[i], &r, pos);
				if (rc)
					break;
			}
		}
	}
out:
	free(bases);
	free(canon_base);
	free(bimpl);
	free(pins);
	free(pinned);
	return rc;
}

/* OID aliases of cipher services name a full transformation:
 * "2.16.840.1.101.3.4.1.2=AES_128/CBC/NoPadding". */
static int put_cipher_oids(jca__entry **table, const struct jca_service *s, int pos)
{
	size_t i;

	for (i = 0; s->aliases[i]; i++) {
		const char *eq = strchr(s->aliases[i], '=');
		char oid[64];
		const jca__resolved *hit;
		size_t n;

		if (!eq || (n = (size_t)(eq - s->aliases[i])) >= sizeof oid)
			continue;
		memcpy(oid, s->aliases[i], n);
		oid[n] = 0;
		hit = jca__table_get(*table, JCA_CIPHER, eq + 1);
		if (hit && hit->svc == s) {
			jca__resolved r = *hit;
			int rc = jca__put_name(table, JCA_CIPHER, oid, &r, pos);

			if (rc)
				return rc;
		}
	}
	return 0;
}

/* The Cipher grammar: transformations, then the OIDs naming them. */
static int put_names(jca__entry **table, const struct jca_service *s, int pos)
{
	int rc = put_cipher_names(table, s, pos);

	return rc ? rc : put_cipher_oids(table, s, pos);
}

/* Policy (jca.disabled): a transformation with a mode
 * ("AES/ECB/NoPadding") disables only that mode and padding of the
 * service, whatever the key length; a bare name the whole service. */
static int covers(const jca__resolved *hit, const char *name, const jca__resolved *e)
{
	size_t n;

	if (jca__variant_mode(hit->variant) && strchr(name, '/'))
		return e->svc == hit->svc && jca__variant_transform(e->variant) == jca__variant_transform(hit->variant);
	/* A bare name ("AES") also covers the provider's services that fix a
	 * mode of that algorithm ("AES/GCM/NoPadding", an AEAD table). */
	n = strlen(hit->svc->algorithm);
	if (!strchr(name, '/') && e->svc && jca__name_eqn(e->svc->algorithm, hit->svc->algorithm, n) &&
	    e->svc->algorithm[n] == '/')
		return 1;
	return jca__covers_service(hit, name, e);
}

const jca__type_ops jca__cipher_type = {
	JCA__DECLARABLE(JCA_CIPHER, "Cipher", jca_cipher_impl),
	.shape_size = shape_size,
	.impl_fault = impl_fault,
	.impl_mismatch = impl_mismatch,
	.kat_fault = kat_fault,
	.self_test = self_test,
	.host_kat = jca__cipher_host_kat,
	.put_names = put_names,
	.covers = covers,
	.derive = NULL,
};
