#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make run: boot the kernel under QEMU and attach gdb-multiarch over kgdboc.

The console (ttyS0) is on this terminal; the debugger's line (ttyS1) is a
Unix socket (QEMU sends each byte with its own send(), which costs a
quarter of a TCP one, so gdb gets three times the throughput); the kernel
boots with `kgdboc=ttyS1 kgdbwait` and waits for gdb, which starts on the
same vmlinux and connects.

With --kdb (make run KDB=1) there is no gdb: the debugger's line is the
console itself (`kgdboc=ttyS0 kgdbwait`), and kdb's prompt comes up on this
terminal at boot; `go` boots on, and `sysrq g` at the shell or Ctrl-C comes
back to it (Ctrl-A x ends QEMU). See docs/kdb.md.

With --transport kgdboe (make run TRANSPORT=kgdboe) the debugger is on a
virtio-net NIC instead, whose network is tools/netrelay.py on this host's
loopback (it forwards a free UDP port on 127.0.0.1 to the guest's 6443);
the kernel boots with `kgdboe kgdbwait` and gdb connects to
udp:127.0.0.1:PORT.

Interactive (a terminal on stdin): under tmux, the console and gdb get a
pane each; without tmux, gdb owns the terminal and the console's output is
shown on it as well.
Not interactive: a short scripted session (break on a function, continue,
the stop, bt, info threads, detach) runs and is printed.

Whatever way the run ends (gdb quits, the console pane is closed, the
terminal goes away, Ctrl-C, SIGTERM), QEMU and everything else started here
end with it: they are killed on the way out, and QEMU also when this
process dies (PR_SET_PDEATHSIG).
"""
import argparse
import ctypes
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

from arches import ARCHES, tty
from lib import qemu
from lib.qemu import free_port
from netrelay import NetRelay

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
# Seconds a run waits for the kernel to wait for gdb.
BOOT_TIMEOUT = 60
# What the kernel says once it waits for gdb (kgdbwait).
WAITING = b"kgdb: waiting for gdb"


def chardev(arch, name, port, telnet=False, wait=False, log=None):
    """The console (serial port 0) on TCP port @port."""
    return qemu.line_args(arch, 0, name, port, telnet=telnet, wait=wait, log=log)


def debugger_args(args):
    """The QEMU arguments of the debugger's transport."""
    if args.transport == "kgdboe":
        return qemu.nic_args(args.arch, args.relay)
    return qemu.line_args(args.arch, 1, "kgdb", args.line)


def qemu_cmd(args, console, gdb_line):
    return (qemu.argv(args.arch, args.kernel, args.append, args.smp) +
            console + debugger_args(args))


PR_SET_PDEATHSIG = 1


def die_with_this_run():
    """In a child, before exec: SIGKILL when the run's process dies, however it dies."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def child_of_this_run():
    """In a child, before exec: a session of its own (the terminal's signals
    are for gdb), and SIGKILL when the run's process dies, however it dies."""
    os.setsid()
    die_with_this_run()


class Run:
    """What this run started; end() stops all of it."""

    def __init__(self):
        self.procs = []
        self.session = None      # a tmux session

    def qemu(self, cmd):
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, preexec_fn=child_of_this_run)
        self.procs.append(proc)
        return proc

    def end(self):
        if self.session:
            subprocess.call(["tmux", "kill-session", "-t", "=" + self.session],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self.session = None
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait()


def leave_on_signals():
    """SIGHUP (the terminal went away) and SIGTERM end the run as Ctrl-C
    does: through the cleanup in main()."""
    def handler(signo, frame):
        raise SystemExit(128 + signo)
    for signo in (signal.SIGHUP, signal.SIGTERM):
        signal.signal(signo, handler)


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


def connect_first(port, proc, timeout=10):
    """The first connection to a port QEMU is about to listen on."""
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            sys.exit("run: QEMU exited")
        try:
            return socket.create_connection(("127.0.0.1", port), timeout=1)
        except OSError:
            if time.monotonic() > deadline:
                sys.exit("run: QEMU did not open its serial port")
            time.sleep(0.05)


def wait_console(con, text, proc, timeout=BOOT_TIMEOUT):
    """Read the console until @text (the kernel waits for gdb): gdb then
    connects to a kernel that answers at once."""
    seen = b""
    con.settimeout(1)
    deadline = time.monotonic() + timeout
    while text not in seen:
        if proc.poll() is not None:
            sys.exit("run: QEMU exited")
        if time.monotonic() > deadline:
            sys.exit(f"run: the kernel did not say {text.decode()!r} within {timeout} s")
        try:
            data = con.recv(4096)
        except socket.timeout:
            continue
        if not data:
            sys.exit("run: QEMU closed the console")
        seen = seen[-len(text):] + data
    con.settimeout(None)


def console_log(args):
    """Where an interactive run's console output also goes, to be watched."""
    return os.path.join(args.tmp, "console.log")


def kgdbwait(args):
    return "kgdbwait" in args.append.split()


def wait_log(log, text, proc, timeout=BOOT_TIMEOUT):
    """Wait until the console's log holds @text, as wait_console() does for
    an interactive run, whose console is the user's. Past @timeout gdb
    starts anyway: the user may still break in."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit("run: QEMU exited")
        try:
            with open(log, "rb") as f:
                if text in f.read():
                    return
        except FileNotFoundError:
            pass
        time.sleep(0.1)
    print(f"run: the kernel did not say {text.decode()!r} within {timeout} s; gdb starts anyway")


def wait_log_shell(log, text, timeout=BOOT_TIMEOUT):
    """wait_log() as a shell command, for the gdb pane of a tmux run."""
    tries = timeout * 10
    return (f"n=0; until grep -qF {shlex.quote(text.decode())} {shlex.quote(log)} 2>/dev/null "
            f"|| [ $n -ge {tries} ]; do sleep 0.1; n=$((n+1)); done; ")


def attach_help(args, line):
    """The commands that attach a gdb or an LLDB of one's own to this kernel."""
    kernel = args.kernel
    lldb = ("" if args.transport == "kgdboe" else
            f"  lldb {kernel} -o 'process connect -p gdb-remote unix-connect://{line}'\n")
    return (f"run: to attach a debugger of your own to this kernel (one at a time: "
            f"quit or detach the other first):\n"
            f"  gdb-multiarch -iex 'add-auto-load-safe-path {ROOT}' {kernel} "
            f"-ex 'target remote {line}'\n" + lldb)


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
    print("run: a scripted gdb session; Ctrl-C ends it, and QEMU with it")
    sys.stdout.write(attach_help(args, gdb_line))
    sys.stdout.flush()
    # wait=on: the guest starts once this run is connected, so that the
    # line gdb waits for does not go out before anyone listens.
    console = chardev(args.arch, "con", con_port, wait=True)
    proc = args.run.qemu(qemu_cmd(args, console, gdb_line))
    con = connect_first(con_port, proc)
    wait_console(con, WAITING, proc)
    cmd = gdb_base(args, gdb_line) + ["-batch"]
    for line in SCRIPT:
        cmd += ["-ex", f"echo (gdb) {line}\\n", "-ex", line]
    gdb = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True,
                           preexec_fn=child_of_this_run)
    args.run.procs.append(gdb)
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


