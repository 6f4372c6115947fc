#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate the kernel's symbol table (kallsyms) as assembly.

Functions and variables. Input: `nm -n -S` of a linked kernel on stdin (or nothing, for the first
link's empty table). Output: a .S file whose .kallsyms section holds
  kallsyms_num                 number of symbols
  kallsyms_addrs[num]          sorted start addresses (pointer sized)
  kallsyms_sizes[num]          sizes (32 bit)
  kallsyms_offsets[num]        offsets into kallsyms_names (32 bit)
  kallsyms_names               NUL-terminated names
"""
import sys


def main():
    ptr = int(sys.argv[1])  # pointer size in bytes: 4 or 8
    syms = []
    for line in sys.stdin:
        f = line.split()
        if len(f) == 4:
            addr, size, kind, name = f
        elif len(f) == 3:
            addr, kind, name = f
            size = None
        else:
            continue
        # Functions, and variables for kdb (md jiffies); not the table's own,
        # which move within it between the links.
        if kind not in "tTwWdDbBrR" or name.startswith((".L", "$", "kallsyms_")):
            continue
        syms.append([int(addr, 16), int(size, 16) if size else None, name])
    syms.sort(key=lambda s: s[0])
    # Symbols without a size (assembly labels) extend to the next symbol.
    for i, s in enumerate(syms):
        if s[1] is None:
            s[1] = syms[i + 1][0] - s[0] if i + 1 < len(syms) else 0
    word = ".quad" if ptr == 8 else ".long"
    out = ['\t.section .kallsyms, "a"', f"\t.balign {ptr}"]
    out += ["\t.globl kallsyms_num", "kallsyms_num:", f"\t.long {len(syms)}",
            f"\t.balign {ptr}", "\t.globl kallsyms_addrs", "kallsyms_addrs:"]
    out += [f"\t{word} {a:#x}" for a, _, _ in syms]
    out += ["\t.globl kallsyms_sizes", "kallsyms_sizes:"]
    out += [f"\t.long {z:#x}" for _, z, _ in syms]
    out += ["\t.globl kallsyms_offsets", "kallsyms_offsets:"]
    off = 0
    for _, _, n in syms:
        out.append(f"\t.long {off}")
        off += len(n) + 1
    out += ["\t.globl kallsyms_names", "kallsyms_names:"]
    out += [f'\t.asciz "{n}"' for _, _, n in syms]
    print("\n".join(out))


if __name__ == "__main__":
    main()
