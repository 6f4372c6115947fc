# SPDX-License-Identifier: MIT
"""kgdb-cpus: each online CPU, the task on it, and why it is stopped."""
import gdb

from .kernel import has_var, online_cpus, pc_of, pointer_value, signal_name, symbol, var
from .tasks import comm, trap_frame

# enum kgdb_stop_kind (kernel/debug/frontend.h), by enumerator name.
STOP_KINDS = {"KGDB_STOP_SWBREAK": "breakpoint", "KGDB_STOP_HWBREAK": "hardware breakpoint",
              "KGDB_STOP_WATCH": "watchpoint", "KGDB_STOP_RWATCH": "read watchpoint",
              "KGDB_STOP_AWATCH": "access watchpoint"}


def kgdb_reason(cpu):
    """Why kgdb holds @cpu, or None when it does not."""
    if not has_var("kgdb_cpus"):
        return None
    state = var("kgdb_cpus")[cpu]
    if bool(state["in_debugger"]):
        why = "kgdb: stopped here (the debugger runs on this CPU)"
        stop = var("gdb_stop", "gdbstub_session.c")
        if pointer_value(stop) and int(stop["cpu"]) == cpu:
            kind = str(stop["kind"])
            why += ", " + STOP_KINDS.get(kind, signal_name(int(stop["signo"])))
        return why
    if bool(state["held"]):
        return "kgdb: held while another CPU is in the debugger"
    return None


def panic_reason(cpu):
    if not has_var("panic_cpu", "panic.c"):
        return None
    panic_cpu = int(var("panic_cpu", "panic.c"))
    if panic_cpu == cpu:
        return "panic: this CPU panicked"
    if panic_cpu >= 0:
        if bool(var("panic_stopping", "panic.c")):
            return f"panic: stopped by CPU{panic_cpu}'s panic"
        return f"CPU{panic_cpu} is panicking"
    return None


class CpusCommand(gdb.Command):
    """List the online CPUs: the task on each, its PC if the debugger
    trapped it, and why the CPU is stopped.
Usage: kgdb-cpus"""

    def __init__(self):
        super().__init__("kgdb-cpus", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        rq = var("cpu_rq", "sched.c")
        for cpu in online_cpus():
            curr = rq[cpu]["curr"]
            task = (f"{comm(curr.dereference())} (pid {int(curr['pid'])})"
                    if pointer_value(curr) else "-")
            frame = trap_frame(cpu)
            pc = symbol(pc_of(frame)) if frame is not None else "-"
            why = kgdb_reason(cpu) or panic_reason(cpu) or \
                "not stopped by the kernel (running, or stopped from outside)"
            gdb.write(f"CPU{cpu}: task {task}, pc {pc}\n  {why}\n")
