/* SPDX-License-Identifier: Apache-2.0 */
/* Shared by check_der.c (known answers) and check_der_bad.c (refusals). */
#ifndef JCA_TESTS_CHECK_DER_H
#define JCA_TESTS_CHECK_DER_H

#include <stddef.h>
#include <stdint.h>

#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif

typedef struct {
	uint8_t *p;
	size_t n;
} blob;

/* tests/kat/keys/<name>.<ext>, malloc'd (one spare byte); fails the test
 * when missing. */
blob der_fixture(const char *name, const char *ext);
void add_bad_tests(TCase *tc);

#endif
