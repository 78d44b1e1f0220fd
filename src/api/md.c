/* SPDX-License-Identifier: Apache-2.0 */
/* MessageDigest engine. See jca/md.h. */
#include <stdlib.h>
#include <string.h>

#include "../registry/lookup.h"
#include "../util/error.h"
#include "../util/mem.h"
#include "engine.h"

struct md_ctx {
	const jca_md_impl *impl;
	const struct jca_service *svc;
	size_t out_len;                   /* default output length */
	size_t failed;                    /* an implementation call failed: reset first (also keeps state 16-byte aligned) */
	_Alignas(16) unsigned char state[];
};

static md_ctx *md_create(const jca__resolved *r, int pinned)
{
	const jca_md_impl *m = r->impl;
	md_ctx *md = jca__alloc(sizeof *md + m->base.ctx_size);

	(void)pinned; /* any provider of the name serves: nothing is chosen by key */
	if (!md) {
		jca__error(JCA_ENOMEM, "out of memory creating MessageDigest \"%s\"", r->svc->algorithm);
		return NULL;
	}
	md->impl = m;
	md->svc = r->svc;
	md->out_len = m->digest_size;
	md->failed = 0;
	if (jca__obj_open(r->svc, &m->base, md->state) != 0) {
		jca__free(md, sizeof *md + m->base.ctx_size);
		jca__error(JCA_IMPL, "MessageDigest \"%s\": implementation %s failed to attach%s", r->svc->algorithm,
		           m->base.name, jca__impl_reason());
		return NULL;
	}
	if (m->init(md->state) != 0) {
		jca__obj_close(r->svc, &m->base, md->state);
		jca__free(md, sizeof *md + m->base.ctx_size);
		jca__error(JCA_IMPL, "MessageDigest \"%s\": implementation %s failed to initialise%s",
		           r->svc->algorithm, m->base.name, jca__impl_reason());
		return NULL;
	}
	return md;
}

JCA__ENGINE_GETTERS(md, JCA_MESSAGE_DIGEST, md_create)

/* An implementation function returned nonzero: the object is unusable
 * until md_reset succeeds. */
static int failed(const md_ctx *md, const char *fn)
{
	return jca__error(JCA_IMPL, "%s: MessageDigest \"%s\" implementation %s failed%s; call md_reset", fn,
	                  md->svc->algorithm, md->impl->base.name, jca__impl_reason());
}

/* A call on an object that failed before (the state is undefined). */
static int still_failed(const md_ctx *md, const char *fn)
{
	return jca__error(JCA_IMPL, "%s: MessageDigest \"%s\" (%s) failed earlier and stays failed until "
	                  "md_reset", fn, md->svc->algorithm, md->impl->base.name);
}

int md_update(md_ctx *md, const void *data, size_t len)
{
	if (!md || (!data && len))
		return jca__error(JCA_EINVAL, "md_update: NULL %s", md ? "data" : "object");
	if (md->failed)
		return still_failed(md, "md_update");
	if (md->impl->update(md->state, data, len) != 0) {
		md->failed = 1;
		return failed(md, "md_update");
	}
	return 0;
}

/* Finishes into out (n bytes) and starts the next message. */
static int finish(md_ctx *md, const char *fn, void *out, size_t n)
{
	if (md->failed)
		return still_failed(md, fn);
	if (md->impl->final(md->state, out, n) != 0) {
		/* failed until md_reset, even if init would work now: the
		 * caller must not mistake a fresh state for the digest asked for */
		jca__wipe(out, n);
		md->failed = 1;
		return failed(md, fn);
	}
	md->failed = md->impl->init(md->state) != 0;
	return 0;
}

int md_digest(md_ctx *md, void *out, size_t out_size, size_t *out_len)
{
	int rc;

	if (out_len)
		*out_len = 0;
	if (!md || !out_len || (!out && out_size))
		return jca__error(JCA_EINVAL, "md_digest: NULL %s", !md ? "object" : !out_len ? "out_len" : "output");
	if (md->failed)
		return still_failed(md, "md_digest");
	if (out_size < md->out_len)
		return jca__error(JCA_BUFSIZE, "md_digest: %s needs %zu bytes of output, got %zu",
		                  md->svc->algorithm, md->out_len, out_size);
	rc = finish(md, "md_digest", out, md->out_len);
	if (!rc)
		*out_len = md->out_len;
	return rc;
}

int md_digest_xof(md_ctx *md, void *out, size_t len)
{
	if (!md || (!out && len))
		return jca__error(JCA_EINVAL, "md_digest_xof: NULL %s", md ? "output" : "object");
	if (!(md->impl->flags & JCA_MD_XOF))
		return jca__error(JCA_UNSUPPORTED, "md_digest_xof: %s has a fixed output length (%zu bytes): "
		                  "use md_digest", md->svc->algorithm, md->out_len);
	return finish(md, "md_digest_xof", out, len);
}

/* Contexts up to this size live on the stack in the one-shot calls; a
 * larger one (a plugin's) takes an instance block. */
#define ONESHOT_STACK 512

