/* SPDX-License-Identifier: Apache-2.0 */
/* SecureRandom engine over the implementations of <jca/provider.h>
 * (jca_random_impl): builtin's "DRBG" (the SP 800-90A mechanisms over the
 * registry's digests and AES) and "NativePRNG" (getrandom), and any
 * provider's. For a deterministic implementation the engine parses the
 * mechanism string and draws the entropy input and nonce; it schedules
 * reseeds (interval, fork, prediction resistance) and checks lengths, the
 * same for every implementation. See jca/random.h. */
#include <string.h>

#include "random_internal.h"
#include "engine.h"

#define RESEED_MAX (1ull << 48)                  /* SP 800-90A table 2/3 */

struct random_ctx {
	const struct jca_service *svc;
	const jca_random_impl *impl;
	const char *algorithm, *provider;
	int det;                       /* a deterministic DRBG (else its own entropy) */
	int attached;                  /* ctx opened (jca__ctx_open) */
	int ready;                     /* instantiated */
	int pr;                        /* prediction resistance on every request */
	unsigned gen;                  /* fork generation at the last (re)seed */
	uint64_t counter, interval;    /* requests since the last (re)seed; limit */
	random_entropy_fn *entropy;
	void *entropy_arg;
	jca__drbg_cfg cfg;
	_Alignas(16) unsigned char ctx[];  /* impl->base.ctx_size bytes */
};

static int kernel_entropy(void *arg, void *buf, size_t min_len, size_t max_len)
{
	(void)arg;
	(void)max_len;
	return jca__os_random(buf, min_len) == 0 ? (int)min_len : -1;
}

static size_t obj_size(const jca_random_impl *impl)
{
	return sizeof(random_ctx) + impl->base.ctx_size;
}

static random_ctx *create(const jca__resolved *res, int pinned)
{
	const jca_random_impl *impl = res->impl;
	random_ctx *r = jca__alloc(obj_size(impl));

	(void)pinned; /* any provider of the name serves: nothing is chosen by key */
	if (!r) {
		jca__error(JCA_ENOMEM, "out of memory creating SecureRandom \"%s\"", res->svc->algorithm);
		return NULL;
	}
	memset(r, 0, sizeof *r);
	r->svc = res->svc;
	r->impl = impl;
	r->det = impl->flags == JCA_RANDOM_DETERMINISTIC;
	r->algorithm = res->svc->algorithm;
	r->provider = jca_provider_name(jca_service_provider(res->svc));
	if (jca__ctx_open(res->svc, &impl->base, r->ctx) != 0) {
		jca__free(r, obj_size(impl));
		jca__error(JCA_IMPL, "SecureRandom \"%s\": implementation %s failed to attach%s", res->svc->algorithm,
		           impl->base.name, jca__impl_reason());
		return NULL;
	}
	r->attached = 1;
	jca__inst_hold(res->svc);
	return r;
}

JCA__ENGINE_GETTERS(random, JCA_SECURE_RANDOM, create)

/* Uninstantiates: the implementation's cleanup and a wipe, then a fresh
 * context (attached again) for the next instantiation. */
static int restart(random_ctx *r)
{
	const jca_impl *b = &r->impl->base;

	if (r->attached)
		jca__ctx_close(b, r->ctx);
	r->ready = 0;
	r->attached = jca__ctx_open(r->svc, b, r->ctx) == 0;
	if (!r->attached)
		return jca__error(JCA_IMPL, "SecureRandom \"%s\": implementation %s failed to attach%s", r->algorithm,
		                  b->name, jca__impl_reason());
	return 0;
}

/* The error for a failed call of the implementation: its own code when it
 * refuses a choice (JCA_UNSUPPORTED, JCA_NOALG, JCA_DISABLED: not -1,
 * which is JCA_EINVAL's value and every implementation's "failed"), else
 * JCA_IMPL. */
