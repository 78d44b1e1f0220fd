/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca-bench rows: the AEAD tables (AESGCM; ChaCha20Poly1305 once libjca has
 * it) through libjca and every peer built in (OpenSSL 3 EVP, libgcrypt,
 * Nettle: aead_*.c), and AES-CTR (AESCTR) through libjca and OpenSSL, at
 * 64 B, 1 KiB, 16 KiB and 1 MiB.
 *
 * One AEAD op is a whole message with the key already loaded: the IV, 16
 * bytes of AAD, the data, the 16-byte tag. Sealing takes the next IV of a
 * counter each time (libjca must refuse a repeated one); opening goes
 * round a ring of messages sealed at setup under different IVs (8, or 1
 * at 1 MiB), checks the tag and writes the plaintext.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aead.h"
#include "bench.h"

#ifdef HAVE_OPENSSL
#include <openssl/evp.h>
#endif

/* ---- the AEAD libraries --------------------------------------------- */

extern const aead_lib aead_jca, aead_ossl, aead_gcry, aead_nettle;

/* libjca first: its row is the one the peers' rows are paired with. */
const aead_lib *const aead_libs[] = {
	&aead_jca,
#ifdef HAVE_OPENSSL
	&aead_ossl,
#endif
#ifdef HAVE_LIBGCRYPT
	&aead_gcry,
#endif
#ifdef HAVE_NETTLE
	&aead_nettle,
#endif
	NULL,
};

const char *const aead_missing[] = {
#ifndef HAVE_OPENSSL
	"OpenSSL (libcrypto >= 3.0 not found by configure)",
#endif
#ifndef HAVE_LIBGCRYPT
	"libgcrypt (not found by configure: apt-get install libgcrypt20-dev)",
#endif
#ifndef HAVE_NETTLE
	"Nettle (not found by configure: apt-get install nettle-dev)",
#endif
	NULL,
};

/* The AEAD tables: one line per algorithm. A row set appears when libjca
 * has the algorithm (aead_jca.c names it). */
static const struct aead_table {
	int alg;
	const char *group;
} aead_tables[] = {
	{ AEAD_AES128_GCM, "AESGCM" },
	{ AEAD_AES256_GCM, "AESGCM" },
	{ AEAD_CHACHA20_POLY1305, "ChaCha20Poly1305" },
};
#define NTABLES (sizeof aead_tables / sizeof aead_tables[0])
#define MAXLIBS 4

#define RING 8

/* A row's state: s->obj[0]. */
struct aead_row {
	const aead_lib *lib;
	void *ctx;
	size_t nmsg;                  /* opening: messages in the ring */
	uint8_t aad[AEAD_AAD];
	uint8_t iv[RING][AEAD_IV];
	uint8_t *msg;                 /* sealing: the output; opening: the ring */
};

#define AROW(s) ((struct aead_row *)(s)->obj[0])

/* Advances the 12-byte IV (a counter in its first 8 bytes). */
static void next_iv(state *s)
{
	for (int i = 0; i < 8 && ++s->iv[i] == 0; i++)
		;
}

static void setup_aead(state *s)
{
	struct aead_row *a = calloc(1, sizeof *a);
	size_t len = s->p->len;

	if (!a)
		exit(1);
	s->obj[0] = a;
	a->lib = s->p->ops;
	memset(a->aad, 0xa5, sizeof a->aad);
	memset(s->iv, 0x3c, sizeof s->iv);
	if (!(a->ctx = a->lib->new_ctx(s->p->aead, s->key))) {
		fprintf(stderr, "jca-bench: %s has no such AEAD\n", lib_name(a->lib->lib));
		exit(1);
	}
	a->nmsg = s->p->enc ? 1 : len <= 16384 ? RING : 1;
	a->msg = xalloc(a->nmsg * (len + AEAD_TAG));
	for (size_t r = 0; !s->p->enc && r < a->nmsg; r++) {
		memset(a->iv[r], 0x5a, AEAD_IV);
		a->iv[r][0] = (uint8_t)r;
		if (a->lib->seal(a->ctx, a->iv[r], a->aad, s->in, len, a->msg + r * (len + AEAD_TAG)) != 0 ||
		    a->lib->open(a->ctx, a->iv[r], a->aad, a->msg + r * (len + AEAD_TAG), len, s->out) != 0 ||
		    memcmp(s->out, s->in, len))
			die_jca("AEAD setup");
	}
}

