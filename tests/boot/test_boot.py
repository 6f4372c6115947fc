# SPDX-License-Identifier: MIT
"""The kernel boots under QEMU, runs its threads and shell, and reports
every kind of crash with an oops that names the faulting function."""
import re
import subprocess
import time

import pytest

from machine import NO_WRITE_PROTECTION, PROMPT, kernel_path, tty


def test_reaches_shell_with_every_cpu(boot, smp):
    m = boot()
    out = m.run("cpus")
    assert f"{smp} CPU(s) online" in out
    assert len(re.findall(r"(?m)^\s*cpu\s*\d+", out, re.I)) == smp
    assert m.boot_seconds < 5, f"boot took {m.boot_seconds:.2f}s"


def test_ps_lists_every_thread(boot, smp):
    m = boot()
    out = m.run("ps")
    rows = re.findall(r"(?m)^\s*(\d+)\s+(running|sleeping|idle)\s+(\d+)\s+(\S+)\s*$", out)
    names = {r[3] for r in rows}
    expected = {"init", "shell", "kworker/0", "events", "watchdog"}
    expected |= {f"idle/{c}" for c in range(smp)}
    assert expected <= names, out
    pids = [int(r[0]) for r in rows]
    assert len(pids) == len(set(pids)), "duplicate pids:\n" + out


def test_timer_and_dmesg(boot, arch):
    m = boot()
    first = int(re.search(r"\((\d+) jiffies", m.run("uptime")).group(1))
    time.sleep(0.5)
    second = int(re.search(r"\((\d+) jiffies", m.run("uptime")).group(1))
    assert second > first
    assert f"Command line: console={tty(arch, 0)}" in m.run("dmesg")


# How each arch's fault handler describes a write to a read-only page, and
# an instruction the CPU does not know.
ARCH_MESSAGES = {
    "WRITE_PROT": {
        "x86_64": r"#PF: write access, protection violation",
        "i386": r"#PF: write access, protection violation",
        "arm": r"Data abort: write access, permission fault",
        "aarch64": r"Data abort: write access, permission fault",
        "riscv64": r"Page fault: write access, protection violation",
        # KSEG0 is unmapped: text and rodata cannot be write-protected.
        "mips": None,
        "mipsel": None,
        "powerpc": None,
    },
    "INVALID_OP": {
        "x86_64": r"Oops: invalid opcode",
        "i386": r"Oops: invalid opcode",
        "arm": r"Oops: undefined instruction",
        "aarch64": r"Oops: undefined instruction",
        "mips": r"Oops: reserved instruction",
        "mipsel": r"Oops: reserved instruction",
        "powerpc": r"Oops: illegal instruction",
        "riscv64": r"Oops: illegal instruction",
    },
    # divw by zero gives an undefined result on PowerPC, without a trap.
    "DIV0": {
        "x86_64": r"Oops: divide error",
        "i386": r"Oops: divide error",
        "arm": r"Oops: divide error",
        "aarch64": None,
        "mips": r"Oops: divide error",
        "mipsel": r"Oops: divide error",
        "powerpc": None,
        "riscv64": None,
    },
}

# Why an arch has no message for a crash (None above).
NO_MESSAGE_REASON = {
    "WRITE_PROT": {
        "mips": "the kernel runs in KSEG0, which has no write protection",
        "mipsel": "the kernel runs in KSEG0, which has no write protection",
        "powerpc": "RAM is mapped by a few large writable TLB1 pages (docs/powerpc.md)",
    },
    "DIV0": {
        "powerpc": "divw by zero does not trap on PowerPC (the result is undefined)",
        "aarch64": "sdiv by zero does not trap on AArch64 (the result is 0)",
        "riscv64": "div by zero does not trap on RISC-V (the result is all ones)",
    },
}

CRASHES = [
    # what, what the oops says (or a key of ARCH_MESSAGES), the function its
    # backtrace must name
    ("null", r"BUG: kernel NULL pointer dereference", "crash_null"),
    ("bug", r"kernel BUG at kernel/crash\.c:\d+", "crash_bug"),
    ("div0", "DIV0", "crash_div0"),
    ("ud", "INVALID_OP", "arch_crash_invalid_opcode"),
    ("rodata", "WRITE_PROT", "crash_rodata"),
    ("text", "WRITE_PROT", "crash_text"),
]


