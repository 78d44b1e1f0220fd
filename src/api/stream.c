/* SPDX-License-Identifier: Apache-2.0 */
/* Streaming AEAD (STREAM, in Tink's AES-GCM-HKDF streaming format) over
 * the public Cipher and KDF engines: the file key from HKDF, one Cipher
 * initialisation per segment with its own nonce. See jca/stream.h for the
 * format and the contract. */
#include <stdlib.h>
#include <string.h>

#include "jca/cipher.h"
#include "jca/kdf.h"
#include "jca/random.h"
#include "jca/stream.h"
#include "../util/error.h"
#include "../util/ascii.h"
#include "../util/mem.h"

#define TAG JCA_STREAM_TAG_LENGTH
#define PREFIX JCA_STREAM_PREFIX_LENGTH
#define NONCE 12
#define MAX_K 32
#define DEFAULT_SEGMENT 4096
#define MAX_AAD (1u << 30)
#define MAX_SEGMENTS (UINT64_C(1) << 32)
#define NAME_LEN 64

struct jca_stream {
	cipher_ctx *c;
	cipher_opmode dir;
	size_t k, h, s;                    /* derived key size, header length, segment size */
	uint64_t next;                     /* number of the next segment */
	int keyed;                         /* the file key is derived */
	int done;                          /* the last segment went through */
	uint8_t salt[MAX_K];
	uint8_t prefix[PREFIX];
	uint8_t fkey[MAX_K];               /* the file key */
	char hkdf[NAME_LEN];
	uint8_t *ikm;                      /* decryption: key and AAD, kept until the header */
	size_t ikm_len;
	uint8_t *aad;
	size_t aad_len;
};

/* The AEADs the format is defined over (12-byte nonces, 16-byte tags) and
 * the derived key sizes each takes: Tink's AES-GCM 16 or 32, ChaCha 32. */
static int aead_key_size_ok(const cipher_ctx *c, size_t k)
{
	const char *name = cipher_algorithm(c);

	if (strstr(name, "/GCM/") || strstr(name, "/gcm/"))
		return k == 16 || k == 32;
	if (jca__name_eq(name, "ChaCha20-Poly1305"))
		return k == 32;
	return -1;
}

static void drop_secret(uint8_t **p, size_t *len)
{
	if (*p) {
		jca__wipe(*p, *len);
		free(*p);
	}
	*p = NULL;
	*len = 0;
}

static uint8_t *copy_of(const void *p, size_t len)
{
	uint8_t *q = malloc(len ? len : 1);

	if (q && len)
		memcpy(q, p, len);
	return q;
}

/* The file key: HKDF(IKM = key, salt, info = AAD, L = K). */
static int derive(jca_stream *s, const void *key, size_t key_len, const void *aad, size_t aad_len)
{
	kdf_ctx *k = kdf_get_instance(s->hkdf);
	kdf_params p;
	int rc;

	if (!k)
		return jca_last_error();
	memset(&p, 0, sizeof p);
	p.mode = KDF_HKDF_EXTRACT_EXPAND;
	p.secret = key;
	p.secret_len = key_len;
	p.salt = s->salt;
	p.salt_len = s->k;
	p.info = aad;
	p.info_len = aad_len;
	rc = kdf_init(k, &p);
	if (!rc)
		rc = kdf_derive(k, s->fkey, s->k);
	kdf_free(k);
	if (!rc)
		s->keyed = 1;
	return rc;
}

