# SPDX-License-Identifier: MIT
"""QEMU's command line for an arch of tools/arches.py, and its lines.

make run (tools/run.py), the tests (tests/pylib/machine.py) and the bench
start QEMU with what this builds: the base command line, serial port n on
a socket QEMU listens on (the arch's UART, or the device tools/arches.py
names for that port), and a virtio-net NIC on tools/netrelay.py.
"""
import socket

from arches import ARCHES, port_device

MAC = "52:54:00:12:34:56"


def argv(arch, kernel, append, smp=1, mem="256M", defaults=False):
    """The base command line: @arch's machine under TCG, no display, no
    reboot, @kernel booted with @append, and no devices but those asked for
    after this (with @defaults, QEMU's default devices too, as a user's
    command line has them)."""
    return ARCHES[arch]["qemu"] + [
        "-accel", "tcg", "-display", "none", "-no-reboot",
        "-m", mem, "-smp", str(smp), "-kernel", kernel, "-append", append,
    ] + ([] if defaults else ["-nodefaults"]) + ["-vga", "none"]


def serial_args(arch, n, chardev):
    """The options that put chardev @chardev on serial port @n."""
    device = port_device(arch, n)
    if device:
        return ["-device", f"{device},chardev={chardev}"]
    return ["-serial", f"chardev:{chardev}"]


def line_args(arch, n, name, where, telnet=False, wait=False, log=None):
    """Serial port @n on socket chardev @name, which QEMU listens on: TCP
    port @where on 127.0.0.1 (an int; nodelay) or the Unix socket at path
    @where (a str). With @wait the guest starts once a client connects;
    with @log, what the guest writes also goes to that file, whether or
    not a client is connected."""
    at = f"path={where}" if isinstance(where, str) else \
        f"host=127.0.0.1,port={where},nodelay=on"
    opts = f"socket,id={name},{at},server=on,wait={'on' if wait else 'off'}"
    opts += ",telnet=on" if telnet else ""
    opts += f",logfile={log},logappend=off" if log else ""
    return ["-chardev", opts] + serial_args(arch, n, name)


def nic_args(arch, relay, model=None):
    """A virtio-net NIC (@arch's, or the QEMU device @model) on the network
    of @relay (a tools/netrelay.py NetRelay)."""
    return relay.qemu_args(model or ARCHES[arch]["nic"], MAC)


def free_port():
    """A TCP port on 127.0.0.1 that was free a moment ago (QEMU binds it next)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def connect_line(where, timeout=None):
    """A connection to a socket chardev: a TCP port or a Unix path."""
    if isinstance(where, str):
        s = socket.socket(socket.AF_UNIX)
        s.settimeout(timeout)
        try:
            s.connect(where)
        except OSError:
            s.close()
            raise
        return s
    s = socket.create_connection(("127.0.0.1", where), timeout=timeout)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s
