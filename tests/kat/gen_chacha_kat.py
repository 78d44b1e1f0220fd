# SPDX-License-Identifier: Apache-2.0
# Known answers for the built-in ChaCha20-Poly1305 and XChaCha20-Poly1305
# services (src/providers/builtin.c), made with independent implementations:
# python3-cryptography's ChaCha20Poly1305 (RFC 8439 2.8.2's inputs; the tag
# must be the RFC's) and libsodium's crypto_aead_xchacha20poly1305_ietf
# (the XChaCha draft's A.3.1 inputs), through ctypes.
import ctypes, ctypes.util
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

def c(b):
    return ''.join('\\x%02x' % x for x in b)

pt = (b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip "
      b"for the future, sunscreen would be it.")
key = bytes(range(0x80, 0xa0))
nonce = bytes.fromhex("070000004041424344454647")
aad = bytes.fromhex("50515253c0c1c2c3c4c5c6c7")
ct = ChaCha20Poly1305(key).encrypt(nonce, pt, aad)
assert ct[-16:].hex() == "1ae10b594f09e26a7e902ecbd0600691", "RFC 8439 2.8.2 tag"
print("chacha20-poly1305 ct:", c(ct[:-16]))
print("chacha20-poly1305 tag:", c(ct[-16:]))

so = ctypes.CDLL(ctypes.util.find_library("sodium") or "libsodium.so.23")
assert so.sodium_init() >= 0
xnonce = bytes.fromhex("404142434445464748494a4b4c4d4e4f5051525354555657")
xaad = bytes.fromhex("50515253c0c1c2c3c4c5c6c7")
out = ctypes.create_string_buffer(len(pt) + 16)
olen = ctypes.c_ulonglong()
so.crypto_aead_xchacha20poly1305_ietf_encrypt(out, ctypes.byref(olen), pt, ctypes.c_ulonglong(len(pt)),
                                              xaad, ctypes.c_ulonglong(len(xaad)), None, xnonce, key)
x = out.raw[:olen.value]
print("xchacha20-poly1305 ct:", c(x[:-16]))
print("xchacha20-poly1305 tag:", c(x[-16:]), x[-16:].hex())
