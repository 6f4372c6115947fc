# SPDX-License-Identifier: MIT
"""The gdb helpers (tools/gdb) find every field by name: on a host process
whose structures have the kernel's fields and more, in another order
(tests/tools/gdb_fake), they show what the kernel's would."""
import os
import re
import subprocess

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FAKE = os.path.join(ROOT, "tests", "tools", "gdb_fake")
LOG_LEN = 256


def test_helpers_on_structures_with_more_fields(tmp_path):
    exe = str(tmp_path / "fake")
    subprocess.run(["gcc", "-g", "-O0", "-Wall", "-Wextra", "-Werror", "-o", exe] +
                   [os.path.join(FAKE, f) for f in ("main.c", "sched.c", "smp.c", "printk.c")],
                   check=True)
    out = subprocess.run(
        ["gdb-multiarch", "-q", "-nx", "-batch", exe,
         "-ex", f"source {ROOT}/tools/gdb/vmlinux-gdb.py",
         "-ex", "break ready", "-ex", "run",
         "-ex", "echo ==ps\\n", "-ex", "kgdb-ps",
         "-ex", "echo ==dmesg\\n", "-ex", "kgdb-dmesg",
         "-ex", "echo ==cpus\\n", "-ex", "kgdb-cpus",
         "-ex", "echo ==current\\n", "-ex", "p *$kgdb_current(1)",
         "-ex", "echo ==percpu\\n", "-ex", 'p $kgdb_per_cpu("cpu_rq", 0).idle->comm',
         "-ex", "echo ==end\\n"],
        capture_output=True, text=True, timeout=60)
    text = out.stdout
    part = {name: text.split(f"=={name}\n")[1].split("==")[0]
            for name in ("ps", "dmesg", "cpus", "current", "percpu")}

    rows = re.findall(r"^\s*(\d+) (\S+)\s+(\d+) (\S+)\s+(.*)$", part["ps"], re.M)
    assert rows == [("0", "running", "0", "idle/0", "(running)"),
                    ("1", "idle", "1", "idle/1", "schedule"),
                    ("2", "sleeping", "1", "init", "schedule"),
                    ("3", "running", "1", "shell", "(running)"),
                    ("4", "stopped", "0", "stopped", "schedule+4")], part["ps"]

    # The ring as the kernel unwraps it: its last LOG_LEN bytes, from the
    # first whole line.
    log = "".join(f"line {n}\n" for n in range(100))[-LOG_LEN:]
    assert part["dmesg"] == log[log.index("\n") + 1:], part["dmesg"]

    assert re.search(r"CPU0: task idle/0 \(pid 0\), pc -\n  not stopped by the kernel",
                     part["cpus"]), part["cpus"]
    assert re.search(r"CPU1: task shell \(pid 3\)", part["cpus"]), part["cpus"]
    assert "CPU2" not in part["cpus"], part["cpus"]

    assert re.search(r'= task 3 "shell" running, on CPU1 = \{added_first = .*'
                     r'comm = "shell.*, added_last = 0\}', part["current"]), part["current"]
    assert '"idle/0' in part["percpu"], part["percpu"]
