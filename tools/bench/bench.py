#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make bench: the debugger over kgdboc and kgdboe against QEMU's own gdbstub.

A machine (-smp 2) boots the kernel with QEMU's gdbstub open as well.
From its shell: `spawn 20` (sleeping threads for `info threads`), `spin`
(a thread calling bench_tick(), where the breakpoint goes) and
`kgdboc ttyS1`. Then gdb-multiarch runs tools/bench/gdb_ops.py through a
counting proxy (proxy.py) against kgdb on ttyS1 and against QEMU's
gdbstub, and a client that speaks binary `x` (rsp.py) reads memory with
`m` and `x`. That is done twice: with ttyS1 on a Unix socket chardev and
on a TCP one (QEMU's send() per byte costs four times as much on TCP).
The serial line's own speed (link.py) and the footprint (footprint.py)
complete the report: a Markdown table, printed and written to
build/bench/report.md, and the figures in report.json. A third machine
does the same over kgdboe (`kgdboe on`): gdb at udp:127.0.0.1:PORT through
tools/netrelay.py, which also counts the datagrams.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, HERE)

import footprint  # noqa: E402
import link  # noqa: E402
import rsp  # noqa: E402
from arches import ARCHES, tty  # noqa: E402
from lib.machine import Machine  # noqa: E402
from lib.qemu import free_port  # noqa: E402
from proxy import Proxy, count  # noqa: E402

OPS = ["attach", "regs_general", "regs_all", "mem_64k", "mem_1m", "write_4k",
       "break_cycle", "stepi", "info_threads", "bt_all", "cond"]
# Operations QEMU's gdbstub cannot do: it evaluates no conditions itself.
KGDB_ONLY = {"cond"}
LABELS = {
    "attach": "attach (target remote)",
    "regs_general": "read general registers",
    "regs_all": "read all registers",
    "mem_64k": "read 64 KiB",
    "mem_1m": "read 1 MiB",
    "write_4k": "write 4 KiB",
    "break_cycle": "breakpoint: continue to stop",
    "stepi": "stepi",
    "info_threads": "info threads",
    "bt_all": "thread apply all bt",
}
MEM_BYTES = {"mem_64k": 64 << 10, "mem_1m": 1 << 20, "write_4k": 4 << 10}
THREADS = 20
MEM_ADDR = 0x100000     # the kernel's first MiB: identity mapped on x86
WRITE_ADDR = 0x300000   # heap: gdb writes back what it read there
GDB_TIMEOUT = 1800


def progress(msg):
    print(msg, flush=True)


LINES = ("unix", "tcp")
LINE_NAMES = {"unix": "Unix socket chardev", "tcp": "TCP chardev, nodelay=on"}


def boot(arch, kernel, line, extra=()):
    m = Machine(arch, smp=2, cmdline=f"console={tty(arch, 0)}", extra=list(extra), line=line)
    m.kernel = kernel
    m.start()
    m.wait_boot()
    return m


def run_gdb(label, kernel, address, runs, ops, outdir):
    cfg = {"vmlinux": kernel, "address": address, "runs": runs, "ops": ops, "label": label,
           "out": os.path.join(outdir, f"gdb-{label}.json"), "mem_addr": MEM_ADDR,
           "write_addr": WRITE_ADDR, "break_func": "bench_tick"}
    cfg_path = os.path.join(outdir, f"gdb-{label}-config.json")
    with open(cfg_path, "w") as f:
        json.dump(cfg, f)
    env = dict(os.environ, BENCH_CONFIG=cfg_path)
    proc = subprocess.Popen(["gdb-multiarch", "-batch", "-nx", "-x",
                             os.path.join(HERE, "gdb_ops.py")],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, start_new_session=True)
    log = []
    deadline = time.monotonic() + GDB_TIMEOUT
    for line in proc.stdout:
        log.append(line)
        if line.startswith("bench:"):
            progress(line.rstrip())
        if time.monotonic() > deadline:
            proc.kill()
            break
    proc.wait()
    try:
        with open(cfg["out"]) as f:
            res = json.load(f)
    except (OSError, ValueError):
        raise RuntimeError(f"gdb ({label}) wrote no result:\n" + "".join(log[-30:]))
    if "error" in res:
        raise RuntimeError(f"gdb ({label}): {res['error']}\n" + "".join(log[-30:]))
    return res