static void teardown_aead(state *s)
{
	struct aead_row *a = AROW(s);

	a->lib->free_ctx(a->ctx);
	free(a->msg);
	free(a);
}

static void run_seal(state *s, uint64_t n)
{
	struct aead_row *a = AROW(s);
	size_t len = s->p->len;

	for (uint64_t i = 0; i < n; i++) {
		next_iv(s);
		if (a->lib->seal(a->ctx, s->iv, a->aad, s->in, len, a->msg) != 0)
			die_jca("AEAD seal");
	}
}

static void run_open(state *s, uint64_t n)
{
	struct aead_row *a = AROW(s);
	size_t len = s->p->len, r = 0;

	for (uint64_t i = 0; i < n; i++) {
		if (a->lib->open(a->ctx, a->iv[r], a->aad, a->msg + r * (len + AEAD_TAG), len, s->out) != 0)
			die_jca("AEAD open");
		if (++r == a->nmsg)
			r = 0;
	}
}

/* The kinds of AEAD rows, per (group, library, direction), filled from
 * aead_libs when the rows are made. */
static kind aead_kinds[NTABLES][MAXLIBS][2];

static void rows_aead(void)
{
	static const size_t lens[] = { 64, 1024, 16384, 1048576 };

	for (size_t t = 0; t < NTABLES; t++) {
		int alg = aead_tables[t].alg;
		const char *jname = aead_jca_name(alg);

		if (!jname)
			continue;      /* no libjca row to pair the peers with yet */
		for (int l = 0; l < MAXLIBS && aead_libs[l]; l++) {
			for (int enc = 0; enc < 2; enc++)
				aead_kinds[t][l][enc] = (kind){ aead_tables[t].group, enc ? "encrypt" : "decrypt",
				                                aead_libs[l]->lib, 0, 1,
				                                enc ? aead_libs[l]->seal_does : aead_libs[l]->open_does,
				                                setup_aead, enc ? run_seal : run_open, teardown_aead };
		}
		for (int enc = 1; enc >= 0; enc--) {
			for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
				int j = -1;

				for (int l = 0; l < MAXLIBS && aead_libs[l]; l++) {
					param p = { .alg = jname, .len = lens[i], .keylen = aead_key_len(alg), .enc = enc,
					            .aead = alg, .ops = aead_libs[l] };
					int k = add_row(&aead_kinds[t][l][enc], p, j);

					if (l == 0)
						j = k;
				}
			}
		}
	}
}

/* Every library seals what the first one (libjca where it has the
 * algorithm) seals, opens its message, and refuses it with a changed tag. */
static void cross_check_aead(int *ok, int *bad)
{
	uint8_t in[100], key[32], iv[AEAD_IV], aad[AEAD_AAD], ref[sizeof in + AEAD_TAG];
	uint8_t mine[sizeof ref], pt[sizeof in];

	for (size_t i = 0; i < sizeof in; i++)
		in[i] = (uint8_t)(i * 5 + 1);
	for (size_t i = 0; i < sizeof key; i++)
		key[i] = (uint8_t)(i + 7);
	memset(iv, 0x42, sizeof iv);
	memset(aad, 0x17, sizeof aad);
	for (size_t t = 0; t < NTABLES; t++) {
		int alg = aead_tables[t].alg, have_ref = 0;

		for (int l = 0; aead_libs[l]; l++) {
			const aead_lib *L = aead_libs[l];
			void *ctx = L->new_ctx(alg, key);
			int good;

			if (!ctx)
				continue;
			good = L->seal(ctx, iv, aad, in, sizeof in, mine) == 0;
			if (good && !have_ref) {
				memcpy(ref, mine, sizeof ref);
				have_ref = 1;
				L->free_ctx(ctx);
				continue;
			}
			good = good && !memcmp(mine, ref, sizeof ref) &&
			       L->open(ctx, iv, aad, ref, sizeof in, pt) == 0 && !memcmp(pt, in, sizeof in);
			ref[sizeof ref - 1] ^= 1;
			good = good && L->open(ctx, iv, aad, ref, sizeof in, pt) != 0;
			ref[sizeof ref - 1] ^= 1;
			L->free_ctx(ctx);
			if (good) {
				(*ok)++;
			} else {
				printf("# cross-check: %s %s DIFFERS or failed\n", aead_tables[t].group, lib_name(L->lib));
				(*bad)++;
			}
		}
	}
}

