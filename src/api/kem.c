/* SPDX-License-Identifier: Apache-2.0 */
/* KEM engine over jca_kem_impl, with provider selection by key (asym.c).
 * See jca/kem.h. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "asym_int.h"
#include "../util/error.h"
#include "engine.h"

#define SECRET_MAX 1024
#define ENC_MAX 65536

struct kem_ctx {
	jca__asym a;
	unsigned purpose;                  /* JCA_ENCAPSULATE or JCA_DECAPSULATE after init */
	size_t secret_len, enc_len;
	_Alignas(16) unsigned char inline_state[];
};

static const jca_kem_impl *impl_of(const kem_ctx *k)
{
	return k->a.impl;
}

static const char *key_alg(const void *impl)
{
	return ((const jca_kem_impl *)impl)->key_algorithm;
}

static int init_impl(jca__asym *a, jca_key *key, unsigned purpose)
{
	kem_ctx *k = (kem_ctx *)a;
	size_t s = 0, e = 0;
	char who[200];
	int rc;

	if ((rc = impl_of(k)->init(a->state, purpose, key->data, &s, &e)) != 0)
		return jca__asym_key_refused(a, rc);
	if (s == 0 || s > SECRET_MAX || e == 0 || e > ENC_MAX)
		return jca__error(JCA_IMPL, "%s: implementation %s says its secret takes %zu bytes and its "
		                  "encapsulation %zu", jca__asym_who(a, who, sizeof who), impl_of(k)->base.name, s, e);
	k->purpose = purpose;
	k->secret_len = s;
	k->enc_len = e;
	return 0;
}

static const jca__asym_ops kem_ops = {
	.type = JCA_KEM,
	.type_name = "KEM",
	.key_alg = key_alg,
	.set_param = jca__asym_no_params,
	.init = init_impl,
};

static kem_ctx *create(const jca__resolved *r, int pinned)
{
	return jca__asym_new(&kem_ops, r, pinned, offsetof(kem_ctx, inline_state));
}

JCA__ENGINE_GETTERS(kem, JCA_KEM, create)

void kem_free(kem_ctx *k)
{
	if (!k)
		return;
	jca__asym_delete(&k->a, offsetof(kem_ctx, inline_state));
}

int kem_init_encapsulate(kem_ctx *k, jca_key *pub)
{
	jca_key *use = pub;
	int rc;

	if (!k || !pub)
		return jca__error(JCA_EINVAL, "kem_init_encapsulate: NULL %s", k ? "key" : "object");
	k->a.ready = 0;
	if (pub->kind == JCA_KEY_PRIVATE && (rc = jca_key_public(pub, &use)) != 0)
		return rc;
	if (use->kind != JCA_KEY_PUBLIC)
		return jca__error(JCA_BADKEY, "kem_init_encapsulate: KEM \"%s\" encapsulates to a public key",
		                  k->a.first->canon);
	rc = jca__asym_select(&k->a, use, JCA_ENCAPSULATE);
	if (use != pub)
		jca_key_free(use);
	return rc;
}

int kem_init_decapsulate(kem_ctx *k, jca_key *priv)
{
	if (!k || !priv)
		return jca__error(JCA_EINVAL, "kem_init_decapsulate: NULL %s", k ? "key" : "object");
	k->a.ready = 0;
	if (priv->kind != JCA_KEY_PRIVATE)
		return jca__error(JCA_BADKEY, "kem_init_decapsulate: KEM \"%s\" decapsulates with a private key, not "
		                  "a %s one", k->a.first->canon, priv->kind == JCA_KEY_PUBLIC ? "public" : "secret");
	return jca__asym_select(&k->a, priv, JCA_DECAPSULATE);
}

/* Initialised for purpose and not failed. */
static int usable(const kem_ctx *k, unsigned purpose, const char *fn)
{
	char who[200];

	if (!k)
		return jca__error(JCA_EINVAL, "%s: NULL object", fn);
	if (k->a.failed)
		return jca__error(JCA_IMPL, "%s: %s failed earlier and stays failed until init", fn,
		                  jca__asym_who(&k->a, who, sizeof who));
	if (!k->a.ready)
		return jca__error(JCA_NOTINIT, "%s: %s is not initialised (kem_init_encapsulate or "
		                  "kem_init_decapsulate)", fn, jca__asym_who(&k->a, who, sizeof who));
	if (k->purpose != purpose)
		return jca__error(JCA_NOTINIT, "%s: %s is initialised for %s", fn,
		                  jca__asym_who(&k->a, who, sizeof who),
		                  k->purpose == JCA_ENCAPSULATE ? "encapsulating" : "decapsulating");
	return 0;
}

