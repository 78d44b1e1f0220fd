/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_keystore.c - KeyStore "PKCS11" (ABI 3.3, jca_keystore_impl): the
 * token's key objects by alias (CKA_LABEL) and id (CKA_ID).
 *
 *   open    NULL: this provider's token; else every attribute of the URI
 *           must match it (RFC 7512: token, manufacturer, model, serial,
 *           slot-id, slot-description, slot-manufacturer,
 *           library-manufacturer, library-description, library-version,
 *           and module-path, module-name, pin-source): JCA_REFUSED, no
 *           message, otherwise (or for an attribute it does not know);
 *   count   the token objects (CKA_TOKEN true) of class private, public or
 *           secret key, listed in memory the context owns;
 *   load    a key context from the object (p11_key_from_object): a
 *           private key finds its public half on the token;
 *   store   the session pair becomes token objects under the alias
 *           (C_CopyObject with CKA_TOKEN true, the alias and the pair's
 *           CKA_ID); the private copy stays sensitive and not extractable;
 *   remove  C_DestroyObject.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jca/names.h>

#include "p11_internal.h"
#include "p11_provider.h"

#define KS_MAX 4096                /* entries read at most */

typedef struct ks_entry {
	CK_OBJECT_HANDLE h;
	unsigned kind;
	int type;                  /* P11K_*, 0: none the KeyFactory takes */
	char *alias;
	uint8_t *id;
	size_t id_len;
	unsigned extractable;
	size_t bits;
	const char *params;
} ks_entry;

typedef struct p11_ks {
	const p11_instance *in;
	p11_hold hold;
	ks_entry *e;               /* malloc'd, n of them */
	size_t n;
} p11_ks;

static int ks_attach(void *provctx, void *ctx)
{
	p11_ks *c = ctx;

	c->in = provctx;
	c->hold.session = CK_INVALID_HANDLE;
	return 0;
}

static int session(p11_ks *c)
{
	p11_token *t = c->in->tok;

	if (c->hold.session != CK_INVALID_HANDLE && p11__check_gen(t, c->hold.gen) == 0)
		return 0;
	c->hold.tok = t;
	return p11__session_get(t, &c->hold.session, &c->hold.gen);
}

/* ---- open: does the URI name this token? ---- */

/* A space-padded field as a string. */
static void field(char *out, const CK_UTF8CHAR *in, size_t n)
{
	memcpy(out, in, n);
	while (n && (out[n - 1] == ' ' || out[n - 1] == 0))
		n--;
	out[n] = 0;
}

static int matches(const p11_ks *c, const char *name, const char *value, const CK_TOKEN_INFO *ti,
                   const CK_SLOT_INFO *si, const CK_INFO *li)
{
	char buf[80];
	const char *path = p11_module_path(c->in->tok), *base;
	size_t n;

	if (!strcmp(name, "token"))
		field(buf, ti->label, sizeof ti->label);
	else if (!strcmp(name, "manufacturer"))
		field(buf, ti->manufacturerID, sizeof ti->manufacturerID);
	else if (!strcmp(name, "model"))
		field(buf, ti->model, sizeof ti->model);
	else if (!strcmp(name, "serial"))
		field(buf, ti->serialNumber, sizeof ti->serialNumber);
	else if (!strcmp(name, "slot-description"))
		field(buf, si->slotDescription, sizeof si->slotDescription);
	else if (!strcmp(name, "slot-manufacturer"))
		field(buf, si->manufacturerID, sizeof si->manufacturerID);
	else if (!strcmp(name, "library-manufacturer"))
		field(buf, li->manufacturerID, sizeof li->manufacturerID);
	else if (!strcmp(name, "library-description"))
		field(buf, li->libraryDescription, sizeof li->libraryDescription);
	else if (!strcmp(name, "slot-id"))
		snprintf(buf, sizeof buf, "%lu", (unsigned long)c->in->tok->slot);
	else if (!strcmp(name, "library-version"))
		snprintf(buf, sizeof buf, strchr(value, '.') ? "%u.%u" : "%u", li->libraryVersion.major,
		         li->libraryVersion.minor);
	else if (!strcmp(name, "module-path"))
		return !strcmp(value, path);
	else if (!strcmp(name, "module-name")) {
		/* p11-kit's: the file name without "lib" and ".so" */
		base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
		if (!strncmp(base, "lib", 3))
			base += 3;
		n = strlen(base);
		if (n > 3 && !strcmp(base + n - 3, ".so"))
			n -= 3;
		return strlen(value) == n && !strncmp(value, base, n);
	} else if (!strcmp(name, "pin-source"))
		return 1;
	else
		return 0;
	return !strcmp(buf, value);
}

