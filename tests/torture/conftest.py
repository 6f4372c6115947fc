# SPDX-License-Identifier: MIT
"""The torture suite's fixtures, and its report: the seed first, then what
each test did and found (tests/torture/torture.py Tally), totals, and a
closing 'N passed, N failed' line."""
from pathlib import Path

import pytest

import torture
from target import Target


HERE = Path(__file__).resolve().parent
_rootpath = Path.cwd()


def pytest_configure(config):
    global _rootpath
    _rootpath = config.rootpath


def pytest_sessionstart(session):
    if not hasattr(session.config, "workerinput"):      # the controller
        tr = session.config.pluginmanager.get_plugin("terminalreporter")
        if tr:
            tr.write_line(pytest_report_header(session.config))


def pytest_report_header(config):
    form = (f"long form, {torture.MINUTES:g} minutes" if torture.MINUTES else
            "long form" if torture.LONG else "short form")
    return f"torture: seed {torture.SEED} ({form}); replay with TORTURE_SEED={torture.SEED}"


@pytest.fixture
def target(arch):
    t = Target(arch)
    yield t
    t.close()


@pytest.fixture
def tally(request):
    t = torture.Tally(request.node.nodeid)
    yield t
    request.node.user_properties.append(("torture", {"counts": t.counts, "notes": t.notes}))


_results = {}       # nodeid -> "passed" / "failed" / "skipped"
_tallies = {}


def pytest_runtest_logreport(report):
    # make check runs the suites in one session: report only this one's.
    if HERE not in (_rootpath / report.fspath).resolve().parents:
        return
    prev = _results.get(report.nodeid)
    if report.failed:
        _results[report.nodeid] = "failed"
    elif report.skipped and prev is None:
        _results[report.nodeid] = "skipped"
    elif report.when == "call" and report.passed and prev is None:
        _results[report.nodeid] = "passed"
    if report.when == "teardown":
        for key, value in report.user_properties:
            if key == "torture":
                _tallies[report.nodeid] = value


def pytest_terminal_summary(terminalreporter):
    tr = terminalreporter
    if not _results:
        return
    tr.section(f"torture report, seed {torture.SEED}")
    totals = {}
    for nodeid in sorted(_results):
        tr.write_line(f"{_results[nodeid].upper():7} {nodeid}")
        t = _tallies.get(nodeid, {"counts": {}, "notes": []})
        for key in sorted(t["counts"]):
            tr.write_line(f"          {key}: {t['counts'][key]}")
            totals[key] = totals.get(key, 0) + t["counts"][key]
        for note in t["notes"]:
            tr.write_line(f"          note: {note}")
    tr.write_line("totals:")
    for key in sorted(totals):
        tr.write_line(f"          {key}: {totals[key]}")
    n = {k: sum(1 for v in _results.values() if v == k) for k in ("passed", "failed", "skipped")}
    tr.write_line(f"torture seed {torture.SEED}: {n['passed']} passed, {n['failed']} failed"
                  + (f", {n['skipped']} skipped" if n["skipped"] else ""))
    if n["failed"]:
        tr.write_line(f"replay: TORTURE_SEED={torture.SEED} (same TORTURE_LONG/TORTURE_MINUTES)")
