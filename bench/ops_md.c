/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca-bench rows: MessageDigest. Getting instances (GetMessageDigest) and
 * digesting (MessageDigests), through libjca and OpenSSL 3 EVP, and for
 * the digests marked in the table libgcrypt's reused handle beside them.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"

#ifdef HAVE_OPENSSL
#include <openssl/evp.h>
#endif
#ifdef HAVE_LIBGCRYPT
#include <gcrypt.h>
#endif

/* state slots of this family */
#define MD(s) ((md_ctx *)(s)->obj[0])
#define MH(s) ((const md_handle *)(s)->obj[1])
#define EMD(s) ((EVP_MD *)(s)->oobj[0])
#define ECTX(s) ((EVP_MD_CTX *)(s)->oobj[1])

static const struct digest {
	const char *jca, *ossl;
	size_t xof;                /* SHAKE: output bytes (libjca's default) */
	int gcry;                  /* digest rows through libgcrypt too (its name is ossl's) */
} digests[] = {
	{ "MD5", "MD5", 0, 0 },
	{ "SHA-1", "SHA1", 0, 0 },
	{ "SHA-224", "SHA224", 0, 0 },
	{ "SHA-256", "SHA256", 0, 0 },
	{ "SHA-384", "SHA384", 0, 0 },
	{ "SHA-512", "SHA512", 0, 1 },
	{ "SHA-512/224", "SHA512-224", 0, 0 },
	{ "SHA-512/256", "SHA512-256", 0, 0 },
	{ "SHA3-224", "SHA3-224", 0, 0 },
	{ "SHA3-256", "SHA3-256", 0, 0 },
	{ "SHA3-384", "SHA3-384", 0, 0 },
	{ "SHA3-512", "SHA3-512", 0, 0 },
	{ "SHAKE128", "SHAKE128", 32, 0 },
	{ "SHAKE256", "SHAKE256", 64, 0 },
};
#define NDIGESTS (sizeof digests / sizeof digests[0])

/* ---- libjca ---- */

static void setup_jca_md(state *s)
{
	md_ctx *md = md_get_instance(s->p->alg);

	if (!md)
		die_jca("md_get_instance");
	s->obj[0] = md;
	s->obj[1] = (void *)md_lookup(s->p->alg);
	if (!s->obj[1])
		die_jca("md_lookup");
	s->outlen = md_length(md);
}

static void teardown_jca_md(state *s)
{
	md_free(MD(s));
}

static void run_md_get(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		md_ctx *md = md_get_instance(s->p->alg);

		if (!md)
			die_jca("md_get_instance");
		md_free(md);
	}
}

static void run_md_get_from(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		md_ctx *md = md_get_instance_from(s->p->alg, "builtin");

		if (!md)
			die_jca("md_get_instance_from");
		md_free(md);
	}
}

static void run_md_new(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		md_ctx *md = md_new(MH(s));

		if (!md)
			die_jca("md_new");
		md_free(md);
	}
}

static void run_md_clone(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		md_ctx *md = md_clone(MD(s));

		if (!md)
			die_jca("md_clone");
		md_free(md);
	}
}

/* md_digest, or md_digest_xof for SHAKE (outlen bytes) */
static int finish_md(md_ctx *md, uint8_t *out, size_t outlen)
{
	size_t n;

	return md_is_xof(md) ? md_digest_xof(md, out, outlen) : md_digest(md, out, outlen, &n);
}

static void run_md_digest(state *s, uint64_t n)
{
	md_ctx *md = MD(s);

	for (uint64_t i = 0; i < n; i++) {
		if (md_update(md, s->in, s->p->len) < 0 || finish_md(md, s->res, s->outlen) < 0)
			die_jca("md_update/md_digest");
	}
}

static void run_md_get_digest(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		md_ctx *md = md_get_instance(s->p->alg);

		if (!md)
			die_jca("md_get_instance");
		if (md_update(md, s->in, s->p->len) < 0 || finish_md(md, s->res, s->outlen) < 0)
			die_jca("md_update/md_digest");
		md_free(md);
	}
}

static void run_md_oneshot(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		if (md_oneshot(s->p->alg, s->in, s->p->len, s->res, sizeof s->res, &s->reslen) < 0)
			die_jca("md_oneshot");
}

static void run_md_handle_digest(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		if (md_handle_oneshot(MH(s), s->in, s->p->len, s->res, sizeof s->res, &s->reslen) < 0)
			die_jca("md_handle_oneshot");
}

/* ---- OpenSSL 3 EVP ---- */

