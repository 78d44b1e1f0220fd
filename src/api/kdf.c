/* SPDX-License-Identifier: Apache-2.0 */
/* KDF engine: PBKDF2 (RFC 8018 5.2) and HKDF (RFC 5869) as templates over
 * any Mac of the registry, the way the Mac engine is one HMAC template
 * over any digest. See jca/kdf.h. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../registry/lookup.h"
#include "../registry/error.h"
#include "../util/mem.h"
#include "../util/ascii.h"

#define MAX_PRF 1024                   /* the registry refuses larger digests */
#define OUT_STACK 512                  /* outputs up to this size are derived on the stack */
#define MAX_DATA (1u << 30)
#define PBKDF2_PREFIX "PBKDF2With"
#define HKDF_PREFIX "HKDF-"
#define HKDFW_PREFIX "HKDFWith"

enum { KIND_PBKDF2 = 1, KIND_HKDF = 2 };

struct kdf_ctx {
	int kind;
	enum kdf_mode mode;                /* 0 until kdf_init succeeds */
	const jca__resolved *mac_r;
	mac_ctx *mac;                      /* keyed: password (PBKDF2) or PRK (HKDF) */
	size_t hlen;
	uint8_t *data;                     /* salt (PBKDF2), info (expand) or PRK (extract); owned */
	size_t data_len;
	uint64_t iterations;
	const struct jca_service *tmpl;    /* the template's service: PBKDF2 or HKDF */
	char name[160];
	char impl[200];                    /* "pbkdf2(hmac(sha256-shani))" */
};

static int has_prefix(const char *s, const char *prefix)
{
	return jca__name_eqn(s, prefix, strlen(prefix));
}

/* The KDF service of the template (policy may disable it; a provider may
 * be asked for), checked to be of the kind the name needs. */
static const jca__resolved *kdf_service(const char *alg, int kind, const char *provider)
{
	const jca__resolved *r = jca__lookup(JCA_KDF, alg, provider);
	const jca_kdf_impl *impl;

	if (!r)
		return NULL;
	impl = r->impl;
	if ((kind == KIND_PBKDF2) != (impl->kind == JCA_KDF_PBKDF2)) {
		jca__error(JCA_NOALG, "KDF \"%s\" of provider \"%s\" is not the %s template", alg,
		           jca_provider_name(jca_service_provider(r->svc)), alg);
		return NULL;
	}
	return r;
}

/* A handle: the template's kind and the resolved Mac under it. One per
 * pair ever resolved, interned in a list that only grows (pushed without
 * a lock; a duplicate from a race is harmless) and lives for the process:
 * handles stay valid as kdf.h promises, and the same name gives the same
 * handle. */
struct kdf_handle {
	const jca__resolved *mac;
	int kind;
	struct kdf_handle *next;
};

static _Atomic(struct kdf_handle *) handles;

static const kdf_handle *intern(const jca__resolved *mac, int kind)
{
	struct kdf_handle *h = atomic_load_explicit(&handles, memory_order_acquire), *n;

	for (; h; h = h->next)
		if (h->mac == mac && h->kind == kind)
			return h;
	n = malloc(sizeof *n);
	if (!n) {
		jca__error(JCA_ENOMEM, "out of memory resolving a KDF");
		return NULL;
	}
	n->mac = mac;
	n->kind = kind;
	n->next = atomic_load_explicit(&handles, memory_order_relaxed);
	while (!atomic_compare_exchange_weak_explicit(&handles, &n->next, n, memory_order_release,
	                                              memory_order_relaxed))
		;
	return n;
}

/* Name -> handle (kind, resolved Mac). */
static const kdf_handle *resolve(const char *name, const char *provider)
{
	const jca__resolved *r = NULL;
	char mac[140];
	int kind;

	if (!name) {
		jca__error(JCA_EINVAL, "KDF name is NULL");
		return NULL;
	}
	if (strlen(name) >= sizeof mac - 8) {
		jca__error(JCA_NOALG, "no provider offers KDF \"%.40s...\" (name too long)", name);
		return NULL;
	}
	if (has_prefix(name, PBKDF2_PREFIX) && name[strlen(PBKDF2_PREFIX)]) {
		kind = KIND_PBKDF2;
		if (!kdf_service("PBKDF2", kind, provider))
			return NULL;
		r = jca__lookup(JCA_MAC, name + strlen(PBKDF2_PREFIX), NULL);
	} else if (has_prefix(name, HKDFW_PREFIX) && name[strlen(HKDFW_PREFIX)]) {
		kind = KIND_HKDF;
		if (!kdf_service("HKDF", kind, provider))
			return NULL;
		r = jca__lookup(JCA_MAC, name + strlen(HKDFW_PREFIX), NULL);
	} else if (has_prefix(name, HKDF_PREFIX) && name[strlen(HKDF_PREFIX)]) {
		kind = KIND_HKDF;
		if (!kdf_service("HKDF", kind, provider))
			return NULL;
		snprintf(mac, sizeof mac, "Hmac%s", name + strlen(HKDF_PREFIX));
		r = jca__lookup(JCA_MAC, mac, NULL);
		if (!r && jca_last_error() == JCA_NOALG) {
			snprintf(mac, sizeof mac, "HMAC-%s", name + strlen(HKDF_PREFIX));
			r = jca__lookup(JCA_MAC, mac, NULL);
		}
	} else {
		jca__error(JCA_NOALG, "no provider offers KDF \"%s\" (expected PBKDF2With<Mac>, "
		           "HKDF-<digest> or HKDFWith<Mac>)", name);
		return NULL;
	}
	if (!r) {
		char why[200];

		snprintf(why, sizeof why, "%s", jca_last_error_message());
		jca__error(jca_last_error(), "KDF \"%s\": %s", name, why);
		return NULL;
	}
	return intern(r, kind);
}

