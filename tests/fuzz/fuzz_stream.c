/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer target: streaming equals one-shot, and every backend agrees.
 *
 * The first byte picks a target among every MessageDigest implementation
 * (by driver name: "sha256-generic", "sha256-shani", ...), every Mac and
 * every AES implementation in every mode and padding of the built-in
 * provider (listed once at start-up, so whatever this CPU and build offer
 * is covered). The next bytes give flags, a list of update sizes, key and
 * IV; the rest is the message. Checked:
 *  - MessageDigest / Mac: updates of the given sizes (cycled) give the
 *    one-shot result of the reference (the algorithm's default binding);
 *    a clone taken half-way finishes the same; XOF output of any length;
 *    mac_reset drops input;
 *  - Cipher, encryption: the same chunks through cipher_update then
 *    cipher_do_final (optionally in place) give exactly the one-shot output
 *    of the portable aes-generic; every call writes at most
 *    cipher_output_size() bytes, into a buffer of exactly that size;
 *    decryption gives the message back;
 *  - Cipher, decryption of arbitrary bytes: never crashes; fails only with
 *    JCA_BADPAD (padding) or JCA_NOTBLOCK (length), the same as one-shot and
 *    as the reference; on success the streamed plaintext equals one-shot.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "../outlen.h"

enum { T_MD, T_MAC, T_CIPHER };

typedef struct target {
	int kind;
	char name[96];         /* what get_instance is called with */
	char ref[96];          /* reference for the result */
	int xof;
	int padding;           /* cipher: PKCS5Padding */
} target;

static target targets[256];
static size_t ntargets;

static void add(int kind, const char *name, const char *ref, int xof, int padding)
{
	target *t;

	if (ntargets >= sizeof targets / sizeof targets[0])
		return;
	t = &targets[ntargets++];
	t->kind = kind;
	snprintf(t->name, sizeof t->name, "%s", name);
	snprintf(t->ref, sizeof t->ref, "%s", ref);
	t->xof = xof;
	t->padding = padding;
}

static void enumerate(void)
{
	const jca_provider *p = jca_provider_find("builtin");
	const jca_service *s;
	size_t i, j;

	if (!p)
		abort();
	for (i = 0; jca_provider_service_at(p, i, &s) == 0; i++) {
		const char *alg = jca_service_algorithm(s);
		jca_impl_info info;

		switch (jca_service_type_of(s)) {
		case JCA_MESSAGE_DIGEST:
			for (j = 0; jca_service_impl_at(s, j, &info) == 0; j++)
				if (info.available)
					add(T_MD, info.name, alg, strncmp(alg, "SHAKE", 5) == 0, 0);
			break;
		case JCA_MAC:
			add(T_MAC, alg, alg, 0, 0);
			break;
		case JCA_CIPHER:
			/* AES's block modes (the AEADs of their own, ChaCha20-Poly1305
			 * and its kin, are split and compared by tests/check_chacha.c
			 * and check_backends.c) */
			if (strcmp(alg, "AES") != 0)
				break;
			for (j = 0; jca_service_impl_at(s, j, &info) == 0; j++) {
				static const char *const mp[] = { "CBC/NoPadding", "CBC/PKCS5Padding", "ECB/NoPadding",
				                                  "ECB/PKCS5Padding" };
				char name[96], ref[96];
				size_t k;

				if (!info.available)
					continue;
				for (k = 0; k < 4; k++) {
					snprintf(name, sizeof name, "%s/%s", info.name, mp[k]);
					snprintf(ref, sizeof ref, "aes-generic/%s", mp[k]);
					add(T_CIPHER, name, ref, 0, k & 1);
				}
			}
			break;
		default:
			break;        /* SecureRandom, KDF: not streamed here */
		}
	}
	if (!ntargets)
		abort();
}

typedef struct {
	const uint8_t *p;
	size_t n;
} rd;

static unsigned u8(rd *r)
{
	if (!r->n)
		return 0;
	r->n--;
	return *r->p++;
}

/* Chunk sizes, cycled; 0 sizes allowed (empty updates) as long as some
 * size is not 0; 255 stands for a large chunk. */
typedef struct {
	uint8_t sizes[16];
	size_t n, at;
	int allzero;
} chunks;

static size_t next_chunk(chunks *c, size_t left)
{
	size_t s;

	if (!c->n || c->allzero)
		return left;
	s = c->sizes[c->at++ % c->n];
	if (s == 255)
		s = 1000;
	return s < left ? s : left;
}

/* The empty input of a final call: NULL, as the API allows (in may be
 * NULL when in_len is 0). -DFUZZ_NONNULL_EMPTY passes a valid pointer
 * instead, to fuzz on past that case. */
#ifdef FUZZ_NONNULL_EMPTY
static const uint8_t empty_in[1];
#define EMPTY_IN empty_in
#else
#define EMPTY_IN NULL
#endif

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		abort();
	return p;
}

