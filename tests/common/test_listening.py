"""``common.listening``: one wording of a port that cannot be had, one Origin rule, for
``serve`` and a hosted table alike."""

from __future__ import annotations

import errno

from boardgames.common.listening import CannotListen, same_origin


def test_a_host_from_the_command_line_is_quoted_as_plain_text() -> None:
    hostile = "[@click=app.quit]x[/]\x1b[2J"
    taken = CannotListen(hostile, 8080, OSError(errno.EADDRINUSE, "in use"))
    assert "\x1b" not in taken.message and "port 8080 is already in use" in taken.message
    other = CannotListen("10.9.9.9", 80, OSError(errno.EADDRNOTAVAIL, "Cannot assign requested address"))
    assert other.message == "cannot listen on 10.9.9.9 port 80: Cannot assign requested address"


def test_both_servers_share_the_one_rule() -> None:
    from boardgames.net import server

    assert server.same_origin is same_origin
    assert same_origin("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert not same_origin("https://evil.example", "127.0.0.1:8000")
    assert not same_origin("null", "127.0.0.1:8000") and not same_origin(None, "127.0.0.1:8000")
