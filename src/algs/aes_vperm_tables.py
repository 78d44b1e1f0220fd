#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Derives and checks the tables of the vector-permute AES (aes_vperm.c).

    python3 src/algs/aes_vperm_tables.py > src/algs/aes_vperm_tables.h

The method is M. Hamburg's, "Accelerating AES with Vector Permute
Instructions" (CHES 2009): a byte of GF(2^8) is held as two GF(2^4)
coordinates, its two nibbles, and the field inversion is done with 16-entry
table look-ups of single nibbles (pshufb / tbl) and XORs. Everything below
is derived here from the field arithmetic, and every table is checked by
simulating the look-ups exactly (an index with bit 7 set reads 0) over all
256 bytes before anything is printed.

The field. F = GF(2^4) = GF(2)[w]/(w^4 + w + 1). The tower is
T = F[s]/(s^2 + a*s + a), with a in F chosen so that the polynomial has no
root in F. A tower element k + i*s is the byte (i << 4) | k. For x = k + i*s
the conjugate is k + i*(s + a) and the norm N = k^2 + a*i*k + a*i^2, so

    1/x = ((k + a*i) + i*s) / N,

whose coordinates are linear forms in k and i, divided by N. Let j = i + k. With "1/0 = infinity" (an index with bit 7 set: the look-up
reads 0, which is 1/infinity),

    io = j + 1/(1/i + a/k) = N/(k + a*i)       = 1/p
    jo = i + 1/(1/j + a/k) = N/(k + a*j)       = 1/q,   q = (k + a*j)/N

and 1/x = p*U + q*V for two fixed tower elements U, V (solved below). The
output tables take io and jo and give any linear image of p*U and q*V: the
S-box's affine map, times 2 for MixColumns, and the basis change back. The
special cases (i, j or k zero, x = 0) come out right through the infinity
marker; the exhaustive simulation below is the proof.

The state between rounds is kept in the tower basis (input map M), with
ShiftRows folded into the MixColumns rotations (round r uses the row
rotation conjugated by ShiftRows^r, so ShiftRows is applied once, at the
end), and the S-box constants folded into the round keys.
"""
import sys

# ---- GF(2^4) and the tower ---------------------------------------------


def f_mul(x, y):
    r = 0
    for n in range(4):
        if (y >> n) & 1:
            r ^= x << n
    for n in (6, 5, 4):
        if (r >> n) & 1:
            r ^= 0b10011 << (n - 4)
    return r


def f_inv(x):
    assert x
    return next(y for y in range(1, 16) if f_mul(x, y) == 1)


def pick_a():
    for a in range(1, 16):
        if all(f_mul(e, e) ^ f_mul(a, e) ^ a for e in range(16)):
            return a
    raise SystemExit("no irreducible s^2 + a s + a")


A = pick_a()


def t_mul(x, y):
    """(k1 + i1 s)(k2 + i2 s), s^2 = a s + a."""
    k1, i1, k2, i2 = x & 15, x >> 4, y & 15, y >> 4
    ii = f_mul(i1, i2)
    k = f_mul(k1, k2) ^ f_mul(A, ii)
    i = f_mul(k1, i2) ^ f_mul(i1, k2) ^ f_mul(A, ii)
    return (i << 4) | k


def t_inv(x):
    return next(y for y in range(1, 256) if t_mul(x, y) == 1)


# ---- AES's GF(2^8) and the isomorphism -----------------------------------


def g_mul(x, y):
    r = 0
    while y:
        if y & 1:
            r ^= x
        x = (x << 1) ^ (0x11B if x & 0x80 else 0)
        y >>= 1
    return r


def g_inv(x):
    return 0 if x == 0 else next(y for y in range(1, 256) if g_mul(x, y) == 1)


def t_pow(x, n):
    r = 1
    for _ in range(n):
        r = t_mul(r, x)
    return r


# beta: a root in T of AES's polynomial x^8 + x^4 + x^3 + x + 1
BETA = next(b for b in range(2, 256)
            if t_pow(b, 8) ^ t_pow(b, 4) ^ t_pow(b, 3) ^ b ^ 1 == 0)


def linear(images):
    """The GF(2)-linear byte map with images[n] the image of bit n."""
    def f(x):
        r = 0
        for n in range(8):
            if (x >> n) & 1:
                r ^= images[n]
        return r
    return f


PHI = linear([t_pow(BETA, n) for n in range(8)])      # AES field -> tower
PHI_INV_TABLE = [0] * 256
for _x in range(256):
    PHI_INV_TABLE[PHI(_x)] = _x
assert sorted(PHI_INV_TABLE) == list(range(256))


def phi_inv(t):
    return PHI_INV_TABLE[t]


for _x in range(256):
    for _y in range(0, 256, 7):
        assert PHI(g_mul(_x, _y)) == t_mul(PHI(_x), PHI(_y))


def rotl8(x, n):
    return ((x << n) | (x >> (8 - n))) & 0xFF


def aff_lin(x):
    """Linear part of the S-box's affine map (FIPS 197, 5.1.1)."""
    return x ^ rotl8(x, 1) ^ rotl8(x, 2) ^ rotl8(x, 3) ^ rotl8(x, 4)