static void do_md(const target *t, rd *r, const uint8_t *msg, size_t len, chunks *ch)
{
	md_ctx *ref = md_get_instance(t->ref), *md = md_get_instance(t->name), *cl = NULL;
	size_t olen, off = 0, half = len / 2;
	uint8_t *a, *b, *c;

	if (!ref || !md)
		abort();
	olen = t->xof ? u8(r) * 3u : md_length(ref);
	a = xmalloc(olen);
	b = xmalloc(olen);
	c = xmalloc(olen);
	md_update(ref, msg, len);
	if (tu_digest(ref, a, olen) != (int)olen)
		abort();
	while (off < half) {
		size_t n = next_chunk(ch, half - off);

		md_update(md, msg + off, n);
		off += n;
	}
	cl = md_clone(md);
	if (!cl)
		abort();
	while (off < len) {
		size_t n = next_chunk(ch, len - off);

		md_update(md, msg + off, n);
		off += n;
	}
	md_update(cl, msg + half, len - half);
	if (tu_digest(md, b, olen) != (int)olen || tu_digest(cl, c, olen) != (int)olen)
		abort();
	if (memcmp(a, b, olen) || memcmp(a, c, olen)) {
		fprintf(stderr, "%s: streamed or cloned digest differs from %s one-shot\n", t->name, t->ref);
		abort();
	}
	/* reuse after digest: a fresh state */
	md_update(md, msg, len);
	tu_digest(md, b, olen);
	if (memcmp(a, b, olen))
		abort();
	md_free(ref);
	md_free(md);
	md_free(cl);
	free(a);
	free(b);
	free(c);
}

static void do_mac(const target *t, rd *r, const uint8_t *msg, size_t len, chunks *ch)
{
	mac_ctx *ref = mac_get_instance(t->ref), *m = mac_get_instance(t->name), *cl;
	size_t klen = u8(r) * 2u, off = 0, ml;
	uint8_t *key = xmalloc(klen), a[128], b[128], c[128];

	if (!ref || !m)
		abort();
	memset(key, 0x42, klen);
	if (r->n)
		memcpy(key, r->p, klen < r->n ? klen : r->n);
	ml = mac_length(ref);
	if (mac_init(ref, key, klen) || mac_init(m, key, klen))
		abort();
	mac_update(ref, msg, len);
	if (tu_mac_final(ref, a, sizeof a) != (int)ml)
		abort();
	/* input that mac_reset must drop */
	mac_update(m, "garbage", 7);
	mac_reset(m);
	while (off < len) {
		size_t n = next_chunk(ch, len - off);

		mac_update(m, msg + off, n);
		off += n;
	}
	cl = mac_clone(m);
	if (!cl || tu_mac_final(m, b, sizeof b) != (int)ml || tu_mac_final(cl, c, sizeof c) != (int)ml)
		abort();
	if (memcmp(a, b, ml) || memcmp(a, c, ml)) {
		fprintf(stderr, "%s: streamed Mac differs from one-shot\n", t->name);
		abort();
	}
	/* back to the keyed state after do_final */
	mac_update(m, msg, len);
	tu_mac_final(m, b, sizeof b);
	if (memcmp(a, b, ml))
		abort();
	mac_free(ref);
	mac_free(m);
	mac_free(cl);
	free(key);
}

