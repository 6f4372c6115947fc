# SPDX-License-Identifier: MIT
"""kernel/debug/'s layers call one way (docs/porting.md, "The layers"): the
file-level include and call graphs of kernel/debug/ and kernel/debug/kdb/
have no cycle, every file is in one layer (the front ends, the
registry, the core with the agent), a file includes and calls only its
own layer and those below, and a front end's own header is its alone.
Read from the sources as text: a function or variable a file defines
without `static` is what other files may call by name."""
import os
import re

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEBUG = os.path.join(ROOT, "kernel", "debug")
CORE = ("debug_", "kgdb_")          # the core and its registries
FRONT_END_HEADERS = ("rsp.h", "kdb/kdb.h")  # what each front end keeps to itself
# docs/porting.md's layers, top first: a file's layer by its name.
LAYERS = (
    ("front ends", re.compile(r"gdbstub\w*\.c|rsp\.h|kdb/\w+\.[ch]")),
    ("registry", re.compile(r"debug_(io|console|notify)\.c|kgdb_monitor\.c")),
    ("core", re.compile(r"debug_(?!io\.|console\.|notify\.|agent)\w+\.[ch]|frontend\.h")),
    ("agent", re.compile(r"debug_agent\w*\.c|agent\.h")),
)
# The agent is the core's: its expressions read registers and memory with
# the core's accessors, and the core's conditions and trace run them.
SAME_LAYER = {("agent", "core"), ("core", "agent")}

DEFINITION = re.compile(r"^(?!(?:static|typedef|extern)\b)(?:[A-Za-z_][\w ]*[\s*])"
                        r"([A-Za-z_]\w*)\s*(?:\(|\[|=|;)", re.M)


def sources():
    """kernel/debug/'s files, and kdb's as kdb/<name>."""
    kdb = os.path.join(DEBUG, "kdb")
    return sorted([f for f in os.listdir(DEBUG) if f.endswith((".c", ".h"))] +
                  ["kdb/" + f for f in os.listdir(kdb) if f.endswith((".c", ".h"))])


def text(name):
    with open(os.path.join(DEBUG, name)) as f:
        # Comments and strings name things they do not call.
        src = re.sub(r"/\*.*?\*/|//[^\n]*", " ", f.read(), flags=re.S)
        return re.sub(r'"(?:\\.|[^"\\])*"', '""', src)


def includes(name):
    """The headers @name includes, named as sources() names them."""
    here = os.path.dirname(name)
    return {os.path.normpath(os.path.join(here, h))
            for h in re.findall(r'^#include "([^"]+)"', text(name), re.M)}


def layer(name):
    """The index in LAYERS of @name's layer (0: the top)."""
    found = [i for i, (_, pattern) in enumerate(LAYERS) if pattern.fullmatch(name)]
    assert found, f"{name} is in no layer of docs/porting.md"
    return found[0]


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
    # (but for those only a table reaches: gdbstub.c, the GDB front end's top,
    # is a KGDB_FRONTEND(), and kdb's command files fill in KGDB_COMMAND()s).
    tables = [f for f, d in defs.items() if not d]
    assert "gdbstub.c" in tables
    for f in tables:
        assert re.search(r"^KGDB_(FRONTEND|COMMAND)\(", text(f), re.M), f


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


def test_every_file_has_a_layer():
    assert layer("gdbstub_frame.c") == 0 and layer("kdb/kdb_main.c") == 0
    assert LAYERS[layer("debug_notify.c")][0] == "registry"
    assert LAYERS[layer("debug_agent_printf.c")][0] == "agent"
    for f in sources():
        layer(f)


def below_or_beside(f, g):
    """Whether @f may include or call @g by name: same layer, or one below."""
    lf, lg = LAYERS[layer(f)][0], LAYERS[layer(g)][0]
    return layer(g) >= layer(f) or (lf, lg) in SAME_LAYER


def test_includes_and_calls_go_down():
    graph = call_graph()
    for f in sources():
        for h in includes(f) & set(sources()):
            assert below_or_beside(f, h), f"{f} includes {h}, a layer above"
            if h in FRONT_END_HEADERS:
                assert os.path.dirname(h) == os.path.dirname(f) and \
                    (h != "rsp.h" or f.startswith("gdbstub")), f"{f} includes {h}"
        for g in graph.get(f, ()):
            assert below_or_beside(f, g), f"{f} calls {g}, a layer above"


def test_a_call_against_the_layers_fails():
    assert not below_or_beside("debug_core.c", "kdb/kdb_main.c")
    assert not below_or_beside("debug_agent.c", "debug_io.c")
    assert below_or_beside("kdb/kdb_main.c", "gdbstub_frame.c")


def test_cycle_finder_finds_one():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None
