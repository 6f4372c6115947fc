# SPDX-License-Identifier: MIT
"""tools/lib/rsp.py, the remote protocol's framing every test and tool
uses: packets built and read back whole, byte by byte, escaped and
run-length encoded, and damaged ones told apart."""
import pytest

from lib import rsp

SPECIALS = bytes(range(256))      # '#', '$', '}' and '*' among the rest


def scan(data, chunk=1):
    """Every packet rsp.Scanner finds in @data fed @chunk bytes at a time,
    and the acks it saw."""
    s = rsp.Scanner()
    out = []
    for i in range(0, len(data), chunk):
        s.feed(data[i:i + chunk])
        while (p := s.next()) is not None:
            out.append(p)
    return out, s.acks


def test_frame_is_body_and_checksum():
    assert rsp.frame(b"OK") == b"$OK#9a"
    assert rsp.frame(b"") == b"$#00"
    assert rsp.frame(b"D") == b"$D#44"


@pytest.mark.parametrize("chunk", [1, 3, 4096])
def test_binary_data_round_trips(chunk):
    body = b"X1000,100:" + rsp.escape(SPECIALS)
    assert not set(body[10:]) & set(b"#$") and body.count(b"}") == 4
    packets, acks = scan(b"+" + rsp.frame(body) + b"+" + rsp.frame(b"OK"), chunk)
    assert packets == [body, b"OK"] and acks == b"++"
    assert rsp.unescape(packets[0][10:]) == SPECIALS


def test_run_length_encoding_is_expanded():
    # '0* ': '0' and 32 - 29 = 3 more; a '*' with nothing after it is itself.
    assert rsp.unrle(b"0* 1*!") == b"00001" + b"1" * 4
    assert rsp.unrle(b"ab*") == b"ab*"
    assert rsp.parse(rsp.frame(b"T05*\"")) == b"T0" + b"5" * 6
    assert scan(rsp.frame(b"f*%"))[0] == [b"f" * 9]


def test_bad_checksum_is_damaged():
    good = rsp.frame(b"m1000,4")
    for bad in (good[:-2] + b"00", good[:-2] + b"+1", good[:-2] + b"zz"):
        assert scan(bad) == ([rsp.DAMAGED], b"")
        with pytest.raises(ValueError):
            rsp.parse(bad)
    assert rsp.parse(good) == b"m1000,4"


def test_noise_acks_and_cut_off_packets():
    """Text and acks between packets; a packet cut off by the next '$'
    (its '-' is no NAK) is dropped; an unfinished one waits for its end."""
    data = b"boot text+-" + b"$m10-" + rsp.frame(b"S05") + b"-" + rsp.frame(b"OK")[:-1]
    packets, acks = scan(data)
    assert packets == [b"S05"] and acks == b"+--"
    s = rsp.Scanner()
    s.feed(data)
    assert s.next() == b"S05" and s.next() is None and s.next() is None
    s.feed(b"a")
    assert s.next() == b"OK"


def test_unescape_refuses_a_trailing_escape():
    with pytest.raises(ValueError):
        rsp.unescape(b"ab}")
