# SPDX-License-Identifier: MIT
"""`make run` without a terminal: the scripted session a newcomer sees."""
import os
import re
import subprocess
import sys

from machine import ROOT


def test_scripted_session(arch):
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "run.py"),
                          "--arch", arch, "--script"], stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=240)
    text = out.stdout + out.stderr
    assert out.returncode == 0, text
    assert re.search(r"Breakpoint 1, cmd_uptime", text), text
    assert re.search(r"#\d+ .* shell_thread", text), text
    # The second `info threads`, at the breakpoint: the shell is the thread
    # that stopped, and the other kernel threads are listed by name.
    threads = text.split("(gdb) info threads")[-1].split("(gdb) delete")[0]
    assert re.search(r"\*\s+\d+\s+Thread \d+ \(shell, pid \d+, on CPU\d+\)\s+(0x[0-9a-f]+ in )?cmd_uptime",
                     threads), threads
    for name in ("init", "kworker/0", "events", "watchdog"):
        assert f"({name}, pid" in threads, threads
    # The gdb helpers came with vmlinux: the kernel's tasks and CPUs, read
    # from its memory.
    ps = text.split("(gdb) kgdb-ps")[-1].split("(gdb) kgdb-cpus")[0]
    assert re.search(r"^\s*\d+ running\s+\d+ shell\s+cmd_uptime(\+\d+)?$", ps, re.M), ps
    cpus = text.split("(gdb) kgdb-cpus")[-1].split("(gdb) delete")[0]
    assert re.search(r"task shell \(pid \d+\), pc cmd_uptime.*\n  kgdb: stopped here", cpus), cpus
    assert "detached" in text.lower(), text
    # After the detach the kernel runs on: the command that hit the
    # breakpoint finishes on the console.
    console = text.split("--- console after detach ---")[-1]
    assert re.search(r"up \d+\.\d+ s", console), console
