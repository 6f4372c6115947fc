# SPDX-License-Identifier: MIT
"""kdb's line as a person types at it: the raw serial connection to the
kgdboc port, read in the background, with expect() as on the console."""
import socket
import threading
import time

import testlog
from lib.machine import expect_output, read_into


class KdbLine:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.out = b""
        self.pos = 0
        self.closed = False
        self.lock = threading.Condition()
        threading.Thread(target=read_into, args=(self, self.sock), daemon=True).start()
        testlog.track(self, "kdb-line")

    def log_text(self):
        """What to keep of a failed test (tests/pylib/testlog.py)."""
        return {"text": self.text()}

    def text(self):
        with self.lock:
            return self.out.decode(errors="replace")

    def expect(self, pattern, timeout=20):
        """Wait for @pattern (regex) after the last match; return the match."""
        return expect_output(self, pattern, timeout, "kdb line")

    def write(self, data):
        self.sock.sendall(data.encode() if isinstance(data, str) else data)

    def settle(self, quiet=0.3):
        """Wait until the line has been quiet for @quiet s; what follows is new."""
        while True:
            with self.lock:
                seen = len(self.out)
            time.sleep(quiet)
            with self.lock:
                if len(self.out) == seen:
                    self.pos = seen
                    return

    def prompt(self, timeout=20):
        """Wait for the next kdb prompt; its CPU."""
        return int(self.expect(r"\[(\d+)\]kdb> ", timeout).group(1))

    def cmd(self, line, end="\r", timeout=30):
        """Type @line; what it printed up to the next prompt, from the line
        after its echo on (CR LF made LF)."""
        with self.lock:
            start = self.pos
        self.write(line + end)
        m = self.expect(r"\[\d+\]kdb> ", timeout)
        with self.lock:
            text = self.out[start:m.start()].decode(errors="replace")
        text = text.replace("\r\n", "\n")
        return text.split("\n", 1)[1] if "\n" in text else ""

    def close(self):
        """Hang up, so that QEMU takes the next connection (gdb's): a
        close() alone leaves the socket open while the reader is in recv()."""
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()
        with self.lock:
            self.lock.wait_for(lambda: self.closed, timeout=5)
