/* SPDX-License-Identifier: Apache-2.0 */
/* Mac engine: one HMAC template (RFC 2104, FIPS 198-1) over any
 * MessageDigest implementation. See jca/mac.h. */
#include <stdlib.h>
#include <string.h>

#include "../registry/lookup.h"
#include "../registry/error.h"
#include "../util/mem.h"

#define MAX_BLOCK 1024     /* the registry refuses digests with larger blocks */
#define MAX_DIGEST 1024

/* Three digest contexts follow the header: the keyed inner state, the keyed
 * outer state and the working state. No interior pointers: clone is one
 * memcpy. A digest that computes HMAC natively (hmac_init, ABI 2.2: a
 * token's CKM_SHA*_HMAC) uses the working state alone. */
struct mac_ctx {
	const jca_md_impl *md;
	const struct jca_service *svc;
	size_t cs;                         /* digest ctx size rounded up to 16 */
	int keyed;                         /* NOT_KEYED, KEYED or FAILED */
	_Alignas(16) unsigned char state[];
};

/* keyed: FAILED means keyed, but an implementation call failed in the
 * middle of a message; mac_reset or mac_init recovers. */
enum { NOT_KEYED = 0, KEYED = 1, FAILED = 2 };

/* Tags shorter than this are refused: 32 bits is the shortest in use
 * (SRTP's HMAC-SHA1-32); RFC 2104 advises at least half the digest and
 * 80 bits. */
#define MIN_TAG 4

#define INNER(m) ((m)->state)
#define OUTER(m) ((m)->state + (m)->cs)
#define WORK(m) ((m)->state + 2 * (m)->cs)

/* Copies digest state src to dst (a zeroed or live context). */
static int state_copy(const jca_md_impl *md, void *dst, const void *src)
{
	if (md->base.copy)
		return md->base.copy(dst, src);
	memcpy(dst, src, md->base.ctx_size);
	return 0;
}

static size_t mac_size(const jca_md_impl *md)
{
	return sizeof(struct mac_ctx) + 3 * ((md->base.ctx_size + 15) & ~(size_t)15);
}

static mac_ctx *mac_create(const jca__resolved *r)
{
	const jca_md_impl *md = r->impl;
	mac_ctx *m = jca__alloc(mac_size(md));

	if (!m) {
		jca__error(JCA_ENOMEM, "out of memory creating Mac \"%s\"", r->svc->algorithm);
		return NULL;
	}
	m->md = md;
	m->svc = r->svc;
	m->cs = (md->base.ctx_size + 15) & ~(size_t)15;
	m->keyed = 0;
	if (jca__ctx_open(r->svc, &md->base, INNER(m)) != 0 || jca__ctx_open(r->svc, &md->base, OUTER(m)) != 0 ||
	    jca__ctx_open(r->svc, &md->base, WORK(m)) != 0) {
		/* a context that failed is closed already; the others are
		 * zeroed or attached, which cleanup accepts */
		if (md->base.cleanup) {
			md->base.cleanup(INNER(m));
			md->base.cleanup(OUTER(m));
		}
		jca__free(m, mac_size(md));
		jca__error(JCA_IMPL, "Mac \"%s\": implementation %s failed to attach%s", r->svc->algorithm,
		           md->base.name, jca__impl_reason());
		return NULL;
	}
	jca__inst_hold(r->svc);
	return m;
}

mac_ctx *mac_get_instance(const char *name)
{
	const jca__resolved *r = jca__lookup(JCA_MAC, name, NULL);

	return r ? mac_create(r) : NULL;
}

mac_ctx *mac_get_instance_from(const char *name, const char *provider)
{
	const jca__resolved *r = jca__lookup_from(JCA_MAC, name, provider);

	return r ? mac_create(r) : NULL;
}

/* A digest implementation function returned nonzero in the middle of a
 * message: every call fails until mac_reset or mac_init succeeds. */
static int failed(mac_ctx *m, const char *fn)
{
	if (m->keyed)
		m->keyed = FAILED;
	return jca__error(JCA_IMPL, "%s: Mac \"%s\": digest implementation %s failed%s; call mac_reset", fn,
	                  m->svc->algorithm, m->md->base.name, jca__impl_reason());
}

