# SPDX-License-Identifier: MIT
CHECK_TARGETS += check-gdb

.PHONY: check-gdb
check-gdb: check-kernels
	CHECK_ARCHES="$(CHECK_ARCHES)" $(PYTEST) -q -p no:cacheprovider -n $(PYTEST_JOBS) tests/gdb
