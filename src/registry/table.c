/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Per-provider lookup tables: every name a service answers to, folded into
 * a key. Holds the Cipher transformation grammar (algorithm, mode, padding,
 * key-size-pinned and driver names, OID aliases) and the HMAC services
 * composed over digests with their names.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry_int.h"

/* Adds key -> r to *table unless the key is already there (first wins).
 * Returns 0, or JCA_ENOMEM. */
int jca__table_put(jca__entry **table, const char *key, size_t klen,
                     const jca__resolved *r, int pos)
{
	jca__entry *e;
	size_t clen = r->canon ? strlen(r->canon) + 1 : 0;
	int oom = 0;

	HASH_FIND(hh, *table, key, klen, e);
	if (e)
		return 0;
	e = malloc(sizeof *e + klen + clen);
	if (!e)
		return JCA_ENOMEM;
	memcpy(e->key, key, klen);
	e->klen = klen;
	e->r = *r;
	e->pos = pos;
	if (clen && (!r->svc || r->svc->type == JCA_CIPHER)) {
		memcpy(e->key + klen, r->canon, clen);
		e->r.canon = e->key + klen;
	} else {
		e->r.canon = r->svc->algorithm;
	}
#undef uthash_nonfatal_oom
#define uthash_nonfatal_oom(obj) (oom = 1)
	HASH_ADD_KEYPTR(hh, *table, e->key, e->klen, e);
	if (oom) {
		free(e);
		return JCA_ENOMEM;
	}
	return 0;
}

static int put_name(jca__entry **table, jca_service_type type, const char *name,
                    const jca__resolved *r, int pos)
{
	char key[JCA__MAX_NAME + 8];
	size_t klen = jca__make_key(key, type, name);
	int rc;

	if (!klen)
		return 0;
	rc = jca__table_put(table, key, klen, r, pos);
	if (rc == 0 && jca__is_oid(name)) {
		char oid[JCA__MAX_NAME + 8];

		if (strlen(name) + 4 <= JCA__MAX_NAME) {
			snprintf(oid, sizeof oid, "OID.%s", name);
			klen = jca__make_key(key, type, oid);
			rc = jca__table_put(table, key, klen, r, pos);
		}
	}
	return rc;
}

static const struct {
	const char *name;
	uint8_t mode;
} modes[] = { { "ECB", JCA__MODE_ECB }, { "CBC", JCA__MODE_CBC } };

static const struct {
	const char *name;
	uint8_t padding;
} paddings[] = {
	{ "NoPadding", JCA__PAD_NONE },
	{ "PKCS5Padding", JCA__PAD_PKCS5 },
	{ "PKCS7Padding", JCA__PAD_PKCS5 },   /* same padding for 16-byte blocks */
};

static int mode_offered(const jca_cipher_impl *c, uint8_t mode)
{
	if (mode == JCA__MODE_ECB)
		return c->ecb_encrypt && c->ecb_decrypt;
	return c->cbc_encrypt && c->cbc_decrypt;
}

/* Every transformation a cipher service answers to, pre-enumerated so that
 * cipher_get_instance never parses: "AES", "AES/CBC/PKCS5Padding",
 * "AES_128/CBC/NoPadding", ... A service whose algorithm fixes the mode or
 * padding ("AES/CBC/NoPadding") is more specific; callers add those first. */
