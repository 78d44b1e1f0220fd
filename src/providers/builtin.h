/* Built-in provider: implementation vtables shared by its source files. */
#ifndef JCA_BUILTIN_H
#define JCA_BUILTIN_H

#include "jca/provider.h"
#include "../algs/algs.h"
#include "../algs/cpu.h"

JCA__HIDDEN extern const jca_md_impl jca__md5_generic, jca__sha1_generic,
	jca__sha224_generic, jca__sha256_generic, jca__sha384_generic,
	jca__sha512_generic, jca__sha512_224_generic, jca__sha512_256_generic,
	jca__sha3_224_generic, jca__sha3_256_generic, jca__sha3_384_generic,
	jca__sha3_512_generic, jca__shake128_generic, jca__shake256_generic;

JCA__HIDDEN extern const jca_cipher_impl jca__aes_generic;

#endif
