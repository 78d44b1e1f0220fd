/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The built-in SecureRandom implementations (see builtin_drbg.h and the
 * SecureRandom section of <jca/provider.h>): the DRBGs of src/algs behind
 * the ABI 3 table, and the kernel's generator.
 *
 * A DRBG's primitive is found when it is instantiated: the registry's
 * implementation for the name if the DRBG can run it, else that of the
 * first provider in preference order that offers the name with one it
 * can. A bridge to another library (the OpenSSL plugin, a PKCS#11 token)
 * keeps its state outside the context, so the DRBG cannot hold it; the
 * next provider's (builtin's) then serves. Policy holds: a disabled name
 * is offered by no provider. Never a weaker substitute.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "builtin_drbg.h"
#include "../util/error.h"
#include "../util/mem.h"
#include "../util/osrandom.h"

_Static_assert(sizeof(jca__hash_drbg_state) <= JCA__DRBG_STATE_MAX, "state size");
_Static_assert(sizeof(jca__hmac_drbg_state) <= JCA__DRBG_STATE_MAX, "state size");

/* ---- the primitive ---- */

/* A plain digest context the DRBG state can hold (no outside resources). */
static int hash_fits(const void *impl)
{
	const jca_md_impl *m = impl;

	return !m->base.cleanup && !m->base.attach && !(m->flags & JCA_MD_XOF) &&
	       m->base.ctx_size <= JCA__DRBG_HASH_CTX_MAX && m->digest_size <= JCA__DRBG_HASH_OUT_MAX &&
	       m->block_size <= 256 && m->block_size >= m->digest_size;
}

/* Raw single-block encryption on a key schedule the state can hold. */
static int aes_fits(const void *impl)
{
	const jca_cipher_impl *a = impl;

	return !a->base.cleanup && !a->base.attach && a->base.ctx_size <= JCA__DRBG_BLOCK_CTX_MAX &&
	       a->block_size == 16 && a->set_key && a->ecb_encrypt;
}

/* The implementation that serves (type, name) if fits(), else the first
 * provider's that does; NULL with the last error set if none. A success
 * leaves the caller's last error as it was. */
static const void *find_prim(jca_service_type type, const char *name, int (*fits)(const void *),
                             const char *needs)
{
	const jca_service *svc;
	const void *impl = jca__builtin_lookup(type, name, NULL, &svc);
	const jca_provider *p;
	char saved[256], first[128];
	int code;
	size_t i;

	if (!impl)
		return NULL;
	if (fits(impl))
		return impl;
	snprintf(first, sizeof first, "%s of provider %s", ((const jca_impl *)impl)->name,
	         jca_provider_name(jca_service_provider(svc)));
	code = jca_last_error();
	snprintf(saved, sizeof saved, "%s", jca_last_error_message());
	for (i = 0; jca_provider_at(i, &p) == 0; i++) {
		const void *q = jca__builtin_lookup(type, name, jca_provider_name(p), &svc);

		if (q && fits(q)) {
			jca__error(code, "%s", saved);
			return q;
		}
	}
	jca__error(JCA_NOALG, "DRBG: no provider offers %s with %s (the one in use, %s, keeps its state "
	           "outside the context or is too large)", name, needs, first);
	return NULL;
}

/* The primitive named by a (digest or AES-<bits>) into *p; 0, or the
 * lookup's code with the reason handed to the engine. */
static int resolve(jca__drbg_prim *p, const jca_random_args *a)
{
	memset(p, 0, sizeof *p);
	if (a->mechanism == JCA_DRBG_CTR) {
		unsigned bits = !strcmp(a->algorithm, "AES-128") ? 128 : !strcmp(a->algorithm, "AES-192") ? 192
		                : !strcmp(a->algorithm, "AES-256") ? 256 : 0;
		char name[32];
		const jca_cipher_impl *c;

		if (!bits) {
			jca__set_impl_reason("CTR_DRBG runs on AES-128, AES-192 or AES-256");
			return JCA_UNSUPPORTED;
		}
		snprintf(name, sizeof name, "AES_%u/ECB/NoPadding", bits);
		if (!(c = find_prim(JCA_CIPHER, name, aes_fits, "a raw block function")))
			goto fail;
		p->block.set_key = c->set_key;
		p->block.ecb_encrypt = c->ecb_encrypt;
		p->block.ctx_size = (uint32_t)c->base.ctx_size;
		p->block.key_len = bits / 8;
		p->use_df = a->use_df != 0;
	} else {
		const jca_md_impl *m = find_prim(JCA_MESSAGE_DIGEST, a->algorithm, hash_fits, "a plain digest context");

		if (!m)
			goto fail;
		p->hash.init = m->init;
		p->hash.update = m->update;
		p->hash.final = m->final;
		p->hash.ctx_size = (uint32_t)m->base.ctx_size;
		p->hash.out_len = (uint32_t)m->digest_size;
		p->hash.block_size = (uint32_t)m->block_size;
	}
	return 0;
fail:
	jca__set_impl_reason(jca_last_error_message());
	return jca_last_error();
}

