/* SPDX-License-Identifier: Apache-2.0 */
/* KeyAgreement engine over jca_keyagreement_impl, with provider selection
 * by key (asym.c). See jca/keyagreement.h. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "asym_int.h"
#include "../util/error.h"
#include "engine.h"

#define SECRET_MAX 1024

struct keyagreement_ctx {
	jca__asym a;
	size_t secret_len;
	jca_key *peer;                     /* held: the peer's key as the chosen provider has it */
	_Alignas(16) unsigned char inline_state[];
};

static const jca_keyagreement_impl *impl_of(const keyagreement_ctx *ka)
{
	return ka->a.impl;
}

static const char *key_alg(const void *impl)
{
	return ((const jca_keyagreement_impl *)impl)->key_algorithm;
}

static int init_impl(jca__asym *a, jca_key *k, unsigned purpose)
{
	keyagreement_ctx *ka = (keyagreement_ctx *)a;
	size_t n = 0;
	char who[200];
	int rc;

	(void)purpose;
	jca_key_free(ka->peer);
	ka->peer = NULL;
	if ((rc = impl_of(ka)->init(a->state, k->data, &n)) != 0)
		return jca__asym_key_refused(a, rc);
	if (n == 0 || n > SECRET_MAX)
		return jca__error(JCA_IMPL, "%s: implementation %s says its secret takes %zu bytes",
		                  jca__asym_who(a, who, sizeof who), impl_of(ka)->base.name, n);
	ka->secret_len = n;
	return 0;
}

static const jca__asym_ops ka_ops = {
	.type = JCA_KEY_AGREEMENT,
	.type_name = "KeyAgreement",
	.key_alg = key_alg,
	.set_param = jca__asym_no_params,
	.init = init_impl,
};

static keyagreement_ctx *create(const jca__resolved *r, int pinned)
{
	return jca__asym_new(&ka_ops, r, pinned, offsetof(keyagreement_ctx, inline_state));
}

JCA__ENGINE_GETTERS(keyagreement, JCA_KEY_AGREEMENT, create)

void keyagreement_free(keyagreement_ctx *ka)
{
	if (!ka)
		return;
	jca_key_free(ka->peer);
	jca__asym_delete(&ka->a, offsetof(keyagreement_ctx, inline_state));
}

int keyagreement_init(keyagreement_ctx *ka, jca_key *priv)
{
	if (!ka || !priv)
		return jca__error(JCA_EINVAL, "keyagreement_init: NULL %s", ka ? "key" : "object");
	ka->a.ready = 0;
	if (priv->kind != JCA_KEY_PRIVATE)
		return jca__error(JCA_BADKEY, "keyagreement_init: KeyAgreement \"%s\" takes a private key, not a %s one",
		                  ka->a.first->canon, priv->kind == JCA_KEY_PUBLIC ? "public" : "secret");
	return jca__asym_select(&ka->a, priv, 0);
}

static int usable(const keyagreement_ctx *ka, const char *fn)
{
	char who[200];

	if (!ka)
		return jca__error(JCA_EINVAL, "%s: NULL object", fn);
	if (ka->a.failed)
		return jca__error(JCA_IMPL, "%s: %s failed earlier and stays failed until keyagreement_init", fn,
		                  jca__asym_who(&ka->a, who, sizeof who));
	if (!ka->a.ready)
		return jca__error(JCA_NOTINIT, "%s: %s is not initialised (keyagreement_init)", fn,
		                  jca__asym_who(&ka->a, who, sizeof who));
	return 0;
}

int keyagreement_do_phase(keyagreement_ctx *ka, jca_key *peer)
{
	char who[200], what[300];
	jca_key *pub = NULL, *k = NULL;
	int rc;

	if ((rc = usable(ka, "keyagreement_do_phase")) != 0)
		return rc;
	if (!peer)
		return jca__error(JCA_EINVAL, "keyagreement_do_phase: NULL key");
	jca__asym_who(&ka->a, who, sizeof who);
	if ((rc = jca_key_public(peer, &pub)) != 0)
		return rc;
	rc = jca__key_for(ka->a.cur->svc, impl_of(ka)->key_algorithm, pub, who, &k);
	jca_key_free(pub);
	if (rc)
		return rc;
	jca_key_free(ka->peer);
	ka->peer = NULL;
	if ((rc = impl_of(ka)->phase(ka->a.state, k->data)) != 0) {
		jca_key_free(k);
		snprintf(what, sizeof what, "keyagreement_do_phase: %s (%s), the peer's key", who,
		         ka->a.cur->svc->provider_name);
		if (rc != JCA_REFUSED)
			ka->a.failed = 1;
		return jca__key_fail(rc, JCA_BADKEY, what);
	}
	ka->peer = k;
	return 0;
}

int keyagreement_generate_secret(keyagreement_ctx *ka, void *out, size_t out_size, size_t *out_len)
{
	char who[200], what[300];
	int rc;

	if (out_len)
		*out_len = 0;
	if ((rc = usable(ka, "keyagreement_generate_secret")) != 0)
		return rc;
	if (!out_len || (!out && out_size))
		return jca__error(JCA_EINVAL, "keyagreement_generate_secret: NULL %s", out_len ? "output" : "out_len");
	if (!ka->peer)
		return jca__error(JCA_NOTINIT, "keyagreement_generate_secret: %s has no peer key "
		                  "(keyagreement_do_phase)", jca__asym_who(&ka->a, who, sizeof who));
	if (out_size < ka->secret_len)
		return jca__error(JCA_BUFSIZE, "keyagreement_generate_secret: the secret takes %zu bytes, got %zu",
		                  ka->secret_len, out_size);
	rc = impl_of(ka)->secret(ka->a.state, out);
	jca_key_free(ka->peer);
	ka->peer = NULL;
	if (rc) {
		jca__wipe(out, ka->secret_len);
		snprintf(what, sizeof what, "keyagreement_generate_secret: %s (%s)",
		         jca__asym_who(&ka->a, who, sizeof who), ka->a.cur->svc->provider_name);
		if (rc != JCA_REFUSED)
			ka->a.failed = 1;
		return jca__key_fail(rc, JCA_BADKEY, what);
	}
	*out_len = ka->secret_len;
	return 0;
}

size_t keyagreement_length(const keyagreement_ctx *ka)
{
	return ka && ka->a.ready ? ka->secret_len : 0;
}

int keyagreement_reset(keyagreement_ctx *ka)
{
	if (!ka)
		return jca__error(JCA_EINVAL, "keyagreement_reset: NULL object");
	if (!ka->a.ready)
		return jca__error(JCA_NOTINIT, "keyagreement_reset: KeyAgreement \"%s\" is not initialised",
		                  ka->a.first->canon);
	jca_key_free(ka->peer);
	ka->peer = NULL;
	return 0;
}

const char *keyagreement_algorithm(const keyagreement_ctx *ka)
{
	return ka ? ka->a.first->canon : NULL;
}

const char *keyagreement_provider(const keyagreement_ctx *ka)
{
	return ka ? (ka->a.cur ? ka->a.cur : ka->a.first)->svc->provider_name : NULL;
}

const char *keyagreement_implementation(const keyagreement_ctx *ka)
{
	return ka ? ((const jca_impl *)(ka->a.impl ? ka->a.impl : ka->a.first->impl))->name : NULL;
}
