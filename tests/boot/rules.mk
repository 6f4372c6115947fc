# SPDX-License-Identifier: MIT
CHECK_TARGETS += check-boot

.PHONY: check-boot
check-boot: check-kernels
	CHECK_ARCHES="$(CHECK_ARCHES)" $(PYTEST) -q -p no:cacheprovider -n $(PYTEST_JOBS) tests/boot
