# SPDX-License-Identifier: MIT
CHECK_TARGETS += check-tools

.PHONY: check-tools
check-tools:
	$(PYTEST) -q -p no:cacheprovider tests/tools
