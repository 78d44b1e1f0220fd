/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Streaming AEAD (jca/stream.h), through the public API: round trips at
 * and around every segment boundary, with and without associated data;
 * the known answers of tests/stream_ref.py (tests/stream_kat.h: Tink's
 * format written independently over Python's cryptography), reproduced
 * byte for byte and decrypted; and every refusal: truncation at each
 * segment boundary and inside the header, swapped and spliced segments, a
 * flipped bit in each segment and header byte, a missing last flag,
 * trailing bytes, a segment after the last, the 2^32-segment limit, bad
 * parameters. ChaCha20-Poly1305 runs when a provider offers it, else SKIP.
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "testutil.h"
#include "stream_kat.h"

#define TAG 16

static const uint8_t key32[32] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
	                           17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32 };

static int have_chacha(void)
{
	cipher_ctx *c = cipher_get_instance("ChaCha20-Poly1305");

	cipher_free(c);
	return c != NULL;
}

static jca_stream_params params(const char *aead, size_t seg, const char *aad)
{
	jca_stream_params p;

	memset(&p, 0, sizeof p);
	p.aead = aead;
	p.segment_size = seg;
	p.aad = aad;
	p.aad_len = aad ? strlen(aad) : 0;
	return p;
}

static void pattern(uint8_t *b, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		b[i] = (uint8_t)(seed + 7 * i + (i >> 8));
}

/* Encrypts msg as Tink does: a full segment waits until more data comes.
 * Returns the file (malloc'd). */
static uint8_t *enc_all(const jca_stream_params *p, const uint8_t *key, size_t klen, const uint8_t *msg,
                        size_t n, size_t *ct_len)
{
	jca_stream *s = jca_stream_new(JCA_ENCRYPT, key, klen, p);
	size_t seg, pos = 0, len = 0, got;
	uint8_t *ct;

	ck_assert_msg(s != NULL, "jca_stream_new: %s", jca_last_error_message());
	seg = jca_stream_segment_size(s);
	ct = malloc(jca_stream_header_length(s) + (n / (seg - TAG) + 2) * seg);
	ck_assert_int_eq(jca_stream_write_header(s, ct, 64, &len), 0);
	for (;;) {
		size_t want = jca_stream_in_length(s);
		int last = n - pos <= want;
		size_t take = last ? n - pos : want;

		ck_assert_int_eq(jca_stream_seal(s, msg + pos, take, last, ct + len, take + TAG, &got), 0);
		ck_assert_uint_eq(got, take + TAG);
		pos += take;
		len += got;
		if (last)
			break;
	}
	ck_assert_int_eq(jca_stream_finish(s), 0);
	ck_assert_uint_eq(jca_stream_in_length(s), 0);
	jca_stream_free(s);
	*ct_len = len;
	return ct;
}

/* Decrypts a file as a reader does (a segment is the last when the input
 * ends with it). Returns 0 or the first error; *out (malloc'd) the
 * plaintext released. */
static int dec_all(const jca_stream_params *p, const uint8_t *key, size_t klen, const uint8_t *ct, size_t n,
                   uint8_t **out, size_t *out_len)
{
	jca_stream *s = jca_stream_new(JCA_DECRYPT, key, klen, p);
	size_t h, pos, len = 0, got;
	uint8_t *pt = malloc(n + 1);
	int rc;

	ck_assert_msg(s != NULL, "jca_stream_new: %s", jca_last_error_message());
	h = jca_stream_header_length(s);
	rc = jca_stream_read_header(s, ct, n < h ? n : h);
	for (pos = h; !rc;) {
		size_t want = jca_stream_in_length(s);
		int last = pos + want >= n;
		size_t take = last ? n - pos : want;

		memset(pt + len, 0xa5, take);
		rc = jca_stream_open(s, ct + pos, take, last, pt + len, take, &got);
		if (rc) {
			ck_assert_uint_eq(got, 0);
			break;
		}
		pos += take;
		len += got;
		if (last) {
			rc = jca_stream_finish(s);
			break;
		}
	}
	jca_stream_free(s);
	*out = pt;
	*out_len = len;
	return rc;
}