/* The state check every operation starts with: 0, or the error. */
static int ready(mac_ctx *m, const char *fn)
{
	if (m->keyed == KEYED)
		return 0;
	if (m->keyed == FAILED)
		return jca__error(JCA_IMPL, "%s: Mac \"%s\" failed earlier (implementation %s); call mac_reset",
		                  fn, m->svc->algorithm, m->md->base.name);
	return jca__error(JCA_NOTINIT, "%s: %s is not initialised (call mac_init)", fn, m->svc->algorithm);
}

const mac_handle *mac_lookup(const char *name)
{
	return (const mac_handle *)jca__lookup(JCA_MAC, name, NULL);
}

mac_ctx *mac_new(const mac_handle *h)
{
	const jca__resolved *r = jca__from_handle(JCA_MAC, h);

	return r ? mac_create(r) : NULL;
}

/*
 * The two HMAC pads, K0 ^ ipad and K0 ^ opad, bl bytes each, from the key
 * k of kl <= bl bytes (K0 = k zero-padded). The key is read straight from
 * the caller's buffer sixteen bytes at a time and each pad is written
 * once: no pass over bytes just stored (a read of a fresh, wider store
 * stalls on store forwarding, which cost more here than the XORs).
 */
typedef uint8_t mac_v16 __attribute__((vector_size(16)));