static void notes_aead(void)
{
	printf("# AEAD peers:");
	for (int l = 1; aead_libs[l]; l++)
		printf("%s %s", l > 1 ? "," : "", aead_libs[l]->version());
	if (!aead_libs[1])
		printf(" none");
	printf("\n");
	for (int i = 0; aead_missing[i]; i++)
		printf("# AEAD rows left out: %s\n", aead_missing[i]);
}

/* ---- AES-CTR: libjca and OpenSSL ------------------------------------- */

#define CIP(s) ((cipher_ctx *)(s)->obj[0])
#define ECIP(s) ((EVP_CIPHER *)(s)->oobj[0])
#define CCTX(s) ((EVP_CIPHER_CTX *)(s)->oobj[1])

static void setup_ctr(state *s)
{
	cipher_ctx *c = cipher_get_instance(s->p->alg);

	if (!c)
		die_jca("cipher_get_instance");
	s->obj[0] = c;
	memset(s->iv, 0x3c, sizeof s->iv);
	if (cipher_init(c, JCA_ENCRYPT, s->key, s->p->keylen, s->iv, 16) < 0)
		die_jca("cipher_init");
}

static void teardown_ctr(state *s)
{
	cipher_free(CIP(s));
}

static void run_ctr(state *s, uint64_t n)
{
	size_t len = s->p->len, got;

	for (uint64_t i = 0; i < n; i++) {
		if (cipher_do_final(CIP(s), s->in, len, s->out, len, &got) < 0 || got != len)
			die_jca("CTR");
	}
}

#ifdef HAVE_OPENSSL
static void setup_o_ctr(state *s)
{
	EVP_CIPHER *cip = EVP_CIPHER_fetch(NULL, s->p->oalg, NULL);
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();

	s->oobj[0] = cip;
	s->oobj[1] = ctx;
	memset(s->iv, 0x3c, sizeof s->iv);
	if (!cip || !ctx || !EVP_CipherInit_ex(ctx, cip, NULL, s->key, s->iv, 1))
		die_ossl("EVP_CIPHER_fetch/EVP_CipherInit_ex");
}

static void teardown_o_ctr(state *s)
{
	EVP_CIPHER_CTX_free(CCTX(s));
	EVP_CIPHER_free(ECIP(s));
}

static void run_o_ctr(state *s, uint64_t n)
{
	EVP_CIPHER_CTX *ctx = CCTX(s);
	int len = (int)s->p->len, a, b;

	for (uint64_t i = 0; i < n; i++) {
		if (!EVP_CipherInit_ex(ctx, NULL, NULL, NULL, s->iv, -1) ||
		    !EVP_CipherUpdate(ctx, s->out, &a, s->in, len) || !EVP_CipherFinal_ex(ctx, s->out + a, &b))
			die_ossl("CTR");
	}
}
#endif

static const kind K_ctr_enc = { "AESCTR", "encrypt", LIB_JCA, 0, 1,
	"cipher_do_final(len bytes) on a reused AES/CTR/NoPadding instance (back at its IV after each)",
	setup_ctr, run_ctr, teardown_ctr };
#ifdef HAVE_OPENSSL
static const kind O_ctr_enc = { "AESCTR", "encrypt", LIB_OSSL, 0, 1,
	"EVP_CipherInit_ex(iv only) + EVP_CipherUpdate(len) + EVP_CipherFinal_ex", setup_o_ctr, run_o_ctr,
	teardown_o_ctr };
#endif

static void rows_gcm(void)
{
	static const size_t lens[] = { 64, 1024, 16384, 1048576 };
	param p;
	int j;

	rows_aead();
	for (int key = 16; key <= 32; key += 16) {
		for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
			p = (param){ .alg = key == 16 ? "AES_128/CTR/NoPadding" : "AES_256/CTR/NoPadding",
			             .oalg = key == 16 ? "AES-128-CTR" : "AES-256-CTR",
			             .len = lens[l], .keylen = (size_t)key, .enc = 1 };
			j = add_row(&K_ctr_enc, p, -1);
			ADD_OSSL(&O_ctr_enc, p, j);
		}
	}
}

static void impls_gcm(void (*item)(const char *name, const char *impl))
{
	cipher_ctx *c = cipher_get_instance("AES/GCM/NoPadding");

	item("AES/GCM,CTR", c ? cipher_implementation(c) : "?");
	cipher_free(c);
}

const bench_family bench_family_gcm = { "GCM", rows_gcm, impls_gcm, cross_check_aead, notes_aead };
