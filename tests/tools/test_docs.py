# SPDX-License-Identifier: MIT
"""tools/docs.py: the docs' generated parts come from the source, and its
check (make check-docs) finds what a doc names that does not exist."""
import os
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import docs  # noqa: E402


def test_every_registration_is_found():
    params = docs.boot_params()
    assert params["kgdbwait"] == ("normal", "kernel/debug/debug_io.c")
    assert params["loglevel"][0] == "early"
    assert {"kgdboc", "kgdboe", "kgdb.ro", "kgdb.trace_buf", "kdb.on_panic"} <= set(params)
    table = docs.gen_params()
    for name, (kind, path) in params.items():
        assert f"| `{name}` | {kind} | `{path}` |" in table


def test_kconfig_reference_has_every_option_with_its_help():
    syms = docs.kconfig_symbols()
    page = docs.gen_kconfig()
    for name in ("KGDB", "KGDB_KDB", "KGDB_READ_ONLY", "KGDB_AGENT_SPACE", "KGDBOC",
                 "X86_64", "HAVE_KGDB_XOL"):
        assert f"### `CONFIG_{name}`" in page, name
    assert "gdb's trace, actions/collect" in page
    # Arch options are known on every arch, with the arches that have them.
    assert syms["KGDB_XOL"]["values"]["x86_64"] == "y"
    assert syms["KGDB_XOL"]["values"]["arm"] == "n"


def test_arch_table_says_what_arches_py_says():
    page = docs.gen_arches()
    row = next(r for r in page.split("\n") if r.startswith("| `riscv64` |") and "yes" in r)
    cols = [c.strip() for c in row.strip("|").split("|")][1:]
    have = dict(zip((c for c, _ in docs.FEATURES), cols))
    assert have["hardware breakpoints, watchpoints"] == "no"
    assert have["NMI roundup"] == "no"
    assert have["master naps while gdb is silent"] == "yes"


def test_a_stale_generated_part_fails_the_check():
    want = docs.generated()
    want["docs/reference/arches.md"] += "\nedited by hand\n"
    assert ("docs/reference/arches.md: not what the source gives: run python3 tools/docs.py"
            in docs.check(want))


def test_a_section_needs_its_markers():
    with pytest.raises(SystemExit):
        docs.replace_section("no markers here\n", "params", "x\n", "doc.md")
    text = "a\n" + docs.BEGIN.format("n") + "old\n" + docs.END.format("n") + "b\n"
    assert docs.replace_section(text, "n", "new\n", "doc.md") == \
        "a\n" + docs.BEGIN.format("n") + "new\n" + docs.END.format("n") + "b\n"


def problems(tmp_path, text):
    (tmp_path / "other.md").write_text("# Other page\n\n## A `code` heading, too\n\n"
                                       "## A transport: `struct kgdb_io`\n")
    doc = tmp_path / "doc.md"
    doc.write_text(text)
    return docs.check_doc(str(doc), docs.boot_params(), docs.kconfig_symbols(),
                          docs.top_level())


def test_a_doc_that_names_only_what_exists_passes(tmp_path):
    assert problems(tmp_path, "See [other](other.md#a-code-heading-too), `kernel/debug/`,\n"
                    "[its io](other.md#a-transport-struct-kgdb_io),\n"
                    "`tools/docs.py:12`, `kgdb.trace_buf=65536`, `kgdbwait`, `kdb.on_oops`,\n"
                    "`CONFIG_KGDB_TRACE`, `arch/<arch>/kernel/kgdb*.c`, `kgdb.c`, "
                    "[web](https://example.org/x), `other.md`.\n\n"
                    "    -append \"console=ttyS0 kgdboc=ttyS1 kgdbwait\"\n"
                    "    make run CMDLINE='loglevel=8 kgdb.ro' setconfig SET=\"KGDB=n\"\n"
                    "    kernel/not/a/path/in/a/code/block.c\n") == []


@pytest.mark.parametrize("text, problem", [
    ("[x](missing.md)", "link to missing.md: no such file"),
    ("[x](other.md#nowhere)", "link to other.md#nowhere: no such heading"),
    ("[x](#nowhere)", "link to #nowhere: no such heading"),
    ("in `kernel/debug/kgdb_hw.c`.", "`kernel/debug/kgdb_hw.c` does not exist"),
    ("see `nothing.md`", "`nothing.md` does not exist"),
    ("`kgdb.nothing=1`", "boot parameter kgdb.nothing is not registered anywhere"),
    ("    -append \"kgdbnothing=ttyS1\"\n", "boot parameter kgdbnothing is not registered"),
    ("CONFIG_KGDB_NOTHING", "CONFIG_KGDB_NOTHING is in no Kconfig"),
    ("`qemu-system-arm -append \"console=ttyAMA0 nothing=1\"`",
     "boot parameter nothing is not registered"),
    ("    make run CMDLINE='loglevel=8 nothing'\n", "boot parameter nothing is not registered"),
    ("`make setconfig SET=\"SMP=n NOTHING=y\"`", "NOTHING (in SET=) is in no Kconfig"),
])
def test_a_doc_that_names_what_does_not_exist_fails(tmp_path, text, problem):
    found = problems(tmp_path, text + "\n")
    assert any(problem in p for p in found), found
