/* SPDX-License-Identifier: Apache-2.0 */
/*
 * HMAC (RFC 2104, FIPS 198-1) over any MessageDigest implementation, as a
 * jca_mac_impl the registry binds into every derived HMAC service. The
 * keyed inner and outer states are computed once per key (init), so a
 * message costs no key hashing: the working state starts as a copy of the
 * inner one, and the tag is the outer state over the inner digest.
 */
#include <string.h>

#include "../registry/lookup.h"
#include "mac_hmac.h"

/* The context: three digest contexts after a small header, the keyed
 * inner state, the keyed outer state and the working state. No interior
 * pointers: over a digest without a lifecycle, clone is one memcpy. */
struct hmac_ctx {
	const jca_md_impl *md;
	size_t cs;                         /* digest ctx size rounded up to 16 */
	_Alignas(16) unsigned char state[];
};

#define INNER(c) ((c)->state)
#define OUTER(c) ((c)->state + (c)->cs)
#define WORK(c) ((c)->state + 2 * (c)->cs)

static size_t rounded(size_t n)
{
	return (n + 15) & ~(size_t)15;
}

int jca__hmac_possible(const jca_md_impl *md)
{
	return md && !(md->flags & JCA_MD_XOF) && md->block_size && (md->base.copy || !md->base.cleanup);
}

/* Copies digest state src to dst (a zeroed or live context). */
static int state_copy(const jca_md_impl *md, void *dst, const void *src)
{
	if (md->base.copy)
		return md->base.copy(dst, src);
	memcpy(dst, src, md->base.ctx_size);
	return 0;
}

/* Over a digest without a lifecycle: the context only learns its digest. */
static int attach_plain(void *provctx, void *ctx)
{
	const struct jca__hmac *h = provctx;
	struct hmac_ctx *c = ctx;

	c->md = h->md;
	c->cs = rounded(h->md->base.ctx_size);
	return 0;
}

static void cleanup(void *ctx)
{
	struct hmac_ctx *c = ctx;
	int i;

	if (!c->md)                        /* zeroed: attach never ran or failed first */
		return;
	for (i = 0; i < 3; i++)
		jca__ctx_close(&c->md->base, c->state + i * c->cs);
}

/* Over a digest with a lifecycle: its three contexts are attached to the
 * digest service's provider context (a token session, an EVP context). */
static int attach(void *provctx, void *ctx)
{
	const struct jca__hmac *h = provctx;
	struct hmac_ctx *c = ctx;
	int i;

	attach_plain(provctx, ctx);
	for (i = 0; i < 3; i++)
		if (jca__ctx_open(h->digest, &h->md->base, c->state + i * c->cs) != 0)
			return -1;         /* the host runs cleanup: the others are zeroed or attached */
	return 0;
}

/* dst is zeroed (a clone) or live (same implementation). */
static int copy(void *dst, const void *src)
{
	struct hmac_ctx *d = dst;
	const struct hmac_ctx *s = src;
	int i;

	d->md = s->md;
	d->cs = s->cs;
	for (i = 0; i < 3; i++)
		if (state_copy(s->md, d->state + i * s->cs, s->state + i * s->cs) != 0)
			return -1;
	return 0;
}

/*
 * The two HMAC pads, K0 ^ ipad and K0 ^ opad, bl bytes each, from the key
 * k of kl <= bl bytes (K0 = k zero-padded). The key is read straight from
 * the caller's buffer sixteen bytes at a time and each pad is written
 * once: no pass over bytes just stored (a read of a fresh, wider store
 * stalls on store forwarding, which cost more here than the XORs).
 */
typedef uint8_t hmac_v16 __attribute__((vector_size(16)));

