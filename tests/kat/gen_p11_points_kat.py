#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Public points for the pkcs11 plugin's curve check (p11_point_ok in
plugins/pkcs11/p11_ec_check.c; tests/check_p11_points.c), made with
python3-cryptography and checked here with plain Python integers:

  python3 tests/kat/gen_p11_points_kat.py > tests/kat/p11_points.txt

Reproducible: the same file each run. EC points are the public keys of
scalars taken from SHA-512 of a label (cryptography's derive_private_key);
each is checked on its curve here with p and b from SEC 2, so the C check
and these constants are held against cryptography's own. The test mutates
each point itself (Y+1, X+1, X = p, Y = p, Y = 0): every mutation is
checked off the curve here, so the test's refusals are real.

Lines (hex):
  field <curve> <p, big-endian, the field size>
  ec <curve> <04 || X || Y>          on the curve: accepted
  ecbad <curve> <04 || X || Y> <why>  refused (a coordinate >= p whose
                                      value mod p gives a curve point)
  ed <32 bytes>                       Ed25519 public key: accepted
  edbad <32 bytes> <why>              refused
"""
import hashlib

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519

N_EC = 200
N_ED = 50

# SEC 2 / FIPS 186-4: name, cryptography curve, field bytes, p, b
CURVES = [
    ("secp256r1", ec.SECP256R1(), 32, 2**256 - 2**224 + 2**192 + 2**96 - 1,
     0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B),
    ("secp384r1", ec.SECP384R1(), 48, 2**384 - 2**128 - 2**96 + 2**32 - 1,
     int("B3312FA7E23EE7E4988E056BE3F82D19181D9C6EFE8141120314088F5013875A"
         "C656398D8A2ED19D2A85C8EDD3EC2AEF", 16)),
    ("secp521r1", ec.SECP521R1(), 66, 2**521 - 1,
     int("0051953EB9618E1C9A1F929A21A0B68540EEA2DA725B99B315F3B8B489918EF1"
         "09E156193951EC7E937B1652C0BD3BB1BF073573DF883D2C34F1EF451FD46B503F00", 16)),
]

# RFC 8032 5.1
ED_P = 2**255 - 19
ED_D = (-121665 * pow(121666, ED_P - 2, ED_P)) % ED_P

# RFC 8032 7.1 (TEST 1, 2, 3, 1024, SHA(abc)): secret key, public key
RFC8032 = [
    ("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"),
    ("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c"),
    ("c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025"),
    ("f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
     "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e"),
    ("833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf"),
]


def on_curve(x, y, p, b):
    return x < p and y < p and (y * y - (x * x * x - 3 * x + b)) % p == 0


def enc(x, y, fl):
    return "04" + x.to_bytes(fl, "big").hex() + y.to_bytes(fl, "big").hex()


def ed_decodes(raw):
    """RFC 8032 5.1.3, with Euler's criterion for the square root."""
    v = int.from_bytes(raw, "little")
    y, sign = v & (2**255 - 1), v >> 255
    if y >= ED_P:
        return False
    u, w = (y * y - 1) % ED_P, (ED_D * y * y + 1) % ED_P
    if u == 0:
        return sign == 0
    return pow(u * w % ED_P, (ED_P - 1) // 2, ED_P) == 1


def ed_raw(y, sign):
    return (y | sign << 255).to_bytes(32, "little").hex()


def main():
    for name, curve, fl, p, b in CURVES:
        print(f"field {name} {p.to_bytes(fl, 'big').hex()}")
    for name, curve, fl, p, b in CURVES:
        for i in range(N_EC):
            k = int.from_bytes(hashlib.sha512(f"p11 point {name} {i}".encode()).digest(), "big")
            k = k >> (512 - 8 * fl + 8) if 8 * fl < 512 else k   # below the group order
            pub = ec.derive_private_key(k, curve).public_key()
            pt = pub.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
            x, y = int.from_bytes(pt[1:1 + fl], "big"), int.from_bytes(pt[1 + fl:], "big")
            assert on_curve(x, y, p, b), name
            for mx, my in ((x, y + 1), (x + 1, y), (p, y), (x, p), (x, 0)):
                assert mx >= p or my >= p or not on_curve(mx, my, p, b), (name, i)
            print(f"ec {name} {pt.hex()}")
        # X + p, with X small enough for X + p to fit the field size
        x = 0
        while True:
            rhs = (x ** 3 - 3 * x + b) % p
            y = pow(rhs, (p + 1) // 4, p)                  # p = 3 mod 4
            if y * y % p == rhs and x + p < 2 ** (8 * fl):
                break
            x += 1
        assert on_curve(x, y, p, b)
        print(f"ec {name} {enc(x, y, fl)}")
        print(f"ecbad {name} {enc(x + p, y, fl)} X+p")
        if y + p < 2 ** (8 * fl):
            print(f"ecbad {name} {enc(x, y + p, fl)} Y+p")
    for sk, pk in RFC8032:
        raw = ed25519.Ed25519PrivateKey.from_private_bytes(bytes.fromhex(sk)).public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        assert raw.hex() == pk and ed_decodes(raw)
        print(f"ed {pk}")
    for i in range(N_ED):
        seed = hashlib.sha256(f"p11 point ed25519 {i}".encode()).digest()
        raw = ed25519.Ed25519PrivateKey.from_private_bytes(seed).public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        assert ed_decodes(raw)
        print(f"ed {raw.hex()}")
    # x = 0: y = 1 and y = p - 1; with the sign bit set, refused
    for y in (1, ED_P - 1):
        assert ed_decodes(bytes.fromhex(ed_raw(y, 0)))
        print(f"ed {ed_raw(y, 0)}")
        print(f"edbad {ed_raw(y, 1)} x=0-sign")
    # y >= p: every such y, both signs
    for y in range(ED_P, 2**255):
        for s in (0, 1):
            print(f"edbad {ed_raw(y, s)} y>=p")
    # y whose x^2 is not a square: the first few, and a few large ones
    found = 0
    for start in (2, 2**254 + 12345, ED_P - 100):
        y, n = start, 0
        while n < 4:
            raw = bytes.fromhex(ed_raw(y, 0))
            if not ed_decodes(raw):
                print(f"edbad {ed_raw(y, 0)} nonsquare")
                print(f"edbad {ed_raw(y, 1)} nonsquare")
                n += 1
            y += 1
        found += n
    assert found == 12


if __name__ == "__main__":
    main()
