# SPDX-License-Identifier: MIT
"""A TCP proxy between gdb and a target that logs what crosses it.

Every chunk is recorded with its direction and a time.perf_counter()
stamp (CLOCK_MONOTONIC, the same clock gdb's Python reads), so that the
bytes can later be assigned to the operation whose start and end gdb
recorded. count() splits a slice of the log into remote-protocol packets.
"""
import socket
import threading
import time

from lib.qemu import connect_line

TO_TARGET, TO_GDB = 0, 1


def _hangup(sock):
    """Close @sock for real: a bare close() while another thread waits in
    recv() on it sends no FIN, and the peer never sees us go."""
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()


class Proxy:
    """Listens on 127.0.0.1:self.port. With @persistent the upstream
    connection (a serial line) is opened once and kept across gdb
    connections; otherwise each gdb connection gets its own (a gdbstub)."""

    def __init__(self, upstream_port, persistent):
        """@upstream_port: a TCP port, or a Unix socket's path."""
        self.upstream_port = upstream_port
        self.persistent = persistent
        self.log = []               # (time, direction, bytes)
        self.lock = threading.Lock()
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(1)
        self.port = self.listener.getsockname()[1]
        self.upstream = self._connect() if persistent else None
        self.client = None
        self.closed = False
        if persistent:
            threading.Thread(target=self._pump_up, daemon=True).start()
        threading.Thread(target=self._accept, daemon=True).start()

    def _connect(self):
        deadline = time.monotonic() + 10
        while True:
            try:
                s = connect_line(self.upstream_port, timeout=2)
                s.settimeout(None)
                return s
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def _record(self, direction, data):
        with self.lock:
            self.log.append((time.perf_counter(), direction, data))

    def _accept(self):
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.client = client
            if not self.persistent:
                self.upstream = self._connect()
                threading.Thread(target=self._pump_up, args=(self.upstream, client),
                                 daemon=True).start()
            self._pump_down(client)

    def _pump_down(self, client):
        """gdb -> target, until gdb closes its connection."""
        up = self.upstream
        while True:
            try:
                data = client.recv(65536)
            except OSError:
                data = b""
            if not data:
                break
            self._record(TO_TARGET, data)
            up.sendall(data)
        self.client = None
        client.close()
        if not self.persistent:
            _hangup(up)

    def _pump_up(self, up=None, client=None):
        """target -> gdb. On a persistent line, bytes with no gdb are dropped."""
        up = up or self.upstream
        while True:
            try:
                data = up.recv(65536)
            except OSError:
                data = b""
            if not data:
                if client:
                    _hangup(client)
                return
            self._record(TO_GDB, data)
            dest = client or self.client
            if dest:
                try:
                    dest.sendall(data)
                except OSError:
                    pass

    def close(self):
        self.closed = True
        self.listener.close()
        if self.upstream:
            _hangup(self.upstream)

    def slice(self, t0, t1):
        with self.lock:
            return [(t, d, b) for t, d, b in self.log if t0 <= t <= t1]


def count(chunks):
    """Packets, bytes and round trips in a list of (time, direction, bytes).

    A round trip is a packet from gdb: gdb waits for an answer to each one
    (the stop reply, for a resume). Acks and console (O) packets are
    counted as bytes but not as packets of their own kind."""
    res = {"pkts_out": 0, "pkts_in": 0, "bytes_out": 0, "bytes_in": 0,
           "acks": 0, "console_pkts": 0, "round_trips": 0}
    state = {TO_TARGET: [False, bytearray()], TO_GDB: [False, bytearray()]}
    for _, d, data in chunks:
        res["bytes_out" if d == TO_TARGET else "bytes_in"] += len(data)
        st = state[d]
        for b in data:
            if st[0]:                     # inside a packet
                st[1].append(b)
                if len(st[1]) >= 3 and st[1][-3] == ord("#"):
                    st[0] = False
                    if d == TO_TARGET:
                        res["pkts_out"] += 1
                        res["round_trips"] += 1
                    elif st[1][:1] == b"O" and st[1][:2] != b"OK":
                        res["console_pkts"] += 1
                    else:
                        res["pkts_in"] += 1
            elif b == ord("$"):
                st[0] = True
                st[1] = bytearray()
            elif b in b"+-":
                res["acks"] += 1
    return res
