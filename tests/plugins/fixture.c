/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Test plugin fixtures, one source built in several variants (-DVARIANT_*):
 * a good provider "testgood", and bad ones that the host must refuse.
 *
 * VARIANT_OLDMINOR is built against tests/abi/3.0 (a frozen copy of the
 * ABI 3.0 headers): the host must load it and run it, whatever later
 * minors appended. VARIANT_ABI2 is built against tests/abi/2.0 (the ABI 2.0
 * headers): the host must refuse it, asking for a rebuild. Both include
 * only the plugin header, as an outside plugin would, so they make no
 * call back into libjca.
 */
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>
#include <time.h>
#include <pthread.h>

#if defined(VARIANT_ABI2)
#define VARIANT_OLDMINOR         /* the same plugin-header-only code */
#include <jca/plugin.h>          /* tests/abi/2.0/jca/plugin.h (first on the path) */
#if JCA_ABI_MAJOR != 2 || JCA_ABI_MINOR != 0
#error "VARIANT_ABI2 must be built against the frozen ABI 2.0 header"
#endif
#define PROVIDER_NAME "testabi2"
#elif defined(VARIANT_OLDMINOR)
#include <jca/plugin.h>          /* tests/abi/3.0/jca/plugin.h (first on the path) */
#if JCA_ABI_MAJOR != 3 || JCA_ABI_MINOR != 0
#error "VARIANT_OLDMINOR must be built against the frozen ABI 3.0 header"
#endif
#define PROVIDER_NAME "testold"
#else
#include "jca.h"
#include "jca/plugin.h"
#if defined(VARIANT_SAMENAME)
#define PROVIDER_NAME "testgood"   /* another file, the same provider name */
#elif defined(VARIANT_EMPTYNAME)
#define PROVIDER_NAME ""
#elif defined(VARIANT_BIGDIGEST)
#define PROVIDER_NAME "testbig"
#elif defined(VARIANT_ENTRYTHREAD)
#define PROVIDER_NAME "testthread"
#elif defined(VARIANT_SECOND)
#define PROVIDER_NAME "testsecond"
#else
#define PROVIDER_NAME "testgood"
#endif
#endif

#include "mini_sha256.h"

#define EXPORT __attribute__((visibility("default")))

/* Counts calls of the entry function, read by the tests through dlsym. */
EXPORT extern atomic_int jca_test_entry_calls;
atomic_int jca_test_entry_calls;
/* The status of the entry's own lookup of SHA-1 (0: found). */
EXPORT extern atomic_int jca_test_entry_lookup;
atomic_int jca_test_entry_lookup = 1;

#ifndef VARIANT_OLDMINOR
/* The host table the entry received, kept for later (plugin.h: valid for
 * the life of the process): final reports through it when the test sets
 * jca_test_final_fails. */
static const jca_host_api *kept_host;
EXPORT extern atomic_int jca_test_final_fails;
atomic_int jca_test_final_fails;
#endif

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

#ifdef VARIANT_BIGDIGEST
/* digest_size 1000 with an 8-byte known answer. It writes digest_size
 * bytes whatever out_len says (a plugin that read the old header's wording
 * that way): the host must give final a buffer of digest_size bytes. */
#define TOY_DIGEST 1000
#else
#define TOY_DIGEST 8
#endif

static int toy_final(void *c, void *out, size_t len)
{
	toy_ctx *t = c;
	uint8_t buf[8];
	size_t i;

#ifndef VARIANT_OLDMINOR
	if (atomic_load(&jca_test_final_fails) && kept_host) {
		kept_host->set_error("the fixture's final fails on request (reported through the kept host table)");
		return -1;
	}
#endif
	for (i = 0; i < 4; i++) {
		buf[i] = (uint8_t)(t->b >> (8 * (3 - i)));
		buf[4 + i] = (uint8_t)(t->a >> (8 * (3 - i)));
	}
#ifdef VARIANT_BIGDIGEST
	(void)len;
	memset(out, 0, TOY_DIGEST);
	memcpy(out, buf, 8);
#else
	memcpy(out, buf, len < 8 ? len : 8);
#endif
	return 0;
}

static const jca_md_impl toy_impl = {
	.base = JCA_IMPL_BASE(jca_md_impl, "toy-" PROVIDER_NAME, JCA_PRIO_GENERIC, NULL, sizeof(toy_ctx)),
	.digest_size = TOY_DIGEST, .block_size = 64,
	.init = toy_init,
#ifdef VARIANT_NULLMETHOD
	.update = NULL,
#else
	.update = toy_update,
#endif
	.final = toy_final
};
static const jca_impl *const toy_impls[] = { &toy_impl.base, NULL };
static const char *const toy_names[] = { "TOY-" PROVIDER_NAME, "TOY", NULL };
/* toy("abc"): a = 1+97+98+99 = 295, b = 98 + 196 + 295 = 589 */
static const jca_kat toy_kat = {
	.struct_size = sizeof(jca_kat), .in = "abc", .in_len = 3,
#ifdef VARIANT_SELFTEST
	.out = "\x00\x00\x02\x4d\x00\x00\x01\x28", .out_len = 8
#else
	.out = "\x00\x00\x02\x4d\x00\x00\x01\x27", .out_len = 8
#endif
};

