# SPDX-License-Identifier: MIT
"""The virtio-net driver finds QEMU's NIC (legacy virtio PCI on x86,
virtio-mmio on arm), names it eth0 and reads its MAC address from the
device; with no NIC it says nothing."""
import re

import pytest

from arches import ARCHES
from machine import Machine

MAC = "52:54:00:aa:bb:cc"


def nic_args(arch):
    # The user network, restricted: the guest reaches nothing but QEMU.
    return ["-netdev", "user,id=n0,restrict=on",
            "-device", f"{ARCHES[arch]['nic']},netdev=n0,mac={MAC}"]


def test_nic_probed_with_its_mac(arch):
    if not ARCHES[arch]["nic"]:
        pytest.skip(f"{arch}: no virtio-net driver (no PCI or virtio-mmio on this board)")
    with Machine(arch, extra=nic_args(arch)) as m:
        m.wait_boot()
        log = m.run("dmesg")
    where = r"pci 0000:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]" if "pci" in ARCHES[arch]["nic"] \
        else r"mmio 0x[0-9a-f]{8}"
    assert re.search(rf"eth0: virtio-net at {where}, mac {MAC}\b", log), log
    assert "eth1" not in log, log


def test_no_nic_no_message(arch):
    with Machine(arch) as m:
        m.wait_boot()
        log = m.run("dmesg")
    assert "virtio" not in log and "eth0" not in log, log
