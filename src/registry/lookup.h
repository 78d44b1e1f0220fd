/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the engines (src/api) see of the registry: a service and the
 * resolved result of a lookup. Not installed.
 */
#ifndef JCA_REGISTRY_LOOKUP_H
#define JCA_REGISTRY_LOOKUP_H

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "jca.h"
#include "jca/provider.h"
#include "../util/mem.h"     /* JCA__HIDDEN */
#include "../util/error.h"

struct jca_service {
	jca_service_type type;
	const char *algorithm;
	const char **aliases;            /* NULL-terminated, owned array */
	const jca_attr *attrs;           /* provider's attributes, may be NULL */
	/* The implementations (the registry's host-size copies, see
	 * validate.c), NULL-terminated; NULL for a derived service. */
	const jca_impl *const *impls;
	const jca_impl *active;          /* the cached constructor: bound implementation */
	const char *impl_name;           /* active implementation's name */
	const struct jca_service *origin;/* a derived service (HMAC): the one it is derived from */
	struct jca_provider *provider;
	const char *provider_name;       /* the provider's name (its descriptor's) */
	char *owned;                     /* strings owned by a composed service */
	void *provctx;                   /* the provider's context, for attach() */
	/* The provider's count of live instances (plus one while it is
	 * registered), or NULL if it has no teardown to wait for. */
	_Atomic long *live;
};

/* Resolved lookup result used by the engines. */
typedef struct jca__resolved {
	const struct jca_service *svc;
	const void *impl;
	const char *canon;        /* canonical name ("AES/CBC/PKCS5Padding") */
	/* What the name selects within the service, meaningful only to the
	 * service's type (its put_names sets it, its engine and its covers
	 * operation read it: the Cipher's mode, padding and pinned key
	 * length); 0 for a plain name. The registry core copies it, never
	 * reads it. */
	uint32_t variant;
} jca__resolved;

/* Fast path: look up (type, name) in the current snapshot, optionally in one
 * provider. On failure sets the last error and returns NULL. */
JCA__HIDDEN const jca__resolved *jca__lookup(jca_service_type type, const char *name,
                                             const char *provider);

/* The configured providers that failed to load, as a lookup that found
 * nothing names them (registry_int.h, jca__failed_clause): into buf (n >=
 * 1 bytes, cut to fit), their number. For an engine that adds words of
 * its own to a refusal (the KeyStore's search by URI). */
JCA__HIDDEN size_t jca__failed_providers(char *buf, size_t n);

/* The prologue every engine's getters share (rule 1 of the engine
 * contract, jca/common.h): X_get_instance_from refuses a NULL provider
 * name, X_new a NULL handle, with one message naming the type. */
static inline const jca__resolved *jca__lookup_from(jca_service_type type, const char *name,
                                                    const char *provider)
{
	if (__builtin_expect(!provider, 0)) {
		jca__error(JCA_EINVAL, "%s \"%s\": provider name is NULL", jca_service_type_name(type),
		           name ? name : "(null)");
		return NULL;
	}
	return jca__lookup(type, name, provider);
}

static inline const jca__resolved *jca__from_handle(jca_service_type type, const void *handle)
{
	if (__builtin_expect(!handle, 0))
		jca__error(JCA_EINVAL, "%s handle is NULL", jca_service_type_name(type));
	return handle;
}

/* ---- the instance lifecycle (<jca/provider.h>), for every engine ---- */

/* Flags the registry writes into `reserved` of its own copy of every
 * implementation (validate.c; providers must leave it 0), so that the hot
 * paths test one word: */
#define JCA__IMPL_LIFECYCLE 1u   /* attach or cleanup is set: contexts start zeroed, cleanup runs */
#define JCA__IMPL_COUNTED 2u     /* its provider has a teardown: objects are counted (live) */

/* Drops an instance's hold on its provider; the last one after removal
 * runs the provider's teardown (provider.c). */
JCA__HIDDEN void jca__service_release(const struct jca_service *s);

/* An object of service s was created / is being freed: the provider's
 * teardown waits for the last one. One load and a branch for providers
 * without teardown (the built-in one). */
static inline void jca__inst_hold(const struct jca_service *s)
{
	if (__builtin_expect(s->live != NULL, 0))
		atomic_fetch_add_explicit(s->live, 1, memory_order_relaxed);
}

static inline void jca__inst_release(const struct jca_service *s)
{
	if (__builtin_expect(s->live != NULL, 0))
		jca__service_release(s);
}

JCA__HIDDEN int jca__ctx_attach(const struct jca_service *s, const jca_impl *b, void *ctx);

/* Starts a context of implementation b (ctx: b->ctx_size bytes) for an
 * object of service s: zeroed and attached to the provider context when
 * the implementation has a lifecycle. 0, or -1 when attach failed (the
 * context is then cleaned up and wiped: free it). */
static inline int jca__ctx_open(const struct jca_service *s, const jca_impl *b, void *ctx)
{
	if (__builtin_expect(b->reserved & JCA__IMPL_LIFECYCLE, 0))
		return jca__ctx_attach(s, b, ctx);
	return 0;
}

/* Ends a context that its owner wipes itself (jca__free): cleanup. */
static inline void jca__ctx_release(const jca_impl *b, void *ctx)
{
	if (__builtin_expect(b->cleanup != NULL, 0))
		b->cleanup(ctx);
}

/* Ends a context: cleanup, then wipe. */
static inline void jca__ctx_close(const jca_impl *b, void *ctx)
{
	jca__ctx_release(b, ctx);
	jca__wipe(ctx, b->ctx_size);
}

/* An object's context, started and counted in one test for the common
 * case (no lifecycle, no teardown): jca__ctx_open + jca__inst_hold. 0 or
 * -1 (attach failed, as jca__ctx_open; nothing counted). */
static inline int jca__obj_open(const struct jca_service *s, const jca_impl *b, void *ctx)
{
	if (__builtin_expect(b->reserved != 0, 0)) {
		if (jca__ctx_open(s, b, ctx) != 0)
			return -1;
		jca__inst_hold(s);
	}
	return 0;
}

/* And its end, for an object freed with jca__free (which wipes):
 * cleanup + jca__inst_release. */
static inline void jca__obj_close(const struct jca_service *s, const jca_impl *b, void *ctx)
{
	if (__builtin_expect(b->reserved != 0, 0)) {
		jca__ctx_release(b, ctx);
		jca__inst_release(s);
	}
}

/* Clones src into dst (b->ctx_size bytes, not started): copy() when the
 * implementation has one, the bytes when it owns nothing outside them.
 * 0, JCA_UNSUPPORTED (cleanup without copy: it cannot be cloned) or
 * JCA_IMPL (copy failed; dst is cleaned up and wiped). The caller sets the
 * error message. */
static inline int jca__ctx_clone(const jca_impl *b, void *dst, const void *src)
{
	if (b->copy) {
		memset(dst, 0, b->ctx_size);
		if (b->copy(dst, src) != 0) {
			jca__ctx_close(b, dst);
			return JCA_IMPL;
		}
		return 0;
	}
	if (b->cleanup)
		return JCA_UNSUPPORTED;
	memcpy(dst, src, b->ctx_size);
	return 0;
}

#endif
