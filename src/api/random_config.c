/* SPDX-License-Identifier: Apache-2.0 */
/* DRBG configuration: the mechanism string of jca/random.h (in the style
 * of the JDK's securerandom.drbg.config) to the choices and lengths the
 * engine hands a deterministic SecureRandom implementation
 * (jca_random_args). The implementation finds its primitive itself (the
 * built-in one through the registry: src/providers/builtin_drbg.c). */
#include <stdio.h>
#include <string.h>

#include "random_internal.h"
#include "../util/ascii.h"

/* ---- messages: the caller's text echoed with control bytes escaped ---- */

/* Copies at most max bytes of s into out (size n), printable ASCII as is,
 * every other byte as \xHH, "..." when cut short. */
static const char *escaped(char *out, size_t n, const char *s, size_t max)
{
	static const char hex[] = "0123456789abcdef";
	size_t o = 0, i;

	for (i = 0; i < max && s[i] && o + 5 < n; i++) {
		unsigned char ch = (unsigned char)s[i];

		if (ch >= 0x20 && ch < 0x7f && ch != '\\') {
			out[o++] = (char)ch;
		} else {
			out[o++] = '\\';
			out[o++] = 'x';
			out[o++] = hex[ch >> 4];
			out[o++] = hex[ch & 15];
		}
	}
	if (s[i] && o + 4 <= n) {
		memcpy(out + o, "...", 3);
		o += 3;
	}
	out[o] = 0;
	return out;
}

#define ECHO_ITEM 32                   /* bytes of an item echoed */
#define ECHO_MECH 48                   /* bytes of the whole string echoed */

/* ---- the items ---- */

enum { F_MECH, F_ALG, F_STRENGTH, F_CAP, F_DF, NFIELDS };
static const char *const field_name[NFIELDS] = { "mechanism", "algorithm", "strength", "capability", "df" };

enum { MECH_HASH = JCA_DRBG_HASH, MECH_HMAC = JCA_DRBG_HMAC, MECH_CTR = JCA_DRBG_CTR };
static const char *const mech_name[] = { "", "Hash_DRBG", "HMAC_DRBG", "CTR_DRBG" };

static const struct word {
	const char *name;
	unsigned field, value;
} words[] = {
	{ "Hash_DRBG", F_MECH, MECH_HASH }, { "HMAC_DRBG", F_MECH, MECH_HMAC }, { "CTR_DRBG", F_MECH, MECH_CTR },
	/* none and reseed_only ask for the same thing: no prediction
	 * resistance unless a request asks for it (see jca/random.h) */
	{ "none", F_CAP, 0 }, { "reseed_only", F_CAP, 0 }, { "pr_and_reseed", F_CAP, 1 },
	{ "use_df", F_DF, 1 }, { "no_df", F_DF, 0 },
};

/* The algorithms: digests (aes 0) and AES (aes = key bits). */
static const struct alg {
	const char *name;
	unsigned strength;             /* SP 800-57 part 1, table 3 */
	unsigned aes;
} algs[] = {
	{ "SHA-1", 128, 0 }, { "SHA-224", 192, 0 }, { "SHA-256", 256, 0 }, { "SHA-384", 256, 0 },
	{ "SHA-512", 256, 0 }, { "SHA-512/224", 192, 0 }, { "SHA-512/256", 256, 0 },
	{ "AES-128", 128, 128 }, { "AES-192", 192, 192 }, { "AES-256", 256, 256 },
};
#define NALGS (sizeof algs / sizeof algs[0])

/* ASCII case-insensitive equality. */
static int name_eq(const char *a, const char *b)
{
	return jca__name_eq(a, b);
}

#define ITEM_MAX 32

/* The next comma-separated item of *s, trimmed of blanks: its start in
 * *p, its length returned. *s moves past the comma. */
static size_t next_item(const char **s, const char **p)
{
	const char *b = *s, *e;
	size_t len;

	while (*b == ' ' || *b == '\t')
		b++;
	e = strchr(b, ',');
	if (!e)
		e = b + strlen(b);
	len = (size_t)(e - b);
	while (len && (b[len - 1] == ' ' || b[len - 1] == '\t'))
		len--;
	*p = b;
	*s = *e ? e + 1 : NULL;
	return len;
}