static int dec_rc(const jca_stream_params *p, const uint8_t *key, size_t klen, const uint8_t *ct, size_t n)
{
	uint8_t *pt;
	size_t len;
	int rc = dec_all(p, key, klen, ct, n, &pt, &len);

	free(pt);
	return rc;
}

static void round_trip(const char *aead, size_t klen, size_t seg, const char *aad, size_t n)
{
	jca_stream_params p = params(aead, seg, aad);
	uint8_t *msg = malloc(n + 1), *ct, *pt;
	size_t ct_len, pt_len, h = 1 + klen + 7;
	size_t p0 = seg - h - TAG, full = seg - TAG;
	size_t segs = n <= p0 ? 1 : 1 + (n - p0 + full - 1) / full;

	pattern(msg, n, (unsigned)n);
	ct = enc_all(&p, key32, klen, msg, n, &ct_len);
	ck_assert_uint_eq(ct_len, h + n + segs * TAG);
	ck_assert_uint_eq(ct[0], h);
	ck_assert_msg(dec_all(&p, key32, klen, ct, ct_len, &pt, &pt_len) == 0, "%s %zu: %s", aead, n,
	              jca_last_error_message());
	ck_assert_uint_eq(pt_len, n);
	ck_assert(n == 0 || memcmp(pt, msg, n) == 0);
	free(pt);
	/* the other AAD, another key: refused at the first segment */
	{
		jca_stream_params q = params(aead, seg, aad ? NULL : "x");
		uint8_t other[32];

		ck_assert_int_eq(dec_rc(&q, key32, klen, ct, ct_len), JCA_BADTAG);
		memcpy(other, key32, sizeof other);
		other[klen - 1] ^= 1;
		ck_assert_int_eq(dec_rc(&p, other, klen, ct, ct_len), JCA_BADTAG);
	}
	free(ct);
	free(msg);
}

static void round_trips(const char *aead, size_t klen, size_t seg)
{
	size_t h = 1 + klen + 7, p0 = seg - h - TAG, full = seg - TAG;
	const size_t sizes[] = { 0, 1, p0 - 1, p0, p0 + 1, p0 + full - 1, p0 + full, p0 + full + 1,
		                 p0 + 3 * full + 5, p0 + 5 * full };

	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		round_trip(aead, klen, seg, NULL, sizes[i]);
		round_trip(aead, klen, seg, "associated data", sizes[i]);
	}
}

START_TEST(test_round_trips)
{
	round_trips("AES/GCM/NoPadding", 16, 4096);
	round_trips("AES/GCM/NoPadding", 32, 4096);
	round_trips("AES/GCM/NoPadding", 16, 1 + 16 + 7 + TAG + 1);     /* the smallest: one byte in segment 0 */
	round_trips("AES/GCM/NoPadding", 32, 100);
	round_trips(NULL, 32, 1000);                                   /* NULL: AES/GCM/NoPadding */
	if (have_chacha()) {
		round_trips("ChaCha20-Poly1305", 32, 4096);
		round_trips("ChaCha20-Poly1305", 32, 77);
	}
}
END_TEST

/* Two encryptions of one message differ (random salt and prefix). */
START_TEST(test_fresh_header)
{
	jca_stream_params p = params("AES/GCM/NoPadding", 4096, NULL);
	uint8_t msg[100] = { 0 }, *a, *b;
	size_t na, nb;

	a = enc_all(&p, key32, 16, msg, sizeof msg, &na);
	b = enc_all(&p, key32, 16, msg, sizeof msg, &nb);
	ck_assert_uint_eq(na, nb);
	ck_assert(memcmp(a + 1, b + 1, 16) != 0);
	ck_assert(memcmp(a + 17, b + 17, 7) != 0);
	free(a);
	free(b);
}
END_TEST

