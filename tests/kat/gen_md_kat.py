#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generates tests/kat/md.txt: known answers for every built-in digest,
computed with Python's hashlib (an implementation independent of libjca).

Line format:  <algorithm> <message> <hex digest>
  message: "empty", "abc", "million-a" (1,000,000 x 'a'), or "pattern:N"
  (N bytes, byte i = (i * 31 + 7) mod 256), N = 0..300.
SHAKE outputs are the JDK default lengths (32 and 64 bytes)."""
import hashlib

ALGS = [("MD5", "md5"), ("SHA-1", "sha1"), ("SHA-224", "sha224"), ("SHA-256", "sha256"),
        ("SHA-384", "sha384"), ("SHA-512", "sha512"), ("SHA-512/224", "sha512_224"),
        ("SHA-512/256", "sha512_256"), ("SHA3-224", "sha3_224"), ("SHA3-256", "sha3_256"),
        ("SHA3-384", "sha3_384"), ("SHA3-512", "sha3_512"), ("SHAKE128", "shake_128"),
        ("SHAKE256", "shake_256")]

def digest(py, msg):
    h = hashlib.new(py, msg)
    if py == "shake_128":
        return h.hexdigest(32)
    if py == "shake_256":
        return h.hexdigest(64)
    return h.hexdigest()

def pattern(n):
    return bytes((i * 31 + 7) & 0xff for i in range(n))

with open("md.txt", "w") as f:
    for name, py in ALGS:
        f.write("%s empty %s\n" % (name, digest(py, b"")))
        f.write("%s abc %s\n" % (name, digest(py, b"abc")))
        f.write("%s million-a %s\n" % (name, digest(py, b"a" * 1000000)))
        for n in range(301):
            f.write("%s pattern:%d %s\n" % (name, n, digest(py, pattern(n))))
