# SPDX-License-Identifier: Apache-2.0
"""An independent implementation of the streaming AEAD format of
include/jca/stream.h (Tink's AES-GCM-HKDF streaming format; the same with
ChaCha20-Poly1305 is libjca's extension), written from Tink's documentation
and sources, over Python's `cryptography` package. The tests use it to check
libjca both ways and to make the committed known answers.

  stream_ref.py enc|dec [options] IN OUT    encrypt or decrypt a file
  stream_ref.py batch < FILE                 one "enc|dec [options] IN OUT" per
                                             line (one Python start for many files);
                                             a failed decryption writes no OUT
  stream_ref.py kat > tests/stream_kat.h    the known answers of check_stream

options: --aead aes-gcm|chacha20-poly1305 (default aes-gcm), --key HEX,
--aad HEX, --segment-size N (ciphertext segment size, default 4096),
--derived-key-size N (default: the key's length), --hkdf sha1|sha256|sha512,
--salt HEX --nonce-prefix HEX (encryption, fixed values: tests only).
Exit status 1 when decryption fails (the reason on stderr).

Format (all from Tink: AesGcmHkdfStreaming.java, StreamingAeadEncryptingStream
and StreamingAeadDecryptingStream, developers.google.com/tink/streaming-aead/
aes_gcm_hkdf_streaming):
  header   = len(header) (1 byte) || salt (derived key size) || nonce prefix (7)
  key      = HKDF(hash, IKM = key, salt, info = AAD, L = derived key size)
  segment i = AEAD(key, nonce = prefix || i (4 bytes, big-endian) || last (1 byte),
                   plaintext segment, no AAD): ciphertext || 16-byte tag
  every segment but the last is the ciphertext segment size long, the first
  shorter by the header's length; the last is 16 to that many bytes (an
  encrypter never makes an empty last segment after a full one; a decrypter
  accepts it, as Tink's Java decrypter does).
"""
import os
import struct
import sys

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM, ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

TAG = 16
PREFIX = 7
HASHES = {"sha1": hashes.SHA1, "sha256": hashes.SHA256, "sha512": hashes.SHA512}


class Params:
    def __init__(self, aead="aes-gcm", key=b"", aad=b"", segment_size=4096, derived_key_size=0,
                 hkdf="sha256"):
        self.aead, self.key, self.aad = aead, key, aad
        self.seg = segment_size
        self.dks = derived_key_size or len(key)
        self.hkdf = hkdf
        if aead == "aes-gcm" and self.dks not in (16, 32):
            raise ValueError("AES-GCM: derived key size 16 or 32")
        if aead == "chacha20-poly1305" and self.dks != 32:
            raise ValueError("ChaCha20-Poly1305: derived key size 32")
        if len(key) < max(16, self.dks):
            raise ValueError("key shorter than 16 bytes or than the derived key")
        self.hlen = 1 + self.dks + PREFIX
        if self.seg < self.hlen + TAG + 1:
            raise ValueError("segment size too small")

    def cipher(self, salt):
        k = HKDF(algorithm=HASHES[self.hkdf](), length=self.dks, salt=salt,
                 info=self.aad).derive(self.key)
        return AESGCM(k) if self.aead == "aes-gcm" else ChaCha20Poly1305(k)


def nonce(prefix, i, last):
    if i >= 1 << 32:
        raise ValueError("more than 2^32 segments")
    return prefix + struct.pack(">IB", i, 1 if last else 0)


def encrypt(p, msg, salt=None, prefix=None):
    salt = salt if salt is not None else os.urandom(p.dks)
    prefix = prefix if prefix is not None else os.urandom(PREFIX)
    assert len(salt) == p.dks and len(prefix) == PREFIX
    c = p.cipher(salt)
    out = [bytes([p.hlen]) + salt + prefix]
    first = p.seg - p.hlen - TAG
    full = p.seg - TAG
    # Tink keeps a full segment back until more data comes: a message that
    # ends on a segment boundary ends with a full last segment
    pieces = [msg[:first]]
    pos = first
    while pos < len(msg):
        pieces.append(msg[pos:pos + full])
        pos += full
    for i, m in enumerate(pieces):
        out.append(c.encrypt(nonce(prefix, i, i == len(pieces) - 1), m, None))
    return b"".join(out)


