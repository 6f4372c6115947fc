# SPDX-License-Identifier: MIT
"""kdb, typed at on the kgdboc line as a person would, the same on every
arch: the ways in and their banners, each command's output checked
against what the kernel says of the same thing, breakpoints and a step,
the line editor, gdb taking the line and handing it back, permissions,
and scripts run on a panic."""
import re
import time

import pytest

from kdbline import KdbLine
from lib.rsp import frame
from machine import NO_NMI, PROMPT, tty

BANNER = r"Entering kdb \(current=0x[0-9a-f]+, pid \d+\) on processor (\d+) "


def at_prompt(m, line):
    """The machine stopped at kgdbwait in kdb: a fresh prompt (the banner
    went out before the line was connected)."""
    m.expect(r"kgdb: waiting for gdb", timeout=60)
    line.write("\r")
    line.prompt()
    line.settle()
    # No pager but where a test wants one.
    line.cmd("set LINES=1000")


def sysrq_in(m, line):
    """A booted machine (booted to the shell) entered by SysRq-G from the shell: kdb's banner
    says so, then its prompt."""
    m.write("sysrq g\n")
    banner = line.expect(BANNER + r"due to Keyboard Entry.*\n", timeout=30).group(0)
    # Nothing a gdb waiting for an ack could take for one.
    assert b"+" not in banner, banner
    line.prompt()
    line.settle()
    line.cmd("set LINES=1000")


def value_of(line, word):
    """kdb's evaluation of a bare symbol or number."""
    out = line.cmd(word)
    m = re.search(rf"{re.escape(word)} = 0x([0-9a-f]+)", out)
    assert m, out
    return int(m.group(1), 16)


@pytest.mark.parametrize("smp", [1, 4], ids=["smp1", "smp4"])
def test_kdb_commands(kdb_boot, arch, smp):
    """Entered by SysRq-G: help, a symbol's value, md against that value,
    rd, ps and bta naming every task, btc every CPU, cpu, summary, dmesg,
    grep and the pager, an unknown word."""
    m, line = kdb_boot(smp=smp, wait=False)
    # The kernel's own ps, which kdb's must agree with.
    kernel_ps = set(re.findall(r"^\s*(\d+) \w+\s+\d+ (\S+)", m.run("ps"), re.M))
    sysrq_in(m, line)
    out = line.cmd("help")
    assert all(re.search(rf"^{c}\s", out, re.M) for c in ("md", "bt", "ps", "go", "ss", "bp")), out

    jiffies = value_of(line, "jiffies")
    out = line.cmd("md4c1 jiffies")
    assert re.match(rf"\s*0x0*{jiffies:x}\s", out), out
    assert "Unknown kdb command: 'nosuchcmd'" in line.cmd("nosuchcmd")

    out = line.cmd("rd")
    assert len(re.findall(r"\w+\s*=\s*0x[0-9a-f]+", out)) >= 8, out

    ps = line.cmd("ps A")
    tasks = re.findall(r"^0x[0-9a-f]+\s+(\d+)\s+\d+\s+[ *]\s+\d+\s+([RSIZ])\s+0x[0-9a-f]+ (\S+)",
                       ps, re.M)
    names = [t[2] for t in tasks]
    assert "init" in names and sum(n.startswith("idle") for n in names) == smp, ps
    assert {(t[0], t[2]) for t in tasks} == kernel_ps, (kernel_ps, ps)
    assert "suppressed" in line.cmd("ps")
    bta = line.cmd("bta")
    assert sorted(re.findall(r"Stack traceback for pid (\d+)", bta)) == sorted(t[0] for t in tasks), bta
    assert bta.count("Call Trace:") == len(tasks), bta
    btc = line.cmd("btc")
    assert re.findall(r"Stack traceback for cpu (\d+)", btc) == [str(c) for c in range(smp)], btc
    assert "Call Trace:" in line.cmd("bt")
    assert re.search(r"Available cpus: " + " ".join(str(c) for c in range(smp)),
                     line.cmd("cpu")), "cpu"
    assert re.search(rf"cpus\s+{smp} online", line.cmd("summary"))

    out = line.cmd("dmesg 3")
    assert len([x for x in out.split("\n") if x.strip()]) == 3, out
    assert "sysrq" in out.lower(), out

    out = line.cmd("ps A | grep init")
    assert "init" in out and "idle" not in out, out

    line.cmd("set LINES=5")
    line.write("bta\r")
    line.expect("more> ")
    line.write(" ")
    line.expect("more> ")
    line.write("q")
    line.prompt()
    line.cmd("set LINES=1000")


