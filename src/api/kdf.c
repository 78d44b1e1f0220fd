/* SPDX-License-Identifier: Apache-2.0 */
/* KDF engine over jca_kdf_impl (jca/provider.h): names (a KDF's own, or a
 * template's "<T>With<Mac>" and "<T>-<digest>"), the checks common to
 * every KDF, output written only on success, and the instance lifecycle.
 * The algorithms are the providers' (the built-in PBKDF2 and HKDF are in
 * src/providers/builtin_kdf.c). See jca/kdf.h. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../registry/lookup.h"
#include "../util/error.h"
#include "../util/mem.h"
#include "../util/ascii.h"

#define OUT_STACK 512                  /* outputs up to this size are derived on the stack */
#define MAX_DATA (1u << 30)
#define NAME_MAX_LEN 140

struct kdf_ctx {
	const jca_kdf_impl *impl;
	const struct jca_service *svc;
	int ready;                         /* init succeeded (and derive has not failed since) */
	size_t hlen;                       /* HashLen of a template's Mac, else 0 */
	char prf[NAME_MAX_LEN];            /* a template's Mac ("HmacSHA256"), else "" */
	char name[300];                    /* "PBKDF2WithHmacSHA256", "SCRYPT" */
	char impl_name[300];               /* "pbkdf2(hmac(sha256-shani))", "scrypt-openssl" */
	_Alignas(16) unsigned char state[];
};

/* A handle: the KDF service's name and, for a template, the resolved Mac
 * under it with what the engine shows of it. One per pair ever resolved,
 * interned in a list that only grows (pushed without a lock; a duplicate
 * from a race is harmless) and lives for the process: handles stay valid
 * as kdf.h promises, and the same name gives the same handle. */
struct kdf_handle {
	char alg[NAME_MAX_LEN];            /* the KDF service ("PBKDF2", "SCRYPT") */
	const mac_handle *mac;             /* NULL for a KDF that is not a template */
	size_t hlen;
	char prf[NAME_MAX_LEN];
	char mac_impl[NAME_MAX_LEN];
	char name[300];
	struct kdf_handle *next;
};

static _Atomic(struct kdf_handle *) handles;

static const jca_kdf_impl *kdf_impl(const jca__resolved *r)
{
	return r->impl;
}

static const kdf_handle *intern(const jca__resolved *r, const mac_handle *mh, int hmac_form)
{
	struct kdf_handle *h = atomic_load_explicit(&handles, memory_order_acquire), *n;
	mac_ctx *m = NULL;

	for (; h; h = h->next)
		if (h->mac == mh && jca__name_eq(h->alg, r->svc->algorithm))
			return h;
	n = calloc(1, sizeof *n);
	if (!n) {
		jca__error(JCA_ENOMEM, "out of memory resolving a KDF");
		return NULL;
	}
	snprintf(n->alg, sizeof n->alg, "%s", r->svc->algorithm);
	n->mac = mh;
	if (mh) {
		/* what the engine shows of the Mac: its name, length and implementation */
		if (!(m = mac_new(mh))) {
			free(n);
			return NULL;
		}
		n->hlen = mac_length(m);
		snprintf(n->prf, sizeof n->prf, "%s", mac_algorithm(m));
		snprintf(n->mac_impl, sizeof n->mac_impl, "%s", mac_implementation(m));
		mac_free(m);
		if (hmac_form && jca__name_eqn(n->prf, "Hmac", 4) && n->prf[4])
			snprintf(n->name, sizeof n->name, "%s-%s", n->alg, n->prf + 4);
		else
			snprintf(n->name, sizeof n->name, "%sWith%s", n->alg, n->prf);
	} else {
		snprintf(n->name, sizeof n->name, "%s", n->alg);
	}
	n->next = atomic_load_explicit(&handles, memory_order_relaxed);
	while (!atomic_compare_exchange_weak_explicit(&handles, &n->next, n, memory_order_release,
	                                              memory_order_relaxed))
		;
	return n;
}

/* Re-labels the last error with the name asked for (keeping all of it:
 * the lookup's suggestions and failed providers). */
static void blame(const char *name)
{
	char why[JCA__MSG_MAX - NAME_MAX_LEN - 16];

	snprintf(why, sizeof why, "%s", jca_last_error_message());
	jca__error(jca_last_error(), "KDF \"%s\": %s", name, why);
}