static void make_pads(uint8_t *ipad, uint8_t *opad, const uint8_t *k, size_t kl, size_t bl)
{
	const mac_v16 c36 = { 0x36, 0x36, 0x36, 0x36, 0x36, 0x36, 0x36, 0x36,
		              0x36, 0x36, 0x36, 0x36, 0x36, 0x36, 0x36, 0x36 };
	const mac_v16 c5c = c36 ^ (0x36 ^ 0x5c);
	size_t i = 0;

	for (; i + 16 <= kl; i += 16) {
		mac_v16 w;

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

int mac_init(mac_ctx *m, const void *key, size_t key_len)
{
	const jca_md_impl *md;
	_Alignas(16) uint8_t pad[2 * MAX_BLOCK], hk[MAX_DIGEST];
	size_t bl, kl = key_len;
	int rc = 0;

	if (!m)
		return jca__error(JCA_EINVAL, "mac_init: NULL object");
	if (!key && key_len)
		return jca__error(JCA_EINVAL, "mac_init: key is NULL");
	md = m->md;
	m->keyed = NOT_KEYED;
	if (md->hmac_init) {
		if (md->hmac_init(WORK(m), key, key_len) != 0)
			return failed(m, "mac_init");
		m->keyed = KEYED;
		return 0;
	}
	bl = md->block_size;
	/* K0 is the key, or its digest if longer than a block (computed into
	 * hk), zero-padded by make_pads. */
	if (key_len > bl) {
		rc |= md->init(WORK(m));
		rc |= md->update(WORK(m), key, key_len);
		rc |= md->final(WORK(m), hk, md->digest_size);
		kl = md->digest_size < bl ? md->digest_size : bl;
		key = hk;
	}
	make_pads(pad, pad + bl, key, kl, bl);
	rc |= md->init(INNER(m));
	rc |= md->update(INNER(m), pad, bl);
	rc |= md->init(OUTER(m));
	rc |= md->update(OUTER(m), pad + bl, bl);
	jca__wipe(pad, 2 * bl);
	if (key == hk)
		jca__wipe(hk, md->digest_size);
	if (rc)
		return failed(m, "mac_init");
	if (state_copy(md, WORK(m), INNER(m)) != 0)
		return jca__error(JCA_IMPL, "mac_init: Mac \"%s\": implementation %s cannot copy its state%s",
		                  m->svc->algorithm, md->base.name, jca__impl_reason());
	m->keyed = KEYED;
	return 0;
}

int mac_update(mac_ctx *m, const void *data, size_t len)
{
	int rc;

	if (!m || (!data && len))
		return jca__error(JCA_EINVAL, "mac_update: NULL %s", m ? "data" : "object");
	if ((rc = ready(m, "mac_update")) != 0)
		return rc;
	if (m->md->update(WORK(m), data, len) != 0)
		return failed(m, "mac_update");
	return 0;
}

/* Finishes the message: the whole tag (mac_length bytes) into tag, and
 * the object back to its keyed state. */
static int finish(mac_ctx *m, const char *fn, uint8_t *tag)
{
	const jca_md_impl *md = m->md;
	uint8_t inner[MAX_DIGEST];
	size_t dl = md->digest_size;
	int rc = ready(m, fn);

	if (rc)
		return rc;
	if (md->hmac_final) {
		/* native: the tag, and the context keyed again */
		if (md->hmac_final(WORK(m), tag, dl) != 0) {
			jca__wipe(tag, dl);
			return failed(m, fn);
		}
		return 0;
	}
	if (md->final(WORK(m), inner, dl) != 0 || state_copy(md, WORK(m), OUTER(m)) != 0 ||
	    md->update(WORK(m), inner, dl) != 0 || md->final(WORK(m), tag, dl) != 0) {
		jca__wipe(inner, dl);
		jca__wipe(tag, dl);
		return failed(m, fn);
	}
	jca__wipe(inner, dl);
	if (state_copy(md, WORK(m), INNER(m)) != 0)
		return failed(m, fn);
	return 0;
}

int mac_do_final(mac_ctx *m, void *out, size_t out_size, size_t *out_len)
{
	int rc;

	if (out_len)
		*out_len = 0;
	if (!m || !out_len || (!out && out_size))
		return jca__error(JCA_EINVAL, "mac_do_final: NULL %s", !m ? "object" : !out_len ? "out_len" : "output");
	if ((rc = ready(m, "mac_do_final")) != 0)
		return rc;
	if (out_size < m->md->digest_size)
		return jca__error(JCA_BUFSIZE, "mac_do_final: %s needs %zu bytes of output, got %zu (for a "
		                  "shorter tag: mac_do_final_truncated)", m->svc->algorithm, m->md->digest_size,
		                  out_size);
	rc = finish(m, "mac_do_final", out);
	if (!rc)
		*out_len = m->md->digest_size;
	return rc;
}

/* JCA_OUTLEN unless MIN_TAG <= len <= the tag length. */
static int tag_length_ok(const mac_ctx *m, const char *fn, size_t len)
{
	if (len >= MIN_TAG && len <= m->md->digest_size)
		return 0;
	return jca__error(JCA_OUTLEN, "%s: a %s tag is %d to %zu bytes, not %zu", fn, m->svc->algorithm,
	                  MIN_TAG, m->md->digest_size, len);
}

int mac_do_final_truncated(mac_ctx *m, void *out, size_t len)
{
	uint8_t tag[MAX_DIGEST];
	int rc;

	if (!m || !out)
		return jca__error(JCA_EINVAL, "mac_do_final_truncated: NULL %s", m ? "output" : "object");
	if ((rc = tag_length_ok(m, "mac_do_final_truncated", len)) != 0)
		return rc;
	rc = finish(m, "mac_do_final_truncated", tag);
	if (!rc)
		memcpy(out, tag, len);
	jca__wipe(tag, sizeof tag);
	return rc;
}

int mac_verify(mac_ctx *m, const void *tag, size_t tag_len)
{
	uint8_t mine[MAX_DIGEST];
	int rc;

	if (!m || !tag)
		return jca__error(JCA_EINVAL, "mac_verify: NULL %s", m ? "tag" : "object");
	if ((rc = tag_length_ok(m, "mac_verify", tag_len)) != 0)
		return rc;
	rc = finish(m, "mac_verify", mine);
	if (!rc && !jca_ct_equal(mine, tag, tag_len))
		rc = jca__error(JCA_BADTAG, "mac_verify: %s tag does not match", m->svc->algorithm);
	jca__wipe(mine, sizeof mine);
	return rc;
}

int mac_reset(mac_ctx *m)
{
	if (!m)
		return jca__error(JCA_EINVAL, "mac_reset: NULL object");
	if (m->keyed == NOT_KEYED)
		return jca__error(JCA_NOTINIT, "mac_reset: %s is not initialised (call mac_init)", m->svc->algorithm);
	if (m->md->hmac_final) {
		/* native: finishing a tag drops the input and keeps the key */
		uint8_t tag[MAX_DIGEST];
		int rc = m->md->hmac_final(WORK(m), tag, m->md->digest_size);

		jca__wipe(tag, m->md->digest_size);
		if (rc)
			return failed(m, "mac_reset");
		m->keyed = KEYED;
		return 0;
	}
	if (state_copy(m->md, WORK(m), INNER(m)) != 0)
		return failed(m, "mac_reset");
	m->keyed = KEYED;
	return 0;
}

/* One whole tag with a Mac of implementation r, the contexts wiped. */
static int oneshot(const jca__resolved *r, const void *key, size_t key_len, const void *data, size_t len,
                   void *out, size_t out_size, size_t *out_len)
{
	mac_ctx *m = mac_create(r);
	int rc;

	if (!m)
		return jca_last_error();
	rc = mac_init(m, key, key_len);
	if (!rc)
		rc = mac_update(m, data, len);
	if (!rc)
		rc = mac_do_final(m, out, out_size, out_len);
	mac_free(m);
	return rc;
}

int mac_oneshot(const char *name, const void *key, size_t key_len, const void *data, size_t len, void *out,
                size_t out_size, size_t *out_len)
{
	const jca__resolved *r;

	if (out_len)
		*out_len = 0;
	r = jca__lookup(JCA_MAC, name, NULL);
	return r ? oneshot(r, key, key_len, data, len, out, out_size, out_len) : jca_last_error();
}

int mac_handle_oneshot(const mac_handle *h, const void *key, size_t key_len, const void *data, size_t len,
                       void *out, size_t out_size, size_t *out_len)
{
	if (out_len)
		*out_len = 0;
	if (!h)
		return jca__error(JCA_EINVAL, "mac_handle_oneshot: NULL handle");
	return oneshot((const jca__resolved *)h, key, key_len, data, len, out, out_size, out_len);
}

mac_ctx *mac_clone(const mac_ctx *m)
{
	mac_ctx *c;

	if (!m) {
		jca__error(JCA_EINVAL, "mac_clone: NULL object");
		return NULL;
	}
	c = jca__alloc(mac_size(m->md));
	if (!c) {
		jca__error(JCA_ENOMEM, "out of memory cloning Mac \"%s\"", m->svc->algorithm);
		return NULL;
	}
	if (m->md->base.copy) {
		int i, rc = 0;

		memcpy(c, m, sizeof *m);
		memset(c->state, 0, 3 * m->cs);
		for (i = 0; i < 3 && rc == 0; i++)
			rc = m->md->base.copy(c->state + i * m->cs, m->state + i * m->cs);
		if (rc) {
			for (i = 0; m->md->base.cleanup && i < 3; i++)
				m->md->base.cleanup(c->state + i * m->cs);
			jca__free(c, mac_size(m->md));
			jca__error(JCA_IMPL, "cannot clone Mac \"%s\": implementation %s failed to copy its state%s",
			           m->svc->algorithm, m->md->base.name, jca__impl_reason());
			return NULL;
		}
	} else if (m->md->base.cleanup) {
		jca__free(c, mac_size(m->md));
		jca__error(JCA_UNSUPPORTED, "mac_clone: Mac \"%s\" implementation %s cannot be cloned (it holds outside "
		           "resources and offers no copy)", m->svc->algorithm, m->md->base.name);
		return NULL;
	} else {
		memcpy(c, m, mac_size(m->md));
	}
	jca__inst_hold(m->svc);
	return c;
}

size_t mac_length(const mac_ctx *m)
{
	return m ? m->md->digest_size : 0;
}

size_t mac_block_length(const mac_ctx *m)
{
	return m ? m->md->block_size : 0;
}

const char *mac_implementation(const mac_ctx *m)
{
	return m ? m->svc->impl_name : NULL;
}

const char *mac_algorithm(const mac_ctx *m)
{
	return m ? m->svc->algorithm : NULL;
}

const char *mac_provider(const mac_ctx *m)
{
	return m ? jca_provider_name(m->svc->provider) : NULL;
}

void mac_free(mac_ctx *m)
{
	if (!m)
		return;
	if (m->md->base.cleanup) {
		m->md->base.cleanup(INNER(m));
		m->md->base.cleanup(OUTER(m));
		m->md->base.cleanup(WORK(m));
	}
	jca__inst_release(m->svc);
	jca__free(m, mac_size(m->md));
}
