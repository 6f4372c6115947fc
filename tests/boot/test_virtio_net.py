# SPDX-License-Identifier: MIT
"""The virtio-net driver finds QEMU's NIC (legacy virtio PCI on x86,
virtio-mmio on arm), names it eth0 and reads its MAC address from the
device; with no NIC it says nothing."""
import re

import pytest

from arches import ARCHES
from machine import PCI_ARCHES, Machine

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


def test_pci_nics_come_before_virtio_mmio_ones(arch):
    """With a NIC on each transport, eth0 is the PCI one (kgdboe's default:
    docs/virtio-net.md), even given last, and both work."""
    if "pci" in (ARCHES[arch]["nic"] or "") or arch not in PCI_ARCHES:
        pytest.skip(f"{arch}: not both virtio-mmio and PCI")
    pci_mac = "52:54:00:aa:bb:cd"
    extra = nic_args(arch) + ["-netdev", "user,id=n1,restrict=on",
                              "-device", f"virtio-net-pci,netdev=n1,mac={pci_mac}"]
    with Machine(arch, extra=extra) as m:
        m.wait_boot()
        log = m.run("dmesg")
    assert re.search(rf"eth0: virtio-net at pci 0000:00:0[2-9a-f]\.0, mac {pci_mac}\b", log), log
    assert re.search(rf"eth1: virtio-net at mmio 0x[0-9a-f]{{8}}, mac {MAC}\b", log), log


def test_no_nic_no_message(arch):
    with Machine(arch) as m:
        m.wait_boot()
        log = m.run("dmesg")
    assert "virtio" not in log and "eth0" not in log, log
