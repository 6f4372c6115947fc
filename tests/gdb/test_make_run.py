# SPDX-License-Identifier: MIT
"""`make run` without a terminal: the scripted session a newcomer sees."""
import os
import re
import subprocess
import sys

from machine import ROOT


def test_scripted_session(arch):
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "run.py"),
                          "--arch", arch, "--script"], stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=240)
    text = out.stdout + out.stderr
    assert out.returncode == 0, text
    assert re.search(r"Breakpoint 1, cmd_uptime", text), text
    assert re.search(r"#\d+ .* shell_thread", text), text
    assert re.search(r'"shell"|shell', text.split("(gdb) info threads")[-1]), text
    assert "Detaching" in text or "detached" in text.lower(), text