static int ks_open(void *ctx, const char *const *attrs)
{
	p11_ks *c = ctx;
	p11_token *t = c->in->tok;
	CK_TOKEN_INFO ti;
	CK_SLOT_INFO si;
	CK_INFO li;
	CK_RV rv;
	int rc;

	if ((rc = session(c)) != 0)
		return p11_failed(c->in, rc);
	if (!attrs)
		return 0;
	P11_CALL(t->mod, rv, C_GetTokenInfo, t->slot, &ti);
	if (rv == CKR_OK)
		P11_CALL(t->mod, rv, C_GetSlotInfo, t->slot, &si);
	if (rv == CKR_OK)
		P11_CALL(t->mod, rv, C_GetInfo, &li);
	if (rv != CKR_OK)
		return p11_failed(c->in, p11__rv_fail(t, "C_GetTokenInfo / C_GetSlotInfo / C_GetInfo", rv));
	for (; attrs[0] && attrs[1]; attrs += 2)
		if (!matches(c, attrs[0], attrs[1], &ti, &si, &li))
			return JCA_REFUSED;
	return 0;
}

/* ---- the list ---- */

static void list_free(p11_ks *c)
{
	size_t i;

	for (i = 0; i < c->n; i++) {
		free(c->e[i].alias);
		free(c->e[i].id);
	}
	free(c->e);
	c->e = NULL;
	c->n = 0;
}

/* What the entry says of object h. */
static int describe(p11_ks *c, ks_entry *e)
{
	CK_OBJECT_CLASS cls = 0;
	CK_KEY_TYPE kt = 0;
	CK_BBOOL ext = CK_FALSE, sens = CK_TRUE;
	CK_ULONG vlen = 0;
	CK_ATTRIBUTE a[2] = { { CKA_CLASS, &cls, sizeof cls }, { CKA_KEY_TYPE, &kt, sizeof kt } };
	CK_ATTRIBUTE b[2] = { { CKA_EXTRACTABLE, &ext, sizeof ext }, { CKA_SENSITIVE, &sens, sizeof sens } };
	CK_ATTRIBUTE v = { CKA_VALUE_LEN, &vlen, sizeof vlen };
	p11_token *t = c->in->tok;
	uint8_t *val;
	size_t len;
	CK_RV rv;

	P11_CALL(t->mod, rv, C_GetAttributeValue, c->hold.session, e->h, a, 2);
	if (rv != CKR_OK)
		return 0;
	e->kind = cls == CKO_PRIVATE_KEY ? JCA_KEY_PRIVATE : cls == CKO_PUBLIC_KEY ? JCA_KEY_PUBLIC : JCA_KEY_SECRET;
	e->type = kt == CKK_EC ? P11K_EC : kt == CKK_RSA ? P11K_RSA : kt == CKK_EC_EDWARDS ? P11K_ED25519 : 0;
	if (e->kind == JCA_KEY_SECRET)
		e->type = 0;
	P11_CALL(t->mod, rv, C_GetAttributeValue, c->hold.session, e->h, b, 2);
	e->extractable = e->kind == JCA_KEY_PUBLIC || (rv == CKR_OK && ext == CK_TRUE && sens == CK_FALSE);
	if (p11_attr(c->in, c->hold.session, e->h, CKA_LABEL, &val, &len) == 0) {
		if ((e->alias = malloc(len + 1)) != NULL) {
			memcpy(e->alias, val, len);
			e->alias[len] = 0;
		}
		free(val);
	}
	if (!e->alias && !(e->alias = calloc(1, 1)))
		return -1;
	if (p11_attr(c->in, c->hold.session, e->h, CKA_ID, &e->id, &e->id_len) == 0 && !e->id_len) {
		free(e->id);
		e->id = NULL;
	}
	if (e->type == P11K_ED25519) {
		e->bits = 255;
	} else if (e->type == P11K_EC && p11_attr(c->in, c->hold.session, e->h, CKA_EC_PARAMS, &val, &len) == 0) {
		const p11_curve *cv = p11_curve_by_oid(val, len);

		free(val);
		if (cv) {
			e->bits = cv->bits;
			e->params = cv->name;
		} else {
			e->type = 0;       /* a curve the KeyFactory does not take */
		}
	} else if (e->type == P11K_RSA && p11_attr(c->in, c->hold.session, e->h, CKA_MODULUS, &val, &len) == 0) {
		size_t i = 0;

		while (i < len && !val[i])
			i++;
		e->bits = (len - i) * 8;
		if (i < len)
			for (uint8_t top = val[i]; !(top & 0x80); top = (uint8_t)(top << 1))
				e->bits--;
		free(val);
	} else if (e->kind == JCA_KEY_SECRET) {
		P11_CALL(t->mod, rv, C_GetAttributeValue, c->hold.session, e->h, &v, 1);
		e->bits = rv == CKR_OK && vlen != CK_UNAVAILABLE_INFORMATION ? vlen * 8 : 0;
	}
	return 1;
}

