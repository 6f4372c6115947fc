# SPDX-License-Identifier: MIT
CHECK_TARGETS += check-kdb

.PHONY: check-kdb
check-kdb: check-kernels
	CHECK_ARCHES="$(CHECK_ARCHES)" $(PYTEST) -q -p no:cacheprovider -n $(PYTEST_JOBS) tests/kdb