static int check_params(const jca_stream_params *p, size_t key_len, size_t *k, size_t *seg)
{
	*k = p->derived_key_size ? p->derived_key_size : key_len;
	*seg = p->segment_size ? p->segment_size : DEFAULT_SEGMENT;
	if (*k > MAX_K)
		return jca__error(JCA_EINVAL, "jca_stream_new: derived key size %zu: at most %d bytes", *k, MAX_K);
	if (key_len < 16 || key_len < *k)
		return jca__error(JCA_EINVAL, "jca_stream_new: key of %zu bytes: at least 16 and at least the "
		                  "derived key size (%zu)", key_len, *k);
	if (*seg < 1 + *k + PREFIX + TAG + 1 || *seg > JCA_STREAM_MAX_SEGMENT)
		return jca__error(JCA_EINVAL, "jca_stream_new: segment size %zu: from %zu to %u bytes", *seg,
		                  1 + *k + PREFIX + TAG + 1, JCA_STREAM_MAX_SEGMENT);
	if (p->aad_len > MAX_AAD || (!p->aad && p->aad_len))
		return jca__error(JCA_EINVAL, "jca_stream_new: associated data: at most 2^30 bytes");
	if (p->hkdf && strlen(p->hkdf) >= NAME_LEN)
		return jca__error(JCA_EINVAL, "jca_stream_new: HKDF name too long");
	if (p->first_segment >= MAX_SEGMENTS)
		return jca__error(JCA_LIMIT, "jca_stream_new: segment numbers stop at 2^32 - 1");
	return 0;
}

/* Makes the Cipher and checks that it is one of the AEADs and takes K. */
static int open_aead(jca_stream *s, const char *name)
{
	static const uint8_t zero[MAX_K + NONCE];
	int ok;

	s->c = cipher_get_instance(name);
	if (!s->c)
		return jca_last_error();
	ok = aead_key_size_ok(s->c, s->k);
	if (ok < 0)
		return jca__error(JCA_EINVAL, "jca_stream_new: %s is not an AEAD of the stream format "
		                  "(AES/GCM/NoPadding, ChaCha20-Poly1305)", cipher_algorithm(s->c));
	if (!ok)
		return jca__error(JCA_EINVAL, "jca_stream_new: %s does not take a derived key of %zu bytes "
		                  "(AES-GCM: 16 or 32, ChaCha20-Poly1305: 32)", cipher_algorithm(s->c), s->k);
	/* a trial decryption key: a provider's own limits show now, not at
	 * the first segment (decrypting: the guard against IV reuse is for
	 * encryption) */
	return cipher_init(s->c, JCA_DECRYPT, zero, s->k, zero + MAX_K, NONCE);
}

jca_stream *jca_stream_new(cipher_opmode opmode, const void *key, size_t key_len, const jca_stream_params *p)
{
	jca_stream *s;
	size_t k, seg;

	if (!p || (!key && key_len) || (opmode != JCA_ENCRYPT && opmode != JCA_DECRYPT)) {
		jca__error(JCA_EINVAL, "jca_stream_new: %s", !p ? "NULL params" : !key && key_len ? "NULL key" :
		           "opmode must be JCA_ENCRYPT or JCA_DECRYPT");
		return NULL;
	}
	if (check_params(p, key_len, &k, &seg) != 0)
		return NULL;
	s = calloc(1, sizeof *s);
	if (!s) {
		jca__error(JCA_ENOMEM, "jca_stream_new: out of memory");
		return NULL;
	}
	s->dir = opmode;
	s->k = k;
	s->h = 1 + k + PREFIX;
	s->s = seg;
	s->next = p->first_segment;
	memcpy(s->hkdf, p->hkdf ? p->hkdf : "HKDF-SHA256", strlen(p->hkdf ? p->hkdf : "HKDF-SHA256") + 1);
	if (open_aead(s, p->aead ? p->aead : "AES/GCM/NoPadding") != 0)
		goto fail;
	if (opmode == JCA_DECRYPT) {
		s->ikm = copy_of(key, key_len);
		s->aad = copy_of(p->aad, p->aad_len);
		s->ikm_len = key_len;
		s->aad_len = p->aad_len;
		if (!s->ikm || !s->aad) {
			jca__error(JCA_ENOMEM, "jca_stream_new: out of memory");
			goto fail;
		}
		return s;
	}
	if (p->salt)
		memcpy(s->salt, p->salt, k);
	else if (jca_random(s->salt, k) != 0)
		goto fail;
	if (p->nonce_prefix)
		memcpy(s->prefix, p->nonce_prefix, PREFIX);
	else if (jca_random(s->prefix, PREFIX) != 0)
		goto fail;
	if (derive(s, key, key_len, p->aad, p->aad_len) != 0)
		goto fail;
	return s;
fail:
	jca_stream_free(s);     /* the last error is set */
	return NULL;
}

