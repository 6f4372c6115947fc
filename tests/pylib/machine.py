# SPDX-License-Identifier: MIT
"""The tests' machine: tools/lib/machine.py's, whose console and QEMU
command line a failed test keeps (testlog), with what tests measure on it;
and the arch sets tests skip or do otherwise for."""
import os
import re
import socket
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import testlog  # noqa: E402
from arches import ARCHES, arches_over, arches_with, port_device, tty  # noqa: E402,F401
from lib import machine  # noqa: E402
from lib.machine import PROMPT, kernel_path  # noqa: E402,F401
from lib.qemu import connect_line, free_port  # noqa: E402,F401

# What the tests skip or do otherwise for (why, by arch: tools/arches.py).
NO_WRITE_PROTECTION = arches_with("no_write_protection")
NO_HW_DEBUG = arches_with("no_hw_debug")
NO_NMI = arches_with("no_nmi")
GDB_STEPS_ITSELF = arches_with("gdb_steps_itself")
VCPUS_ROUND_ROBIN = arches_with("vcpus_round_robin")
MASTER_SPINS = arches_with("master_spins")
STEPS_OVER_HITS = arches_with("steps_over_hits")
# The arches the suite runs over kgdboe as well as kgdboc.
KGDBOE_ARCHES = arches_over("kgdboe")
# The arches whose kernel drives a PCI bus: a line or the NIC is on it.
PCI_ARCHES = {a for a in ARCHES
              if port_device(a, 1) == "pci-serial" or "pci" in (ARCHES[a]["nic"] or "")}


def chunks(sock):
    """What @sock receives, a chunk at a time, until it closes or fails."""
    while True:
        try:
            data = sock.recv(65536)
        except OSError:
            return
        if not data:
            return
        yield data


def close_all(*socks):
    """Shut down and close each socket given (None: skipped)."""
    for s in socks:
        if s:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()


def proxy_ends(upstream_port):
    """A line proxy's two ends: the line, opened once and kept, and a
    listening socket on 127.0.0.1 for its one client at a time."""
    up = connect_line(upstream_port, timeout=10)
    up.settimeout(None)
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    return up, listener


def name_of(elf, addr):
    """symbol+offset of @addr in @elf (nm reads any ELF), or "?"."""
    out = subprocess.run(["nm", "-n", elf], capture_output=True, text=True).stdout
    best = None
    for ln in out.splitlines():
        f = ln.split()
        if len(f) == 3 and f[1] in "tTwW":
            a = int(f[0], 16)
            if a > addr:
                break
            best = (f[2], a)
    return f"{best[0]}+{addr - best[1]:#x}" if best else "?"


class Machine(machine.Machine):
    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.cpus_text = ""   # the last answer to `cpus` (timer_ticks)
        self.snapshot_text = ""   # the vCPUs when the test failed (snapshot())
        testlog.track(self, "machine")

    def timer_ticks(self):
        """Each CPU's timer tick count, from the shell's `cpus` (its whole
        answer is kept in self.cpus_text, for a failure to show). Another
        CPU's printk can cut into a line of the answer (the console's lock
        is taken over after a long spin, as when the host deschedules its
        holder's vCPU): then the lines do not add up, and it asks again."""
        for _ in range(3):
            self.cpus_text = self.run("cpus")
            online = re.search(r"^(\d+) CPU\(s\) online$", self.cpus_text, re.M)
            ticks = {int(c): int(n) for c, n in
                     re.findall(r"^cpu(\d+):.* (\d+) timer ticks$", self.cpus_text, re.M)}
            if online and int(online.group(1)) == len(ticks):
                break
        return ticks

    def wait_every_cpu_ticks(self, ncpus, timeout=10):
        """Wait until each of the @ncpus CPUs (as many as the kernel runs)
        has taken a timer tick (it runs); fail after @timeout s. A loaded
        host can leave a vCPU without a tick for a second or more, so one
        short look is not enough."""
        ncpus = min(ncpus, self.cpus)
        before = self.timer_ticks()
        assert sorted(before) == list(range(ncpus)), \
            f"not {ncpus} CPUs in `cpus`:\n{self.cpus_text}\nat boot: " + \
            "; ".join(re.findall(r".*(?:CPU\(s\) online|did not come up).*", self.text()))
        deadline = time.monotonic() + timeout
        while True:
            time.sleep(0.2)
            after = self.timer_ticks()
            if all(after[c] > before[c] for c in before):
                return
            assert time.monotonic() < deadline, f"no timer ticks: {before} then {after}"

    def vcpu_seconds(self):
        """Host CPU time used so far by each vCPU thread (the monitor names
        the threads), by CPU number."""
        ticks = os.sysconf("SC_CLK_TCK")
        out = {}
        for cpu, tid in re.findall(r"CPU #(\d+): thread_id=(\d+)", self.monitor("info cpus")):
            with open(f"/proc/{self.proc.pid}/task/{tid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            out[cpu] = (int(fields[11]) + int(fields[12])) / ticks    # utime + stime
        return out

    def busy_vcpus(self, span=1.0):
        """The vCPUs that used more than 15% of a host core over @span s (a
        halted vCPU uses none, a master napping between polls a few
        percent; four spinning ones on two host cores, 80%)."""
        a = self.vcpu_seconds()
        time.sleep(span)
        b = self.vcpu_seconds()
        return sorted(cpu for cpu in b if b[cpu] - a[cpu] > span * 0.15)

    def log_text(self):
        """What to keep of a failed test (tests/pylib/testlog.py)."""
        cmd = " ".join(self.cmd)
        logs = {"console": self.text(),
                "qemu": f"$ {cmd}\n{self.qemu_output()}"}
        if self.snapshot_text:
            logs["vcpus"] = self.snapshot_text
        return logs

    def snapshot(self):
        """Where each vCPU is when a test fails, while the machine still runs:
        QEMU's `info cpus` (a halted vCPU waits in wfi/hlt) and each CPU's
        registers twice, half a second apart, their PCs named from the ELF.
        A debugger that stopped answering shows here as a master napping
        for good, or spinning, and where."""
        if not (self.proc and self.proc.poll() is None and getattr(self, "monitor_port", None)):
            return
        out = []
        for _ in range(2):
            for cmd in ("info cpus", "info registers -a"):
                text = self.monitor(cmd)
                out.append(f"(qemu) {cmd}\n{text}")
            out.append(f"busy vCPUs: {self.busy_vcpus(0.5)}\n")
        text = "".join(out)
        pcs = sorted(set(int(v, 16) for v in re.findall(
            r"\b(?:PC|RIP|EIP|R15|pc|NIP)\s*[=:]?\s*(?:0x)?([0-9a-fA-F]{8,16})\b", text)))
        self.snapshot_text = text + "".join(f"{pc:#x} {name_of(self.kernel, pc)}\n"
                                            for pc in pcs)
