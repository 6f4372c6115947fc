#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The host's side of kgdboe's network under QEMU, on 127.0.0.1 only.

QEMU's user network cannot carry kgdboe: with restrict=on, libslirp's
udp_input() drops every UDP datagram the guest sends (all but DHCP and
TFTP), replies to a hostfwd'ed port included, and without restrict=on the
guest could reach any address. So the guest's NIC is a `dgram` netdev whose
Ethernet frames come here over loopback, and this relay plays the part the
user network would: the host at 10.0.2.2 (MAC 52:55:0a:00:02:02). It
answers ARP for that address and forwards UDP between the guest's kgdboe
port and clients of 127.0.0.1:<port>, as a hostfwd rule would: a client's
datagram reaches the guest from 10.0.2.2:<the client's port>, and what the
guest sends to that port goes back to that client. IPv4 fragments are
reassembled from the guest and made toward it (its MTU is 1500). Nothing
else goes anywhere.

It can also lose a fraction of the datagrams each way (loss=, seed=), for
tests of a lossy network, and hold back a client's copy of its last packet
(the same packet again, with nothing from the guest between) until the guest
has sent that client something (hold_copies): the order
in which a NIC that was stalled may take them, the copy after the reply.
What the client sends after that reply then follows COPY_LEAD later, so
that a reply to the copy would go out before it. Used by tests/pylib/machine.py, tools/run.py and
the bench; as a program it prints the QEMU arguments and relays until
killed.
"""
import argparse
import random
import selectors
import socket
import struct
import sys
import threading
import time

HOST_IP = bytes([10, 0, 2, 2])
HOST_MAC = bytes.fromhex("52550a000202")
GUEST_IP = bytes([10, 0, 2, 15])
GUEST_PORT = 6443
BROADCAST = b"\xff" * 6
MTU = 1500
# How long a held copy goes ahead of what its client sends next (hold_copies).
COPY_LEAD = 0.3
# Directions in the log, as tools/bench/proxy.py records them.
TO_TARGET, TO_GDB = 0, 1


def checksum(data):
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack(f"!{len(data) // 2}H", data))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def udp_checksum(src, dst, udp):
    c = checksum(src + dst + struct.pack("!BBH", 0, 17, len(udp)) + udp)
    return c or 0xFFFF


def bind_udp(port=0):
    """A UDP socket on loopback whose receive buffer holds a burst (the
    console's O packets to a busy gdb): what the relay loses, it loses on
    purpose (loss=)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    for opt in (getattr(socket, "SO_RCVBUFFORCE", None), socket.SO_RCVBUF):
        try:
            s.setsockopt(socket.SOL_SOCKET, opt, 4 << 20)
            break
        except (OSError, TypeError):
            pass
    s.bind(("127.0.0.1", port))
    return s


class NetRelay:
    """One guest NIC's network: start(), qemu_args(nic, mac), stop()."""

    def __init__(self, port=0, loss=0.0, seed=0):
        self.host = bind_udp(port)          # gdb and other clients talk here
        self.port = self.host.getsockname()[1]
        self.nic = bind_udp()               # QEMU's frames come here
        self.qemu_port = None               # where QEMU's dgram netdev listens
        self.loss = loss
        self.rng = random.Random(seed)
        self.guest_mac = None
        self.clients = set()                # client ports seen
        self.hold_copies = False
        self.last_frame = {}                # client port -> its last datagram with a packet
        self.answered = set()               # client ports the guest sent to since their last
        self.held = []                      # (data, addr): copies held back
        self.after_copy = []                # (data, addr) sent after a held copy's reply
        self.after_copy_until = 0.0         # ... that go on then
        self.ip_id = 0
        self.frags = {}                     # (id) -> {offset: data}, total length
        self.count = {"to_guest": 0, "from_guest": 0, "lost": 0, "bad": 0, "other": 0,
                      "held": 0}
        self.stopping = False
        self.thread = None
        self.log = []                       # (time, direction, payload), for the bench
        self.lock = threading.Lock()

    def qemu_args(self, nic, mac):
        """The -netdev/-device arguments of a NIC wired to this relay."""
        with bind_udp() as probe:
            self.qemu_port = probe.getsockname()[1]
        return ["-netdev", f"dgram,id=kgdboe0,local.type=inet,local.host=127.0.0.1,"
                f"local.port={self.qemu_port},remote.type=inet,remote.host=127.0.0.1,"
                f"remote.port={self.nic.getsockname()[1]}",
                "-device", f"{nic},netdev=kgdboe0,mac={mac}"]

    def start(self):
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        return self

    def stop(self):
        self.stopping = True
        if self.thread:
            self.thread.join(timeout=2)
        self.host.close()
        self.nic.close()

    # ---------------------------------------------------------------- loop
    def _run(self):
        sel = selectors.DefaultSelector()
        sel.register(self.host, selectors.EVENT_READ, self._from_client)
        sel.register(self.nic, selectors.EVENT_READ, self._from_guest)
        while not self.stopping:
            if self.after_copy and time.monotonic() >= self.after_copy_until:
                for data, addr in self.after_copy:
                    self._to_guest(data, addr)
                self.after_copy = []
            for key, _ in sel.select(timeout=0.05 if self.after_copy else 0.2):
                try:
                    data, addr = key.fileobj.recvfrom(65536)
                except OSError:
                    continue
                key.data(data, addr)
        sel.close()

    def _record(self, direction, data):
        with self.lock:
            self.log.append((time.perf_counter(), direction, data))

    def slice(self, t0, t1):
        """The datagrams between @t0 and @t1 (time.perf_counter())."""
        with self.lock:
            return [(t, d, b) for t, d, b in self.log if t0 <= t <= t1]

    def _lose(self):
        if self.loss and self.rng.random() < self.loss:
            self.count["lost"] += 1
            return True
        return False

    # ---------------------------------------------------------------- toward the guest
    def _frame(self, dst_mac, ethertype, payload):
        frame = dst_mac + HOST_MAC + struct.pack("!H", ethertype) + payload
        if self.qemu_port:
            self.nic.sendto(frame, ("127.0.0.1", self.qemu_port))

    def _from_client(self, data, addr):
        self.clients.add(addr[1])
        self._record(TO_TARGET, data)
        if self._lose():
            return
        if b"$" in data:
            copy = self.last_frame.get(addr[1]) == data and addr[1] not in self.answered
            self.last_frame[addr[1]] = data
            self.answered.discard(addr[1])
            if copy and self.hold_copies:
                self.count["held"] += 1
                self.held.append((data, addr))
                return
        if time.monotonic() < self.after_copy_until or self.after_copy:
            self.after_copy.append((data, addr))
            return
        self._to_guest(data, addr)

    def _to_guest(self, data, addr):
        udp = struct.pack("!HHHH", addr[1], GUEST_PORT, 8 + len(data), 0) + data
        udp = udp[:6] + struct.pack("!H", udp_checksum(HOST_IP, GUEST_IP, udp)) + udp[8:]
        self.ip_id = (self.ip_id + 1) & 0xFFFF
        step = (MTU - 20) // 8 * 8
        for off in range(0, len(udp), step):
            part = udp[off:off + step]
            more = 0x2000 if off + step < len(udp) else 0
            hdr = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(part), self.ip_id,
                              more | off // 8, 64, 17, 0, HOST_IP, GUEST_IP)
            hdr = hdr[:10] + struct.pack("!H", checksum(hdr)) + hdr[12:]
            self._frame(self.guest_mac or BROADCAST, 0x0800, hdr + part)
        self.count["to_guest"] += 1

    # ---------------------------------------------------------------- from the guest
    def _from_guest(self, frame, addr):
        if len(frame) < 14:
            self.count["bad"] += 1
            return
        ethertype = struct.unpack("!H", frame[12:14])[0]
        if ethertype == 0x0806:
            self._arp(frame[6:12], frame[14:])
        elif ethertype == 0x0800:
            self._ipv4(frame[6:12], frame[14:])
        else:
            self.count["other"] += 1

    def _arp(self, src_mac, arp):
        if len(arp) < 28 or arp[:6] != bytes.fromhex("000108000604"):
            self.count["other"] += 1
            return
        op = struct.unpack("!H", arp[6:8])[0]
        sha, spa, tpa = arp[8:14], arp[14:18], arp[24:28]
        if spa == GUEST_IP:
            self.guest_mac = sha
        if op == 1 and tpa == HOST_IP:
            reply = bytes.fromhex("000108000604") + struct.pack("!H", 2) + \
                HOST_MAC + HOST_IP + sha + spa
            self._frame(src_mac, 0x0806, reply)

    def _ipv4(self, src_mac, ip):
        if len(ip) < 20 or ip[0] >> 4 != 4 or checksum(ip[:(ip[0] & 15) * 4]):
            self.count["bad"] += 1
            return
        ihl = (ip[0] & 15) * 4
        total, ident, frag = struct.unpack("!HHH", ip[2:8])
        if ip[9] != 17 or ip[16:20] != HOST_IP or total > len(ip) or total < ihl:
            self.count["other"] += 1
            return
        if ip[12:16] == GUEST_IP:
            self.guest_mac = src_mac
        data = ip[ihl:total]
        offset, more = (frag & 0x1FFF) * 8, frag & 0x2000
        if offset or more:
            data = self._reassemble(ident, offset, more, data)
            if data is None:
                return
        self._udp(ip[12:16], data)

    def _reassemble(self, ident, offset, more, data):
        parts, total = self.frags.get(ident, ({}, None))
        parts[offset] = data
        if not more:
            total = offset + len(data)
        # One datagram in flight at a time: older ones are gone for good.
        self.frags = {ident: (parts, total)}
        if total is None:
            return None
        whole, at = b"", 0
        while at < total:
            if at not in parts:
                return None
            whole += parts[at]
            at += len(parts[at])
        del self.frags[ident]
        return whole[:total]

    def _udp(self, src_ip, udp):
        if len(udp) < 8:
            self.count["bad"] += 1
            return
        sport, dport, length, csum = struct.unpack("!HHHH", udp[:8])
        if length > len(udp) or length < 8 or \
                (csum and checksum(src_ip + HOST_IP + struct.pack("!BBH", 0, 17, length) +
                                   udp[:length])):
            self.count["bad"] += 1
            return
        if sport != GUEST_PORT or dport not in self.clients:
            self.count["other"] += 1
            return
        self.count["from_guest"] += 1
        self._record(TO_GDB, udp[8:length])
        if self._lose():
            return
        self.host.sendto(udp[8:length], ("127.0.0.1", dport))
        self.answered.add(dport)
        for data, addr in [h for h in self.held if h[1][1] == dport]:
            self.held.remove((data, addr))
            self._to_guest(data, addr)
            self.after_copy_until = time.monotonic() + COPY_LEAD


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--port", type=int, default=0, help="the clients' UDP port (0: any free)")
    ap.add_argument("--nic", default="virtio-net-pci")
    ap.add_argument("--mac", default="52:54:00:12:34:56")
    ap.add_argument("--loss", type=float, default=0.0)
    args = ap.parse_args()
    relay = NetRelay(args.port, args.loss)
    print(" ".join(relay.qemu_args(args.nic, args.mac)))
    print(f"gdb: target remote udp:127.0.0.1:{relay.port}", flush=True)
    relay.start()
    try:
        relay.thread.join()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