AFF_LIN_INV_TABLE = [0] * 256
for _x in range(256):
    AFF_LIN_INV_TABLE[aff_lin(_x)] = _x


def sbox(x):
    return aff_lin(g_inv(x)) ^ 0x63


def inv_sbox(y):
    return g_inv(AFF_LIN_INV_TABLE[y ^ 0x63])


assert sbox(0x00) == 0x63 and sbox(0x01) == 0x7C and sbox(0x53) == 0xED
assert all(inv_sbox(sbox(x)) == x for x in range(256))
assert AFF_LIN_INV_TABLE[0x63] == 0x05


def M(x):                       # encryption state basis: the tower
    return PHI(x)


def MD(x):                      # decryption state basis: tower of aff_lin^-1
    return PHI(AFF_LIN_INV_TABLE[x])


# ---- the inversion by nibble look-ups ------------------------------------

INF = 0x80
INV = [INF] + [f_inv(n) for n in range(1, 16)]
AK = [INF] + [f_mul(A, f_inv(n)) for n in range(1, 16)]


def look(table, idx):
    """pshufb / tbl on one byte: bit 7 set reads 0."""
    assert 0 <= idx < 256 and (idx & 0x70) == 0, hex(idx)
    return 0 if idx & 0x80 else table[idx & 15]


def core(t):
    """(io, jo) from the tower byte t, exactly as the vector code does it."""
    i, k = t >> 4, t & 15
    j = i ^ k
    ak = look(AK, k)
    iak = look(INV, i) ^ ak
    jak = look(INV, j) ^ ak
    return look(INV, iak) ^ j, look(INV, jak) ^ i


# 1/x = p U + q V with p = k + a i, q = k + a j (over N): solve for U, V
# from two inputs rather than trusting the algebra, then check all.
def pq_of(t):
    io, jo = core(t)
    p = 0 if io & 0x80 else f_inv(io)
    q = 0 if jo & 0x80 else f_inv(jo)
    return p, q


def solve_uv():
    for u in range(256):
        for v in range(256):
            ok = True
            for t in (0x01, 0x10, 0x53, 0xC7, 0x2E):
                p, q = pq_of(t)
                if t_mul(p, u) ^ t_mul(q, v) != t_inv(t):
                    ok = False
                    break
            if ok:
                return u, v
    raise SystemExit("no U, V")


U, V = solve_uv()
for _t in range(1, 256):
    _p, _q = pq_of(_t)
    assert t_mul(_p, U) ^ t_mul(_q, V) == t_inv(_t)


def out_tables(lin):
    """Tables for io and jo giving lin(1/x), lin linear on tower bytes."""
    tp = [0] + [lin(t_mul(U, f_inv(n))) for n in range(1, 16)]
    tq = [0] + [lin(t_mul(V, f_inv(n))) for n in range(1, 16)]
    return tp, tq


def lookup_lin(lin):
    return [lin(n) for n in range(16)], [lin(n << 4) for n in range(16)]


def apply_lin_tables(lo, hi, x):
    return look(lo, x & 15) ^ look(hi, x >> 4)


def sim_inverse(t, tp, tq):
    io, jo = core(t)
    return look(tp, io) ^ look(tq, jo)


# ---- the tables ------------------------------------------------------------

tables = {}
tables["inv"] = INV
tables["inva"] = AK
tables["enc_in_lo"], tables["enc_in_hi"] = lookup_lin(M)
tables["dec_in_lo"], tables["dec_in_hi"] = lookup_lin(MD)
# encryption: S'(x) = aff_lin(1/x) in the tower basis, and 2 S'(x); last
# round (and the key schedule): S'(x) in the standard basis
tables["enc_s1_p"], tables["enc_s1_q"] = out_tables(lambda t: M(aff_lin(phi_inv(t))))
tables["enc_s2_p"], tables["enc_s2_q"] = out_tables(lambda t: M(g_mul(2, aff_lin(phi_inv(t)))))
tables["enc_last_p"], tables["enc_last_q"] = out_tables(lambda t: aff_lin(phi_inv(t)))
for c, n in ((14, "e"), (11, "b"), (13, "d"), (9, "9")):
    tables["dec_s%s_p" % n], tables["dec_s%s_q" % n] = out_tables(
        lambda t, c=c: MD(g_mul(c, phi_inv(t))))
tables["dec_last_p"], tables["dec_last_q"] = out_tables(phi_inv)

