/* SPDX-License-Identifier: Apache-2.0 */
/* Digest and tag calls that return the count written or a negative status,
 * for the suites that compare lengths (the engines' own calls take
 * (out, out_size, &out_len), rule 8 of jca/common.h): a fixed-length
 * digest through md_digest, SHAKE through md_digest_xof with exactly
 * out_size bytes. */
#ifndef JCA_TESTS_OUTLEN_H
#define JCA_TESTS_OUTLEN_H

#include <limits.h>

#include "jca.h"

static inline int tu_digest(md_ctx *md, void *out, size_t out_size)
{
	size_t n = 0;
	int rc;

	if (md_is_xof(md)) {
		if (out_size > INT_MAX)
			return JCA_OUTLEN;
		rc = md_digest_xof(md, out, out_size);
		return rc ? rc : (int)out_size;
	}
	rc = md_digest(md, out, out_size, &n);
	return rc ? rc : (int)n;
}

static inline int tu_mac_final(mac_ctx *m, void *out, size_t out_size)
{
	size_t n = 0;
	int rc = mac_do_final(m, out, out_size, &n);

	return rc ? rc : (int)n;
}

#endif