/* The KDF service named by the first len bytes of name if it is a
 * template with the flag, else NULL: *stop is set when the lookup failed
 * for another reason than an unknown name (no such provider, policy). */
static const jca__resolved *template_of(const char *name, size_t len, unsigned flag, const char *provider,
                                        int *stop)
{
	char t[NAME_MAX_LEN];
	const jca__resolved *r;

	snprintf(t, sizeof t, "%.*s", (int)len, name);
	r = jca__lookup(JCA_KDF, t, provider);
	if (!r) {
		*stop = jca_last_error() != JCA_NOALG;
		return NULL;
	}
	return kdf_impl(r)->flags & flag ? r : NULL;
}

/* The first "With" (any case) with text on both sides, or NULL. */
static const char *find_with(const char *name)
{
	const char *p;

	for (p = name + 1; p[0] && p[1] && p[2] && p[3]; p++)
		if (jca__name_eqn(p, "With", 4) && p[4])
			return p;
	return NULL;
}

/* The Mac of an "<T>-<digest>" name: HMAC over the digest. */
static const mac_handle *hmac_of(const char *digest)
{
	char mac[NAME_MAX_LEN];
	const mac_handle *mh;

	snprintf(mac, sizeof mac, "Hmac%s", digest);
	mh = mac_lookup(mac);
	if (!mh && jca_last_error() == JCA_NOALG) {
		snprintf(mac, sizeof mac, "HMAC-%s", digest);
		mh = mac_lookup(mac);
	}
	return mh;
}

/* Name -> handle, and the KDF service it names (from provider, if set).
 * A template's forms are tried first, by their prefix (which the first
 * providers answer, so a plugin configured later is not loaded for
 * PBKDF2WithHmacSHA256); then the name as a KDF of its own. */
static const kdf_handle *resolve(const char *name, const char *provider, const jca__resolved **rp)
{
	const jca__resolved *r = NULL;
	const mac_handle *mh = NULL;
	const char *with, *dash;
	int stop = 0, hmac_form = 0;

	if (!name) {
		jca__error(JCA_EINVAL, "KDF name is NULL");
		return NULL;
	}
	if (strlen(name) >= NAME_MAX_LEN - 8) {
		jca__error(JCA_NOALG, "no provider offers KDF \"%.40s...\" (name too long)", name);
		return NULL;
	}
	if ((with = find_with(name)) &&
	    (r = template_of(name, (size_t)(with - name), JCA_KDF_OVER_MAC, provider, &stop))) {
		hmac_form = (kdf_impl(r)->flags & JCA_KDF_HMAC_NAMES) != 0;
		if (!(mh = mac_lookup(with + 4))) {
			blame(name);
			return NULL;
		}
	} else if (!stop && (dash = strchr(name + 1, '-')) && dash[1] &&
	           (r = template_of(name, (size_t)(dash - name), JCA_KDF_HMAC_NAMES, provider, &stop))) {
		hmac_form = 1;
		if (!(mh = hmac_of(dash + 1))) {
			blame(name);
			return NULL;
		}
	} else if (stop) {
		blame(name);
		return NULL;
	} else if (!(r = jca__lookup(JCA_KDF, name, provider))) {
		if (jca_last_error() == JCA_NOALG) {
			char why[JCA__MSG_MAX];

			/* the lookup's words (suggestions, failed providers), and the forms */
			snprintf(why, sizeof why, "%s", jca_last_error_message());
			jca__error(JCA_NOALG, "%s (expected a KDF's name, PBKDF2With<Mac>, HKDF-<digest> or HKDFWith<Mac>)",
			           why);
		}
		return NULL;
	} else if (kdf_impl(r)->flags & JCA_KDF_OVER_MAC) {
		if (kdf_impl(r)->flags & JCA_KDF_HMAC_NAMES)
			jca__error(JCA_NOALG, "KDF \"%s\" is a template over a Mac: name it %sWith<Mac> or "
			           "%s-<digest>", name, r->svc->algorithm, r->svc->algorithm);
		else
			jca__error(JCA_NOALG, "KDF \"%s\" is a template over a Mac: name it %sWith<Mac>", name,
			           r->svc->algorithm);
		return NULL;
	}
	*rp = r;
	return intern(r, mh, hmac_form);
}

