/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A minimal stand-in for the subset of the Check API the suites use, for
 * builds where libcheck is not available (cross builds run under
 * qemu-user, see tests/cross.sh). No fork: a failed assertion ends the run
 * with a message. Build with -DJCA_MINICHECK.
 */
#ifndef JCA_MINICHECK_H
#define JCA_MINICHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CK_NORMAL 0
#define CK_ENV 1   /* Check reads the mode from $CK_VERBOSITY; minicheck has one */

typedef void (*mc_fn)(int _i);
typedef struct mc_test {
	const char *name;
	mc_fn fn;
	int lo, hi;
} mc_test;
typedef struct TCase {
	mc_test tests[64];
	int n;
	void (*setup)(void), (*teardown)(void);
} TCase;
typedef struct Suite {
	const char *name;
	TCase *tc[8];
	int n;
} Suite;
typedef struct SRunner {
	Suite *s;
	int failed, run;
} SRunner;

#define START_TEST(name) static void name(int _i) { (void)_i;
#define END_TEST }

#define ck_abort_msg(...) do { printf("%s:%d: FAIL: ", __FILE__, __LINE__); printf(__VA_ARGS__); \
	printf("\n"); fflush(stdout); exit(1); } while (0)
#define ck_assert_msg(c, ...) do { if (!(c)) ck_abort_msg(__VA_ARGS__); } while (0)
#define ck_assert(c) ck_assert_msg(c, "assertion '%s' failed", #c)
#define mc_cmp(a, op, b, T, F) do { T _x = (T)(a), _y = (T)(b); \
	ck_assert_msg(_x op _y, "%s %s %s (" F " vs " F ")", #a, #op, #b, _x, _y); } while (0)
#define ck_assert_int_eq(a, b) mc_cmp(a, ==, b, intmax_t, "%jd")
#define ck_assert_int_ne(a, b) mc_cmp(a, !=, b, intmax_t, "%jd")
#define ck_assert_int_ge(a, b) mc_cmp(a, >=, b, intmax_t, "%jd")
#define ck_assert_int_gt(a, b) mc_cmp(a, >, b, intmax_t, "%jd")
#define ck_assert_int_le(a, b) mc_cmp(a, <=, b, intmax_t, "%jd")
#define ck_assert_uint_eq(a, b) mc_cmp(a, ==, b, uintmax_t, "%ju")
#define ck_assert_uint_ge(a, b) mc_cmp(a, >=, b, uintmax_t, "%ju")
#define ck_assert_uint_gt(a, b) mc_cmp(a, >, b, uintmax_t, "%ju")
#define ck_assert_uint_le(a, b) mc_cmp(a, <=, b, uintmax_t, "%ju")
#define ck_assert_str_eq(a, b) do { const char *_p = (a), *_q = (b); \
	ck_assert_msg(_p && _q && strcmp(_p, _q) == 0, "%s == %s (\"%s\" vs \"%s\")", #a, #b, \
	              _p ? _p : "(null)", _q ? _q : "(null)"); } while (0)
#define ck_assert_ptr_null(p) ck_assert_msg((p) == NULL, "%s is not NULL", #p)
#define ck_assert_ptr_nonnull(p) ck_assert_msg((p) != NULL, "%s is NULL", #p)
#define ck_assert_ptr_eq(a, b) ck_assert_msg((const void *)(a) == (const void *)(b), "%s != %s", #a, #b)

static inline Suite *suite_create(const char *name)
{
	Suite *s = calloc(1, sizeof *s);

	s->name = name;
	return s;
}
static inline TCase *tcase_create(const char *name)
{
	(void)name;
	return calloc(1, sizeof(TCase));
}
static inline void tcase_set_timeout(TCase *tc, double t) { (void)tc; (void)t; }
static inline void tcase_set_tags(TCase *tc, const char *tags) { (void)tc; (void)tags; }
static inline void tcase_add_checked_fixture(TCase *tc, void (*su)(void), void (*td)(void))
{
	tc->setup = su;
	tc->teardown = td;
}
#define tcase_add_test(tc, fn) mc_add(tc, #fn, fn, 0, 1)
#define tcase_add_loop_test(tc, fn, lo, hi) mc_add(tc, #fn, fn, lo, hi)
static inline void mc_add(TCase *tc, const char *name, mc_fn fn, int lo, int hi)
{
	tc->tests[tc->n].name = name;
	tc->tests[tc->n].fn = fn;
	tc->tests[tc->n].lo = lo;
	tc->tests[tc->n].hi = hi;
	tc->n++;
}
static inline void suite_add_tcase(Suite *s, TCase *tc) { s->tc[s->n++] = tc; }
static inline SRunner *srunner_create(Suite *s)
{
	SRunner *r = calloc(1, sizeof *r);

	r->s = s;
	return r;
}
static inline void srunner_run_all(SRunner *r, int mode)
{
	int t, k, i;

	(void)mode;
	printf("Running suite(s): %s (minicheck, no fork)\n", r->s->name);
	for (t = 0; t < r->s->n; t++) {
		TCase *tc = r->s->tc[t];

		for (k = 0; k < tc->n; k++)
			for (i = tc->tests[k].lo; i < tc->tests[k].hi; i++) {
				if (tc->setup)
					tc->setup();
				tc->tests[k].fn(i);
				if (tc->teardown)
					tc->teardown();
				r->run++;
			}
	}
	printf("100%%: Checks: %d, Failures: 0, Errors: 0\n", r->run);
}
static inline int srunner_ntests_failed(SRunner *r) { return r->failed; }
static inline void srunner_free(SRunner *r)
{
	int t;

	for (t = 0; t < r->s->n; t++)
		free(r->s->tc[t]);
	free(r->s);
	free(r);
}

#endif
