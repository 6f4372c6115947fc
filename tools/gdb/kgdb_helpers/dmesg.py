# SPDX-License-Identifier: MIT
"""kgdb-dmesg: the kernel log buffer (kernel/printk.c), read from memory."""
import gdb

from .kernel import var


def log_text():
    """The log as the kernel's log_buf_dump() prints it: from the oldest
    line still whole in the ring to the newest byte."""
    buf = var("log_buf", "printk.c")
    head = int(var("log_head", "printk.c"))    # bytes ever written
    size = buf.type.sizeof
    data = bytes(gdb.selected_inferior().read_memory(buf.address, size))
    if head <= size:
        return data[:head]
    # The ring holds the last @size bytes; start after the first newline,
    # so that the first line is whole.
    ring = data[head % size:] + data[:head % size]
    nl = ring.find(b"\n")
    return ring[nl + 1:] if nl >= 0 else ring


class DmesgCommand(gdb.Command):
    """Print the kernel log buffer, oldest line first.
Usage: kgdb-dmesg"""

    def __init__(self):
        super().__init__("kgdb-dmesg", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        gdb.write(log_text().decode(errors="replace"))
