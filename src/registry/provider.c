/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Provider objects: services built from a validated descriptor, the best
 * implementation bound, self-tests run, HMAC composed; and their teardown.
 */
#include <stdlib.h>
#include <string.h>

#include "registry_int.h"

/* Binds the best usable implementation (highest priority) into s. */
static void bind_best(struct jca_service *s)
{
	size_t i;
	int best = -1;

	for (i = 0; s->impls[i]; i++)
		if (jca__impl_usable(s->impls[i]->available) && s->impls[i]->priority > best) {
			best = s->impls[i]->priority;
			s->active = s->impls[i];
			s->impl_name = s->impls[i]->name;
		}
}

int jca__service_named(const struct jca_service *s, const char *name)
{
	size_t j;

	if (jca__name_eq(s->algorithm, name))
		return 1;
	for (j = 0; s->aliases[j]; j++)
		if (jca__name_eq(s->aliases[j], name))
			return 1;
	return 0;
}

static const struct jca_service *declared(const struct jca_provider *p, jca_service_type t, const char *name)
{
	size_t i;

	for (i = 0; i < p->n_services; i++) {
		const struct jca_service *s = p->services[i];

		if (s->type == t && !s->origin && jca__service_named(s, name))
			return s;
	}
	return NULL;
}

int jca__declares(const struct jca_provider *p, jca_service_type t, const char *name)
{
	return declared(p, t, name) != NULL;
}

const struct jca_service *jca__sibling(const struct jca_service *s, jca_service_type t, const char *name)
{
	return declared(s->provider, t, name);
}

void jca__free_service(struct jca_service *s)
{
	if (!s)
		return;
	free(s->aliases);
	free(s->owned);
	free(s);
}

static char no_memory[] = "(out of memory recording why the provider failed)";

void jca__set_reason(struct jca_provider *p, const char *why)
{
	if (p->reason != no_memory)
		free(p->reason);
	p->reason = strdup(why);
	if (!p->reason)
		p->reason = no_memory;
}

void jca__free_provider(struct jca_provider *p)
{
	size_t i;

	for (i = 0; i < p->n_services; i++)
		jca__free_service(p->services[i]);
	free(p->services);
	free(p->conf_name);
	free(p->source);
	free(p->desc);
	if (p->reason != no_memory)
		free(p->reason);
	/* p->dl stays open: plugin code is never unloaded (see provider.h). */
	free(p);
}

void jca__clear_services(struct jca_provider *p)
{
	size_t i;

	for (i = 0; i < p->n_services; i++)
		jca__free_service(p->services[i]);
	free(p->services);
	p->services = NULL;
	p->n_services = 0;
}

/* Runs the known answers on every usable implementation (not only the
 * bound one: a driver chosen by name is tested too): the host's own for
 * the service's name first (the type's host_kat), then those the
 * provider ships (kept for names the host has no table for). */
static int run_kats(const struct jca_service *s, const jca_service_desc *sd, const jca__type_ops *t,
                    const char *prov)
{
	char why[256];
	const char *bad;
	size_t i, j;

	for (i = 0; s->impls[i]; i++) {
		const jca_impl *im = s->impls[i];

		if (!jca__impl_usable(im->available))
			continue;
		if (t->host_kat && (bad = t->host_kat(s, im, why, sizeof why)) != NULL)
			return jca__error(JCA_SELFTEST, "provider \"%s\": known-answer test of %s (%s) failed: %s",
			                  prov, sd->algorithm, im->name, bad);
		if (sd->kat && t->self_test(s, im, sd->kat) != 0)
			return jca__error(JCA_SELFTEST, "provider \"%s\": known-answer test of %s (%s) failed", prov,
			                  sd->algorithm, im->name);
		for (j = 0; sd->extra_kats && sd->extra_kats[j]; j++)
			if (t->self_test(s, im, sd->extra_kats[j]) != 0)
				return jca__error(JCA_SELFTEST, "provider \"%s\": known-answer test %zu of %s (%s) failed",
				                  prov, j + 1, sd->algorithm, im->name);
	}
	return 0;
}

/* Fills provider p from the registry's copy of a descriptor (validate.c;
 * p takes it): services with their implementations bound, known-answer
 * tests run, derived services (HMAC over each digest) added. All or
 * nothing: on error p has no services, d is freed and the reason is set.
 * Services are complete before the caller publishes the provider's state,
 * so introspection never sees them half-made. */
