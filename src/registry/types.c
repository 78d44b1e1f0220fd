/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The list of service types (types.h), each with the ABI version that
 * introduced it. A new type adds one line here; the rest of the registry
 * reaches types only through this list.
 */
#include <stdint.h>
#include <stdio.h>

#include "types.h"

#define ABI(major, minor) ((uint32_t)((major) << 16 | (minor)))

static const struct {
	const jca__type_ops *ops;
	uint32_t since;                /* a provider declares it from this ABI on */
} types[] = {
	{ &jca__md_type, ABI(2, 0) },
	{ &jca__cipher_type, ABI(2, 0) },
	{ &jca__mac_type, ABI(2, 0) },
	{ &jca__random_type, ABI(2, 3) },
	{ &jca__kdf_type, ABI(2, 3) },
};

const jca__type_ops *jca__type_at(size_t i)
{
	return i < sizeof types / sizeof types[0] ? types[i].ops : NULL;
}

const jca__type_ops *jca__type_ops_of(jca_service_type t)
{
	size_t i;

	for (i = 0; i < sizeof types / sizeof types[0]; i++)
		if (types[i].ops->type == t)
			return types[i].ops;
	return NULL;
}

uint32_t jca__type_since(jca_service_type t)
{
	size_t i;

	for (i = 0; i < sizeof types / sizeof types[0]; i++)
		if (types[i].ops->type == t)
			return types[i].since;
	return UINT32_MAX;
}

const char *jca__kind_mismatch(unsigned a, unsigned b, const char *a_name, char *why, size_t n)
{
	if (a != b)
		return snprintf(why, n, "kind %u differs from %s's %u", b, a_name, a), why;
	return NULL;
}
