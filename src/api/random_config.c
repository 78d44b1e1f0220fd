/* SPDX-License-Identifier: Apache-2.0 */
/* DRBG configuration: the mechanism string of jca/random.h (in the style
 * of the JDK's securerandom.drbg.config) to a mechanism and a primitive
 * resolved through the registry. */
#include <ctype.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "random_internal.h"
#include "../util/ascii.h"

static const struct hash_alg {
	const char *name;
	unsigned strength;             /* SP 800-57 part 1, table 3 */
} hashes[] = {
	{ "SHA-1", 128 }, { "SHA-224", 192 }, { "SHA-256", 256 }, { "SHA-384", 256 },
	{ "SHA-512", 256 }, { "SHA-512/224", 192 }, { "SHA-512/256", 256 }
};

/* ASCII case-insensitive equality. */
static int name_eq(const char *a, const char *b)
{
	return jca__name_eq(a, b);
}

/* Copies the next comma-separated item of *s, trimmed, into out. */
static int next_item(const char **s, char *out, size_t n)
{
	const char *p = *s, *e;
	size_t len;

	while (*p == ' ' || *p == '\t')
		p++;
	e = strchr(p, ',');
	if (!e)
		e = p + strlen(p);
	len = (size_t)(e - p);
	while (len && (p[len - 1] == ' ' || p[len - 1] == '\t'))
		len--;
	if (len >= n)
		return -1;
	memcpy(out, p, len);
	out[len] = 0;
	*s = *e ? e + 1 : e;
	return 0;
}

static int resolve_hash(jca__drbg_cfg *c, const char *name)
{
	const jca__resolved *r = jca__lookup(JCA_MESSAGE_DIGEST, name, NULL);
	const jca_md_impl *m;

	if (!r)
		return jca_last_error();
	m = r->impl;
	if (m->cleanup || m->base.ctx_size > JCA__DRBG_HASH_CTX_MAX || m->digest_size > JCA__DRBG_HASH_OUT_MAX ||
	    m->block_size > 256 || m->block_size < m->digest_size)
		return jca__error(JCA_NOALG, "DRBG: the %s implementation in use (%s) cannot run a DRBG "
		                  "(it needs a plain digest context)", name, m->base.name);
	c->prim.hash.init = m->init;
	c->prim.hash.update = m->update;
	c->prim.hash.final = m->final;
	c->prim.hash.ctx_size = (uint32_t)m->base.ctx_size;
	c->prim.hash.out_len = (uint32_t)m->digest_size;
	c->prim.hash.block_size = (uint32_t)m->block_size;
	return 0;
}

static int resolve_aes(jca__drbg_cfg *c, unsigned bits)
{
	char name[32];
	const jca__resolved *r;
	const jca_cipher_impl *a;

	snprintf(name, sizeof name, "AES_%u/ECB/NoPadding", bits);
	r = jca__lookup(JCA_CIPHER, name, NULL);
	if (!r)
		return jca_last_error();
	a = r->impl;
	if (a->cleanup || a->base.ctx_size > JCA__DRBG_BLOCK_CTX_MAX || a->block_size != 16 || !a->ecb_encrypt)
		return jca__error(JCA_NOALG, "DRBG: the AES implementation in use (%s) cannot run CTR_DRBG", a->base.name);
	c->prim.block.set_key = a->set_key;
	c->prim.block.ecb_encrypt = a->ecb_encrypt;
	c->prim.block.ctx_size = (uint32_t)a->base.ctx_size;
	c->prim.block.key_len = bits / 8;
	return 0;
}

