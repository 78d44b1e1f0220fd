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
 * memcpy. */
struct mac_ctx {
	const jca_md_impl *md;
	const struct jca_service *svc;
	size_t cs;                         /* digest ctx size rounded up to 16 */
	int keyed;
	_Alignas(16) unsigned char state[];
};

#define INNER(m) ((m)->state)
#define OUTER(m) ((m)->state + (m)->cs)
#define WORK(m) ((m)->state + 2 * (m)->cs)

/* Copies digest state src to dst (a zeroed or live context). */
static int state_copy(const jca_md_impl *md, void *dst, const void *src)
{
	if (md->copy)
		return md->copy(dst, src);
	memcpy(dst, src, md->ctx_size);
	return 0;
}

static size_t mac_size(const jca_md_impl *md)
{
	return sizeof(struct mac_ctx) + 3 * ((md->ctx_size + 15) & ~(size_t)15);
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
	m->cs = (md->ctx_size + 15) & ~(size_t)15;
	m->keyed = 0;
	if (md->cleanup)
		memset(m->state, 0, 3 * m->cs);
	return m;
}

mac_ctx *mac_get_instance(const char *name)
{
	const jca__resolved *r = jca__lookup(JCA_MAC, name, NULL);

	return r ? mac_create(r) : NULL;
}

mac_ctx *mac_get_instance_from(const char *name, const char *provider)
{
	const jca__resolved *r;

	if (!provider) {
		jca__error(JCA_EINVAL, "provider name is NULL");
		return NULL;
	}
	r = jca__lookup(JCA_MAC, name, provider);
	return r ? mac_create(r) : NULL;
}

/* A digest implementation function returned nonzero: the Mac needs
 * mac_init again. */
static int failed(mac_ctx *m, const char *fn)
{
	m->keyed = 0;
	return jca__error(JCA_IMPL, "%s: Mac \"%s\": digest implementation %s failed; call mac_init", fn,
	                  m->svc->algorithm, m->md->name);
}

const mac_handle *mac_lookup(const char *name)
{
	return (const mac_handle *)jca__lookup(JCA_MAC, name, NULL);
}

mac_ctx *mac_new(const mac_handle *h)
{
	if (!h) {
		jca__error(JCA_EINVAL, "Mac handle is NULL");
		return NULL;
	}
	return mac_create((const jca__resolved *)h);
}

int mac_init(mac_ctx *m, const void *key, size_t key_len)
{
	const jca_md_impl *md;
	uint8_t k0[MAX_BLOCK], pad[MAX_BLOCK];
	size_t bl, i;
	int rc = 0;

	if (!m)
		return jca__error(JCA_EINVAL, "mac_init: NULL object");
	if (!key && key_len)
		return jca__error(JCA_EINVAL, "mac_init: key is NULL");
	md = m->md;
	bl = md->block_size;
	/* K0: the key, hashed first if longer than a block, zero-padded. */
	memset(k0, 0, bl);
	m->keyed = 0;
	if (key_len > bl) {
		rc |= md->init(WORK(m));
		rc |= md->update(WORK(m), key, key_len);
		rc |= md->final(WORK(m), k0, md->digest_size);
	} else if (key_len) {
		memcpy(k0, key, key_len);
	}
	for (i = 0; i < bl; i++)
		pad[i] = k0[i] ^ 0x36;
	rc |= md->init(INNER(m));
	rc |= md->update(INNER(m), pad, bl);
	for (i = 0; i < bl; i++)
		pad[i] = k0[i] ^ 0x5c;
	rc |= md->init(OUTER(m));
	rc |= md->update(OUTER(m), pad, bl);
	jca__wipe(k0, bl);
	jca__wipe(pad, bl);
	if (rc)
		return failed(m, "mac_init");
	if (state_copy(md, WORK(m), INNER(m)) != 0) {
		m->keyed = 0;
		return jca__error(JCA_ENOMEM, "mac_init: cannot copy digest state (%s)", md->name);
	}
	m->keyed = 1;
	return 0;
}

int mac_update(mac_ctx *m, const void *data, size_t len)
{
	if (!m || (!data && len))
		return jca__error(JCA_EINVAL, "mac_update: NULL %s", m ? "data" : "object");
	if (!m->keyed)
		return jca__error(JCA_NOTINIT, "mac_update: %s is not initialised (call mac_init)", m->svc->algorithm);
	if (m->md->update(WORK(m), data, len) != 0)
		return failed(m, "mac_update");
	return 0;
}

int mac_do_final(mac_ctx *m, void *out, size_t out_size)
{
	const jca_md_impl *md;
	uint8_t inner[MAX_DIGEST];
	size_t dl;

	if (!m || !out)
		return jca__error(JCA_EINVAL, "mac_do_final: NULL %s", m ? "output" : "object");
	if (!m->keyed)
		return jca__error(JCA_NOTINIT, "mac_do_final: %s is not initialised (call mac_init)", m->svc->algorithm);
	md = m->md;
	dl = md->digest_size;
	if (out_size < dl)
		return jca__error(JCA_BUFSIZE, "mac_do_final: %s needs %zu bytes of output, got %zu",
		                  m->svc->algorithm, dl, out_size);
	if (md->final(WORK(m), inner, dl) != 0) {
		jca__wipe(inner, dl);
		return failed(m, "mac_do_final");
	}
	if (state_copy(md, WORK(m), OUTER(m)) != 0) {
		jca__wipe(inner, dl);
		m->keyed = 0;
		return jca__error(JCA_ENOMEM, "mac_do_final: cannot copy digest state (%s)", md->name);
	}
	if (md->update(WORK(m), inner, dl) != 0 || md->final(WORK(m), out, dl) != 0) {
		jca__wipe(inner, dl);
		jca__wipe(out, dl);
		return failed(m, "mac_do_final");
	}
	jca__wipe(inner, dl);
	if (state_copy(md, WORK(m), INNER(m)) != 0) {
		m->keyed = 0;
		return jca__error(JCA_ENOMEM, "mac_do_final: cannot copy digest state (%s); call mac_init again",
		                  md->name);
	}
	return (int)dl;
}

int mac_reset(mac_ctx *m)
{
	if (!m)
		return jca__error(JCA_EINVAL, "mac_reset: NULL object");
	if (m->keyed && state_copy(m->md, WORK(m), INNER(m)) != 0) {
		m->keyed = 0;
		return jca__error(JCA_ENOMEM, "mac_reset: cannot copy digest state (%s)", m->md->name);
	}
	return 0;
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
	if (m->md->copy) {
		int i, rc = 0;

		memcpy(c, m, sizeof *m);
		memset(c->state, 0, 3 * m->cs);
		for (i = 0; i < 3 && rc == 0; i++)
			rc = m->md->copy(c->state + i * m->cs, m->state + i * m->cs);
		if (rc) {
			for (i = 0; i < 3; i++)
				m->md->cleanup(c->state + i * m->cs);
			jca__free(c, mac_size(m->md));
			jca__error(JCA_ENOMEM, "cannot clone Mac \"%s\"", m->svc->algorithm);
			return NULL;
		}
		return c;
	}
	memcpy(c, m, mac_size(m->md));
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
	if (m->md->cleanup) {
		m->md->cleanup(INNER(m));
		m->md->cleanup(OUTER(m));
		m->md->cleanup(WORK(m));
	}
	jca__free(m, mac_size(m->md));
}
