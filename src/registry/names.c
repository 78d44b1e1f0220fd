/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Names: OIDs, '|'-separated word lists and service attributes (the case
 * folding is src/util/ascii.h's). Key building and hashing, which the lookup
 * inlines, are in registry_int.h.
 */
#include <string.h>

#include "registry_int.h"

int jca__is_oid(const char *s)
{
	int dots = 0;

	if (!*s)
		return 0;
	for (; *s; s++) {
		if (*s == '.')
			dots++;
		else if (*s < '0' || *s > '9')
			return 0;
	}
	return dots > 0;
}

const char *jca__attr_get(const struct jca_service *s, const char *key)
{
	const jca_attr *a;

	for (a = s->attrs; a && a->key; a++)
		if (jca__name_eq(a->key, key))
			return a->value;
	return NULL;
}

/* Is `word` one of the '|'-separated words of `list` (case-insensitive)? */
int jca__list_has(const char *list, const char *word)
{
	size_t n = strlen(word);

	while (list && *list) {
		const char *end = strchr(list, '|');
		size_t len = end ? (size_t)(end - list) : strlen(list);

		if (len == n && jca__name_eqn(list, word, n))
			return 1;
		list = end ? end + 1 : NULL;
	}
	return 0;
}
