/* SPDX-License-Identifier: Apache-2.0 */
/* SecureRandom engine: "DRBG" (the SP 800-90A mechanisms of src/algs over
 * the registry's digests and AES) and "NativePRNG" (getrandom). Entropy,
 * nonce, reseed policy, prediction resistance and fork detection are
 * handled here, the same for every mechanism. See jca/random.h. */
#include <string.h>

#include "random_internal.h"

#define STATE_MAX sizeof(jca__ctr_drbg_state)   /* the largest of the three */
_Static_assert(sizeof(jca__hash_drbg_state) <= STATE_MAX, "state size");
_Static_assert(sizeof(jca__hmac_drbg_state) <= STATE_MAX, "state size");
#define RESEED_MAX (1ull << 48)                  /* SP 800-90A table 2/3 */

enum { KIND_DRBG = 1, KIND_NATIVE = 2 };

struct random_ctx {
	const jca_random_impl *impl;
	const char *algorithm, *provider;
	int kind;
	int ready;                     /* instantiated */
	int pr;                        /* prediction resistance on every request */
	unsigned gen;                  /* fork generation at the last (re)seed */
	uint64_t counter, interval;    /* requests since the last (re)seed; limit */
	random_entropy_fn *entropy;
	void *entropy_arg;
	jca__drbg_cfg cfg;
	_Alignas(16) unsigned char state[STATE_MAX];
};

static int kernel_entropy(void *arg, void *buf, size_t min_len, size_t max_len)
{
	(void)arg;
	(void)max_len;
	return jca__os_random(buf, min_len) == 0 ? (int)min_len : -1;
}

static random_ctx *create(const jca__resolved *res)
{
	const jca_random_impl *impl = res->impl;
	random_ctx *r = jca__alloc(sizeof *r);

	if (!r) {
		jca__error(JCA_ENOMEM, "out of memory creating SecureRandom \"%s\"", res->svc->algorithm);
		return NULL;
	}
	memset(r, 0, offsetof(random_ctx, state));
	r->impl = impl;
	r->kind = impl->kind == JCA_RANDOM_NATIVE ? KIND_NATIVE : KIND_DRBG;
	r->algorithm = res->svc->algorithm;
	r->provider = jca_provider_name(jca_service_provider(res->svc));
	if (r->kind == KIND_NATIVE)
		r->ready = 1;
	return r;
}

random_ctx *random_get_instance(const char *name)
{
	const jca__resolved *res = jca__lookup(JCA_SECURE_RANDOM, name, NULL);

	return res ? create(res) : NULL;
}

random_ctx *random_get_instance_from(const char *name, const char *provider)
{
	const jca__resolved *res;

	if (!provider) {
		jca__error(JCA_EINVAL, "provider name is NULL");
		return NULL;
	}
	res = jca__lookup(JCA_SECURE_RANDOM, name, provider);
	return res ? create(res) : NULL;
}

const random_handle *random_lookup(const char *name)
{
	return (const random_handle *)jca__lookup(JCA_SECURE_RANDOM, name, NULL);
}

