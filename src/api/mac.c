/* SPDX-License-Identifier: Apache-2.0 */
/* Mac engine over jca_mac_impl: a provider's Mac (CMAC, keyed BLAKE2, a
 * token's HMAC) or the HMAC the registry derives over a digest
 * (mac_hmac.c). It holds the contract: key and tag lengths, the FAILED
 * state, truncation, constant-time verification, clone, reset. See
 * jca/mac.h. */
#include <stdlib.h>
#include <string.h>

#include "../registry/lookup.h"
#include "../util/error.h"
#include "../util/mem.h"
#include "engine.h"

/* The implementation's context follows the header. */
struct mac_ctx {
	const jca_mac_impl *impl;
	const struct jca_service *svc;
	int keyed;                         /* NOT_KEYED, KEYED or FAILED */
	_Alignas(16) unsigned char ctx[];
};

/* keyed: FAILED means keyed, but an implementation call failed in the
 * middle of a message; mac_reset or mac_init recovers. */
enum { NOT_KEYED = 0, KEYED = 1, FAILED = 2 };

/* Tags shorter than this are refused (unless the whole tag is shorter):
 * 32 bits is the shortest in use (SRTP's HMAC-SHA1-32); RFC 2104 advises
 * at least half the digest and 80 bits. */
#define MIN_TAG 4

static size_t mac_size(const jca_mac_impl *impl)
{
	return sizeof(struct mac_ctx) + impl->base.ctx_size;
}

static mac_ctx *mac_create(const jca__resolved *r, int pinned)
{
	const jca_mac_impl *impl = r->impl;
	mac_ctx *m = jca__alloc(mac_size(impl));

	(void)pinned; /* any provider of the name serves: nothing is chosen by key */
	if (!m) {
		jca__error(JCA_ENOMEM, "out of memory creating Mac \"%s\"", r->svc->algorithm);
		return NULL;
	}
	m->impl = impl;
	m->svc = r->svc;
	m->keyed = NOT_KEYED;
	if (jca__ctx_open(r->svc, &impl->base, m->ctx) != 0) {
		jca__free(m, mac_size(impl));
		jca__error(JCA_IMPL, "Mac \"%s\": implementation %s failed to attach%s", r->svc->algorithm,
		           impl->base.name, jca__impl_reason());
		return NULL;
	}
	jca__inst_hold(r->svc);
	return m;
}

JCA__ENGINE_GETTERS(mac, JCA_MAC, mac_create)

/* An implementation function returned nonzero in the middle of a
 * message: every call fails until mac_reset or mac_init succeeds. */
static int failed(mac_ctx *m, const char *fn)
{
	if (m->keyed)
		m->keyed = FAILED;
	return jca__error(JCA_IMPL, "%s: Mac \"%s\": implementation %s failed%s; call mac_reset", fn,
	                  m->svc->algorithm, m->impl->base.name, jca__impl_reason());
}

/* The state check every operation starts with: 0, or the error. */
static int ready(mac_ctx *m, const char *fn)
{
	if (m->keyed == KEYED)
		return 0;
	if (m->keyed == FAILED)
		return jca__error(JCA_IMPL, "%s: Mac \"%s\" failed earlier (implementation %s); call mac_reset",
		                  fn, m->svc->algorithm, m->impl->base.name);
	return jca__error(JCA_NOTINIT, "%s: %s is not initialised (call mac_init)", fn, m->svc->algorithm);
}

int mac_init(mac_ctx *m, const void *key, size_t key_len)
{
	const jca_mac_impl *impl;
	int rc;

	if (!m)
		return jca__error(JCA_EINVAL, "mac_init: NULL object");
	if (!key && key_len)
		return jca__error(JCA_EINVAL, "mac_init: key is NULL");
	impl = m->impl;
	if (__builtin_expect(key_len < impl->key_min || (impl->key_max && key_len > impl->key_max), 0)) {
		if (impl->key_max)
			return jca__error(JCA_KEYLEN, "mac_init: a %s key is %zu to %zu bytes, not %zu", m->svc->algorithm,
			                  impl->key_min, impl->key_max, key_len);
		return jca__error(JCA_KEYLEN, "mac_init: a %s key is at least %zu bytes, not %zu", m->svc->algorithm,
		                  impl->key_min, key_len);
	}
	m->keyed = NOT_KEYED;
	if ((rc = impl->init(m->ctx, key, key_len)) != 0) {
		if (rc == JCA_KEYLEN)
			return jca__error(JCA_KEYLEN, "mac_init: %s refuses a key of %zu bytes%s", m->svc->algorithm,
			                  key_len, jca__impl_reason());
		return jca__error(JCA_IMPL, "mac_init: Mac \"%s\": implementation %s failed%s", m->svc->algorithm,
		                  impl->base.name, jca__impl_reason());
	}
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
	if (m->impl->update(m->ctx, data, len) != 0)
		return failed(m, "mac_update");
	return 0;
}

/* Finishes the message: the whole tag (mac_length bytes) into tag, and
 * the object back to its keyed state. */
