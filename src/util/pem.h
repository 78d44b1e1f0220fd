/* SPDX-License-Identifier: Apache-2.0 */
/*
 * PEM textual encoding (RFC 7468) of one DER object, with base64 that
 * touches its data in constant time (the data is often a private key).
 * Not installed.
 *
 * Reading is RFC 7468's "lax" form, narrowed:
 *  - only whitespace (space, tab, CR, LF) before "-----BEGIN <label>-----"
 *    and after "-----END <label>-----"; the two labels must be equal and
 *    made of RFC 7468 label characters (at most JCA__PEM_MAX_LABEL);
 *  - between them only lines of base64 characters, each at most
 *    JCA__PEM_MAX_LINE of them, each followed by optional spaces or tabs
 *    and LF or CRLF; no blank lines, no headers ("Proc-Type:", so no
 *    encrypted traditional keys), no other text;
 *  - base64 with its padding, "=" only at the very end, and the unused bits
 *    of the last character zero (each encoding has one text);
 *  - at most JCA__PEM_MAX_TEXT bytes of text, JCA__DER_MAX of DER.
 * Writing is the strict form: 64 characters a line, LF line ends, a final LF.
 */
#ifndef JCA_UTIL_PEM_H
#define JCA_UTIL_PEM_H

#include <stddef.h>
#include <stdint.h>

#include "mem.h"             /* JCA__HIDDEN */

#define JCA__PEM_MAX_LABEL 64
#define JCA__PEM_MAX_LINE 76         /* MIME's bound; 64 is what we write */
#define JCA__PEM_MAX_TEXT (128 * 1024)

/* Decodes the one PEM object in text[0..len). *label_out and *label_len get
 * the label (pointing into text, not NUL-terminated). The DER goes to der
 * (cap bytes); der NULL: only checks and sets *der_len to the size needed.
 * JCA_EINVAL (malformed, with a message naming the line) or JCA_BUFSIZE.
 * Nothing is left of the decoded bytes outside der, and der itself is wiped
 * when decoding fails. */
JCA__HIDDEN int jca__pem_decode(const char *text, size_t len, const char **label_out, size_t *label_len,
				uint8_t *der, size_t cap, size_t *der_len);

/* Encodes der as PEM with the NUL-terminated label. *out_len gets the text
 * size (no NUL is written); out NULL: only the size. JCA_EINVAL (bad label,
 * DER larger than JCA__DER_MAX) or JCA_BUFSIZE (*out_len still the size). */
JCA__HIDDEN int jca__pem_encode(const char *label, const uint8_t *der, size_t len, char *out, size_t cap,
				size_t *out_len);

/* 1 if label[0..len) equals the NUL-terminated want. */
JCA__HIDDEN int jca__pem_label_is(const char *label, size_t len, const char *want);

#endif
