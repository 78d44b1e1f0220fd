/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Nearest names: a name that resolves to nothing gets the names of its
 * type that are close to it ("SHA-265": did you mean "SHA-256"?), for the
 * message of the failed lookup. The failure path only, and bounded: no
 * allocation, at most NEAR_LEN bytes of a name compared, and each
 * comparison computed only within the band of distances that could still
 * be suggested.
 *
 * Two names are compared with ASCII case and the separators '-', '_', '/'
 * and ' ' left out ("sha3256" is "SHA3-256"), by their optimal string
 * alignment distance: the edits (insert, delete, replace a byte, swap two
 * adjacent ones) that turn one into the other. A name is suggested when
 * its distance is below a quarter of the length of the name asked for
 * (at most NEAR_DIST), and only the closest ones, at most NEAR_MAX.
 * Entries are the table's names of the same type (canonical names,
 * aliases, implementations' names); the suggestion is the canonical name.
 */
#include <stdio.h>
#include <string.h>

#include "registry_int.h"

#define NEAR_LEN 64     /* longest name compared, separators left out */
#define NEAR_DIST 3     /* largest distance suggested */
#define NEAR_MAX 3      /* suggestions at most */
#define FAR (NEAR_DIST + 1)

static int is_separator(char c)
{
	return c == '-' || c == '_' || c == '/' || c == ' ';
}

/* The n bytes of a folded name without their separators, into out
 * (NEAR_LEN bytes): their number, or NEAR_LEN + 1 when they do not fit. */
static size_t squeeze(const char *name, size_t n, char *out)
{
	size_t i, len = 0;

	for (i = 0; i < n; i++) {
		if (is_separator(name[i]))
			continue;
		if (len == NEAR_LEN)
			return NEAR_LEN + 1;
		out[len++] = name[i];
	}
	return len;
}

/* The distance a name of n bytes (squeezed, n >= 1) may be from a
 * suggestion: one edit from 5 bytes on, two from 9, three from 13. A name
 * of up to 4 bytes may differ only in case and separators: "SHA3" is not
 * a typo of "SHA1". */
static unsigned allowed(size_t n)
{
	return (n - 1) / 4 < NEAR_DIST ? (unsigned)((n - 1) / 4) : NEAR_DIST;
}

static unsigned min2(unsigned a, unsigned b)
{
	return a < b ? a : b;
}

/* The optimal string alignment distance of a (n bytes) and b (m bytes),
 * or FAR when it is above max (<= NEAR_DIST). Row i holds the distances
 * of a's first i bytes to b's prefixes; only the cells within max of the
 * diagonal are computed (the others are above max), the cells just
 * outside the band are set to FAR, and three rows are kept (a swap looks
 * two rows back). */
static unsigned distance(const char *a, size_t n, const char *b, size_t m, unsigned max)
{
	unsigned rows[3][NEAR_LEN + 2];
	unsigned *back2 = rows[0], *back = rows[1], *cur = rows[2], *t;
	size_t i, j, lo, hi;

	if ((n > m ? n - m : m - n) > max)
		return FAR;
	for (j = 0; j <= m; j++)
		back[j] = j <= max ? (unsigned)j : FAR;
	for (i = 1; i <= n; i++) {
		unsigned best;

		lo = i > max ? i - max : 1;
		hi = i + max < m ? i + max : m;
		best = lo == 1 && i <= max ? (unsigned)i : FAR;    /* column 0, or just left of the band */
		cur[lo - 1] = best;
		if (hi < m)
			cur[hi + 1] = FAR;
		for (j = lo; j <= hi; j++) {
			unsigned d = min2(back[j], cur[j - 1]) + 1;

			d = min2(d, back[j - 1] + (a[i - 1] != b[j - 1]));
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
				d = min2(d, back2[j - 2] + 1);
			cur[j] = min2(d, FAR);
			best = min2(best, cur[j]);
		}
		if (best > max)
			return FAR;
		t = back2;
		back2 = back;
		back = cur;
		cur = t;
	}
	return back[m] <= max ? back[m] : FAR;
}

/* The name to suggest for entry e: the algorithm when e's key is its
 * name, else the canonical name the key resolves to ("AES/GCM/NoPadding"
 * for "aes/gcm/nopadding"); NULL when that name would not resolve in
 * table (a name disabled by policy). */
static const char *suggestion(const jca__entry *table, const jca__entry *e)
{
	const char *alg = e->r.svc->algorithm;
	char key[JCA__MAX_NAME + 8];
	const jca__entry *hit;
	size_t klen;

	/* (a key is not NUL-terminated: the canonical name follows it) */
	if (strlen(alg) == e->klen - 1 && jca__name_eqn(e->key + 1, alg, e->klen - 1))
		return alg;
	klen = jca__make_key(key, (jca_service_type)(unsigned char)e->key[0], e->r.canon);
	if (!klen)
		return NULL;
	HASH_FIND(hh, table, key, klen, hit);
	return hit ? e->r.canon : NULL;
}

size_t jca__suggest(const jca__entry *table, const char *key, size_t klen, char *out, size_t n)
{
	char want[NEAR_LEN], have[NEAR_LEN];
	const char *near[NEAR_MAX];
	const jca__entry *e, *tmp;
	size_t wlen, hlen, count = 0, i;
	unsigned best;

	out[0] = 0;
	wlen = squeeze(key + 1, klen - 1, want);
	if (wlen == 0 || wlen > NEAR_LEN)
		return 0;
	best = allowed(wlen);    /* lowered to the closest distance found */
	HASH_ITER(hh, (jca__entry *)table, e, tmp) {
		const char *name;
		unsigned d;

		if (e->key[0] != key[0] || !e->r.svc)
			continue;
		hlen = squeeze(e->key + 1, e->klen - 1, have);
		if (hlen > NEAR_LEN || (d = distance(want, wlen, have, hlen, best)) > best)
			continue;
		if (!(name = suggestion(table, e)))
			continue;
		if (d < best || count == 0) {
			best = d;
			count = 0;
		}
		for (i = 0; i < count && !jca__name_eq(near[i], name); i++)
			;
		if (i == count && count < NEAR_MAX)
			near[count++] = name;
	}
	/* ; did you mean "A"? | "A" or "B"? | "A", "B" or "C"? */
	if (count) {
		size_t len = (size_t)snprintf(out, n, "; did you mean \"%s\"", near[0]);

		for (i = 1; i < count && len < n; i++)
			len += (size_t)snprintf(out + len, n - len, "%s\"%s\"", i == count - 1 ? " or " : ", ", near[i]);
		if (len < n)
			snprintf(out + len, n - len, "?");
	}
	return count;
}
