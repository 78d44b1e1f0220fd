/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The list of service types (types.h). A new type adds one line here; the
 * rest of the registry reaches types only through this list. A provider
 * declaring a type this host does not list is refused ("type N cannot be
 * declared"): it needs a newer libjca.
 */
#include <stdint.h>
#include <stdio.h>

#include "../registry/types.h"

/* Each defined beside its engine (<type>_type.c). */
JCA__HIDDEN extern const jca__type_ops jca__md_type, jca__cipher_type, jca__mac_type;
JCA__HIDDEN extern const jca__type_ops jca__random_type, jca__kdf_type;
/* ABI 3.2 (asym_type.c) */
JCA__HIDDEN extern const jca__type_ops jca__keyfactory_type, jca__keypairgen_type;
JCA__HIDDEN extern const jca__type_ops jca__signature_type, jca__keyagreement_type;
/* ABI 3.3 (asym_type.c) */
JCA__HIDDEN extern const jca__type_ops jca__keystore_type;
/* ABI 3.4 (kem_type.c) */
JCA__HIDDEN extern const jca__type_ops jca__kem_type;

static const struct {
	const jca__type_ops *ops;
} types[] = {
	{ &jca__md_type },
	{ &jca__cipher_type },
	{ &jca__mac_type },
	{ &jca__random_type },
	{ &jca__kdf_type },
	{ &jca__keyfactory_type },
	{ &jca__keypairgen_type },
	{ &jca__signature_type },
	{ &jca__keyagreement_type },
	{ &jca__keystore_type },
	{ &jca__kem_type },
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