@pytest.mark.parametrize("what,message,function", CRASHES, ids=[c[0] for c in CRASHES])
def test_crash_oopses_and_kernel_lives(boot, arch, what, message, function):
    key = message
    message = ARCH_MESSAGES.get(key, {}).get(arch, message)
    if message is None:
        pytest.skip(f"{arch}: {NO_MESSAGE_REASON[key][arch]}")
    m = boot()
    m.write(f"crash {what}\n")
    m.expect(message)
    m.expect(r"Call Trace:")
    trace = m.expect(r"---\[ end trace \]---").string[:]
    tail = trace[trace.rfind(b"Call Trace:"):].decode()
    assert re.search(rf"\] {function}\+0x", tail), tail
    m.expect(r"Killing task shell")
    m.expect(re.escape(PROMPT))
    assert "init" in m.run("ps")


def test_crash_panic_halts(boot):
    m = boot()
    m.write("crash panic\n")
    m.expect(r"Kernel panic - not syncing: crash panic requested from the shell")
    m.expect(r"---\[ end Kernel panic")
    m.write("ps\n")
    time.sleep(0.5)
    assert m.alive(), "QEMU should stay up, halted"
    assert "idle/0" not in m.text().split("end Kernel panic")[-1]


def test_panic_timeout_reboots(boot, arch):
    m = boot(f"console={tty(arch, 0)} panic=1")
    m.write("crash panic\n")
    m.expect(r"Rebooting in 1 seconds")
    # QEMU runs with -no-reboot, so the reboot ends the process.
    m.proc.wait(timeout=10)


def test_oops_in_interrupt_panics(boot):
    m = boot()
    m.write("crash irq\n")
    m.expect(r"BUG: kernel NULL pointer dereference")
    trace = m.expect(r"---\[ end trace \]---").string
    tail = trace[trace.rfind(b"Call Trace:"):].decode()
    assert "crash_in_irq_handler+0x" in tail, tail
    m.expect(r"Kernel panic - not syncing: .*interrupt")


def test_panic_on_oops(boot, arch):
    m = boot(f"console={tty(arch, 0)} panic_on_oops=1")
    m.write("crash null\n")
    m.expect(r"BUG: kernel NULL pointer dereference")
    m.expect(r"Kernel panic - not syncing")


def test_hardlockup_leaves_other_cpus_running(boot, smp):
    if smp == 1:
        pytest.skip("with one CPU a hard lockup stops the whole machine: nothing to check")
    m = boot()
    m.write("crash hardlockup\n")
    m.expect(r"crash: hard lockup on CPU \d+ \(interrupts off\)")
    # The shell's prompt may come before or after that line: ask until ps answers.
    for _ in range(3):
        out = m.run("ps")
        if "PID" in out:
            break
    assert re.search(r"(?m)^\s*\d+\s+running\s+\d+\s+lockup\s*$", out), out


# Checks of the nofault self-test that need write-protected text and rodata.
WRITE_PROTECTION_CHECKS = ("write rodata", "write text")


def test_nofault_accessors(boot, arch):
    m = boot()
    out = m.run("nofault test")
    if arch in NO_WRITE_PROTECTION:
        # KSEG0 text and rodata are writable: those two checks fail, every
        # other one must pass.
        bad = [line for line in out.splitlines()
               if line.startswith("nofault: ") and line.endswith(" FAIL")
               and not any(check in line for check in WRITE_PROTECTION_CHECKS)]
        assert not bad and "nofault: read NULL" in out, out
    else:
        assert "nofault test: PASS" in out, out
        assert "FAIL" not in out.replace("nofault test: PASS", "")
    # Page 0 is unmapped: -EFAULT, not an oops.
    assert re.search(r"nofault read 0: -14", m.run("nofault read 0")), "read of page 0"
    text = int(re.search(r"= (0x[0-9a-f]+)", m.run("sym crash_null")).group(1), 16)
    assert re.search(r": 0 value", m.run(f"nofault read {text:#x}"))
    if arch not in NO_WRITE_PROTECTION:
        assert re.search(r": -14", m.run(f"nofault write {text:#x}")), "write to text"


def test_bad_parameters_warn_and_boot(boot, arch):
    m = boot(f"console={tty(arch, 0)} no_such_param=1 panic=notanumber loglevel=")
    log = m.run("dmesg")
    assert 'unknown parameter "no_such_param"' in log
    assert re.search(r'bad value for "panic"', log)


def test_kernel_without_kgdb_boots(boot, arch):
    m = boot(variant="-nokgdb", cpus=1)
    assert "init" in m.run("ps")
    syms = subprocess.run(["nm", kernel_path(arch, "-nokgdb")], capture_output=True,
                          text=True, check=True).stdout
    assert not re.search(r"\bkgdb", syms), "debugger code linked with CONFIG_KGDB=n"
