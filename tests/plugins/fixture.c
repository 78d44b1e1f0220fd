/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Test plugin fixtures, one source built in several variants (-DVARIANT_*):
 * a good provider "testgood", and bad ones that the host must refuse.
 */
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "jca.h"

#define EXPORT __attribute__((visibility("default")))

/* Counts calls of the entry function, read by the tests through dlsym. */
EXPORT extern atomic_int jca_test_entry_calls;
atomic_int jca_test_entry_calls;

/* A toy digest: 8 bytes of running sums. Only for tests. */
typedef struct {
	uint64_t a, b;
} toy_ctx;

static int toy_init(void *c)
{
	toy_ctx *t = c;

	t->a = 1;
	t->b = 0;
	return 0;
}

#ifndef VARIANT_NULLMETHOD
static int toy_update(void *c, const void *in, size_t len)
{
	toy_ctx *t = c;
	const uint8_t *p = in;
	size_t i;

	for (i = 0; i < len; i++) {
		t->a = (t->a + p[i]) % 65521;
		t->b = (t->b + t->a) % 65521;
	}
	return 0;
}
#endif

static int toy_final(void *c, void *out, size_t len)
{
	toy_ctx *t = c;
	uint8_t buf[8];
	size_t i;

	for (i = 0; i < 4; i++) {
		buf[i] = (uint8_t)(t->b >> (8 * (3 - i)));
		buf[4 + i] = (uint8_t)(t->a >> (8 * (3 - i)));
	}
	memcpy(out, buf, len < 8 ? len : 8);
	return 0;
}

static const jca_md_impl toy_impl = {
	.name = "toy-test", .priority = JCA_PRIO_GENERIC, .ctx_size = sizeof(toy_ctx),
	.digest_size = 8, .block_size = 64,
	.init = toy_init,
#ifdef VARIANT_NULLMETHOD
	.update = NULL,
#else
	.update = toy_update,
#endif
	.final = toy_final
};
static const jca_md_impl *const toy_impls[] = { &toy_impl, NULL };
static const char *const toy_names[] = { "TOY", NULL };
/* toy("abc"): a = 1+97+98+99 = 295, b = 98 + 196 + 295 = 589 */
static const jca_kat toy_kat = { "abc", 3, NULL, 0, NULL,
#ifdef VARIANT_SELFTEST
	"\x00\x00\x02\x4d\x00\x00\x01\x28", 8 };
#else
	"\x00\x00\x02\x4d\x00\x00\x01\x27", 8 };
#endif

static const jca_service_desc services[] = {
	{ JCA_MESSAGE_DIGEST, "TEST-DIGEST", toy_names, NULL, toy_impls, NULL, &toy_kat, NULL, NULL },
	/* Also "SHA-256" (wrong on purpose), to see who serves by preference. */
#ifdef VARIANT_DUPNAME
	{ JCA_MESSAGE_DIGEST, "test-digest", NULL, NULL, toy_impls, NULL, NULL, NULL, NULL },
#else
	{ JCA_MESSAGE_DIGEST, "SHA-256", NULL, NULL, toy_impls, NULL, NULL, NULL, NULL },
#endif
};

EXPORT extern const jca_provider_desc jca_test_desc;
const jca_provider_desc jca_test_desc = {
#ifdef VARIANT_ABI
	99,
#else
	JCA_ABI_VERSION,
#endif
#ifdef VARIANT_SIZE
	8,
#else
	sizeof(jca_provider_desc),
#endif
#ifdef VARIANT_EMPTYNAME
	"",
#else
	"testgood",
#endif
	"1.0", "test fixture provider", services, 2
};

#ifndef VARIANT_NOENTRY
JCA_PLUGIN_EXPORT int jca_plugin_entry(const jca_host_api *host, const jca_provider_desc **out)
{
	struct timespec ts = { 0, 20 * 1000 * 1000 };
	md_ctx *md;

	atomic_fetch_add(&jca_test_entry_calls, 1);
	/* Widen the window for racing first lookups. */
	nanosleep(&ts, NULL);
	/* Calling back into the registry from the entry must work (no
	 * recursion into loading, no deadlock). */
	md = md_get_instance("SHA-1");
	md_free(md);
#ifdef VARIANT_INITFAIL
	host->set_error("fixture refuses to initialise");
	return 3;
#endif
	if (host->abi_version < 1 || host->struct_size < sizeof(jca_host_api))
		return 1;
	*out = &jca_test_desc;
	return 0;
}
#endif