static int impl_error(const random_ctx *r, int rc, const char *what)
{
	const char *why = jca__impl_reason();

	if (rc == JCA_UNSUPPORTED || rc == JCA_NOALG || rc == JCA_DISABLED)
		return jca__error(rc, "%s %s: implementation %s cannot %s%s", r->algorithm,
		                  r->det ? r->cfg.desc : "", r->impl->base.name, what, why);
	return jca__error(JCA_IMPL, "%s%s%s: implementation %s failed to %s%s", r->algorithm, r->det ? " " : "",
	                  r->det ? r->cfg.desc : "", r->impl->base.name, what, why);
}

/* Draws between lo and hi bytes from the entropy source into buf. */
static int draw(random_ctx *r, uint8_t *buf, size_t lo, size_t hi, size_t *got, const char *what)
{
	int n = r->entropy(r->entropy_arg, buf, lo, hi);

	if (n < 0 || (size_t)n < lo || (size_t)n > hi) {
		jca__wipe(buf, hi);
		return jca__error(JCA_RANDOM, "DRBG: the entropy source failed to deliver the %s "
		                  "(%zu to %zu bytes)", what, lo, hi);
	}
	*got = (size_t)n;
	return 0;
}

#define ENTROPY_BUF 512                /* bytes of entropy or nonce drawn at once, at most */

static int do_instantiate(random_ctx *r, const void *pers, size_t pers_len)
{
	uint8_t ent[ENTROPY_BUF], nonce[ENTROPY_BUF];
	size_t ne = 0, nn = 0;
	size_t ehi = r->cfg.entropy_max < ENTROPY_BUF ? r->cfg.entropy_max : ENTROPY_BUF;
	jca_random_args a;
	int rc;

	rc = draw(r, ent, r->cfg.entropy_min, ehi, &ne, "entropy input");
	if (rc == 0 && r->cfg.nonce_min)
		rc = draw(r, nonce, r->cfg.nonce_min, ENTROPY_BUF, &nn, "nonce");
	if (rc == 0) {
		jca__drbg_args(&a, &r->cfg);
		a.entropy = ent;
		a.entropy_len = ne;
		a.nonce = nn ? nonce : NULL;
		a.nonce_len = nn;
		a.personalization = pers_len ? pers : NULL;
		a.personalization_len = pers_len;
		rc = r->impl->instantiate(r->ctx, &a);
		if (rc != 0) {
			rc = impl_error(r, rc, "instantiate");
			restart(r);
		}
	}
	if (rc == 0) {
		r->counter = 0;
		r->gen = jca__fork_generation();
		r->ready = 1;
	}
	jca__wipe(ent, sizeof ent);
	jca__wipe(nonce, sizeof nonce);
	return rc;
}

static int do_reseed(random_ctx *r, const void *add, size_t add_len)
{
	uint8_t ent[ENTROPY_BUF];
	size_t ne = 0;
	size_t ehi = r->cfg.entropy_max < ENTROPY_BUF ? r->cfg.entropy_max : ENTROPY_BUF;
	unsigned gen = jca__fork_generation();
	int rc = draw(r, ent, r->cfg.entropy_min, ehi, &ne, "entropy input");

	if (rc == 0 && (rc = r->impl->reseed(r->ctx, ent, ne, add, add_len)) != 0) {
		rc = impl_error(r, rc, "reseed");
		restart(r);
	}
	if (rc == 0) {
		r->counter = 0;
		r->gen = gen;
	}
	jca__wipe(ent, sizeof ent);
	return rc;
}

/* A source with its own entropy: its instantiate, if it has one. */
static int source_instantiate(random_ctx *r)
{
	jca_random_args a;
	int rc;

	if (!r->attached && (rc = restart(r)) != 0)
		return rc;
	if (r->impl->instantiate) {
		memset(&a, 0, sizeof a);
		a.struct_size = sizeof a;
		if ((rc = r->impl->instantiate(r->ctx, &a)) != 0) {
			rc = impl_error(r, rc, "instantiate");
			restart(r);
			return rc;
		}
	}
	r->ready = 1;
	return 0;
}