size_t jca_stream_header_length(const jca_stream *s)
{
	return s ? s->h : 0;
}

size_t jca_stream_segment_size(const jca_stream *s)
{
	return s ? s->s : 0;
}

int jca_stream_write_header(jca_stream *s, void *out, size_t out_size, size_t *out_len)
{
	uint8_t *o = out;

	if (out_len)
		*out_len = 0;
	if (!s || !out_len || (!out && out_size))
		return jca__error(JCA_EINVAL, "jca_stream_write_header: NULL argument");
	if (s->dir != JCA_ENCRYPT)
		return jca__error(JCA_EINVAL, "jca_stream_write_header: a decrypting stream reads its header");
	if (out_size < s->h || !o)
		return jca__error(JCA_BUFSIZE, "jca_stream_write_header: output needs %zu bytes, got %zu", s->h,
		                  out_size);
	o[0] = (uint8_t)s->h;
	memcpy(o + 1, s->salt, s->k);
	memcpy(o + 1 + s->k, s->prefix, PREFIX);
	*out_len = s->h;
	return 0;
}

int jca_stream_read_header(jca_stream *s, const void *in, size_t in_len)
{
	const uint8_t *b = in;
	int rc;

	if (!s || (!in && in_len))
		return jca__error(JCA_EINVAL, "jca_stream_read_header: NULL argument");
	if (s->dir != JCA_DECRYPT || s->keyed)
		return jca__error(JCA_EINVAL, "jca_stream_read_header: %s", s->dir != JCA_DECRYPT ?
		                  "an encrypting stream writes its header" : "the header is read already");
	if (in_len < s->h || !b)
		return jca__error(JCA_TRUNCATED, "stream truncated: a header of %zu bytes, %zu expected",
		                  in_len, s->h);
	if (in_len > s->h)
		return jca__error(JCA_EINVAL, "jca_stream_read_header: %zu bytes given, the header has %zu", in_len,
		                  s->h);
	if (b[0] != s->h)
		return jca__error(JCA_BADTAG, "stream header: length byte %u, %zu expected: not a stream of "
		                  "these parameters (derived key size), or corrupted", b[0], s->h);
	memcpy(s->salt, b + 1, s->k);
	memcpy(s->prefix, b + 1 + s->k, PREFIX);
	rc = derive(s, s->ikm, s->ikm_len, s->aad, s->aad_len);
	drop_secret(&s->ikm, &s->ikm_len);
	drop_secret(&s->aad, &s->aad_len);
	return rc;
}

size_t jca_stream_in_length(const jca_stream *s)
{
	size_t n;

	if (!s || s->done)
		return 0;
	n = s->next == 0 ? s->s - s->h : s->s;
	return s->dir == JCA_ENCRYPT ? n - TAG : n;
}

/* One segment through the Cipher under nonce(number, last). */
static int crypt_segment(jca_stream *s, uint64_t number, int last, const uint8_t *in, size_t in_len,
                         uint8_t *out, size_t out_size, size_t *out_len)
{
	uint8_t nonce[NONCE];
	int rc;

	memcpy(nonce, s->prefix, PREFIX);
	nonce[7] = (uint8_t)(number >> 24);
	nonce[8] = (uint8_t)(number >> 16);
	nonce[9] = (uint8_t)(number >> 8);
	nonce[10] = (uint8_t)number;
	nonce[11] = last ? 1 : 0;
	rc = cipher_init(s->c, s->dir, s->fkey, s->k, nonce, NONCE);
	if (!rc)
		rc = cipher_do_final(s->c, in, in_len, out, out_size, out_len);
	return rc;
}

