# SPDX-License-Identifier: MIT
"""What make run, the bench and the tests share: the remote protocol's
framing (rsp), QEMU's command line (qemu) and a booted machine (machine).
tools/ imports nothing from tests/; the tests import from here."""
