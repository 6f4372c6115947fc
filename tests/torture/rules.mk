# SPDX-License-Identifier: MIT
# The torture suite (tests/torture): a bad line, dying gdbs, garbage on the
# line, an SMP storm, many sessions and steps, a loaded kernel. `make check`
# runs its short form; `make torture` the long one (the issue's counts, or
# TORTURE_MINUTES=60 for a soak that repeats rounds for an hour).
# TORTURE_SEED=n replays a run; TORTURE_ARCHES selects the arches.

CHECK_TARGETS += check-torture
TORTURE_ARCHES ?= $(CHECK_ARCHES)
TORTURE_JOBS ?= $(PYTEST_JOBS)
TORTURE_PYTEST = CHECK_ARCHES="$(TORTURE_ARCHES)" TORTURE_SEED="$(TORTURE_SEED)" \
	TORTURE_JOBS=$(TORTURE_JOBS) $(PYTEST) -q -p no:cacheprovider \
	-n $(TORTURE_JOBS) -rf tests/torture

.PHONY: check-torture torture
check-torture: check-kernels
	TORTURE_LONG= TORTURE_MINUTES= $(TORTURE_PYTEST)

torture:
	$(Q)$(MAKE) --no-print-directory check-kernels CHECK_ARCHES="$(TORTURE_ARCHES)"
	TORTURE_LONG=1 TORTURE_MINUTES="$(TORTURE_MINUTES)" $(TORTURE_PYTEST)