/* A strength: one to three decimal digits, nothing else. */
static int parse_strength(const char *item, unsigned *out)
{
	unsigned v = 0;
	size_t i;

	for (i = 0; item[i]; i++) {
		if (item[i] < '0' || item[i] > '9' || i == 3)
			return -1;
		v = v * 10 + (unsigned)(item[i] - '0');
	}
	*out = v;
	return i ? 0 : -1;
}

/* What the string says, field by field; set[f] is 0 where it says nothing. */
typedef struct parsed {
	int set[NFIELDS];
	unsigned value[NFIELDS];
	char item[NFIELDS][ITEM_MAX];  /* the item as given, for messages */
} parsed;

static int parse(parsed *ps, const char *mechanism)
{
	char m[4 * ECHO_MECH + 8], a[4 * ECHO_ITEM + 8], b[4 * ECHO_ITEM + 8];
	const char *s = mechanism, *p;
	char item[ITEM_MAX];
	unsigned field, value;
	size_t len, i;
	int n = 0;

	memset(ps, 0, sizeof *ps);
	if (!s || !*s)
		return 0;                      /* the defaults */
	while (s) {
		n++;
		len = next_item(&s, &p);
		if (!len)
			return jca__error(JCA_EINVAL, "DRBG: item %d is empty in mechanism \"%s\"", n,
			                  escaped(m, sizeof m, mechanism, ECHO_MECH));
		if (len >= ITEM_MAX)
			return jca__error(JCA_EINVAL, "DRBG: item %d, \"%s\", is too long in mechanism \"%s\"", n,
			                  escaped(a, sizeof a, p, ECHO_ITEM), escaped(m, sizeof m, mechanism, ECHO_MECH));
		memcpy(item, p, len);
		item[len] = 0;
		field = NFIELDS;
		value = 0;
		for (i = 0; i < sizeof words / sizeof words[0] && field == NFIELDS; i++)
			if (name_eq(item, words[i].name)) {
				field = words[i].field;
				value = words[i].value;
			}
		for (i = 0; i < NALGS && field == NFIELDS; i++)
			if (name_eq(item, algs[i].name)) {
				field = F_ALG;
				value = (unsigned)i;
			}
		if (field == NFIELDS && item[0] >= '0' && item[0] <= '9') {
			if (parse_strength(item, &value) != 0 ||
			    (value != 112 && value != 128 && value != 192 && value != 256))
				return jca__error(JCA_EINVAL, "DRBG: strength \"%s\" is not 112, 128, 192 or 256 "
				                  "(in mechanism \"%s\")", escaped(a, sizeof a, item, ECHO_ITEM),
				                  escaped(m, sizeof m, mechanism, ECHO_MECH));
			field = F_STRENGTH;
		}
		if (field == NFIELDS)
			return jca__error(JCA_EINVAL, "DRBG: unknown item \"%s\" (expected Hash_DRBG, HMAC_DRBG, "
			                  "CTR_DRBG, SHA-*, AES-*, a strength, none, reseed_only, pr_and_reseed, use_df "
			                  "or no_df) in mechanism \"%s\"", escaped(a, sizeof a, item, ECHO_ITEM),
			                  escaped(m, sizeof m, mechanism, ECHO_MECH));
		if (ps->set[field] && ps->value[field] != value)
			return jca__error(JCA_EINVAL, "DRBG: \"%s\" and \"%s\" contradict each other (one %s) in "
			                  "mechanism \"%s\"", escaped(a, sizeof a, ps->item[field], ECHO_ITEM),
			                  escaped(b, sizeof b, item, ECHO_ITEM), field_name[field],
			                  escaped(m, sizeof m, mechanism, ECHO_MECH));
		if (!ps->set[field])
			memcpy(ps->item[field], item, len + 1);
		ps->set[field] = 1;
		ps->value[field] = value;
	}
	return 0;
}

