/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-KEM of the algorithm layer (src/algs/mlkem.h), compiled straight from
 * the algorithm sources, on every Keccak backend this machine has (the
 * portable one always; the others when the CPU and JCA_CPU allow, else it
 * prints that they are unavailable):
 *  - Compress_d against the exact quotient for every coefficient and d;
 *  - tests/mlkem_kat.h (python3 cryptography, tests/mlkem_kat.py): ek from
 *    the seed, python's ciphertext opened to python's secret;
 *  - the C2SP CCTV vectors under $JCA_VECTORS/pqc/ML-KEM (or
 *    ../shared/vectors): intermediate values (keygen, encaps, decaps,
 *    implicit rejection), strcmp, unluckysample, every modulus-check key
 *    (refused by jca__mlkem_check_ek and by encaps; read through gzip -dc),
 *    and the accumulated test: 10,000 iterations, 1,000,000 with JCA_SLOW=1.
 *    These files were made with the FIPS 203 draft's key generation
 *    (G(d), no k byte; the CCTV README says so): their key generations run
 *    through jca__mlkem_keygen_ipd, everything else through the real code;
 *  - Go's accumulated test (FIPS 203 final keys), ML-KEM-768 and -1024.
 * Without the vectors it runs the rest, then says SKIP and exits 77.
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
#include <sys/stat.h>

#include "algs/mlkem.h"
#include "algs/mlkem_int.h"
#include "algs/cpu.h"
#include "mlkem_kat.h"
#include "testutil.h"

static const jca__keccak_backend *backs[4];
static const char *back_names[4];
static int nbacks;
static char vecdir[4096];

static void add_back(const jca__keccak_backend *b, const char *name)
{
	backs[nbacks] = b;
	back_names[nbacks++] = name;
}

static void setup_backends(void)
{
	uint32_t f = jca__cpu_features();
	const char *cpu = getenv("JCA_CPU") ? getenv("JCA_CPU") : "";

	add_back(NULL, "generic");
#if defined(__x86_64__)
	if (f & JCA__CPU_AVX2)
		add_back(&jca__keccak_avx2, "avx2");
	else
		printf("mlkem: keccak avx2 UNAVAILABLE here (JCA_CPU=%s): not tested\n", cpu);
	if (f & JCA__CPU_AVX512)
		add_back(&jca__keccak_avx512, "avx512");
	else
		printf("mlkem: keccak avx512 UNAVAILABLE here (JCA_CPU=%s): not tested\n", cpu);
#elif defined(__aarch64__)
	if (f & JCA__CPU_ARM_SHA3)
		add_back(&jca__keccak_armv8, "armv8-sha3");
	else
		printf("mlkem: keccak armv8-sha3 UNAVAILABLE here (JCA_CPU=%s): not tested\n", cpu);
#else
	(void)f;
	(void)cpu;
	printf("mlkem: no accelerated Keccak backend on this architecture\n");
#endif
}

static const char *kname(unsigned k)
{
	return k == 2 ? "512" : k == 3 ? "768" : "1024";
}

/* ---- Compress_d: multiply-shift against the exact quotient --------------- */

START_TEST(test_compress_exact)
{
	static const unsigned ds[] = { 1, 4, 5, 10, 11 };

	for (unsigned di = 0; di < 5; di++) {
		unsigned d = ds[di];

		for (unsigned base = 0; base < JCA__MLKEM_Q; base += JCA__MLKEM_N) {
			jca__mlkem_poly p;
			uint8_t out[32 * 11];

			for (unsigned i = 0; i < JCA__MLKEM_N; i++)
				p.c[i] = (int16_t)((base + i) % JCA__MLKEM_Q);
			jca__mlkem_compress(out, &p, d);
			for (unsigned i = 0; i < JCA__MLKEM_N; i++) {
				unsigned x = (base + i) % JCA__MLKEM_Q, got = 0;
				/* round(2^d x / q) mod 2^d, exactly */
				unsigned want = (((x << (d + 1)) + JCA__MLKEM_Q) / (2 * JCA__MLKEM_Q)) & ((1u << d) - 1);

				for (unsigned b = 0; b < d; b++) {
					unsigned bit = d * i + b;

					got |= (unsigned)((out[bit / 8] >> (bit % 8)) & 1) << b;
				}
				ck_assert_msg(got == want, "Compress_%u(%u) = %u, want %u", d, x, got, want);
			}
		}
	}
}
END_TEST

/* ---- the four-state permutation against four single ones ------------------ */