int random_init(random_ctx *r, const random_params *p)
{
	static const random_params none;
	int rc;

	if (!r)
		return jca__error(JCA_EINVAL, "random_init: NULL object");
	if (!p)
		p = &none;
	if (!r->det) {
		if (p->mechanism || p->strength || p->prediction_resistance || p->personalization ||
		    p->personalization_len || p->reseed_interval || p->entropy || p->entropy_arg)
			return jca__error(JCA_EINVAL, "%s takes no parameters (a nondeterministic source: no "
			                  "mechanism, strength, prediction resistance, personalization, reseed interval "
			                  "or entropy source)", r->algorithm);
		if (r->ready && (rc = restart(r)) != 0)
			return rc;
		return source_instantiate(r);
	}
	if (!p->personalization && p->personalization_len)
		return jca__error(JCA_EINVAL, "random_init: personalization is NULL");
	if (p->reseed_interval > RESEED_MAX)
		return jca__error(JCA_EINVAL, "random_init: reseed interval %llu exceeds the SP 800-90A "
		                  "maximum 2^48", (unsigned long long)p->reseed_interval);
	rc = restart(r);
	if (rc == 0)
		rc = jca__drbg_configure(&r->cfg, p->mechanism, p->strength, p->prediction_resistance != 0);
	if (rc == 0 && p->personalization_len > r->cfg.input_max)
		rc = jca__error(JCA_EINVAL, "DRBG %s: personalization string of %zu bytes, at most %zu",
		                r->cfg.desc, p->personalization_len, r->cfg.input_max);
	if (rc == 0) {
		r->pr = r->cfg.pr;
		r->interval = p->reseed_interval ? p->reseed_interval : RESEED_MAX;
		r->entropy = p->entropy ? p->entropy : kernel_entropy;
		r->entropy_arg = p->entropy ? p->entropy_arg : NULL;
		rc = do_instantiate(r, p->personalization, p->personalization_len);
	}
	if (rc)
		r->cfg.desc[0] = 0;        /* uninstantiated: the next use takes the defaults */
	return rc;
}

/* Instantiates with the defaults if nothing else did. */
static int ensure_ready(random_ctx *r)
{
	if (r->ready)
		return 0;
	return r->det ? random_init(r, NULL) : source_instantiate(r);
}

/* One request of at most JCA__RANDOM_MAX_REQUEST bytes; reseeds once if
 * the implementation asks for it. */
static int request(random_ctx *r, uint8_t *o, size_t n, const void *add, size_t add_len)
{
	int rc = r->impl->generate(r->ctx, o, n, add, add_len);

	if (rc == JCA_RANDOM_RESEED_REQUIRED && r->det) {
		if ((rc = do_reseed(r, NULL, 0)) != 0)
			return rc;
		rc = r->impl->generate(r->ctx, o, n, add, add_len);
	}
	if (rc != 0) {
		jca__wipe(o, n);
		rc = impl_error(r, rc == JCA_RANDOM_RESEED_REQUIRED ? -1 : rc, "generate");
		restart(r);
	}
	return rc;
}

