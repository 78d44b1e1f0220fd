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
 *    engine.
 */
#include <stddef.h>

#include "registry/plugin.h"
#include "api/random_internal.h"
#include "providers/builtin.h"

const jca__linked_provider jca__linked_providers[] = {
	{ "builtin", jca__builtin_entry },
	{ NULL, NULL },
};

const jca_random_impl *const jca__default_drbg = &jca__drbg_impl;