KDB_SCRIPT = ["help | grep ^bt", "summary", "ps A", "bt", "md4c4 jiffies", "go"]


def kdb_scripted(args):
    """Boot with kdb on the console, type KDB_SCRIPT at its prompt, then
    `uptime` at the shell it boots to, and print what the console showed."""
    con_port = free_port()
    print("run: a scripted kdb session on the console; Ctrl-C ends it, and QEMU with it")
    sys.stdout.flush()
    # wait=on: the guest starts once this run is connected, so that no
    # output (kdb's first prompt) goes out before anyone listens.
    console = chardev(args.arch, "con", con_port, wait=True)
    proc = args.run.qemu(qemu_cmd(args, console, args.line))
    con = connect_first(con_port, proc)
    con.settimeout(60)
    seen = b""

    def until(pattern):
        nonlocal seen
        start = len(seen)
        while not re.search(pattern, seen[start:]):
            data = con.recv(4096)
            if not data:
                sys.exit("run: QEMU closed the console")
            seen += data

    until(rb"\[\d+\]kdb> ")
    for line in KDB_SCRIPT:
        con.sendall(line.encode() + b"\r")
        until(rb"\[\d+\]kdb> " if line != "go" else rb"kgdb-demo# ")
    con.sendall(b"uptime\n")
    until(rb"kgdb-demo# ")
    sys.stdout.write(seen.decode(errors="replace").replace("\r\n", "\n"))
    sys.stdout.write("\n")
    return 0


