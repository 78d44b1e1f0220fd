/* SPDX-License-Identifier: Apache-2.0 */
/* KeyFactory engine over jca_keyfactory_impl. See jca/key.h. */
#include <stdlib.h>
#include <string.h>

#include "key_int.h"
#include "../util/error.h"
#include "engine.h"

struct keyfactory_ctx {
	const jca__resolved *r;
};

static keyfactory_ctx *create(const jca__resolved *r, int pinned)
{
	keyfactory_ctx *kf;

	(void)pinned; /* any provider of the name serves: nothing is chosen by key */
	if (!r)
		return NULL;
	if (!(kf = malloc(sizeof *kf))) {
		jca__error(JCA_ENOMEM, "out of memory creating KeyFactory \"%s\"", r->svc->algorithm);
		return NULL;
	}
	kf->r = r;
	return kf;
}

JCA__ENGINE_GETTERS(keyfactory, JCA_KEY_FACTORY, create)

void keyfactory_free(keyfactory_ctx *kf)
{
	free(kf);
}

int keyfactory_decode(keyfactory_ctx *kf, const void *in, size_t len, jca_key **key)
{
	if (!kf) {
		if (key)
			*key = NULL;
		return jca__error(JCA_EINVAL, "keyfactory_decode: NULL object");
	}
	return jca__key_decode_any(kf->r, NULL, in, len, key);
}

int keyfactory_decode_raw(keyfactory_ctx *kf, unsigned kind, const void *in, size_t len, jca_key **key)
{
	if (key)
		*key = NULL;
	if (!kf || !key || !in)
		return jca__error(JCA_EINVAL, "keyfactory_decode_raw: NULL %s", !kf ? "object" : !key ? "key pointer" : "input");
	if (kind != JCA_KEY_PUBLIC && kind != JCA_KEY_PRIVATE)
		return jca__error(JCA_EINVAL, "keyfactory_decode_raw: kind %u (JCA_KEY_PUBLIC or JCA_KEY_PRIVATE)", kind);
	if (len == 0 || len > 8192)          /* ML-DSA-87's expanded private key: 4896 bytes */
		return jca__error(JCA_BADKEY, "keyfactory_decode_raw: %zu bytes is no raw key", len);
	return jca__key_decode_with(kf->r, JCA_ENC_RAW, kind, in, len, key);
}

int keyfactory_translate(keyfactory_ctx *kf, jca_key *key, jca_key **out)
{
	if (out)
		*out = NULL;
	if (!kf || !key || !out)
		return jca__error(JCA_EINVAL, "keyfactory_translate: NULL %s", !kf ? "object" : !key ? "key" : "output");
	return jca__key_for(kf->r->svc, kf->r->svc->algorithm, key, "KeyFactory", out);
}

const char *keyfactory_algorithm(const keyfactory_ctx *kf)
{
	return kf ? kf->r->canon : NULL;
}

const char *keyfactory_provider(const keyfactory_ctx *kf)
{
	return kf ? kf->r->svc->provider_name : NULL;
}

const char *keyfactory_implementation(const keyfactory_ctx *kf)
{
	return kf ? kf->r->svc->impl_name : NULL;
}
