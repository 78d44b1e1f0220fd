#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Writes tests/kat/kdf.txt: PBKDF2 and HKDF known answers over every
# HMAC of the built-in provider, computed with Python hashlib/hmac.
#   pbkdf2 <digest> <password hex> <salt hex> <iterations> <dk hex>
#   hkdf <digest> <ikm hex> <salt hex> <info hex> <prk hex> <okm hex>
# (dk/okm lengths vary, so every output length path is covered.)
import hashlib, hmac

DIGESTS = [("SHA-1", "sha1"), ("SHA-224", "sha224"), ("SHA-256", "sha256"),
           ("SHA-384", "sha384"), ("SHA-512", "sha512"), ("SHA-512/224", "sha512_224"),
           ("SHA-512/256", "sha512_256"), ("SHA3-224", "sha3_224"), ("SHA3-256", "sha3_256"),
           ("SHA3-384", "sha3_384"), ("SHA3-512", "sha3_512"), ("MD5", "md5")]

def pat(n, mul, add):
    return bytes((i * mul + add) & 0xff for i in range(n))

def hkdf(h, ikm, salt, info, L):
    hl = hashlib.new(h).digest_size
    prk = hmac.new(salt if salt else bytes(hl), ikm, h).digest()
    t, okm, i = b"", b"", 1
    while len(okm) < L:
        t = hmac.new(prk, t + info + bytes([i]), h).digest()
        okm += t
        i += 1
    return prk, okm[:L]

with open("kdf.txt", "w") as f:
    for name, h in DIGESTS:
        hl = hashlib.new(h).digest_size
        bl = hashlib.new(h).block_size
        for (pl, sl, c, dl) in [(0, 1, 1, 1), (8, 16, 2, hl), (bl, 16, 3, hl + 1),
                                (bl + 1, 33, 1000, 2 * hl + 5), (3, 8, 4096, 3 * hl)]:
            pw, salt = pat(pl, 7, 1), pat(sl, 13, 5)
            dk = hashlib.pbkdf2_hmac(h, pw, salt, c, dl)
            f.write("pbkdf2 %s %s %s %d %s\n" % (name, pw.hex() or "-", salt.hex(), c, dk.hex()))
        for (il, sl, nl, L) in [(22, 13, 10, 42), (1, 0, 0, 1), (80, 80, 80, 255 * hl),
                                (hl, bl + 3, 1, hl), (0, 5, 200, hl + 1)]:
            ikm, salt, info = pat(il, 3, 9), pat(sl, 5, 2), pat(nl, 11, 4)
            prk, okm = hkdf(h, ikm, salt, info, L)
            f.write("hkdf %s %s %s %s %s %s\n" % (name, ikm.hex() or "-", salt.hex() or "-",
                                                   info.hex() or "-", prk.hex(), okm.hex()))
