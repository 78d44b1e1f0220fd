/* SPDX-License-Identifier: Apache-2.0 */
/* Signature engine over jca_signature_impl, with provider selection by
 * key (asym.c). See jca/signature.h. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asym_int.h"
#include "../util/error.h"
#include "engine.h"

#define MSG_MAX ((size_t)1 << 30)          /* what the engine keeps of a whole-message algorithm's input */

struct signature_ctx {
	jca__asym a;
	unsigned purpose;                  /* JCA_SIGN or JCA_VERIFY after init */
	size_t sig_max;
	unsigned char *msg;                /* the message so far, for an implementation without update */
	size_t msg_len, msg_cap;
	_Alignas(16) unsigned char inline_state[];
};

static const jca_signature_impl *impl_of(const signature_ctx *s)
{
	return s->a.impl;
}

static const char *key_alg(const void *impl)
{
	return ((const jca_signature_impl *)impl)->key_algorithm;
}

static int set_param(const void *impl, void *ctx, const char *name, const char *value)
{
	const jca_signature_impl *m = impl;

	return m->set_param ? m->set_param(ctx, name, value) : JCA__NO_PARAMS;
}

static void msg_drop(signature_ctx *s)
{
	if (s->msg)
		jca__wipe(s->msg, s->msg_len);
	s->msg_len = 0;
}

static int init_impl(jca__asym *a, jca_key *k, unsigned purpose)
{
	signature_ctx *s = (signature_ctx *)a;
	const jca_signature_impl *m = impl_of(s);
	size_t max = 0;
	char who[200];
	int rc;

	if ((rc = m->init(a->state, purpose, k->data, &max)) != 0)
		return jca__asym_key_refused(a, rc);
	if (max == 0 || max > 65536)
		return jca__error(JCA_IMPL, "%s: implementation %s says signatures take %zu bytes",
		                  jca__asym_who(a, who, sizeof who), m->base.name, max);
	s->purpose = purpose;
	s->sig_max = max;
	msg_drop(s);
	return 0;
}

static const jca__asym_ops sig_ops = {
	.type = JCA_SIGNATURE,
	.type_name = "Signature",
	.key_alg = key_alg,
	.set_param = set_param,
	.init = init_impl,
};

static signature_ctx *create(const jca__resolved *r, int pinned)
{
	return jca__asym_new(&sig_ops, r, pinned, offsetof(signature_ctx, inline_state));
}

JCA__ENGINE_GETTERS(signature, JCA_SIGNATURE, create)

void signature_free(signature_ctx *s)
{
	if (!s)
		return;
	if (s->msg) {
		jca__wipe(s->msg, s->msg_len);
		free(s->msg);
	}
	jca__asym_delete(&s->a, offsetof(signature_ctx, inline_state));
}

static int start(signature_ctx *s, jca_key *key, unsigned purpose, const char *fn)
{
	jca_key *use = key;
	int rc;

	if (!s || !key)
		return jca__error(JCA_EINVAL, "%s: NULL %s", fn, s ? "key" : "object");
	s->a.ready = 0;
	if (purpose == JCA_SIGN && key->kind != JCA_KEY_PRIVATE)
		return jca__error(JCA_BADKEY, "%s: Signature \"%s\" signs with a private key, not a %s one", fn,
		                  s->a.first->canon, key->kind == JCA_KEY_PUBLIC ? "public" : "secret");
	if (purpose == JCA_VERIFY && key->kind == JCA_KEY_PRIVATE && (rc = jca_key_public(key, &use)) != 0)
		return rc;
	if (purpose == JCA_VERIFY && use->kind != JCA_KEY_PUBLIC)
		return jca__error(JCA_BADKEY, "%s: Signature \"%s\" verifies with a public key", fn, s->a.first->canon);
	rc = jca__asym_select(&s->a, use, purpose);
	if (use != key)
		jca_key_free(use);
	return rc;
}

int signature_init_sign(signature_ctx *s, jca_key *priv)
{
	return start(s, priv, JCA_SIGN, "signature_init_sign");
}

