#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Generates aes_pkcs5.txt: AES-CBC with PKCS#5 padding for every plaintext
# length 0..48 and every key size, computed with the openssl command (an
# implementation independent of libjca).
# Line format: <keybits> <len> <hex ciphertext>; key bytes i = i*7+1,
# IV bytes i = i*13+5, plaintext bytes i = (i*31+7) mod 256.
set -e
hexseq() { # count mul add
	python3 -c "import sys; n,m,a=map(int,sys.argv[1:]); print(bytes((i*m+a)&255 for i in range(n)).hex())" "$@"
}
iv=$(hexseq 16 13 5)
: > aes_pkcs5.txt
for bits in 128 192 256; do
	key=$(hexseq $((bits / 8)) 7 1)
	for len in $(seq 0 48); do
		ct=$(python3 -c "import sys; sys.stdout.buffer.write(bytes((i*31+7)&255 for i in range($len)))" |
			openssl enc -aes-$bits-cbc -K "$key" -iv "$iv" | od -An -v -tx1 | tr -d ' \n')
		echo "$bits $len $ct" >> aes_pkcs5.txt
	done
done