def kdb_interactive(args):
    """QEMU with the console, where kdb is, on this terminal."""
    print("run: kdb on the console: `go` boots on; `sysrq g` at the shell or Ctrl-C comes "
          "back to kdb; Ctrl-A x ends QEMU.")
    sys.stdout.flush()
    console = (["-chardev", "stdio,id=con,mux=on,signal=off"] +
               qemu.serial_args(args.arch, 0, "con") + ["-mon", "chardev=con,mode=readline"])
    # QEMU reads the terminal: it stays in the terminal's process group.
    proc = subprocess.Popen(qemu_cmd(args, console, args.line), preexec_fn=die_with_this_run)
    args.run.procs.append(proc)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    return proc.wait()


def interactive(args):
    gdb_line = args.line
    con_port = free_port()
    if shutil.which("tmux") and not os.environ.get("TMUX"):
        return in_tmux(args, gdb_line, con_port)
    # No tmux: gdb reads the terminal and the console's output is copied to it.
    print("run: gdb below, the console's output shown with it (install tmux to type "
          "into the shell too).\n"
          "run: to leave, quit gdb (quit, or Ctrl-D); QEMU ends with it. Ctrl-C in gdb "
          "breaks into the kernel.")
    sys.stdout.write(attach_help(args, gdb_line))
    sys.stdout.flush()
    log = console_log(args)
    proc = args.run.qemu(qemu_cmd(args, chardev(args.arch, "con", con_port, log=log), gdb_line))
    wait_port(con_port, proc)
    con = socket.create_connection(("127.0.0.1", con_port))
    threading.Thread(target=relay, args=(con,), daemon=True).start()
    # gdb gives up on a kernel that does not answer within seconds; booting
    # takes longer on a slow or loaded host.
    if kgdbwait(args):
        wait_log(log, WAITING, proc)
    gdb = subprocess.Popen(gdb_base(args, gdb_line))
    args.run.procs.append(gdb)
    # Ctrl-C on the terminal is gdb's (it breaks into the kernel), not ours.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    return gdb.wait()


