/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The host's KDF known answers (kat.h) for KDFs a provider declares under
 * their own names (a template over a Mac, PBKDF2 or HKDF, takes none: its
 * Mac is tested as a Mac or a digest): SCRYPT (RFC 7914 section 12, the
 * first case; value from kat_sym_vectors.h, tests/kat/gen_host_kat.py)
 * and Argon2id (RFC 9106 5.3).
 */
#include "kat.h"
#include "kat_sym_vectors.h"

JCA__HIDDEN extern const jca__type_ops jca__kdf_type;

static const jca_kdf_args scrypt_args = {
	.struct_size = sizeof(jca_kdf_args), .cost = 16, .block_size = 1, .parallelism = 1,
};

static const jca_kdf_args argon2id_args = {
	.struct_size = sizeof(jca_kdf_args),
	.secret = (const uint8_t *)"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01"
	                           "\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01",
	.secret_len = 32,
	.salt = (const uint8_t *)"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02",
	.salt_len = 16,
	.key = (const uint8_t *)"\x03\x03\x03\x03\x03\x03\x03\x03",
	.key_len = 8,
	.info = (const uint8_t *)"\x04\x04\x04\x04\x04\x04\x04\x04\x04\x04\x04\x04",
	.info_len = 12,
	.iterations = 3, .cost = 32, .parallelism = 4,
};

static const jca__kat_vec vectors[] = {
	{ "SCRYPT", "RFC 7914 section 12 case 1 (N 16, r 1, p 1)",
	  &(const jca_kat){ .struct_size = sizeof(jca_kat), .in = &scrypt_args, .in_len = sizeof scrypt_args,
	                    .out = SCRYPT_RFC7914_1, .out_len = 64 }, 0 },
	{ "Argon2id", "RFC 9106 5.3",
	  &(const jca_kat){ .struct_size = sizeof(jca_kat), .in = &argon2id_args, .in_len = sizeof argon2id_args,
	                    .out = "\x0d\x64\x0d\xf5\x8d\x78\x76\x6c\x08\xc0\x37\xa3\x4a\x8b\x53\xc9"
	                           "\xd0\x1e\xf0\x45\x2d\x75\xb6\x5e\xb5\x25\x20\xe9\x6b\x01\xe6\x59",
	                    .out_len = 32 }, 0 },
};

const char *jca__kdf_host_kat(const struct jca_service *s, const jca_impl *impl, char *why, size_t n)
{
	return jca__kat_run(vectors, sizeof vectors / sizeof vectors[0], &jca__kdf_type, s, impl, why, n);
}
