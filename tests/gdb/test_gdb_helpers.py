# SPDX-License-Identifier: MIT
"""The gdb helpers (tools/gdb, auto-loaded with vmlinux through
build/<arch>/vmlinux-gdb.py): kgdb-ps, kgdb-dmesg, kgdb-cpus,
$kgdb_current(), $kgdb_per_cpu() and the struct task pretty-printer, on a
kernel stopped at a breakpoint, in an oops, and in a panic seen through
QEMU's own gdbstub (a kernel without kgdb, where no monitor command can
answer)."""
import re
import time

import pytest

from gdb import Gdb
from machine import PROMPT, Machine, free_port, kernel_path, tty

SPAWNED = 40
LOG_FILL = 96 * 1024    # console bytes: more than the log ring holds


@pytest.fixture(autouse=True)
def helper_arches(arch):
    if arch not in ("x86_64", "arm"):
        pytest.skip("the helpers are tested on x86_64 and arm")


def ps_rows(text):
    """(pid, state, cpu, name) of each task line of `ps` or kgdb-ps."""
    return [m.groups() for m in
            re.finditer(r"^\s*(\d+) (\w+)\s+(\d+) (\S+)", text, re.M)]


def test_helpers_at_a_breakpoint(target):
    m = target.boot()
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    g.cmd("break cmd_uptime")
    g.cont()
    m.expect(re.escape(PROMPT), timeout=30)
    m.run(f"spawn {SPAWNED}")
    # Fill the log ring (64 KiB) past its end, so that kgdb-dmesg has to
    # unwrap it: each `sysrq t` logs a line per task.
    while len(m.text()) < LOG_FILL:
        m.run("sysrq t", timeout=30)
    m.write("uptime\n")
    stop = g.wait_stop()
    assert stop.func == "cmd_uptime", stop

    ps = g.cmd("kgdb-ps")
    rows = ps_rows(ps)
    assert len(rows) >= SPAWNED + 6, ps
    # What the kernel's own ps says, field for field.
    assert rows == ps_rows(g.monitor("ps")), ps
    shell = [r for r in rows if r[3] == "shell"]
    assert shell and shell[0][1] == "running", ps
    assert re.search(r"^\s*\d+ running\s+\d+ shell\s+cmd_uptime(\+\d+)?$", ps, re.M), ps
    # init polls for the shell's exit: it may have just woken, not yet run
    # (runnable); either way it is switched out, its PC in arch_switch_to.
    assert re.search(r"^\s*\d+ (sleeping|runnable)\s+\d+ init\s+arch_switch_to\+\d+$",
                     ps, re.M), ps

    # The log wrapped; kgdb-dmesg unwraps it as the kernel does.
    wrapped = g.cmd("p log_head > sizeof(log_buf)")
    assert "= true" in wrapped or "= 1" in wrapped, wrapped
    dmesg = g.cmd("kgdb-dmesg")
    assert dmesg == g.monitor("dmesg"), dmesg[-1000:]
    assert "Command line:" not in dmesg.split("\n")[0]    # boot lines are gone
    assert re.match(r"[^\n]*\n", dmesg) and dmesg.endswith("\n"), dmesg[:200]

    cpus = g.cmd("kgdb-cpus")
    cpu = int(re.search(r"CPU(\d+): task shell \(pid \d+\), pc cmd_uptime", cpus).group(1))
    assert re.search(rf"CPU{cpu}: .*\n  kgdb: stopped here .*, breakpoint", cpus), cpus
    other = 1 - cpu
    assert re.search(rf"CPU{other}: task \S+ \(pid \d+\), pc \S+\n  kgdb: held", cpus), cpus

    # Convenience functions: the selected thread is the shell.
    assert re.search(r'= "shell\\000', g.cmd("p $kgdb_current()->comm"))
    assert re.search(r'= "shell\\000', g.cmd(f"p $kgdb_current({cpu})->comm"))
    curr = g.cmd(f'p $kgdb_per_cpu("cpu_rq", {cpu}).curr == $kgdb_current({cpu})')
    assert re.search(r"= (true|1)", curr), curr
    held = g.cmd(f'p $kgdb_per_cpu("kgdb_cpus", {other}).held')
    assert "= true" in held, held
    with pytest.raises(Exception, match="out of range"):
        g.cmd("p $kgdb_current(4096)")

    # The task pretty-printer: a summary, then every field by name.
    task = g.cmd("p *$kgdb_current()")
    assert re.search(rf'= task \d+ "shell" running, on CPU{cpu} = {{pid = \d+, '
                     r'comm = "shell', task), task
    assert "entry = " in task and "<shell_thread>" in task, task
    g.cmd("delete")
    g.cont()
    m.expect(r"up \d+\.\d+ s")


