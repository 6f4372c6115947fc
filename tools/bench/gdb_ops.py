# SPDX-License-Identifier: MIT
"""Run inside gdb-multiarch (-batch -nx -x gdb_ops.py): time each benchmark
operation against one target with time.perf_counter().

The driver passes a JSON file in $BENCH_CONFIG:
  {"vmlinux", "address", "runs", "ops": [...], "out", "label",
   "mem_addr", "write_addr", "break_func"}
and reads back "out": {"ops": {name: [[t0, t1], ...]}, "info": {...}}.
Progress goes to stdout, one line per operation.
"""
import json
import os
import sys
import time

import gdb

cfg = json.load(open(os.environ["BENCH_CONFIG"]))
RUNS = cfg["runs"]
result = {"ops": {}, "info": {}}


def run(cmd):
    return gdb.execute(cmd, to_string=True)


def flush():
    """Forget cached registers, frames and memory, so an operation does
    all of its target traffic each time."""
    run("maintenance flush register-cache")
    run("maintenance flush dcache")


def target_remote():
    run(f"target remote {cfg['address']}")


def timed(name, body, before=None, runs=RUNS):
    spans = []
    for _ in range(runs):
        if before:
            before()
        t0 = time.perf_counter()
        body()
        t1 = time.perf_counter()
        spans.append([t0, t1])
    result["ops"][name] = spans
    med = sorted(b - a for a, b in spans)[len(spans) // 2]
    print(f"bench: {cfg['label']:>9} {name:<12} median {med * 1000:9.1f} ms", flush=True)


def op_attach():
    def detach():
        run("detach")
    spans = []
    for i in range(RUNS):
        t0 = time.perf_counter()
        target_remote()
        t1 = time.perf_counter()
        spans.append([t0, t1])
        if i < RUNS - 1:
            detach()
    result["ops"]["attach"] = spans
    med = sorted(b - a for a, b in spans)[len(spans) // 2]
    print(f"bench: {cfg['label']:>9} {'attach':<12} median {med * 1000:9.1f} ms", flush=True)


def op_mem(name, size):
    inf = gdb.selected_inferior()
    data = {}

    def body():
        data["m"] = inf.read_memory(cfg["mem_addr"], size)
    timed(name, body, flush)
    assert len(data["m"]) == size


def op_write():
    inf = gdb.selected_inferior()
    addr = cfg["write_addr"]
    # Write back what is there, so the kernel goes on as it was.
    old = bytes(inf.read_memory(addr, 4096))
    timed("write_4k", lambda: inf.write_memory(addr, old), flush)


def op_break():
    bp = gdb.Breakpoint(cfg["break_func"], internal=True)
    timed("break_cycle", lambda: run("continue"))
    result["info"]["break_hits"] = bp.hit_count
    bp.delete()


# Hits per stop of the condition `bench_ticks % n == 0`: with the kernel
# evaluating it a stop costs little next to the hits; with gdb evaluating
# it every hit is a stop, so fewer keep a run short.
COND_EVERY = {"target": 1000, "host": 20}


def op_cond():
    """A breakpoint at bench_tick whose condition is false n-1 times in n:
    the continue-to-stop time with the kernel evaluating it, and with gdb
    (set breakpoint condition-evaluation host)."""
    for mode, every in COND_EVERY.items():
        run(f"set breakpoint condition-evaluation {mode}")
        bp = gdb.Breakpoint(cfg["break_func"], internal=True)
        bp.condition = f"bench_ticks % {every} == 0"
        run("continue")         # to the first true hit: the runs start there
        timed(f"cond_{mode}", lambda: run("continue"))
        result["info"][f"cond_{mode}_every"] = every
        bp.delete()
    run("set breakpoint condition-evaluation auto")


def op_threads():
    out = {}

    def body():
        out["t"] = run("info threads")
    timed("info_threads", body, flush)
    result["info"]["threads"] = sum(1 for line in out["t"].splitlines()
                                    if line.strip() and line.split()[0].lstrip("*").isdigit())


def op_bt():
    out = {}

    def body():
        out["bt"] = run("thread apply all bt")
    timed("bt_all", body, flush)
    result["info"]["bt_frames"] = sum(1 for line in out["bt"].splitlines()
                                      if line.startswith("#"))


OPS = {
    "attach": op_attach,
    # The flush re-reads the registers itself: it belongs inside the timing.
    "regs_general": lambda: timed("regs_general", lambda: (flush(), run("info registers"))),
    "regs_all": lambda: timed("regs_all", lambda: (flush(), run("info all-registers"))),
    "mem_64k": lambda: op_mem("mem_64k", 64 << 10),
    "mem_1m": lambda: op_mem("mem_1m", 1 << 20),
    "write_4k": op_write,
    "break_cycle": op_break,
    "stepi": lambda: timed("stepi", lambda: run("stepi")),
    "cond": op_cond,
    "info_threads": op_threads,
    "bt_all": op_bt,
}


def main():
    for setting in ("pagination off", "confirm off", "width 0", "height 0",
                    "print thread-events off"):
        run("set " + setting)
    run(f"file {cfg['vmlinux']}")
    try:
        for name in cfg["ops"]:
            if name != "attach" and "attach" not in result["ops"]:
                t0 = time.perf_counter()
                target_remote()
                result["ops"]["attach"] = [[t0, time.perf_counter()]]
            OPS[name]()
        result["info"]["packet_size"] = run("show remote memory-read-packet-size").strip()
        run("detach")
    except gdb.error as e:
        result["error"] = str(e)
        print(f"bench: {cfg['label']}: gdb error: {e}", flush=True)
    with open(cfg["out"], "w") as f:
        json.dump(result, f)


main()
sys.stdout.flush()
