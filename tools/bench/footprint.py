# SPDX-License-Identifier: MIT
"""Footprint: text/data/bss of the debugger's parts at the default flags
and at -Os, and the kernel with CONFIG_KGDB=y against =n.

The -Os objects are compiled with exactly the command make uses for the
default ones (taken from `make -n -W <source> V=1`), with -O2 replaced by -Os.
"""
import glob
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from arches import ARCHES  # noqa: E402

PARTS = {
    "core": ["kernel/debug/debug_*.o", "kernel/debug/kgdb_*.o"],
    "protocol": ["kernel/debug/gdbstub*.o"],
    "arch": ["arch/x86/kernel/kgdb*.o"],
    "transport": ["transports/kgdboc.o"],
}


def make(root, *args):
    subprocess.run(["make", "--no-print-directory", *args], cwd=root, check=True,
                   stdout=subprocess.DEVNULL)


def size(root, arch, paths):
    """Sum of (text, data, bss) over @paths, as `size` counts them."""
    out = subprocess.run([ARCHES[arch]["cross"] + "size", *paths], cwd=root, check=True,
                         capture_output=True, text=True).stdout
    tot = [0, 0, 0]
    for line in out.splitlines()[1:]:
        f = line.split()
        for i in range(3):
            tot[i] += int(f[i])
    return tot


def part_objects(root, odir):
    res = {}
    for part, pats in PARTS.items():
        objs = []
        for p in pats:
            objs += sorted(glob.glob(os.path.join(root, odir, p)))
        res[part] = [os.path.relpath(o, root) for o in objs]
    return res


def compile_os(root, arch, odir, osdir, obj):
    """Compile @obj (a path under @odir) again with -Os into @osdir."""
    src_obj = os.path.relpath(obj, odir)
    src = next(s for s in (src_obj[:-2] + ".c", src_obj[:-2] + ".S")
               if os.path.exists(os.path.join(root, s)))
    out = subprocess.run(["make", "-n", "-W", src, "V=1", f"ARCH={arch}", f"O={odir}", obj],
                         cwd=root, check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        if f"-c -o {obj} " in line:
            cmd = shlex.split(line)
            break
    else:
        raise RuntimeError(f"no compile command for {obj}")
    new_obj = os.path.join(osdir, src_obj)
    cmd = ["-Os" if a == "-O2" else a for a in cmd]
    cmd = [new_obj if a == obj else a for a in cmd]
    cmd = [a for a in cmd if a not in ("-MMD", "-MP")]
    os.makedirs(os.path.join(root, os.path.dirname(new_obj)), exist_ok=True)
    subprocess.run(cmd, cwd=root, check=True)
    return new_obj


def measure(root, arch, progress=print):
    odir, nodir = f"build/bench-{arch}", f"build/bench-{arch}-nokgdb"
    osdir = f"build/bench-{arch}-Os"
    progress(f"bench: footprint {arch}: building")
    make(root, f"ARCH={arch}", f"O={odir}", "all")
    if not os.path.exists(os.path.join(root, nodir, ".config")):
        make(root, f"ARCH={arch}", f"O={nodir}", "setconfig", "SET=KGDB=n")
    make(root, f"ARCH={arch}", f"O={nodir}", "all")
    res = {"parts": {}, "parts_Os": {}}
    for part, objs in part_objects(root, odir).items():
        res["parts"][part] = size(root, arch, objs)
        os_objs = [compile_os(root, arch, odir, osdir, o) for o in objs]
        res["parts_Os"][part] = size(root, arch, os_objs)
    res["kernel_kgdb"] = size(root, arch, [f"{odir}/vmlinux"])
    res["kernel_nokgdb"] = size(root, arch, [f"{nodir}/vmlinux"])
    nm = subprocess.run([ARCHES[arch]["cross"] + "nm", f"{nodir}/vmlinux"], cwd=root, check=True,
                        capture_output=True, text=True).stdout
    res["nokgdb_debugger_symbols"] = len(re.findall(r" (kgdb_\w+|gdbstub_\w+)$", nm, re.M))
    return res
