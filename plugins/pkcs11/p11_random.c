/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_random.c - the PKCS#11 plugin's SecureRandom "PKCS11-RNG": random
 * bytes from the token's own generator (C_GenerateRandom), offered when
 * the token says it has one (CKF_RNG). A source with its own entropy
 * (JCA_RANDOM_OWN_ENTROPY): no parameters, no additional input, no
 * prediction resistance request (the engine refuses them); random_reseed
 * does nothing (the token reseeds itself; C_SeedRandom is not used: it
 * would mix application data into a generator other processes share, and
 * many tokens refuse it).
 *
 * The context keeps the token, found through the provider context at
 * attach (the per-token instance of pkcs11.c), and one session of the
 * token's pool (p11.h) from its first request to its cleanup. Fork: the
 * output comes from the token, not from process memory, so a child never
 * repeats its parent's; a context made before fork() takes a fresh
 * session in the child (the parent's is not the child's to use).
 */
#include <stdio.h>
#include <string.h>

#include "p11_internal.h"
#include "p11_random.h"

/* The host's set_error (set by p11_rng_build, the same for every token):
 * the token's CKR_ name reaches the engine's message. */
static void (*report)(const char *message);

static int failed(int rc)
{
	void (*r)(const char *) = __atomic_load_n(&report, __ATOMIC_ACQUIRE);

	if (rc && r)
		r(p11_error_message());
	return rc;
}

typedef struct rng_ctx {
	p11_token *tok;
	CK_SESSION_HANDLE session;    /* CK_INVALID_HANDLE (0) until the first request */
	unsigned long gen;            /* fork generation of the session */
} rng_ctx;

static int rng_attach(void *provctx, void *ctx)
{
	rng_ctx *c = ctx;

	c->tok = provctx ? pkcs11_provctx_token(provctx) : NULL;
	return c->tok ? 0 : -1;
}

static void rng_cleanup(void *ctx)
{
	rng_ctx *c = ctx;

	if (c->tok && c->session != CK_INVALID_HANDLE)
		p11__session_put(c->tok, c->session, c->gen, 1);
	c->session = CK_INVALID_HANDLE;
}

static int rng_generate(void *ctx, void *out, size_t len, const void *add, size_t add_len)
{
	rng_ctx *c = ctx;
	CK_RV rv;
	int rc;

	(void)add;
	(void)add_len;
	if (!c->tok)
		return -1;
	if (c->session != CK_INVALID_HANDLE && p11__check_gen(c->tok, c->gen) != 0) {
		/* made before fork(): the session is the parent's; take one of
		 * this process (p11__session_put leaves the parent's alone) */
		p11__session_put(c->tok, c->session, c->gen, 0);
		c->session = CK_INVALID_HANDLE;
	}
	if (c->session == CK_INVALID_HANDLE && (rc = p11__session_get(c->tok, &c->session, &c->gen)) != 0) {
		c->session = CK_INVALID_HANDLE;
		return failed(rc);
	}
	P11_CALL(c->tok->mod, rv, C_GenerateRandom, c->session, out, (CK_ULONG)len);
	if (rv != CKR_OK) {
		rc = p11__rv_fail(c->tok, "C_GenerateRandom", rv);
		p11__session_put(c->tok, c->session, c->gen, 0);
		c->session = CK_INVALID_HANDLE;
		return failed(rc);
	}
	return 0;
}

int p11_rng_build(p11_rng_service *r, p11_token *t, const char *provider, void (*set_error)(const char *))
{
	CK_TOKEN_INFO info;
	CK_RV rv;
	size_t la = strlen(provider);

	memset(r, 0, sizeof *r);
	__atomic_store_n(&report, set_error, __ATOMIC_RELEASE);
	P11_CALL(t->mod, rv, C_GetTokenInfo, t->slot, &info);
	if (rv != CKR_OK || !(info.flags & CKF_RNG))
		return 0;
	memcpy(r->impl_name, "rng-", 4);
	if (la > sizeof r->impl_name - 5)
		la = sizeof r->impl_name - 5;
	memcpy(r->impl_name + 4, provider, la);
	r->impl_name[4 + la] = 0;
	snprintf(r->about, sizeof r->about, "%s", p11_describe(t));
	r->impl = (jca_random_impl){
		.base = JCA_IMPL_BASE_LIFECYCLE(jca_random_impl, r->impl_name, JCA_PRIO_GENERIC, NULL, sizeof(rng_ctx),
		                                rng_attach, NULL, rng_cleanup),
		.flags = JCA_RANDOM_OWN_ENTROPY,
		.generate = rng_generate,
	};
	r->list[0] = &r->impl.base;
	r->attrs[0] = (jca_attr){ "ImplementedIn", "Hardware" };
	r->attrs[1] = (jca_attr){ "ThreadSafe", "false" };
	r->attrs[2] = (jca_attr){ "Token", r->about };
	r->svc = (jca_service_desc){
		.struct_size = sizeof(jca_service_desc), .type = JCA_SECURE_RANDOM, .algorithm = "PKCS11-RNG",
		.attributes = r->attrs, .impls = r->list,
	};
	return 1;
}
