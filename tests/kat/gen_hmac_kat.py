#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generates hmac.txt with Python's hmac/hashlib (independent of libjca):
HMAC over every built-in digest, for key lengths 0, 1, block-1, block,
block+1 and 1000, and message lengths 0, 1, 100 and 1000.
Line format: <Mac name> <key len> <msg len> <hex tag>; key bytes i =
(i*11+3) mod 256, message bytes i = (i*31+7) mod 256."""
import hashlib, hmac

MACS = [("HmacMD5", "md5"), ("HmacSHA1", "sha1"), ("HmacSHA224", "sha224"),
        ("HmacSHA256", "sha256"), ("HmacSHA384", "sha384"), ("HmacSHA512", "sha512"),
        ("HmacSHA512/224", "sha512_224"), ("HmacSHA512/256", "sha512_256"),
        ("HmacSHA3-224", "sha3_224"), ("HmacSHA3-256", "sha3_256"),
        ("HmacSHA3-384", "sha3_384"), ("HmacSHA3-512", "sha3_512")]

with open("hmac.txt", "w") as f:
    for name, py in MACS:
        bl = hashlib.new(py).block_size
        for kl in sorted({0, 1, bl - 1, bl, bl + 1, 1000}):
            key = bytes((i * 11 + 3) & 255 for i in range(kl))
            for ml in (0, 1, 100, 1000):
                msg = bytes((i * 31 + 7) & 255 for i in range(ml))
                tag = hmac.new(key, msg, lambda d=b"", py=py: hashlib.new(py, d)).hexdigest()
                f.write("%s %d %d %s\n" % (name, kl, ml, tag))
