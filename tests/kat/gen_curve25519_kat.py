#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generates tests/kat/curve25519.txt, the known answers of
tests/check_curve25519.c, with python3 `cryptography` (OpenSSL's X25519 and
Ed25519: an implementation independent of libjca).

  python3 tests/kat/gen_curve25519_kat.py > tests/kat/curve25519.txt

The RFC 7748 and RFC 8032 vectors are written first, each one checked
against `cryptography` here; then 64 X25519 key pairs with their shared
secret and 64 Ed25519 keys with signatures of messages of various lengths
(random, from a fixed seed so the file is reproducible in form; the values
are whatever `cryptography` computes). Line formats (hex, "-" for empty):
  x25519    <name> <scalar> <u> <result>
  x25519pub <name> <scalar> <public>
  x25519low <name> <u>                  (small order: the result is all zero)
  ed25519   <name> <seed> <public> <message> <signature>
"""
import random

from cryptography.hazmat.primitives.asymmetric import ed25519, x25519
from cryptography.hazmat.primitives import serialization

RAW = serialization.Encoding.Raw
RAWPUB = serialization.PublicFormat.Raw


def x_dh(k, u):
    return x25519.X25519PrivateKey.from_private_bytes(k).exchange(x25519.X25519PublicKey.from_public_bytes(u))


def x_pub(k):
    return x25519.X25519PrivateKey.from_private_bytes(k).public_key().public_bytes(RAW, RAWPUB)


def ed_pub(seed):
    return ed25519.Ed25519PrivateKey.from_private_bytes(seed).public_key().public_bytes(RAW, RAWPUB)


def ed_sign(seed, msg):
    return ed25519.Ed25519PrivateKey.from_private_bytes(seed).sign(msg)


def h(b):
    return b.hex() if b else "-"


out = []
# RFC 7748, 5.2 (the second u has bit 255 set: it must be ignored)
RFC7748 = [
    ("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
     "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
     "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"),
    ("4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
     "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
     "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"),
]
for i, (k, u, r) in enumerate(RFC7748):
    kb, ub = bytes.fromhex(k), bytes.fromhex(u)
    masked = ub[:31] + bytes([ub[31] & 0x7f])
    assert x_dh(kb, masked).hex() == r
    out.append("x25519 rfc7748-5.2-%d %s %s %s" % (i + 1, k, u, r))
# RFC 7748, 6.1
ALICE = ("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
         "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
BOB = ("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
       "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f")
SHARED = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"
for name, (k, p) in (("alice", ALICE), ("bob", BOB)):
    assert x_pub(bytes.fromhex(k)).hex() == p
    out.append("x25519pub rfc7748-6.1-%s %s %s" % (name, k, p))
assert x_dh(bytes.fromhex(ALICE[0]), bytes.fromhex(BOB[1])).hex() == SHARED
out.append("x25519 rfc7748-6.1-alice %s %s %s" % (ALICE[0], BOB[1], SHARED))
out.append("x25519 rfc7748-6.1-bob %s %s %s" % (BOB[0], ALICE[1], SHARED))
# Small-order u (and their non-canonical twins): OpenSSL refuses each one
# because the result is all zero.
LOW = ["00" * 32, "01" + "00" * 31,
       "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
       "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
       "ec" + "ff" * 30 + "7f", "ed" + "ff" * 30 + "7f", "ee" + "ff" * 30 + "7f"]
for i, u in enumerate(LOW):
    try:
        x_dh(bytes(range(1, 33)), bytes.fromhex(u))
        raise SystemExit("small-order u %s accepted by cryptography" % u)
    except ValueError:
        pass
    out.append("x25519low small-%d %s" % (i, u))

# RFC 8032, 7.1
M1024 = (
    "08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98fa6e264bf09efe12ee50f8f54e9f77b1"
    "e355f6c50544e23fb1433ddf73be84d879de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d"
    "658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc1a858efcb8550ee3a5e1998bd177e93a"
    "7363c344fe6b199ee5d02e82d522c4feba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e"
    "06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbefefd75499da96bd68a8a97b928a8bbc10"
    "3b6621fcde2beca1231d206be6cd9ec7aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed1"
    "85ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2d17ba70eb6248e594e1a2297acbbb39d"
    "502f1a8c6eb6f1ce22b3de1a1f40cc24554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f270"
    "88d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc2732e69485bbc9c90bfbd62481d9089b"
    "eccf80cfe2df16a2cf65bd92dd597b0707e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128ba"
    "b27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51addd3b75a2b1ae0784504df543af8969b"
    "e3ea7082ff7fc9888c144da2af58429ec96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb7"
    "51fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c42f58c30c04aafdb038dda0847dd988d"
    "cda6f3bfd15c4b4c4525004aa06eeff8ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34df"
    "f7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08d78ff4ef5d63653a65040cf9bfd4aca7"
    "984a74d37145986780fc0b16ac451649de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e4"
    "88acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a32ef5b52a1ecc820e308aa342721aac09"
    "43bf6686b64b2579376504ccc493d97e6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5f"
    "b93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b50d334ba77c225bc307ba537152f3f161"
    "0e4eafe595f6d9d90d11faa933a15ef1369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380d"
    "b2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c0618983f8741c5ef68d3a101e8a3b8ca"
    "c60c905c15fc910840b94c00a0b9d0")
RFC8032 = [
    ("test1", "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
    ("test2", "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
    ("test3", "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
    ("test1024", "f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
     "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e", M1024,
     "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03"),
    ("sha-abc", "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
     "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"),
]
assert len(M1024) == 2046
for name, seed, pub, msg, sig in RFC8032:
    sb, mb = bytes.fromhex(seed), bytes.fromhex(msg)
    assert ed_pub(sb).hex() == pub and ed_sign(sb, mb).hex() == sig, name
    out.append("ed25519 rfc8032-%s %s %s %s %s" % (name, seed, pub, h(mb), sig))

rng = random.Random(25519)
for i in range(64):
    a, b = rng.randbytes(32), rng.randbytes(32)
    pa, pb = x_pub(a), x_pub(b)
    out.append("x25519pub pair%d-a %s %s" % (i, a.hex(), pa.hex()))
    out.append("x25519pub pair%d-b %s %s" % (i, b.hex(), pb.hex()))
    out.append("x25519 pair%d %s %s %s" % (i, a.hex(), pb.hex(), x_dh(a, pb).hex()))
LENS = [0, 1, 2, 3, 31, 32, 33, 63, 64, 65, 111, 112, 127, 128, 129, 200, 255, 256, 1000, 4096]
for i in range(64):
    seed = rng.randbytes(32)
    msg = rng.randbytes(LENS[i % len(LENS)] if i < 40 else rng.randrange(0, 300))
    out.append("ed25519 random%d %s %s %s %s" % (i, seed.hex(), ed_pub(seed).hex(), h(msg),
                                                 ed_sign(seed, msg).hex()))
print("# Generated by tests/kat/gen_curve25519_kat.py (python3 cryptography); do not edit.")
print("\n".join(out))