int jca__drbg_configure(jca__drbg_cfg *c, const char *mechanism, unsigned strength)
{
	char item[48];
	const char *s = mechanism ? mechanism : "";
	const char *hash = NULL;
	unsigned aes = 0, max = 0, str = 0;
	int df = -1, rc;
	size_t i;

	memset(c, 0, sizeof *c);
	while (*s) {
		if (next_item(&s, item, sizeof item) != 0)
			return jca__error(JCA_EINVAL, "DRBG: item too long in mechanism \"%s\"", mechanism);
		if (!item[0])
			continue;
		if (name_eq(item, "Hash_DRBG") || name_eq(item, "HMAC_DRBG") ||
		    name_eq(item, "CTR_DRBG")) {
			if (c->mech)
				return jca__error(JCA_EINVAL, "DRBG: two mechanisms in \"%s\"", mechanism);
			c->mech = name_eq(item, "Hash_DRBG") ? &jca__hash_drbg
			        : name_eq(item, "HMAC_DRBG") ? &jca__hmac_drbg : &jca__ctr_drbg;
		} else if (name_eq(item, "AES-128") || name_eq(item, "AES-192") ||
		           name_eq(item, "AES-256")) {
			if (hash || aes)
				return jca__error(JCA_EINVAL, "DRBG: two algorithms in \"%s\"", mechanism);
			aes = (unsigned)(item[4] - '0') * 100 + (unsigned)(item[5] - '0') * 10 + (unsigned)(item[6] - '0');
		} else if (name_eq(item, "use_df") || name_eq(item, "no_df")) {
			df = name_eq(item, "use_df");
		} else if (name_eq(item, "none") || name_eq(item, "reseed_only")) {
			c->pr = 0;
		} else if (name_eq(item, "pr_and_reseed")) {
			c->pr = 1;
		} else if (isdigit((unsigned char)item[0])) {
			str = (unsigned)strtoul(item, NULL, 10);
			if (str != 112 && str != 128 && str != 192 && str != 256)
				return jca__error(JCA_EINVAL, "DRBG: strength %s is not 112, 128, 192 or 256", item);
		} else {
			for (i = 0; i < sizeof hashes / sizeof hashes[0]; i++)
				if (name_eq(item, hashes[i].name))
					break;
			if (i == sizeof hashes / sizeof hashes[0])
				return jca__error(JCA_EINVAL, "DRBG: unknown item \"%s\" in mechanism \"%s\" "
				                  "(expected Hash_DRBG, HMAC_DRBG, CTR_DRBG, SHA-*, AES-*, a strength, "
				                  "none, reseed_only, pr_and_reseed, use_df or no_df)", item, mechanism);
			if (hash || aes)
				return jca__error(JCA_EINVAL, "DRBG: two algorithms in \"%s\"", mechanism);
			hash = hashes[i].name;
			max = hashes[i].strength;
		}
	}
	if (!c->mech)
		c->mech = hash ? &jca__hash_drbg : &jca__ctr_drbg;
	if (c->mech == &jca__ctr_drbg) {
		if (hash)
			return jca__error(JCA_EINVAL, "DRBG: CTR_DRBG runs on AES-128, AES-192 or AES-256, not %s", hash);
		if (!aes)
			aes = 256;
		max = aes;
		c->prim.use_df = df != 0;
		rc = resolve_aes(c, aes);
	} else {
		if (aes)
			return jca__error(JCA_EINVAL, "DRBG: %s runs on a SHA-1 or SHA-2 digest, not AES-%u",
			                  c->mech->name, aes);
		if (df >= 0)
			return jca__error(JCA_EINVAL, "DRBG: use_df/no_df apply to CTR_DRBG only");
		if (!hash) {
			hash = "SHA-256";
			max = 256;
		}
		rc = resolve_hash(c, hash);
	}
	if (rc)
		return rc;
	if (strength && str && strength != str)
		return jca__error(JCA_EINVAL, "DRBG: strength %u and mechanism strength %u disagree", strength, str);
	if (!str)
		str = strength ? strength : max;
	if (str != 112 && str != 128 && str != 192 && str != 256)
		return jca__error(JCA_EINVAL, "DRBG: strength %u is not 112, 128, 192 or 256", str);
	if (str > max)
		return jca__error(JCA_EINVAL, "DRBG: %s offers at most %u bits of security strength, not %u",
		                  hash ? hash : (aes == 128 ? "AES-128" : aes == 192 ? "AES-192" : "AES-256"), max, str);
	c->strength = str;
	c->seedlen = c->mech->seed_len(&c->prim);
	if (c->mech == &jca__ctr_drbg && !c->prim.use_df) {
		/* 10.2.1.3.1: the entropy input is the whole seed, no nonce */
		c->entropy_min = c->entropy_max = c->seedlen;
		c->nonce_min = 0;
		c->input_max = c->seedlen;
	} else {
		c->entropy_min = (str + 7) / 8;
		c->entropy_max = JCA__DRBG_MAX_INPUT;
		c->nonce_min = (str / 2 + 7) / 8;
		c->input_max = JCA__DRBG_MAX_INPUT;
	}
	if (c->mech == &jca__ctr_drbg)
		snprintf(c->desc, sizeof c->desc, "CTR_DRBG,AES-%u,%u,%s,%s", aes, str,
		         c->pr ? "pr_and_reseed" : "reseed_only", c->prim.use_df ? "use_df" : "no_df");
	else
		snprintf(c->desc, sizeof c->desc, "%s,%s,%u,%s", c->mech->name, hash, str,
		         c->pr ? "pr_and_reseed" : "reseed_only");
	return 0;
}
