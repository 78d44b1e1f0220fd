/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The library's wiring: what libjca links in, named in this one file, so
 * that the layers below name nothing above them (the README's graph,
 * tests/layers.sh). Each layer declares what it needs in its own header;
 * this file hands it over:
 *  - to the registry, the providers linked in (registry/plugin.h), which
 *    it enters at initialisation as it enters plugins;
 *  - to the engines, the generator behind jca_random()
 *    (api/random_internal.h): builtin's DRBG, its context kept by the
 *    engine;
 *  - to the built-in provider, the one call it makes to its host that a
 *    plugin's table lacks (providers/builtin_drbg.h): its DRBGs run on
 *    the digest or AES that the registry's lookup finds.
 */
#include <stddef.h>

#include "registry/lookup.h"
#include "registry/plugin.h"
#include "api/random_internal.h"
#include "providers/builtin.h"

const jca__linked_provider jca__linked_providers[] = {
	{ "builtin", jca__builtin_entry },
	{ NULL, NULL },
};

const jca_random_impl *const jca__default_drbg = &jca__drbg_impl;

const void *jca__builtin_lookup(jca_service_type type, const char *name, const char *provider,
                                const jca_service **svc)
{
	const jca__resolved *r = jca__lookup(type, name, provider);

	if (!r)
		return NULL;
	*svc = r->svc;
	return r->impl;
}
