# SPDX-License-Identifier: MIT
"""Debugging the running kernel over kgdboc, end to end: every way into the
debugger, and gdb coming and going as a user's would."""
import re
import threading
import time

import pytest

from copyproxy import CopyHoldingProxy
from machine import NO_WRITE_PROTECTION, PROMPT, Machine, tty
from target import resume_to_shell

OOPSES = [
    # crash trigger, the signal gdb reports, the function it stops in
    ("null", "SIGSEGV", "crash_null"),
    ("bug", "SIGTRAP", "crash_bug"),
    ("div0", "SIGFPE", "crash_div0"),
    ("ud", "SIGILL", "arch_crash_invalid_opcode"),
    ("text", "SIGSEGV", "crash_text"),
]
# Where an arch traps instead, called from the crash_* function: ARM has no
# divide fault; the EABI division helper's divide-by-zero hook traps.
TRAP_FUNC = {"arm": {"div0": "__aeabi_idiv0"}}


def test_kgdbwait_stops_at_boot_then_boots_on(attached):
    m, g = attached
    where = g.cmd("bt")
    assert "kgdb_initial_breakpoint" in where, where
    assert "start_kernel" in where, where
    assert re.search(r"Thread \d+", g.cmd("info threads"))
    # Every thread unwinds cleanly down to its outermost frame.
    every = g.cmd("thread apply all bt")
    assert every.count("#0 ") >= 2 * m.cpus, every     # each CPU and its idle task
    assert "??" not in every, every
    assert "Backtrace stopped" not in where + every, every
    resume_to_shell(m, g)
    assert "init" in m.run("ps")


def test_breakpoint_in_shell_command(attached):
    m, g = attached
    out = g.cmd("break cmd_uptime")
    assert "Breakpoint 1 at" in out, out
    resume_to_shell(m, g)
    m.write("uptime\n")
    stop = g.wait_stop()
    assert stop.reason == "breakpoint-hit" and stop.func == "cmd_uptime", stop
    bt = g.cmd("bt")
    assert re.search(r"#0 .*cmd_uptime", bt), bt
    assert "shell_run_line" in bt and "shell_thread" in bt, bt
    threads = g.cmd("info threads")
    for name in ("init", "shell", "kworker/0", "events", "watchdog"):
        assert name in threads, threads
    g.cmd("delete")
    g.cont()
    m.expect(r"up \d+\.\d+ s")


# The first frame of every kernel thread, in each arch's switch code.
THREAD_ENTRY = {"x86_64": "x86_thread_entry", "i386": "x86_thread_entry",
                "arm": "arm_thread_entry", "aarch64": "arm64_thread_entry",
                "mips": "mips_thread_entry", "mipsel": "mips_thread_entry",
                "powerpc": "ppc_thread_entry", "riscv64": "riscv_thread_entry"}


def test_sleeping_thread_backtrace(attached, arch):
    """A thread asleep in msleep() unwinds from its saved context through
    the scheduler down to its thread entry, and nothing stops it early."""
    m, g = attached
    resume_to_shell(m, g)
    g.interrupt()
    g.wait_stop()
    threads = g.cmd("info threads")
    tid = re.search(r"^\*?\s+(\d+)\s+Thread \d+ \(kworker/0", threads, re.M)
    assert tid, threads
    g.cmd(f"thread {tid.group(1)}")
    bt = g.cmd("bt")
    assert re.search(r"#0 .*arch_switch_to", bt) or "schedule" in bt, bt
    for fn in ("schedule", "msleep", "worker_thread", "task_start_trampoline",
               THREAD_ENTRY[arch]):
        assert fn in bt, bt
    assert "Backtrace stopped" not in bt and "??" not in bt, bt
    g.cont()


def test_ctrl_c_breaks_in(attached):
    m, g = attached
    resume_to_shell(m, g)
    time.sleep(0.3)
    g.interrupt()
    stop = g.wait_stop()
    assert stop.signal == "SIGINT", stop
    g.cont()
    assert "init" in m.run("ps")


def test_sysrq_g_from_the_shell(attached):
    m, g = attached
    resume_to_shell(m, g)
    m.write("sysrq g\n")
    stop = g.wait_stop()
    assert stop.signal == "SIGTRAP", stop
    bt = g.cmd("bt")
    assert "handle_sysrq" in bt and "kgdb_breakpoint" in bt, bt
    g.cont()
    m.expect(re.escape(PROMPT))
    assert "init" in m.run("ps")


