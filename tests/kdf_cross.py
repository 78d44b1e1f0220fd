#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Cross-checks `jca kdf` against independent implementations: SCRYPT (the
# OpenSSL bridge) against Python's hashlib.scrypt, Argon2id (the example
# plugin) against the cryptography package's Argon2id, over parameter
# sets the RFC vectors do not reach (several lanes, segments longer than
# one address block, m not a multiple of 4p, tags longer than 64 bytes).
#   python3 tests/kdf_cross.py JCA CONF   (CONF loads builtin, example, openssl)
# Exit 0 all agree, 1 a mismatch, 77 nothing to compare with.
import hashlib, os, subprocess, sys

jca, conf = sys.argv[1], sys.argv[2]
env = dict(os.environ, JCA_CONF=conf)
bad = 0
ran = 0


def run(args):
    return subprocess.run([jca, "kdf"] + args, env=env, capture_output=True, text=True)


def report(ok, what, got):
    global bad, ran
    ran += 1
    print(("ok: " if ok else "FAIL: ") + what)
    if not ok:
        bad = 1
        print(got.stdout, got.stderr)


if hasattr(hashlib, "scrypt"):
    for P, S, n, r, p, L in [(b"", b"", 16, 1, 1, 64), (b"pw", b"salt", 2, 1, 1, 1), (os.urandom(20), os.urandom(16), 256, 3, 2, 100),
                              (b"x" * 200, b"", 4096, 2, 3, 33)]:
        want = hashlib.scrypt(P, salt=S, n=n, r=r, p=p, dklen=L, maxmem=64 << 20)
        got = run(["-a", "SCRYPT", "-K", P.hex(), "-s", S.hex(), "--cost", str(n), "--block-size", str(r),
                   "--parallelism", str(p), "-l", str(L)])
        report(got.returncode == 0 and got.stdout.strip() == want.hex(),
               "SCRYPT N=%d r=%d p=%d L=%d vs hashlib.scrypt" % (n, r, p, L), got)
else:
    print("SKIP: hashlib.scrypt unavailable (Python without OpenSSL's scrypt)")

try:
    from cryptography.hazmat.primitives.kdf.argon2 import Argon2id
except ImportError:
    Argon2id = None
    print("SKIP: the cryptography package's Argon2id is unavailable")
if Argon2id:
    for P, S, K, X, t, m, p, T in [
        (b"password", b"somesalt", None, None, 1, 8, 1, 32),
        (b"", b"saltsalt", None, None, 2, 64, 2, 4),
        (b"pw", b"0123456789abcdef", b"key", b"ad", 2, 2048, 1, 100),
        (b"pw", b"0123456789abcdef", None, b"x", 1, 1000, 3, 64),
        (b"pw", b"0123456789abcdef", None, None, 3, 600, 5, 65),
        (os.urandom(40), os.urandom(16), os.urandom(12), os.urandom(7), 2, 4096, 4, 1024),
    ]:
        want = Argon2id(salt=S, length=T, iterations=t, lanes=p, memory_cost=m, ad=X, secret=K).derive(P)
        args = ["-a", "Argon2id", "-K", P.hex(), "-s", S.hex(), "--iterations", str(t), "--cost", str(m),
                "--parallelism", str(p), "-l", str(T)]
        if K:
            args += ["--pepper", K.hex()]
        if X:
            args += ["--info", X.hex()]
        got = run(args)
        report(got.returncode == 0 and got.stdout.strip() == want.hex(),
               "Argon2id t=%d m=%d p=%d T=%d K=%s X=%s vs cryptography" % (t, m, p, T, bool(K), bool(X)), got)
sys.exit(bad if ran else 77)
