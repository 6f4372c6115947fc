# SPDX-License-Identifier: MIT
CHECK_TARGETS += check-tools check-docs

.PHONY: check-tools check-docs
check-tools:
	$(PYTEST) -q -p no:cacheprovider tests/tools

# The docs' generated pages match the source; every path, link, boot
# parameter and Kconfig option a doc names exists (tools/docs.py).
check-docs:
	$(PYTHON) tools/docs.py --check
