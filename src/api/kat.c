/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Runs a table of the host's jca_kat vectors (kat.h) on one
 * implementation, through its type's kat_fault and self_test.
 */
#include <stdio.h>
#include <stdlib.h>

#include "kat.h"
#include "key_int.h"
#include "../registry/lookup.h"
#include "../util/mem.h"

void *jca__kat_ctx_new(const struct jca_service *s, const jca_impl *impl)
{
	void *ctx = calloc(1, impl->ctx_size);

	if (ctx && jca__ctx_open(s, impl, ctx) != 0) {
		free(ctx);
		ctx = NULL;
	}
	return ctx;
}

int jca__kat_end(const jca_impl *impl, void *ctx, void *out, size_t out_len, int ok)
{
	if (ctx)
		jca__ctx_close(impl, ctx);
	free(ctx);
	if (out)
		jca__wipe(out, out_len);
	free(out);
	return ok ? 0 : -1;
}

const char *jca__kat_run(const jca__kat_vec *v, size_t n, const jca__type_ops *t, const struct jca_service *s,
                         const jca_impl *impl, char *why, size_t wn)
{
	char fault[160];
	const char *f;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!jca__service_named(s, v[i].name))
			continue;
		if ((f = t->kat_fault(impl, v[i].kat, fault, sizeof fault)) != NULL) {
			if (v[i].optional)
				continue;
			snprintf(why, wn, "the host's vector %s cannot run on it (%s)", v[i].label, f);
			return why;
		}
		if (t->self_test(s, impl, v[i].kat) != 0) {
			snprintf(why, wn, "wrong answer to the host's vector %s", v[i].label);
			return why;
		}
	}
	return NULL;
}

int jca__kat_key_decode(const struct jca_service *s, const char *key_alg, unsigned kind, const char *der,
                        size_t len, jca_key **key)
{
	const struct jca_service *kf = jca__sibling(s, JCA_KEY_FACTORY, key_alg);
	jca__resolved r;

	if (!kf)
		return JCA_NOALG;
	r = (jca__resolved){ .svc = kf, .impl = kf->active, .canon = kf->algorithm };
	return jca__key_decode_with(&r, kind == JCA_KEY_PUBLIC ? JCA_ENC_X509 : JCA_ENC_PKCS8, kind,
	                            (const uint8_t *)der, len, key);
}