def test_sysrq_g_from_a_serial_break(attached):
    m, g = attached
    resume_to_shell(m, g)
    m.send_break()
    time.sleep(0.2)
    m.write("g")
    stop = g.wait_stop()
    assert stop.signal == "SIGTRAP", stop
    assert "handle_sysrq" in g.cmd("bt")
    g.cont()
    assert "init" in m.run("ps")


@pytest.mark.parametrize("what,signal,func", OOPSES, ids=[o[0] for o in OOPSES])
def test_oops_stops_with_its_signal(attached, arch, what, signal, func):
    if what == "text" and arch in NO_WRITE_PROTECTION:
        pytest.skip(f"{arch}: kernel text is writable (tests/boot checks the write lands)")
    if what == "div0" and arch in ("powerpc", "aarch64", "riscv64"):
        pytest.skip(f"{arch}: division by zero does not trap (PowerPC's result is "
                    "undefined, AArch64's 0, RISC-V's all ones)")
    m, g = attached
    trap_func = TRAP_FUNC.get(arch, {}).get(what, func)
    resume_to_shell(m, g)
    m.write(f"crash {what}\n")
    stop = g.wait_stop()
    assert stop.signal == signal, stop
    assert stop.func == trap_func, stop
    bt = g.cmd("bt")
    assert re.search(rf"#0 .*{trap_func}", bt), bt
    assert re.search(rf"#\d+ .*{func}", bt), bt
    # Continuing lets the oops run its course; the kernel lives on.
    g.cont()
    m.expect(r"Killing task shell")
    m.expect(re.escape(PROMPT))
    assert "init" in m.run("ps")


def test_panic_stops_then_proceeds(attached):
    m, g = attached
    resume_to_shell(m, g)
    m.write("crash panic\n")
    stop = g.wait_stop()
    assert stop.signal == "SIGABRT", stop
    assert re.search(r"\bpanic\b", g.cmd("bt"))
    g.cont()
    m.expect(r"Kernel panic - not syncing: crash panic requested")
    m.expect(r"---\[ end Kernel panic")


def test_detach_and_attach_again(target):
    m = target.boot()
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    for round_ in range(3):
        g = target.gdb()            # the first finds kgdbwait, the others a running kernel
        assert re.search(r"#0 ", g.cmd("bt"))
        if round_ == 0:
            g.cmd("break cmd_uptime")
        out = g.cmd("detach")
        assert "Detaching" in out or "detached" in out.lower(), out
        g.close()
        if round_ == 0:
            m.expect(re.escape(PROMPT), timeout=30)
        # Detach left no breakpoint behind: uptime runs straight through.
        assert re.search(r"up \d+\.\d+ s", m.run("uptime"))


def test_new_gdb_takes_over_from_a_killed_one(attached, target):
    m, g = attached
    g.cmd("break cmd_uptime")
    resume_to_shell(m, g)
    m.write("uptime\n")
    # Killed once the kernel is stopped there (gdb has the stop): before
    # that, the new gdb's first packet would break in somewhere else.
    assert g.wait_stop().func == "cmd_uptime"
    g.kill9()
    g2 = target.gdb()
    bt = g2.cmd("bt")
    assert re.search(r"#0 .*cmd_uptime", bt), bt
    g2.cmd("delete")
    g2.cont()
    m.expect(r"up \d+\.\d+ s")


def test_console_messages_reach_gdb(attached):
    m, g = attached
    resume_to_shell(m, g)
    m.write("sysrq h\n")
    m.expect(re.escape(PROMPT))
    deadline = time.monotonic() + 10
    while "enter the kernel debugger" not in g.output():
        assert time.monotonic() < deadline, "no O packets:\n" + g.output()
        time.sleep(0.1)
    g.interrupt()
    assert g.wait_stop().signal == "SIGINT"


# What writes kernel messages to gdb while the kernel runs, byte by byte.
MESSAGE_WRITER = {"kgdboc": "gdb_putc", "kgdboe": "tx_put"}


def test_a_breakpoint_where_kernel_messages_go_to_gdb(attached, transport):
    """A breakpoint in the code that sends kernel messages to gdb (an O
    packet) stops there, the packet it cut short is dropped rather than
    finished after the stop reply, and gdb and the kernel go on: over a
    stream the rest of the packet used to follow the next stop reply, and
    gdb, reading the two as one, waited for good."""
    m, g = attached
    writer = MESSAGE_WRITER[transport]
    assert "Breakpoint 1 at" in g.cmd(f"break {writer}")
    g.cont()    # the boot's last messages
    for _ in range(4):
        stop = g.wait_stop()
        assert stop.reason == "breakpoint-hit" and stop.func == writer, stop
        g.cont()
        m.write("sysrq h\n")
    stop = g.wait_stop()
    assert stop.func == writer, stop
    g.cmd("delete")
    g.cont()
    m.expect(re.escape(PROMPT))
    m.write("sysrq h\n")
    deadline = time.monotonic() + 10
    while "enter the kernel debugger" not in g.output():
        assert time.monotonic() < deadline, "no O packets:\n" + g.output()
        time.sleep(0.1)
    g.interrupt()
    assert g.wait_stop().signal == "SIGINT"