def summarise(res, proxy):
    """Per operation: times (median, min, max) and the wire counts of each run."""
    out = {}
    for op, spans in res["ops"].items():
        times = [b - a for a, b in spans]
        counts = [count(proxy.slice(a, b)) for a, b in spans]
        wire = {k: statistics.median(c[k] for c in counts) for k in counts[0]}
        out[op] = {"median": statistics.median(times), "min": min(times), "max": max(times),
                   "runs": len(times), "times": times, "wire": wire}
    return out


def session(args, kernel, outdir, line, with_qemu):
    """gdb against kgdb with ttyS1 on @line (and against QEMU's gdbstub),
    then `m` against `x` reads, on one machine. Returns
    ({label: gdb results}, binary read results)."""
    qport = free_port()
    m = boot(args.arch, kernel, line, ["-gdb", f"tcp:127.0.0.1:{qport}"])
    try:
        m.run(f"spawn {args.threads}")
        m.run("spin")
        line_tty = tty(args.arch, 1)
        out = m.run(f"kgdboc {line_tty}")
        if f"kgdboc: {line_tty}" not in out:
            raise RuntimeError(f"kgdboc {line_tty}: " + out)
        results = {}
        targets = [("kgdb-" + line, m.ports[1], True)]
        if with_qemu:
            targets.append(("qemu", qport, False))
        for label, port, persistent in targets:
            proxy = Proxy(port, persistent)
            ops = [op for op in args.ops if label != "qemu" or op not in KGDB_ONLY]
            if not ops:
                continue
            try:
                res = run_gdb(label, kernel, f"127.0.0.1:{proxy.port}", args.runs, ops,
                              outdir)
                results[label] = {"ops": summarise(res, proxy), "info": res["info"]}
            finally:
                proxy.close()
        if with_qemu and "cond" in args.ops:
            results["loop"] = loop_slowdown(m, kernel, m.ports[1])
            results["trace"] = trace_rate(m, kernel, m.ports[1],
                                          results["loop"]["calls_per_s"])
        progress(f"bench: m and x reads of 64 KiB over the {line} line")
        binary = rsp.measure(m.ports[1], MEM_ADDR, 64 << 10, args.runs)
        if not binary["same"]:
            raise RuntimeError("m and x read different bytes")
        return results, binary
    finally:
        m.stop()


def tickrate(m):
    out = m.run("tickrate", timeout=30)
    return int(re.search(r"tickrate: (\d+) calls", out).group(1))


def loop_slowdown(m, kernel, line_port):
    """The spinner's calls a second (`tickrate` on the console) without a
    breakpoint, then with one at bench_tick whose condition never holds:
    a persistent dprintf that gdb leaves in the kernel as it detaches."""
    progress("bench: the kernel's loop with a false-condition breakpoint in it, and without")
    base = tickrate(m)
    proxy = Proxy(line_port, True)
    try:
        cmds = ["set breakpoint always-inserted on", "set dprintf-style agent",
                f"target remote 127.0.0.1:{proxy.port}", 'dprintf bench_tick,"never\\n"',
                "condition 1 bench_ticks == 1", "detach"]
        subprocess.run(["gdb-multiarch", "-batch", "-nx", kernel] +
                       [a for c in cmds for a in ("-ex", c)], capture_output=True, check=True,
                       timeout=GDB_TIMEOUT)
    finally:
        proxy.close()
    return {"calls_per_s": base, "calls_per_s_false_cond": tickrate(m)}