/* Output of a whole operation, grown as calls write. */
typedef struct {
	uint8_t *p;
	size_t n;
} buf;

static void append(buf *b, const uint8_t *p, size_t n)
{
	b->p = realloc(b->p, b->n + n + 1);
	if (!b->p)
		abort();
	memcpy(b->p + b->n, p, n);
	b->n += n;
}

/* One-shot: cipher_do_final on the whole input. */
static int oneshot(cipher_ctx *c, const uint8_t *in, size_t len, buf *out)
{
	size_t need = cipher_output_size(c, len), n = 0;
	uint8_t *o = xmalloc(need);
	int rc = cipher_do_final(c, in, len, o, need, &n);

	if (rc == 0) {
		if (n > need)
			abort();
		append(out, o, n);
	}
	free(o);
	return rc;
}

/* Streamed: cipher_update per chunk, then cipher_do_final of nothing or of
 * the last chunk. Every output buffer is exactly cipher_output_size(). */
static int streamed(cipher_ctx *c, const uint8_t *in, size_t len, chunks *ch, int in_place, int final_last,
                    buf *out)
{
	size_t off = 0, n;
	int rc;

	do {
		size_t k = next_chunk(ch, len - off), need, size;
		uint8_t *o;
		int last = off + k >= len;

		need = cipher_output_size(c, k);
		size = in_place && k > need ? k : need;
		o = xmalloc(size);
		if (in_place)
			memcpy(o, in + off, k);
		if (last && final_last) {
			rc = cipher_do_final(c, in_place ? o : in + off, k, o, size, &n);
			if (rc == 0) {
				if (n > need)
					abort();
				append(out, o, n);
			}
			free(o);
			return rc;
		}
		rc = cipher_update(c, in_place ? o : in + off, k, o, size, &n);
		if (rc != 0) {
			fprintf(stderr, "cipher_update failed: %s\n", jca_last_error_message());
			abort();
		}
		if (n > need)
			abort();
		append(out, o, n);
		free(o);
		off += k;
	} while (off < len);
	n = 0;
	{
		size_t need = cipher_output_size(c, 0);
		uint8_t *o = xmalloc(need);

		rc = cipher_do_final(c, EMPTY_IN, 0, o, need, &n);
		if (rc == 0) {
			if (n > need)
				abort();
			append(out, o, n);
		}
		free(o);
	}
	return rc;
}