static int finish(mac_ctx *m, const char *fn, uint8_t *tag)
{
	size_t n = m->impl->mac_size;
	int rc = ready(m, fn);

	if (rc)
		return rc;
	if (m->impl->final(m->ctx, tag, n) != 0) {
		jca__wipe(tag, n);
		return failed(m, fn);
	}
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
	if (out_size < m->impl->mac_size)
		return jca__error(JCA_BUFSIZE, "mac_do_final: %s needs %zu bytes of output, got %zu (for a "
		                  "shorter tag: mac_do_final_truncated)", m->svc->algorithm, m->impl->mac_size,
		                  out_size);
	rc = finish(m, "mac_do_final", out);
	if (!rc)
		*out_len = m->impl->mac_size;
	return rc;
}

/* The whole tag into full (mac_size bytes), for a caller that keeps its
 * first len bytes: JCA_OUTLEN (nothing done) unless MIN_TAG <= len <= the
 * tag length, else finish's answer. */
static int finish_for(mac_ctx *m, const char *fn, size_t len, uint8_t full[JCA_MAC_MAX])
{
	size_t min = m->impl->mac_size < MIN_TAG ? m->impl->mac_size : MIN_TAG;

	if (len < min || len > m->impl->mac_size)
		return jca__error(JCA_OUTLEN, "%s: a %s tag is %zu to %zu bytes, not %zu", fn, m->svc->algorithm,
		                  min, m->impl->mac_size, len);
	return finish(m, fn, full);
}

int mac_do_final_truncated(mac_ctx *m, void *out, size_t len)
{
	uint8_t tag[JCA_MAC_MAX];
	int rc;

	if (!m || !out)
		return jca__error(JCA_EINVAL, "mac_do_final_truncated: NULL %s", m ? "output" : "object");
	if ((rc = finish_for(m, "mac_do_final_truncated", len, tag)) == 0)
		memcpy(out, tag, len);
	jca__wipe(tag, m->impl->mac_size);
	return rc;
}

int mac_verify(mac_ctx *m, const void *tag, size_t tag_len)
{
	uint8_t mine[JCA_MAC_MAX];
	int rc;

	if (!m || !tag)
		return jca__error(JCA_EINVAL, "mac_verify: NULL %s", m ? "tag" : "object");
	if ((rc = finish_for(m, "mac_verify", tag_len, mine)) == 0 && !jca_ct_equal(mine, tag, tag_len))
		rc = jca__error(JCA_BADTAG, "mac_verify: %s tag does not match", m->svc->algorithm);
	jca__wipe(mine, m->impl->mac_size);
	return rc;
}

/* The implementation's reset; without one, a final into a scratch
 * buffer (it drops the message and keeps the key), wiped. */
int mac_reset(mac_ctx *m)
{
	int rc;

	if (!m)
		return jca__error(JCA_EINVAL, "mac_reset: NULL object");
	if (m->keyed == NOT_KEYED)
		return jca__error(JCA_NOTINIT, "mac_reset: %s is not initialised (call mac_init)", m->svc->algorithm);
	if (m->impl->reset) {
		rc = m->impl->reset(m->ctx);
	} else {
		uint8_t tag[JCA_MAC_MAX];

		rc = m->impl->final(m->ctx, tag, m->impl->mac_size);
		jca__wipe(tag, m->impl->mac_size);
	}
	if (rc)
		return failed(m, "mac_reset");
	m->keyed = KEYED;
	return 0;
}

/* One whole tag with a Mac of implementation r, the contexts wiped. */
static int oneshot(const jca__resolved *r, const void *key, size_t key_len, const void *data, size_t len,
                   void *out, size_t out_size, size_t *out_len)
{
	mac_ctx *m = mac_create(r, 0);
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
	int rc;

	if (!m) {
		jca__error(JCA_EINVAL, "mac_clone: NULL object");
		return NULL;
	}
	c = jca__alloc(mac_size(m->impl));
	if (!c) {
		jca__error(JCA_ENOMEM, "out of memory cloning Mac \"%s\"", m->svc->algorithm);
		return NULL;
	}
	memcpy(c, m, sizeof *m);
	rc = jca__ctx_clone(&m->impl->base, c->ctx, m->ctx);
	if (rc) {
		jca__free(c, mac_size(m->impl));
		if (rc == JCA_UNSUPPORTED)
			jca__error(JCA_UNSUPPORTED, "mac_clone: Mac \"%s\" implementation %s cannot be cloned (it holds "
			           "outside resources and offers no copy)", m->svc->algorithm, m->impl->base.name);
		else
			jca__error(JCA_IMPL, "cannot clone Mac \"%s\": implementation %s failed to copy its state%s",
			           m->svc->algorithm, m->impl->base.name, jca__impl_reason());
		return NULL;
	}
	jca__inst_hold(m->svc);
	return c;
}

size_t mac_length(const mac_ctx *m)
{
	return m ? m->impl->mac_size : 0;
}

size_t mac_block_length(const mac_ctx *m)
{
	return m ? m->impl->block_size : 0;
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
	if (m->impl->base.cleanup)
		m->impl->base.cleanup(m->ctx);
	jca__inst_release(m->svc);
	jca__free(m, mac_size(m->impl));    /* wipes the key schedule */
}