START_TEST(test_keccak_x4)
{
	int ran = 0;

	for (int b = 0; b < nbacks; b++) {
		const jca__keccak_backend *kb = backs[b];
		uint64_t one[4][25], four[100];

		if (!kb || !kb->permute_x4)
			continue;
		for (unsigned j = 0; j < 4; j++)
			for (unsigned i = 0; i < 25; i++)
				four[4 * i + j] = one[j][i] = (uint64_t)(i + 1) * 0x9e3779b97f4a7c15ull ^ ((uint64_t)j << 40);
		for (int r = 0; r < 3; r++) {
			kb->permute_x4(four);
			for (unsigned j = 0; j < 4; j++)
				jca__keccak_generic.permute(one[j]);
		}
		for (unsigned j = 0; j < 4; j++)
			for (unsigned i = 0; i < 25; i++)
				ck_assert_msg(four[4 * i + j] == one[j][i], "%s permute_x4: state %u lane %u", back_names[b], j, i);
		ran++;
	}
	printf("mlkem: permute_x4 checked on %d backend(s)\n", ran);
}
END_TEST

/* ---- python3 cryptography known answers ---------------------------------- */

static uint8_t *unhex_len(const char *hex, size_t want)
{
	size_t n;
	uint8_t *b = tu_unhex(hex, &n);

	ck_assert_ptr_nonnull(b);
	ck_assert_uint_eq(n, want);
	return b;
}

START_TEST(test_python_kat)
{
	const jca__keccak_backend *kb = backs[_i];

	for (size_t t = 0; t < sizeof(mlkem_kats) / sizeof(mlkem_kats[0]); t++) {
		const struct mlkem_kat *v = &mlkem_kats[t];
		unsigned k = v->k;
		uint8_t *seed = unhex_len(v->seed, 64), *ek = unhex_len(v->ek, jca__mlkem_ek_len(k));
		uint8_t *ct = unhex_len(v->ct, jca__mlkem_ct_len(k)), *ss = unhex_len(v->ss, 32);
		uint8_t myek[JCA__MLKEM_EK_MAX], dk[JCA__MLKEM_DK_MAX], myss[32];

		ck_assert_int_eq(jca__mlkem_keygen(kb, k, myek, dk, seed), 0);
		ck_assert_msg(memcmp(myek, ek, jca__mlkem_ek_len(k)) == 0, "%s (%s): ek", v->name, back_names[_i]);
		ck_assert_int_eq(jca__mlkem_check_dk(kb, k, dk), 0);
		ck_assert_int_eq(jca__mlkem_decaps(kb, k, myss, ct, dk), 0);
		ck_assert_msg(memcmp(myss, ss, 32) == 0, "%s (%s): decapsulation", v->name, back_names[_i]);
		free(seed);
		free(ek);
		free(ct);
		free(ss);
	}
}
END_TEST

/* ---- the CCTV files -------------------------------------------------------- */

/* The first "name = value" line of text, value after the last " = " of the
 * line (the intermediate files print "{coefficients} = hex"). */
static uint8_t *field(const char *text, const char *name, size_t want)
{
	size_t nl = strlen(name);
	const char *p = text;

	while (p && *p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);

		if (len > nl + 3 && strncmp(p, name, nl) == 0 && strncmp(p + nl, " = ", 3) == 0) {
			char *line = strndup(p, len), *v = line, *q;
			uint8_t *b;

			while ((q = strstr(v, " = ")) != NULL)
				v = q + 3;
			b = unhex_len(v, want);
			free(line);
			return b;
		}
		p = eol ? eol + 1 : NULL;
	}
	ck_abort_msg("no field %s", name);
	return NULL;
}

static char *read_vec(const char *sub, unsigned k)
{
	char path[4352];
	char *text;
	size_t n;

	snprintf(path, sizeof path, "%s/%s/ML-KEM-%s.txt", vecdir, sub, kname(k));
	text = tu_read_file(path, &n);
	ck_assert_msg(text != NULL, "cannot read %s", path);
	return text;
}

/* J(z || c) with the SHAKE256 of algs.h, for the implicit-rejection cases */
static void j_reject(uint8_t out[32], const uint8_t z[32], const uint8_t *c, size_t clen)
{
	jca__keccak_ctx h;

	jca__shake256_init(&h, &jca__keccak_generic);
	jca__keccak_update(&h, z, 32);
	jca__keccak_update(&h, c, clen);
	jca__keccak_final(&h, out, 32);
}