static kdf_ctx *create(const kdf_handle *h, const jca__resolved *r)
{
	const jca_kdf_impl *impl = kdf_impl(r);
	kdf_ctx *k;

	if (!(impl->flags & JCA_KDF_OVER_MAC) != !h->mac) {
		jca__error(JCA_NOALG, "KDF \"%s\": the service %s of provider \"%s\" %s a template", h->name,
		           r->svc->algorithm, r->svc->provider_name, h->mac ? "is not" : "is");
		return NULL;
	}
	k = jca__alloc(sizeof *k + impl->base.ctx_size);
	if (!k) {
		jca__error(JCA_ENOMEM, "out of memory creating KDF \"%s\"", h->name);
		return NULL;
	}
	memset(k, 0, sizeof *k);
	k->impl = impl;
	k->svc = r->svc;
	k->hlen = h->hlen;
	memcpy(k->prf, h->prf, sizeof k->prf);
	memcpy(k->name, h->name, sizeof k->name);
	if (h->mac)
		snprintf(k->impl_name, sizeof k->impl_name, "%s(%s)", impl->base.name, h->mac_impl);
	else
		snprintf(k->impl_name, sizeof k->impl_name, "%s", impl->base.name);
	if (jca__ctx_open(r->svc, &impl->base, k->state) != 0) {
		jca__free(k, sizeof *k + impl->base.ctx_size);
		jca__error(JCA_IMPL, "KDF \"%s\": implementation %s failed to attach%s", h->name, impl->base.name,
		           jca__impl_reason());
		return NULL;
	}
	jca__inst_hold(r->svc);
	return k;
}

kdf_ctx *kdf_get_instance(const char *name)
{
	const jca__resolved *r = NULL;
	const kdf_handle *h = resolve(name, NULL, &r);

	return h ? create(h, r) : NULL;
}

kdf_ctx *kdf_get_instance_from(const char *name, const char *provider)
{
	const jca__resolved *r = NULL;
	const kdf_handle *h;

	if (!provider) {
		jca__error(JCA_EINVAL, "KDF \"%s\": provider name is NULL", name ? name : "(null)");
		return NULL;
	}
	h = resolve(name, provider, &r);
	return h ? create(h, r) : NULL;
}

const kdf_handle *kdf_lookup(const char *name)
{
	const jca__resolved *r = NULL;

	return resolve(name, NULL, &r);
}

kdf_ctx *kdf_new(const kdf_handle *h)
{
	const jca__resolved *r;

	if (!h) {
		jca__error(JCA_EINVAL, "KDF handle is NULL");
		return NULL;
	}
	/* the KDF's service again: policy or the provider list may have changed */
	r = jca__lookup(JCA_KDF, h->alg, NULL);
	if (!r) {
		blame(h->name);
		return NULL;
	}
	return create(h, r);
}

/* An implementation's failure as the caller sees it (jca/provider.h):
 * a refused parameter, with the reason it gave after the KDF's name, or
 * JCA_IMPL. */
static int failed(const kdf_ctx *k, int rc, const char *what)
{
	const char *why = jca__impl_reason();
	int code = rc == JCA_KDF_BAD_PARAM ? JCA_EINVAL : rc == JCA_KDF_BAD_LENGTH ? JCA_OUTLEN :
	           rc == JCA_KDF_NO_MEMORY ? JCA_ENOMEM : JCA_IMPL;

	if (code == JCA_IMPL)
		return jca__error(JCA_IMPL, "%s: implementation %s failed in %s%s", k->name, k->impl->base.name, what,
		                  why);
	if (why[0])
		return jca__error(code, "%s%s", k->name, why);
	return jca__error(code, "%s: %s refused the %s (%s)", k->name, k->impl->base.name,
	                  code == JCA_OUTLEN ? "output length" : "parameters", jca_error_name(code));
}