@pytest.mark.kgdboc_only
def test_kgdboc_at_run_time(target):
    t0, t1, t7 = (tty(target.arch, n) for n in (0, 1, 7))
    m = target.boot(cmdline=f"console={t0}")
    assert "kgdboc: off" in m.run("kgdboc")
    out = m.run(f"kgdboc {t7}")
    assert f"kgdboc: {t7}: no such tty" in out, out
    assert f"kgdboc: {t1},bad" in m.run(f"kgdboc {t1},bad")
    assert "kgdboc: off" in m.run("kgdboc")
    assert f"kgdboc: {t1}" in m.run(f"kgdboc {t1},115200")
    assert f"kgdboc: {t1},115200" in m.run("kgdboc")
    # gdb attaches to the running kernel on the line just configured.
    g = target.gdb()
    assert re.search(r"#0 ", g.cmd("bt"))
    g.cmd("detach")
    g.close()
    assert "kgdboc: off" in m.run("kgdboc off")
    m.write("sysrq g\n")
    m.expect(r"kgdb: no debugger transport registered")


def attach_to_a_stalled_machine(target, held=None):
    """gdb attaches while the machine is stopped (as a vCPU starved on a
    loaded host is): gdb times out waiting for the ack of its qSupported
    and sends it again. With @held, gdb talks through it (a line proxy or
    the relay holding copies), and the copy reaches the stub only after
    its reply to the first went out. Then gdb's session must be in step:
    one reply to each of its packets."""
    m = Machine(**target.machine_args()).start(run=False)
    target.machine = m
    m.resume()
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    address = held(m) if held else target.address()
    m.monitor("stop")
    g = target.gdb(connect=False)
    # gdb sends qSupported at 0 s and 3 s, and would again at 6 s: the stub
    # resumed at 4 s has two copies (or, held, one) waiting, and 2 s to answer.
    g.cmd("set remotetimeout 3")
    boot = threading.Timer(4, m.resume)
    boot.start()
    try:
        g.connect(address)
    finally:
        boot.join()
    bt = g.cmd("bt")
    assert re.search(r"#0 .*kgdb", bt), bt
    g.cmd("break cmd_uptime")
    resume_to_shell(m, g)
    m.write("uptime\n")
    assert g.wait_stop().func == "cmd_uptime"
    return m


def test_attach_to_a_stalled_machine(target, arch):
    """The stub answers the last copy of gdb's qSupported only: answering
    each one would shift every later reply by one packet, and gdb would
    take the second qSupported reply for the answer to its next question."""
    attach_to_a_stalled_machine(target)


def test_copies_that_come_after_the_reply(target):
    """A machine that was stopped takes what gdb sent meanwhile a little at
    a time: a copy gdb sent of its request may reach the stub after the
    reply to the first went out (a line proxy, or kgdboe's relay, holds it
    back until then). The copy gets no second reply, which gdb would take
    for the answer to its next question: gdb's first packet, and over
    kgdboe a memory read (on a serial line gdb turns acks, and with them
    its copies, off after its first packets: QStartNoAckMode)."""
    held = []

    def hold(m):
        if target.transport == "kgdboe":
            m.relay.hold_copies = True
            held.append(m.relay)
            return target.address()
        held.append(CopyHoldingProxy(m.ports[1]))
        return held[0].port

    m = attach_to_a_stalled_machine(target, hold)
    try:
        assert held[0].count["held"] == 1, held[0].count
        if target.transport == "kgdboc":
            return
        g = target.gdbs[0]
        m.monitor("stop")
        boot = threading.Timer(4, m.resume)
        boot.start()
        try:
            jiffies = g.cmd("p/x jiffies")
        finally:
            boot.join()
        assert held[0].count["held"] == 2, held[0].count
        assert re.search(r"= 0x[0-9a-f]+$", jiffies), jiffies
        # The next reads get their own answers: the code as the ELF has it.
        elf = target.gdb(connect=False)
        assert g.cmd("x/16xb cmd_uptime+16") == elf.cmd("x/16xb cmd_uptime+16")
        assert g.cmd("p/x jiffies").split("=")[1] == jiffies.split("=")[1]
    finally:
        if target.transport == "kgdboc":
            held[0].close()