static kdf_ctx *create(const kdf_handle *h)
{
	const jca__resolved *r = h->mac;
	int kind = h->kind;
	kdf_ctx *k;

	/* the template's service again: policy may have changed since lookup */
	const jca__resolved *t = kdf_service(kind == KIND_PBKDF2 ? "PBKDF2" : "HKDF", kind, NULL);

	if (!t)
		return NULL;
	k = calloc(1, sizeof *k);
	if (!k) {
		jca__error(JCA_ENOMEM, "out of memory creating a KDF");
		return NULL;
	}
	k->kind = kind;
	k->tmpl = t->svc;
	k->mac_r = r;
	k->mac = mac_new((const mac_handle *)r);
	if (!k->mac) {
		free(k);
		return NULL;
	}
	k->hlen = mac_length(k->mac);
	if (kind == KIND_PBKDF2)
		snprintf(k->name, sizeof k->name, "PBKDF2With%s", mac_algorithm(k->mac));
	else if (has_prefix(mac_algorithm(k->mac), "Hmac"))
		snprintf(k->name, sizeof k->name, "HKDF-%s", mac_algorithm(k->mac) + 4);
	else
		snprintf(k->name, sizeof k->name, "HKDFWith%s", mac_algorithm(k->mac));
	snprintf(k->impl, sizeof k->impl, "%s(%s)", t->svc->impl_name, mac_implementation(k->mac));
	return k;
}

kdf_ctx *kdf_get_instance(const char *name)
{
	const kdf_handle *h = resolve(name, NULL);

	return h ? create(h) : NULL;
}

kdf_ctx *kdf_get_instance_from(const char *name, const char *provider)
{
	const kdf_handle *h = provider ? resolve(name, provider) : NULL;

	if (!provider)
		jca__error(JCA_EINVAL, "KDF \"%s\": provider name is NULL", name ? name : "(null)");
	return h ? create(h) : NULL;
}

const kdf_handle *kdf_lookup(const char *name)
{
	return resolve(name, NULL);
}

kdf_ctx *kdf_new(const kdf_handle *h)
{
	if (!h) {
		jca__error(JCA_EINVAL, "KDF handle is NULL");
		return NULL;
	}
	return create(h);
}

static void drop(kdf_ctx *k)
{
	if (k->data) {
		jca__wipe(k->data, k->data_len);
		free(k->data);
	}
	k->data = NULL;
	k->data_len = 0;
	k->mode = 0;
	k->iterations = 0;
}

static int keep(kdf_ctx *k, const void *p, size_t n)
{
	k->data = malloc(n ? n : 1);
	if (!k->data)
		return jca__error(JCA_ENOMEM, "%s: out of memory", k->name);
	if (n)
		memcpy(k->data, p, n);
	k->data_len = n;
	return 0;
}

/* PRK = HMAC(salt, ikm) into prk (hlen bytes). */
static int extract(kdf_ctx *k, const kdf_params *p, uint8_t *prk)
{
	int rc = mac_init(k->mac, p->salt, p->salt_len);

	if (rc == 0)
		rc = mac_update(k->mac, p->secret, p->secret_len);
	if (rc == 0)
		rc = mac_do_final(k->mac, prk, k->hlen, &(size_t){ 0 });
	return rc < 0 ? rc : 0;
}