def test_kdb_breakpoint_and_step(kdb_boot, arch):
    """bp at cmd_uptime, go, and typing uptime enters kdb at it; ss moves
    the PC by one instruction; bc clears it and go runs the command."""
    m, line = kdb_boot()
    at_prompt(m, line)
    addr = value_of(line, "cmd_uptime")
    out = line.cmd("bp cmd_uptime")
    assert re.search(rf"BP #0 at 0x0*{addr:x}", out), out
    assert "BP #0" in line.cmd("bl")
    line.write("go\r")
    m.expect(re.escape(PROMPT), timeout=30)
    m.write("uptime\n")
    line.expect(BANNER + rf"due to Breakpoint @ 0x0*{addr:x}", timeout=30)
    line.prompt()
    out = line.cmd("ss")
    pc = int(re.search(r"SS trap @ 0x([0-9a-f]+)", out).group(1), 16)
    assert addr < pc <= addr + 8, (hex(addr), out)
    assert "cleared" in line.cmd("bc 0")
    line.write("go\r")
    m.expect(r"up \d+", timeout=30)


def test_kdb_line_editing(kdb_boot, arch):
    """Backspace, Ctrl-U, Ctrl-C, history (up), CR, LF and CRLF each
    ending one line, and Tab completing symbols."""
    m, line = kdb_boot()
    at_prompt(m, line)
    value = value_of(line, "jiffies")
    assert "jiffies = 0x" in line.cmd("jiffiesX\x7f")
    assert "jiffies = 0x" in line.cmd("\x08\x08nonsense\x15jiffies")
    line.write("abc\x03")
    line.expect(r"\^C")
    line.prompt()
    assert "jiffies = 0x" in line.cmd("\x1b[A")           # the last line again
    for end in ("\r", "\n", "\r\n"):
        prompts = line.text().count("kdb> ")
        line.write("cmd_uptime" + end + "jiffies\r")
        line.expect(r"cmd_uptime = 0x")
        line.prompt()
        line.expect(r"jiffies = 0x")
        line.prompt()
        time.sleep(0.3)
        # Two lines, two prompts: the line end ended exactly one line.
        assert line.text().count("kdb> ") == prompts + 2, (repr(end), line.text()[-500:])
    assert "Unknown kdb command" not in line.text()
    assert value_of(line, "jiffies") == value      # the history's copy gave the same
    # Tab completes a symbol; where names part, a second Tab lists them.
    out = line.cmd("cmd_upt\t")
    assert "cmd_uptime = 0x" in out, out
    line.write("cmd_\t\t")
    listed = line.expect(r"cmd_\w+\r\n(cmd_\w+\r\n)+\[\d+\]kdb> cmd_").group(0).decode()
    assert "cmd_uptime\n" in listed.replace("\r\n", "\n"), listed
    line.write("\x15")


def test_kdb_hands_the_line_to_gdb_and_back(kdb_boot, target, arch):
    """A gdb attaching to kdb's line gets it (its packet is answered) and
    runs kdb's commands as monitor commands, also when it attaches while kdb
    waits at the pager; its detach gives it back: the
    next entry (SysRq-G) shows kdb, where 'kgdb' hands it to gdb again."""
    m, line = kdb_boot()
    at_prompt(m, line)
    # What kdb shows now, gdb must show at the same stop.
    regs = [int(v, 16) for v in re.findall(r"=\s*0x([0-9a-f]+)", line.cmd("rd"))]
    word = int(line.cmd("md4c1 jiffies").split()[1], 16)
    # gdb attaches while kdb waits at the pager: its packet is no key.
    line.cmd("set LINES=5")
    line.write("bta\r")
    line.expect("more> ")
    line.close()
    g = target.gdb()
    # ... at once: its first packet answered, not timed out and sent again.
    assert not any("packet error" in l or "Timed out" in l for l in g.log), g.log
    pc = int(re.search(r"0x([0-9a-f]+)", g.cmd("p/x $pc")).group(1), 16)
    sp = int(re.search(r"0x([0-9a-f]+)", g.cmd("p/x $sp")).group(1), 16)
    assert pc in regs and sp in regs, ([hex(r) for r in regs], hex(pc), hex(sp))
    assert int(g.cmd("x/1wx &jiffies").split()[-1], 16) == word
    assert f"{word:08x}" in g.monitor("md4c1 jiffies")
    g.cmd("detach")
    g.close()
    m.expect(re.escape(PROMPT), timeout=30)
    line = KdbLine(m.ports[1])
    m.write("sysrq g\n")
    line.expect(BANNER + "due to Keyboard Entry", timeout=30)
    line.prompt()
    line.write("kgdb\r")
    line.expect("attach")
    line.close()
    g = target.gdb()
    assert re.search(r"= \d+", g.cmd("p jiffies"))
    g.cmd("detach")
    m.expect(re.escape(PROMPT), timeout=30)