#ifdef HAVE_OPENSSL
static int o_final(EVP_MD_CTX *ctx, uint8_t *out, size_t outlen, int xof)
{
	return xof ? EVP_DigestFinalXOF(ctx, out, outlen) : EVP_DigestFinal_ex(ctx, out, NULL);
}

static void setup_o_md(state *s)
{
	EVP_MD *md = EVP_MD_fetch(NULL, s->p->oalg, NULL);
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();

	s->oobj[0] = md;
	s->oobj[1] = ctx;
	if (!md || !ctx || !EVP_DigestInit_ex(ctx, md, NULL))
		die_ossl("EVP_MD_fetch/EVP_DigestInit_ex");
	s->outlen = s->p->outlen ? s->p->outlen : (size_t)EVP_MD_get_size(md);
}

static void teardown_o_md(state *s)
{
	EVP_MD_CTX_free(ECTX(s));
	EVP_MD_free(EMD(s));
}

static void run_o_md_fetch_init(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		EVP_MD *md = EVP_MD_fetch(NULL, s->p->oalg, NULL);
		EVP_MD_CTX *ctx = EVP_MD_CTX_new();

		if (!md || !ctx || !EVP_DigestInit_ex(ctx, md, NULL))
			die_ossl("EVP_MD_fetch/EVP_DigestInit_ex");
		EVP_MD_CTX_free(ctx);
		EVP_MD_free(md);
	}
}

static void run_o_md_new_init(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		EVP_MD_CTX *ctx = EVP_MD_CTX_new();

		if (!ctx || !EVP_DigestInit_ex(ctx, EMD(s), NULL))
			die_ossl("EVP_DigestInit_ex");
		EVP_MD_CTX_free(ctx);
	}
}

static void run_o_md_copy(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		EVP_MD_CTX *ctx = EVP_MD_CTX_new();

		if (!ctx || !EVP_MD_CTX_copy_ex(ctx, ECTX(s)))
			die_ossl("EVP_MD_CTX_copy_ex");
		EVP_MD_CTX_free(ctx);
	}
}

static void run_o_md_digest(state *s, uint64_t n)
{
	int xof = s->p->outlen != 0;
	EVP_MD_CTX *ctx = ECTX(s);

	for (uint64_t i = 0; i < n; i++) {
		if (!EVP_DigestInit_ex(ctx, EMD(s), NULL) || !EVP_DigestUpdate(ctx, s->in, s->p->len) ||
		    !o_final(ctx, s->res, s->outlen, xof))
			die_ossl("EVP_DigestInit_ex/Update/Final");
	}
}

static void run_o_md_fetch_digest(state *s, uint64_t n)
{
	int xof = s->p->outlen != 0;

	for (uint64_t i = 0; i < n; i++) {
		EVP_MD *md = EVP_MD_fetch(NULL, s->p->oalg, NULL);
		EVP_MD_CTX *ctx = EVP_MD_CTX_new();

		if (!md || !ctx || !EVP_DigestInit_ex(ctx, md, NULL) ||
		    !EVP_DigestUpdate(ctx, s->in, s->p->len) || !o_final(ctx, s->res, s->outlen, xof))
			die_ossl("EVP_MD_fetch/Init/Update/Final");
		EVP_MD_CTX_free(ctx);
		EVP_MD_free(md);
	}
}
#endif /* HAVE_OPENSSL */

/* ---- libgcrypt ---- */

#ifdef HAVE_LIBGCRYPT
#define GMD(s) ((gcry_md_hd_t)(s)->oobj[0])

static void setup_g_md(state *s)
{
	gcry_md_hd_t h;

	bench_gcry_init();
	if (gcry_md_open(&h, gcry_md_map_name(s->p->oalg), 0) != 0) {
		fprintf(stderr, "jca-bench: libgcrypt has no %s\n", s->p->oalg);
		exit(1);
	}
	s->oobj[0] = h;
	s->outlen = gcry_md_get_algo_dlen(gcry_md_map_name(s->p->oalg));
}

static void teardown_g_md(state *s)
{
	gcry_md_close(GMD(s));
}

static void run_g_md_digest(state *s, uint64_t n)
{
	gcry_md_hd_t h = GMD(s);

	for (uint64_t i = 0; i < n; i++) {
		gcry_md_reset(h);
		gcry_md_write(h, s->in, s->p->len);
		memcpy(s->res, gcry_md_read(h, 0), s->outlen);
	}
}
#endif /* HAVE_LIBGCRYPT */

/* ---- the kinds of rows ---- */

