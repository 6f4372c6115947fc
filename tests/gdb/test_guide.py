# SPDX-License-Identifier: MIT
"""The user's guide's sessions are true: every code block of docs/guide/
that follows a `<!-- session NAME -->` line is a part of session NAME, run
here as the guide shows it, and the lines the guide shows must come out.

In a session's blocks:
  (gdb) CMD        a command typed at gdb (run in one gdb -batch, as typed)
  kgdb-demo# CMD   a line typed at the shell, on the console, once gdb
                   has resumed the kernel with the command before
  anything else    a line the command before prints, in this order among
                   its output (other lines may come between); a number
                   or an address stands for any, as does the width of
                   a run of blanks, `...` for anything; a
                   block's first lines are the last gdb command's
The transcripts are x86_64's (a name the arch adds, `<!-- session NAME
x86_64 -->`, says so); other arches run the same commands."""
import glob
import os
import re
import subprocess
import threading

import pytest

from machine import PROMPT, ROOT, kernel_path

SESSION_RE = re.compile(r"^<!-- session (\S+)((?: \S+)*?) -->\n+(```\w*\n(.*?)```|((?:    [^\n]*\n|\n)+))",
                        re.M | re.S)
# What gdb prints only to a terminal, not in -batch.
INTERACTIVE_ONLY = {"Continuing."}


def sessions():
    """{name: (arches or None, [(kind, text, [expected lines])])}"""
    out = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "docs", "guide", "*.md"))):
        with open(path) as f:
            text = f.read()
        for m in SESSION_RE.finditer(text):
            name, arches = m.group(1), m.group(2).split() or None
            body = m.group(4) if m.group(4) is not None else "\n".join(
                line[4:] for line in m.group(5).split("\n"))
            steps = out.setdefault(name, (arches, []))[1]
            # A block's first lines are the last gdb command's, even after
            # a shell line: what gdb printed while the shell was typed at.
            gdbs = [s for s in steps if s[0] == "gdb"]
            current = gdbs[-1] if gdbs else None
            for line in body.rstrip("\n").split("\n"):
                if line.startswith("(gdb) "):
                    current = ("gdb", line[6:], [])
                    steps.append(current)
                elif line.startswith(PROMPT):
                    current = ("shell", line[len(PROMPT):], [])
                    steps.append(current)
                elif line.strip() and line.strip() != "..." and line not in INTERACTIVE_ONLY:
                    assert current, f"{path}: {name}: output before any command"
                    current[2].append(line.rstrip())
    return out


def pattern(line):
    """A line the guide shows, as a regex: numbers and addresses stand for
    any, and so does the width of a run of blanks (gdb pads columns to
    their longest entry)."""
    out = r"\s*"
    for part in re.split(r"(\.\.\.|0x[0-9a-f]+|\d+|\s+)", line.strip()):
        if part == "...":
            out += ".*"
        elif re.fullmatch(r"0x[0-9a-f]+", part):
            out += "0x[0-9a-f]+"
        elif re.fullmatch(r"\d+", part):
            out += r"\d+"
        elif re.fullmatch(r"\s+", part):
            out += r"\s+"
        else:
            out += re.escape(part)
    return out + r"\s*"


def assert_shows(output, expected, what):
    """@expected's lines, in order, among @output's lines."""
    lines = output.split("\n")
    i = 0
    for want in expected:
        rx = re.compile(pattern(want))
        while i < len(lines) and not rx.fullmatch(lines[i]):
            i += 1
        assert i < len(lines), f"{what}: no line like {want!r} in order in:\n{output}"
        i += 1


@pytest.mark.kgdboc_only
@pytest.mark.parametrize("name", sorted(sessions()))
def test_guide_session(arch, target, name):
    arches, steps = sessions()[name]
    if arch != "x86_64" and arches and arch not in arches:
        pytest.skip(f"session {name} is {', '.join(arches)}'s")
    m = target.boot()
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    cmd = ["gdb-multiarch", "-q", "-nx", "-batch", "-iex", f"add-auto-load-safe-path {ROOT}",
           "-iex", "set remotetimeout 30", "-ex", "set confirm off", "-ex", "set width 0",
           "-ex", f"file {kernel_path(arch)}", "-ex", f"target remote 127.0.0.1:{m.ports[1]}"]
    marks = []
    for i, (kind, text, _) in enumerate(steps):
        if kind == "gdb":
            marks.append(f"@@ step {i}")
            cmd += ["-ex", f"echo {marks[-1]}\\n", "-ex", text]
    # Each shell line is typed once the gdb command before it is under way.
    typed = []
    for i, (kind, text, _) in enumerate(steps):
        if kind == "shell":
            gate = max(j for j in range(i) if steps[j][0] == "gdb")
            typed.append((gate, i, text))
    gates = {gate: threading.Event() for gate, _, _ in typed}
    console = {}
    typer = threading.Thread(target=type_lines, args=(m, typed, gates, console), daemon=True)
    typer.start()
    gdb = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    watchdog = threading.Timer(180, gdb.kill)
    watchdog.start()
    out = []
    try:
        for line in gdb.stdout:
            out.append(line.rstrip("\n"))
            step = re.fullmatch(r"@@ step (\d+)", out[-1])
            if step and int(step.group(1)) in gates:
                gates[int(step.group(1))].set()
        gdb.wait()
    finally:
        watchdog.cancel()
    typer.join(60)
    text = "\n".join(out)
    assert gdb.returncode == 0, text
    for i, (kind, line, expected) in enumerate(steps):
        if kind == "gdb":
            seg = text.split(f"@@ step {i}\n")[1].split("\n@@ step ")[0]
            assert_shows(seg, expected, f"(gdb) {line}")
        else:
            assert i in console, f"{PROMPT}{line} was not typed"
            assert_shows(console[i], expected, f"{PROMPT}{line}")


def type_lines(m, typed, gates, console):
    """Type each shell line once its gate opens, and keep what the console
    printed for it (up to the shell's next prompt)."""
    for n, (gate, i, text) in enumerate(typed):
        if not gates[gate].wait(180):
            return
        if n == 0:
            m.expect(re.escape(PROMPT), timeout=120)    # the shell is up
        start = len(m.text())
        m.write(text + "\n")
        m.expect(re.escape(PROMPT), timeout=120)
        console[i] = m.text()[start:].replace("\r\n", "\n")