/* keygen(d || z) = ek, dk; encaps(ek, m) = c, K; decaps(dk, c) = K */
static void check_kem_case(const jca__keccak_backend *kb, unsigned k, const char *text, const char *what)
{
	size_t ekl = jca__mlkem_ek_len(k), dkl = jca__mlkem_dk_len(k), ctl = jca__mlkem_ct_len(k);
	uint8_t *d = field(text, "d", 32), *z = field(text, "z", 32), *ek = field(text, "ek", ekl);
	uint8_t *dk = field(text, "dk", dkl), *m = field(text, "m", 32), *K = field(text, "K", 32);
	uint8_t *c = field(text, "c", ctl);
	uint8_t seed[64], myek[JCA__MLKEM_EK_MAX], mydk[JCA__MLKEM_DK_MAX], myc[JCA__MLKEM_CT_MAX], ss[32];

	memcpy(seed, d, 32);
	memcpy(seed + 32, z, 32);
	ck_assert_int_eq(jca__mlkem_keygen_ipd(kb, k, myek, mydk, seed), 0);
	ck_assert_msg(memcmp(myek, ek, ekl) == 0, "%s ML-KEM-%s: keygen ek", what, kname(k));
	ck_assert_msg(memcmp(mydk, dk, dkl) == 0, "%s ML-KEM-%s: keygen dk", what, kname(k));
	ck_assert_int_eq(jca__mlkem_check_ek(k, ek), 0);
	ck_assert_int_eq(jca__mlkem_check_dk(kb, k, dk), 0);
	ck_assert_int_eq(jca__mlkem_encaps(kb, k, ss, myc, ek, m), 0);
	ck_assert_msg(memcmp(myc, c, ctl) == 0, "%s ML-KEM-%s: encaps c", what, kname(k));
	ck_assert_msg(memcmp(ss, K, 32) == 0, "%s ML-KEM-%s: encaps K", what, kname(k));
	memset(ss, 0, 32);
	ck_assert_int_eq(jca__mlkem_decaps(kb, k, ss, c, dk), 0);
	ck_assert_msg(memcmp(ss, K, 32) == 0, "%s ML-KEM-%s: decaps K", what, kname(k));
	free(d);
	free(z);
	free(ek);
	free(dk);
	free(m);
	free(K);
	free(c);
}

START_TEST(test_intermediate)
{
	const jca__keccak_backend *kb = backs[_i % nbacks];
	unsigned k = 2 + (unsigned)(_i / nbacks);
	size_t ekl = jca__mlkem_ek_len(k), dkl = jca__mlkem_dk_len(k), ctl = jca__mlkem_ct_len(k);
	char *text = read_vec("intermediate", k);
	uint8_t *dk = field(text, "dk", dkl), *c = field(text, "c", ctl), *kbar = field(text, "KBar", 32);
	uint8_t *z = field(text, "z", 32), *K = field(text, "K", 32), ss[32], want[32];

	check_kem_case(kb, k, text, "intermediate");
	/* the file's KBar is J(z || c): our J helper agrees with it */
	j_reject(want, z, c, ctl);
	ck_assert(memcmp(want, kbar, 32) == 0);
	/* a ciphertext changed anywhere gives J(z || c'), never K */
	for (size_t pos = 0; pos < ctl; pos += ctl / 7) {
		c[pos] ^= 0x20;
		j_reject(want, z, c, ctl);
		ck_assert_int_eq(jca__mlkem_decaps(kb, k, ss, c, dk), 0);
		ck_assert_msg(memcmp(ss, want, 32) == 0, "implicit rejection at byte %zu", pos);
		ck_assert(memcmp(ss, K, 32) != 0);
		c[pos] ^= 0x20;
	}
	/* dk's stored H(ek) changed: check_dk refuses it */
	dk[384 * k + ekl + 5] ^= 1;
	ck_assert_int_eq(jca__mlkem_check_dk(kb, k, dk), -1);
	/* wrong k */
	ck_assert_int_eq(jca__mlkem_decaps(kb, 5, ss, c, dk), -1);
	ck_assert_uint_eq(jca__mlkem_ek_len(1), 0);
	free(text);
	free(dk);
	free(c);
	free(kbar);
	free(z);
	free(K);
}
END_TEST

START_TEST(test_unlucky)
{
	const jca__keccak_backend *kb = backs[_i % nbacks];
	unsigned k = 2 + (unsigned)(_i / nbacks);
	char *text = read_vec("unluckysample", k);

	check_kem_case(kb, k, text, "unluckysample");
	free(text);
}
END_TEST

