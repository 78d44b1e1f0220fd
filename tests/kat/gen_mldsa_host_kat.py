#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# The host's ML-DSA-44/65/87 Signature known answers (src/api/asym_kat.c
# includes the header this prints, src/api/asym_kat_mldsa.h): for each
# parameter set a key from a fixed seed (its public key as X.509
# SubjectPublicKeyInfo, DER), a short message and a pure ML-DSA signature
# of it with the empty context, made and checked by Python's
# `cryptography` (OpenSSL). The signatures are hedged: running it again
# gives other, equally valid, vectors.
#   python3 tests/kat/gen_mldsa_host_kat.py > src/api/asym_kat_mldsa.h
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import mldsa

SPKI = dict(encoding=serialization.Encoding.DER, format=serialization.PublicFormat.SubjectPublicKeyInfo)


def lit(name, b):
    print("#define %s /* %d bytes */ \\" % (name, len(b)))
    rows = ['\t"' + "".join("\\x%02x" % x for x in b[i:i + 16]) + '"' for i in range(0, len(b), 16)]
    print(" \\\n".join(rows) if rows else '\t""')


print("/* SPDX-License-Identifier: Apache-2.0 */")
print("/* Made by tests/kat/gen_mldsa_host_kat.py (python3 cryptography); do not edit. */")
msg = b"libjca host known answer"
for level, cls in ((44, mldsa.MLDSA44PrivateKey), (65, mldsa.MLDSA65PrivateKey), (87, mldsa.MLDSA87PrivateKey)):
    sk = cls.from_seed_bytes(bytes(range(level, level + 32)))
    sig = sk.sign(msg)
    sk.public_key().verify(sig, msg)
    lit("MLDSA%d_PUB" % level, sk.public_key().public_bytes(**SPKI))
    lit("MLDSA%d_MSG" % level, msg)
    lit("MLDSA%d_SIG" % level, sig)