def test_kdb_reads_a_gdb_packet_that_pauses(kdb_boot, arch):
    """gdb's first packet with a pause of 1.5 s inside it, as a loaded host
    delivers one: kdb reads it whole and the gdb stub answers it; none of
    it is echoed as typing (gdb would take a '+' in the echo for its ack)."""
    m, line = kdb_boot()
    at_prompt(m, line)
    body = b"qSupported:multiprocess+;swbreak+;hwbreak+"
    packet = frame(body)
    start = len(line.text())
    line.write(packet[:20])
    time.sleep(1.5)
    line.write(packet[20:])
    line.expect(r"\+\$PacketSize=[0-9a-f]+;[^#]*#[0-9a-f]{2}")
    assert packet[20:].decode() not in line.text()[start:], line.text()[start:]
    line.write("+$D#44")
    line.expect(r"\$OK#9a")
    line.write("+")
    m.expect(re.escape(PROMPT), timeout=60)


def test_kdb_permissions(kdb_boot, arch):
    """kdb.cmd_enable=0 leaves only the safe commands; kgdb.ro=1 refuses
    what writes."""
    m, line = kdb_boot(extra="kdb.cmd_enable=0")
    at_prompt(m, line)
    assert "Permission denied" in line.cmd("md jiffies")
    assert "Permission denied" in line.cmd("ps")
    assert "Permission denied" in line.cmd("jiffies")     # symbols are memory read's too
    assert re.search(r"^md\s", line.cmd("help"), re.M)
    line.write("go\r")     # always allowed: nobody is left stuck in the debugger
    m.expect(re.escape(PROMPT), timeout=30)
    m.stop()
    m, line = kdb_boot(extra="kgdb.ro=1")
    at_prompt(m, line)
    before = value_of(line, "bench_ticks")
    out = line.cmd("mm bench_ticks 0x1234")
    assert "read-only" in out, out
    assert "read-only" in line.cmd("bp cmd_uptime")
    assert re.search(r"0x[0-9a-f]+", line.cmd("md bench_ticks"))
    assert value_of(line, "bench_ticks") == before


def test_kdb_script_on_panic(kdb_boot, arch):
    """kdb.on_panic runs its commands on a panic, before the prompt, and
    its reboot restarts an unattended machine."""
    m, line = kdb_boot(extra='kdb.on_panic="bt;ps A;dmesg 5;reboot"', wait=False)
    m.write("crash panic\n")
    line.expect(BANNER + "due to panic", timeout=30)
    line.expect(r"kdb> bt\s+Stack traceback")
    line.expect(r"kdb> ps A\s+Task Addr")
    line.expect(r"kdb> dmesg 5")
    line.expect(r"kdb> reboot")
    # QEMU runs with -no-reboot, so the reboot ends the process.
    m.proc.wait(timeout=30)


def test_kdb_oops_asks_go_twice(kdb_boot, arch):
    """An oops enters kdb with its message; go must be typed twice."""
    m, line = kdb_boot(wait=False)
    m.write("crash null\n")
    line.expect(BANNER + "Oops: ", timeout=30)
    line.prompt()
    assert "Catastrophic error" in line.cmd("go")
    line.write("go\r")
    m.expect(r"Oops|oops|Killed|kill", timeout=30)


def test_kdb_on_the_console_itself(target, arch):
    """kgdboc on the console's own line: kdb is typed at on the console,
    and what it prints is there once, not twice."""
    m = target.boot(cmdline=f"console={tty(arch, 0)} kgdboc={tty(arch, 0)}")
    m.write("sysrq g\n")
    m.expect(BANNER + "due to Keyboard Entry", timeout=30)
    m.expect(r"\[\d+\]kdb> ")
    m.write("jiffies\r")
    m.expect(r"jiffies = 0x[0-9a-f]+")
    m.expect(r"\[\d+\]kdb> ")
    assert m.text().count("Entering kdb") == 1, m.text()[-2000:]
    assert m.text().count("jiffies = 0x") == 1, m.text()[-2000:]
    m.write("go\r")
    m.run("uptime")


def test_kdb_break_and_hard_lockup(kdb_boot, arch):
    """A serial BREAK then g enters kdb; with a CPU spinning with
    interrupts off, SysRq-G from the shell enters kdb on the other CPU and
    btc shows the locked one where it spins (rounded up by NMI), or says
    it did not stop where the arch has no NMI."""
    m, line = kdb_boot(smp=2, wait=False)
    m.send_break()
    time.sleep(0.2)
    m.write("g")
    line.expect(BANNER + "due to Keyboard Entry", timeout=30)
    line.prompt()
    line.write("go\r")
    m.write("\n")          # the shell only had the BREAK and the g: a new prompt
    m.expect(re.escape(PROMPT), timeout=30)
    m.write("crash hardlockup\n")
    m.expect(r"crash: hard lockup on CPU 1 \(interrupts off\)")
    m.write("sysrq g\n")
    line.expect(BANNER + "due to Keyboard Entry", timeout=30)
    line.prompt()
    line.settle()
    btc = line.cmd("btc 1")
    if arch in NO_NMI:
        assert "CPU 1 did not stop" in btc, btc
    else:
        assert re.search(r"Stack traceback for cpu 1.*\n(.*\n)*.*(lockup_thread|cpu_relax)", btc), btc
    line.write("go\r")
    m.expect(re.escape(PROMPT), timeout=30)
