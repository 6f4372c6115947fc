#!/bin/sh
# SPDX-License-Identifier: MIT
# Link vmlinux in two passes. The first link carries an empty symbol table;
# the table generated from it lands in .kallsyms, which the linker script
# places after everything else, so the second link moves no other symbol.
# The check at the end proves that.
set -e
out=$1
lds=$2
shift 2
dir=$(dirname "$out")
ptr=$(echo '__SIZEOF_POINTER__' | $CC $CFLAGS -E -P -x c - | tail -n 1)

: | $PYTHON scripts/kallsyms.py "$ptr" > "$dir/.kallsyms0.S"
$CC $CFLAGS -c -o "$dir/.kallsyms0.o" "$dir/.kallsyms0.S"
$LD $LDFLAGS -T "$lds" -o "$dir/.vmlinux.tmp" "$@" "$dir/.kallsyms0.o"

$NM -n -S "$dir/.vmlinux.tmp" | $PYTHON scripts/kallsyms.py "$ptr" > "$dir/.kallsyms1.S"
$CC $CFLAGS -c -o "$dir/.kallsyms1.o" "$dir/.kallsyms1.S"
$LD $LDFLAGS -T "$lds" -o "$out.tmp" "$@" "$dir/.kallsyms1.o"

$NM -n "$dir/.vmlinux.tmp" | grep -v ' kallsyms_' > "$dir/.syms0"
$NM -n "$out.tmp" | grep -v ' kallsyms_' > "$dir/.syms1"
if ! cmp -s "$dir/.syms0" "$dir/.syms1"; then
	echo "link-vmlinux: symbols moved between the two links (is .kallsyms last?)" >&2
	exit 1
fi
mv "$out.tmp" "$out"