/* ABI 2.4's jca_service_desc.extra_kats, absent from the 2.0 header */
#if JCA_ABI_MAJOR == 2 && JCA_ABI_MINOR < 4
#define NO_EXTRA_KATS
#else
#define NO_EXTRA_KATS , NULL
#endif

/* The provider's own digest: "TEST-DIGEST" for testgood, "TEST-<name>"
 * for the others, so several fixtures can be loaded together. */
static const jca_service_desc svc_test = {
	sizeof(jca_service_desc), JCA_MESSAGE_DIGEST,
#if defined(VARIANT_OLDMINOR) || defined(VARIANT_BIGDIGEST) || defined(VARIANT_ENTRYTHREAD) || \
	defined(VARIANT_SECOND)
	"TEST-" PROVIDER_NAME,
#else
	"TEST-DIGEST",
#endif
	toy_names, NULL, toy_impls, &toy_kat NO_EXTRA_KATS
};
/* Also "SHA-256", to see who serves by preference: a SHA-256 of its own
 * (the host refuses a wrong one: tests/plugins/kat_fixture.c). */
static const jca_md_impl sha256_impl = {
	.base = JCA_IMPL_BASE(jca_md_impl, "sha256-" PROVIDER_NAME, JCA_PRIO_GENERIC, NULL, sizeof(mini_sha256)),
	.digest_size = 32, .block_size = 64,
	.init = mini_sha256_init, .update = mini_sha256_update, .final = mini_sha256_final
};
static const jca_impl *const sha256_impls[] = { &sha256_impl.base, NULL };
static const jca_service_desc svc_second = {
	sizeof(jca_service_desc), JCA_MESSAGE_DIGEST,
#ifdef VARIANT_DUPNAME
	"test-digest",
#else
	"SHA-256",
#endif
	NULL, NULL, sha256_impls, NULL NO_EXTRA_KATS
};
static const jca_service_desc *const services[] = { &svc_test, &svc_second, NULL };

#if JCA_ABI_MAJOR >= 3
/* Teardowns of this plugin's provider context: once per successful entry,
 * when the provider is removed and its last instance freed, or at
 * jca_shutdown(). */
EXPORT extern atomic_int jca_test_teardowns;
atomic_int jca_test_teardowns;

static void teardown(void *provctx)
{
	atomic_fetch_add((atomic_int *)provctx, 1);
}
#endif

EXPORT extern const jca_provider_desc jca_test_desc;
const jca_provider_desc jca_test_desc = {
#if defined(VARIANT_ABI)
	(4u << 16),                    /* a newer major than any host */
#elif defined(VARIANT_ABI1)
	1,                             /* the ABI 1 layout */
#else
	JCA_ABI_VERSION,
#endif
#ifdef VARIANT_SIZE
	8,
#else
	sizeof(jca_provider_desc),
#endif
	PROVIDER_NAME,
	"1.0", "test fixture provider", services,
#if JCA_ABI_MAJOR >= 3
	teardown,
#endif
};

#ifdef VARIANT_ENTRYTHREAD
/* A thread started and joined by the entry, making a lookup that needs a
 * provider not loaded yet: it must get an error (JCA_BUSY), not block. */
EXPORT extern atomic_int jca_test_thread_status;
atomic_int jca_test_thread_status = 1;

static void *entry_thread(void *arg)
{
	md_ctx *md = md_get_instance("TEST-AFTER-THREAD");

	(void)arg;
	atomic_store(&jca_test_thread_status, md ? 0 : jca_last_error());
	md_free(md);
	return NULL;
}
#endif

#ifndef VARIANT_NOENTRY
#if JCA_ABI_MAJOR >= 3
JCA_PLUGIN_ENTRY(host, out, provctx)
#else
JCA_PLUGIN_ENTRY(host, out)
#endif
{
#ifndef VARIANT_OLDMINOR
	struct timespec ts = { 0, 20 * 1000 * 1000 };
	md_ctx *md;
#endif

	atomic_fetch_add(&jca_test_entry_calls, 1);
#ifndef VARIANT_OLDMINOR
	/* Widen the window for racing first lookups. */
	nanosleep(&ts, NULL);
	/* Calling back into the registry from the entry must work (no
	 * recursion into loading, no deadlock). */
	md = md_get_instance("SHA-1");
	atomic_store(&jca_test_entry_lookup, md ? 0 : jca_last_error());
	md_free(md);
#endif
#ifdef VARIANT_ENTRYTHREAD
	{
		pthread_t t;

		if (pthread_create(&t, NULL, entry_thread, NULL) == 0)
			pthread_join(t, NULL);
	}
#endif
#ifdef VARIANT_INITFAIL
	host->set_error("fixture refuses to initialise");
	return 3;
#endif
	if (!jca_host_compatible(host))
		return 1;
#ifndef VARIANT_OLDMINOR
	kept_host = host;
#endif
	*out = &jca_test_desc;
#if JCA_ABI_MAJOR >= 3
	*provctx = &jca_test_teardowns;   /* handed back to teardown */
#endif
	return 0;
}
#endif