static void known_answers(void)
{
	int chacha = have_chacha(), ran = 0;

	for (size_t i = 0; i < sizeof stream_kats / sizeof stream_kats[0]; i++) {
		const struct stream_kat *k = &stream_kats[i];
		uint8_t *key, *salt, *prefix, *aad, *want, *msg, *ct, *pt;
		size_t klen, l, aad_len, want_len, ct_len, pt_len;
		jca_stream_params p;

		if (!strcmp(k->aead, "ChaCha20-Poly1305") && !chacha)
			continue;
		key = tu_unhex(k->key, &klen);
		salt = tu_unhex(k->salt, &l);
		prefix = tu_unhex(k->prefix, &l);
		aad = tu_unhex(k->aad, &aad_len);
		want = tu_unhex(k->ct, &want_len);
		msg = malloc(k->size + 1);
		pattern(msg, k->size, k->seed);
		p = params(k->aead, k->segment_size, NULL);
		p.aad = aad;
		p.aad_len = aad_len;
		p.salt = salt;
		p.nonce_prefix = prefix;
		ct = enc_all(&p, key, klen, msg, k->size, &ct_len);
		ck_assert_msg(ct_len == want_len && memcmp(ct, want, ct_len) == 0, "known answer %zu differs", i);
		ck_assert_int_eq(dec_all(&p, key, klen, want, want_len, &pt, &pt_len), 0);
		ck_assert_uint_eq(pt_len, k->size);
		ck_assert(k->size == 0 || memcmp(pt, msg, k->size) == 0);
		free(pt);
		free(ct);
		free(msg);
		free(want);
		free(aad);
		free(prefix);
		free(salt);
		free(key);
		ran++;
	}
	ck_assert_int_ge(ran, 7);
	if (!chacha)
		printf("SKIP: ChaCha20-Poly1305 known answers: no provider offers ChaCha20-Poly1305\n");
}

START_TEST(test_known_answers)
{
	known_answers();
}
END_TEST

/* A file of 1 + 4 segments (S = 64, AES-128: H = 24), for the refusals. */
#define S 64
#define H 24
#define NSEG 5
#define MSGLEN (S - H - TAG + 3 * (S - TAG) + 20)

static uint8_t *file_of(const jca_stream_params *p, size_t *n)
{
	uint8_t msg[MSGLEN];

	pattern(msg, sizeof msg, 3);
	return enc_all(p, key32, 16, msg, sizeof msg, n);
}

/* Offset of segment i in a file. */
static size_t seg_at(size_t i)
{
	return i == 0 ? H : (size_t)S * i;
}

START_TEST(test_truncation)
{
	jca_stream_params p = params("AES/GCM/NoPadding", S, NULL);
	size_t n, i;
	uint8_t *ct = file_of(&p, &n);

	ck_assert_uint_eq(n, (size_t)S * (NSEG - 1) + 20 + TAG);
	ck_assert_int_eq(dec_rc(&p, key32, 16, ct, n), 0);
	/* inside the header, and just the header */
	for (i = 0; i <= H; i++)
		ck_assert_msg(dec_rc(&p, key32, 16, ct, i) == JCA_TRUNCATED, "cut at %zu: %s", i,
		              jca_last_error_message());
	/* at each segment boundary: the segment before is not marked last */
	for (i = 1; i < NSEG; i++)
		ck_assert_msg(dec_rc(&p, key32, 16, ct, seg_at(i)) == JCA_TRUNCATED, "cut after segment %zu: %s",
		              i - 1, jca_last_error_message());
	/* inside a segment: fewer bytes than a tag, or a tag that fails */
	ck_assert_int_eq(dec_rc(&p, key32, 16, ct, seg_at(2) + 5), JCA_TRUNCATED);
	ck_assert_int_eq(dec_rc(&p, key32, 16, ct, seg_at(2) + 30), JCA_BADTAG);
	ck_assert_int_eq(dec_rc(&p, key32, 16, ct, n - 1), JCA_BADTAG);
	/* a reader that stops early: finish says so */
	{
		jca_stream *s = jca_stream_new(JCA_DECRYPT, key32, 16, &p);
		uint8_t out[S];
		size_t got;

		ck_assert_int_eq(jca_stream_read_header(s, ct, H), 0);
		ck_assert_int_eq(jca_stream_finish(s), JCA_TRUNCATED);
		ck_assert_int_eq(jca_stream_open(s, ct + H, S - H, 0, out, sizeof out, &got), 0);
		ck_assert_int_eq(jca_stream_finish(s), JCA_TRUNCATED);
		jca_stream_free(s);
	}
	free(ct);
}
END_TEST