/* ---- the table ---- */

static int drbg_instantiate(void *ctx, const jca_random_args *a)
{
	jca__drbg_ctx *c = ctx;
	jca__drbg_prim p;
	const jca__drbg_mech *m;
	int rc;

	if (a->struct_size < offsetof(jca_random_args, personalization_len) + sizeof a->personalization_len ||
	    !a->algorithm) {
		jca__set_impl_reason("drbg-sp800-90a: arguments too short or without an algorithm");
		return -1;
	}
	m = a->mechanism == JCA_DRBG_HASH ? &jca__hash_drbg : a->mechanism == JCA_DRBG_HMAC ? &jca__hmac_drbg
	    : a->mechanism == JCA_DRBG_CTR ? &jca__ctr_drbg : NULL;
	if (!m) {
		jca__set_impl_reason("drbg-sp800-90a: unknown mechanism");
		return JCA_UNSUPPORTED;
	}
	if ((rc = resolve(&p, a)) != 0)
		return rc;
	if (m == &jca__ctr_drbg && !p.use_df) {
		c->entropy_min = c->entropy_max = c->input_max = (uint32_t)m->seed_len(&p);
		if (a->nonce_len)
			return jca__set_impl_reason("CTR_DRBG without df takes no nonce"), -1;
	} else {
		c->entropy_min = (a->strength + 7) / 8;
		c->entropy_max = c->input_max = JCA__DRBG_MAX_INPUT;
		if (a->nonce_len > JCA__DRBG_MAX_INPUT)
			return jca__set_impl_reason("nonce over 65536 bytes"), -1;
	}
	if (a->entropy_len < c->entropy_min || a->entropy_len > c->entropy_max ||
	    a->personalization_len > c->input_max) {
		jca__set_impl_reason("entropy input or personalization string of a wrong length");
		return -1;
	}
	if (m->instantiate(c->state, &p, a->entropy, a->entropy_len, a->nonce, a->nonce_len,
	                   a->personalization, a->personalization_len) != 0) {
		jca__wipe(c->state, sizeof c->state);
		jca__set_impl_reason("the digest or cipher implementation failed");
		return -1;
	}
	c->mech = m;
	return 0;
}

static int drbg_generate(void *ctx, void *out, size_t len, const void *add, size_t add_len)
{
	jca__drbg_ctx *c = ctx;

	if (!c->mech || len > JCA__DRBG_MAX_REQUEST || add_len > c->input_max)
		return -1;
	if (c->mech->generate(c->state, out, len, add, add_len) != 0) {
		jca__set_impl_reason("the digest or cipher implementation failed");
		return -1;
	}
	return 0;
}

static int drbg_reseed(void *ctx, const void *ent, size_t ent_len, const void *add, size_t add_len)
{
	jca__drbg_ctx *c = ctx;

	if (!c->mech || ent_len < c->entropy_min || ent_len > c->entropy_max || add_len > c->input_max)
		return -1;
	if (c->mech->reseed(c->state, ent, ent_len, add, add_len) != 0) {
		jca__set_impl_reason("the digest or cipher implementation failed");
		return -1;
	}
	return 0;
}

static void drbg_cleanup(void *ctx)
{
	jca__wipe(ctx, sizeof(jca__drbg_ctx));
}

const jca_random_impl jca__drbg_impl = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_random_impl, "drbg-sp800-90a", JCA_PRIO_GENERIC, NULL,
	                                sizeof(jca__drbg_ctx), NULL, NULL, drbg_cleanup),
	.flags = JCA_RANDOM_DETERMINISTIC,
	.instantiate = drbg_instantiate,
	.generate = drbg_generate,
	.reseed = drbg_reseed,
};

/* ---- the kernel ---- */

static int os_generate(void *ctx, void *out, size_t len, const void *add, size_t add_len)
{
	(void)ctx;
	(void)add;
	(void)add_len;
	return jca__os_random(out, len);
}

/* No state: the one byte the host requires of every context is unused. */
const jca_random_impl jca__getrandom_impl = {
	.base = JCA_IMPL_BASE(jca_random_impl, "getrandom", JCA_PRIO_GENERIC, NULL, 1),
	.flags = JCA_RANDOM_OWN_ENTROPY,
	.generate = os_generate,
};
