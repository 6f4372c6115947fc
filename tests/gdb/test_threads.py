# SPDX-License-Identifier: MIT
"""gdb's view of the kernel's threads across stops. gdb reads the whole
thread list at every stop; the stub sends it then without the threads'
texts (about 16 bytes a thread on the line instead of 54), and with them
whenever gdb reads it to show them: `info threads`, `thread apply`, MI's
-thread-info."""
import re
import time

from gdb import mi_unquote
from machine import PROMPT
from target import resume_to_shell
from test_kgdboc import THREAD_ENTRY

# What follows "Thread <id>" in gdb's listings: a CPU's shadow thread, or a
# task with its pid and state.
TEXT = r"CPU\d+(?: \(running\))?|[^,()]+, pid \d+, (?:on CPU\d+|[a-z]+)"
TASKS = ("init", "shell", "kworker/0", "events", "watchdog")


def thread_lists(g, since):
    """The thread lists gdb received in its log from line @since on."""
    text = "\n".join(mi_unquote(line[2:-1]) for line in g.log[since:] if line.startswith("&"))
    return re.findall(r"Packet received: [lm](<threads>.*?</threads>)", text)


def step_and_lists(g):
    """stepi; the thread lists gdb read for that stop."""
    since = len(g.log)
    g.pending_stops = []
    g.mi("-exec-next-instruction")
    g.wait_stop()
    # The stop's own packets are in the log before *stopped; the next
    # command's cannot be, so this is all the stop read.
    return thread_lists(g, since)


def assert_terse(lists):
    assert lists, "gdb read no thread list at the stop"
    for doc in lists:
        assert re.fullmatch(r'<threads>(?:<thread id="[0-9a-f]+"(?: core="\d+")?/>)+</threads>',
                            doc), doc


def test_thread_texts_after_each_kind_of_stop(attached):
    m, g = attached
    g.cont()
    m.expect(re.escape(PROMPT), timeout=30)
    g.interrupt()
    g.wait_stop()
    g.cmd("set debug remote 1")
    g.cmd("set debug remote-packet-max-chars unlimited")

    assert_terse(step_and_lists(g))
    since = len(g.log)
    threads = g.cmd("info threads")
    rows = re.findall(r"^\*?\s+\d+\s+Thread [0-9a-f]+ \((.*?)\)\s", threads, re.M)
    assert len(rows) >= 2 * m.cpus + len(TASKS), threads
    for text in rows:
        assert re.fullmatch(TEXT, text), (text, threads)
    for name in TASKS:
        assert re.search(rf"\({re.escape(name)}, pid \d+, ", threads), (name, threads)
    full = thread_lists(g, since)
    assert full and all("</thread>" in doc for doc in full), full

    assert_terse(step_and_lists(g))
    every = g.cmd("thread apply all p 0")
    heads = re.findall(r"^Thread \d+ \(Thread [0-9a-f]+ \((.*?)\)\):", every, re.M)
    assert len(heads) == len(rows), every
    assert all(re.fullmatch(TEXT, h) for h in heads), every

    assert_terse(step_and_lists(g))
    result, _ = g.mi("-thread-info")
    details = re.findall(r'details="((?:[^"\\]|\\.)*)"', result)
    assert len(details) == len(rows), result
    assert all(re.fullmatch(TEXT, mi_unquote(d)) for d in details), result
    g.cont()


def test_a_preempted_thread_is_where_it_was_interrupted(attached, arch):
    """Two busy threads share the last CPU (`spin`'s spinner and `spin
    all`'s counter there): the timer preempts each in turn. The one off
    the CPU says so, and its registers are those it was interrupted with:
    its backtrace starts in its own loop and runs down to its thread
    entry, with no scheduler frame (gdb's own software step, on arches
    where gdb steps itself, waits for the thread there)."""
    m, g = attached
    resume_to_shell(m, g)
    m.run("spin")
    m.run("spin all")
    row = None
    for _ in range(20):
        g.interrupt()
        g.wait_stop()
        threads = g.cmd("info threads")
        row = re.search(r"^\*?\s+(\d+)\s+Thread \d+ \((spinner|counter/\d+), pid \d+, "
                        r"preempted\)", threads, re.M)
        if row:
            break
        g.cont()
        time.sleep(0.2)
    assert row, threads
    g.cmd(f"thread {row.group(1)}")
    bt = g.cmd("bt")
    loop = ("bench_tick", "spinner_thread") if row.group(2) == "spinner" else \
        ("bench_count", "counter_thread")
    assert re.search(rf"#0 .*\b({'|'.join(loop)})\b", bt), bt
    for fn in (loop[1], "task_start_trampoline", THREAD_ENTRY[arch]):
        assert fn in bt, bt
    assert "schedule" not in bt and "switch_to" not in bt, bt
    assert "Backtrace stopped" not in bt and "??" not in bt, bt
    g.cont()
    assert "spinner" in m.run("ps")


def test_ctrl_c_stops_a_thread_gdb_runs_alone(attached):
    """`set scheduler-locking on` and `continue` of a busy thread (the
    spinner, which never stops by itself): the machine runs whole (a CPU
    alone could wait for good for a lock a held CPU has, and the line's
    interrupt may go to a held CPU: Ctrl-C was never heard), and gdb's
    Ctrl-C stops it in that thread, the only one gdb let run: a stop in
    another would make gdb 13 fail (skip_inline_frames). gdb then goes
    on with it, and without the lock."""
    m, g = attached
    resume_to_shell(m, g)
    m.run("spin")
    for _ in range(20):     # until the new spinner has run
        g.interrupt()
        g.wait_stop()
        threads = g.cmd("info threads")
        row = re.search(r"^\*?\s+(\d+)\s+Thread \d+ \(spinner, pid \d+, (on CPU\d|preempted)\)",
                        threads, re.M)
        if row:
            break
        g.cont()
        time.sleep(0.2)
    assert row, threads
    g.cmd("set scheduler-locking on")
    g.cmd(f"thread {row.group(1)}")
    for _ in range(2):
        g.cont()
        time.sleep(1)
        g.interrupt()
        stop = g.wait_stop()
        assert stop.signal == "SIGINT", stop
        assert re.search(r'thread-id="%s"' % row.group(1), stop.raw), stop
        # (in its loop, or in an interrupt it took there)
        bt = g.cmd("bt")
        assert "spinner_thread" in bt, bt
    g.cmd("set scheduler-locking off")
    g.cont()
    assert "spinner" in m.run("ps")