def decrypt(p, ct):
    if len(ct) < p.hlen:
        raise ValueError("truncated header")
    if ct[0] != p.hlen:
        raise ValueError("header length byte %d, expected %d" % (ct[0], p.hlen))
    salt, prefix = ct[1:1 + p.dks], ct[1 + p.dks:p.hlen]
    c = p.cipher(salt)
    body = ct[p.hlen:]
    out = []
    pos, i = 0, 0
    size = p.seg - p.hlen
    while True:
        seg = body[pos:pos + size]
        last = pos + size >= len(body)
        if len(seg) < TAG:
            raise ValueError("truncated segment %d" % i)
        out.append(c.decrypt(nonce(prefix, i, last), seg, None))
        if last:
            return b"".join(out)
        pos += size
        i += 1
        size = p.seg


def pattern(n, seed):
    return bytes((seed + 7 * i + (i >> 8)) & 0xff for i in range(n))


def c_string(b):
    h = b.hex()
    return "\n".join('\t  "%s"' % h[i:i + 96] for i in range(0, len(h), 96)) if h else '\t  ""'


def kat():
    """Known answers: fixed key, salt, nonce prefix; plaintext pattern(size, seed)."""
    cases = [
        # aead, key size, segment size, plaintext size, aad
        ("aes-gcm", 16, 4096, 0, b""),
        ("aes-gcm", 16, 4096, 1, b""),
        ("aes-gcm", 16, 64, 100, b"header"),
        ("aes-gcm", 16, 4096, 4096 - 24 - 16, b""),
        ("aes-gcm", 32, 64, 200, b"aad bytes"),
        ("aes-gcm", 32, 64, 8 + 48 * 3, b""),
        ("aes-gcm", 32, 4096, 5000, b"x"),
        ("chacha20-poly1305", 32, 64, 150, b"chacha aad"),
        ("chacha20-poly1305", 32, 4096, 0, b""),
    ]
    print("/* SPDX-License-Identifier: Apache-2.0 */")
    print("/* Generated by tests/stream_ref.py kat (Python cryptography %s): do not edit. */"
          % __import__("cryptography").__version__)
    print("struct stream_kat {\n\tconst char *aead;\n\tsize_t key_len, segment_size, size;"
          "\n\tunsigned seed;\n\tconst char *aad, *key, *salt, *prefix, *ct;\n};")
    print("static const struct stream_kat stream_kats[] = {")
    for n, (aead, klen, seg, size, aad) in enumerate(cases):
        key = pattern(klen, 0x10 + n)
        salt = pattern(klen, 0x80 + n)
        prefix = pattern(PREFIX, 0xc0 + n)
        p = Params(aead, key, aad, seg)
        ct = encrypt(p, pattern(size, n), salt, prefix)
        assert decrypt(p, ct) == pattern(size, n)
        name = "AES/GCM/NoPadding" if aead == "aes-gcm" else "ChaCha20-Poly1305"
        print('\t{ "%s", %d, %d, %d, %d, "%s", "%s", "%s", "%s",\n%s },'
              % (name, klen, seg, size, n, aad.hex(), key.hex(), salt.hex(), prefix.hex(),
                 c_string(ct)))
    print("};")


def main(argv):
    if argv[:1] == ["kat"]:
        kat()
        return 0
    if argv[:1] == ["batch"]:
        return max([0] + [main(line.split()) for line in sys.stdin if line.strip()])
    op, args = argv[0], argv[1:]
    opts = {"--aead": "aes-gcm", "--key": "", "--aad": "", "--segment-size": "4096",
            "--derived-key-size": "0", "--hkdf": "sha256", "--salt": None, "--nonce-prefix": None}
    files = []
    while args:
        a = args.pop(0)
        if a in opts:
            opts[a] = args.pop(0)
        else:
            files.append(a)
    p = Params(opts["--aead"], bytes.fromhex(opts["--key"]), bytes.fromhex(opts["--aad"]),
               int(opts["--segment-size"]), int(opts["--derived-key-size"]), opts["--hkdf"])
    data = open(files[0], "rb").read()
    if op == "enc":
        salt = bytes.fromhex(opts["--salt"]) if opts["--salt"] else None
        prefix = bytes.fromhex(opts["--nonce-prefix"]) if opts["--nonce-prefix"] else None
        out = encrypt(p, data, salt, prefix)
    else:
        try:
            out = decrypt(p, data)
        except Exception as e:  # InvalidTag or a format error
            sys.stderr.write("stream_ref.py: decryption failed: %s\n" % (e or type(e).__name__))
            return 1
    open(files[1], "wb").write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
