/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_mac.c - Mac services on the token: HMAC with the key imported into
 * the token as a session object (p11_hmac, p11_ops.c), declared under the
 * names the registry gives HMAC ("HmacSHA256", "HMAC-SHA-256", its OID),
 * so that they replace the HMAC the registry would derive over the
 * token's digest. A keyed MAC cannot leave the token: no copy (mac_clone
 * answers JCA_UNSUPPORTED).
 */
#include <stdio.h>
#include <string.h>

#include <jca/names.h>

#include "p11_mac.h"

enum { M_SHA1, M_SHA224, M_SHA256, M_SHA384, M_SHA512, M_SHA512_224, M_SHA512_256, M_SHA3_224, M_SHA3_256,
       M_SHA3_384, M_SHA3_512 };

/* One context: the token's HMAC operation and what init needs. */
typedef struct p11_mac_ctx {
	p11_token *tok;
	CK_MECHANISM_TYPE mech;
	p11_hmac h;
} p11_mac_ctx;

static const char *const sha1_names[] = { JCA_NAME_SHA1, JCA_NAMES_SHA1, NULL };
static const char *const sha224_names[] = { JCA_NAME_SHA224, JCA_NAMES_SHA224, NULL };
static const char *const sha256_names[] = { JCA_NAME_SHA256, JCA_NAMES_SHA256, NULL };
static const char *const sha384_names[] = { JCA_NAME_SHA384, JCA_NAMES_SHA384, NULL };
static const char *const sha512_names[] = { JCA_NAME_SHA512, JCA_NAMES_SHA512, NULL };
static const char *const sha512_224_names[] = { JCA_NAME_SHA512_224, JCA_NAMES_SHA512_224, NULL };
static const char *const sha512_256_names[] = { JCA_NAME_SHA512_256, JCA_NAMES_SHA512_256, NULL };
static const char *const sha3_224_names[] = { JCA_NAME_SHA3_224, JCA_NAMES_SHA3_224, NULL };
static const char *const sha3_256_names[] = { JCA_NAME_SHA3_256, JCA_NAMES_SHA3_256, NULL };
static const char *const sha3_384_names[] = { JCA_NAME_SHA3_384, JCA_NAMES_SHA3_384, NULL };
static const char *const sha3_512_names[] = { JCA_NAME_SHA3_512, JCA_NAMES_SHA3_512, NULL };

/* Known answers: the host's (src/api/mac_kat.c: RFC 2202, RFC 4231). */
static const struct mac_alg {
	const char *digest;            /* for the driver name */
	CK_MECHANISM_TYPE mech;
	size_t mac_size, block_size;
	const char *const *names;      /* the digest's name, aliases and OID */
	const char *oid;               /* of HMAC over it */
	int (*attach)(void *provctx, void *ctx);
} macs[P11_MAC_COUNT];

static int attach(void *provctx, void *ctx, int which)
{
	p11_mac_ctx *c = ctx;

	c->tok = p11_provctx_token(provctx);
	c->mech = macs[which].mech;
	return c->tok ? 0 : -1;
}

/* attach learns the algorithm from which of these the implementation
 * names: one per algorithm (not per token: the token is the provider
 * context). */
static int attach_sha1(void *p, void *c) { return attach(p, c, M_SHA1); }
static int attach_sha224(void *p, void *c) { return attach(p, c, M_SHA224); }
static int attach_sha256(void *p, void *c) { return attach(p, c, M_SHA256); }
static int attach_sha384(void *p, void *c) { return attach(p, c, M_SHA384); }
static int attach_sha512(void *p, void *c) { return attach(p, c, M_SHA512); }
static int attach_sha512_224(void *p, void *c) { return attach(p, c, M_SHA512_224); }
static int attach_sha512_256(void *p, void *c) { return attach(p, c, M_SHA512_256); }
static int attach_sha3_224(void *p, void *c) { return attach(p, c, M_SHA3_224); }
static int attach_sha3_256(void *p, void *c) { return attach(p, c, M_SHA3_256); }
static int attach_sha3_384(void *p, void *c) { return attach(p, c, M_SHA3_384); }
static int attach_sha3_512(void *p, void *c) { return attach(p, c, M_SHA3_512); }

static const struct mac_alg macs[P11_MAC_COUNT] = {
	[M_SHA1] = { "sha1", CKM_SHA_1_HMAC, 20, 64, sha1_names, JCA_HMAC_OID_SHA1, attach_sha1 },
	[M_SHA224] = { "sha224", CKM_SHA224_HMAC, 28, 64, sha224_names, JCA_HMAC_OID_SHA224, attach_sha224 },
	[M_SHA256] = { "sha256", CKM_SHA256_HMAC, 32, 64, sha256_names, JCA_HMAC_OID_SHA256,
	               attach_sha256 },
	[M_SHA384] = { "sha384", CKM_SHA384_HMAC, 48, 128, sha384_names, JCA_HMAC_OID_SHA384, attach_sha384 },
	[M_SHA512] = { "sha512", CKM_SHA512_HMAC, 64, 128, sha512_names, JCA_HMAC_OID_SHA512,
	               attach_sha512 },
	[M_SHA512_224] = { "sha512_224", CKM_SHA512_224_HMAC, 28, 128, sha512_224_names, JCA_HMAC_OID_SHA512_224,
	                   attach_sha512_224 },
	[M_SHA512_256] = { "sha512_256", CKM_SHA512_256_HMAC, 32, 128, sha512_256_names, JCA_HMAC_OID_SHA512_256,
	                   attach_sha512_256 },
	[M_SHA3_224] = { "sha3_224", CKM_SHA3_224_HMAC, 28, 144, sha3_224_names, JCA_HMAC_OID_SHA3_224,
	                 attach_sha3_224 },
	[M_SHA3_256] = { "sha3_256", CKM_SHA3_256_HMAC, 32, 136, sha3_256_names, JCA_HMAC_OID_SHA3_256,
	                 attach_sha3_256 },
	[M_SHA3_384] = { "sha3_384", CKM_SHA3_384_HMAC, 48, 104, sha3_384_names, JCA_HMAC_OID_SHA3_384,
	                 attach_sha3_384 },
	[M_SHA3_512] = { "sha3_512", CKM_SHA3_512_HMAC, 64, 72, sha3_512_names, JCA_HMAC_OID_SHA3_512,
	                 attach_sha3_512 },
};