int kdf_init(kdf_ctx *k, const kdf_params *p)
{
	jca_kdf_args a;
	int rc;

	if (!k || !p)
		return jca__error(JCA_EINVAL, "kdf_init: NULL %s", k ? "parameters" : "object");
	k->ready = 0;
	if ((!p->secret && p->secret_len) || (!p->salt && p->salt_len) || (!p->info && p->info_len) ||
	    (!p->key && p->key_len))
		return jca__error(JCA_EINVAL, "%s: NULL %s with a nonzero length", k->name,
		                  !p->secret && p->secret_len ? "secret" : !p->salt && p->salt_len ? "salt" :
		                  !p->info && p->info_len ? "info" : "key");
	if (p->salt_len > MAX_DATA || p->info_len > MAX_DATA || p->key_len > MAX_DATA)
		return jca__error(JCA_EINVAL, "%s: %s longer than 2^30 bytes", k->name,
		                  p->salt_len > MAX_DATA ? "salt" : p->info_len > MAX_DATA ? "info" : "key");
	memset(&a, 0, sizeof a);
	a.struct_size = sizeof a;
	a.mode = (unsigned)p->mode;
	a.prf = k->prf[0] ? k->prf : NULL;
	a.secret = p->secret;
	a.secret_len = p->secret_len;
	a.salt = p->salt;
	a.salt_len = p->salt_len;
	a.info = p->info;
	a.info_len = p->info_len;
	a.key = p->key;
	a.key_len = p->key_len;
	a.iterations = p->iterations;
	a.cost = p->cost;
	a.block_size = p->block_size;
	a.parallelism = p->parallelism;
	jca__impl_reason();                /* drop a stale reason */
	rc = k->impl->init(k->state, &a);
	if (rc != 0)
		return failed(k, rc, "init");
	k->ready = 1;
	return 0;
}

/* Derives into a buffer of its own, so that the caller's output is
 * written only on success (an implementation can fail at any block). */
int kdf_derive(kdf_ctx *k, void *out, size_t out_len)
{
	uint8_t stack[OUT_STACK], *buf = stack;
	int rc;

	if (!k || (!out && out_len))
		return jca__error(JCA_EINVAL, "kdf_derive: NULL %s", k ? "output" : "object");
	if (!k->ready)
		return jca__error(JCA_NOTINIT, "kdf_derive: %s is not initialised (call kdf_init)", k->name);
	if (out_len < 1 || out_len > MAX_DATA)
		return jca__error(JCA_OUTLEN, "%s: output of %zu bytes, expected 1 to 2^30", k->name, out_len);
	if (out_len > sizeof stack && !(buf = malloc(out_len)))
		return jca__error(JCA_ENOMEM, "%s: out of memory for %zu bytes of output", k->name, out_len);
	jca__impl_reason();
	rc = k->impl->derive(k->state, buf, out_len);
	if (rc == 0)
		memcpy(out, buf, out_len);
	jca__wipe(buf, out_len);
	if (buf != stack)
		free(buf);
	if (rc == 0)
		return 0;
	if (rc != JCA_KDF_BAD_LENGTH)
		k->ready = 0;                  /* the implementation lost its state: init again */
	return failed(k, rc, "derive");
}

int kdf_reset(kdf_ctx *k)
{
	if (!k)
		return jca__error(JCA_EINVAL, "kdf_reset: NULL object");
	if (!k->ready)
		return jca__error(JCA_NOTINIT, "kdf_reset: %s is not initialised (call kdf_init)", k->name);
	return 0;                          /* no input is held between calls */
}

kdf_ctx *kdf_clone(const kdf_ctx *k)
{
	size_t size;
	kdf_ctx *c;
	int rc;

	if (!k) {
		jca__error(JCA_EINVAL, "kdf_clone: NULL object");
		return NULL;
	}
	size = sizeof *k + k->impl->base.ctx_size;
	c = jca__alloc(size);
	if (!c) {
		jca__error(JCA_ENOMEM, "out of memory cloning %s", k->name);
		return NULL;
	}
	memcpy(c, k, sizeof *c);
	rc = jca__ctx_clone(&k->impl->base, c->state, k->state);
	if (rc != 0) {
		jca__free(c, size);
		if (rc == JCA_UNSUPPORTED)
			jca__error(rc, "kdf_clone: %s (implementation %s) cannot be cloned", k->name, k->impl->base.name);
		else
			jca__error(JCA_IMPL, "kdf_clone: implementation %s of %s failed to copy%s", k->impl->base.name,
			           k->name, jca__impl_reason());
		return NULL;
	}
	jca__inst_hold(k->svc);
	return c;
}

const char *kdf_provider(const kdf_ctx *k)
{
	return k ? k->svc->provider_name : NULL;
}

const char *kdf_implementation(const kdf_ctx *k)
{
	return k ? k->impl_name : NULL;
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
	const struct jca_service *svc;
	size_t size;

	if (!k)
		return;
	svc = k->svc;
	size = sizeof *k + k->impl->base.ctx_size;
	jca__ctx_close(&k->impl->base, k->state);
	jca__wipe(k, sizeof *k);
	jca__free(k, size);
	jca__inst_release(svc);
}