# exhaustive checks of the S-box paths, as the C code runs them
for x in range(256):
    t = apply_lin_tables(tables["enc_in_lo"], tables["enc_in_hi"], x)
    assert t == M(x)
    s = sbox(x)
    assert sim_inverse(t, tables["enc_s1_p"], tables["enc_s1_q"]) == M(s ^ 0x63)
    assert sim_inverse(t, tables["enc_s2_p"], tables["enc_s2_q"]) == M(g_mul(2, s ^ 0x63))
    assert sim_inverse(t, tables["enc_last_p"], tables["enc_last_q"]) ^ 0x63 == s
    # decryption: the state holds MD(y) ^ M(0x05) (the 0x05 in the keys)
    y = x
    td = apply_lin_tables(tables["dec_in_lo"], tables["dec_in_hi"], y) ^ M(0x05)
    assert sim_inverse(td, tables["dec_last_p"], tables["dec_last_q"]) == inv_sbox(y)
    for c, n in ((14, "e"), (11, "b"), (13, "d"), (9, "9")):
        assert sim_inverse(td, tables["dec_s%s_p" % n], tables["dec_s%s_q" % n]) == \
            MD(g_mul(c, inv_sbox(y)))

# ---- byte permutations (gather indices: out[b] = in[idx[b]]) --------------
# byte 4c + r is row r, column c (FIPS 197's input order)


def gather(idx, v):
    return [v[idx[b]] for b in range(16)]


IDENT = list(range(16))
SR = [4 * ((b // 4 + b % 4) % 4) + b % 4 for b in range(16)]        # ShiftRows
ISR = [4 * ((b // 4 - b % 4) % 4) + b % 4 for b in range(16)]       # InvShiftRows
ROT = [4 * (b // 4) + (b % 4 + 1) % 4 for b in range(16)]           # a[r+1] to row r
assert gather(SR, gather(ISR, IDENT)) == IDENT


def power(p, n):
    v = IDENT
    for _ in range(n):
        v = gather(p, v)
    return v


def conj(rot, sr, isr, r):
    """Q^-r ROT Q^r as one gather, Q = sr."""
    v = gather(power(sr, r), IDENT)
    v = gather(rot, v)
    return gather(power(isr, r), v)


def inverse_perm(p):
    q = [0] * 16
    for b in range(16):
        q[p[b]] = b
    return q


perms = {}
perms["enc_rot"] = [conj(ROT, SR, ISR, r) for r in range(4)]
perms["enc_rot_inv"] = [inverse_perm(p) for p in perms["enc_rot"]]
perms["enc_rot2"] = [gather(p, p) for p in perms["enc_rot"]]
perms["dec_rot"] = [conj(ROT, ISR, SR, r) for r in range(4)]
perms["enc_key_perm"] = [power(ISR, r) for r in range(4)]           # Q^-r, Q = SR
perms["dec_key_perm"] = [power(SR, r) for r in range(4)]            # Q^-r, Q = ISR
perms["enc_out_perm"] = [power(SR, r) for r in range(4)]
perms["dec_out_perm"] = [power(ISR, r) for r in range(4)]
perms["rot"] = [ROT]

# ---- output -----------------------------------------------------------------


def row(v):
    return ", ".join("0x%02x" % b for b in v)


out = sys.stdout
out.write("""/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tables of the vector-permute AES, generated and checked by
 * src/algs/aes_vperm_tables.py (do not edit; run it again):
 *   python3 src/algs/aes_vperm_tables.py > src/algs/aes_vperm_tables.h
 * GF(2^4) = GF(2)[w]/(w^4 + w + 1); tower s^2 + a s + a with a = 0x%x;
 * AES's x maps to the tower element 0x%02x. Every table is 16 bytes, for
 * one 16-byte vector register; 0x80 stands for 1/0 (a look-up at an index
 * with bit 7 set reads 0).
 */
#ifndef JCA_AES_VPERM_TABLES_H
#define JCA_AES_VPERM_TABLES_H

#include <stdint.h>

/* M(0x63) and M(0x05): the S-box constants as the round keys absorb them */
#define JCA__VPERM_C63 0x%02x
#define JCA__VPERM_C05 0x%02x

""" % (A, BETA, M(0x63), M(0x05)))
names = list(tables)
out.write("enum {\n")
for n, name in enumerate(names):
    out.write("\tJCA__VP_%s = %d,\n" % (name.upper(), n))
out.write("\tJCA__VP_NTABLES = %d\n};\n\n" % len(names))
out.write("static const uint8_t jca__vperm_tables[JCA__VP_NTABLES][16] "
          "__attribute__((aligned(16))) = {\n")
for name in names:
    out.write("\t{ %s }, /* %s */\n" % (row(tables[name]), name))
out.write("};\n\n")
for name, lst in perms.items():
    out.write("static const uint8_t jca__vperm_%s[%d][16] __attribute__((aligned(16))) = {\n"
              % (name, len(lst)))
    for p in lst:
        out.write("\t{ %s },\n" % row(p))
    out.write("};\n")
out.write("\n#endif\n")