static const kind K_md_get = { "GetMessageDigest", "getInstance", LIB_JCA, 1, 0,
	"md_get_instance(alg) + md_free", setup_jca_md, run_md_get, teardown_jca_md };
static const kind K_md_get_from = { "GetMessageDigest", "getInstanceFrom", LIB_JCA, 1, 0,
	"md_get_instance_from(alg, \"builtin\") + md_free", setup_jca_md, run_md_get_from, teardown_jca_md };
static const kind K_md_new = { "GetMessageDigest", "newFromHandle", LIB_JCA, 1, 0,
	"md_new(h) + md_free, h = md_lookup(alg) done once before", setup_jca_md, run_md_new, teardown_jca_md };
static const kind K_md_clone = { "GetMessageDigest", "clone", LIB_JCA, 1, 0,
	"md_clone(fresh instance) + md_free", setup_jca_md, run_md_clone, teardown_jca_md };
static const kind K_md_digest = { "MessageDigests", "digest", LIB_JCA, 0, 1,
	"md_update(len bytes) + md_digest on one reused instance", setup_jca_md, run_md_digest,
	teardown_jca_md };
static const kind K_md_get_digest = { "MessageDigests", "getAndDigest", LIB_JCA, 1, 0,
	"md_get_instance(alg) + md_update(len bytes) + md_digest + md_free", setup_jca_md,
	run_md_get_digest, teardown_jca_md };

static const kind K_md_oneshot = { "MessageDigests", "oneshot", LIB_JCA, 1, 0,
	"md_oneshot(alg, len bytes) (no instance: the state on the stack, wiped)", setup_jca_md,
	run_md_oneshot, teardown_jca_md };
static const kind K_md_handle_digest = { "MessageDigests", "oneshotHandle", LIB_JCA, 1, 0,
	"md_handle_oneshot(h, len bytes), h = md_lookup(alg) done once before", setup_jca_md,
	run_md_handle_digest, teardown_jca_md };

#ifdef HAVE_OPENSSL
static const kind O_md_fetch = { "GetMessageDigest", "fetchNewInit", LIB_OSSL, 1, 0,
	"EVP_MD_fetch + EVP_MD_CTX_new + EVP_DigestInit_ex + EVP_MD_CTX_free + EVP_MD_free (full)",
	setup_o_md, run_o_md_fetch_init, teardown_o_md };
static const kind O_md_new = { "GetMessageDigest", "newInit", LIB_OSSL, 1, 0,
	"EVP_MD_CTX_new + EVP_DigestInit_ex(prefetched EVP_MD) + EVP_MD_CTX_free",
	setup_o_md, run_o_md_new_init, teardown_o_md };
static const kind O_md_copy = { "GetMessageDigest", "copy", LIB_OSSL, 1, 0,
	"EVP_MD_CTX_new + EVP_MD_CTX_copy_ex(initialised ctx) + EVP_MD_CTX_free",
	setup_o_md, run_o_md_copy, teardown_o_md };
static const kind O_md_digest = { "MessageDigests", "digest", LIB_OSSL, 0, 1,
	"EVP_DigestInit_ex(prefetched) + EVP_DigestUpdate(len bytes) + EVP_DigestFinal_ex "
	"(FinalXOF for SHAKE) on one reused EVP_MD_CTX", setup_o_md, run_o_md_digest, teardown_o_md };
static const kind O_md_fetch_digest = { "MessageDigests", "fetchAndDigest", LIB_OSSL, 1, 0,
	"EVP_MD_fetch + EVP_MD_CTX_new + Init_ex + Update(len bytes) + Final_ex + both frees",
	setup_o_md, run_o_md_fetch_digest, teardown_o_md };
#endif
#ifdef HAVE_LIBGCRYPT
static const kind G_md_digest = { "MessageDigests", "digest", LIB_GCRY, 0, 1,
	"gcry_md_reset + gcry_md_write(len bytes) + gcry_md_read (copied out) on one reused handle",
	setup_g_md, run_g_md_digest, teardown_g_md };
#endif

/* ---- the rows ---- */

static const struct digest *digest_by_name(const char *name)
{
	for (size_t i = 0; i < NDIGESTS; i++)
		if (!strcmp(digests[i].jca, name))
			return &digests[i];
	return NULL;
}