/* ---- the configuration ---- */

int jca__drbg_configure(jca__drbg_cfg *c, const char *mechanism, unsigned strength, int pr)
{
	parsed ps;
	const struct alg *alg = NULL;
	unsigned mech, max, str;
	int rc;

	memset(c, 0, sizeof *c);
	if ((rc = parse(&ps, mechanism)) != 0)
		return rc;
	if (ps.set[F_ALG])
		alg = &algs[ps.value[F_ALG]];
	/* an algorithm alone picks its mechanism, as in the JDK */
	mech = ps.set[F_MECH] ? ps.value[F_MECH] : alg && !alg->aes ? MECH_HASH : MECH_CTR;
	if (mech == MECH_CTR) {
		if (alg && !alg->aes)
			return jca__error(JCA_EINVAL, "DRBG: CTR_DRBG runs on AES-128, AES-192 or AES-256, not %s",
			                  alg->name);
		if (!alg)
			alg = &algs[NALGS - 1];    /* AES-256 */
		c->use_df = !ps.set[F_DF] || ps.value[F_DF];
	} else {
		if (alg && alg->aes)
			return jca__error(JCA_EINVAL, "DRBG: %s runs on a SHA-1 or SHA-2 digest, not %s",
			                  mech_name[mech], alg->name);
		if (ps.set[F_DF])
			return jca__error(JCA_EINVAL, "DRBG: %s applies to CTR_DRBG only, not %s", ps.item[F_DF],
			                  mech_name[mech]);
		if (!alg)
			alg = &algs[2];            /* SHA-256 */
	}
	if (ps.set[F_CAP] && !ps.value[F_CAP] && pr)
		return jca__error(JCA_EINVAL, "DRBG: capability %s contradicts prediction_resistance = %d "
		                  "(give pr_and_reseed, or no capability)", ps.item[F_CAP], pr);
	max = alg->strength;
	str = ps.set[F_STRENGTH] ? ps.value[F_STRENGTH] : 0;
	if (strength && str && strength != str)
		return jca__error(JCA_EINVAL, "DRBG: strength %u and mechanism strength %u disagree", strength, str);
	if (!str)
		str = strength ? strength : max;
	if (str != 112 && str != 128 && str != 192 && str != 256)
		return jca__error(JCA_EINVAL, "DRBG: strength %u is not 112, 128, 192 or 256", str);
	if (str > max)
		return jca__error(JCA_EINVAL, "DRBG: %s offers at most %u bits of security strength, not %u",
		                  alg->name, max, str);
	c->mech = mech;
	c->alg = alg->name;
	c->strength = str;
	c->pr = (ps.set[F_CAP] && ps.value[F_CAP]) || pr;
	if (mech == MECH_CTR && !c->use_df) {
		/* 10.2.1.3.1: the entropy input is the whole seed (key + block),
		 * no nonce */
		size_t seedlen = alg->aes / 8 + 16;

		c->entropy_min = c->entropy_max = seedlen;
		c->nonce_min = 0;
		c->input_max = seedlen;
	} else {
		c->entropy_min = (str + 7) / 8;
		c->entropy_max = JCA__RANDOM_MAX_INPUT;
		c->nonce_min = (str / 2 + 7) / 8;
		c->input_max = JCA__RANDOM_MAX_INPUT;
	}
	/* what the generator does: it always reseeds (interval, fork,
	 * random_reseed), and with pr before every request */
	snprintf(c->desc, sizeof c->desc, "%s,%s,%u,%s%s", mech_name[mech], alg->name, str,
	         c->pr ? "pr_and_reseed" : "reseed_only",
	         mech != MECH_CTR ? "" : c->use_df ? ",use_df" : ",no_df");
	return 0;
}

void jca__drbg_args(jca_random_args *a, const jca__drbg_cfg *c)
{
	memset(a, 0, sizeof *a);
	a->struct_size = sizeof *a;
	a->mechanism = c->mech;
	a->algorithm = c->alg;
	a->strength = c->strength;
	a->prediction_resistance = c->pr;
	a->use_df = c->use_df;
}
