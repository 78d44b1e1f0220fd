/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Strict DER (X.690) reading and writing, below the engines: knows nothing
 * of keys, names or the registry. Not installed.
 *
 * Reading: a cursor over a byte range that can never move past its end.
 * Each read takes one whole element (tag, length, body) from the front and
 * gives its body as a new cursor; a caller walks a structure of known shape
 * with one call per element, so there is no recursion on the input and the
 * nesting depth is that of the calling code. Refused (JCA_EINVAL, with a
 * message naming the element and its offset from the start of the input):
 *  - high tag numbers (>= 31), indefinite lengths, lengths not in their
 *    shortest form or longer than 4 bytes, bodies running past their parent;
 *  - INTEGERs that are empty or have a superfluous leading 0x00 or 0xFF;
 *    BOOLEAN other than 0x00/0xFF; NULL with a body; OIDs that are empty,
 *    end inside a sub-identifier or pad one with a leading 0x80;
 *  - BIT STRINGs with unused bits (keys and signatures need none);
 *  - bytes left over where a structure must end (jca__der_end).
 *
 * Writing: forward into a caller's buffer, or only counting (buf NULL).
 * A constructed element is opened, filled, then closed; closing moves the
 * body when its length needs more than one byte. Once the buffer is too
 * small the writer only counts, so the size needed is always known.
 */
#ifndef JCA_UTIL_DER_H
#define JCA_UTIL_DER_H

#include <stddef.h>
#include <stdint.h>

#include "mem.h"             /* JCA__HIDDEN */

/* Tags (the whole identifier octet) used by the key formats. */
#define JCA__DER_BOOLEAN 0x01
#define JCA__DER_INTEGER 0x02
#define JCA__DER_BIT_STRING 0x03
#define JCA__DER_OCTET_STRING 0x04
#define JCA__DER_NULL 0x05
#define JCA__DER_OID 0x06
#define JCA__DER_SEQUENCE 0x30
#define JCA__DER_CTX(n) (0xa0 | (n))        /* [n], constructed */
#define JCA__DER_CTX_PRIM(n) (0x80 | (n))   /* [n] IMPLICIT, primitive */

/* Largest input any parser here takes (a 16384-bit RSA private key is
 * about 9 KiB). */
#define JCA__DER_MAX 65536

typedef struct jca__der {
	const uint8_t *p;     /* what is left */
	size_t len;
	size_t off;           /* offset of p from the start of the input, for messages */
} jca__der;

JCA__HIDDEN void jca__der_init(jca__der *d, const uint8_t *p, size_t len);

/* Reads one element with identifier octet tag; *body gets its contents.
 * what names it in messages ("SubjectPublicKeyInfo"); NULL: the tag's name. */
JCA__HIDDEN int jca__der_read(jca__der *d, unsigned tag, jca__der *body, const char *what);
/* As jca__der_read, and *elem gets the whole element (tag and length too). */
JCA__HIDDEN int jca__der_read_elem(jca__der *d, unsigned tag, jca__der *body, jca__der *elem,
				   const char *what);
/* 1 if the next element has identifier octet tag (nothing is consumed). */
JCA__HIDDEN int jca__der_peek(const jca__der *d, unsigned tag);
/* 0 if nothing is left, else JCA_EINVAL ("trailing bytes after <what>"). */
JCA__HIDDEN int jca__der_end(const jca__der *d, const char *what);

/* A non-negative INTEGER: *mag, *mag_len get its magnitude without the
 * sign byte (the single byte 0x00 for zero). Negative ones are refused. */
JCA__HIDDEN int jca__der_read_uint(jca__der *d, const uint8_t **mag, size_t *mag_len, const char *what);
/* A non-negative INTEGER that must equal want (versions). */
JCA__HIDDEN int jca__der_read_version(jca__der *d, unsigned want, const char *what);
/* OID: *oid gets the contents octets (checked minimal base-128). */
JCA__HIDDEN int jca__der_read_oid(jca__der *d, const uint8_t **oid, size_t *len, const char *what);
/* BIT STRING with no unused bits: the bytes after the unused-bits octet.
 * tag is JCA__DER_BIT_STRING or an implicit [n]. */
JCA__HIDDEN int jca__der_read_bits(jca__der *d, unsigned tag, const uint8_t **p, size_t *len,
				   const char *what);
JCA__HIDDEN int jca__der_read_octets(jca__der *d, const uint8_t **p, size_t *len, const char *what);
JCA__HIDDEN int jca__der_read_null(jca__der *d, const char *what);
JCA__HIDDEN int jca__der_read_bool(jca__der *d, int *v, const char *what);

/* Number of significant bits of a big-endian magnitude. */
JCA__HIDDEN size_t jca__der_bits(const uint8_t *mag, size_t len);

typedef struct jca__derw {
	uint8_t *buf;         /* NULL: only counting */
	size_t cap;
	size_t len;           /* bytes written (or that would have been) */
	int over;             /* buf was too small: only counting since */
} jca__derw;

JCA__HIDDEN void jca__derw_init(jca__derw *w, uint8_t *buf, size_t cap);
JCA__HIDDEN void jca__derw_raw(jca__derw *w, const void *p, size_t n);
/* Opens a constructed element; returns where its body starts, for close. */
JCA__HIDDEN size_t jca__derw_open(jca__derw *w, unsigned tag);
JCA__HIDDEN void jca__derw_close(jca__derw *w, size_t mark);
/* A primitive element with the given contents. */
JCA__HIDDEN void jca__derw_prim(jca__derw *w, unsigned tag, const uint8_t *p, size_t n);
/* INTEGER from an unsigned big-endian magnitude (leading zeros dropped,
 * a 0x00 added when the top bit is set). */
JCA__HIDDEN void jca__derw_uint(jca__derw *w, const uint8_t *mag, size_t n);
JCA__HIDDEN void jca__derw_small(jca__derw *w, unsigned v);
/* BIT STRING (or implicit [n]) with no unused bits. */
JCA__HIDDEN void jca__derw_bits(jca__derw *w, unsigned tag, const uint8_t *p, size_t n);
/* 0 and *len = bytes written; or JCA_BUFSIZE (buffer given but too small)
 * with *len = bytes needed. With buf NULL: 0 and *len = bytes needed. */
JCA__HIDDEN int jca__derw_finish(const jca__derw *w, size_t *len);

#endif