static void rows_md(void)
{
	static const char *const md_get_algs[] = { "MD5", "SHA-1", "SHA-256", "SHA3-256" };
	static const size_t md_lens[] = { 64, 1024, 16384, 1048576 };
	static const size_t gd_lens[] = { 64, 16384 };
	param p;
	int j;

	for (size_t i = 0; i < sizeof md_get_algs / sizeof md_get_algs[0]; i++) {
		const struct digest *d = digest_by_name(md_get_algs[i]);
		int get;

		p = (param){ .alg = d->jca, .oalg = d->ossl, .outlen = d->xof };
		get = add_row(&K_md_get, p, -1);
		add_row(&K_md_get_from, p, -1);
		add_row(&K_md_new, p, -1);
		j = add_row(&K_md_clone, p, -1);
		ADD_OSSL(&O_md_fetch, p, get);
		ADD_OSSL(&O_md_new, p, get);
		ADD_OSSL(&O_md_copy, p, j);
	}
	for (size_t i = 0; i < NDIGESTS; i++) {
		for (size_t l = 0; l < sizeof md_lens / sizeof md_lens[0]; l++) {
			p = (param){ .alg = digests[i].jca, .oalg = digests[i].ossl,
			             .outlen = digests[i].xof, .len = md_lens[l] };
			j = add_row(&K_md_digest, p, -1);
			ADD_OSSL(&O_md_digest, p, j);
#ifdef HAVE_LIBGCRYPT
			if (digests[i].gcry)
				add_row(&G_md_digest, p, j);
#endif
		}
	}
	for (size_t i = 0; i < NDIGESTS; i++) {
		for (size_t l = 0; l < sizeof gd_lens / sizeof gd_lens[0]; l++) {
			p = (param){ .alg = digests[i].jca, .oalg = digests[i].ossl,
			             .outlen = digests[i].xof, .len = gd_lens[l] };
			j = add_row(&K_md_get_digest, p, -1);
			add_row(&K_md_oneshot, p, -1);
			add_row(&K_md_handle_digest, p, -1);
			ADD_OSSL(&O_md_fetch_digest, p, j);
		}
	}
}

static void impls_md(void (*item)(const char *name, const char *impl))
{
	for (size_t i = 0; i < NDIGESTS; i++) {
		md_ctx *md = md_get_instance(digests[i].jca);

		item(digests[i].jca, md ? md_implementation(md) : "?");
		md_free(md);
	}
}

static void cross_check_md(int *ok, int *bad)
{
#if defined(HAVE_OPENSSL) || defined(HAVE_LIBGCRYPT)
	uint8_t in[1000], a[128], o[128];

	for (size_t i = 0; i < sizeof in; i++)
		in[i] = (uint8_t)(i * 7 + 3);
#endif
#ifdef HAVE_OPENSSL
	for (size_t i = 0; i < NDIGESTS; i++) {
		md_ctx *md = md_get_instance(digests[i].jca);
		EVP_MD *emd = EVP_MD_fetch(NULL, digests[i].ossl, NULL);
		EVP_MD_CTX *ctx = EVP_MD_CTX_new();
		size_t len;

		if (!md || !emd || !ctx) {
			printf("# cross-check: %s missing\n", digests[i].jca);
			(*bad)++;
		} else {
			len = md_length(md);
			md_update(md, in, sizeof in);
			finish_md(md, a, len);
			EVP_DigestInit_ex(ctx, emd, NULL);
			EVP_DigestUpdate(ctx, in, sizeof in);
			o_final(ctx, o, len, digests[i].xof != 0);
			if (memcmp(a, o, len)) {
				printf("# cross-check: %s DIFFERS\n", digests[i].jca);
				(*bad)++;
			} else {
				(*ok)++;
			}
		}
		md_free(md);
		EVP_MD_CTX_free(ctx);
		EVP_MD_free(emd);
	}
#endif
#ifdef HAVE_LIBGCRYPT
	bench_gcry_init();
	for (size_t i = 0; i < NDIGESTS; i++) {
		int algo = gcry_md_map_name(digests[i].ossl);
		size_t len;

		if (!digests[i].gcry)
			continue;
		if (algo && gcry_md_get_algo_dlen(algo) <= sizeof o)
			gcry_md_hash_buffer(algo, o, in, sizeof in);
		if (!algo || md_oneshot(digests[i].jca, in, sizeof in, a, sizeof a, &len) != 0 ||
		    len != gcry_md_get_algo_dlen(algo) || memcmp(a, o, len)) {
			printf("# cross-check: %s (libgcrypt) DIFFERS\n", digests[i].jca);
			(*bad)++;
		} else {
			(*ok)++;
		}
	}
#endif
#if !defined(HAVE_OPENSSL) && !defined(HAVE_LIBGCRYPT)
	(void)ok;
	(void)bad;
#endif
}

const bench_family bench_family_md = { "MessageDigest", rows_md, impls_md, cross_check_md, NULL };
