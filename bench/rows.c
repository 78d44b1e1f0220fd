/* SPDX-License-Identifier: Apache-2.0 */
/* jca-bench: the row model. The table of families, adding rows, filters. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

extern const bench_family bench_family_md, bench_family_cipher, bench_family_mac;
extern const bench_family bench_family_gcm;
extern const bench_family bench_family_rand;
extern const bench_family bench_family_pkey;
extern const bench_family bench_family_kem;

/* Every family of rows, in the order their rows run: one line each. */
const bench_family *const bench_families[] = {
	&bench_family_md,
	&bench_family_cipher,
	&bench_family_mac,
	&bench_family_gcm,
	&bench_family_rand,
	&bench_family_pkey,
	&bench_family_kem,
};
const size_t bench_nfamilies = sizeof bench_families / sizeof bench_families[0];

const char *lib_name(int lib)
{
	static const char *const names[] = { "jca", "ossl", "gcry", "nettle" };

	return lib >= 0 && lib < (int)(sizeof names / sizeof names[0]) ? names[lib] : "?";
}

bench *rows;
int nrows;
static int cap_rows;

int add_row(const kind *k, param p, int vs)
{
	bench *b;
	char *q;
	size_t room;

	if (nrows == cap_rows) {
		cap_rows = cap_rows ? 2 * cap_rows : 256;
		rows = realloc(rows, (size_t)cap_rows * sizeof *rows);
		if (!rows)
			exit(1);
	}
	b = &rows[nrows];
	memset(b, 0, sizeof *b);
	b->k = k;
	b->p = p;
	b->vs = vs;
	q = b->params;
	room = sizeof b->params;
	if (p.keylen && !strncmp(k->group, "AES", 3))
		snprintf(q, room, "key=%zu,len=%zu%s", 8 * p.keylen, p.len, p.inplace ? ",inplace" : "");
	else if (p.spec && p.len)
		snprintf(q, room, "alg=%s,key=%s,len=%zu", p.alg, p.spec, p.len);
	else if (p.spec)
		snprintf(q, room, "alg=%s,key=%s", p.alg, p.spec);
	else if (p.len && strncmp(k->group, "Get", 3))
		snprintf(q, room, "alg=%s,len=%zu", p.alg, p.len);
	else
		snprintf(q, room, "alg=%s", p.alg);
	return nrows++;
}

void build_rows(void)
{
	for (size_t i = 0; i < bench_nfamilies; i++)
		bench_families[i]->rows();
}

void row_text(const bench *b, char *buf, size_t size)
{
	snprintf(buf, size, "%s.%s %s %s", b->k->group, b->k->name, lib_name(b->k->lib), b->params);
}

/* Does every '+'-separated term of filter f occur in text? */
static int filter_match(const char *f, const char *text)
{
	char term[256];

	while (*f) {
		size_t n = strcspn(f, "+");

		if (n >= sizeof term)
			n = sizeof term - 1;
		memcpy(term, f, n);
		term[n] = 0;
		if (n && !strstr(text, term))
			return 0;
		f += n;
		if (*f == '+')
			f++;
	}
	return 1;
}

void select_rows(void)
{
	char text[256];

	for (int i = 0; i < nrows; i++) {
		rows[i].selected = opt.nfilters == 0;
		row_text(&rows[i], text, sizeof text);
		for (int f = 0; f < opt.nfilters && !rows[i].selected; f++)
			rows[i].selected = filter_match(opt.filters[f], text);
	}
}

const bench *find_row(const char *group, const char *name, int lib, const char *params)
{
	for (int i = 0; i < nrows; i++) {
		const bench *b = &rows[i];

		if (b->r[0].done && b->k->lib == lib && !strcmp(b->k->group, group) &&
		    !strcmp(b->k->name, name) && !strcmp(b->params, params))
			return b;
	}
	return NULL;
}
