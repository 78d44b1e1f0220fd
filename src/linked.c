/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The library's wiring: what libjca links in, named in this one file, so
 * that the layers below name nothing above them (the README's graph,
 * tests/layers.sh). Each layer declares what it needs in its own header;
 * this file hands it over:
 *  - to the registry, the providers linked in (registry/plugin.h), which
 *    it enters at initialisation as it enters plugins.
 */
#include <stddef.h>

#include "registry/plugin.h"
#include "providers/builtin.h"

const jca__linked_provider jca__linked_providers[] = {
	{ "builtin", jca__builtin_entry },
	{ NULL, NULL },
};
