#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# The host's Signature and KeyAgreement known answers (src/api/asym_kat.c
# includes the header this prints, src/api/asym_kat_vectors.h):
#   Ed25519      RFC 8032 7.1 TEST 2 (its secret key; the signature is
#                deterministic, so it is the RFC's);
#   ECDSA P-256  SHA256withECDSA (DER) and ...inP1363Format (r||s) over one
#                message, a key made from a fixed scalar;
#   RSA-2048     SHA256withRSA (PKCS#1 v1.5) and SHA256withRSA/PSS (MGF1
#                SHA-256, 32-byte salt), a key generated once;
#   X25519       RFC 7748 6.1 (Alice's private key, Bob's public key, K);
#   ECDH P-256   two keys from fixed scalars, the shared x-coordinate.
# Public keys as X.509 SubjectPublicKeyInfo, private keys as PKCS#8 (DER),
# all through Python's `cryptography` (OpenSSL). RSA and ECDSA signatures
# are randomised: running it again gives other, equally valid, vectors.
#   python3 tests/kat/gen_asym_kat.py > src/api/asym_kat_vectors.h
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa, x25519
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

SPKI = dict(encoding=serialization.Encoding.DER, format=serialization.PublicFormat.SubjectPublicKeyInfo)
PKCS8 = dict(encoding=serialization.Encoding.DER, format=serialization.PrivateFormat.PKCS8,
             encryption_algorithm=serialization.NoEncryption())


def lit(name, b):
    print("#define %s /* %d bytes */ \\" % (name, len(b)))
    rows = ['\t"' + "".join("\\x%02x" % x for x in b[i:i + 16]) + '"' for i in range(0, len(b), 16)]
    print(" \\\n".join(rows) if rows else '\t""')


print("/* SPDX-License-Identifier: Apache-2.0 */")
print("/* Made by tests/kat/gen_asym_kat.py (python3 cryptography); do not edit. */")

# Ed25519, RFC 8032 7.1 TEST 2
sk = ed25519.Ed25519PrivateKey.from_private_bytes(
    bytes.fromhex("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb"))
msg = bytes.fromhex("72")
sig = sk.sign(msg)
assert sig.hex().startswith("92a009a9f0d4cab8720e820b5f642540")
lit("ED25519_PUB", sk.public_key().public_bytes(**SPKI))
lit("ED25519_MSG", msg)
lit("ED25519_SIG", sig)

# ECDSA P-256 / SHA-256
msg = b"sample"
ek = ec.derive_private_key(0xC9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721, ec.SECP256R1())
der = ek.sign(msg, ec.ECDSA(hashes.SHA256()))
r, s = decode_dss_signature(der)
lit("P256_PUB", ek.public_key().public_bytes(**SPKI))
lit("P256_MSG", msg)
lit("P256_SIG_DER", der)
lit("P256_SIG_P1363", r.to_bytes(32, "big") + s.to_bytes(32, "big"))

# RSA-2048 / SHA-256
msg = b"known answer, RSA"
rk = rsa.generate_private_key(public_exponent=65537, key_size=2048)
lit("RSA_PUB", rk.public_key().public_bytes(**SPKI))
lit("RSA_MSG", msg)
lit("RSA_SIG_V15", rk.sign(msg, padding.PKCS1v15(), hashes.SHA256()))
lit("RSA_SIG_PSS", rk.sign(msg, padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=32), hashes.SHA256()))

# X25519, RFC 7748 6.1
a = x25519.X25519PrivateKey.from_private_bytes(
    bytes.fromhex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"))
b = x25519.X25519PublicKey.from_public_bytes(
    bytes.fromhex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"))
k = a.exchange(b)
assert k.hex() == "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"
lit("X25519_PRIV", a.private_bytes(**PKCS8))
lit("X25519_PEER", b.public_bytes(**SPKI))
lit("X25519_K", k)

# ECDH P-256
a = ec.derive_private_key(0x7D7DC5F71EB29DDAF80D6214632EEAE03D9058AF1FB6D22ED80BADB62BC1A534, ec.SECP256R1())
b = ec.derive_private_key(0x38F65D6DCE47676044D58CE5139582D568F64BB16098D179DBAB07741DD5CAF5, ec.SECP256R1())
lit("ECDH_PRIV", a.private_bytes(**PKCS8))
lit("ECDH_PEER", b.public_key().public_bytes(**SPKI))
lit("ECDH_K", a.exchange(ec.ECDH(), b.public_key()))
