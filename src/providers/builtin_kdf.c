/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The built-in provider's KDFs: PBKDF2 (RFC 8018 section 5.2) and HKDF
 * (RFC 5869), templates (JCA_KDF_OVER_MAC) over any Mac of the registry,
 * which they get by name through the public mac_* API, as an application
 * would. The Mac is keyed once per init (the password for PBKDF2, the PRK
 * for HKDF), so a PBKDF2 iteration costs the two compressions of its data
 * and no key schedule. See jca/provider.h (jca_kdf_impl) for the contract.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "jca/kdf.h"
#include "jca/mac.h"
#include "../util/error.h"

#define MAX_PRF 1024                   /* the registry refuses larger digests */
#define PRF_NAME 160

typedef struct mac_kdf {
	mac_ctx *mac;                      /* keyed: password (PBKDF2) or PRK (HKDF) */
	char prf[PRF_NAME];                /* the Mac's name, to reuse mac across inits */
	size_t hlen;
	unsigned mode;                     /* KDF_PBKDF2, KDF_HKDF_* */
	uint8_t *data;                     /* salt (PBKDF2), info (expand) or PRK (extract); owned */
	size_t data_len;
	uint64_t iterations;
} mac_kdf;

/* A refusal (JCA_KDF_*) or a failure (-1): the reason (the engine
 * prefixes the KDF's name), and the code. */
