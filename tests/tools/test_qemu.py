# SPDX-License-Identifier: MIT
"""tools/lib/qemu.py, the one place QEMU's command line is built (make
run, the tests, the bench): every arch's, with its lines and NIC; and
tools/ stands on its own, importing nothing from tests/."""
import argparse
import ast
import os
import re
import subprocess
import sys
import threading
import time

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import arches  # noqa: E402
import run  # noqa: E402
from lib import qemu  # noqa: E402

NAMES = sorted(arches.ARCHES)    # not `arch`: tests/conftest.py narrows that


class Relay:
    def qemu_args(self, nic, mac):
        return ["-netdev", "dgram,id=kgdboe0", "-device", f"{nic},netdev=kgdboe0,mac={mac}"]


def serial_ports(argv):
    """What each of QEMU's serial ports is on, by the kernel's port number:
    the machine's UARTs take the -serial options in order, devices their
    chardev."""
    chardevs = {re.match(r"socket,id=(\w+),", val).group(1): val
                for opt, val in zip(argv, argv[1:]) if opt == "-chardev"}
    ports = []
    for opt, val in zip(argv, argv[1:]):
        if opt == "-serial":
            ports.append(("uart", chardevs[val.removeprefix("chardev:")]))
        elif opt == "-device" and "chardev=" in val:
            dev, _, chardev = val.partition(",chardev=")
            ports.append((dev, chardevs[chardev]))
    return ports


@pytest.mark.parametrize("name", NAMES)
def test_make_run_command_line(name):
    """make run's: the arch's machine, then the console on a TCP port and
    the debugger's line on a Unix socket, each on the port the kernel's
    console= and kgdboc= name."""
    args = argparse.Namespace(arch=name, kernel="/k/vmlinux", append="console=X kgdbwait",
                              smp=3, transport="kgdboc", line="/tmp/d/ttyS1.sock")
    argv = run.qemu_cmd(args, run.chardev(name, "con", 4321, telnet=True), args.line)
    entry = arches.ARCHES[name]
    assert argv[:len(entry["qemu"])] == entry["qemu"]
    def opt(name):
        return argv[argv.index(name) + 1]
    assert opt("-accel") == "tcg" and opt("-smp") == "3" and opt("-m") == "256M"
    assert opt("-kernel") == "/k/vmlinux" and opt("-append") == "console=X kgdbwait"
    assert "-nodefaults" in argv and argv.count("-kernel") == 1
    ports = serial_ports(argv)
    assert [dev for dev, _ in ports] == [arches.port_device(name, n) or "uart" for n in (0, 1)]
    assert ports[0][1] == ("socket,id=con,host=127.0.0.1,port=4321,nodelay=on,server=on,"
                           "wait=off,telnet=on")
    assert ports[1][1] == "socket,id=kgdb,path=/tmp/d/ttyS1.sock,server=on,wait=off"


def test_an_interactive_gdb_waits_for_the_kernel(tmp_path):
    """make run in a terminal starts gdb once the console's log (QEMU's
    logfile= of the console chardev) says the kernel waits for it: in
    Python, and in the shell command of the tmux pane; a kernel that never
    says so gets gdb when the wait times out."""
    log = tmp_path / "console.log"
    assert run.chardev("x86_64", "con", 4321, log=str(log))[1].endswith(
        f",logfile={log},logappend=off")

    class Running:
        def poll(self):
            return None

    def says_later(delay, text):
        def write():
            time.sleep(delay)
            log.write_bytes(b"booting\n" + text + b" on kgdboc\n")
        threading.Thread(target=write).start()

    # (the kernel says it after 0.5 s; a wait that times out takes its 2 s)
    for text, timeout, least, most in ((run.WAITING, 30, 0.5, 10), (b"kgdb: on kgdboc", 2, 2, 10)):
        for shell in (False, True):
            log.unlink(missing_ok=True)
            says_later(0.5, text)
            t0 = time.monotonic()
            if shell:
                subprocess.run(["sh", "-c", run.wait_log_shell(str(log), run.WAITING, timeout)],
                               check=True)
            else:
                run.wait_log(str(log), run.WAITING, Running(), timeout)
            assert least <= time.monotonic() - t0 < most, (text, shell)


@pytest.mark.parametrize("name", NAMES)
def test_three_lines_and_defaults(name):
    """The tests' machines: QEMU's defaults when asked for, and any number
    of lines, each where tools/arches.py puts that port."""
    argv = qemu.argv(name, "k", "a", defaults=True)
    assert "-nodefaults" not in argv and argv[argv.index("-smp") + 1] == "1"
    for n in range(3):
        argv += qemu.line_args(name, n, f"s{n}", 5000 + n)
    assert [dev for dev, _ in serial_ports(argv)] == \
        [arches.port_device(name, n) or "uart" for n in range(3)]


@pytest.mark.parametrize("name", [n for n in NAMES if arches.ARCHES[n]["nic"]])
def test_nic(name):
    argv = qemu.nic_args(name, Relay())
    assert argv[-1] == f"{arches.ARCHES[name]['nic']},netdev=kgdboe0,mac={qemu.MAC}"
    assert qemu.nic_args(name, Relay(), "e1000")[-1].startswith("e1000,")


def python_files(top):
    for d, _, files in os.walk(os.path.join(ROOT, top)):
        for f in files:
            path = os.path.join(d, f)
            with open(path, "rb") as fh:
                head = fh.readline()
            if f.endswith(".py") or head.startswith(b"#!") and b"python" in head:
                yield path


SYS_PATH = {"sys.path.insert", "sys.path.append"}


def test_tools_import_nothing_from_tests():
    """No file under tools/ puts tests/ on its path or imports a module of
    tests/pylib (gdb and lldb: the debuggers' own modules, which a script
    run inside them imports)."""
    pylib = {f[:-3] for f in os.listdir(os.path.join(ROOT, "tests", "pylib"))
             if f.endswith(".py")} - {"gdb", "lldb"}
    files = list(python_files("tools"))
    assert os.path.join(ROOT, "tools", "kgdb-split") in files
    for path in files:
        with open(path) as f:
            tree = ast.parse(f.read(), path)
        rel = os.path.relpath(path, ROOT)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and ast.unparse(node.func) in SYS_PATH:
                words = {c.value for c in ast.walk(node) if isinstance(c, ast.Constant)}
                assert not any(re.search(r"\btests\b|pylib", str(w)) for w in words), \
                    (rel, ast.unparse(node))
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module]
            else:
                continue
            assert not {n.split(".")[0] for n in names} & pylib, (rel, names)


def test_the_base_command_line_is_written_once():
    """Only tools/lib/qemu.py writes QEMU's base options."""
    writers = set()
    for top in ("tools", "tests"):
        for path in python_files(top):
            with open(path) as f:
                if re.search(r'"-accel"|"-nodefaults"|"-no-reboot"', f.read()):
                    writers.add(os.path.relpath(path, ROOT))
    assert writers == {"tools/lib/qemu.py", "tests/tools/test_qemu.py"}