START_TEST(test_reorder_and_splice)
{
	jca_stream_params p = params("AES/GCM/NoPadding", S, NULL);
	size_t n, n2;
	uint8_t *ct = file_of(&p, &n), *other = file_of(&p, &n2), *x = malloc(n);
	uint8_t tmp[S];

	ck_assert_uint_eq(n, n2);
	/* segments 1 and 2 swapped */
	memcpy(x, ct, n);
	memcpy(tmp, x + seg_at(1), S);
	memmove(x + seg_at(1), x + seg_at(2), S);
	memcpy(x + seg_at(2), tmp, S);
	ck_assert_int_eq(dec_rc(&p, key32, 16, x, n), JCA_BADTAG);
	/* segment 2 dropped, and repeated */
	memcpy(x, ct, seg_at(2));
	memcpy(x + seg_at(2), ct + seg_at(3), n - seg_at(3));
	ck_assert_int_eq(dec_rc(&p, key32, 16, x, n - S), JCA_BADTAG);
	memcpy(x, ct, n);
	memcpy(x + seg_at(3), ct + seg_at(2), S);
	ck_assert_int_eq(dec_rc(&p, key32, 16, x, n), JCA_BADTAG);
	/* segment 2 from another file under the same key */
	memcpy(x, ct, n);
	memcpy(x + seg_at(2), other + seg_at(2), S);
	ck_assert_int_eq(dec_rc(&p, key32, 16, x, n), JCA_BADTAG);
	/* the other file's header over this file's segments */
	memcpy(x, ct, n);
	memcpy(x, other, H);
	ck_assert_int_eq(dec_rc(&p, key32, 16, x, n), JCA_BADTAG);
	free(x);
	free(other);
	free(ct);
}
END_TEST

START_TEST(test_flipped_bits)
{
	jca_stream_params p = params("AES/GCM/NoPadding", S, "aad");
	size_t n, i;
	uint8_t *ct = file_of(&p, &n);

	for (i = 0; i < n; i++) {
		uint8_t *pt;
		size_t len;
		int rc;

		/* every header byte, and a few bytes of each segment */
		if (i >= H && i % 13 && (i - H) % S != S - H - 1 && i != n - 1)
			continue;
		ct[i] ^= (uint8_t)(1u << (i % 8));
		rc = dec_all(&p, key32, 16, ct, n, &pt, &len);
		ct[i] ^= (uint8_t)(1u << (i % 8));
		ck_assert_msg(rc == JCA_BADTAG, "bit flipped in byte %zu: %s", i, jca_error_name(rc));
		/* nothing of the failed segment came out: only whole segments */
		ck_assert_uint_eq(len, i < seg_at(1) ? 0 : i < seg_at(2) ? S - H - TAG :
		                  (S - H - TAG) + ((i - seg_at(1)) / S) * (S - TAG));
		free(pt);
	}
	free(ct);
}
END_TEST