def gdb_script(kernel, lines):
    """Run gdb -batch on @lines as a script (`actions` takes a block)."""
    with tempfile.NamedTemporaryFile("w", suffix=".gdb") as f:
        f.write("\n".join(lines) + "\n")
        f.flush()
        return subprocess.run(["gdb-multiarch", "-batch", "-nx", "-x", f.name, kernel],
                              capture_output=True, check=True, text=True,
                              timeout=GDB_TIMEOUT).stdout


def trace_rate(m, kernel, line_port, base):
    """Frames a second a tracepoint at bench_tick collects with `collect
    $regs` and 64 bytes of memory: the spinner's calls a second while the
    trace runs on after gdb detached (each call is a frame), against @base
    calls a second without a breakpoint. The gdb that sets it up takes the
    last one's dprintf out."""
    progress("bench: a tracepoint collecting the registers and 64 bytes")
    proxy = Proxy(line_port, True)
    try:
        target = f"target remote 127.0.0.1:{proxy.port}"
        gdb_script(kernel, [target, "trace bench_tick", "actions", "collect $regs",
                            "collect *(unsigned char (*)[64])&bench_ticks", "end",
                            "set circular-trace-buffer on", "set disconnected-tracing on",
                            "tstart", "detach"])
        traced = tickrate(m)
        out = gdb_script(kernel, [target, "tstop", "tstatus", "detach"])
    finally:
        proxy.close()
    created = re.search(r"of (\d+) created total|Collected (\d+) trace frames", out)
    if not created:
        raise RuntimeError("tstatus: " + out)
    return {"calls_per_s": base, "frames_per_s": traced,
            "created": int(created.group(1) or created.group(2))}


def session_udp(args, kernel, outdir):
    """gdb against kgdboe on a virtio-net NIC, on one machine."""
    m = Machine(args.arch, smp=2, cmdline=f"console={tty(args.arch, 0)}", nic=True)
    m.kernel = kernel
    m.start()
    try:
        m.wait_boot()
        m.run(f"spawn {args.threads}")
        m.run("spin")
        out = m.run("kgdboe on")
        if "kgdboe: 6443@" not in out:
            raise RuntimeError("kgdboe on: " + out)
        res = run_gdb("kgdb-udp", kernel, f"udp:127.0.0.1:{m.relay.port}", args.runs,
                      args.ops, outdir)
        return {"kgdb-udp": {"ops": summarise(res, m.relay), "info": res["info"]}}
    finally:
        m.stop()


