#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Known answers for ChaCha20-Poly1305 and XChaCha20-Poly1305, made with
implementations independent of libjca: python3-cryptography's
ChaCha20Poly1305 and libsodium's crypto_aead_xchacha20poly1305_ietf (through
ctypes; Debian's libsodium23).

Writes chacha_aead.txt (read by tests/check_chacha.c), one message per line:
  <algorithm> <key> <nonce> <aad> <plaintext> <ciphertext || tag>
(ChaCha20 alone, the JDK's stream cipher with the block counter from 1,
has no AAD and no tag; its lines are made with python3-cryptography's
ChaCha20 too, and RFC 8439 2.4.2 is among them)
in hex, '-' for empty. The first lines are RFC 8439 2.8.2 and A.5 and the
XChaCha draft's A.3.1 (the tags asserted against the documents); then
every combination of AAD lengths and data lengths below, key/nonce/data
bytes from a fixed pattern. Also prints the built-in provider's known
answers (src/providers/builtin.c) as C strings with -c."""
import ctypes, ctypes.util
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

so = ctypes.CDLL(ctypes.util.find_library("sodium") or "libsodium.so.23")
assert so.sodium_init() >= 0

def xseal(key, nonce, pt, aad):
    out = ctypes.create_string_buffer(len(pt) + 16)
    olen = ctypes.c_ulonglong()
    so.crypto_aead_xchacha20poly1305_ietf_encrypt(out, ctypes.byref(olen), pt, ctypes.c_ulonglong(len(pt)),
                                                  aad, ctypes.c_ulonglong(len(aad)), None, nonce, key)
    return out.raw[:olen.value]

def seal(alg, key, nonce, pt, aad):
    if alg == "ChaCha20-Poly1305":
        return ChaCha20Poly1305(key).encrypt(nonce, pt, aad)
    if alg == "ChaCha20":              # the JDK's: block counter from 1, no tag
        assert not aad
        return Cipher(algorithms.ChaCha20(key, (1).to_bytes(4, "little") + nonce), None).encryptor().update(pt)
    return xseal(key, nonce, pt, aad)

def pat(n, a, b):
    return bytes((i * a + b) & 255 for i in range(n))

LADIES = (b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip "
          b"for the future, sunscreen would be it.")
A5_PT = bytes.fromhex(
    "496e7465726e65742d4472616674732061726520647261667420646f63756d656e74732076616c696420"
    "666f722061206d6178696d756d206f6620736978206d6f6e74687320616e64206d617920626520757064"
    "617465642c207265706c616365642c206f72206f62736f6c65746564206279206f7468657220646f6375"
    "6d656e747320617420616e792074696d652e20497420697320696e617070726f70726961746520746f20"
    "75736520496e7465726e65742d447261667473206173207265666572656e6365206d6174657269616c20"
    "6f7220746f2063697465207468656d206f74686572207468616e206173202fe2809c776f726b20696e20"
    "70726f67726573732e2fe2809d")
rows = []
# RFC 8439 2.8.2
k = bytes(range(0x80, 0xa0))
ct = seal("ChaCha20-Poly1305", k, bytes.fromhex("070000004041424344454647"), LADIES,
          bytes.fromhex("50515253c0c1c2c3c4c5c6c7"))
assert ct[-16:].hex() == "1ae10b594f09e26a7e902ecbd0600691"
rows.append(("ChaCha20-Poly1305", k, bytes.fromhex("070000004041424344454647"),
             bytes.fromhex("50515253c0c1c2c3c4c5c6c7"), LADIES, ct))
# RFC 8439 A.5
k5 = bytes.fromhex("1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0")
n5, a5 = bytes.fromhex("000000000102030405060708"), bytes.fromhex("f33388860000000000004e91")
ct = seal("ChaCha20-Poly1305", k5, n5, A5_PT, a5)
assert ct[-16:].hex() == "eead9d67890cbb22392336fea1851f38" and ct[:4].hex() == "64a08615"
rows.append(("ChaCha20-Poly1305", k5, n5, a5, A5_PT, ct))
# draft-irtf-cfrg-xchacha-03 A.3.1
xn = bytes.fromhex("404142434445464748494a4b4c4d4e4f5051525354555657")
ct = xseal(k, xn, LADIES, bytes.fromhex("50515253c0c1c2c3c4c5c6c7"))
assert ct[-16:].hex() == "c0875924c1c7987947deafd8780acf49"
rows.append(("XChaCha20-Poly1305", k, xn, bytes.fromhex("50515253c0c1c2c3c4c5c6c7"), LADIES, ct))

# RFC 8439 2.4.2 (ChaCha20 alone, counter 1)
k0, n0 = bytes(range(32)), bytes.fromhex("000000000000004a00000000")
ct = seal("ChaCha20", k0, n0, LADIES, b"")
assert ct[:4].hex() == "6e2e359a" and ct[-2:].hex() == "874d"
rows.append(("ChaCha20", k0, n0, b"", LADIES, ct))

for alg, nl in (("ChaCha20-Poly1305", 12), ("XChaCha20-Poly1305", 24), ("ChaCha20", 12)):
    for al in ((0,) if alg == "ChaCha20" else (0, 1, 16, 17, 100)):
        for pl in (0, 1, 16, 63, 64, 65, 129, 257, 1000):
            key = pat(32, 7, al + pl)
            nonce = pat(nl, 13, pl)
            aad = pat(al, 5, 1)
            pt = pat(pl, 31, 7)
            rows.append((alg, key, nonce, aad, pt, seal(alg, key, nonce, pt, aad)))

h = lambda b: b.hex() if b else "-"
with open("chacha_aead.txt", "w") as f:
    for alg, key, nonce, aad, pt, ct in rows:
        f.write("%s %s %s %s %s %s\n" % (alg, h(key), h(nonce), h(aad), h(pt), h(ct)))
