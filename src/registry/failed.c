/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The configured providers that failed to load, as one clause of a
 * message: a lookup that finds nothing names them and why (a refused
 * plugin is otherwise seen only in `jca list --load`). The failure path
 * only.
 */
#include <stdio.h>
#include <string.h>

#include "registry_int.h"

size_t jca__failed_clause(const jca__snapshot *s, char *buf, size_t n)
{
	size_t i, len = 0, count = 0;

	buf[0] = 0;
	for (i = 0; s && i < s->n; i++) {
		const struct jca_provider *p = s->provs[i];
		int w;

		if (jca__provider_state(p) != JCA_PROVIDER_FAILED)
			continue;
		if (len < n - 1) {
			w = snprintf(buf + len, n - len, "%sprovider \"%s\" failed to load: %s", count ? "; " : "",
			             jca__prov_name(p), p->reason ? p->reason : "(no reason given)");
			if (w >= 0 && (size_t)w < n - len) {
				len += (size_t)w;
			} else {
				/* cut: what fits, ending in "..." */
				len = n - 1;
				if (n >= 4)
					memcpy(buf + n - 4, "...", 4);
			}
		}
		count++;
	}
	return count;
}

size_t jca__failed_providers(char *buf, size_t n)
{
	return jca__failed_clause(atomic_load_explicit(&jca__current, memory_order_acquire), buf, n);
}