/* The last segment sealed without its flag; bytes after the last one. */
START_TEST(test_last_flag_and_trailing)
{
	jca_stream_params p = params("AES/GCM/NoPadding", S, NULL);
	jca_stream *s = jca_stream_new(JCA_ENCRYPT, key32, 16, &p);
	uint8_t msg[S * 3], ct[S * 4 + 64], out[S];
	size_t len = 0, got, n;
	uint8_t *f;

	pattern(msg, sizeof msg, 9);
	ck_assert_int_eq(jca_stream_write_header(s, ct, sizeof ct, &len), 0);
	ck_assert_int_eq(jca_stream_seal(s, msg, S - H - TAG, 0, ct + len, sizeof ct - len, &got), 0);
	len += got;
	ck_assert_int_eq(jca_stream_seal(s, msg, S - TAG - 1, 0, ct + len, sizeof ct - len, &got), JCA_EINVAL);
	ck_assert_int_eq(jca_stream_seal(s, msg, S - TAG + 1, 1, ct + len, sizeof ct - len, &got), JCA_EINVAL);
	ck_assert_int_eq(jca_stream_seal(s, msg, S - TAG, 0, ct + len, S - 1, &got), JCA_BUFSIZE);
	ck_assert_int_eq(jca_stream_seal(s, msg, S - TAG, 0, ct + len, sizeof ct - len, &got), 0);
	len += got;
	ck_assert_int_eq(jca_stream_finish(s), JCA_EINVAL);
	jca_stream_free(s);
	/* every segment full, none marked last: read as truncated */
	ck_assert_int_eq(dec_rc(&p, key32, 16, ct, len), JCA_TRUNCATED);

	/* trailing bytes: 1, a tag's worth, a whole segment from the file */
	f = file_of(&p, &n);
	f = realloc(f, n + S);
	for (size_t extra = 1; extra <= S; extra = extra == 1 ? TAG : extra == TAG ? S : S + 1) {
		memcpy(f + n, f + seg_at(1), extra);
		ck_assert_msg(dec_rc(&p, key32, 16, f, n + extra) == JCA_BADTAG, "%zu bytes appended", extra);
	}
	/* a file ending on a boundary, then one byte more: "data follows" */
	{
		uint8_t m2[S - H - TAG + S - TAG], *g;
		size_t gn;

		pattern(m2, sizeof m2, 1);
		g = enc_all(&p, key32, 16, m2, sizeof m2, &gn);
		ck_assert_uint_eq(gn, 2 * S);
		g = realloc(g, gn + 1);
		g[gn] = 0;
		ck_assert_int_eq(dec_rc(&p, key32, 16, g, gn + 1), JCA_BADTAG);
		ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "data follows"));
		free(g);
		/* an empty last segment after a full one is accepted (Tink's
		 * decrypter does); a segment after the last is refused */
		s = jca_stream_new(JCA_ENCRYPT, key32, 16, &p);
		ck_assert_int_eq(jca_stream_write_header(s, ct, sizeof ct, &len), 0);
		ck_assert_int_eq(jca_stream_seal(s, m2, S - H - TAG, 0, ct + len, sizeof ct - len, &got), 0);
		len += got;
		ck_assert_int_eq(jca_stream_seal(s, m2, 0, 1, ct + len, sizeof ct - len, &got), 0);
		len += got;
		ck_assert_int_eq(jca_stream_seal(s, m2, 0, 1, ct + len, sizeof ct - len, &got), JCA_EINVAL);
		jca_stream_free(s);
		ck_assert_uint_eq(len, S + TAG);
		s = jca_stream_new(JCA_DECRYPT, key32, 16, &p);
		ck_assert_int_eq(jca_stream_read_header(s, ct, H), 0);
		ck_assert_int_eq(jca_stream_open(s, ct + H, S - H, 0, out, sizeof out, &got), 0);
		ck_assert_int_eq(jca_stream_open(s, ct + S, TAG, 1, out, sizeof out, &got), 0);
		ck_assert_uint_eq(got, 0);
		ck_assert_int_eq(jca_stream_finish(s), 0);
		ck_assert_int_eq(jca_stream_open(s, ct + S, TAG, 1, out, sizeof out, &got), JCA_EINVAL);
		ck_assert_uint_eq(jca_stream_in_length(s), 0);
		jca_stream_free(s);
	}
	free(f);
}
END_TEST

