#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# ML-DSA-44/65/87: libjca's algorithm layer (bench/mldsa-bench, every Keccak
# backend of this CPU) and OpenSSL through python3 cryptography, in the
# same run, in microseconds per operation and as a ratio (OpenSSL / ours:
# above 1, ours is faster).
#   make bench/mldsa-bench && python3 bench/mldsa_bench.py [seconds per row]
# Key generation: from a 32-byte seed (OpenSSL: from_seed_bytes).
# Signing: the C2SP CCTV benchmark messages of ML-DSA-<level>.json, all
# signed under the key of the all-zero seed with an empty context, total
# divided by their number (ours: deterministic, as the set intends;
# OpenSSL's cryptography signs hedged only, so its rejection counts are
# random draws, whose average over the set is close to the expected one).
# Verification: the same messages and signatures. Best of three runs each,
# in thread CPU time on both sides (time.thread_time, CLOCK_THREAD_CPUTIME_ID).
import json
import os
import subprocess
import sys
import time

from cryptography.hazmat.primitives.asymmetric import mldsa

here = os.path.dirname(os.path.abspath(__file__))
secs = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
vec = os.environ.get("JCA_VECTORS") or os.path.join(here, "..", "..", "shared", "vectors")
binary = os.environ.get("MLDSA_BENCH", os.path.join(here, "mldsa-bench"))
CLS = {44: mldsa.MLDSA44PrivateKey, 65: mldsa.MLDSA65PrivateKey, 87: mldsa.MLDSA87PrivateKey}


def best(fn, per):
    fn()
    b = 1e9
    for _ in range(3):
        n, t0 = 0, time.thread_time()
        while True:
            fn()
            n += 1
            t = time.thread_time() - t0
            if t >= secs / 3:
                break
        b = min(b, t / n / per)
    return b * 1e6


def openssl(level):
    path = os.path.join(vec, "pqc", "ML-DSA", "benchmark", "ML-DSA-%d.json" % level)
    msgs = [m.encode() for m in json.load(open(path))]
    seed = bytes(32)
    key = CLS[level].from_seed_bytes(seed)
    pub = key.public_key()
    sigs = [key.sign(m) for m in msgs]
    return {
        "keygen": best(lambda: CLS[level].from_seed_bytes(seed), 1),
        "sign": best(lambda: [key.sign(m) for m in msgs], len(msgs)),
        "verify": best(lambda: [pub.verify(s, m) for s, m in zip(sigs, msgs)], len(msgs)),
    }


ours = {}
out = subprocess.run([binary, str(secs)], capture_output=True, text=True)
if out.returncode != 0:
    sys.stderr.write(out.stderr)
    sys.exit(out.returncode)
for line in out.stdout.splitlines():
    f = line.split()
    if f and f[0] == "mldsa":
        ours.setdefault(int(f[2]), {}).setdefault(f[1], {})[f[3]] = float(f[4])
    elif line.startswith("#"):
        print(line)
import cryptography
from cryptography.hazmat.backends.openssl import backend as ossl
print("| level | op | " + " | ".join("libjca keccak-%s (us)" % b for b in ours[65]) +
      " | OpenSSL %s via cryptography %s (us) | OpenSSL / best libjca |" %
      (ossl.openssl_version_text().split()[1], cryptography.__version__))
print("|---|---|" + "---|" * (len(ours[65]) + 2))
for level in (44, 65, 87):
    o = openssl(level)
    for op in ("keygen", "sign", "verify"):
        mine = [ours[level][b][op] for b in ours[level]]
        print("| ML-DSA-%d | %s | %s | %.1f | %.2fx |" %
              (level, op, " | ".join("%.1f" % x for x in mine), o[op], o[op] / min(mine)))
