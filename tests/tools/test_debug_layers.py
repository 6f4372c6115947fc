# SPDX-License-Identifier: MIT
"""kernel/debug/'s layers call one way (docs/porting.md, "The layers"): the
file-level include and call graphs have no cycle, and the core names no
front end. Read from the sources as text: a function or variable a file
defines without `static` is what other files may call by name."""
import os
import re

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEBUG = os.path.join(ROOT, "kernel", "debug")
CORE = ("debug_", "kgdb_")          # the core and its registries
FRONT_END_HEADERS = ("rsp.h",)      # what the GDB front end keeps to itself

DEFINITION = re.compile(r"^(?!(?:static|typedef|extern)\b)(?:[A-Za-z_][\w ]*[\s*])"
                        r"([A-Za-z_]\w*)\s*(?:\(|\[|=|;)", re.M)


def sources():
    return sorted(f for f in os.listdir(DEBUG) if f.endswith((".c", ".h")))


def text(name):
    with open(os.path.join(DEBUG, name)) as f:
        # Comments and strings name things they do not call.
        src = re.sub(r"/\*.*?\*/|//[^\n]*", " ", f.read(), flags=re.S)
        return re.sub(r'"(?:\\.|[^"\\])*"', '""', src)


def includes(name):
    return set(re.findall(r'^#include "([^"]+)"', text(name), re.M))


def definitions(name):
    names = set(DEFINITION.findall(text(name))) if name.endswith(".c") else set()
    return names - {"if", "for", "while", "switch", "return", "sizeof"}


def cycle(graph):
    """One cycle of @graph (node -> set of nodes) as a list, or None."""
    state = {}

    def visit(node, path):
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt, path + [nxt])
                if found:
                    return found
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node, [node])
            if found:
                return found
    return None


def call_graph():
    files = [f for f in sources() if f.endswith(".c")]
    owner = {}
    for f in files:
        for name in definitions(f):
            owner[name] = f
    graph = {f: set() for f in files}
    for f in files:
        for word in set(re.findall(r"\b[A-Za-z_]\w*\b", text(f))):
            if word in owner and owner[word] != f:
                graph[f].add(owner[word])
    return graph


def test_every_file_is_read():
    defs = {f: definitions(f) for f in sources() if f.endswith(".c")}
    assert "take_master" not in defs["debug_core.c"]    # static
    assert "kgdb_breakpoint" in defs["debug_notify.c"]
    assert "gdb_get_packet" in defs["gdbstub_packet.c"]
    assert not any("gdb_packet" in d for d in defs.values())  # no such function
    assert "tx_char" in defs["gdbstub_packet.c"]         # __noinline
    # A file whose definitions the pattern misses drops out of the call graph
    # (gdbstub.c, the GDB front end's top, has none: KGDB_FRONTEND() is its way in).
    assert not defs["gdbstub.c"]
    assert all(d for f, d in defs.items() if f != "gdbstub.c"), [f for f, d in defs.items() if not d]


def test_include_graph_has_no_cycle():
    graph = {f: includes(f) & set(sources()) for f in sources()}
    assert cycle(graph) is None, " -> ".join(cycle(graph))


def test_call_graph_has_no_cycle():
    graph = call_graph()
    assert cycle(graph) is None, " -> ".join(cycle(graph))


def test_the_core_names_no_front_end():
    """The core drives a front end through struct kgdb_frontend only."""
    graph = call_graph()
    for f in sources():
        if not f.startswith(CORE):
            continue
        assert not includes(f) & set(FRONT_END_HEADERS), f
        if f.endswith(".c"):
            front = sorted(g for g in graph[f] if not g.startswith(CORE))
            assert not front, f"{f} calls {front} by name"


def test_cycle_finder_finds_one():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None
