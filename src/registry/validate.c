/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Provider descriptors (ABI 3): the host's version rule, the size of every
 * structure a provider hands over, the copies the registry works from, and
 * full validation naming the field at fault. Type-specific checks are the
 * types' own (types.h); nothing here knows a service type.
 *
 * How providers of other minors keep working (provider.h, "How the ABI
 * grows"): every structure is copied into a zeroed structure of the host's
 * own size, so a member an older provider's header did not have reads as
 * zero (not offered); a newer provider's structure is accepted when the
 * members this host does not know are zero. The registry and the engines
 * only ever see these copies.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry_int.h"

/* Sizes of the structures at ABI 3.0: the smallest the host accepts. */
#define DESC_3_0 JCA__END(jca_provider_desc, teardown)
#define SERVICE_3_0 JCA__END(jca_service_desc, extra_kats)
#define KAT_3_0 JCA__END(jca_kat, tag_len)
#define MAX_STRUCT 4096       /* a struct_size beyond this is not a structure */
#define MAX_CTX ((size_t)1 << 20)
#define MAX_SERVICES 4096
#define MAX_IMPLS 64
#define MAX_EXTRA_KATS 16

static void abi_string(char *buf, size_t n, uint32_t v)
{
	if (v < 0x10000)
		snprintf(buf, n, "%u", (unsigned)v);
	else
		snprintf(buf, n, "%u.%u", (unsigned)(v >> 16), (unsigned)(v & 0xffff));
}

/* The host rule: the same major ABI; the minor is not compared (sizes
 * are, member by member: size_fault). */
int jca__abi_accept(uint32_t v, const char *who)
{
	char got[24], have[24];

	if ((v >> 16) == JCA_ABI_MAJOR)
		return 0;
	abi_string(got, sizeof got, v);
	abi_string(have, sizeof have, JCA_ABI_VERSION);
	if ((v >> 16) < JCA_ABI_MAJOR)
		return jca__error(JCA_ABI, "%s: built for ABI %s; this libjca has ABI %s: rebuild the plugin against "
		                  "its headers (<jca/plugin.h>, ABI %u)", who, got, have, (unsigned)JCA_ABI_MAJOR);
	return jca__error(JCA_ABI, "%s: built for ABI %s, newer than this libjca's ABI %s: it needs a newer libjca",
	                  who, got, have);
}

/* NULL if a structure of `got` bytes at p is acceptable where the host's
 * is `host` bytes and ABI 3.0's `min`: large enough, not beyond
 * MAX_STRUCT (a larger struct_size is no structure's size: a bug, not a
 * newer ABI), and any members beyond the host's zero. Else why (written
 * into why). */
static const char *size_fault(const void *p, uint32_t got, size_t min, size_t host, const char *what, char *why,
                              size_t n)
{
	char abi[24];
	size_t i;

	abi_string(abi, sizeof abi, JCA_ABI_VERSION);
	if (got < min)
		return snprintf(why, n, "%s struct_size %u: smaller than the %zu bytes of ABI %u.0, the oldest this "
		                "libjca (ABI %s) reads: is struct_size set to sizeof the structure?", what, (unsigned)got,
		                min, (unsigned)JCA_ABI_MAJOR, abi), why;
	if (got > MAX_STRUCT)
		return snprintf(why, n, "%s struct_size %u: no such structure is that large (this libjca, ABI %s, "
		                "knows %zu bytes of it; a newer ABI %u.x may add members, up to %d bytes in all): is "
		                "struct_size set to sizeof the structure?", what, (unsigned)got, abi, host,
		                (unsigned)JCA_ABI_MAJOR, MAX_STRUCT), why;
	for (i = host; i < got; i++)
		if (((const unsigned char *)p)[i])
			return snprintf(why, n, "%s sets members beyond this libjca's (byte %zu of %u; it knows %zu): it "
			                "needs a newer libjca", what, i, (unsigned)got, host), why;
	return NULL;
}

/* Copies `got` bytes of a provider structure into a zeroed host-size one. */
static void *copy_struct(void **mem, const void *src, uint32_t got, size_t host)
{
	void *dst = *mem;

	memset(dst, 0, host);
	memcpy(dst, src, got < host ? got : host);
	*mem = (char *)dst + ((host + 15) & ~(size_t)15);
	return dst;
}

static size_t rounded(size_t n)
{
	return (n + 15) & ~(size_t)15;
}

static int name_fault(const char *s, size_t max)
{
	size_t n;

	if (!s || !*s)
		return 1;
	for (n = 0; s[n]; n++)
		if ((unsigned char)s[n] < 0x20 || s[n] == 0x7f || n >= max)
			return 1;
	return 0;
}

/* The host's size of implementation m of type t, and the smallest it
 * accepts: the type's, or its shape's (Cipher: block or AEAD table). */
static size_t impl_host_size(const jca__type_ops *t, const jca_impl *m, size_t *min)
{
	*min = t->impl_min_size;
	return t->shape_size ? t->shape_size(m, min) : t->impl_size;
}

/* First pass: sizes and versions, so that the copy can be sized; the
 * number of bytes the copies need goes to *bytes. */
static int check_sizes(const jca_provider_desc *d, const char *who, size_t *bytes)
{
	size_t i, j, total = rounded(sizeof *d);
	char why[400], what[96];
	const char *f;

	if ((f = size_fault(d, d->struct_size, DESC_3_0, sizeof *d, "provider descriptor", why, sizeof why)))
		return jca__error(JCA_ABI, "%s: %s", who, f);
	if (!d->services)
		return jca__error(JCA_BADDESC, "%s: services is NULL (an empty list is { NULL })", who);
	for (i = 0; d->services[i]; i++) {
		const jca_service_desc *s = d->services[i];
		const jca__type_ops *t;

		if (i >= MAX_SERVICES)
			return jca__error(JCA_BADDESC, "%s: more than %d services (is the list NULL-terminated?)", who,
			                  MAX_SERVICES);
		snprintf(what, sizeof what, "service %zu: jca_service_desc", i);
		if ((f = size_fault(s, s->struct_size, SERVICE_3_0, sizeof *s, what, why, sizeof why)))
			return jca__error(JCA_ABI, "%s: %s", who, f);
		t = jca__type_ops_of(s->type);
		if (!t || !t->declarable)
			return jca__error(JCA_BADDESC, "%s: service %zu: type %d cannot be declared by a provider", who, i,
			                  (int)s->type);
		total += sizeof(void *) + rounded(sizeof *s) + 16;   /* + rounding of its impls array */
		if (s->kat) {
			snprintf(what, sizeof what, "service %zu: kat", i);
			if ((f = size_fault(s->kat, s->kat->struct_size, KAT_3_0, sizeof *s->kat, what, why, sizeof why)))
				return jca__error(JCA_ABI, "%s: %s", who, f);
			total += rounded(sizeof *s->kat);
		}
		for (j = 0; s->extra_kats && s->extra_kats[j]; j++) {
			const jca_kat *k = s->extra_kats[j];

			if (j >= MAX_EXTRA_KATS)
				return jca__error(JCA_BADDESC, "%s: service %zu: more than %d extra_kats (is the list "
				                  "NULL-terminated?)", who, i, MAX_EXTRA_KATS);
			snprintf(what, sizeof what, "service %zu: extra_kats[%zu]", i, j);
			if ((f = size_fault(k, k->struct_size, KAT_3_0, sizeof *k, what, why, sizeof why)))
				return jca__error(JCA_ABI, "%s: %s", who, f);
			total += sizeof(void *) + rounded(sizeof *k);
		}
		total += sizeof(void *) + 16;                      /* extra_kats' NULL and rounding */
		if (!s->impls || !s->impls[0])
			return jca__error(JCA_BADDESC, "%s: service %zu: impls is NULL or empty", who, i);
		for (j = 0; s->impls[j]; j++) {
			const jca_impl *m = s->impls[j];

			if (j >= MAX_IMPLS)
				return jca__error(JCA_BADDESC, "%s: service %zu: more than %d implementations", who, i, MAX_IMPLS);
			if (m->reserved)
				return jca__error(JCA_BADDESC, "%s: service %zu: implementation %zu: reserved is %u (must be 0)",
				                  who, i, j, (unsigned)m->reserved);
			size_t min, host = impl_host_size(t, m, &min);

			snprintf(what, sizeof what, "service %zu: implementation %zu (%s)", i, j, t->name);
			if ((f = size_fault(m, m->struct_size, min, host, what, why, sizeof why)))
				return jca__error(JCA_ABI, "%s: %s", who, f);
			total += sizeof(void *) + rounded(host);
		}
		total += sizeof(void *);
	}
	*bytes = total + sizeof(void *) + 16;                  /* + rounding of the services array */
	return 0;
}

/* Second pass, on the copies: every field. */
static int check_fields(const jca_provider_desc *d, const char *who)
{
	char why[200];
	size_t i, j, k;

	if (name_fault(d->name, 64))
		return jca__error(JCA_BADDESC, "%s: provider name is empty, too long (over 64) or not printable", who);
	if (!d->version || !d->description)
		return jca__error(JCA_BADDESC, "provider \"%s\": %s is NULL", d->name, d->version ? "description" : "version");
	for (i = 0; d->services[i]; i++) {
		const jca_service_desc *s = d->services[i];
		const jca__type_ops *t = jca__type_ops_of(s->type);
		const char *f;

		if (name_fault(s->algorithm, 64))
			return jca__error(JCA_BADDESC, "provider \"%s\": service %zu: algorithm is empty, too long (over 64) "
			                  "or not printable", d->name, i);
		for (j = 0; s->aliases && s->aliases[j]; j++)
			if (name_fault(s->aliases[j], 100))
				return jca__error(JCA_BADDESC, "provider \"%s\": %s %s: alias %zu is empty, too long (over 100) "
				                  "or not printable", d->name, t->name, s->algorithm, j);
		for (j = 0; s->attributes && s->attributes[j].key; j++)
			if (name_fault(s->attributes[j].key, 64) || !s->attributes[j].value)
				return jca__error(JCA_BADDESC, "provider \"%s\": %s %s: attribute %zu has a bad key or a NULL value",
				                  d->name, t->name, s->algorithm, j);
		for (j = 0; j < i; j++)
			if (d->services[j]->type == s->type && jca__name_eq(d->services[j]->algorithm, s->algorithm))
				return jca__error(JCA_BADDESC, "provider \"%s\": duplicate service %s %s", d->name, t->name,
				                  s->algorithm);
		for (j = 0; s->impls[j]; j++) {
			const jca_impl *m = s->impls[j];

			if (name_fault(m->name, 64))
				return jca__error(JCA_BADDESC, "provider \"%s\": %s %s: implementation %zu: name is empty, too long "
				                  "or not printable", d->name, t->name, s->algorithm, j);
			if (t->stateless && m->ctx_size)
				return jca__error(JCA_BADDESC, "provider \"%s\": %s %s: implementation %s: ctx_size %zu (must be "
				                  "0: the engine keeps the state)", d->name, t->name, s->algorithm, m->name,
				                  m->ctx_size);
			if (!t->stateless && (!m->ctx_size || m->ctx_size > MAX_CTX))
				return jca__error(JCA_BADDESC, "provider \"%s\": %s %s: implementation %s: ctx_size %zu (must be 1 "
				                  "to %zu)", d->name, t->name, s->algorithm, m->name, m->ctx_size, MAX_CTX);
			if ((f = t->impl_fault(m, why, sizeof why)) ||
			    (j && (f = t->impl_mismatch(s->impls[0], m, why, sizeof why))))
				return jca__error(JCA_BADDESC, "provider \"%s\": %s %s: implementation %s: %s", d->name, t->name,
				                  s->algorithm, m->name, f);
			for (k = 0; k < j; k++)
				if (jca__name_eq(s->impls[k]->name, m->name))
					return jca__error(JCA_BADDESC, "provider \"%s\": %s %s: implementation name %s used twice",
					                  d->name, t->name, s->algorithm, m->name);
		}
		if (s->kat && (f = t->kat_fault ? t->kat_fault(s->impls[0], s->kat, why, sizeof why) : t->no_kat))
			return jca__error(JCA_BADDESC, "provider \"%s\": %s %s: known-answer test: %s", d->name, t->name,
			                  s->algorithm, f);
		for (j = 0; s->extra_kats && s->extra_kats[j]; j++)
			if ((f = t->kat_fault(s->impls[0], s->extra_kats[j], why, sizeof why)))
				return jca__error(JCA_BADDESC, "provider \"%s\": %s %s: known-answer test %zu: %s", d->name,
				                  t->name, s->algorithm, j + 1, f);
	}
	return 0;
}

int jca__normalize(const jca_provider_desc *in, const char *who, jca_provider_desc **out)
{
	jca_provider_desc *d;
	const jca_service_desc **sv;
	size_t bytes = 0, i, j, n;
	void *mem, *base;
	int rc;

	*out = NULL;
	if (!in)
		return jca__error(JCA_EINVAL, "provider descriptor is NULL");
	if ((rc = jca__abi_accept(in->abi_version, who)) != 0)
		return rc;
	if ((rc = check_sizes(in, who, &bytes)) != 0)
		return rc;
	base = mem = aligned_alloc(16, rounded(bytes));
	if (!mem)
		return jca__error(JCA_ENOMEM, "%s: out of memory reading the provider descriptor", who);
	d = copy_struct(&mem, in, in->struct_size, sizeof *d);
	for (n = 0; in->services[n]; n++)
		;
	sv = mem;
	mem = (char *)mem + rounded((n + 1) * sizeof *sv);
	for (i = 0; i < n; i++) {
		const jca_service_desc *s0 = in->services[i];
		const jca__type_ops *t = jca__type_ops_of(s0->type);
		jca_service_desc *s = copy_struct(&mem, s0, s0->struct_size, sizeof *s);
		const jca_impl **im;
		size_t ni;

		if (s0->kat)
			s->kat = copy_struct(&mem, s0->kat, s0->kat->struct_size, sizeof *s->kat);
		if (s->extra_kats) {
			const jca_kat **ek;
			size_t nk;

			for (nk = 0; s0->extra_kats[nk]; nk++)
				;
			ek = mem;
			mem = (char *)mem + rounded((nk + 1) * sizeof *ek);
			for (j = 0; j < nk; j++)
				ek[j] = copy_struct(&mem, s0->extra_kats[j], s0->extra_kats[j]->struct_size, sizeof *ek[j]);
			ek[nk] = NULL;
			s->extra_kats = ek;
		}
		for (ni = 0; s0->impls[ni]; ni++)
			;
		im = mem;
		mem = (char *)mem + rounded((ni + 1) * sizeof *im);
		for (j = 0; j < ni; j++) {
			size_t min, host = impl_host_size(t, s0->impls[j], &min);
			jca_impl *c = copy_struct(&mem, s0->impls[j], s0->impls[j]->struct_size, host);

			/* the host's own flags for the hot paths (lookup.h) */
			c->reserved = ((c->attach || c->cleanup) ? JCA__IMPL_LIFECYCLE : 0) |
			              (in->teardown ? JCA__IMPL_COUNTED : 0);
			im[j] = c;
		}
		im[ni] = NULL;
		s->impls = im;
		s->struct_size = sizeof *s;
		sv[i] = s;
	}
	sv[n] = NULL;
	d->services = sv;
	d->struct_size = sizeof *d;
	if ((rc = check_fields(d, who)) != 0) {
		free(base);
		return rc;
	}
	*out = d;
	return 0;
}
