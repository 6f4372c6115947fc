# SPDX-License-Identifier: MIT
"""A TCP proxy to the debug line that delivers gdb's copy of a packet after
the target's reply, as tools/netrelay.py does for kgdboe (hold_copies).

A packet from gdb that repeats its last one with no packet from the target
in between is a copy gdb sent because its ack was late (the machine was
stopped): it is held until the target's next packet has passed toward gdb,
then goes on, and what gdb sends next follows COPY_LEAD later, so that a
reply to the copy would go out before it. The order a line may deliver
them in when the machine that stalled runs again."""
import socket
import threading
import time

from machine import chunks, close_all, proxy_ends
from netrelay import COPY_LEAD


class FrameEnds:
    """Cuts a byte stream into frames ("$...#cs") and the bytes between."""

    def __init__(self):
        self.buf = b""

    def feed(self, data):
        """The pieces @data completes: (True, frame) or (False, bytes)."""
        self.buf += data
        out = []
        while self.buf:
            if not self.buf.startswith(b"$"):
                n = self.buf.find(b"$")
                n = len(self.buf) if n < 0 else n
                out.append((False, self.buf[:n]))
                self.buf = self.buf[n:]
                continue
            end = self.buf.find(b"#")
            if end < 0 or len(self.buf) < end + 3:
                break
            out.append((True, self.buf[:end + 3]))
            self.buf = self.buf[end + 3:]
        return out


class CopyHoldingProxy:
    """One gdb at a time to the line at @upstream_port; .port is its own."""

    def __init__(self, upstream_port):
        self.up, self.listener = proxy_ends(upstream_port)
        self.port = self.listener.getsockname()[1]
        self.client = None
        self.count = {"held": 0}
        self.lock = threading.Lock()
        self.last = None            # gdb's last packet
        self.answered = False       # the target sent a packet since
        self.held = []              # copies waiting for the target's packet
        self.after_copy = []        # what gdb sent after a released copy
        self.after_copy_until = 0.0
        threading.Thread(target=self._from_target, daemon=True).start()
        threading.Thread(target=self._from_gdb, daemon=True).start()

    def _to_target(self, data):
        try:
            self.up.sendall(data)
        except OSError:
            pass

    def _from_gdb(self):
        c, _ = self.listener.accept()
        c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.client = c
        frames = FrameEnds()
        threading.Thread(target=self._flush_later, daemon=True).start()
        for data in chunks(c):
            with self.lock:
                for is_frame, piece in frames.feed(data):
                    if is_frame and piece == self.last and not self.answered:
                        self.count["held"] += 1
                        self.held.append(piece)
                        continue
                    if is_frame:
                        self.last, self.answered = piece, False
                    if self.after_copy or time.monotonic() < self.after_copy_until:
                        self.after_copy.append(piece)
                    else:
                        self._to_target(piece)

    def _flush_later(self):
        while self.client:
            time.sleep(0.05)
            with self.lock:
                if self.after_copy and time.monotonic() >= self.after_copy_until:
                    self._to_target(b"".join(self.after_copy))
                    self.after_copy = []

    def _from_target(self):
        frames = FrameEnds()
        for data in chunks(self.up):
            # The copy goes on before gdb can see the reply and answer it.
            with self.lock:
                if any(is_frame for is_frame, _ in frames.feed(data)):
                    self.answered = True
                    for piece in self.held:
                        self._to_target(piece)
                        self.after_copy_until = time.monotonic() + COPY_LEAD
                    self.held = []
            c = self.client
            if c:
                try:
                    c.sendall(data)
                except OSError:
                    pass

    def close(self):
        close_all(self.listener, self.up, self.client)
        self.client = None