int random_generate(random_ctx *r, void *out, size_t len, int pr,
                    const void *add, size_t add_len)
{
	uint8_t *o = out;
	int rc;

	if (!r || (!out && len) || (!add && add_len))
		return jca__error(JCA_EINVAL, "random_generate: NULL %s",
		                  !r ? "object" : (!out && len) ? "output" : "additional input");
	if (!r->det && (pr || add_len))
		return jca__error(JCA_EINVAL, "%s: a nondeterministic source takes no %s", r->algorithm,
		                  pr ? "prediction resistance request" : "additional input");
	if ((rc = ensure_ready(r)) != 0)
		return rc;
	if (!r->det) {
		while (len) {
			size_t n = len < JCA__RANDOM_MAX_REQUEST ? len : JCA__RANDOM_MAX_REQUEST;

			if ((rc = request(r, o, n, NULL, 0)) != 0) {
				jca__wipe(out, (size_t)(o - (uint8_t *)out));
				return rc;
			}
			o += n;
			len -= n;
		}
		return 0;
	}
	if (add_len > r->cfg.input_max)
		return jca__error(JCA_EINVAL, "DRBG %s: additional input of %zu bytes, at most %zu",
		                  r->cfg.desc, add_len, r->cfg.input_max);
	pr = pr || r->pr;
	while (len) {
		size_t n = len < JCA__RANDOM_MAX_REQUEST ? len : JCA__RANDOM_MAX_REQUEST;

		if (pr) {
			/* 9.3.1: reseed with the additional input, generate without */
			if ((rc = do_reseed(r, add, add_len)) != 0)
				goto fail;
			add_len = 0;
		} else if (r->gen != jca__fork_generation() || r->counter >= r->interval) {
			if ((rc = do_reseed(r, NULL, 0)) != 0)
				goto fail;
		}
		if ((rc = request(r, o, n, add_len ? add : NULL, add_len)) != 0)
			goto fail;
		r->counter++;
		add_len = 0;                   /* additional input goes to the first request */
		o += n;
		len -= n;
	}
	return 0;
fail:
	jca__wipe(out, (size_t)(o - (uint8_t *)out));
	return rc;
}

int random_next_bytes(random_ctx *r, void *out, size_t len)
{
	return random_generate(r, out, len, 0, NULL, 0);
}

int random_reseed(random_ctx *r, const void *add, size_t add_len)
{
	int rc;

	if (!r || (!add && add_len))
		return jca__error(JCA_EINVAL, "random_reseed: NULL %s", r ? "additional input" : "object");
	if ((rc = ensure_ready(r)) != 0)
		return rc;
	if (!r->det) {
		/* the source reseeds itself; one that can take a hint gets it */
		if (add_len > JCA__RANDOM_MAX_INPUT)
			return jca__error(JCA_EINVAL, "%s: additional input of %zu bytes, at most %u", r->algorithm,
			                  add_len, JCA__RANDOM_MAX_INPUT);
		if (r->impl->reseed && (rc = r->impl->reseed(r->ctx, NULL, 0, add_len ? add : NULL, add_len)) != 0)
			return impl_error(r, rc, "reseed");
		return 0;
	}
	if (add_len > r->cfg.input_max)
		return jca__error(JCA_EINVAL, "DRBG %s: additional input of %zu bytes, at most %zu",
		                  r->cfg.desc, add_len, r->cfg.input_max);
	return do_reseed(r, add_len ? add : NULL, add_len);
}

int random_reset(random_ctx *r)
{
	int rc;

	if (!r)
		return jca__error(JCA_EINVAL, "random_reset: NULL object");
	if (!r->ready)
		return ensure_ready(r);
	if ((rc = restart(r)) != 0)
		return rc;
	return r->det ? do_instantiate(r, NULL, 0) : source_instantiate(r);
}

random_ctx *random_clone(const random_ctx *r)
{
	if (!r)
		jca__error(JCA_EINVAL, "random_clone: NULL object");
	else
		jca__error(JCA_UNSUPPORTED, "random_clone: SecureRandom \"%s\" cannot be cloned: two copies "
		           "would give the same output", r->algorithm);
	return NULL;
}

const char *random_implementation(const random_ctx *r)
{
	return r ? r->impl->base.name : NULL;
}

const char *random_algorithm(const random_ctx *r)
{
	return r ? r->algorithm : NULL;
}

const char *random_provider(const random_ctx *r)
{
	return r ? r->provider : NULL;
}

const char *random_mechanism(const random_ctx *r)
{
	if (!r)
		return NULL;
	if (!r->det)
		return r->impl->base.name;
	return r->cfg.desc[0] ? r->cfg.desc : JCA_DRBG_DEFAULT_MECHANISM;
}

void random_free(random_ctx *r)
{
	const struct jca_service *svc;

	if (!r)
		return;
	svc = r->svc;
	if (r->attached)
		jca__ctx_close(&r->impl->base, r->ctx);
	jca__free(r, obj_size(r->impl));
	jca__inst_release(svc);
}