random_ctx *random_new(const random_handle *h)
{
	if (!h) {
		jca__error(JCA_EINVAL, "SecureRandom handle is NULL");
		return NULL;
	}
	return create((const jca__resolved *)h);
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
	int rc;

	rc = draw(r, ent, r->cfg.entropy_min, ehi, &ne, "entropy input");
	if (rc == 0 && r->cfg.nonce_min)
		rc = draw(r, nonce, r->cfg.nonce_min, ENTROPY_BUF, &nn, "nonce");
	if (rc == 0 && r->cfg.mech->instantiate(r->state, &r->cfg.prim, ent, ne, nonce, nn, pers, pers_len)) {
		jca__wipe(r->state, sizeof r->state);
		rc = jca__error(JCA_IMPL, "DRBG %s: the digest or cipher implementation failed", r->cfg.desc);
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

	if (rc == 0 && r->cfg.mech->reseed(r->state, ent, ne, add, add_len)) {
		jca__wipe(r->state, sizeof r->state);
		r->ready = 0;
		rc = jca__error(JCA_IMPL, "DRBG %s: the digest or cipher implementation failed", r->cfg.desc);
	}
	if (rc == 0) {
		r->counter = 0;
		r->gen = gen;
	}
	jca__wipe(ent, sizeof ent);
	return rc;
}

static void uninstantiate(random_ctx *r)
{
	jca__wipe(r->state, sizeof r->state);
	r->ready = 0;
}

int random_init(random_ctx *r, const random_params *p)
{
	static const random_params none;
	int rc;

	if (!r)
		return jca__error(JCA_EINVAL, "random_init: NULL object");
	if (!p)
		p = &none;
	if (r->kind == KIND_NATIVE) {
		if (p->mechanism || p->strength || p->prediction_resistance || p->personalization ||
		    p->personalization_len || p->reseed_interval || p->entropy || p->entropy_arg)
			return jca__error(JCA_EINVAL, "%s takes no parameters (a nondeterministic source: no "
			                  "mechanism, strength, prediction resistance, personalization, reseed interval "
			                  "or entropy source)", r->algorithm);
		return 0;
	}
	if (!p->personalization && p->personalization_len)
		return jca__error(JCA_EINVAL, "random_init: personalization is NULL");
	if (p->reseed_interval > RESEED_MAX)
		return jca__error(JCA_EINVAL, "random_init: reseed interval %llu exceeds the SP 800-90A "
		                  "maximum 2^48", (unsigned long long)p->reseed_interval);
	uninstantiate(r);
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
	return r->ready ? 0 : random_init(r, NULL);
}

int random_generate(random_ctx *r, void *out, size_t len, int pr,
                    const void *add, size_t add_len)
{
	uint8_t *o = out;
	int rc;

	if (!r || (!out && len) || (!add && add_len))
		return jca__error(JCA_EINVAL, "random_generate: NULL %s",
		                  !r ? "object" : (!out && len) ? "output" : "additional input");
	if (r->kind == KIND_NATIVE) {
		if (pr || add_len)
			return jca__error(JCA_EINVAL, "%s: a nondeterministic source takes no %s", r->algorithm,
			                  pr ? "prediction resistance request" : "additional input");
		if (r->impl->generate(out, len) != 0) {
			jca__wipe(out, len);
			return jca__error(JCA_RANDOM, "%s: %s failed", r->algorithm, r->impl->base.name);
		}
		return 0;
	}
	if ((rc = ensure_ready(r)) != 0)
		return rc;
	if (add_len > r->cfg.input_max)
		return jca__error(JCA_EINVAL, "DRBG %s: additional input of %zu bytes, at most %zu",
		                  r->cfg.desc, add_len, r->cfg.input_max);
	pr = pr || r->pr;
	do {
		size_t n = len < JCA__DRBG_MAX_REQUEST ? len : JCA__DRBG_MAX_REQUEST;

		if (pr) {
			/* 9.3.1: reseed with the additional input, generate without */
			if ((rc = do_reseed(r, add, add_len)) != 0)
				return rc;
			add_len = 0;
		} else if (r->gen != jca__fork_generation() || r->counter >= r->interval) {
			if ((rc = do_reseed(r, NULL, 0)) != 0)
				return rc;
		}
		if (r->cfg.mech->generate(r->state, o, n, add, add_len)) {
			jca__wipe(out, (size_t)(o + n - (uint8_t *)out));
			uninstantiate(r);
			return jca__error(JCA_IMPL, "DRBG %s: the digest or cipher implementation failed",
			                  r->cfg.desc);
		}
		r->counter++;
		add_len = 0;                   /* additional input goes to the first request */
		o += n;
		len -= n;
	} while (len);
	return 0;
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
	if (r->kind == KIND_NATIVE)
		return 0;
	if ((rc = ensure_ready(r)) != 0)
		return rc;
	if (add_len > r->cfg.input_max)
		return jca__error(JCA_EINVAL, "DRBG %s: additional input of %zu bytes, at most %zu",
		                  r->cfg.desc, add_len, r->cfg.input_max);
	return do_reseed(r, add, add_len);
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
	if (r->kind == KIND_NATIVE)
		return r->impl->base.name;
	return r->cfg.desc[0] ? r->cfg.desc : JCA_DRBG_DEFAULT_MECHANISM;
}

void random_free(random_ctx *r)
{
	if (r)
		jca__free(r, sizeof *r);
}
