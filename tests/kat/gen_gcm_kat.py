#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# The GCM known answer of the built-in provider and of the OpenSSL bridge
# (src/providers/builtin.c, plugins/openssl/openssl_bridge.c: JCA_KAT_GCM):
# the key, IV, AAD and plaintext of Test Case 16 of McGrew and Viega's GCM
# specification (AES-256, 60-byte plaintext, 20-byte AAD), sealed here with
# Python's `cryptography`, printed as C string literals.
#   python3 tests/kat/gen_gcm_kat.py
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

key = bytes.fromhex("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
iv = bytes.fromhex("cafebabefacedbaddecaf888")
pt = bytes.fromhex("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
                   "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39")
aad = bytes.fromhex("feedfacedeadbeeffeedfacedeadbeefabaddad2")
sealed = AESGCM(key).encrypt(iv, pt, aad)
ct, tag = sealed[:-16], sealed[-16:]


def lit(name, b):
    print("/* %s (%d bytes) */" % (name, len(b)))
    for i in range(0, len(b), 16):
        print('\t"' + "".join("\\x%02x" % x for x in b[i:i + 16]) + '"')


for name, b in (("key", key), ("iv", iv), ("aad", aad), ("plaintext", pt), ("ciphertext", ct), ("tag", tag)):
    lit(name, b)
