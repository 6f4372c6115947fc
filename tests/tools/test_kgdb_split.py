# SPDX-License-Identifier: MIT
"""The packet/text sorting of tools/kgdb-split, on the host."""
import importlib.machinery
import importlib.util
import os

from lib.rsp import frame as pkt

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def load_split():
    path = os.path.join(ROOT, "tools", "kgdb-split")
    loader = importlib.machinery.SourceFileLoader("kgdb_split", path)
    spec = importlib.util.spec_from_loader("kgdb_split", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


def sort(split, *chunks):
    out = {"gdb": b"", "term": b""}
    for c in chunks:
        for dest, data in split.feed(c):
            out[dest] += data
    return out


def test_text_goes_to_terminal():
    s = load_split().Splitter()
    assert sort(s, b"hello\r\nkgdb-demo# ") == {"gdb": b"", "term": b"hello\r\nkgdb-demo# "}


def test_packet_goes_to_gdb_even_split_across_reads():
    s = load_split().Splitter()
    p = pkt(b"T05thread:1;")
    out = sort(s, b"boot text " + p[:4], p[4:], b" more")
    assert out == {"gdb": p, "term": b"boot text  more"}


def test_bad_checksum_is_text():
    s = load_split().Splitter()
    out = sort(s, b"price $5 #ab off")
    assert out["gdb"] == b""
    assert out["term"] == b"price $5 #ab off"


def test_ack_only_when_gdb_waits():
    s = load_split().Splitter()
    assert sort(s, b"+") == {"gdb": b"", "term": b"+"}
    s.gdb_waiting_ack = True
    assert sort(s, b"+" + pkt(b"OK")) == {"gdb": b"+" + pkt(b"OK"), "term": b""}
    assert sort(s, b"+") == {"gdb": b"", "term": b"+"}