/* One whole digest of data with implementation r: no instance, no reset
 * after the final. The context is wiped before return. */
static int oneshot(const jca__resolved *r, const void *data, size_t len, void *out, size_t out_size,
                   size_t *out_len)
{
	const jca_md_impl *m = r->impl;
	_Alignas(16) unsigned char stack[ONESHOT_STACK];
	unsigned char *st = stack;
	size_t n = m->digest_size;
	int rc;

	if (out_len)
		*out_len = 0;
	if (!out_len || (!data && len) || (!out && out_size))
		return jca__error(JCA_EINVAL, "md_oneshot: NULL %s", !out_len ? "out_len" : out || !out_size ? "data" : "output");
	if (out_size < n)
		return jca__error(JCA_BUFSIZE, "md_oneshot: %s needs %zu bytes of output, got %zu",
		                  r->svc->algorithm, n, out_size);
	if (m->base.ctx_size > sizeof stack && !(st = jca__alloc(m->base.ctx_size)))
		return jca__error(JCA_ENOMEM, "out of memory digesting with \"%s\"", r->svc->algorithm);
	rc = jca__ctx_open(r->svc, &m->base, st);
	if (!rc) {
		rc = m->init(st);
		if (!rc)
			rc = m->update(st, data, len);
		if (!rc)
			rc = m->final(st, out, n);
		jca__ctx_close(&m->base, st);
	}
	if (st != stack)
		jca__free(st, m->base.ctx_size);
	if (rc) {
		jca__wipe(out, n);
		return jca__error(JCA_IMPL, "md_oneshot: MessageDigest \"%s\" implementation %s failed%s",
		                  r->svc->algorithm, m->base.name, jca__impl_reason());
	}
	*out_len = n;
	return 0;
}

int md_oneshot(const char *name, const void *data, size_t len, void *out, size_t out_size, size_t *out_len)
{
	const jca__resolved *r = jca__lookup(JCA_MESSAGE_DIGEST, name, NULL);

	if (!r) {
		if (out_len)
			*out_len = 0;
		return jca_last_error();
	}
	return oneshot(r, data, len, out, out_size, out_len);
}

int md_handle_oneshot(const md_handle *h, const void *data, size_t len, void *out, size_t out_size,
                      size_t *out_len)
{
	if (!h) {
		if (out_len)
			*out_len = 0;
		return jca__error(JCA_EINVAL, "md_handle_oneshot: NULL handle");
	}
	return oneshot((const jca__resolved *)h, data, len, out, out_size, out_len);
}

int md_reset(md_ctx *md)
{
	if (!md)
		return jca__error(JCA_EINVAL, "md_reset: NULL object");
	md->failed = md->impl->init(md->state) != 0;
	return md->failed ? failed(md, "md_reset") : 0;
}

md_ctx *md_clone(const md_ctx *md)
{
	md_ctx *c;
	size_t size;
	int rc;

	if (!md) {
		jca__error(JCA_EINVAL, "md_clone: NULL object");
		return NULL;
	}
	if (md->failed) {
		still_failed(md, "md_clone");
		return NULL;
	}
	size = sizeof *md + md->impl->base.ctx_size;
	c = jca__alloc(size);
	if (!c) {
		jca__error(JCA_ENOMEM, "out of memory cloning MessageDigest \"%s\"", md->svc->algorithm);
		return NULL;
	}
	memcpy(c, md, sizeof *md);
	rc = jca__ctx_clone(&md->impl->base, c->state, md->state);
	if (rc) {
		jca__free(c, size);
		if (rc == JCA_UNSUPPORTED)
			jca__error(rc, "md_clone: MessageDigest \"%s\" implementation %s cannot be cloned (it holds "
			           "outside resources and offers no copy)", md->svc->algorithm, md->impl->base.name);
		else
			jca__error(rc, "cannot clone MessageDigest \"%s\": implementation %s failed to copy its state%s",
			           md->svc->algorithm, md->impl->base.name, jca__impl_reason());
		return NULL;
	}
	jca__inst_hold(md->svc);
	return c;
}

void md_free(md_ctx *md)
{
	if (!md)
		return;
	jca__obj_close(md->svc, &md->impl->base, md->state);
	/* Digest state can be secret (HMAC keys, password hashing): the block
	 * is wiped whether it is recycled or freed. */
	jca__free(md, sizeof *md + md->impl->base.ctx_size);
}

size_t md_length(const md_ctx *md)
{
	return md ? md->out_len : 0;
}

int md_is_xof(const md_ctx *md)
{
	return md && (md->impl->flags & JCA_MD_XOF) != 0;
}

size_t md_block_length(const md_ctx *md)
{
	return md ? md->impl->block_size : 0;
}

const char *md_algorithm(const md_ctx *md)
{
	return md ? md->svc->algorithm : NULL;
}

const char *md_provider(const md_ctx *md)
{
	return md ? jca_provider_name(md->svc->provider) : NULL;
}

const char *md_implementation(const md_ctx *md)
{
	return md ? md->impl->base.name : NULL;
}