START_TEST(test_strcmp)
{
	const jca__keccak_backend *kb = backs[_i % nbacks];
	unsigned k = 2 + (unsigned)(_i / nbacks);
	char *text = read_vec("strcmp", k);
	uint8_t *dk = field(text, "dk", jca__mlkem_dk_len(k)), *c = field(text, "c", jca__mlkem_ct_len(k));
	uint8_t *K = field(text, "K", 32), ss[32];

	ck_assert_int_eq(jca__mlkem_decaps(kb, k, ss, c, dk), 0);
	ck_assert_msg(memcmp(ss, K, 32) == 0, "strcmp ML-KEM-%s", kname(k));
	free(text);
	free(dk);
	free(c);
	free(K);
}
END_TEST

START_TEST(test_modulus)
{
	unsigned k = 2 + (unsigned)_i;
	size_t ekl = jca__mlkem_ek_len(k);
	char path[4352], cmd[4500], *line = NULL;
	size_t cap = 0;
	ssize_t n;
	unsigned count = 0;
	FILE *f;

	if (system("gzip -V >/dev/null 2>&1") != 0) {
		printf("SKIP: mlkem modulus ML-KEM-%s: gzip not found\n", kname(k));
		return;
	}
	snprintf(path, sizeof path, "%s/modulus/ML-KEM-%s.txt.gz", vecdir, kname(k));
	snprintf(cmd, sizeof cmd, "gzip -dc '%s'", path);
	f = popen(cmd, "r");
	ck_assert_ptr_nonnull(f);
	while ((n = getline(&line, &cap, f)) > 0) {
		uint8_t *ek, ss[32], ct[JCA__MLKEM_CT_MAX], m[32] = { 1 };

		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = 0;
		if (n == 0)
			continue;
		ek = unhex_len(line, ekl);
		ck_assert_msg(jca__mlkem_check_ek(k, ek) == -1, "modulus ML-KEM-%s line %u accepted", kname(k), count + 1);
		ck_assert_msg(jca__mlkem_encaps(NULL, k, ss, ct, ek, m) == -1, "encaps ML-KEM-%s line %u", kname(k), count + 1);
		free(ek);
		count++;
	}
	free(line);
	ck_assert_int_eq(pclose(f), 0);
	ck_assert_uint_gt(count, 0);
	printf("mlkem: modulus ML-KEM-%s: %u keys refused\n", kname(k), count);
}
END_TEST

/*
 * Accumulated tests: inputs d || z, m and a random ciphertext from one
 * SHAKE-128 stream (empty input); outputs into a second SHAKE-128, whose
 * first 32 bytes are compared with a published digest.
 *  - CCTV (its README; pq-crystals' vectors, made with the FIPS 203 draft's
 *    key generation): ek, dk, c, K, rejection K; run with keygen_ipd.
 *  - Go (crypto/mlkem's TestAccumulated, FIPS 203 final; the ML-KEM-1024
 *    digest from theQRL/go-qrllib's port of that test): ek, c, K,
 *    rejection K; run with the final keygen.
 */
static const char *const cctv_10k[3] = {
	"845913ea5a308b803c764a9ed8e9d814ca1fd9c82ba43c7b1e64b79c7a6ec8e4",
	"f7db260e1137a742e05fe0db9525012812b004d29040a5b606aad3d134b548d3",
	"47ac888fe61544efc0518f46094b4f8a600965fc89822acb06dc7169d24f3543",
};
static const char *const cctv_1m[3] = {
	"578eeaa1156848cbf7a15bafef963b4ccabe3308ddfb7dbdd20ad965f634e81d",
	"70090cc5842aad0ec43d5042c783fae9bc320c047b5dafcb6e134821db02384d",
	"7ccc6d803739d3db3c5ce39c7130f459db32a199c6605e3be210e5a89d4c4b95",
};
static const char *const go_10k[3] = {
	NULL,
	"8a518cc63da366322a8e7a818c7a0d63483cb3528d34a4cf42f35d5ad73f22fc",
	"f1a3925c9cf8538bb104c56efb2f5ecb74cc3df25087460b73f6c873e96bcb6a",
};
static const char *const go_1m[3] = {
	NULL,
	"424bf8f0e8ae99b78d788a6e2e8e9cdaf9773fc0c08a6f433507cb559edfd0f0",
	NULL,
};

