#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# The host's MessageDigest, Mac and KDF known answers (src/api/md_kat.c,
# mac_kat.c, kdf_kat.c include the header this prints,
# src/api/kat_sym_vectors.h), computed with Python's hashlib, hmac and
# `cryptography`:
#   digests      of "abc" (FIPS 180-4, FIPS 202, RFC 1321, RFC 7693 inputs);
#                SHAKE128 32 bytes, SHAKE256 64 bytes
#   HMAC         RFC 2202 / RFC 4231 test case 1 (key 20 bytes of 0x0b,
#                "Hi There") over every digest HMAC is named for
#   AESCMAC      RFC 4493 example 2 (AES-128, one block)
#   BLAKE2b-512-MAC  keyed BLAKE2b, key 00..3f, input "abc"
#   SCRYPT       RFC 7914 section 12's first case (N 16, r 1, p 1, 64 bytes)
#   python3 tests/kat/gen_host_kat.py > src/api/kat_sym_vectors.h
import hashlib
import hmac

from cryptography.hazmat.primitives import cmac
from cryptography.hazmat.primitives.ciphers import algorithms


def lit(name, b):
    print("#define %s /* %d bytes */ \\" % (name, len(b)))
    print(" \\\n".join('\t"' + "".join("\\x%02x" % x for x in b[i:i + 16]) + '"' for i in range(0, len(b), 16)))


print("/* SPDX-License-Identifier: Apache-2.0 */")
print("/* Made by tests/kat/gen_host_kat.py (python3 hashlib, hmac, cryptography); do not edit. */")

MDS = [("MD5", "md5"), ("SHA1", "sha1"), ("SHA224", "sha224"), ("SHA256", "sha256"), ("SHA384", "sha384"),
       ("SHA512", "sha512"), ("SHA512_224", "sha512_224"), ("SHA512_256", "sha512_256"),
       ("SHA3_224", "sha3_224"), ("SHA3_256", "sha3_256"), ("SHA3_384", "sha3_384"), ("SHA3_512", "sha3_512"),
       ("BLAKE2B_512", "blake2b"), ("BLAKE2S_256", "blake2s")]
for c, h in MDS:
    lit("MD_ABC_" + c, hashlib.new(h, b"abc").digest())
lit("MD_ABC_SHAKE128", hashlib.shake_128(b"abc").digest(32))
lit("MD_ABC_SHAKE256", hashlib.shake_256(b"abc").digest(64))

for c, h in MDS[:12]:
    lit("HMAC_TC1_" + c, hmac.new(b"\x0b" * 20, b"Hi There", h).digest())

key = bytes.fromhex("2b7e151628aed2a6abf7158809cf4f3c")
c = cmac.CMAC(algorithms.AES(key))
c.update(bytes.fromhex("6bc1bee22e409f96e93d7e117393172a"))
tag = c.finalize()
assert tag.hex() == "070a16b46b4d4144f79bdd9dd04a287c"
lit("CMAC_EX2", tag)
lit("BLAKE2B_MAC_ABC", hashlib.blake2b(b"abc", key=bytes(range(64))).digest())

out = hashlib.scrypt(b"", salt=b"", n=16, r=1, p=1, dklen=64)
assert out.hex().startswith("77d6576238657b203b19ca42c18a0497")
lit("SCRYPT_RFC7914_1", out)