static void make_pads(uint8_t *ipad, uint8_t *opad, const uint8_t *k, size_t kl, size_t bl)
{
	const hmac_v16 c36 = { 0x36, 0x36, 0x36, 0x36, 0x36, 0x36, 0x36, 0x36,
		               0x36, 0x36, 0x36, 0x36, 0x36, 0x36, 0x36, 0x36 };
	const hmac_v16 c5c = c36 ^ (0x36 ^ 0x5c);
	size_t i = 0;

	for (; i + 16 <= kl; i += 16) {
		hmac_v16 w;

		memcpy(&w, k + i, 16);
		w ^= c36;
		memcpy(ipad + i, &w, 16);
		w ^= c36 ^ c5c;
		memcpy(opad + i, &w, 16);
	}
	for (; i < kl; i++) {
		ipad[i] = k[i] ^ 0x36;
		opad[i] = k[i] ^ 0x5c;
	}
	for (; i + 16 <= bl; i += 16) {
		memcpy(ipad + i, &c36, 16);
		memcpy(opad + i, &c5c, 16);
	}
	for (; i < bl; i++) {
		ipad[i] = 0x36;
		opad[i] = 0x5c;
	}
}

static int hmac_init(void *ctx, const void *key, size_t key_len)
{
	struct hmac_ctx *c = ctx;
	const jca_md_impl *md = c->md;
	_Alignas(16) uint8_t pad[2 * JCA_MD_MAX_DIGEST], hk[JCA_MD_MAX_DIGEST];
	size_t bl = md->block_size, kl = key_len;
	int rc = 0;

	/* K0 is the key, or its digest if longer than a block (computed into
	 * hk), zero-padded by make_pads. */
	if (key_len > bl) {
		rc |= md->init(WORK(c));
		rc |= md->update(WORK(c), key, key_len);
		rc |= md->final(WORK(c), hk, md->digest_size);
		kl = md->digest_size < bl ? md->digest_size : bl;
		key = hk;
	}
	make_pads(pad, pad + bl, key, kl, bl);
	rc |= md->init(INNER(c));
	rc |= md->update(INNER(c), pad, bl);
	rc |= md->init(OUTER(c));
	rc |= md->update(OUTER(c), pad + bl, bl);
	jca__wipe(pad, 2 * bl);
	if (key == hk)
		jca__wipe(hk, md->digest_size);
	if (rc)
		return -1;
	return state_copy(md, WORK(c), INNER(c));
}

static int hmac_update(void *ctx, const void *in, size_t len)
{
	struct hmac_ctx *c = ctx;

	return c->md->update(WORK(c), in, len);
}

/* The tag (digest_size bytes), and the working state keyed again. */
static int hmac_final(void *ctx, void *out, size_t out_len)
{
	struct hmac_ctx *c = ctx;
	const jca_md_impl *md = c->md;
	uint8_t inner[JCA_MD_MAX_DIGEST];
	size_t dl = md->digest_size;
	int rc;

	(void)out_len;                     /* == digest_size (jca_mac_impl) */
	rc = md->final(WORK(c), inner, dl) != 0 || state_copy(md, WORK(c), OUTER(c)) != 0 ||
	     md->update(WORK(c), inner, dl) != 0 || md->final(WORK(c), out, dl) != 0;
	jca__wipe(inner, dl);
	if (rc)
		return -1;
	return state_copy(md, WORK(c), INNER(c));
}

static int hmac_reset(void *ctx)
{
	struct hmac_ctx *c = ctx;

	return state_copy(c->md, WORK(c), INNER(c));
}

void jca__hmac_bind(struct jca__hmac *h, const struct jca_service *d, const char *name)
{
	const jca_md_impl *md = (const jca_md_impl *)d->active;
	int life = md->base.attach || md->base.cleanup || md->base.copy;

	memset(h, 0, sizeof *h);
	h->md = md;
	h->digest = d;
	h->impl.base.struct_size = sizeof h->impl;
	h->impl.base.name = name;
	h->impl.base.priority = md->base.priority;
	h->impl.base.ctx_size = sizeof(struct hmac_ctx) + 3 * rounded(md->base.ctx_size);
	h->impl.base.attach = life ? attach : attach_plain;
	/* a digest with cleanup has copy (jca__hmac_possible) */
	h->impl.base.copy = life ? copy : NULL;
	h->impl.base.cleanup = life ? cleanup : NULL;
	h->impl.mac_size = md->digest_size;
	h->impl.block_size = md->block_size;
	h->impl.init = hmac_init;
	h->impl.update = hmac_update;
	h->impl.final = hmac_final;
	h->impl.reset = hmac_reset;
}