void jca__provider_teardown(struct jca_provider *p)
{
	if (p->teardown && !atomic_exchange_explicit(&p->torn, 1, memory_order_acq_rel))
		p->teardown(p->provctx);
}

void jca__provider_unregister(struct jca_provider *p)
{
	if (p->teardown && atomic_fetch_sub_explicit(&p->live, 1, memory_order_acq_rel) == 1)
		jca__provider_teardown(p);
}

void jca__service_release(const struct jca_service *s)
{
	if (atomic_fetch_sub_explicit(s->live, 1, memory_order_acq_rel) == 1)
		jca__provider_teardown(s->provider);
}

int jca__ctx_attach(const struct jca_service *s, const jca_impl *b, void *ctx)
{
	memset(ctx, 0, b->ctx_size);
	if (b->attach && b->attach(s->provctx, ctx) != 0) {
		jca__ctx_close(b, ctx);
		return -1;
	}
	return 0;
}

void jca__teardown_raw(const jca_provider_desc *raw, void *provctx)
{
	if (raw && (raw->abi_version >> 16) == JCA_ABI_MAJOR &&
	    raw->struct_size >= JCA__END(jca_provider_desc, teardown) && raw->teardown)
		raw->teardown(provctx);
}

int jca__populate(struct jca_provider *p, jca_provider_desc *d, void *provctx)
{
	size_t i, j, n = 0, nd = 0, cap;
	int rc, in_load;

	while (d->services[nd])
		nd++;
	cap = 2 * nd + 1;
	p->services = calloc(cap, sizeof *p->services);
	if (!p->services)
		goto oom;
	for (i = 0; i < nd; i++) {
		const jca_service_desc *sd = d->services[i];
		struct jca_service *s = calloc(1, sizeof *s);
		size_t nal = jca__count_list(sd->aliases);

		if (!s)
			goto oom;
		p->services[n++] = s;
		p->n_services = n;
		s->aliases = calloc(nal + 1, sizeof *s->aliases);
		if (!s->aliases)
			goto oom;
		for (j = 0; j < nal; j++)
			s->aliases[j] = sd->aliases[j];
		s->type = sd->type;
		s->algorithm = sd->algorithm;
		s->attrs = sd->attributes;
		s->impls = sd->impls;
		s->provider = p;
		s->provider_name = d->name;
		s->provctx = provctx;
		s->live = d->teardown ? &p->live : NULL;
		bind_best(s);
		if (!s->active) {
			rc = jca__error(JCA_BADDESC, "provider \"%s\": no implementation of %s is usable on this CPU",
			                d->name, sd->algorithm);
			goto fail;
		}
	}
	/* once every declared service exists (a Signature's test needs its
	 * provider's KeyFactory); the keys the tests make hold the provider
	 * as instances do */
	atomic_store_explicit(&p->live, 1, memory_order_relaxed);
	in_load = jca__in_load;
	jca__in_load = 1;                  /* the provider's code runs under the lock, as in its entry */
	for (i = 0, rc = 0; i < nd && rc == 0; i++)
		rc = run_kats(p->services[i], d->services[i], jca__type_ops_of(d->services[i]->type), d->name);
	jca__in_load = in_load;
	if (rc)
		goto fail;
	for (i = 0; i < nd; i++) {
		const jca__type_ops *t = jca__type_ops_of(p->services[i]->type);
		int k;

		if (!t->derive)
			continue;
		k = t->derive(p->services[i], p->services + n, cap - 1 - n);
		if (k < 0)
			goto oom;
		n += (size_t)k;
		p->n_services = n;
	}
	p->desc = d;
	p->provctx = provctx;
	p->teardown = d->teardown;
	atomic_store_explicit(&p->live, 1, memory_order_relaxed);
	atomic_store_explicit(&p->torn, 0, memory_order_relaxed);
	return 0;
oom:
	rc = jca__error(JCA_ENOMEM, "out of memory registering provider \"%s\"", d->name);
fail:
	jca__clear_services(p);
	if (d->teardown)
		d->teardown(provctx);
	free(d);
	return rc;
}

struct jca_provider *jca__new_provider(const char *conf_name, const char *source)
{
	struct jca_provider *p = calloc(1, sizeof *p);

	if (!p)
		return NULL;
	if (conf_name && !(p->conf_name = strdup(conf_name))) {
		free(p);
		return NULL;
	}
	if (source && !(p->source = strdup(source))) {
		free(p->conf_name);
		free(p);
		return NULL;
	}
	p->name = p->conf_name ? p->conf_name : "";
	p->version = "";
	p->description = "";
	return p;
}