def in_tmux(args, gdb_line, con_port):
    """The console and gdb in a pane each of a tmux session of their own.
    The session ends when either pane's program ends or the pane is closed;
    the run ends with the session, or when its client detaches (the
    terminal went away), and then ends QEMU and the session."""
    session = f"kgdb-{os.getpid()}"
    leave = (f"run: to leave, quit gdb (quit, or Ctrl-D) in the lower pane, or end the "
             f"console (Ctrl-] in the upper pane), or close the terminal; QEMU and tmux "
             f"session {session} end with it.\n")
    sys.stdout.write(leave + attach_help(args, gdb_line))
    sys.stdout.flush()
    help_file = os.path.join(args.tmp, "help.txt")
    with open(help_file, "w") as f:
        f.write(leave + attach_help(args, gdb_line))
    log = console_log(args)
    proc = args.run.qemu(qemu_cmd(args, chardev(args.arch, "con", con_port, telnet=True, log=log),
                                  gdb_line))
    wait_port(con_port, proc)
    # Each pane's shell ends the session when its program ends, or when the
    # pane is killed (SIGHUP). "=name": that session only (a bare name also
    # matches a longer one that starts with it, another run's once this
    # one's has ended). No tmux hooks: a hook can fire for another session.
    end_session = f"trap 'tmux kill-session -t ={session}' EXIT; trap 'exit 1' HUP TERM; "
    console = f"{end_session}socat -,raw,echo=0,escape=0x1d tcp:127.0.0.1:{con_port}"
    # gdb attaches once the kernel waits for it (see interactive()).
    wait = wait_log_shell(log, WAITING) if kgdbwait(args) else ""
    gdb = (f"{end_session}cat {shlex.quote(help_file)}; {wait}"
           f"{shlex.join(gdb_base(args, gdb_line))}")
    args.run.session = session
    subprocess.check_call(["tmux", "new-session", "-d", "-s", session, console])
    subprocess.check_call(["tmux", "split-window", "-v", "-t", f"={session}:", gdb])
    # The client ends when the terminal goes away or tmux is detached from:
    # then the run is over (main() ends the session).
    subprocess.call(["tmux", "attach", "-t", f"={session}"])
    return 0


def relay(sock):
    for data in iter(lambda: sock.recv(4096), b""):
        sys.stdout.write(data.decode(errors="replace"))
        sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--arch", default="x86_64", choices=sorted(ARCHES))
    ap.add_argument("--smp", type=int, default=2, help="CPUs (make run CPUS=n)")
    ap.add_argument("--transport", default="kgdboc", choices=("kgdboc", "kgdboe"))
    ap.add_argument("--append", help="default: console=<port 0> kgdboc=<port 1> kgdbwait "
                    "(kgdboe: console=<port 0> kgdboe kgdbwait)")
    ap.add_argument("--cmdline", default="", help="boot parameters after those of --append "
                    "(make run CMDLINE=\"...\")")
    ap.add_argument("--script", action="store_true", help="run the scripted session")
    ap.add_argument("--kdb", action="store_true", help="no gdb: kdb on the console itself")
    args = ap.parse_args()
    args.kernel = os.path.join(ROOT, "build", args.arch, "vmlinux")
    if args.transport == "kgdboe" and not ARCHES[args.arch]["nic"]:
        sys.exit(f"run: kgdboe needs a virtio-net NIC, which {args.arch} has not")
    if args.kdb and args.transport == "kgdboe":
        sys.exit("run: kdb is typed at on a serial line, not over kgdboe")
    if args.append is None:
        debugger = "kgdboe" if args.transport == "kgdboe" else f"kgdboc={tty(args.arch, 1)}"
        if args.kdb:
            debugger = f"kgdboc={tty(args.arch, 0)}"
        args.append = f"console={tty(args.arch, 0)} {debugger} kgdbwait"
    if args.smp < 1:
        sys.exit(f"run: CPUS={args.smp}: at least one")
    args.append = f"{args.append} {args.cmdline}".strip()
    print(f"run: {args.arch} on {args.smp} CPU{'s' if args.smp > 1 else ''}, "
          f"booting with: {args.append}")
    sys.stdout.flush()
    args.run = Run()
    leave_on_signals()
    with tempfile.TemporaryDirectory(prefix="kgdb-run-") as tmp:
        args.tmp = tmp
        args.line = os.path.join(tmp, f"{tty(args.arch, 1)}.sock")
        if args.transport == "kgdboe":
            args.relay = NetRelay().start()
            args.line = f"udp:127.0.0.1:{args.relay.port}"
        try:
            if args.script or not sys.stdin.isatty():
                return kdb_scripted(args) if args.kdb else scripted(args)
            return kdb_interactive(args) if args.kdb else interactive(args)
        except KeyboardInterrupt:
            return 128 + signal.SIGINT
        finally:
            args.run.end()


if __name__ == "__main__":
    sys.exit(main())
