# SPDX-License-Identifier: MIT
"""A kernel that gdb held stopped for a long time runs at its normal pace
once continued: every CPU's timer ticks at HZ again, whatever its counter
did meanwhile. A 32-bit counter compared with a signed difference (MIPS
Count at 160 MHz) misreads a tick that is more than 13.4 s late as one
still to come, and the CPU then waits for the counter to wrap, seconds
without a tick."""
import time

import pytest

# Longer than half the range of the counter the timer compares with,
# where that wraps within minutes: MIPS's 32-bit Count at 160 MHz. The
# others count in 64 bits or reload a down-counter each tick, and a
# shorter stop already misses hundreds of ticks.
WRAPPING_COUNTER_STOP_S = {"mips": 15, "mipsel": 15}
LONG_STOP_S = 4
# Ticks each CPU must take in SAMPLE_S once running: HZ=100 gives 200; a
# loaded host delays some, a stalled timer gives none or one.
SAMPLE_S = 2
MIN_TICKS = 50


@pytest.mark.kgdboc_only
def test_a_long_stop_leaves_every_cpu_ticking(target, arch):
    stop_s = WRAPPING_COUNTER_STOP_S.get(arch, LONG_STOP_S)
    m = target.boot(smp=2)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    g.cont()
    m.wait_boot()
    m.wait_every_cpu_ticks(2)
    g.interrupt()
    assert g.wait_stop().signal == "SIGINT"
    time.sleep(stop_s)
    g.cont()
    m.wait_every_cpu_ticks(2)
    before = m.timer_ticks()
    time.sleep(SAMPLE_S)
    after = m.timer_ticks()
    taken = {cpu: after[cpu] - before[cpu] for cpu in before}
    assert all(n >= MIN_TICKS for n in taken.values()), \
        f"ticks per CPU in {SAMPLE_S} s after a {stop_s} s stop: {taken}"