def test_helpers_in_an_oops(target):
    m = target.boot()
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    g.cont()
    m.expect(re.escape(PROMPT), timeout=30)
    m.write("crash null\n")
    stop = g.wait_stop()
    assert stop.signal == "SIGSEGV", stop

    ps = g.cmd("kgdb-ps")
    assert re.search(r"^\s*\d+ running\s+\d+ shell\s+crash_null(\+\d+)?$", ps, re.M), ps
    cpus = g.cmd("kgdb-cpus")
    assert re.search(r"task shell \(pid \d+\), pc crash_null.*\n  kgdb: stopped here"
                     r".*, SIGSEGV", cpus), cpus
    dmesg = g.cmd("kgdb-dmesg")
    assert "BUG: kernel NULL pointer dereference" in dmesg, dmesg[-1000:]
    assert "<shell_thread>" in g.cmd("p $kgdb_current()->entry")
    task = g.cmd("p *$kgdb_current()")
    assert re.search(r'= task \d+ "shell" running, on CPU\d', task), task


def test_helpers_in_a_panic_through_qemus_gdbstub(arch):
    """No kgdb in the kernel: QEMU's own gdbstub, a panicked machine."""
    port = free_port()
    with Machine(arch, smp=2, variant="-nokgdb",
                 cmdline=f"console={tty(arch, 0)}",
                 extra=["-gdb", f"tcp:127.0.0.1:{port}"]) as m:
        m.wait_boot()
        m.run(f"spawn {SPAWNED}")
        # The sleepers go to sleep once they first run: on a loaded host
        # they may all still be runnable at the prompt.
        deadline = time.monotonic() + 30
        while not re.search(r"^\s*\d+ sleeping\s+\d+ sleeper/", m.run("ps"), re.M):
            assert time.monotonic() < deadline, "no sleeper slept within 30 s"
            time.sleep(0.2)
        m.write("crash panic\n")
        m.expect(r"end Kernel panic", timeout=30)
        g = Gdb(kernel_path(arch, "-nokgdb"))
        try:
            g.connect(port)
            assert "Undefined command" not in g.cmd("kgdb-cpus")
            cpus = g.cmd("kgdb-cpus")
            panicked = re.search(r"CPU(\d+): task shell \(pid \d+\), pc -\n"
                                 r"  panic: this CPU panicked", cpus)
            assert panicked, cpus
            other = 1 - int(panicked.group(1))
            assert re.search(rf"CPU{other}: .*\n  panic: stopped by "
                             rf"CPU{panicked.group(1)}'s panic", cpus), cpus
            ps = g.cmd("kgdb-ps")
            assert len(ps_rows(ps)) >= SPAWNED + 6, ps
            assert re.search(r"^\s*\d+ running\s+\d+ shell\s+\(running\)$", ps, re.M), ps
            assert re.search(r"^\s*\d+ sleeping\s+\d+ sleeper/\d+\s+arch_switch_to\+\d+$",
                             ps, re.M), ps
            assert "Kernel panic - not syncing" in g.cmd("kgdb-dmesg")
            comm = g.cmd(f"p $kgdb_current({panicked.group(1)})->comm")
            assert re.search(r'= "shell\\000', comm), comm
        finally:
            g.close()