int signature_init_verify(signature_ctx *s, jca_key *pub)
{
	return start(s, pub, JCA_VERIFY, "signature_init_verify");
}

int signature_set_parameter(signature_ctx *s, const char *name, const char *value)
{
	if (!s || !name || !value)
		return jca__error(JCA_EINVAL, "signature_set_parameter: NULL %s", !s ? "object" : !name ? "name" : "value");
	return jca__asym_set_param(&s->a, name, value);
}

/* The object can take a message: initialised and not failed. */
static int usable(const signature_ctx *s, const char *fn)
{
	char who[200];

	if (!s)
		return jca__error(JCA_EINVAL, "%s: NULL object", fn);
	if (s->a.failed)
		return jca__error(JCA_IMPL, "%s: %s (%s) failed earlier and stays failed until signature_reset or "
		                  "init", fn, jca__asym_who(&s->a, who, sizeof who), impl_of(s)->base.name);
	if (!s->a.ready)
		return jca__error(JCA_NOTINIT, "%s: %s is not initialised (signature_init_sign or "
		                  "signature_init_verify)", fn, jca__asym_who(&s->a, who, sizeof who));
	return 0;
}

static int failed(signature_ctx *s, const char *fn)
{
	char who[200];

	s->a.failed = 1;
	msg_drop(s);
	return jca__error(JCA_IMPL, "%s: %s implementation %s failed%s", fn, jca__asym_who(&s->a, who, sizeof who),
	                  impl_of(s)->base.name, jca__impl_reason());
}

int signature_update(signature_ctx *s, const void *data, size_t len)
{
	const jca_signature_impl *m;
	int rc;

	if ((rc = usable(s, "signature_update")) != 0)
		return rc;
	if (!data && len)
		return jca__error(JCA_EINVAL, "signature_update: NULL data");
	m = impl_of(s);
	if (m->update) {
		if (len && m->update(s->a.state, data, len) != 0)
			return failed(s, "signature_update");
		return 0;
	}
	if (len > MSG_MAX - s->msg_len)
		return jca__error(JCA_LIMIT, "signature_update: %s keeps the whole message, at most %zu bytes",
		                  s->a.first->canon, MSG_MAX);
	if (s->msg_len + len > s->msg_cap) {
		size_t cap = s->msg_cap ? s->msg_cap : 256;
		unsigned char *p;

		while (cap < s->msg_len + len)
			cap *= 2;
		if (!(p = malloc(cap)))
			return jca__error(JCA_ENOMEM, "signature_update: out of memory keeping the message");
		if (s->msg) {
			memcpy(p, s->msg, s->msg_len);
			jca__wipe(s->msg, s->msg_len);
			free(s->msg);
		}
		s->msg = p;
		s->msg_cap = cap;
	}
	if (len)
		memcpy(s->msg + s->msg_len, data, len);
	s->msg_len += len;
	return 0;
}

int signature_sign(signature_ctx *s, void *out, size_t out_size, size_t *out_len)
{
	size_t n;
	int rc;

	if (out_len)
		*out_len = 0;
	if ((rc = usable(s, "signature_sign")) != 0)
		return rc;
	if (!out_len || (!out && out_size))
		return jca__error(JCA_EINVAL, "signature_sign: NULL %s", out_len ? "output" : "out_len");
	if (s->purpose != JCA_SIGN)
		return jca__error(JCA_NOTINIT, "signature_sign: Signature \"%s\" is initialised for verifying",
		                  s->a.first->canon);
	if (out_size < s->sig_max)
		return jca__error(JCA_BUFSIZE, "signature_sign: %s signatures need up to %zu bytes, got %zu",
		                  s->a.first->canon, s->sig_max, out_size);
	n = s->sig_max;
	rc = impl_of(s)->sign(s->a.state, impl_of(s)->update ? NULL : s->msg, s->msg_len, out, &n);
	msg_drop(s);
	if (rc != 0 || n == 0 || n > s->sig_max) {
		jca__wipe(out, s->sig_max);
		return failed(s, "signature_sign");
	}
	*out_len = n;
	return 0;
}

