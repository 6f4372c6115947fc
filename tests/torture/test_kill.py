# SPDX-License-Identifier: MIT
"""gdb SIGKILLed at every stage of a session: mid-packet, mid-write,
during a step, while the kernel runs with breakpoints and watchpoints set,
while a stop is being reported, and stopped at a breakpoint. Each time a
new gdb finds the kernel consistent: the text as in vmlinux, no
breakpoint or hardware slot left armed, every CPU released and running."""
import time

from machine import NO_HW_DEBUG
from torture import bad_console, booted_with_stress, check_consistent, rounds, scale

NCPUS = 2


def stage_mid_packet(g, rng, hw):
    """A big memory read: killed while its replies cross the line."""
    g.send("-data-read-memory-bytes log_buf 16384")
    time.sleep(rng.uniform(0, 0.3))


def stage_mid_write(g, rng, hw):
    data = bytes(rng.randrange(256) for _ in range(3000)).hex()
    g.send(f'-data-write-memory-bytes &log_buf[1000] "{data}"')
    time.sleep(rng.uniform(0, 0.3))


def stage_step(g, rng, hw):
    g.send('-interpreter-exec console "stepi 400"')
    time.sleep(rng.uniform(0, 0.5))


# @hw: the arch has hardware breakpoints and watchpoints (not NO_HW_DEBUG).

def stage_running_with_breakpoints(g, rng, hw):
    g.cmd("break cmd_uptime")
    if hw:
        g.cmd("hbreak cmd_cpus")
        g.cmd("watch stress_bad[1]")
        g.cmd("rwatch stress_bad[0]")
    g.cont()
    time.sleep(rng.uniform(0, 0.5))


def stage_reporting_a_stop(g, rng, hw):
    g.cmd("break stress_round")
    if hw:
        g.cmd("hbreak scheduler_tick")
    g.cont()
    time.sleep(rng.uniform(0, 0.05))


def stage_stopped_at_breakpoint(g, rng, hw):
    g.cmd("watch stress_shared" if hw else "break stress_round")
    g.cont()
    stop = g.wait_stop(30)
    assert stop.reason == ("watchpoint-trigger" if hw else "breakpoint-hit"), stop
    g.cmd("break stress_round")


STAGES = [stage_mid_packet, stage_mid_write, stage_step, stage_running_with_breakpoints,
          stage_reporting_a_stop, stage_stopped_at_breakpoint]


def test_gdb_killed_at_every_stage(target, arch, tally):
    m, g = booted_with_stress(target, NCPUS)
    rng = tally.rng
    for _ in rounds(tally, scale(1, 10), share=0.15):
        # The short form kills at three stages, chosen by the seed.
        for stage in rng.sample(STAGES, scale(3, len(STAGES))):
            stage(g, rng, arch not in NO_HW_DEBUG)
            g.kill9()
            tally.add(f"gdbs killed: {stage.__name__[6:].replace('_', ' ')}")
            g = target.gdb()
            check_consistent(m, g, tally, NCPUS)
            tally.add("sessions survived")
    g.cont()
    assert not bad_console(m), bad_console(m)