int kdf_init(kdf_ctx *k, const kdf_params *p)
{
	uint8_t prk[MAX_PRF];
	enum kdf_mode mode;
	int rc;

	if (!k || !p)
		return jca__error(JCA_EINVAL, "kdf_init: NULL %s", k ? "parameters" : "object");
	drop(k);
	mode = p->mode ? p->mode : k->kind == KIND_PBKDF2 ? KDF_PBKDF2 : KDF_HKDF_EXTRACT_EXPAND;
	if ((k->kind == KIND_PBKDF2) != (mode == KDF_PBKDF2) || mode > KDF_HKDF_EXTRACT_EXPAND)
		return jca__error(JCA_EINVAL, "%s: mode %d does not apply (PBKDF2 names take KDF_PBKDF2, "
		                  "HKDF names the KDF_HKDF_* modes)", k->name, (int)p->mode);
	if ((!p->secret && p->secret_len) || (!p->salt && p->salt_len) || (!p->info && p->info_len))
		return jca__error(JCA_EINVAL, "%s: NULL %s with a nonzero length", k->name,
		                  !p->secret && p->secret_len ? "secret" : !p->salt && p->salt_len ? "salt" : "info");
	if (mode == KDF_PBKDF2) {
		if (p->iterations < 1 || p->iterations > UINT32_MAX)
			return jca__error(JCA_EINVAL, "%s: iteration count %llu out of range (1 to 2^32-1)",
			                  k->name, (unsigned long long)p->iterations);
		if (p->salt_len < 1 || p->salt_len > MAX_DATA)
			return jca__error(JCA_EINVAL, "%s: salt of %zu bytes, expected 1 to 2^30 "
			                  "(at least 16 random bytes recommended)", k->name, p->salt_len);
		if (p->info_len)
			return jca__error(JCA_EINVAL, "%s: PBKDF2 takes no info", k->name);
		if ((rc = mac_init(k->mac, p->secret, p->secret_len)) != 0)
			return rc;
		if ((rc = keep(k, p->salt, p->salt_len)) != 0)
			return rc;
		k->iterations = p->iterations;
	} else {
		if (p->iterations)
			return jca__error(JCA_EINVAL, "%s: HKDF takes no iteration count", k->name);
		if (p->salt_len > MAX_DATA || p->info_len > MAX_DATA)
			return jca__error(JCA_EINVAL, "%s: %s longer than 2^30 bytes", k->name,
			                  p->salt_len > MAX_DATA ? "salt" : "info");
		if (mode == KDF_HKDF_EXPAND && (p->salt_len))
			return jca__error(JCA_EINVAL, "%s: HKDF-Expand takes no salt", k->name);
		if (mode == KDF_HKDF_EXTRACT && p->info_len)
			return jca__error(JCA_EINVAL, "%s: HKDF-Extract takes no info", k->name);
		if (mode == KDF_HKDF_EXPAND) {
			if (p->secret_len < k->hlen)
				return jca__error(JCA_EINVAL, "%s: PRK of %zu bytes, at least HashLen = %zu",
				                  k->name, p->secret_len, k->hlen);
			if ((rc = mac_init(k->mac, p->secret, p->secret_len)) != 0)
				return rc;
			if ((rc = keep(k, p->info, p->info_len)) != 0)
				return rc;
		} else {
			if ((rc = extract(k, p, prk)) != 0) {
				jca__wipe(prk, k->hlen);
				return rc;
			}
			if (mode == KDF_HKDF_EXTRACT) {
				rc = keep(k, prk, k->hlen);
			} else {
				rc = mac_init(k->mac, prk, k->hlen);
				if (rc == 0)
					rc = keep(k, p->info, p->info_len);
			}
			jca__wipe(prk, k->hlen);
			if (rc)
				return rc;
		}
	}
	k->mode = mode;
	return 0;
}

static int pbkdf2(kdf_ctx *k, uint8_t *out, size_t out_len)
{
	uint8_t u[MAX_PRF], t[MAX_PRF];
	size_t hl = k->hlen, done = 0, i;
	uint32_t block = 0;
	uint64_t j;
	int rc = 0;

	while (done < out_len && rc >= 0) {
		uint8_t be[4];
		size_t take = out_len - done < hl ? out_len - done : hl;

		block++;
		be[0] = (uint8_t)(block >> 24);
		be[1] = (uint8_t)(block >> 16);
		be[2] = (uint8_t)(block >> 8);
		be[3] = (uint8_t)block;
		rc = mac_update(k->mac, k->data, k->data_len);
		if (rc == 0)
			rc = mac_update(k->mac, be, 4);
		if (rc == 0)
			rc = mac_do_final(k->mac, u, hl, &(size_t){ 0 });
		memcpy(t, u, hl);
		for (j = 1; j < k->iterations && rc >= 0; j++) {
			rc = mac_update(k->mac, u, hl);
			if (rc == 0)
				rc = mac_do_final(k->mac, u, hl, &(size_t){ 0 });
			for (i = 0; i < hl; i++)
				t[i] ^= u[i];
		}
		memcpy(out + done, t, take);
		done += take;
	}
	jca__wipe(u, hl);
	jca__wipe(t, hl);
	if (rc < 0) {
		k->mode = 0;                       /* the Mac lost its key: init again */
		return rc;
	}
	return 0;
}