static int failed(kem_ctx *k, int rc, const char *fn)
{
	char who[200], what[300];

	snprintf(what, sizeof what, "%s: %s (%s)", fn, jca__asym_who(&k->a, who, sizeof who),
	         k->a.cur->svc->provider_name);
	if (rc != JCA_REFUSED)
		k->a.failed = 1;
	return jca__key_fail(rc, JCA_BADKEY, what);
}

int kem_encapsulate(kem_ctx *k, void *secret, size_t secret_size, size_t *secret_len, void *enc, size_t enc_size,
                    size_t *enc_len)
{
	int rc;

	if (secret_len)
		*secret_len = 0;
	if (enc_len)
		*enc_len = 0;
	if ((rc = usable(k, JCA_ENCAPSULATE, "kem_encapsulate")) != 0)
		return rc;
	if (!secret_len || !enc_len || (!secret && secret_size) || (!enc && enc_size))
		return jca__error(JCA_EINVAL, "kem_encapsulate: NULL %s", !secret_len || !enc_len ? "length pointer" :
		                  "output");
	if (secret_size < k->secret_len || enc_size < k->enc_len)
		return jca__error(JCA_BUFSIZE, "kem_encapsulate: %s takes %zu bytes of secret and %zu of "
		                  "encapsulation, got room for %zu and %zu", k->a.first->canon, k->secret_len,
		                  k->enc_len, secret_size, enc_size);
	if ((rc = impl_of(k)->encapsulate(k->a.state, secret, enc)) != 0) {
		jca__wipe(secret, k->secret_len);
		return failed(k, rc, "kem_encapsulate");
	}
	*secret_len = k->secret_len;
	*enc_len = k->enc_len;
	return 0;
}

int kem_decapsulate(kem_ctx *k, const void *enc, size_t enc_len, void *secret, size_t secret_size,
                    size_t *secret_len)
{
	int rc;

	if (secret_len)
		*secret_len = 0;
	if ((rc = usable(k, JCA_DECAPSULATE, "kem_decapsulate")) != 0)
		return rc;
	if (!secret_len || (!secret && secret_size) || (!enc && enc_len))
		return jca__error(JCA_EINVAL, "kem_decapsulate: NULL %s", !secret_len ? "secret_len" :
		                  !enc && enc_len ? "encapsulation" : "output");
	if (enc_len != k->enc_len)
		return jca__error(JCA_EINVAL, "kem_decapsulate: an encapsulation of KEM \"%s\" is %zu bytes, got %zu",
		                  k->a.first->canon, k->enc_len, enc_len);
	if (secret_size < k->secret_len)
		return jca__error(JCA_BUFSIZE, "kem_decapsulate: the secret takes %zu bytes, got %zu", k->secret_len,
		                  secret_size);
	if ((rc = impl_of(k)->decapsulate(k->a.state, enc, secret)) != 0) {
		jca__wipe(secret, k->secret_len);
		return failed(k, rc, "kem_decapsulate");
	}
	*secret_len = k->secret_len;
	return 0;
}

size_t kem_secret_size(const kem_ctx *k)
{
	return k && k->a.ready ? k->secret_len : 0;
}

size_t kem_encapsulation_size(const kem_ctx *k)
{
	return k && k->a.ready ? k->enc_len : 0;
}

int kem_reset(kem_ctx *k)
{
	if (!k)
		return jca__error(JCA_EINVAL, "kem_reset: NULL object");
	if (!k->a.key)
		return jca__error(JCA_NOTINIT, "kem_reset: KEM \"%s\" was never initialised", k->a.first->canon);
	return k->a.failed ? jca__asym_restart(&k->a, k->purpose) : 0;
}

kem_ctx *kem_clone(const kem_ctx *k)
{
	kem_ctx *c;

	if (!k) {
		jca__error(JCA_EINVAL, "kem_clone: NULL object");
		return NULL;
	}
	if (!(c = jca__asym_clone_shell(&k->a, offsetof(kem_ctx, inline_state))))
		return NULL;
	c->purpose = k->purpose;
	c->secret_len = k->secret_len;
	c->enc_len = k->enc_len;
	if (jca__asym_clone(&c->a, &k->a) != 0) {
		kem_free(c);
		return NULL;
	}
	return c;
}

const char *kem_algorithm(const kem_ctx *k)
{
	return k ? k->a.first->canon : NULL;
}

const char *kem_provider(const kem_ctx *k)
{
	return k ? (k->a.cur ? k->a.cur : k->a.first)->svc->provider_name : NULL;
}

const char *kem_implementation(const kem_ctx *k)
{
	return k ? ((const jca_impl *)(k->a.impl ? k->a.impl : k->a.first->impl))->name : NULL;
}
