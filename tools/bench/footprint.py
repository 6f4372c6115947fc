# SPDX-License-Identifier: MIT
"""Footprint: text/data/bss of the debugger by feature (core, gdb, kdb,
agent, tracepoints, out-of-line, transport, and the arch's backend), at
the default flags and at -Os, in the default profile (the arch's
defconfig) and the minimal one (kgdb_min_defconfig); and the kernel with
CONFIG_KGDB=y against =n.

The objects are the ones make links into vmlinux (from the link command),
so an object a configuration left out is never counted; every object of
kernel/debug/ and transports/ belongs to exactly one feature. The -Os objects
are compiled with exactly the command make uses for the default ones
(taken from `make -n -W <source> V=1`), with -O2 replaced by -Os.
"""
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from arches import ARCHES  # noqa: E402

# Linux 6.1's kgdb, quoted (not measured here): Debian's linux-source-6.1,
# tinyconfig + KGDB, -O2; kernel/debug, kgdboc and arch/x86/kernel/kgdb.o.
LINUX_6_1_X86_64 = {"text": 18.2, "bss": 27.8}


def parts_of(arch):
    """Each feature's objects, as regexes on paths under the build directory,
    in the order shown; an object goes to the first that matches."""
    srcarch = ARCHES[arch]["srcarch"]
    return {
        "core": r"kernel/debug/(debug_(core|trap|resume|notify|frontend|io|mem|bp|step|regs"
                r"|field|arch_check|softstep|hw|console|line)|kgdb_monitor)\.o",
        "gdb": r"kernel/debug/gdbstub(_(?!trace)\w+)?\.o",
        "kdb": r"kernel/debug/kdb/\w+\.o",
        "agent": r"kernel/debug/debug_(agent\w*|cond)\.o",
        "tracepoints": r"kernel/debug/(debug|gdbstub)_trace(_\w+)?\.o",
        "out-of-line": rf"(kernel/debug/debug_xol|arch/{srcarch}/kernel/kgdb_xol)\.o",
        "transport": r"transports/\w+\.o",
        # the backend, and what only the debugger builds of the kernel's: the
        # decoders, the waits it sleeps in, the ARM debug slots (the naps
        # stay in the timer's time.o)
        "arch": rf"(arch/{srcarch}/(kernel/(kgdb\w*|halt|nap|doze)"
                r"|lib/(insn|next_pc))|drivers/debug/\w+)\.o",
    }


def make(root, *args):
    subprocess.run(["make", "--no-print-directory", *args], cwd=root, check=True,
                   stdout=subprocess.DEVNULL)


def size(root, arch, paths):
    """Sum of (text, data, bss) over @paths, as `size` counts them."""
    if not paths:
        return [0, 0, 0]
    out = subprocess.run([ARCHES[arch]["cross"] + "size", *paths], cwd=root, check=True,
                         capture_output=True, text=True).stdout
    tot = [0, 0, 0]
    for line in out.splitlines()[1:]:
        f = line.split()
        for i in range(3):
            tot[i] += int(f[i])
    return tot


def linked_objects(root, arch, odir):
    """The objects make links into @odir/vmlinux, relative to @root."""
    out = subprocess.run(["make", "-n", "-W", f"{odir}/vmlinux.lds", "V=1", f"ARCH={arch}",
                          f"O={odir}", f"{odir}/vmlinux"], cwd=root, check=True,
                         capture_output=True, text=True).stdout
    return sorted({w for w in shlex.split(out) if w.startswith(odir + "/") and w.endswith(".o")})


def part_objects(root, arch, odir):
    parts = parts_of(arch)
    res = {part: [] for part in parts}
    for o in linked_objects(root, arch, odir):
        rel = o[len(odir) + 1:]
        part = next((p for p, pat in parts.items() if re.fullmatch(pat, rel)), None)
        if part:
            res[part].append(o)
        elif re.match(r"(kernel/debug|transports)/", rel):
            raise RuntimeError(f"footprint: {rel} belongs to no feature (tools/bench/footprint.py)")
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


def profile(root, arch, odir, osdir):
    """Each part's size at the build's flags and at -Os."""
    res = {"parts": {}, "parts_Os": {}}
    for part, objs in part_objects(root, arch, odir).items():
        res["parts"][part] = size(root, arch, objs)
        os_objs = [compile_os(root, arch, odir, osdir, o) for o in objs]
        res["parts_Os"][part] = size(root, arch, os_objs)
    return res


def configure_minimal(root, arch, odir):
    """kgdb_min_defconfig in @odir, again whenever its fragment changed."""
    stamp = os.path.join(root, odir, ".min-config")
    fragment = os.path.join(root, "kernel/configs/kgdb_min.config")
    if not os.path.exists(stamp) or os.path.getmtime(stamp) < os.path.getmtime(fragment):
        make(root, f"ARCH={arch}", f"O={odir}", "kgdb_min_defconfig")
        open(stamp, "w").close()


def measure(root, arch, progress=print):
    odir, nodir = f"build/bench-{arch}", f"build/bench-{arch}-nokgdb"
    mindir = f"build/bench-{arch}-min"
    progress(f"bench: footprint {arch}: building")
    make(root, f"ARCH={arch}", f"O={odir}", "all")
    if not os.path.exists(os.path.join(root, nodir, ".config")):
        make(root, f"ARCH={arch}", f"O={nodir}", "setconfig", "SET=KGDB=n")
    make(root, f"ARCH={arch}", f"O={nodir}", "all")
    configure_minimal(root, arch, mindir)
    make(root, f"ARCH={arch}", f"O={mindir}", "all")
    res = profile(root, arch, odir, f"{odir}-Os")
    res["minimal"] = profile(root, arch, mindir, f"{mindir}-Os")
    res["kernel_kgdb"] = size(root, arch, [f"{odir}/vmlinux"])
    res["kernel_nokgdb"] = size(root, arch, [f"{nodir}/vmlinux"])
    nm = subprocess.run([ARCHES[arch]["cross"] + "nm", f"{nodir}/vmlinux"], cwd=root, check=True,
                        capture_output=True, text=True).stdout
    res["nokgdb_debugger_symbols"] = len(re.findall(r" (kgdb_\w+|gdbstub_\w+)$", nm, re.M))
    return res