static int bad(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int bad(int code, const char *fmt, ...)
{
	char why[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	jca__set_impl_reason(why);
	return code;
}

/* A failure of the Mac: its own message becomes the reason (the engine
 * reports JCA_IMPL). */
static int mac_failed(int rc)
{
	(void)rc;
	jca__set_impl_reason(jca_last_error_message());
	return -1;
}

static void drop_data(mac_kdf *c)
{
	if (c->data) {
		jca__wipe(c->data, c->data_len);
		free(c->data);
	}
	c->data = NULL;
	c->data_len = 0;
}

static int keep(mac_kdf *c, const void *p, size_t n)
{
	c->data = malloc(n ? n : 1);
	if (!c->data)
		return bad(JCA_KDF_NO_MEMORY, "out of memory for %zu bytes of parameters", n);
	if (n)
		memcpy(c->data, p, n);
	c->data_len = n;
	return 0;
}

/* The Mac named by args->prf, kept from the last init if it is the same. */
static int get_mac(mac_kdf *c, const jca_kdf_args *a)
{
	if (!a->prf)
		return bad(JCA_KDF_BAD_PARAM, "no PRF given (a template needs args->prf)");
	if (c->mac && !strcmp(c->prf, a->prf))
		return 0;
	mac_free(c->mac);
	c->mac = mac_get_instance(a->prf);
	if (!c->mac) {
		c->prf[0] = 0;
		return bad(-1, "PRF %s: %s", a->prf, jca_last_error_message());
	}
	snprintf(c->prf, sizeof c->prf, "%s", a->prf);
	c->hlen = mac_length(c->mac);
	if (!c->hlen || c->hlen > MAX_PRF)
		return bad(JCA_KDF_BAD_PARAM, "PRF %s: length %zu (1 to %d)", a->prf, c->hlen, MAX_PRF);
	return 0;
}

/* Members the algorithm does not take must be zero. */
static int refuse_extra(const jca_kdf_args *a, const char *alg)
{
	if (a->key_len)
		return bad(JCA_KDF_BAD_PARAM, "%s takes no key", alg);
	if (a->cost)
		return bad(JCA_KDF_BAD_PARAM, "%s takes no cost", alg);
	if (a->block_size)
		return bad(JCA_KDF_BAD_PARAM, "%s takes no block size", alg);
	if (a->parallelism)
		return bad(JCA_KDF_BAD_PARAM, "%s takes no parallelism", alg);
	return 0;
}

static int pbkdf2_init(void *ctx, const jca_kdf_args *a)
{
	mac_kdf *c = ctx;
	int rc;

	drop_data(c);
	c->mode = 0;
	if (a->mode && a->mode != KDF_PBKDF2)
		return bad(JCA_KDF_BAD_PARAM, "mode %u does not apply (PBKDF2 names take KDF_PBKDF2, HKDF names the "
		           "KDF_HKDF_* modes)", a->mode);
	if (a->iterations < 1 || a->iterations > UINT32_MAX)
		return bad(JCA_KDF_BAD_PARAM, "iteration count %llu out of range (1 to 2^32-1)",
		           (unsigned long long)a->iterations);
	if (a->salt_len < 1)
		return bad(JCA_KDF_BAD_PARAM, "salt of %zu bytes, expected 1 to 2^30 (at least 16 random bytes "
		           "recommended)", a->salt_len);
	if (a->info_len)
		return bad(JCA_KDF_BAD_PARAM, "PBKDF2 takes no info");
	if ((rc = refuse_extra(a, "PBKDF2")) != 0 || (rc = get_mac(c, a)) != 0)
		return rc;
	if ((rc = mac_init(c->mac, a->secret, a->secret_len)) != 0)
		return mac_failed(rc);
	if ((rc = keep(c, a->salt, a->salt_len)) != 0)
		return rc;
	c->iterations = a->iterations;
	c->mode = KDF_PBKDF2;
	return 0;
}

/* T_i = U_1 xor ... xor U_c, U_1 = PRF(P, S || INT(i)), U_j = PRF(P, U_j-1). */
static int pbkdf2_derive(void *ctx, uint8_t *out, size_t out_len)
{
	mac_kdf *c = ctx;
	uint8_t u[MAX_PRF], t[MAX_PRF];
	size_t hl = c->hlen, done = 0, i;
	uint32_t block = 0;
	uint64_t j;
	int rc = 0;

	if ((out_len - 1) / hl >= UINT32_MAX)
		return bad(JCA_KDF_BAD_LENGTH, "output of %zu bytes, more than 2^32-1 blocks", out_len);
	while (done < out_len && rc == 0) {
		uint8_t be[4];
		size_t take = out_len - done < hl ? out_len - done : hl;

		block++;
		be[0] = (uint8_t)(block >> 24);
		be[1] = (uint8_t)(block >> 16);
		be[2] = (uint8_t)(block >> 8);
		be[3] = (uint8_t)block;
		rc = mac_update(c->mac, c->data, c->data_len);
		if (rc == 0)
			rc = mac_update(c->mac, be, 4);
		if (rc == 0)
			rc = mac_do_final(c->mac, u, hl, &(size_t){ 0 });
		memcpy(t, u, hl);
		for (j = 1; j < c->iterations && rc == 0; j++) {
			rc = mac_update(c->mac, u, hl);
			if (rc == 0)
				rc = mac_do_final(c->mac, u, hl, &(size_t){ 0 });
			for (i = 0; i < hl; i++)
				t[i] ^= u[i];
		}
		memcpy(out + done, t, take);
		done += take;
	}
	jca__wipe(u, hl);
	jca__wipe(t, hl);
	return rc ? mac_failed(rc) : 0;
}

/* PRK = HMAC(salt, ikm) into prk (hlen bytes). */
static int extract(mac_kdf *c, const jca_kdf_args *a, uint8_t *prk)
{
	int rc = mac_init(c->mac, a->salt, a->salt_len);

	if (rc == 0)
		rc = mac_update(c->mac, a->secret, a->secret_len);
	if (rc == 0)
		rc = mac_do_final(c->mac, prk, c->hlen, &(size_t){ 0 });
	return rc ? mac_failed(rc) : 0;
}

static int hkdf_init(void *ctx, const jca_kdf_args *a)
{
	mac_kdf *c = ctx;
	uint8_t prk[MAX_PRF];
	unsigned mode = a->mode ? a->mode : KDF_HKDF_EXTRACT_EXPAND;
	int rc;

	drop_data(c);
	c->mode = 0;
	if (mode != KDF_HKDF_EXTRACT && mode != KDF_HKDF_EXPAND && mode != KDF_HKDF_EXTRACT_EXPAND)
		return bad(JCA_KDF_BAD_PARAM, "mode %u does not apply (PBKDF2 names take KDF_PBKDF2, HKDF names the "
		           "KDF_HKDF_* modes)", a->mode);
	if (a->iterations)
		return bad(JCA_KDF_BAD_PARAM, "HKDF takes no iteration count");
	if (mode == KDF_HKDF_EXPAND && a->salt_len)
		return bad(JCA_KDF_BAD_PARAM, "HKDF-Expand takes no salt");
	if (mode == KDF_HKDF_EXTRACT && a->info_len)
		return bad(JCA_KDF_BAD_PARAM, "HKDF-Extract takes no info");
	if ((rc = refuse_extra(a, "HKDF")) != 0 || (rc = get_mac(c, a)) != 0)
		return rc;
	if (mode == KDF_HKDF_EXPAND) {
		if (a->secret_len < c->hlen)
			return bad(JCA_KDF_BAD_PARAM, "PRK of %zu bytes, at least HashLen = %zu", a->secret_len, c->hlen);
		if ((rc = mac_init(c->mac, a->secret, a->secret_len)) != 0)
			return mac_failed(rc);
		rc = keep(c, a->info, a->info_len);
	} else {
		if ((rc = extract(c, a, prk)) == 0) {
			if (mode == KDF_HKDF_EXTRACT) {
				rc = keep(c, prk, c->hlen);
			} else {
				rc = mac_init(c->mac, prk, c->hlen);
				rc = rc ? mac_failed(rc) : keep(c, a->info, a->info_len);
			}
		}
		jca__wipe(prk, c->hlen);
	}
	if (rc == 0)
		c->mode = mode;
	return rc;
}

/* T(n) = HMAC(PRK, T(n-1) || info || n); OKM = T(1) || T(2) || ... */
static int expand(mac_kdf *c, uint8_t *out, size_t out_len)
{
	uint8_t t[MAX_PRF];
	size_t hl = c->hlen, done = 0, tl = 0;
	uint8_t n = 0;
	int rc = 0;

	if (out_len > 255 * hl)
		return bad(JCA_KDF_BAD_LENGTH, "output of %zu bytes, expected 1 to 255 * HashLen = %zu", out_len, 255 * hl);
	while (done < out_len && rc == 0) {
		size_t take = out_len - done < hl ? out_len - done : hl;

		n++;
		rc = mac_update(c->mac, t, tl);
		if (rc == 0)
			rc = mac_update(c->mac, c->data, c->data_len);
		if (rc == 0)
			rc = mac_update(c->mac, &n, 1);
		if (rc == 0)
			rc = mac_do_final(c->mac, t, hl, &(size_t){ 0 });
		tl = hl;
		memcpy(out + done, t, take);
		done += take;
	}
	jca__wipe(t, hl);
	return rc ? mac_failed(rc) : 0;
}

static int hkdf_derive(void *ctx, uint8_t *out, size_t out_len)
{
	mac_kdf *c = ctx;

	if (c->mode != KDF_HKDF_EXTRACT)
		return expand(c, out, out_len);
	if (out_len != c->hlen)
		return bad(JCA_KDF_BAD_LENGTH, "HKDF-Extract writes exactly HashLen = %zu bytes, not %zu", c->hlen, out_len);
	memcpy(out, c->data, c->hlen);
	return 0;
}

/* The lifecycle: the context owns a Mac and a copy of salt/info/PRK. */
static int mac_kdf_copy(void *dst, const void *src)
{
	mac_kdf *d = dst;
	const mac_kdf *s = src;

	drop_data(d);
	mac_free(d->mac);
	memcpy(d, s, sizeof *d);
	d->data = NULL;
	d->mac = NULL;
	if (s->mac && !(d->mac = mac_clone(s->mac)))
		return -1;
	if (s->data && keep(d, s->data, s->data_len) != 0)
		return -1;
	return 0;
}

static void mac_kdf_cleanup(void *ctx)
{
	mac_kdf *c = ctx;

	drop_data(c);
	mac_free(c->mac);
	c->mac = NULL;
}

const jca_kdf_impl jca__pbkdf2_impl = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_kdf_impl, "pbkdf2", JCA_PRIO_GENERIC, NULL, sizeof(mac_kdf),
	                                NULL, mac_kdf_copy, mac_kdf_cleanup),
	.flags = JCA_KDF_OVER_MAC,
	.init = pbkdf2_init,
	.derive = pbkdf2_derive,
};
const jca_kdf_impl jca__hkdf_impl = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_kdf_impl, "hkdf", JCA_PRIO_GENERIC, NULL, sizeof(mac_kdf),
	                                NULL, mac_kdf_copy, mac_kdf_cleanup),
	.flags = JCA_KDF_OVER_MAC | JCA_KDF_HMAC_NAMES,
	.init = hkdf_init,
	.derive = hkdf_derive,
};