static int mac_init(void *ctx, const void *key, size_t key_len)
{
	p11_mac_ctx *c = ctx;
	int rc = p11_hmac_init(&c->h, c->tok, c->mech, key, key_len);

	p11_report(rc);
	return rc;
}

static int mac_update(void *ctx, const void *in, size_t len)
{
	p11_mac_ctx *c = ctx;
	int rc = p11_hmac_update(&c->h, in, len);

	p11_report(rc);
	return rc;
}

static int mac_final(void *ctx, void *out, size_t out_len)
{
	p11_mac_ctx *c = ctx;
	int rc = p11_hmac_final(&c->h, out, out_len);

	p11_report(rc);
	return rc;
}

static int mac_reset(void *ctx)
{
	p11_mac_ctx *c = ctx;
	int rc = p11_hmac_reset(&c->h);

	p11_report(rc);
	return rc;
}

static void mac_cleanup(void *ctx)
{
	p11_mac_ctx *c = ctx;

	if (c->tok)
		p11_hmac_cleanup(&c->h);
}

/* "HmacSHA256" for "SHA-256", "Hmac<x>" otherwise (the registry's rule). */
static void hmac_name(char *out, size_t n, const char *digest)
{
	if (strncmp(digest, "SHA-", 4) == 0)
		snprintf(out, n, "HmacSHA%s", digest + 4);
	else
		snprintf(out, n, "Hmac%s", digest);
}

static int is_oid(const char *s)
{
	return s[0] >= '0' && s[0] <= '9' && strchr(s, '.') != NULL;
}

/* The names the registry would derive over the digest (mac_type.c):
 * Hmac<name> for non-OID names, HMAC-<name> and HMAC(<name>) for all, and
 * HMAC's own OID. The first is the algorithm. */
static void names(p11_macs *m, int a)
{
	char *text = m->alias_text[a];
	size_t used = 0, k = 0, i;
	int form;

	hmac_name(m->algorithm[a], sizeof m->algorithm[a], macs[a].names[0]);
	for (i = 0; macs[a].names[i]; i++) {
		for (form = is_oid(macs[a].names[i]) ? 1 : 0; form < 3; form++) {
			char *p = text + used;
			size_t room = sizeof m->alias_text[a] - used, j;
			int dup;

			if (form == 0)
				hmac_name(p, room, macs[a].names[i]);
			else
				snprintf(p, room, form == 1 ? "HMAC-%s" : "HMAC(%s)", macs[a].names[i]);
			dup = strcmp(p, m->algorithm[a]) == 0;
			for (j = 0; j < k && !dup; j++)
				dup = strcmp(p, m->aliases[a][j]) == 0;
			if (dup || k + 2 >= P11_MAC_NAMES || strlen(p) + 1 >= room)
				continue;
			m->aliases[a][k++] = p;
			used += strlen(p) + 1;
		}
	}
	m->aliases[a][k++] = macs[a].oid;
	m->aliases[a][k] = NULL;
}

size_t p11_mac_services(p11_macs *m, const p11_token *tok, const char *provider, jca_service_desc *out)
{
	size_t n = 0;
	int a;

	for (a = 0; a < P11_MAC_COUNT; a++) {
		if (!p11_has(tok, macs[a].mech, CKF_SIGN, NULL, NULL))
			continue;
		names(m, a);
		snprintf(m->impl_name[a], sizeof m->impl_name[a], "hmac-%s-%s", macs[a].digest, provider);
		m->impl[a] = (jca_mac_impl){
			.base = JCA_IMPL_BASE_LIFECYCLE(jca_mac_impl, m->impl_name[a], JCA_PRIO_GENERIC, NULL,
			                                sizeof(p11_mac_ctx), macs[a].attach, NULL, mac_cleanup),
			.mac_size = macs[a].mac_size, .block_size = macs[a].block_size,
			.key_min = 0, .key_max = 0,
			.init = mac_init, .update = mac_update, .final = mac_final, .reset = mac_reset,
		};
		m->list[a][0] = &m->impl[a].base;
		m->list[a][1] = NULL;
		m->attrs[a][0] = (jca_attr){ "ImplementedIn", "Hardware" };
		m->attrs[a][1] = (jca_attr){ NULL, NULL };
		out[n++] = (jca_service_desc){ .struct_size = sizeof(jca_service_desc), .type = JCA_MAC,
		                               .algorithm = m->algorithm[a], .aliases = m->aliases[a],
		                               .attributes = m->attrs[a], .impls = m->list[a] };
	}
	return n;
}
