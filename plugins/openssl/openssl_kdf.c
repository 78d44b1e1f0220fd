/* SPDX-License-Identifier: Apache-2.0 */
/*
 * openssl_kdf.c - the OpenSSL bridge's KDF: scrypt (RFC 7914) through
 * EVP_KDF "SCRYPT", under OpenSSL's name. kdf_params: secret = the
 * password P, salt = S, cost = N (a power of 2, at least 2; N < 2^(16 r)),
 * block_size = r, parallelism = p (r * p < 2^30); nothing else. The
 * memory scrypt needs, 128 * r * (N + 2 + p) bytes, must stay within
 * OpenSSL's default limit of 1025 MiB (a larger request is refused with
 * JCA_EINVAL at kdf_init, naming the figure).
 *
 * The context keeps a copy of password and salt (wiped by cleanup) and
 * the numbers; derive hands them to EVP_KDF_derive on an EVP_KDF_CTX of
 * its own. (OpenSSL 3.0's scrypt cannot duplicate a context: copy makes a
 * new one from the copies.)
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include <jca/plugin.h>
#include <jca/kdf.h>

#include "openssl_bridge.h"

#define SCRYPT_MAXMEM ((uint64_t)1025 * 1024 * 1024)   /* OpenSSL's default maxmem_bytes */

static EVP_KDF *evp_scrypt;

typedef struct scrypt_ctx {
	EVP_KDF_CTX *kctx;
	uint8_t *data;                     /* password || salt, owned */
	size_t pw_len, salt_len;
	uint64_t n, r, p;
} scrypt_ctx;

static void drop(scrypt_ctx *c)
{
	if (c->data)
		OPENSSL_clear_free(c->data, c->pw_len + c->salt_len);
	c->data = NULL;
	c->pw_len = c->salt_len = 0;
}

/* A copy of data (n bytes; NULL: only the room) into c, and a context
 * of its own if it has none. */
static int keep(scrypt_ctx *c, const uint8_t *data, size_t n)
{
	if (!c->kctx && !(c->kctx = EVP_KDF_CTX_new(evp_scrypt)))
		return ossl__failed("EVP_KDF_CTX_new");
	if (!(c->data = OPENSSL_malloc(n ? n : 1)))
		return ossl__failed("OPENSSL_malloc");
	if (data && n)
		memcpy(c->data, data, n);
	return 0;
}

/* A refused parameter: the reason for the engine (which names the KDF). */
static int refuse(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int refuse(const char *fmt, ...)
{
	char why[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	if (ossl__set_error)
		ossl__set_error(why);
	return JCA_KDF_BAD_PARAM;
}

static int scrypt_init(void *ctx, const jca_kdf_args *a)
{
	scrypt_ctx *c = ctx;
	uint64_t n = a->cost, r = a->block_size, p = a->parallelism;

	if (a->mode != KDF_DEFAULT)
		return refuse("mode %u does not apply (scrypt takes KDF_DEFAULT)", a->mode);
	if (a->iterations || a->info_len || a->key_len)
		return refuse("scrypt takes no %s", a->iterations ? "iteration count (the cost is N)" :
		              a->info_len ? "info" : "key");
	if (n < 2 || (n & (n - 1)))
		return refuse("cost N = %llu: a power of 2, at least 2", (unsigned long long)n);
	if (r < 1)
		return refuse("block size r = 0: at least 1");
	if (p < 1)
		return refuse("parallelism p = 0: at least 1");
	if (r * p >= (1u << 30))
		return refuse("r * p = %llu * %llu: must be below 2^30", (unsigned long long)r, (unsigned long long)p);
	if (r < 4 && n >> (16 * r))
		return refuse("cost N = %llu: must be below 2^(16 r) = 2^%llu", (unsigned long long)n,
		              (unsigned long long)(16 * r));
	if (n > SCRYPT_MAXMEM / 128 / r || 128 * r * (n + 2 + p) > SCRYPT_MAXMEM)
		return refuse("N = %llu, r = %llu: needs more memory than OpenSSL's limit of 1025 MiB",
		              (unsigned long long)n, (unsigned long long)r);
	drop(c);
	if (keep(c, NULL, a->secret_len + a->salt_len) != 0)
		return -1;
	if (a->secret_len)
		memcpy(c->data, a->secret, a->secret_len);
	if (a->salt_len)
		memcpy(c->data + a->secret_len, a->salt, a->salt_len);
	c->pw_len = a->secret_len;
	c->salt_len = a->salt_len;
	c->n = n;
	c->r = r;
	c->p = p;
	return 0;
}

static int scrypt_derive(void *ctx, uint8_t *out, size_t out_len)
{
	scrypt_ctx *c = ctx;
	OSSL_PARAM params[6], *q = params;

	*q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, c->data, c->pw_len);
	*q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, c->data + c->pw_len, c->salt_len);
	*q++ = OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_SCRYPT_N, &c->n);
	*q++ = OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_SCRYPT_R, &c->r);
	*q++ = OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_SCRYPT_P, &c->p);
	*q = OSSL_PARAM_construct_end();
	if (EVP_KDF_derive(c->kctx, out, out_len, params) != 1)
		return ossl__failed_why("EVP_KDF_derive (scrypt) failed");
	return 0;
}

static int scrypt_copy(void *dst, const void *src)
{
	scrypt_ctx *d = dst;
	const scrypt_ctx *s = src;

	drop(d);
	if (keep(d, s->data, s->pw_len + s->salt_len) != 0)
		return -1;
	d->pw_len = s->pw_len;
	d->salt_len = s->salt_len;
	d->n = s->n;
	d->r = s->r;
	d->p = s->p;
	return 0;
}

static void scrypt_cleanup(void *ctx)
{
	scrypt_ctx *c = ctx;

	drop(c);
	EVP_KDF_CTX_free(c->kctx);
	c->kctx = NULL;
}

static const jca_kdf_impl scrypt_impl = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_kdf_impl, "scrypt-openssl", JCA_PRIO_GENERIC, NULL, sizeof(scrypt_ctx),
	                                NULL, scrypt_copy, scrypt_cleanup),
	.init = scrypt_init,
	.derive = scrypt_derive,
};
static const jca_impl *const scrypt_impls[] = { &scrypt_impl.base, NULL };

/* Known answer: the host's (src/api/kdf_kat.c, RFC 7914). */
static const jca_attr scrypt_attrs[] = {
	{ "Parameters", "cost=N|block_size=r|parallelism=p" },
	{ "ImplementedIn", "Software" },
	{ NULL, NULL }
};
const jca_service_desc ossl__svc_scrypt = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_KDF, .algorithm = "SCRYPT",
	.attributes = scrypt_attrs, .impls = scrypt_impls
};

int ossl__kdf_load(void)
{
	if (!(evp_scrypt = EVP_KDF_fetch(NULL, "SCRYPT", NULL))) {
		ossl__fetch_failed("KDF", "SCRYPT");
		return -1;
	}
	return 0;
}

void ossl__kdf_free(void)
{
	EVP_KDF_free(evp_scrypt);
	evp_scrypt = NULL;
}
