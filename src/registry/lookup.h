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

enum { JCA__MODE_ECB = 1, JCA__MODE_CBC = 2 };
enum { JCA__PAD_NONE = 1, JCA__PAD_PKCS5 = 2 };

struct jca_service {
	jca_service_type type;
	const char *algorithm;
	const char **aliases;            /* NULL-terminated, owned array */
	const jca_attr *attrs;           /* provider's attributes, may be NULL */
	const jca_md_impl *const *md_impls;
	const jca_cipher_impl *const *cipher_impls;
	const jca_random_impl *const *random_impls;
	const jca_kdf_impl *const *kdf_impls;
	const void *active;              /* the cached constructor: bound implementation */
	const char *impl_name;           /* active implementation's name */
	const struct jca_service *digest;/* JCA_MAC: the digest it is composed over */
	struct jca_provider *provider;
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

#endif
