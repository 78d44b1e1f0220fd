/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Constant-time check of ML-KEM (src/algs/mlkem.h, internal: reached in the
 * static library by its hidden names), linked into ct_check (ct_check.c
 * says how secrets are marked), on the portable Keccak and on the AVX2 one
 * where the CPU has it:
 *  - key generation from a secret seed d || z (rho, public in ek, is
 *    declassified inside the library when built with JCA_CT_VALGRIND);
 *  - encapsulation with a secret message m;
 *  - decapsulation with the secret parts of dk (s and z; ek and H(ek) in it
 *    are public), of the valid ciphertext and of ciphertexts changed at
 *    several places (implicit rejection: the compare and the selection).
 * Public afterwards: ek, the ciphertext, the shared secret.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <valgrind/memcheck.h>

#include "../../src/algs/mlkem.h"
#include "../../src/algs/cpu.h"
#if defined(__x86_64__)
extern const jca__keccak_backend jca__keccak_avx2 __attribute__((weak));
#endif

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

int ct_mlkem_failures;

#define MCHECK(cond, ...)                                                   \
	do {                                                                \
		if (!(cond)) {                                              \
			fprintf(stderr, "ct_check: FAILED %s:%d: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__);                       \
			fprintf(stderr, "\n");                              \
			ct_mlkem_failures++;                                \
		}                                                           \
	} while (0)

static void mlkem_with(const jca__keccak_backend *kb, const char *name, unsigned k)
{
	uint8_t seed[64], m[32], ek[JCA__MLKEM_EK_MAX], ek2[JCA__MLKEM_EK_MAX], dk[JCA__MLKEM_DK_MAX];
	uint8_t dk2[JCA__MLKEM_DK_MAX], ct[JCA__MLKEM_CT_MAX], ct2[JCA__MLKEM_CT_MAX], ss[32], ss2[32], ss3[32];
	size_t ekl = jca__mlkem_ek_len(k), ctl = jca__mlkem_ct_len(k);

	for (unsigned i = 0; i < 64; i++)
		seed[i] = (uint8_t)(i * 37 + k);
	for (unsigned i = 0; i < 32; i++)
		m[i] = (uint8_t)(i * 11 + 5);
	/* references on public data */
	MCHECK(jca__mlkem_keygen(kb, k, ek, dk, seed) == 0, "keygen");
	MCHECK(jca__mlkem_encaps(kb, k, ss, ct, ek, m) == 0, "encaps");

	/* key generation from a secret seed */
	SECRET(seed, sizeof seed);
	MCHECK(jca__mlkem_keygen(kb, k, ek2, dk2, seed) == 0, "keygen (secret seed)");
	PUBLIC(ek2, ekl);
	PUBLIC(seed, sizeof seed);
	MCHECK(memcmp(ek, ek2, ekl) == 0, "ML-KEM k=%u %s: keygen differs with a secret seed", k, name);

	/* encapsulation with a secret message */
	SECRET(m, sizeof m);
	MCHECK(jca__mlkem_encaps(kb, k, ss2, ct2, ek, m) == 0, "encaps (secret m)");
	PUBLIC(ct2, ctl);
	PUBLIC(ss2, 32);
	PUBLIC(m, sizeof m);
	MCHECK(memcmp(ct, ct2, ctl) == 0 && memcmp(ss, ss2, 32) == 0, "ML-KEM k=%u %s: encaps differs", k, name);

	/* decapsulation: s and z secret, the valid ciphertext and changed ones */
	for (unsigned pos = 0; pos <= ctl; pos += (unsigned)ctl / 3) {
		memcpy(ct2, ct, ctl);
		if (pos < ctl)
			ct2[pos] ^= 0x01;
		memcpy(dk2, dk, jca__mlkem_dk_len(k));
		SECRET(dk2, 384 * k);
		SECRET(dk2 + 384 * k + ekl + 32, 32);
		MCHECK(jca__mlkem_decaps(kb, k, ss3, ct2, dk2) == 0, "decaps");
		PUBLIC(ss3, 32);
		if (pos < ctl)
			MCHECK(memcmp(ss3, ss, 32) != 0, "ML-KEM k=%u %s: a changed ciphertext gave K", k, name);
		else
			MCHECK(memcmp(ss3, ss, 32) == 0, "ML-KEM k=%u %s: decaps differs", k, name);
	}
}

void ct_mlkem(void);
void ct_mlkem(void)
{
	for (unsigned k = 2; k <= 4; k++) {
		mlkem_with(NULL, "generic Keccak", k);
#if defined(__x86_64__)
		if (&jca__keccak_avx2 != NULL && (jca__cpu_features() & JCA__CPU_AVX2))
			mlkem_with(&jca__keccak_avx2, "AVX2 Keccak", k);
#endif
	}
}