START_TEST(test_segment_limit)
{
	jca_stream_params p = params("AES/GCM/NoPadding", S, NULL);
	uint8_t msg[S] = { 0 }, ct[4 * S], out[S];
	size_t len, got;
	jca_stream *s, *d;

	p.first_segment = UINT64_C(1) << 32;
	ck_assert_ptr_null(jca_stream_new(JCA_ENCRYPT, key32, 16, &p));
	ck_assert_int_eq(jca_last_error(), JCA_LIMIT);
	p.first_segment = (UINT64_C(1) << 32) - 1;
	s = jca_stream_new(JCA_ENCRYPT, key32, 16, &p);
	ck_assert_int_eq(jca_stream_write_header(s, ct, sizeof ct, &len), 0);
	ck_assert_uint_eq(jca_stream_in_length(s), S - TAG);
	ck_assert_int_eq(jca_stream_seal(s, msg, S - TAG, 0, ct + H, S, &got), 0);
	ck_assert_int_eq(jca_stream_seal(s, msg, 1, 1, ct + H + S, S, &got), JCA_LIMIT);
	jca_stream_free(s);
	/* segment number 2^32 - 1 (nonce counter ffffffff) opens; the next is over */
	d = jca_stream_new(JCA_DECRYPT, key32, 16, &p);
	ck_assert_int_eq(jca_stream_read_header(d, ct, H), 0);
	ck_assert_int_eq(jca_stream_open(d, ct + H, S, 0, out, sizeof out, &got), 0);
	ck_assert_int_eq(memcmp(out, msg, S - TAG), 0);
	ck_assert_int_eq(jca_stream_open(d, ct + H, S, 1, out, sizeof out, &got), JCA_LIMIT);
	jca_stream_free(d);
}
END_TEST