static int ks_count(void *ctx, size_t *n)
{
	p11_ks *c = ctx;
	CK_BBOOL yes = CK_TRUE;
	CK_ATTRIBUTE tmpl[1] = { { CKA_TOKEN, &yes, sizeof yes } };
	CK_OBJECT_HANDLE hs[64];
	CK_ULONG got = 0, i;
	p11_token *t = c->in->tok;
	ks_entry *grown;
	CK_RV rv, ignored;
	int rc;

	list_free(c);
	*n = 0;
	if ((rc = session(c)) != 0)
		return p11_failed(c->in, rc);
	P11_CALL(t->mod, rv, C_FindObjectsInit, c->hold.session, tmpl, 1);
	if (rv != CKR_OK)
		return p11_failed(c->in, p11__rv_fail(t, "C_FindObjectsInit", rv));
	/* the handles first (a find in progress allows no other call on the
	 * session), then what each is */
	do {
		P11_CALL(t->mod, rv, C_FindObjects, c->hold.session, hs, 64, &got);
		if (rv != CKR_OK || !got || c->n + got > KS_MAX)
			break;
		if (!(grown = realloc(c->e, (c->n + got) * sizeof *grown))) {
			rv = CKR_HOST_MEMORY;
			break;
		}
		c->e = grown;
		for (i = 0; i < got; i++)
			c->e[c->n++] = (ks_entry){ .h = hs[i] };
	} while (got == 64);
	P11_CALL(t->mod, ignored, C_FindObjectsFinal, c->hold.session);
	(void)ignored;
	if (rv != CKR_OK) {
		list_free(c);
		return p11_failed(c->in, p11__rv_fail(t, "C_FindObjects", rv));
	}
	/* keep the keys (not certificates, data) */
	for (i = 0; i < c->n;) {
		int k = describe(c, &c->e[i]);

		if (k < 0) {
			list_free(c);
			return p11_failed(c->in, p11__fail(JCA_ENOMEM, "pkcs11: out of memory"));
		}
		if (k == 0) {
			free(c->e[i].alias);
			free(c->e[i].id);
			c->e[i] = c->e[--c->n];
		} else {
			i++;
		}
	}
	*n = c->n;
	return 0;
}

static int ks_entry_fill(void *ctx, size_t i, jca_keystore_entry *e)
{
	p11_ks *c = ctx;
	const ks_entry *x;

	if (i >= c->n)
		return p11_failed(c->in, p11__fail(JCA_EINVAL, "pkcs11: no entry %zu", i));
	x = &c->e[i];
	if (e->struct_size < offsetof(jca_keystore_entry, params) + sizeof e->params)
		return p11_failed(c->in, p11__fail(JCA_EINVAL, "pkcs11: the host's keystore entry is too small"));
	e->kind = x->kind;
	e->alias = x->alias;
	e->id = x->id;
	e->id_len = x->id_len;
	e->key_algorithm = x->type ? p11_key_algorithm(x->type) : NULL;
	e->extractable = x->extractable;
	e->bits = x->bits;
	e->params = x->params;
	return 0;
}

