# SPDX-License-Identifier: MIT
# make bench: the debugger over kgdboc against QEMU's own gdbstub, the
# serial line's own speed, and the footprint (tools/bench/bench.py; see
# docs/bench.md). Not part of make check.
BENCH_RUNS ?= 5
BENCH_ARCHES ?= $(ARCHES)

.PHONY: bench
bench:
	$(PYTHON) tools/bench/bench.py --arch $(ARCH) --runs $(BENCH_RUNS) \
		--footprint-arches "$(BENCH_ARCHES)"
