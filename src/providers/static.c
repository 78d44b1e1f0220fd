/* SPDX-License-Identifier: Apache-2.0 */
/* The providers linked into libjca, by configured name (static.h). */
#include <stddef.h>

#include "static.h"
#include "builtin.h"
#include "../util/ascii.h"

static const struct {
	const char *name;
	jca_plugin_entry_fn *entry;
} linked[] = {
	{ "builtin", jca__builtin_entry },
};

jca_plugin_entry_fn *jca__static_entry(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof linked / sizeof linked[0]; i++)
		if (jca__name_eq(name, linked[i].name))
			return linked[i].entry;
	return NULL;
}
