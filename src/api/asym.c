/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Provider selection by key, for Signature, KeyAgreement and KEM (see
 * jca/signature.h): the key's own provider if it offers the algorithm,
 * else the first in preference order that takes the key (converted
 * through its encoding). The common case, a key of the provider the name
 * resolved to, is one pointer comparison and the implementation's init.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asym_int.h"
#include "../util/error.h"
#include "../util/ascii.h"

const char *jca__asym_who(const jca__asym *a, char *buf, size_t n)
{
	snprintf(buf, n, "%s \"%s\"", a->ops->type_name, a->first->canon);
	return buf;
}

static void state_close(jca__asym *a)
{
	const jca_impl *b;

	if (!a->cur)
		return;
	b = a->impl;
	jca__obj_close(a->cur->svc, b, a->state);
	if (a->state != a->inline_state)
		jca__free(a->state, b->ctx_size);
	else
		jca__wipe(a->state, a->inline_size);
	a->cur = NULL;
	a->impl = NULL;
	a->state = NULL;
}

/* Opens a context of r's implementation and gives it the parameters. */
static int state_open(jca__asym *a, const jca__resolved *r)
{
	const jca_impl *b = r->impl;
	char who[200], what[300];
	size_t i;
	int rc;

	a->state = b->ctx_size <= a->inline_size ? (void *)a->inline_state : jca__alloc(b->ctx_size);
	if (!a->state)
		return jca__error(JCA_ENOMEM, "out of memory creating %s", jca__asym_who(a, who, sizeof who));
	memset(a->state, 0, b->ctx_size);
	if (jca__obj_open(r->svc, b, a->state) != 0) {
		if (a->state != a->inline_state)
			jca__free(a->state, b->ctx_size);
		a->state = NULL;
		return jca__error(JCA_IMPL, "%s: implementation %s failed to attach%s", jca__asym_who(a, who, sizeof who),
		                  b->name, jca__impl_reason());
	}
	a->cur = r;
	a->impl = b;
	for (i = 0; i < a->nparams; i++) {
		rc = a->ops->set_param(b, a->state, a->params[i].name, a->params[i].value);
		if (rc == JCA__NO_PARAMS)
			return jca__error(JCA_EINVAL, "%s (%s) takes no parameters (\"%s\" was set)",
			                  jca__asym_who(a, who, sizeof who), r->svc->provider_name, a->params[i].name);
		if (rc != 0) {
			snprintf(what, sizeof what, "%s (%s), parameter %s = \"%s\"", jca__asym_who(a, who, sizeof who),
			         r->svc->provider_name, a->params[i].name, a->params[i].value);
			return jca__key_fail(rc, JCA_EINVAL, what);
		}
	}
	return 0;
}

int jca__asym_open(jca__asym *a, const jca__asym_ops *ops, const jca__resolved *r, int pinned)
{
	a->ops = ops;
	a->first = r;
	a->pinned = pinned;
	return state_open(a, r);
}

void jca__asym_close(jca__asym *a)
{
	size_t i;

	state_close(a);
	jca_key_free(a->key);
	a->key = NULL;
	for (i = 0; i < a->nparams; i++) {
		free(a->params[i].name);
		free(a->params[i].value);
	}
	free(a->params);
	a->params = NULL;
	a->nparams = 0;
}

void *jca__asym_new(const jca__asym_ops *ops, const jca__resolved *r, int pinned, size_t head)
{
	size_t room = ((const jca_impl *)r->impl)->ctx_size;
	unsigned char *obj = jca__alloc(head + room);
	jca__asym *a = (jca__asym *)obj;

	if (!obj) {
		jca__error(JCA_ENOMEM, "out of memory creating %s \"%s\"", ops->type_name, r->canon);
		return NULL;
	}
	memset(obj, 0, head);
	a->inline_state = obj + head;
	a->inline_size = room;
	if (jca__asym_open(a, ops, r, pinned) != 0) {
		jca__asym_delete(a, head);
		return NULL;
	}
	return obj;
}

