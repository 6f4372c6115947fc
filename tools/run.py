#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make run: boot the kernel under QEMU and attach gdb-multiarch over kgdboc.

The console (ttyS0) is on this terminal; the debugger's line (ttyS1) is a
Unix socket (QEMU sends each byte with its own send(), which costs a
quarter of a TCP one, so gdb gets three times the throughput); the kernel
boots with `kgdboc=ttyS1 kgdbwait` and waits for gdb, which starts on the
same vmlinux and connects.

Interactive (a terminal on stdin): under tmux, the console and gdb get a
pane each; without tmux, gdb owns the terminal and the console's output is
shown on it as well.
Not interactive: a short scripted session (break on a function, continue,
the stop, bt, info threads, detach) runs and is printed.
"""
import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
QEMU = {"x86_64": ["qemu-system-x86_64"], "i386": ["qemu-system-i386"],
        "arm": ["qemu-system-arm", "-M", "virt,secure=on", "-cpu", "cortex-a15"]}
# The kernel's name for serial port n is TTY[arch] + n.
TTY = {"x86_64": "ttyS", "i386": "ttyS", "arm": "ttyAMA"}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def chardev(name, port, telnet=False):
    extra = ",telnet=on" if telnet else ""
    return ["-chardev", f"socket,id={name},host=127.0.0.1,port={port},server=on,"
            f"wait=off,nodelay=on{extra}", "-serial", f"chardev:{name}"]


def qemu_cmd(args, console, gdb_line):
    return QEMU[args.arch] + ["-accel", "tcg", "-display", "none", "-no-reboot",
            "-m", "256M", "-smp", str(args.smp), "-nodefaults", "-vga", "none",
            "-kernel", args.kernel, "-append", args.append] + console + \
        ["-chardev", f"socket,id=kgdb,path={gdb_line},server=on,wait=off",
         "-serial", "chardev:kgdb"]


def wait_port(port, proc, timeout=10):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit("run: QEMU exited")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    sys.exit("run: QEMU did not open its serial port")


def gdb_base(args, line):
    return ["gdb-multiarch", "-q", "-nx", "-iex", f"add-auto-load-safe-path {ROOT}",
            "-ex", "set confirm off",
            "-ex", f"file {args.kernel}", "-ex", f"target remote {line}"]


SCRIPT = [
    "info threads",
    "break cmd_uptime",
    "continue",
    "bt",
    "info threads",
    "kgdb-ps",
    "kgdb-cpus",
    "delete",
    "detach",
]


def scripted(args):
    """Boot, attach, and run SCRIPT; the shell's `uptime` hits the breakpoint."""
    con_port, gdb_line = free_port(), args.line
    proc = subprocess.Popen(qemu_cmd(args, chardev("con", con_port), gdb_line),
                            stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        wait_port(con_port, proc)
        con = socket.create_connection(("127.0.0.1", con_port))
        cmd = gdb_base(args, gdb_line) + ["-batch"]
        for line in SCRIPT:
            cmd += ["-ex", f"echo (gdb) {line}\\n", "-ex", line]
        gdb = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
        watchdog = threading.Timer(120, gdb.kill)
        watchdog.start()
        # Once gdb is at `continue` (the breakpoint is in), type the command
        # that hits it; the console line holds it if the kernel is still
        # stopped.
        for out in gdb.stdout:
            sys.stdout.write(out)
            if out.strip() == "(gdb) continue":
                con.sendall(b"uptime\n")
        sys.stdout.flush()
        rc = gdb.wait()
        watchdog.cancel()
        con.settimeout(2)
        try:
            time.sleep(1)
            sys.stdout.write("\n--- console after detach ---\n")
            sys.stdout.write(con.recv(65536).decode(errors="replace")[-600:] + "\n")
        except OSError:
            pass
        return rc
    finally:
        proc.kill()
        proc.wait()


def interactive(args):
    gdb_line = args.line
    if shutil.which("tmux") and not os.environ.get("TMUX"):
        con_port = free_port()
        proc = subprocess.Popen(qemu_cmd(args, chardev("con", con_port, telnet=True),
                                         gdb_line),
                                stdin=subprocess.DEVNULL, start_new_session=True)
        wait_port(con_port, proc)
        gdb = " ".join(f"'{a}'" for a in gdb_base(args, gdb_line))
        session = f"kgdb-{os.getpid()}"
        subprocess.call(["tmux", "new-session", "-d", "-s", session,
                         f"socat -,raw,echo=0,escape=0x1d tcp:127.0.0.1:{con_port}"])
        subprocess.call(["tmux", "split-window", "-v", "-t", session, gdb])
        subprocess.call(["tmux", "attach", "-t", session])
        proc.kill()
        return 0
    # No tmux: gdb reads the terminal and the console's output is copied to it.
    con_port = free_port()
    proc = subprocess.Popen(qemu_cmd(args, chardev("con", con_port), gdb_line),
                            stdin=subprocess.DEVNULL, start_new_session=True)
    wait_port(con_port, proc)
    con = socket.create_connection(("127.0.0.1", con_port))
    threading.Thread(target=relay, args=(con,), daemon=True).start()
    print("run: console output shown here; install tmux to type into the shell too")
    try:
        return subprocess.call(gdb_base(args, gdb_line))
    finally:
        proc.kill()


def relay(sock):
    for data in iter(lambda: sock.recv(4096), b""):
        sys.stdout.write(data.decode(errors="replace"))
        sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--arch", default="x86_64", choices=sorted(QEMU))
    ap.add_argument("--smp", type=int, default=2)
    ap.add_argument("--append", help="default: console=<port 0> kgdboc=<port 1> kgdbwait")
    ap.add_argument("--script", action="store_true", help="run the scripted session")
    args = ap.parse_args()
    args.kernel = os.path.join(ROOT, "build", args.arch, "vmlinux")
    if args.append is None:
        t = TTY[args.arch]
        args.append = f"console={t}0 kgdboc={t}1 kgdbwait"
    with tempfile.TemporaryDirectory(prefix="kgdb-run-") as tmp:
        args.line = os.path.join(tmp, f"{TTY[args.arch]}1.sock")
        if args.script or not sys.stdin.isatty():
            return scripted(args)
        return interactive(args)


if __name__ == "__main__":
    sys.exit(main())