static int ks_load(void *ctx, size_t i, void *key, jca_key_info *info)
{
	p11_ks *c = ctx;
	p11_key *k = key;
	int rc;

	if (i >= c->n || !c->e[i].type)
		return p11_failed(c->in, p11__fail(JCA_EINVAL, "pkcs11: entry %zu is not a key this provider loads", i));
	if ((rc = session(c)) != 0 || (rc = p11_key_from_object(k, c->hold.session, c->e[i].h)) != 0)
		return rc == JCA_REFUSED ? rc : p11_failed(c->in, rc);
	p11_key_info(k, info);
	return 0;
}

/* Copies session object h to the token under the alias and id. */
static int to_token(p11_ks *c, const p11_key *k, const char *alias, CK_OBJECT_HANDLE *out)
{
	CK_BBOOL yes = CK_TRUE;
	CK_ATTRIBUTE tmpl[3] = { { CKA_TOKEN, &yes, sizeof yes }, { CKA_LABEL, (void *)alias, strlen(alias) } };
	CK_ULONG n = 2;
	CK_OBJECT_HANDLE h;
	p11_token *t = c->in->tok;
	CK_RV rv;
	int rc;

	if (k->id)
		tmpl[n++] = (CK_ATTRIBUTE){ CKA_ID, k->id, k->id_len };
	if ((rc = p11_key_handle(k, c->hold.session, &h)) != 0)
		return rc;
	P11_CALL(t->mod, rv, C_CopyObject, c->hold.session, h, tmpl, n, out);
	return rv == CKR_OK ? 0 : p11__rv_fail(t, "C_CopyObject (to the token)", rv);
}

static int ks_store(void *ctx, const char *alias, const char *key_algorithm, const void *priv, const void *pub)
{
	p11_ks *c = ctx;
	const p11_key *k = priv, *p = pub;
	CK_OBJECT_HANDLE hk = CK_INVALID_HANDLE, hp = CK_INVALID_HANDLE;
	CK_RV rv;
	int rc;

	(void)key_algorithm;
	if (!k || !p || k->kind != JCA_KEY_PRIVATE || p->kind != JCA_KEY_PUBLIC || k->type != p->type) {
		p11_say(c->in, "PKCS11 KeyStore: store takes a private key and its public key");
		return JCA_REFUSED;
	}
	if ((rc = session(c)) != 0)
		return p11_failed(c->in, rc);
	rc = to_token(c, k, alias, &hk);
	if (rc == 0 && (rc = to_token(c, p, alias, &hp)) != 0) {
		P11_CALL(c->in->tok->mod, rv, C_DestroyObject, c->hold.session, hk);
		(void)rv;
	}
	return p11_failed(c->in, rc);
}

static int ks_remove(void *ctx, size_t i)
{
	p11_ks *c = ctx;
	CK_RV rv;
	int rc;

	if (i >= c->n)
		return p11_failed(c->in, p11__fail(JCA_EINVAL, "pkcs11: no entry %zu", i));
	if ((rc = session(c)) != 0)
		return p11_failed(c->in, rc);
	P11_CALL(c->in->tok->mod, rv, C_DestroyObject, c->hold.session, c->e[i].h);
	return rv == CKR_OK ? 0 : p11_failed(c->in, p11__rv_fail(c->in->tok, "C_DestroyObject", rv));
}

static void ks_cleanup(void *ctx)
{
	p11_ks *c = ctx;

	list_free(c);
	if (c->in && c->hold.session != CK_INVALID_HANDLE && p11__check_gen(c->in->tok, c->hold.gen) == 0)
		p11__session_put(c->in->tok, c->hold.session, c->hold.gen, 1);
	c->hold.session = CK_INVALID_HANDLE;
}

int p11_ks_impl(jca_keystore_impl *impl, const p11_token *t, const char *name)
{
	(void)t;
	*impl = (jca_keystore_impl){
		.base = JCA_IMPL_BASE_LIFECYCLE(jca_keystore_impl, name, JCA_PRIO_GENERIC, NULL, sizeof(p11_ks),
		                                ks_attach, NULL, ks_cleanup),
		.open = ks_open, .count = ks_count, .entry = ks_entry_fill, .load = ks_load, .store = ks_store,
		.remove = ks_remove,
	};
	return 1;
}
