// SPDX-License-Identifier: MIT
#include "fake.h"

_Bool online[FAKE_NR_CPUS];
