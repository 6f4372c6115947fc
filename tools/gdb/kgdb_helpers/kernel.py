# SPDX-License-Identifier: MIT
"""Reading the kernel's variables and structures by name."""
import gdb


def var(name, file=None):
    """The kernel variable @name; a static one is looked up in @file (a
    source file's base name, e.g. "sched.c") when two files could use the
    same name. Raises gdb.GdbError if the kernel has no such variable."""
    expr = f"'{file}'::{name}" if file else name
    try:
        return gdb.parse_and_eval(expr)
    except gdb.error:
        raise gdb.GdbError(f"{name}: not in this kernel's symbols "
                           "(a vmlinux with debug info is needed)")


def has_var(name, file=None):
    try:
        var(name, file)
        return True
    except gdb.GdbError:
        return False


def has_field(value, name):
    return any(f.name == name for f in value.type.strip_typedefs().fields())


def nr_cpus():
    """NR_CPUS, as the length of a per-CPU array."""
    lo, hi = var("cpu_rq", "sched.c").type.strip_typedefs().range()
    return hi - lo + 1


def online_cpus():
    online = var("online", "smp.c")
    return [cpu for cpu in range(nr_cpus()) if bool(online[cpu])]


def pointer_value(v):
    return int(v.cast(gdb.lookup_type("unsigned long")))


def symbol(addr):
    """"func+off" for a text address, or its hex value."""
    if not addr:
        return "-"
    out = gdb.execute(f"info symbol {addr:#x}", to_string=True).strip()
    if out.startswith("No symbol"):
        return f"{addr:#x}"
    name = out.split(" in section")[0]
    return name.replace(" + ", "+")


# The program counter in a switched-out task's saved context and in a trap
# frame, by field name: each arch names it its own way (RISC-V's sleeping
# task resumes at its saved ra, so that comes last: MIPS saves both).
PC_FIELDS = ("pc", "rip", "eip", "ip", "cp0_epc", "nip", "sepc", "ra")


def pc_of(record):
    """The program counter field of a struct arch_context or pt_regs."""
    for name in PC_FIELDS:
        if has_field(record, name):
            return int(record[name])
    raise gdb.GdbError(f"{record.type}: no program counter field")


SIGNALS = {1: "SIGHUP", 2: "SIGINT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT",
           7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 15: "SIGTERM"}


def signal_name(signo):
    return SIGNALS.get(signo, f"signal {signo}")
