/* SPDX-License-Identifier: Apache-2.0 */
/* MessageDigest engine. See jca/md.h. */
#include <stdlib.h>
#include <string.h>

#include "../registry/lookup.h"
#include "../registry/error.h"
#include "../util/mem.h"

struct md_ctx {
	const jca_md_impl *impl;
	const struct jca_service *svc;
	size_t out_len;                   /* default output length */
	size_t failed;                    /* an implementation call failed: reset first (also keeps state 16-byte aligned) */
	_Alignas(16) unsigned char state[];
};

static md_ctx *md_create(const jca__resolved *r)
{
	const jca_md_impl *m = r->impl;
	md_ctx *md = jca__alloc(sizeof *md + m->ctx_size);

	if (!md) {
		jca__error(JCA_ENOMEM, "out of memory creating MessageDigest \"%s\"", r->svc->algorithm);
		return NULL;
	}
	md->impl = m;
	md->svc = r->svc;
	md->out_len = m->digest_size;
	md->failed = 0;
	if (m->cleanup)
		memset(md->state, 0, m->ctx_size);
	if (m->init(md->state) != 0) {
		if (m->cleanup)
			m->cleanup(md->state);
		jca__free(md, sizeof *md + m->ctx_size);
		jca__error(JCA_IMPL, "MessageDigest \"%s\": implementation %s failed to initialise",
		           r->svc->algorithm, m->name);
		return NULL;
	}
	return md;
}

md_ctx *md_get_instance(const char *name)
{
	const jca__resolved *r = jca__lookup(JCA_MESSAGE_DIGEST, name, NULL);

	return r ? md_create(r) : NULL;
}

md_ctx *md_get_instance_from(const char *name, const char *provider)
{
	const jca__resolved *r;

	if (!provider) {
		jca__error(JCA_EINVAL, "provider name is NULL");
		return NULL;
	}
	r = jca__lookup(JCA_MESSAGE_DIGEST, name, provider);
	return r ? md_create(r) : NULL;
}

const md_handle *md_lookup(const char *name)
{
	return (const md_handle *)jca__lookup(JCA_MESSAGE_DIGEST, name, NULL);
}

md_ctx *md_new(const md_handle *h)
{
	if (!h) {
		jca__error(JCA_EINVAL, "MessageDigest handle is NULL");
		return NULL;
	}
	return md_create((const jca__resolved *)h);
}

/* An implementation function returned nonzero: the object is unusable
 * until md_reset succeeds. */
static int failed(const md_ctx *md, const char *fn)
{
	return jca__error(JCA_IMPL, "%s: MessageDigest \"%s\" implementation %s failed; call md_reset", fn,
	                  md->svc->algorithm, md->impl->name);
}

int md_update(md_ctx *md, const void *data, size_t len)
{
	if (!md || (!data && len))
		return jca__error(JCA_EINVAL, "md_update: NULL %s", md ? "data" : "object");
	if (md->failed)
		return failed(md, "md_update");
	if (md->impl->update(md->state, data, len) != 0) {
		md->failed = 1;
		return failed(md, "md_update");
	}
	return 0;
}

int md_digest(md_ctx *md, void *out, size_t out_size)
{
	size_t n;

	if (!md || (!out && out_size))
		return jca__error(JCA_EINVAL, "md_digest: NULL %s", md ? "output" : "object");
	if (md->impl->flags & JCA_MD_XOF) {
		if (out_size > (size_t)INT32_MAX)
			return jca__error(JCA_OUTLEN, "md_digest: output length %zu too large", out_size);
		n = out_size;
	} else {
		n = md->out_len;
		if (out_size < n)
			return jca__error(JCA_BUFSIZE, "md_digest: %s needs %zu bytes of output, got %zu",
			                  md->svc->algorithm, n, out_size);
	}
	if (md->failed)
		return failed(md, "md_digest");
	if (md->impl->final(md->state, out, n) != 0) {
		jca__wipe(out, n);
		md->failed = md->impl->init(md->state) != 0;
		return failed(md, "md_digest");
	}
	md->failed = md->impl->init(md->state) != 0;
	return (int)n;
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

	if (!md) {
		jca__error(JCA_EINVAL, "md_clone: NULL object");
		return NULL;
	}
	size = sizeof *md + md->impl->ctx_size;
	c = jca__alloc(size);
	if (!c) {
		jca__error(JCA_ENOMEM, "out of memory cloning MessageDigest \"%s\"", md->svc->algorithm);
		return NULL;
	}
	if (md->impl->copy) {
		memcpy(c, md, sizeof *md);
		memset(c->state, 0, md->impl->ctx_size);
		if (md->impl->copy(c->state, md->state) != 0) {
			if (md->impl->cleanup)
				md->impl->cleanup(c->state);
			jca__free(c, size);
			jca__error(JCA_ENOMEM, "cannot clone MessageDigest \"%s\" (%s)", md->svc->algorithm,
			           md->impl->name);
			return NULL;
		}
		return c;
	}
	memcpy(c, md, size);
	return c;
}

void md_free(md_ctx *md)
{
	if (!md)
		return;
	if (md->impl->cleanup)
		md->impl->cleanup(md->state);
	/* Digest state can be secret (HMAC keys, password hashing): the block
	 * is wiped whether it is recycled or freed. */
	jca__free(md, sizeof *md + md->impl->ctx_size);
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
	return md ? md->impl->name : NULL;
}
