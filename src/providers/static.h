/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Providers linked into libjca (static.c): entered at initialisation
 * through the same entry interface as a plugin (<jca/plugin.h>), so the
 * registry treats them as any provider. Not installed.
 */
#ifndef JCA_PROVIDERS_STATIC_H
#define JCA_PROVIDERS_STATIC_H

#include "jca/plugin.h"
#include "../util/mem.h"     /* JCA__HIDDEN */

/* The entry of the linked-in provider configured as `name` ("builtin"),
 * or NULL if name is not one of them (a plugin). */
JCA__HIDDEN jca_plugin_entry_fn *jca__static_entry(const char *name);

#endif