static void accumulated(unsigned k, int go, unsigned long iters, const char *want)
{
	const jca__keccak_backend *kb = backs[nbacks - 1];
	size_t ekl = jca__mlkem_ek_len(k), dkl = jca__mlkem_dk_len(k), ctl = jca__mlkem_ct_len(k);
	jca__keccak_ctx in, out;
	uint8_t seed[64], m[32], ek[JCA__MLKEM_EK_MAX], dk[JCA__MLKEM_DK_MAX], ct[JCA__MLKEM_CT_MAX];
	uint8_t bad[JCA__MLKEM_CT_MAX], ss[32], ss2[32], digest[32];
	char hex[65];

	jca__shake128_init(&in, &jca__keccak_generic);
	jca__shake128_init(&out, &jca__keccak_generic);
	for (unsigned long t = 0; t < iters; t++) {
		jca__keccak_final(&in, seed, 64);
		jca__keccak_final(&in, m, 32);
		jca__keccak_final(&in, bad, ctl);
		if (go)
			ck_assert_int_eq(jca__mlkem_keygen(kb, k, ek, dk, seed), 0);
		else
			ck_assert_int_eq(jca__mlkem_keygen_ipd(kb, k, ek, dk, seed), 0);
		ck_assert_int_eq(jca__mlkem_encaps(kb, k, ss, ct, ek, m), 0);
		ck_assert_int_eq(jca__mlkem_decaps(kb, k, ss2, ct, dk), 0);
		ck_assert_msg(memcmp(ss, ss2, 32) == 0, "accumulated ML-KEM-%s: iteration %lu", kname(k), t);
		jca__keccak_update(&out, ek, ekl);
		if (!go)
			jca__keccak_update(&out, dk, dkl);
		jca__keccak_update(&out, ct, ctl);
		jca__keccak_update(&out, ss, 32);
		ck_assert_int_eq(jca__mlkem_decaps(kb, k, ss2, bad, dk), 0);
		jca__keccak_update(&out, ss2, 32);
	}
	jca__keccak_final(&out, digest, 32);
	tu_hex(hex, digest, 32);
	ck_assert_msg(strcmp(hex, want) == 0, "accumulated (%s) ML-KEM-%s (%lu): %s", go ? "Go" : "CCTV", kname(k), iters, hex);
	printf("mlkem: accumulated (%s) ML-KEM-%s, %lu iterations (%s Keccak): ok\n", go ? "Go, FIPS 203 final" : "CCTV",
	       kname(k), iters, back_names[nbacks - 1]);
}

static int slow(void)
{
	return getenv("JCA_SLOW") && strcmp(getenv("JCA_SLOW"), "1") == 0;
}

START_TEST(test_accumulated)
{
	unsigned k = 2 + (unsigned)_i;

	accumulated(k, 0, slow() ? 1000000ul : 10000ul, slow() ? cctv_1m[k - 2] : cctv_10k[k - 2]);
}
END_TEST

/* Needs no vector file: runs even without $JCA_VECTORS. */
START_TEST(test_accumulated_go)
{
	unsigned k = 3 + (unsigned)_i;

	accumulated(k, 1, 10000ul, go_10k[k - 2]);
	if (slow() && go_1m[k - 2])
		accumulated(k, 1, 1000000ul, go_1m[k - 2]);
}
END_TEST

static int run(Suite *s)
{
	SRunner *sr = srunner_create(s);
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed;
}

int main(void)
{
	Suite *s = suite_create("ML-KEM");
	TCase *tc = tcase_create("mlkem");
	const char *vd = tu_vectors_dir();
	struct stat st;
	int failed;

	setup_backends();
	tcase_set_timeout(tc, 7200);
	tcase_add_test(tc, test_compress_exact);
	tcase_add_test(tc, test_keccak_x4);
	tcase_add_loop_test(tc, test_python_kat, 0, nbacks);
	tcase_add_loop_test(tc, test_accumulated_go, 0, 2);
	suite_add_tcase(s, tc);
	if (vd)
		snprintf(vecdir, sizeof vecdir, "%s/pqc/ML-KEM", vd);
	if (!vd || stat(vecdir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		failed = run(s);
		if (failed)
			return 1;
		printf("SKIP: ML-KEM vectors not found at %s (set JCA_VECTORS): the CCTV cases did not run\n",
		       vd ? vecdir : "$JCA_VECTORS/pqc/ML-KEM");
		return 77;
	}
	tcase_add_loop_test(tc, test_intermediate, 0, 3 * nbacks);
	tcase_add_loop_test(tc, test_unlucky, 0, 3 * nbacks);
	tcase_add_loop_test(tc, test_strcmp, 0, 3 * nbacks);
	tcase_add_loop_test(tc, test_modulus, 0, 3);
	tcase_add_loop_test(tc, test_accumulated, 0, 3);
	return run(s) ? 1 : 0;
}