static int expand(kdf_ctx *k, uint8_t *out, size_t out_len)
{
	uint8_t t[MAX_PRF];
	size_t hl = k->hlen, done = 0, tl = 0;
	uint8_t n = 0;
	int rc = 0;

	while (done < out_len && rc >= 0) {
		size_t take = out_len - done < hl ? out_len - done : hl;

		n++;
		rc = mac_update(k->mac, t, tl);
		if (rc == 0)
			rc = mac_update(k->mac, k->data, k->data_len);
		if (rc == 0)
			rc = mac_update(k->mac, &n, 1);
		if (rc == 0)
			rc = mac_do_final(k->mac, t, hl, &(size_t){ 0 });
		tl = hl;
		memcpy(out + done, t, take);
		done += take;
	}
	jca__wipe(t, hl);
	if (rc < 0) {
		k->mode = 0;
		return rc;
	}
	return 0;
}

/* Derives into a buffer of its own, so that the caller's output is
 * written only on success (a Mac can fail at any block). */
static int derive(kdf_ctx *k, int (*fn)(kdf_ctx *, uint8_t *, size_t), void *out, size_t out_len)
{
	uint8_t stack[OUT_STACK], *buf = stack;
	int rc;

	if (out_len > sizeof stack && !(buf = malloc(out_len)))
		return jca__error(JCA_ENOMEM, "%s: out of memory for %zu bytes of output", k->name, out_len);
	rc = fn(k, buf, out_len);
	if (rc == 0)
		memcpy(out, buf, out_len);
	jca__wipe(buf, out_len);
	if (buf != stack)
		free(buf);
	return rc;
}

int kdf_derive(kdf_ctx *k, void *out, size_t out_len)
{
	if (!k || (!out && out_len))
		return jca__error(JCA_EINVAL, "kdf_derive: NULL %s", k ? "output" : "object");
	if (!k->mode)
		return jca__error(JCA_NOTINIT, "kdf_derive: %s is not initialised (call kdf_init)", k->name);
	switch (k->mode) {
	case KDF_PBKDF2:
		if (out_len < 1 || out_len > MAX_DATA || (out_len - 1) / k->hlen >= UINT32_MAX)
			return jca__error(JCA_OUTLEN, "%s: output of %zu bytes, expected 1 to 2^30", k->name, out_len);
		return derive(k, pbkdf2, out, out_len);
	case KDF_HKDF_EXTRACT:
		if (out_len != k->hlen)
			return jca__error(JCA_OUTLEN, "%s: HKDF-Extract writes exactly HashLen = %zu bytes, not %zu",
			                  k->name, k->hlen, out_len);
		memcpy(out, k->data, k->hlen);
		return 0;
	default:
		if (out_len < 1 || out_len > 255 * k->hlen)
			return jca__error(JCA_OUTLEN, "%s: output of %zu bytes, expected 1 to 255 * HashLen = %zu",
			                  k->name, out_len, 255 * k->hlen);
		return derive(k, expand, out, out_len);
	}
}

int kdf_reset(kdf_ctx *k)
{
	if (!k)
		return jca__error(JCA_EINVAL, "kdf_reset: NULL object");
	if (!k->mode)
		return jca__error(JCA_NOTINIT, "kdf_reset: %s is not initialised (call kdf_init)", k->name);
	return 0;                          /* no input is held between calls */
}

kdf_ctx *kdf_clone(const kdf_ctx *k)
{
	kdf_ctx *c;

	if (!k) {
		jca__error(JCA_EINVAL, "kdf_clone: NULL object");
		return NULL;
	}
	c = malloc(sizeof *c);
	if (!c) {
		jca__error(JCA_ENOMEM, "out of memory cloning %s", k->name);
		return NULL;
	}
	memcpy(c, k, sizeof *c);
	c->data = NULL;
	c->mac = mac_clone(k->mac);
	if (!c->mac || (k->data && keep(c, k->data, k->data_len) != 0)) {
		mac_free(c->mac);
		jca__wipe(c, sizeof *c);
		free(c);
		return NULL;
	}
	return c;
}

const char *kdf_provider(const kdf_ctx *k)
{
	return k ? jca_provider_name(jca_service_provider(k->tmpl)) : NULL;
}

const char *kdf_implementation(const kdf_ctx *k)
{
	return k ? k->impl : NULL;
}

const char *kdf_algorithm(const kdf_ctx *k)
{
	return k ? k->name : NULL;
}

size_t kdf_prf_length(const kdf_ctx *k)
{
	return k ? k->hlen : 0;
}

void kdf_free(kdf_ctx *k)
{
	if (!k)
		return;
	drop(k);
	mac_free(k->mac);
	jca__wipe(k, sizeof *k);
	free(k);
}
