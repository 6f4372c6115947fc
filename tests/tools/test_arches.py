# SPDX-License-Identifier: MIT
"""tools/arches.py, the arch facts make run, the tests and the bench read:
an entry for every arch make builds, each with every field, and agreeing
with the Makefile, the defconfigs and scripts/deps-check."""
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import arches  # noqa: E402

FIELDS = {"srcarch", "cross", "qemu", "tty", "nic", "transports", "limits"}
OPTIONAL = {"ports"}
TRANSPORTS = {"kgdboc", "kgdboe"}
# Not `arch`: tests/conftest.py would narrow that to CHECK_ARCHES.
NAMES = sorted(arches.ARCHES)


def make_vars(arch):
    """The Makefile's variables for ARCH=@arch, as make itself sees them
    (make -p; the `clean` goal reads no .config, -q runs nothing)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "CROSS_COMPILE", "O")}
    out = subprocess.run(["make", "-pq", f"ARCH={arch}", "O=/nonexistent", "clean"],
                         cwd=ROOT, env=env, capture_output=True, text=True).stdout
    return dict(re.findall(r"^(\w+) :?= ?(.*)$", out, re.M))


def test_an_entry_for_every_arch_make_builds():
    assert set(make_vars("x86_64")["ARCHES"].split()) == set(arches.ARCHES)


@pytest.mark.parametrize("name", NAMES)
def test_entry_is_complete(name):
    e = arches.ARCHES[name]
    assert FIELDS <= set(e) <= FIELDS | OPTIONAL, f"{name}: fields {sorted(set(e) ^ FIELDS)}"
    assert e["qemu"][0].startswith("qemu-system-"), e["qemu"]
    assert all(isinstance(a, str) for a in e["qemu"]), e["qemu"]
    assert re.fullmatch(r"tty[A-Z]+", e["tty"]), e["tty"]
    for n, (name_n, device) in enumerate(e.get("ports", ())):
        assert re.fullmatch(r"tty[A-Z]+\d+", name_n) and arches.tty(name, n) == name_n
        assert device is None or re.fullmatch(r"[a-z-]+", device), device
    if "ports" not in e:
        assert arches.tty(name, 1) == e["tty"] + "1"
    assert e["cross"] == "" or e["cross"].endswith("-"), e["cross"]
    assert e["nic"] is None or e["nic"].startswith("virtio-net-"), e["nic"]
    assert "kgdboc" in e["transports"] and set(e["transports"]) <= TRANSPORTS, e["transports"]
    for limit, why in e["limits"].items():
        assert limit in arches.LIMITS, limit
        assert why and "\n" not in why, (limit, why)


@pytest.mark.parametrize("name", NAMES)
def test_kgdboe_has_a_nic(name):
    # The converse need not hold: i386's NIC serves make run, not the suite.
    e = arches.ARCHES[name]
    if "kgdboe" in e["transports"]:
        assert e["nic"], f"{name}: kgdboe without a NIC"


@pytest.mark.parametrize("name", NAMES)
def test_agrees_with_the_makefile(name):
    e = arches.ARCHES[name]
    defconfig = f"arch/{e['srcarch']}/configs/{name}_defconfig"
    assert os.path.isfile(os.path.join(ROOT, defconfig)), defconfig
    v = make_vars(name)
    assert v.get("SRCARCH") == e["srcarch"], v.get("SRCARCH")
    assert v.get("CROSS_COMPILE", "") == e["cross"], v.get("CROSS_COMPILE")
    assert v.get("DEFCONFIG") == defconfig, v.get("DEFCONFIG")


@pytest.mark.parametrize("name", NAMES)
def test_deps_check_installs_its_tools(name):
    """make run ARCH=<name> on a fresh machine installs its QEMU and compiler."""
    with open(os.path.join(ROOT, "scripts", "deps-check")) as f:
        m = re.search(rf"^\t{name}\)\n(.*?);;", f.read(), re.M | re.S)
    assert m, f"scripts/deps-check: no {name} in need_arch"
    needs = re.findall(r"^\s*need (\S+)", m.group(1), re.M)
    e = arches.ARCHES[name]
    assert e["qemu"][0] in needs and e["cross"] + "gcc" in needs, needs


def test_limits_name_known_ones():
    with pytest.raises(AssertionError):
        arches.arches_with("no_such_limit")
    assert arches.arches_over("kgdboc") == set(arches.ARCHES)