static int put_cipher_names(jca__entry **table, const struct jca_service *s, int pos)
{
	const jca_cipher_impl *c = s->active;
	const char *sm = jca__attr_get(s, "SupportedModes");
	const char *sp = jca__attr_get(s, "SupportedPaddings");
	char base[JCA__MAX_NAME], fixed_mode[16] = "", fixed_pad[32] = "";
	char name[JCA__MAX_NAME + 64], canon[JCA__MAX_NAME + 64];
	const char *canon_base[16];
	const jca_cipher_impl *bimpl[16];
	const char *slash;
	size_t nb = 0, i, m, p, k;
	const char *bases[16];
	uint8_t pins[16];
	char pinned[4][JCA__MAX_NAME + 8];
	int rc = 0;

	/* Split "alg[/mode[/padding]]" as declared by the provider. */
	slash = strchr(s->algorithm, '/');
	if (slash) {
		const char *slash2 = strchr(slash + 1, '/');
		size_t n = (size_t)(slash - s->algorithm);

		if (n >= sizeof base)
			return 0;
		memcpy(base, s->algorithm, n);
		base[n] = 0;
		n = slash2 ? (size_t)(slash2 - slash - 1) : strlen(slash + 1);
		if (n < sizeof fixed_mode) {
			memcpy(fixed_mode, slash + 1, n);
			fixed_mode[n] = 0;
		}
		if (slash2)
			snprintf(fixed_pad, sizeof fixed_pad, "%s", slash2 + 1);
	} else {
		snprintf(base, sizeof base, "%s", s->algorithm);
	}

	bases[nb] = base;
	canon_base[nb] = base;
	bimpl[nb] = c;
	pins[nb++] = 0;
	for (i = 0; s->aliases[i] && nb < 8; i++) {
		if (!jca__is_oid(s->aliases[i]) && !strchr(s->aliases[i], '/') && !strchr(s->aliases[i], '=')) {
			bases[nb] = s->aliases[i];
			canon_base[nb] = base;
			bimpl[nb] = c;
			pins[nb++] = 0;
		}
	}
	/* Key-size-pinned names: AES_128, AES_192, AES_256. */
	for (k = 1, i = 0; k < 64 && i < 4; k++) {
		if (c->key_sizes & (1ull << k)) {
			snprintf(pinned[i], sizeof pinned[i], "%s_%zu", base, k * 8);
			bases[nb] = pinned[i];
			canon_base[nb] = pinned[i];
			bimpl[nb] = c;
			pins[nb++] = (uint8_t)k;
			i++;
		}
	}
	/* Implementation (driver) names select one backend: "aes-aesni/CBC/NoPadding". */
	for (i = 0; s->cipher_impls[i] && nb < 16; i++) {
		if (!jca__impl_usable(s->cipher_impls[i]->available))
			continue;
		bases[nb] = s->cipher_impls[i]->name;
		canon_base[nb] = base;
		bimpl[nb] = s->cipher_impls[i];
		pins[nb++] = 0;
	}

	for (i = 0; i < nb && rc == 0; i++) {
		for (m = 0; m < sizeof modes / sizeof modes[0]; m++) {
			if (fixed_mode[0] ? !jca__name_eq(fixed_mode, modes[m].name)
			                  : (sm && !jca__list_has(sm, modes[m].name)))
				continue;
			if (!mode_offered(bimpl[i], modes[m].mode))
				continue;
			for (p = 0; p < sizeof paddings / sizeof paddings[0]; p++) {
				const char *pad = paddings[p].padding == JCA__PAD_PKCS5 ? "PKCS5Padding" : "NoPadding";
				jca__resolved r = { s, bimpl[i], canon, modes[m].mode, paddings[p].padding, pins[i] };

				if (fixed_pad[0] ? !jca__name_eq(fixed_pad, pad)
				                 : (sp && !jca__list_has(sp, pad)))
					continue;
				snprintf(canon, sizeof canon, "%s/%s/%s", canon_base[i], modes[m].name, pad);
				snprintf(name, sizeof name, "%s/%s/%s", bases[i], modes[m].name, paddings[p].name);
				rc = put_name(table, JCA_CIPHER, name, &r, pos);
				/* JCA default for a bare algorithm name: ECB with PKCS5Padding. */
				if (rc == 0 && !fixed_mode[0] && !fixed_pad[0] &&
				    modes[m].mode == JCA__MODE_ECB && paddings[p].padding == JCA__PAD_PKCS5)
					rc = put_name(table, JCA_CIPHER, bases[i], &r, pos);
				if (rc)
					break;
			}
		}
	}
	return rc;
}

/* OID aliases of cipher services name a full transformation:
 * "2.16.840.1.101.3.4.1.2=AES_128/CBC/NoPadding". */
static int put_cipher_oids(jca__entry **table, const struct jca_service *s, int pos)
{
	size_t i;

	for (i = 0; s->aliases[i]; i++) {
		const char *eq = strchr(s->aliases[i], '=');
		char oid[64], key[JCA__MAX_NAME + 8];
		size_t klen, n;
		jca__entry *e;

		if (!eq || (n = (size_t)(eq - s->aliases[i])) >= sizeof oid)
			continue;
		memcpy(oid, s->aliases[i], n);
		oid[n] = 0;
		klen = jca__make_key(key, JCA_CIPHER, eq + 1);
		if (!klen)
			continue;
		HASH_FIND(hh, *table, key, klen, e);
		if (e && e->r.svc == s) {
			jca__resolved r = e->r;
			int rc = put_name(table, JCA_CIPHER, oid, &r, pos);

			if (rc)
				return rc;
		}
	}
	return 0;
}