void *jca__asym_clone_shell(const jca__asym *src, size_t head)
{
	size_t room = src->inline_size;
	unsigned char *obj = jca__alloc(head + room);
	jca__asym *a = (jca__asym *)obj;

	if (!obj) {
		jca__error(JCA_ENOMEM, "out of memory cloning %s \"%s\"", src->ops->type_name, src->first->canon);
		return NULL;
	}
	memset(obj, 0, head);
	a->inline_state = obj + head;
	a->inline_size = room;
	return obj;
}

int jca__asym_no_params(const void *impl, void *ctx, const char *name, const char *value)
{
	(void)impl;
	(void)ctx;
	(void)name;
	(void)value;
	return JCA__NO_PARAMS;
}

int jca__asym_key_refused(const jca__asym *a, int rc)
{
	char who[200], what[300];

	snprintf(what, sizeof what, "%s (%s) with the key", jca__asym_who(a, who, sizeof who),
	         a->cur->svc->provider_name);
	return jca__key_fail(rc, JCA_BADKEY, what);
}

int jca__asym_restart(jca__asym *a, unsigned purpose)
{
	jca_key *key = jca_key_ref(a->key);
	int rc;

	a->ready = 0;
	rc = a->ops->init(a, key, purpose);
	jca_key_free(key);
	if (rc == 0) {
		a->ready = 1;
		a->failed = 0;
	}
	return rc;
}

void jca__asym_delete(jca__asym *a, size_t head)
{
	size_t room = a->inline_size;

	jca__asym_close(a);
	jca__free(a, head + room);
}

/* After a failed switch: back to a context of the name's first service,
 * so that the object always has one (the getters and set_param use it).
 * The error of the switch (rc) stays the thread's last error. */
static void keep_a_state(jca__asym *a, int rc)
{
	char msg[600];

	snprintf(msg, sizeof msg, "%s", jca_last_error_message());
	state_close(a);
	(void)state_open(a, a->first);
	jca__error(rc, "%s", msg);
}

/* Starts r's implementation with key: converted for its provider, in a
 * context of its own (opened anew when r is not the current service). */
static int try_one(jca__asym *a, const jca__resolved *r, jca_key *key, unsigned purpose)
{
	char who[200];
	jca_key *k;
	int rc;

	rc = jca__key_for(r->svc, a->ops->key_alg(r->impl), key, jca__asym_who(a, who, sizeof who), &k);
	if (rc)
		return rc;
	a->ready = 0;
	a->failed = 0;                     /* a new init starts over; until it succeeds: NOTINIT */
	if (a->cur != r) {
		state_close(a);
		if ((rc = state_open(a, r)) != 0) {
			jca_key_free(k);
			keep_a_state(a, rc);
			return rc;
		}
	}
	if ((rc = a->ops->init(a, k, purpose)) != 0) {
		jca_key_free(k);
		return rc;
	}
	jca_key_free(a->key);
	a->key = k;
	a->ready = 1;
	a->failed = 0;
	return 0;
}

int jca__asym_select(jca__asym *a, jca_key *key, unsigned purpose)
{
	const jca__resolved *r;
	const jca_provider *p;
	char msg[600], who[200];
	int rc, first_rc = 0;
	size_t i;

	if (a->pinned || key->svc->provider == a->first->svc->provider)
		return try_one(a, a->first, key, purpose);
	/* the key's own provider, if it offers the name */
	if ((r = jca__lookup(a->ops->type, a->first->canon, key->svc->provider_name)) != NULL) {
		if ((rc = try_one(a, r, key, purpose)) == 0)
			return 0;
		first_rc = rc;
		snprintf(msg, sizeof msg, "%s", jca_last_error_message());
	}
	/* then every provider in preference order that offers it */
	for (i = 0; jca_provider_at(i, &p) == 0; i++) {
		const char *name = jca_provider_name(p);

		if (jca__name_eq(name, key->svc->provider_name) ||
		    !(r = jca__lookup(a->ops->type, a->first->canon, name)))
			continue;
		if ((rc = try_one(a, r, key, purpose)) == 0)
			return 0;
		if (!first_rc) {
			first_rc = rc;
			snprintf(msg, sizeof msg, "%s", jca_last_error_message());
		}
	}
	if (first_rc)
		return jca__error(first_rc, "%s", msg);
	return jca__error(JCA_NOALG, "%s: no provider offers it", jca__asym_who(a, who, sizeof who));
}