/* The checks seal and open share. */
static int check_segment(const jca_stream *s, const char *fn, cipher_opmode dir, const void *in,
                         size_t in_len, int last, const void *out, size_t out_size, size_t *out_len)
{
	size_t want = jca_stream_in_length(s);

	if (out_len)
		*out_len = 0;
	if (!s || !out_len || (!in && in_len) || (!out && out_size))
		return jca__error(JCA_EINVAL, "%s: NULL argument", fn);
	if (s->dir != dir)
		return jca__error(JCA_EINVAL, "%s: the stream %s", fn, dir == JCA_ENCRYPT ? "decrypts" : "encrypts");
	if (!s->keyed)
		return jca__error(JCA_EINVAL, "%s: jca_stream_read_header first", fn);
	if (s->done)
		return jca__error(JCA_EINVAL, "%s: a segment after the last one", fn);
	if (s->next >= MAX_SEGMENTS)
		return jca__error(JCA_LIMIT, "%s: a stream has at most 2^32 segments", fn);
	if (dir == JCA_DECRYPT && last && in_len < TAG)
		return jca__error(JCA_TRUNCATED, "stream truncated: segment %llu has %zu bytes, fewer than its %d-byte "
		                  "tag", (unsigned long long)s->next, in_len, TAG);
	if (in_len > want || (!last && in_len != want))
		return jca__error(JCA_EINVAL, "%s: segment %llu takes %s%zu bytes, got %zu", fn,
		                  (unsigned long long)s->next, last ? "at most " : "", want, in_len);
	return 0;
}

int jca_stream_seal(jca_stream *s, const void *in, size_t in_len, int last, void *out, size_t out_size,
                    size_t *out_len)
{
	int rc = check_segment(s, "jca_stream_seal", JCA_ENCRYPT, in, in_len, last, out, out_size, out_len);

	if (rc)
		return rc;
	if (out_size < in_len + TAG)
		return jca__error(JCA_BUFSIZE, "jca_stream_seal: output needs %zu bytes, got %zu", in_len + TAG,
		                  out_size);
	rc = crypt_segment(s, s->next, last, in, in_len, out, out_size, out_len);
	if (rc)
		return rc;
	s->next++;
	s->done = last != 0;
	return 0;
}

int jca_stream_open(jca_stream *s, const void *in, size_t in_len, int last, void *out, size_t out_size,
                    size_t *out_len)
{
	int rc = check_segment(s, "jca_stream_open", JCA_DECRYPT, in, in_len, last, out, out_size, out_len);
	size_t n = 0;

	if (rc)
		return rc;
	if (out_size < in_len - TAG)
		return jca__error(JCA_BUFSIZE, "jca_stream_open: output needs %zu bytes, got %zu", in_len - TAG,
		                  out_size);
	rc = crypt_segment(s, s->next, last, in, in_len, out, out_size, out_len);
	if (!rc) {
		s->next++;
		s->done = last != 0;
		return 0;
	}
	if (rc != JCA_BADTAG)
		return rc;
	/* Why: a full segment that opens under the other flag was cut off
	 * after it (truncation) or has bytes after it. The trial's plaintext
	 * never leaves: it is wiped. */
	if (in_len == jca_stream_in_length(s) &&
	    crypt_segment(s, s->next, !last, in, in_len, out, out_size, &n) == 0) {
		jca__wipe(out, n);
		if (last)
			return jca__error(JCA_TRUNCATED, "stream truncated after segment %llu, which is not the "
			                  "last one", (unsigned long long)s->next);
		return jca__error(JCA_BADTAG, "stream segment %llu is the last one: data follows it",
		                  (unsigned long long)s->next);
	}
	return jca__error(JCA_BADTAG, "stream segment %llu: authentication failed: wrong key, wrong AAD, "
	                  "other stream parameters or corrupted input", (unsigned long long)s->next);
}

int jca_stream_finish(const jca_stream *s)
{
	if (!s)
		return jca__error(JCA_EINVAL, "jca_stream_finish: NULL stream");
	if (s->done)
		return 0;
	if (s->dir == JCA_DECRYPT)
		return jca__error(JCA_TRUNCATED, "stream truncated: it ends before its last segment (%llu "
		                  "segments read)", (unsigned long long)s->next);
	return jca__error(JCA_EINVAL, "jca_stream_finish: the last segment was not sealed");
}

void jca_stream_free(jca_stream *s)
{
	if (!s)
		return;
	cipher_free(s->c);
	drop_secret(&s->ikm, &s->ikm_len);
	drop_secret(&s->aad, &s->aad_len);
	jca__wipe(s, sizeof *s);
	free(s);
}
