#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write the C header of a .config: #define CONFIG_FOO 1 for each set symbol."""
import os
import sys

import kconfiglib


def main():
    config, header = sys.argv[1], sys.argv[2]
    kconf = kconfiglib.Kconfig("Kconfig", warn_to_stderr=False)
    kconf.load_config(config)
    os.makedirs(os.path.dirname(header), exist_ok=True)
    tmp = header + ".tmp"
    kconf.write_autoconf(tmp)
    os.replace(tmp, header)


if __name__ == "__main__":
    main()