int jca__asym_set_param(jca__asym *a, const char *name, const char *value)
{
	char who[200], what[300];
	jca__param *p;
	size_t i;
	int rc;

	if (!a->cur)
		return jca__error(JCA_IMPL, "%s: no implementation could be attached", jca__asym_who(a, who, sizeof who));
	if (strlen(name) > 64 || strlen(value) > 1024)      /* ML-DSA's context: 255 bytes in hex */
		return jca__error(JCA_EINVAL, "%s: parameter %.40s too long", jca__asym_who(a, who, sizeof who), name);
	if ((rc = a->ops->set_param(a->impl, a->state, name, value)) == JCA__NO_PARAMS)
		return jca__error(JCA_UNSUPPORTED, "%s (%s) takes no parameters", jca__asym_who(a, who, sizeof who),
		                  a->cur->svc->provider_name);
	if (rc != 0) {
		snprintf(what, sizeof what, "%s (%s), parameter %s = \"%s\"", jca__asym_who(a, who, sizeof who),
		         a->cur->svc->provider_name, name, value);
		if (rc != JCA_REFUSED)
			a->failed = 1;
		return jca__key_fail(rc, JCA_EINVAL, what);
	}
	for (i = 0; i < a->nparams && !jca__name_eq(a->params[i].name, name); i++)
		;
	if (i == a->nparams) {
		if (!(p = realloc(a->params, (a->nparams + 1) * sizeof *p)))
			return jca__error(JCA_ENOMEM, "out of memory");
		a->params = p;
		p[i].name = p[i].value = NULL;
		a->nparams++;
	}
	free(a->params[i].name);
	free(a->params[i].value);
	a->params[i].name = strdup(name);
	a->params[i].value = strdup(value);
	if (!a->params[i].name || !a->params[i].value)
		return jca__error(JCA_ENOMEM, "out of memory");
	return 0;
}

int jca__asym_clone(jca__asym *dst, const jca__asym *src)
{
	const jca_impl *b = src->impl;
	char who[200];
	size_t i;
	int rc;

	dst->ops = src->ops;
	dst->first = src->first;
	dst->pinned = src->pinned;
	dst->ready = src->ready;
	dst->failed = src->failed;
	dst->state = b->ctx_size <= dst->inline_size ? (void *)dst->inline_state : jca__alloc(b->ctx_size);
	if (!dst->state)
		return jca__error(JCA_ENOMEM, "out of memory cloning %s", jca__asym_who(src, who, sizeof who));
	if ((rc = jca__ctx_clone(b, dst->state, src->state)) != 0) {
		if (dst->state != dst->inline_state)
			jca__free(dst->state, b->ctx_size);
		dst->state = NULL;
		return jca__error(rc, "%s: implementation %s cannot be cloned%s", jca__asym_who(src, who, sizeof who),
		                  b->name, rc == JCA_IMPL ? jca__impl_reason() : "");
	}
	jca__inst_hold(src->cur->svc);
	dst->cur = src->cur;
	dst->impl = b;
	dst->key = jca_key_ref(src->key);
	if (src->nparams && !(dst->params = calloc(src->nparams, sizeof *dst->params)))
		return jca__error(JCA_ENOMEM, "out of memory cloning");
	for (i = 0; i < src->nparams; i++) {
		dst->nparams++;
		dst->params[i].name = strdup(src->params[i].name);
		dst->params[i].value = strdup(src->params[i].value);
		if (!dst->params[i].name || !dst->params[i].value)
			return jca__error(JCA_ENOMEM, "out of memory cloning");
	}
	return 0;
}