START_TEST(test_parameters)
{
	jca_stream_params p = params("AES/GCM/NoPadding", S, NULL);
	uint8_t buf[S], hdr[64];
	size_t got;
	jca_stream *s;

	/* segment size: H + 17 up to 64 MiB */
	p.segment_size = H + TAG;
	ck_assert_ptr_null(jca_stream_new(JCA_ENCRYPT, key32, 16, &p));
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	p.segment_size = JCA_STREAM_MAX_SEGMENT + 1;
	ck_assert_ptr_null(jca_stream_new(JCA_ENCRYPT, key32, 16, &p));
	p.segment_size = 0;                              /* 4096 */
	s = jca_stream_new(JCA_ENCRYPT, key32, 16, &p);
	ck_assert_uint_eq(jca_stream_segment_size(s), 4096);
	ck_assert_uint_eq(jca_stream_header_length(s), 24);
	ck_assert_int_eq(jca_stream_write_header(s, hdr, 23, &got), JCA_BUFSIZE);
	ck_assert_int_eq(jca_stream_read_header(s, hdr, 24), JCA_EINVAL);
	ck_assert_int_eq(jca_stream_open(s, buf, 20, 1, buf, sizeof buf, &got), JCA_EINVAL);
	jca_stream_free(s);
	p.segment_size = S;
	/* keys and derived key sizes */
	ck_assert_ptr_null(jca_stream_new(JCA_ENCRYPT, key32, 15, &p));
	p.derived_key_size = 32;
	ck_assert_ptr_null(jca_stream_new(JCA_ENCRYPT, key32, 16, &p));
	p.derived_key_size = 24;
	ck_assert_ptr_null(jca_stream_new(JCA_ENCRYPT, key32, 32, &p));
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	p.derived_key_size = 16;                         /* a longer key, Tink's way */
	s = jca_stream_new(JCA_ENCRYPT, key32, 32, &p);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(jca_stream_header_length(s), 24);
	jca_stream_free(s);
	p.derived_key_size = 0;
	/* AEADs */
	p.aead = "AES/CBC/PKCS5Padding";
	ck_assert_ptr_null(jca_stream_new(JCA_ENCRYPT, key32, 16, &p));
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	p.aead = "No-Such-AEAD";
	ck_assert_ptr_null(jca_stream_new(JCA_ENCRYPT, key32, 16, &p));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	p.aead = "AES/GCM/NoPadding";
	p.hkdf = "HKDF-SHA512";
	s = jca_stream_new(JCA_ENCRYPT, key32, 16, &p);
	ck_assert_ptr_nonnull(s);
	jca_stream_free(s);
	p.hkdf = NULL;
	ck_assert_ptr_null(jca_stream_new(JCA_ENCRYPT, key32, 16, NULL));
	ck_assert_ptr_null(jca_stream_new((cipher_opmode)3, key32, 16, &p));
	/* a decrypting stream: header rules */
	s = jca_stream_new(JCA_DECRYPT, key32, 16, &p);
	ck_assert_int_eq(jca_stream_open(s, buf, S - H, 0, buf, sizeof buf, &got), JCA_EINVAL);
	ck_assert_int_eq(jca_stream_seal(s, buf, 1, 1, buf, sizeof buf, &got), JCA_EINVAL);
	ck_assert_int_eq(jca_stream_write_header(s, hdr, sizeof hdr, &got), JCA_EINVAL);
	memset(hdr, 0, sizeof hdr);
	hdr[0] = 24;
	ck_assert_int_eq(jca_stream_read_header(s, hdr, 25), JCA_EINVAL);
	hdr[0] = 40;                                     /* an AES-256 header */
	ck_assert_int_eq(jca_stream_read_header(s, hdr, 24), JCA_BADTAG);
	hdr[0] = 24;
	ck_assert_int_eq(jca_stream_read_header(s, hdr, 24), 0);
	ck_assert_int_eq(jca_stream_read_header(s, hdr, 24), JCA_EINVAL);
	ck_assert_int_eq(jca_stream_open(s, buf, S - H, 0, buf, 10, &got), JCA_BUFSIZE);
	jca_stream_free(s);
	jca_stream_free(NULL);
	ck_assert_str_eq(jca_error_name(JCA_TRUNCATED), "JCA_TRUNCATED");
}
END_TEST

#ifdef JCA_TEST_OPENSSL_BRIDGE
/* The OpenSSL bridge first in preference: its AES/GCM/NoPadding (an AEAD
 * table, the engine's message-level path) serves the stream, same bytes.
 * Check runs each test in its own process: the others keep the builtin. */
START_TEST(test_openssl_bridge)
{
	cipher_ctx *c;

	ck_assert_int_eq(jca_provider_load(JCA_TOP_BUILDDIR "/plugins/.libs/openssl.so", 0), 0);
	c = cipher_get_instance("AES/GCM/NoPadding");
	ck_assert_str_eq(cipher_provider(c), "openssl");
	cipher_free(c);
	known_answers();
	round_trips("AES/GCM/NoPadding", 32, 100);
}
END_TEST
#endif

int main(void)
{
	Suite *s = suite_create("stream");
	TCase *tc = tcase_create("stream");
	SRunner *sr;
	int failed;

	if (!have_chacha())
		printf("SKIP: ChaCha20-Poly1305: no provider offers it, its streams are not tested\n");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_round_trips);
	tcase_add_test(tc, test_fresh_header);
	tcase_add_test(tc, test_known_answers);
	tcase_add_test(tc, test_truncation);
	tcase_add_test(tc, test_reorder_and_splice);
	tcase_add_test(tc, test_flipped_bits);
	tcase_add_test(tc, test_last_flag_and_trailing);
	tcase_add_test(tc, test_segment_limit);
	tcase_add_test(tc, test_parameters);
#ifdef JCA_TEST_OPENSSL_BRIDGE
	tcase_add_test(tc, test_openssl_bridge);
#else
	printf("SKIP: the OpenSSL bridge is not built: streams run on the built-in provider only\n");
#endif
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
