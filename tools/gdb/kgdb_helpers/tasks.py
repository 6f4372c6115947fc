# SPDX-License-Identifier: MIT
"""Tasks: kgdb-ps, $kgdb_current(), $kgdb_per_cpu() and the struct task
pretty-printer (kernel/sched.c, include/kernel/sched.h)."""
import gdb
import gdb.printing

from .kernel import has_var, nr_cpus, pc_of, pointer_value, symbol, var

# gdb's thread ids under kgdb: a task is its pid + 1, CPU n's own thread
# KGDB_TID_CPU_BASE + n (kernel/debug/rsp.h).
KGDB_TID_CPU_BASE = 1000000


def tasks():
    """Every task on the kernel's task list (idle tasks included)."""
    t = var("task_list", "sched.c")
    seen = set()
    while pointer_value(t) and pointer_value(t) not in seen:
        seen.add(pointer_value(t))
        yield t.dereference()
        t = t["next"]


def is_idle(t):
    idle = var("idle_tasks", "sched.c")
    start = pointer_value(idle[0].address)
    return start <= pointer_value(t.address) < start + idle.type.sizeof


def state_name(t):
    """As the kernel's task_state_name()."""
    state = str(t["state"])
    if state == "TASK_RUNNING":
        if int(t["on_cpu"]) >= 0:
            return "running"
        return "idle" if is_idle(t) else "runnable"
    return state[len("TASK_"):].lower() if state.startswith("TASK_") else state


def trap_frame(cpu):
    """The trap frame kgdb saved for @cpu (master or held), or None."""
    if not has_var("kgdb_cpus"):
        return None
    regs = var("kgdb_cpus")[cpu]["regs"]
    return regs.dereference() if pointer_value(regs) else None


def task_pc(t):
    """Where @t is: its saved resume point, or for a task on a CPU the PC in
    the trap frame the debugger has for that CPU (None: running, unknown)."""
    cpu = int(t["on_cpu"])
    if cpu < 0:
        return pc_of(t["ctx"])
    frame = trap_frame(cpu)
    return pc_of(frame) if frame is not None else None


def task_cpu(t):
    cpu = int(t["on_cpu"])
    return cpu if cpu >= 0 else int(t["cpu"])


def comm(t):
    return t["comm"].string(errors="replace")


class PsCommand(gdb.Command):
    """List every task: pid, state, CPU, name, and where it is (the saved
    PC of a sleeping task, the trapped PC of one on a stopped CPU).
Usage: kgdb-ps"""

    def __init__(self):
        super().__init__("kgdb-ps", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        gdb.write("  PID STATE     CPU NAME             PC\n")
        for t in tasks():
            pc = task_pc(t)
            gdb.write(f"{int(t['pid']):5d} {state_name(t):<9s} {task_cpu(t):3d} "
                      f"{comm(t):<16s} {symbol(pc) if pc is not None else '(running)'}\n")


def selected_cpu():
    """The CPU of gdb's selected thread: under kgdb a CPU's own thread or a
    task on a CPU; under QEMU's gdbstub thread n is CPU n - 1."""
    thread = gdb.selected_thread()
    if thread is None:
        return 0
    tid = thread.ptid[1] or thread.ptid[2]
    kgdb = has_var("gdb_session", "gdbstub_session.c") and \
        bool(var("gdb_session", "gdbstub_session.c")["attached"])
    if kgdb:
        if tid >= KGDB_TID_CPU_BASE:
            return tid - KGDB_TID_CPU_BASE
        for t in tasks():
            if int(t["pid"]) == tid - 1 and int(t["on_cpu"]) >= 0:
                return int(t["on_cpu"])
        raise gdb.GdbError("the selected thread is not on a CPU: name one, "
                           "as in $kgdb_current(0)")
    return max(tid - 1, 0)


def cpu_arg(cpu):
    n = selected_cpu() if cpu is None else int(cpu)
    if not 0 <= n < nr_cpus():
        raise gdb.GdbError(f"CPU {n}: out of range (NR_CPUS is {nr_cpus()})")
    return n


class CurrentFunction(gdb.Function):
    """$kgdb_current([cpu]): the task (struct task *) running on @cpu, by
    default on the selected thread's CPU."""

    def __init__(self):
        super().__init__("kgdb_current")

    def invoke(self, cpu=None):
        return var("cpu_rq", "sched.c")[cpu_arg(cpu)]["curr"]


class PerCpuFunction(gdb.Function):
    """$kgdb_per_cpu("name"[, cpu]): @cpu's element of the per-CPU variable
    @name (an array of NR_CPUS entries, e.g. "cpu_rq", "kgdb_cpus"), by
    default the selected thread's CPU's."""

    def __init__(self):
        super().__init__("kgdb_per_cpu")

    def invoke(self, name, cpu=None):
        name = name.string()
        v = var(*name.split("::")[::-1]) if "::" in name else var(name)
        t = v.type.strip_typedefs()
        if t.code != gdb.TYPE_CODE_ARRAY or t.range()[1] + 1 != nr_cpus():
            raise gdb.GdbError(f"{name}: not a per-CPU array of NR_CPUS entries")
        return v[cpu_arg(cpu)]


class TaskPrinter:
    """struct task: a summary, then every field (new fields included)."""

    def __init__(self, val):
        self.val = val

    def to_string(self):
        t = self.val
        cpu = int(t["on_cpu"])
        where = f"on CPU{cpu}" if cpu >= 0 else f"last on CPU{int(t['cpu'])}"
        return f"task {int(t['pid'])} \"{comm(t)}\" {state_name(t)}, {where}"

    def children(self):
        for f in self.val.type.strip_typedefs().fields():
            yield f.name, self.val[f.name]


def lookup_task(val):
    t = val.type.strip_typedefs()
    if t.code == gdb.TYPE_CODE_STRUCT and t.tag == "task":
        return TaskPrinter(val)
    return None


def register_printer(objfile):
    gdb.printing.register_pretty_printer(objfile, lookup_task, replace=True)
