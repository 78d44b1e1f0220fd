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

	if (s->type == JCA_MESSAGE_DIGEST) {
		for (i = 0; s->md_impls[i]; i++)
			if (jca__impl_usable(s->md_impls[i]->available) && s->md_impls[i]->priority > best) {
				best = s->md_impls[i]->priority;
				s->active = s->md_impls[i];
				s->impl_name = s->md_impls[i]->name;
			}
	} else if (s->type == JCA_CIPHER) {
		for (i = 0; s->cipher_impls[i]; i++)
			if (jca__impl_usable(s->cipher_impls[i]->available) && s->cipher_impls[i]->priority > best) {
				best = s->cipher_impls[i]->priority;
				s->active = s->cipher_impls[i];
				s->impl_name = s->cipher_impls[i]->name;
			}
	} else if (s->type == JCA_SECURE_RANDOM) {
		for (i = 0; s->random_impls[i]; i++)
			if (jca__impl_usable(s->random_impls[i]->available) && s->random_impls[i]->priority > best) {
				best = s->random_impls[i]->priority;
				s->active = s->random_impls[i];
				s->impl_name = s->random_impls[i]->name;
			}
	} else if (s->type == JCA_KDF) {
		for (i = 0; s->kdf_impls[i]; i++)
			if (jca__impl_usable(s->kdf_impls[i]->available) && s->kdf_impls[i]->priority > best) {
				best = s->kdf_impls[i]->priority;
				s->active = s->kdf_impls[i];
				s->impl_name = s->kdf_impls[i]->name;
			}
	}
}

void jca__free_service(struct jca_service *s)
{
	if (!s)
		return;
	free(s->aliases);
	free(s->owned);
	free(s);
}

void jca__free_provider(struct jca_provider *p)
{
	size_t i;

	for (i = 0; i < p->n_services; i++)
		jca__free_service(p->services[i]);
	free(p->services);
	free(p->conf_name);
	free(p->source);
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

/* Fills provider p from a validated descriptor: services with their
 * implementations bound, HMAC composed over every eligible digest, known-
 * answer tests run. All or nothing: on error p has no services and the
 * reason is set. */
int jca__populate(struct jca_provider *p, const jca_provider_desc *d)
{
	size_t i, j, n = 0;

	p->services = calloc(2 * d->n_services + 1, sizeof *p->services);
	if (!p->services)
		goto oom;
	for (i = 0; i < d->n_services; i++) {
		const jca_service_desc *sd = &d->services[i];
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
		s->md_impls = sd->md;
		s->cipher_impls = sd->cipher;
		s->random_impls = sd->random;
		s->kdf_impls = sd->kdf;
		s->provider = p;
		bind_best(s);
		if (!s->active) {
			jca__clear_services(p);
			return jca__error(JCA_BADDESC, "provider \"%s\": no implementation of %s is usable on this CPU",
			                  d->name, sd->algorithm);
		}
		if (jca__self_test(s, sd->kat) != 0) {
			const char *impl = s->impl_name;

			jca__clear_services(p);
			return jca__error(JCA_SELFTEST, "provider \"%s\": known-answer test of %s (%s) failed",
			                  d->name, sd->algorithm, impl);
		}
	}
	for (i = 0; i < d->n_services; i++) {
		if (p->services[i]->type == JCA_MESSAGE_DIGEST) {
			struct jca_service *h = jca__compose_hmac(p->services[i]);

			if (h) {
				p->services[n++] = h;
				p->n_services = n;
			}
		}
	}
	p->name = d->name;
	p->version = d->version;
	p->description = d->description;
	p->desc = d;
	return 0;
oom:
	jca__clear_services(p);
	return jca__error(JCA_ENOMEM, "out of memory registering provider \"%s\"", d->name);
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
