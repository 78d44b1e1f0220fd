/* SPDX-License-Identifier: Apache-2.0 */
/* KeyPairGenerator engine over jca_keypairgen_impl. See jca/key.h. */
#include <stdio.h>
#include <string.h>

#include "key_int.h"
#include "../util/error.h"
#include "engine.h"

struct keypairgen_ctx {
	const jca__resolved *r;
	const jca_keypairgen_impl *impl;
	const jca__resolved *kf;           /* the KeyFactory of the keys it makes */
	int ready;                         /* init succeeded */
	_Alignas(16) unsigned char state[];
};

static keypairgen_ctx *create(const jca__resolved *r, int pinned)
{
	const jca_keypairgen_impl *m;
	const jca__resolved *kf;
	keypairgen_ctx *g;

	(void)pinned; /* any provider of the name serves: nothing is chosen by key */
	if (!r)
		return NULL;
	m = r->impl;
	if (!(kf = jca__lookup(JCA_KEY_FACTORY, m->key_algorithm, r->svc->provider_name))) {
		jca__error(JCA_IMPL, "KeyPairGenerator \"%s\" (%s): its provider offers no KeyFactory \"%s\" for "
		           "its keys", r->svc->algorithm, r->svc->provider_name, m->key_algorithm);
		return NULL;
	}
	if (!(g = jca__alloc(sizeof *g + m->base.ctx_size))) {
		jca__error(JCA_ENOMEM, "out of memory creating KeyPairGenerator \"%s\"", r->svc->algorithm);
		return NULL;
	}
	memset(g, 0, sizeof *g + m->base.ctx_size);
	g->r = r;
	g->impl = m;
	g->kf = kf;
	if (jca__obj_open(r->svc, &m->base, g->state) != 0) {
		jca__free(g, sizeof *g + m->base.ctx_size);
		jca__error(JCA_IMPL, "KeyPairGenerator \"%s\": implementation %s failed to attach%s", r->svc->algorithm,
		           m->base.name, jca__impl_reason());
		return NULL;
	}
	return g;
}

JCA__ENGINE_GETTERS(keypairgen, JCA_KEY_PAIR_GENERATOR, create)

void keypairgen_free(keypairgen_ctx *g)
{
	if (!g)
		return;
	jca__obj_close(g->r->svc, &g->impl->base, g->state);
	jca__free(g, sizeof *g + g->impl->base.ctx_size);
}

int keypairgen_init(keypairgen_ctx *g, const char *spec)
{
	char what[300];
	int rc;

	if (!g)
		return jca__error(JCA_EINVAL, "keypairgen_init: NULL object");
	if (spec && strlen(spec) > 64)
		return jca__error(JCA_EINVAL, "keypairgen_init: parameters \"%.40s...\" too long", spec);
	g->ready = 0;
	if ((rc = g->impl->init(g->state, spec)) != 0) {
		snprintf(what, sizeof what, "KeyPairGenerator \"%s\" (%s), parameters \"%s\"", g->r->svc->algorithm,
		         g->r->svc->provider_name, spec ? spec : "(default)");
		return jca__key_fail(rc, JCA_EINVAL, what);
	}
	g->ready = 1;
	return 0;
}

int keypairgen_generate(keypairgen_ctx *g, jca_key **priv, jca_key **pub)
{
	jca_key_info pi = { .struct_size = sizeof pi }, qi = { .struct_size = sizeof qi };
	jca_key *a = NULL, *b = NULL;
	char what[200];
	int rc;

	if (priv)
		*priv = NULL;
	if (pub)
		*pub = NULL;
	if (!g || !priv)
		return jca__error(JCA_EINVAL, "keypairgen_generate: NULL %s", g ? "private key pointer" : "object");
	if (!g->ready && (rc = keypairgen_init(g, NULL)) != 0)
		return rc;
	snprintf(what, sizeof what, "KeyPairGenerator \"%s\" (%s)", g->r->svc->algorithm, g->r->svc->provider_name);
	if (!(a = jca__key_alloc(g->kf)) || !(b = jca__key_alloc(g->kf))) {
		rc = jca_last_error();
	} else if ((rc = g->impl->generate(g->state, a->data, &pi, b->data, &qi)) != 0) {
		rc = jca__key_fail(rc, JCA_EINVAL, what);
	} else if (!(rc = jca__key_done(a, &pi, JCA_KEY_PRIVATE, what))) {
		rc = jca__key_done(b, &qi, JCA_KEY_PUBLIC, what);
	}
	if (rc) {
		jca_key_free(a);
		jca_key_free(b);
		return rc;
	}
	*priv = a;
	if (pub)
		*pub = b;
	else
		jca_key_free(b);
	return 0;
}

const char *keypairgen_algorithm(const keypairgen_ctx *g)
{
	return g ? g->r->canon : NULL;
}

const char *keypairgen_provider(const keypairgen_ctx *g)
{
	return g ? g->r->svc->provider_name : NULL;
}

const char *keypairgen_implementation(const keypairgen_ctx *g)
{
	return g ? g->impl->base.name : NULL;
}
