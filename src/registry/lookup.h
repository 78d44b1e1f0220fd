/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the engines (src/api) see of the registry: a service and the
 * resolved result of a lookup. Not installed.
 */
#ifndef JCA_REGISTRY_LOOKUP_H
#define JCA_REGISTRY_LOOKUP_H

#include <stdint.h>

#include "jca.h"
#include "jca/provider.h"
#include "../util/mem.h"     /* JCA__HIDDEN */
#include "error.h"

enum { JCA__MODE_ECB = 1, JCA__MODE_CBC = 2, JCA__MODE_CTR = 3, JCA__MODE_GCM = 4 };
enum { JCA__PAD_NONE = 1, JCA__PAD_PKCS5 = 2 };

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
};

/* Resolved lookup result used by the engines. */
typedef struct jca__resolved {
	const struct jca_service *svc;
	const void *impl;
	const char *canon;        /* canonical name ("AES/CBC/PKCS5Padding") */
	uint8_t mode, padding, keylen;
} jca__resolved;

/* Fast path: look up (type, name) in the current snapshot, optionally in one
 * provider. On failure sets the last error and returns NULL. */
JCA__HIDDEN const jca__resolved *jca__lookup(jca_service_type type, const char *name,
                                             const char *provider);

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

#endif