int signature_verify(signature_ctx *s, const void *sig, size_t sig_len)
{
	char who[200];
	int rc;

	if ((rc = usable(s, "signature_verify")) != 0)
		return rc;
	if (!sig && sig_len)
		return jca__error(JCA_EINVAL, "signature_verify: NULL signature");
	if (s->purpose != JCA_VERIFY)
		return jca__error(JCA_NOTINIT, "signature_verify: Signature \"%s\" is initialised for signing",
		                  s->a.first->canon);
	rc = impl_of(s)->verify(s->a.state, impl_of(s)->update ? NULL : s->msg, s->msg_len, sig, sig_len);
	msg_drop(s);
	if (rc == JCA_REFUSED)
		return jca__error(JCA_BADSIG, "signature_verify: %s (%s): the signature does not verify%s",
		                  jca__asym_who(&s->a, who, sizeof who), s->a.cur->svc->provider_name,
		                  jca__impl_reason());
	if (rc != 0)
		return failed(s, "signature_verify");
	return 0;
}

size_t signature_length(const signature_ctx *s)
{
	return s && s->a.ready ? s->sig_max : 0;
}

int signature_reset(signature_ctx *s)
{
	if (!s)
		return jca__error(JCA_EINVAL, "signature_reset: NULL object");
	if (!s->a.key)
		return jca__error(JCA_NOTINIT, "signature_reset: Signature \"%s\" was never initialised",
		                  s->a.first->canon);
	/* init again with the same key: drops the message in every provider */
	return jca__asym_restart(&s->a, s->purpose);
}

signature_ctx *signature_clone(const signature_ctx *s)
{
	signature_ctx *c;

	if (!s) {
		jca__error(JCA_EINVAL, "signature_clone: NULL object");
		return NULL;
	}
	if (!(c = jca__asym_clone_shell(&s->a, offsetof(signature_ctx, inline_state))))
		return NULL;
	c->purpose = s->purpose;
	c->sig_max = s->sig_max;
	if (jca__asym_clone(&c->a, &s->a) != 0)
		goto fail;
	if (s->msg_len) {
		if (!(c->msg = malloc(s->msg_cap))) {
			jca__error(JCA_ENOMEM, "out of memory cloning Signature \"%s\"", s->a.first->canon);
			goto fail;
		}
		memcpy(c->msg, s->msg, s->msg_len);
		c->msg_len = s->msg_len;
		c->msg_cap = s->msg_cap;
	}
	return c;
fail:
	signature_free(c);
	return NULL;
}

const char *signature_algorithm(const signature_ctx *s)
{
	return s ? s->a.first->canon : NULL;
}

const char *signature_provider(const signature_ctx *s)
{
	return s ? (s->a.cur ? s->a.cur : s->a.first)->svc->provider_name : NULL;
}

const char *signature_implementation(const signature_ctx *s)
{
	return s ? ((const jca_impl *)(s->a.impl ? s->a.impl : s->a.first->impl))->name : NULL;
}

int signature_sign_oneshot(const char *algorithm, jca_key *priv, const void *msg, size_t len, void *out,
                           size_t out_size, size_t *out_len)
{
	signature_ctx *s;
	int rc;

	if (out_len)
		*out_len = 0;
	if (!(s = signature_get_instance(algorithm)))
		return jca_last_error();
	if (!(rc = signature_init_sign(s, priv)) && !(rc = signature_update(s, msg, len)))
		rc = signature_sign(s, out, out_size, out_len);
	signature_free(s);
	return rc;
}

int signature_verify_oneshot(const char *algorithm, jca_key *pub, const void *msg, size_t len, const void *sig,
                             size_t sig_len)
{
	signature_ctx *s;
	int rc;

	if (!(s = signature_get_instance(algorithm)))
		return jca_last_error();
	if (!(rc = signature_init_verify(s, pub)) && !(rc = signature_update(s, msg, len)))
		rc = signature_verify(s, sig, sig_len);
	signature_free(s);
	return rc;
}
