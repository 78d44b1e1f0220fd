#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Known answers for the OpenSSL bridge's keys, Signature and KeyAgreement
services (tests/check_pkey_openssl.c), made with python3-cryptography, an
implementation independent of the bridge's code:

  python3 tests/kat/gen_pkey_kat.py > tests/kat/pkey_openssl.txt

Reproducible: the same file each run. The keys are the openssl-made
fixtures of tests/kat/keys (read here) plus keys derived from fixed labels
(EC and X25519 peers: scalars from SHA-256 of a label; a 1024-bit RSA key
from primes searched in a SHA-256 counter stream). Signatures are
deterministic: RSA PKCS#1 v1.5; ECDSA with RFC 6979 nonces
(deterministic_signing); RSASSA-PSS encoded here (RFC 8017 9.1.1) with a
salt taken from SHA-512 of the message and the name, signed with the raw
RSA private operation, and checked with cryptography's PSS verification.
The RFC 8032 7.1 (TEST 1-3) and RFC 7748 (5.2, 6.1) vectors are checked
against cryptography here.

Lines (hex; "-" for empty):
  key <name> <algorithm> <PKCS#8> <SubjectPublicKeyInfo>
  sig <Signature name> <key name> <message> <signature> <exact> [<param>=<value> ...]
      exact 1: signing gives these very bytes (deterministic schemes the
      bridge computes the same way: PKCS#1 v1.5, Ed25519); 0: verify only
  ed25519raw <seed> <public> <message> <signature>
  ecdh <private key name> <peer key name> <secret>
  x25519raw <scalar> <u> <result>
"""
import hashlib
import math
import os
import sys

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa, x25519
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

HERE = os.path.dirname(os.path.abspath(__file__))
DER = serialization.Encoding.DER
RAW = serialization.Encoding.Raw
PKCS8 = serialization.PrivateFormat.PKCS8
SPKI = serialization.PublicFormat.SubjectPublicKeyInfo
NOENC = serialization.NoEncryption()

out = []
keys = {}


def h(b):
    return b.hex() if b else "-"


def fixture(name):
    with open(os.path.join(HERE, "keys", name), "rb") as f:
        return f.read()


def add_key(name, alg, priv_der, pub_der, obj):
    keys[name] = obj
    out.append("key %s %s %s %s" % (name, alg, h(priv_der), h(pub_der)))


def add_made_key(name, alg, k):
    add_key(name, alg, k.private_bytes(DER, PKCS8, NOENC), k.public_key().public_bytes(DER, SPKI), k)


def stream(label):
    i = 0
    while True:
        yield from hashlib.sha256(label + i.to_bytes(8, "big")).digest()
        i += 1


def label_int(label, nbytes):
    s = stream(label.encode())
    return int.from_bytes(bytes(next(s) for _ in range(nbytes)), "big")


# ---- keys ----
for n, alg in (("ec256", "EC"), ("ec384", "EC"), ("ec521", "EC"), ("rsa2048", "RSA"), ("rsapss", "RSASSA-PSS"),
               ("rsapss_params", "RSASSA-PSS"), ("ed25519", "Ed25519"), ("x25519", "X25519")):
    priv, pub = fixture(n + ".priv.der"), fixture(n + ".pub.der")
    obj = None
    if alg != "RSASSA-PSS":
        obj = serialization.load_der_private_key(priv, None)
    add_key(n, alg, priv, pub, obj)

CURVES = {"ec256": ec.SECP256R1(), "ec384": ec.SECP384R1(), "ec521": ec.SECP521R1()}
for n, curve in CURVES.items():
    # below 2^(bits-1), hence below the group order, and not 0
    d = label_int("libjca bridge peer " + n, 80) % (1 << (curve.key_size - 1)) + 1
    add_made_key(n + "b", "EC", ec.derive_private_key(d, curve))
add_made_key("x25519b", "X25519", x25519.X25519PrivateKey.from_private_bytes(
    hashlib.sha256(b"libjca bridge peer x25519").digest()))


def is_prime(n):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47):
        if n % p == 0:
            return n == p
    d, r = n - 1, 0
    while d % 2 == 0:
        d, r = d // 2, r + 1
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71):
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def prime(bits, s, e):
    while True:
        c = int.from_bytes(bytes(next(s) for _ in range(bits // 8)), "big") | (3 << (bits - 2)) | 1
        if is_prime(c) and (c - 1) % e:
            return c


def rsa_key(bits, label):
    e = 65537
    s = stream(label.encode())
    p, q = prime(bits // 2, s, e), prime(bits // 2, s, e)
    if p < q:
        p, q = q, p
    lam = (p - 1) * (q - 1) // math.gcd(p - 1, q - 1)
    d = pow(e, -1, lam)
    pub = rsa.RSAPublicNumbers(e, p * q)
    return rsa.RSAPrivateNumbers(p, q, d, rsa.rsa_crt_dmp1(d, p), rsa.rsa_crt_dmq1(d, q),
                                 rsa.rsa_crt_iqmp(p, q), pub).private_key()


add_made_key("rsa1024", "RSA", rsa_key(1024, "libjca bridge rsa1024"))

# ---- signatures ----
MSG = fixture("msg.txt")
H = {"SHA224": hashes.SHA224, "SHA256": hashes.SHA256, "SHA384": hashes.SHA384, "SHA512": hashes.SHA512,
     "SHA3-256": hashes.SHA3_256, "SHA3-384": hashes.SHA3_384, "SHA3-512": hashes.SHA3_512}
HLIB = {"SHA-224": "sha224", "SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512"}
HCLS = {"SHA-224": hashes.SHA224, "SHA-256": hashes.SHA256, "SHA-384": hashes.SHA384, "SHA-512": hashes.SHA512}


def sig(name, key, msg, s, exact, params=""):
    out.append("sig %s %s %s %s %d%s" % (name, key, h(msg), h(s), exact, params))


for md in ("SHA224", "SHA256", "SHA384", "SHA512"):
    for m in (MSG, b""):
        s = keys["rsa2048"].sign(m, padding.PKCS1v15(), H[md]())
        sig(md + "withRSA", "rsa2048", m, s, 1)

for md, kname in (("SHA224", "ec256"), ("SHA256", "ec256"), ("SHA384", "ec384"), ("SHA512", "ec521"),
                  ("SHA3-256", "ec256"), ("SHA3-384", "ec384"), ("SHA3-512", "ec521"),
                  ("SHA512", "ec256"), ("SHA256", "ec521"), ("SHA256", "ec384")):
    k = keys[kname]
    fb = (k.curve.key_size + 7) // 8
    for m in (MSG, b""):
        s = k.sign(m, ec.ECDSA(H[md](), deterministic_signing=True))
        k.public_key().verify(s, m, ec.ECDSA(H[md]()))
        sig(md + "withECDSA", kname, m, s, 0)
        if not md.startswith("SHA3-"):
            r, ss = decode_dss_signature(s)
            sig(md + "withECDSAinP1363Format", kname, m, r.to_bytes(fb, "big") + ss.to_bytes(fb, "big"), 0)


def mgf1(seed, length, hname):
    t, c = b"", 0
    while len(t) < length:
        t += hashlib.new(hname, seed + c.to_bytes(4, "big")).digest()
        c += 1
    return t[:length]


def pss_sign(k, msg, hname, mgfname, slen, label):
    """RFC 8017 9.1.1 EMSA-PSS-ENCODE with a salt from label, then RSASP1."""
    pn = k.private_numbers()
    n = pn.public_numbers.n
    mod_bits = n.bit_length()
    em_bits = mod_bits - 1
    em_len = (em_bits + 7) // 8
    mhash = hashlib.new(hname, msg).digest()
    salt = b""
    while len(salt) < slen:
        salt += hashlib.sha512(label.encode() + len(salt).to_bytes(4, "big") + msg).digest()
    salt = salt[:slen]
    hh = hashlib.new(hname, b"\0" * 8 + mhash + salt).digest()
    db = b"\0" * (em_len - slen - len(hh) - 2) + b"\1" + salt
    masked = bytes(a ^ b for a, b in zip(db, mgf1(hh, len(db), mgfname)))
    masked = bytes([masked[0] & (0xFF >> (8 * em_len - em_bits))]) + masked[1:]
    em = int.from_bytes(masked + hh + b"\xbc", "big")
    return pow(em, pn.d, n).to_bytes((mod_bits + 7) // 8, "big")


def pss(name, msg, hname, mgfname, slen, params=""):
    k = keys["rsa2048"]
    s = pss_sign(k, msg, HLIB[hname], HLIB[mgfname], slen, name + params)
    k.public_key().verify(s, msg, padding.PSS(mgf=padding.MGF1(HCLS[mgfname]()), salt_length=slen), HCLS[hname]())
    sig(name, "rsa2048", msg, s, 0, params)


for md, ln in (("SHA-256", 32), ("SHA-384", 48), ("SHA-512", 64)):
    for m in (MSG, b""):
        pss(md.replace("-", "") + "withRSA/PSS", m, md, md, ln)
        pss("RSASSA-PSS", m, md, md, ln, " digest=%s" % md)
pss("RSASSA-PSS", MSG, "SHA-256", "SHA-256", 32)                         # the defaults
pss("RSASSA-PSS", MSG, "SHA-384", "SHA-256", 20, " digest=SHA-384 mgf1=SHA-256 saltLength=20")
pss("RSASSA-PSS", MSG, "SHA-512", "SHA-512", 0, " digest=SHA-512 saltLength=0")
pss("RSASSA-PSS", MSG, "SHA-224", "SHA-224", 28, " digest=SHA-224")

for m in (MSG, b"", bytes(range(256))):
    sig("Ed25519", "ed25519", m, keys["ed25519"].sign(m), 1)

# RFC 8032 7.1, TEST 1-3
RFC8032 = (
    ("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe"
     "24655141438e7a100b"),
    ("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302a"
     "eeb00d291612bb0c00"),
    ("c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed2"
     "8dc027beceea1ec40a"),
)
for seed, pub, msg, s in RFC8032:
    k = ed25519.Ed25519PrivateKey.from_private_bytes(bytes.fromhex(seed))
    assert k.public_key().public_bytes(RAW, serialization.PublicFormat.Raw).hex() == pub
    assert k.sign(bytes.fromhex(msg)).hex() == s
    out.append("ed25519raw %s %s %s %s" % (seed, pub, msg or "-", s))

# ---- agreements ----
for a, b in (("ec256", "ec256b"), ("ec384", "ec384b"), ("ec521", "ec521b")):
    z = keys[a].exchange(ec.ECDH(), keys[b].public_key())
    assert z == keys[b].exchange(ec.ECDH(), keys[a].public_key())
    out.append("ecdh %s %s %s" % (a, b, h(z)))
    out.append("ecdh %s %s %s" % (b, a, h(z)))
z = keys["x25519"].exchange(keys["x25519b"].public_key())
out.append("ecdh x25519 x25519b %s" % h(z))
out.append("ecdh x25519b x25519 %s" % h(z))

# RFC 7748 5.2 (the two single vectors, then 1 and 1000 iterations) and 6.1
RFC7748 = (
    ("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
     "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
     "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"),
    ("4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
     "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
     "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"),
    ("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
     "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
     "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"),
    ("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
     "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
     "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"),
)
for k, u, r in RFC7748:
    got = x25519.X25519PrivateKey.from_private_bytes(bytes.fromhex(k)).exchange(
        x25519.X25519PublicKey.from_public_bytes(bytes.fromhex(u)))
    assert got.hex() == r, (k, got.hex())
    out.append("x25519raw %s %s %s" % (k, u, r))

sys.stdout.write("# Generated by tests/kat/gen_pkey_kat.py (python3-cryptography); do not edit.\n")
sys.stdout.write("\n".join(out) + "\n")