def send_cost(outdir, runs=3):
    """Microseconds per one-byte send() on this host, TCP and Unix: the
    floor under QEMU's serial line (tools/bench/sendcost.c)."""
    exe = os.path.join(outdir, "sendcost")
    subprocess.run(["cc", "-O2", "-Wall", "-Wextra", "-Werror", "-pthread", "-o", exe,
                    os.path.join(HERE, "sendcost.c")], check=True)
    res = {"tcp": [], "unix": []}
    for _ in range(runs):
        out = subprocess.run([exe], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            name, us = line.split()
            res[name].append(float(us))
    return {k: statistics.median(v) for k, v in res.items()}


def fmt_ms(s):
    return f"{s * 1000:.1f}" if s < 10 else f"{s * 1000:.0f}"


def kbps(nbytes, seconds):
    return nbytes / seconds / 1000


def table(rep):
    lat = rep["latency"]
    k, kt, q = lat["kgdb-unix"]["ops"], lat["kgdb-tcp"]["ops"], lat["qemu"]["ops"]
    ku = lat.get("kgdb-udp", {}).get("ops", {})
    lines = [
        f"## make bench: {rep['arch']}, {rep['runs']} runs, gdb {rep['gdb']}, "
        f"QEMU {rep['qemu']}",
        "",
        "Time: median (min-max) in ms; kgdb with ttyS1 on a Unix socket chardev and on a "
        "TCP chardev, and kgdboe over UDP (a virtio-net NIC, tools/netrelay.py). Wire, "
        "per operation (median run, Unix line): packets gdb->target / target->gdb, bytes "
        "out / in, round trips (one per gdb packet).",
        "",
        "| operation | kgdb ms, Unix line | kgdb ms, TCP line | kgdboe ms, UDP | QEMU gdbstub "
        "ms | ratio (Unix) | ratio (UDP) | kgdb pkts | kgdb bytes | kgdb RTs | QEMU RTs "
        "| QEMU bytes |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]

    def span(a):
        return f"{fmt_ms(a['median'])} ({fmt_ms(a['min'])}-{fmt_ms(a['max'])})"
    for op in rep["ops"]:
        if op not in k or op not in q:
            continue
        a, b = k[op], q[op]
        wa, wb = a["wire"], b["wire"]
        tcp = span(kt[op]) if op in kt else "-"
        udp = span(ku[op]) if op in ku else "-"
        udp_ratio = f"{ku[op]['median'] / b['median']:.1f}x" if op in ku else "-"
        lines.append(
            f"| {LABELS[op]} | {span(a)} | {tcp} | {udp} | {span(b)} "
            f"| {a['median'] / b['median']:.1f}x | {udp_ratio} "
            f"| {wa['pkts_out']:.0f} / {wa['pkts_in'] + wa['console_pkts']:.0f} "
            f"| {wa['bytes_out']:.0f} / {wa['bytes_in']:.0f} "
            f"| {wa['round_trips']:.0f} | {wb['round_trips']:.0f} "
            f"| {wb['bytes_out']:.0f} / {wb['bytes_in']:.0f} |")
    lines += ["", "Memory throughput over kgdboc (gdb 13: hex `m`), against the line's own "
              "rate:", "",
              "| line | operation | kgdb KB/s | wire KB/s (in+out) | share of the line "
              "(tx; rx for writes) |",
              "|---|---|---|---|---|"]
    for line in LINES:
        ops, ln = lat["kgdb-" + line]["ops"], rep["link"][line]
        for op, n in MEM_BYTES.items():
            if op in ops:
                a = ops[op]
                wire = (a["wire"]["bytes_in"] + a["wire"]["bytes_out"]) / a["median"]
                line_rate = ln["rx"] if op.startswith("write") else ln["tx"]
                lines.append(f"| {line} | {LABELS[op]} | {kbps(n, a['median']):.1f} "
                             f"| {wire / 1000:.1f} | {wire / line_rate * 100:.0f}% |")
    for op, n in MEM_BYTES.items():
        if op in ku:
            a = ku[op]
            wire = (a["wire"]["bytes_in"] + a["wire"]["bytes_out"]) / a["median"]
            lines.append(f"| udp (kgdboe) | {LABELS[op]} | {kbps(n, a['median']):.1f} "
                         f"| {wire / 1000:.1f} | - |")
    lines += ["", "Binary reads: a client that sends `x` (tools/bench/rsp.py) against one "
              "that sends `m`, 64 KiB at the kernel's text, packets as big as the stub "
              f"offers ({rep['binary']['unix']['packet_size']} bytes), median KB/s:", "",
              "| line | `m` | `x` | `x` / `m` |", "|---|---|---|---|"]
    for line in LINES:
        b = rep["binary"][line]
        km, kx = kbps(64 << 10, statistics.median(b["m"])), kbps(64 << 10,
                                                               statistics.median(b["x"]))
        naks = f" ({b['naks']} damaged replies sent again)" if b.get("naks") else ""
        lines.append(f"| {line} | {km:.1f} | {kx:.1f}{naks} | {kx / km:.2f} |")
    lines += ["", "Serial line (ttyS1, 16550), medians; the host's own cost of a one-byte "
              "send(), QEMU's per byte transmitted (tools/bench/sendcost.c), and the rate "
              "that alone allows:", "",
              "| line | tx, write path | tx, one poll_put_char per byte | rx, poll_get_char "
              "| one-byte echo | host send() | its limit |", "|---|---|---|---|---|---|---|"]
    for line in LINES:
        ln, us = rep["link"][line], rep["send_us"][line]
        lines.append(f"| {LINE_NAMES[line]} | {ln['tx'] / 1000:.0f} KB/s "
                     f"| {ln['txpoll'] / 1000:.0f} KB/s | {ln['rx'] / 1000:.0f} KB/s "
                     f"| {ln['rtt'] * 1e6:.0f} us | {us:.2f} us | {1e3 / us:.0f} KB/s |")
    lines.append("")
    lines += cond_table(lat)
    ki, qi = lat["kgdb-unix"]["info"], lat["qemu"]["info"]
    lines += [f"Threads shown by `info threads`: kgdb {ki.get('threads')}, QEMU gdbstub "
              f"{qi.get('threads')} (it shows vCPUs only); backtrace frames: kgdb "
              f"{ki.get('bt_frames')}, QEMU {qi.get('bt_frames')}.", ""]
    if rep.get("footprint"):
        lines += footprint_table(rep["footprint"])
    return "\n".join(lines)


def cond_table(lat):
    """Hits a second on a breakpoint whose condition is false n-1 times in
    n, evaluated by the kernel and by gdb, and the kernel's loop slowed by
    one in its way."""
    rows = []
    for label, name in (("kgdb-unix", "Unix line"), ("kgdb-tcp", "TCP line"),
                        ("kgdb-udp", "kgdboe, UDP")):
        ops, info = lat.get(label, {}).get("ops", {}), lat.get(label, {}).get("info", {})
        if "cond_target" not in ops:
            continue
        target = info["cond_target_every"] / ops["cond_target"]["median"]
        host = info["cond_host_every"] / ops["cond_host"]["median"]
        rows.append(f"| {name} | {target:.0f} | {host:.1f} | {target / host:.0f}x |")
    if not rows:
        return []
    lines = ["Breakpoint conditions: `break bench_tick if bench_ticks % n == 0`, hits a "
             "second over a continue to the next true hit (n = 1000 evaluated in the "
             "kernel, 20 by gdb):", "",
             "| line | kernel evaluates | gdb evaluates | ratio |", "|---|---|---|---|"] + rows
    loop = lat.get("loop")
    if loop:
        lines += ["", f"The kernel's loop (`tickrate`): {loop['calls_per_s']} calls of "
                  f"bench_tick() a second without a breakpoint, "
                  f"{loop['calls_per_s_false_cond']} with one whose condition never holds "
                  f"({loop['calls_per_s'] / max(1, loop['calls_per_s_false_cond']):.0f}x "
                  "slower)."]
    trace = lat.get("trace")
    if trace:
        lines += ["", f"A tracepoint at bench_tick collecting `$regs` and 64 bytes of memory, "
                  f"running on after gdb detached: {trace['frames_per_s']} frames a second "
                  f"(the loop's calls, each one collected; {trace['created']} frames in all), "
                  f"against {trace['calls_per_s']} calls a second without it "
                  f"({trace['calls_per_s'] / max(1, trace['frames_per_s']):.0f}x slower)."]
    return lines + [""]


def footprint_table(fps):
    def cell(v):
        return f"{v[0]} / {v[1]} / {v[2]}"

    def total(parts):
        return [sum(v[i] for v in parts.values()) for i in range(3)]

    lines = ["Footprint (bytes, text / data / bss): the default profile (defconfig) and "
             "the minimal one (kgdb_min_defconfig), as built (-O2) and at -Os. Linux 6.1's "
             "kgdb on x86_64, quoted: text {text} KB, bss {bss} KB (Debian's "
             "linux-source-6.1, tinyconfig + KGDB, -O2; kernel/debug, kgdboc and "
             "arch/x86/kernel/kgdb.o; docs/bench.md has it measured, SMP and not, -O2 "
             "and -Os).".format(**footprint.LINUX_6_1_X86_64), "",
             "| arch | feature | default | default -Os | minimal | minimal -Os |",
             "|---|---|---|---|---|---|"]
    for arch, fp in fps.items():
        mn = fp["minimal"]
        for part, v in fp["parts"].items():
            lines.append(f"| {arch} | {part} | {cell(v)} | {cell(fp['parts_Os'][part])} "
                         f"| {cell(mn['parts'][part])} | {cell(mn['parts_Os'][part])} |")
        lines.append(f"| {arch} | **debugger total** | {cell(total(fp['parts']))} "
                     f"| {cell(total(fp['parts_Os']))} | {cell(total(mn['parts']))} "
                     f"| {cell(total(mn['parts_Os']))} |")
    lines += ["", "The whole kernel (defconfig) with the debugger and without:", "",
              "| arch | KGDB=y | KGDB=n | debugger symbols in =n |", "|---|---|---|---|"]
    for arch, fp in fps.items():
        lines.append(f"| {arch} | {cell(fp['kernel_kgdb'])} | {cell(fp['kernel_nokgdb'])} "
                     f"| {fp['nokgdb_debugger_symbols']} |")
    lines.append("")
    return lines


def tool_version(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True).stdout
        return out.splitlines()[0].split()[-1]
    except (OSError, IndexError):
        return "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--arch", default="x86_64", choices=["x86_64", "i386"])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--threads", type=int, default=THREADS,
                    help="sleeping threads to spawn before measuring (the thread list "
                    "gdb reads at every stop grows with them)")
    ap.add_argument("--link-runs", type=int, default=3)
    ap.add_argument("--ops", default=",".join(OPS))
    ap.add_argument("--footprint-arches", default=" ".join(ARCHES))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench"))
    ap.add_argument("--kernel", help="the vmlinux to measure, for a before/after comparison "
                    "(default: the defconfig build in build/bench-ARCH)")
    args = ap.parse_args()
    args.ops = [o for o in args.ops.split(",") if o]
    for o in args.ops:
        if o not in OPS:
            ap.error(f"unknown operation {o}; known: {','.join(OPS)}")
    os.makedirs(args.out, exist_ok=True)
    rep = {"arch": args.arch, "runs": args.runs, "ops": args.ops,
           "gdb": tool_version(["gdb-multiarch", "--version"]),
           "qemu": tool_version([ARCHES[args.arch]["qemu"][0], "--version"]),
           "date": time.strftime("%Y-%m-%d %H:%M:%S")}
    rep["footprint"] = {}
    for arch in args.footprint_arches.split():
        rep["footprint"][arch] = footprint.measure(ROOT, arch, progress)
    if args.arch not in rep["footprint"]:
        footprint.make(ROOT, f"ARCH={args.arch}", f"O=build/bench-{args.arch}", "all")
    kernel = args.kernel or os.path.join(ROOT, "build", f"bench-{args.arch}", "vmlinux")
    progress("bench: the host's cost of a one-byte send()")
    rep["send_us"] = send_cost(args.out)
    rep["link"], rep["latency"], rep["binary"] = {}, {}, {}
    for line in LINES:
        progress(f"bench: serial line on a {LINE_NAMES[line]} ({args.link_runs} runs)")
        rep["link"][line] = link.measure(lambda: boot(args.arch, kernel, line),
                                         args.link_runs, progress)
    for line in LINES:
        with_qemu = line == LINES[0]
        progress(f"bench: kgdb over ttyS1 on a {LINE_NAMES[line]}"
                 f"{', then QEMU gdbstub' if with_qemu else ''} ({args.runs} runs each)")
        res, rep["binary"][line] = session(args, kernel, args.out, line, with_qemu)
        rep["latency"].update(res)
    progress(f"bench: kgdboe over UDP ({args.runs} runs)")
    rep["latency"].update(session_udp(args, kernel, args.out))
    text = table(rep)
    with open(os.path.join(args.out, "report.md"), "w") as f:
        f.write(text)
    with open(os.path.join(args.out, "report.json"), "w") as f:
        json.dump(rep, f, indent=1)
    print()
    print(text)
    print(f"bench: wrote {os.path.relpath(args.out, ROOT)}/report.md and report.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
