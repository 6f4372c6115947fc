# SPDX-License-Identifier: MIT
"""make run and make check on a machine that lacks something: they stop at
once with one line naming what is missing and the command that installs
it (scripts/deps-check), where they cannot install it themselves (here: no
apt-get on the PATH)."""
import os
import shutil
import subprocess

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# What make and the check use, and what make run needs for x86_64 and arm.
TOOLS = ["sh", "make", "id", "gcc", "ld", "gdb-multiarch", "socat", "qemu-system-x86_64",
         "arm-linux-gnueabihf-gcc", "arm-linux-gnueabihf-ld", "qemu-system-arm", "tmux"]


def env_without(tmp_path, missing):
    """The environment of a fresh `make` (not one under make check, which
    has checked already) with path_without(@missing)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DEPS_CHECKED", "MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    env["PATH"] = path_without(tmp_path, missing)
    return env


def path_without(tmp_path, missing):
    """A PATH with links to TOOLS but @missing (and no apt-get, no sudo)."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    for tool in TOOLS:
        if tool != missing:
            where = shutil.which(tool)
            assert where, f"{tool} is not installed (ci/deps)"
            (bindir / tool).symlink_to(where)
    return str(bindir)


@pytest.mark.parametrize("run_arch,missing,package", [
    ("x86_64", "qemu-system-x86_64", "qemu-system-x86"),
    ("x86_64", "gdb-multiarch", "gdb-multiarch"),
    ("arm", "arm-linux-gnueabihf-gcc", "gcc-arm-linux-gnueabihf"),
])
def test_make_run_names_what_is_missing(tmp_path, run_arch, missing, package):
    env = env_without(tmp_path, missing)
    out = subprocess.run(["make", "-C", ROOT, "--no-print-directory", "run", f"ARCH={run_arch}"],
                         env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode != 0, out
    assert out.stdout == "", out.stdout
    lines = out.stderr.splitlines()
    assert len(lines) == 1, out.stderr
    assert f"make run: missing {missing}; install with: " in lines[0], lines
    assert lines[0].removesuffix(".  Stop.").endswith(f"ci/deps {package}"), lines


def test_make_check_names_what_is_missing(tmp_path):
    env = env_without(tmp_path, "qemu-system-arm")
    out = subprocess.run(["make", "-C", ROOT, "--no-print-directory", "check-arm"],
                         env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode != 0, out
    line = out.stderr.strip()
    assert "\n" not in line, out.stderr
    # lldb is not among the links either: both are named, with their packages.
    assert "make check-arm: missing lldb qemu-system-arm; install with: " in line, line
    assert "ci/deps lldb qemu-system-arm" in line, line


def test_a_set_up_machine_passes_silently():
    for goal, arches in (("run", ["x86_64"]), ("check", ["x86_64", "i386", "arm"])):
        out = subprocess.run(["sh", os.path.join(ROOT, "scripts", "deps-check"), goal] + arches,
                             capture_output=True, text=True, timeout=60)
        assert (out.returncode, out.stdout, out.stderr) == (0, "", ""), out