static int put_service(jca__entry **table, const struct jca_service *s, int pos)
{
	jca__resolved r = { s, s->active, NULL, 0, 0, 0 };
	size_t i;
	int rc;

	if (s->type == JCA_CIPHER) {
		rc = put_cipher_names(table, s, pos);
		return rc ? rc : put_cipher_oids(table, s, pos);
	}
	rc = put_name(table, s->type, s->algorithm, &r, pos);
	for (i = 0; rc == 0 && s->aliases[i]; i++)
		rc = put_name(table, s->type, s->aliases[i], &r, pos);
	/* Implementation (driver) names select one backend, bypassing priority. */
	if (s->type == JCA_MESSAGE_DIGEST && s->md_impls) {
		for (i = 0; rc == 0 && s->md_impls[i]; i++) {
			const jca_md_impl *m = s->md_impls[i];

			if (m->available && !m->available())
				continue;
			r.impl = m;
			rc = put_name(table, s->type, m->name, &r, pos);
		}
	}
	return rc;
}

static size_t specificity(const struct jca_service *s)
{
	const char *p;
	size_t n = 0;

	for (p = s->algorithm; *p; p++)
		n += *p == '/';
	return n;
}

int jca__build_provider_table(jca__entry **table, const struct jca_provider *p, int pos)
{
	size_t i, level;
	int rc = 0;

	/* More specific cipher services first, as JCA tries the full
	 * transformation before the bare algorithm. */
	for (level = 3; level-- > 0 && rc == 0;)
		for (i = 0; i < p->n_services && rc == 0; i++)
			if (specificity(p->services[i]) == level)
				rc = put_service(table, p->services[i], pos);
	return rc;
}

/* The JCA name of HMAC over a digest: "SHA-256" -> "HmacSHA256",
 * "SHA3-256" -> "HmacSHA3-256", "MD5" -> "HmacMD5". */
static void hmac_name(char *out, size_t n, const char *digest)
{
	if (strncmp(digest, "SHA-", 4) == 0)
		snprintf(out, n, "HmacSHA%s", digest + 4);
	else
		snprintf(out, n, "Hmac%s", digest);
}

/* Composes the HMAC service over digest service d (not an XOF, has a block
 * size). Names: Hmac<name>, HMAC-<name>, HMAC(<name>) for the digest's
 * name and every non-OID alias, plus the digest's "HmacOID". */
struct jca_service *jca__compose_hmac(const struct jca_service *d)
{
	const jca_md_impl *m = d->active;
	size_t nal = jca__count_list((const char *const *)d->aliases);
	size_t names = (nal + 1) * 3 + 1, i, k = 0, used = 0;
	int form;
	size_t cap = names * (JCA__MAX_NAME + 8) + 128;
	struct jca_service *s;
	const char *oid = jca__attr_get(d, "HmacOID");

	if (!m || (m->flags & JCA_MD_XOF) || !m->block_size)
		return NULL;
	s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->aliases = calloc(names + 1, sizeof *s->aliases);
	s->owned = malloc(cap);
	if (!s->aliases || !s->owned) {
		jca__free_service(s);
		return NULL;
	}
	s->type = JCA_MAC;
	s->digest = d;
	s->active = m;
	s->provider = d->provider;
	for (i = 0; i <= nal; i++) {
		const char *dn = i == 0 ? d->algorithm : d->aliases[i - 1];
		char *p;

		if (jca__is_oid(dn))
			continue;
		for (form = 0; form < 3; form++) {
			size_t j;
			int dup = 0;

			p = s->owned + used;
			if (form == 0)
				hmac_name(p, cap - used, dn);
			else
				snprintf(p, cap - used, form == 1 ? "HMAC-%s" : "HMAC(%s)", dn);
			if (i == 0 && form == 0) {
				s->algorithm = p;
			} else {
				dup = jca__name_eq(p, s->algorithm);
				for (j = 0; j < k && !dup; j++)
					dup = jca__name_eq(p, s->aliases[j]);
				if (dup)
					continue;
				s->aliases[k++] = p;
			}
			used += strlen(p) + 1;
		}
	}
	if (oid)
		s->aliases[k++] = oid;
	s->impl_name = s->owned + used;
	snprintf(s->owned + used, cap - used, "hmac(%s)", m->name);
	return s;
}