static void do_cipher(const target *t, rd *r, unsigned flags, const uint8_t *msg, size_t len, chunks *ch)
{
	static const size_t klens[] = { 16, 24, 32, 16 };
	cipher_ctx *ref = cipher_get_instance(t->ref), *c = cipher_get_instance(t->name);
	size_t klen = klens[(flags >> 1) & 3], i, ivl;
	uint8_t key[32], iv[16];
	buf a = { 0 }, b = { 0 }, d = { 0 };
	int ra, rb, in_place = (flags >> 3) & 1, final_last = (flags >> 4) & 1;

	if (!ref || !c)
		abort();
	for (i = 0; i < sizeof key; i++)
		key[i] = (uint8_t)u8(r);
	for (i = 0; i < sizeof iv; i++)
		iv[i] = (uint8_t)u8(r);
	ivl = cipher_iv_length(c);
	if (ivl != cipher_iv_length(ref) || (ivl && ivl != 16))
		abort();

	if (flags & 1) {
		/* decrypt arbitrary bytes */
		if (cipher_init(ref, JCA_DECRYPT, key, klen, ivl ? iv : NULL, ivl) ||
		    cipher_init(c, JCA_DECRYPT, key, klen, ivl ? iv : NULL, ivl))
			abort();
		ra = oneshot(ref, msg, len, &a);
		if (ra != 0 && ra != JCA_BADPAD && ra != JCA_NOTBLOCK) {
			fprintf(stderr, "%s: decryption failed with %s\n", t->ref, jca_error_name(ra));
			abort();
		}
		if (!t->padding && ra == JCA_BADPAD)
			abort();
		rb = oneshot(c, msg, len, &b);
		if (rb != ra || (ra == 0 && (a.n != b.n || memcmp(a.p, b.p, a.n)))) {
			fprintf(stderr, "%s: one-shot decryption differs from %s (%s vs %s)\n", t->name, t->ref,
			        jca_error_name(rb), jca_error_name(ra));
			abort();
		}
		/* after a failed do_final the object is as before: go again */
		rb = streamed(c, msg, len, ch, in_place, final_last, &d);
		if (rb != ra) {
			fprintf(stderr, "%s: streamed decryption gives %s, one-shot %s\n", t->name, jca_error_name(rb),
			        jca_error_name(ra));
			abort();
		}
		if (ra == 0 && (d.n != a.n || memcmp(d.p, a.p, a.n))) {
			fprintf(stderr, "%s: streamed plaintext differs\n", t->name);
			abort();
		}
		if (ra == 0 && t->padding && a.n + 16 < len)
			abort();
	} else {
		if (cipher_init(ref, JCA_ENCRYPT, key, klen, ivl ? iv : NULL, ivl) ||
		    cipher_init(c, JCA_ENCRYPT, key, klen, ivl ? iv : NULL, ivl))
			abort();
		ra = oneshot(ref, msg, len, &a);
		rb = streamed(c, msg, len, ch, in_place, final_last, &b);
		if (ra != rb || (ra && ra != JCA_NOTBLOCK) || (ra == JCA_NOTBLOCK && t->padding))
			abort();
		if (ra == 0) {
			if (a.n != b.n || memcmp(a.p, b.p, a.n)) {
				fprintf(stderr, "%s: streamed ciphertext differs from %s one-shot\n", t->name, t->ref);
				abort();
			}
			/* and back */
			if (cipher_init(c, JCA_DECRYPT, key, klen, ivl ? iv : NULL, ivl))
				abort();
			if (streamed(c, a.p, a.n, ch, !in_place, !final_last, &d) != 0 || d.n != len ||
			    (len && memcmp(d.p, msg, len))) {
				fprintf(stderr, "%s: decryption does not give the message back\n", t->name);
				abort();
			}
		}
	}
	free(a.p);
	free(b.p);
	free(d.p);
	cipher_free(ref);
	cipher_free(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	rd r = { data, size };
	const target *t;
	unsigned sel, flags;
	chunks ch = { { 0 }, 0, 0, 0 };
	size_t i, keep;
	const uint8_t *msg;
	uint8_t *copy;

	if (!ntargets)
		enumerate();
	sel = u8(&r);
	flags = u8(&r);
	t = &targets[sel % ntargets];
	ch.n = u8(&r) % 17;
	ch.allzero = 1;
	for (i = 0; i < ch.n; i++) {
		ch.sizes[i] = (uint8_t)u8(&r);
		if (ch.sizes[i])
			ch.allzero = 0;
	}
	/* key material comes next (read by the per-kind code); the message is
	 * what is left after 48 bytes, copied to an exactly-sized block */
	keep = r.n > 48 ? r.n - 48 : 0;
	msg = r.p + (r.n - keep);
	copy = xmalloc(keep);
	memcpy(copy, msg, keep);
	switch (t->kind) {
	case T_MD: do_md(t, &r, copy, keep, &ch); break;
	case T_MAC: do_mac(t, &r, copy, keep, &ch); break;
	default: do_cipher(t, &r, flags, copy, keep, &ch); break;
	}
	free(copy);
	return 0;
}
