"""``boardgames serve``: the suite in a web browser, safe by default.

The server is started as a player would start it, on a free port of this machine's
loopback address only; the tests read the address it prints (with its token), fetch
its page and open the websocket a browser opens.  The guards (token, origin, terminal
size, number of tables) are also driven in-process against ``TableServer`` with a
stand-in app (``FAKE_APP``) that reports the terminal size it is told, so what reaches
the app process can be read.  Every wait is for a state (a page that answers, a
message that arrives) with a generous bound, never a fixed sleep.
"""

from __future__ import annotations

import asyncio
import gc
import os
import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="the web extra is not installed (./scripts/test installs it)")
aiohttp = pytest.importorskip("aiohttp")

from boardgames import serve  # noqa: E402 - only with the web extra
from boardgames.serve import (  # noqa: E402
    MAX_COLUMNS,
    MAX_ROWS,
    MAX_TABLES,
    TRY_AGAIN_LATER,
    TableServer,
    same_origin,
    terminal_size,
)

HOST = "127.0.0.1"
#: How long the server may take to answer, or the menu to arrive: only a real fault takes this long.
PATIENCE = 60.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _get(url: str) -> tuple[int, str]:
    """The status and text of *url* (an error status too); ``(0, "")`` while nothing answers."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:  # noqa: S310 - our own loopback server
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")
    except OSError:
        return 0, ""


class Served:
    """A ``boardgames serve`` process and the address it printed."""

    def __init__(self, process: subprocess.Popen[bytes], log: Path, address: str) -> None:
        self.process, self.log, self.address = process, log, address
        self.base, _, query = address.partition("/?")
        self.token = query.removeprefix("token=")
        self.ws = self.base.replace("http://", "ws://", 1)


def _wait_for_address(process: subprocess.Popen[bytes], log: Path) -> str:
    """The address ``serve`` prints once it listens (the log is polled, as a player reads it)."""
    deadline = time.monotonic() + PATIENCE
    while not (found := re.search(r"http://\S+", log.read_text("utf-8", "replace"))):
        assert process.poll() is None, log.read_text("utf-8", "replace")
        assert time.monotonic() < deadline, "the server never printed its address"
        time.sleep(0.05)
    return found.group(0)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One real ``boardgames serve`` for this module's tests (each connection is its own suite)."""
    folder = tmp_path_factory.mktemp("serve")
    log = folder / "serve.log"
    env = {**os.environ, "BOARDGAMES_DATA": str(folder / "data")}
    with log.open("wb") as out:  # a file, not a pipe: nobody has to keep reading it
        process = subprocess.Popen(
            [sys.executable, "-m", "boardgames", "serve", "--host", HOST, "--port", str(_free_port())],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
        )
    try:
        yield Served(process, log, _wait_for_address(process, log))
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


async def _handshake(url: str, origin: str | None) -> int:
    """The HTTP status a websocket handshake to *url* gets (101 when it is accepted)."""
    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(url, origin=origin):
                return 101
        except aiohttp.WSServerHandshakeError as error:
            return error.status


# The page


def test_serve_prints_an_address_with_a_token(served: Served) -> None:
    assert re.fullmatch(rf"http://{re.escape(HOST)}:\d+/\?token=[A-Za-z0-9_-]{{16,}}", served.address)


def test_the_page_has_a_title_and_asks_no_outside_host_for_anything(served: Served) -> None:
    status, page = _get(served.address)
    assert status == 200
    assert "<title>boardgames</title>" in page
    assert "fonts.googleapis" not in page and "fonts.gstatic" not in page
    outside = [url for url in re.findall(r"https?://[^\s\"'<>)]+", page) if not url.startswith(served.base)]
    assert outside == []


def test_the_page_without_its_token_is_refused_with_a_plain_explanation(served: Served) -> None:
    for url in (served.base + "/", served.base + "/?token=wrong"):
        status, text = _get(url)
        assert status == 403, url
        assert "<" not in text and "token" in text and "boardgames serve" in text


def test_the_page_uses_only_files_this_server_serves(served: Served) -> None:
    _, page = _get(served.address)
    for path in re.findall(r'(?:href|src)="(/[^"]*)"', page) + re.findall(r'url\("(/[^"]*)"\)', page):
        assert _get(served.base + path)[0] == 200, path


# The websocket


def test_the_websocket_refuses_a_page_from_another_site(served: Served) -> None:
    url = f"{served.ws}/ws/{served.token}"
    assert asyncio.run(_handshake(url, origin="https://evil.example")) == 403
    assert asyncio.run(_handshake(url, origin=f"http://{HOST}:1")) == 403
    assert asyncio.run(_handshake(url, origin="null")) == 403


def test_the_websocket_refuses_a_handshake_without_an_origin(served: Served) -> None:
    assert asyncio.run(_handshake(f"{served.ws}/ws/{served.token}", origin=None)) == 403


def test_the_websocket_refuses_a_missing_or_wrong_token(served: Served) -> None:
    for path in ("/ws", "/ws/wrong", f"/ws/{served.token}x"):
        assert asyncio.run(_handshake(served.ws + path + "?width=80&height=24", origin=served.base)) == 403, path


def test_serve_gives_the_menu_over_its_websocket_with_the_token_on_its_own_page(served: Served) -> None:
    async def menu_through_the_websocket() -> str:
        seen = b""
        async with aiohttp.ClientSession() as session:
            url = f"{served.ws}/ws/{served.token}?width=80&height=24"
            async with session.ws_connect(url, origin=served.base) as ws:
                while b"Pick a game" not in seen:
                    message = await asyncio.wait_for(ws.receive(), PATIENCE)
                    assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
                    seen += message.data if isinstance(message.data, bytes) else message.data.encode()
        return seen.decode("utf-8", "replace")

    assert "Pick a game" in asyncio.run(menu_through_the_websocket())


# A port already in use


def test_a_port_in_use_is_one_line_and_exit_2_not_a_crash(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with socket.socket() as holder:
        holder.bind((HOST, 0))
        holder.listen()
        port = holder.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "boardgames", "serve", "--host", HOST, "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=PATIENCE,
            check=False,
            env={**os.environ, "BOARDGAMES_DATA": str(data)},
        )
    assert result.returncode == 2, result.stderr
    assert result.stderr.splitlines() == [
        f"boardgames serve: port {port} is already in use on {HOST}; choose another with --port"
    ]
    assert not [path for path in data.rglob("*") if "crash" in path.name]


# The guards, in-process, with a stand-in app that reports the size it is told

#: Speaks textual-serve's side of the protocol: the prelude, then one data packet
#: ``size WxH`` at start (from COLUMNS/ROWS) and for every resize it is sent.
FAKE_APP = """
import json, os, sys
out, stdin = sys.stdout.buffer, sys.stdin.buffer
def say(text):
    payload = text.encode()
    out.write(b"D" + len(payload).to_bytes(4, "big") + payload)
    out.flush()
out.write(b"__GANGLION__\\n")
out.flush()
say("size %sx%s" % (os.environ["COLUMNS"], os.environ["ROWS"]))
while len(head := stdin.read(5)) == 5:
    meta = stdin.read(int.from_bytes(head[1:], "big"))
    if head[:1] == b"M":
        meta = json.loads(meta)
        if meta["type"] == "resize":
            say("size %sx%s" % (meta["width"], meta["height"]))
        elif meta["type"] == "quit":
            break
"""


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[tuple[TableServer, str, str]]:
    """A ``TableServer`` on a free loopback port running ``FAKE_APP``: (server, http base, ws base)."""
    script = tmp_path / "fake_app.py"
    script.write_text(FAKE_APP, encoding="utf-8")
    server = TableServer(shlex.join([sys.executable, str(script)]), host=HOST, port=0)
    address = await server.start()
    base = address.partition("/?")[0]
    try:
        yield server, base, base.replace("http://", "ws://", 1)
    finally:
        await server.stop()
        await _app_processes_reaped()


async def _app_processes_reaped() -> None:
    """Wait until asyncio has closed every app process's transport.

    textual-serve waits for an app's output to end, not for the process: the exit is
    noticed a moment later, and a loop closed before that warns from the transport.
    """
    deadline = time.monotonic() + PATIENCE
    while any(isinstance(o, asyncio.SubprocessTransport) and not o.is_closing() for o in gc.get_objects()):
        assert time.monotonic() < deadline, "an app process never ended"
        await asyncio.sleep(0.01)


async def _next_bytes(ws: aiohttp.ClientWebSocketResponse) -> str:
    message = await asyncio.wait_for(ws.receive(), PATIENCE)
    assert message.type == aiohttp.WSMsgType.BINARY, message
    return bytes(message.data).decode()


async def test_an_oversize_terminal_is_capped_before_it_reaches_the_app(table: tuple[TableServer, str, str]) -> None:
    server, base, ws_base = table
    async with aiohttp.ClientSession() as session:
        url = f"{ws_base}/ws/{server.token}?width=20000&height=20000"
        async with session.ws_connect(url, origin=base) as ws:
            assert await _next_bytes(ws) == f"size {MAX_COLUMNS}x{MAX_ROWS}"
            await ws.send_json(["resize", {"width": 20000, "height": 20000}])
            assert await _next_bytes(ws) == f"size {MAX_COLUMNS}x{MAX_ROWS}"
            await ws.send_json(["resize", {"width": "many", "height": 30}])  # not a size: not passed on
            await ws.send_json(["resize", {"width": 100, "height": 30}])  # a real size passes unchanged
            assert await _next_bytes(ws) == "size 100x30"


async def test_the_ninth_browser_is_told_the_table_is_full_and_starts_no_process(
    table: tuple[TableServer, str, str],
) -> None:
    server, base, ws_base = table
    url = f"{ws_base}/ws/{server.token}?width=80&height=24"
    async with aiohttp.ClientSession() as session:
        players = []
        try:
            for _ in range(MAX_TABLES):
                ws = await session.ws_connect(url, origin=base)
                players.append(ws)
                assert await _next_bytes(ws) == "size 80x24"  # its own app process answered
            assert server.tables == MAX_TABLES

            async with session.get(f"{base}/?token={server.token}") as response:
                assert response.status == 503
                assert "The table is full" in await response.text()

            async with session.ws_connect(url, origin=base) as ninth:
                assert "The table is full" in await _next_bytes(ninth)
                closing = await asyncio.wait_for(ninth.receive(), PATIENCE)
                assert closing.type == aiohttp.WSMsgType.CLOSE
                assert (closing.data, closing.extra) == (TRY_AGAIN_LATER, "the table is full")
            assert server.tables == MAX_TABLES  # no process was started for it

            await players.pop().close()  # a seat frees: the next browser gets in
            deadline = time.monotonic() + PATIENCE
            while server.tables == MAX_TABLES:  # its process is stopping: poll for the state
                assert time.monotonic() < deadline, "the freed seat was never counted free"
                await asyncio.sleep(0.01)
            async with session.ws_connect(url, origin=base) as again:
                assert await _next_bytes(again) == "size 80x24"
        finally:
            for ws in players:
                await ws.close()


# Controls: each guard switched off lets the attack through, so the tests above see it


async def test_control_a_foreign_origin_gets_in_without_the_origin_check(
    table: tuple[TableServer, str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    server, _, ws_base = table
    url = f"{ws_base}/ws/{server.token}"
    assert await _handshake(url, origin="https://evil.example") == 403
    monkeypatch.setattr(serve, "same_origin", lambda origin, host: True)
    assert await _handshake(url, origin="https://evil.example") == 101


async def test_control_no_token_gets_in_without_the_token_check(
    table: tuple[TableServer, str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _server, base, ws_base = table
    assert await _handshake(f"{ws_base}/ws", origin=base) == 403
    monkeypatch.setattr(TableServer, "has_token", lambda self, given: True)
    assert await _handshake(f"{ws_base}/ws", origin=base) == 101


async def test_control_the_app_is_told_the_oversize_without_the_cap(
    table: tuple[TableServer, str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    server, base, ws_base = table
    monkeypatch.setattr(serve, "terminal_size", lambda width, height: (int(str(width)), int(str(height))))
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"{ws_base}/ws/{server.token}?width=80&height=24", origin=base) as ws,
    ):
        assert await _next_bytes(ws) == "size 80x24"
        await ws.send_json(["resize", {"width": 20000, "height": 20000}])
        assert await _next_bytes(ws) == "size 20000x20000"


async def test_control_a_process_starts_past_the_limit_without_it(
    table: tuple[TableServer, str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    server, base, ws_base = table
    server.max_tables = 1
    url = f"{ws_base}/ws/{server.token}?width=80&height=24"
    async with aiohttp.ClientSession() as session, session.ws_connect(url, origin=base) as first:
        assert await _next_bytes(first) == "size 80x24"
        async with session.ws_connect(url, origin=base) as second:
            assert "The table is full" in await _next_bytes(second)
        monkeypatch.setattr(TableServer, "full", property(lambda self: False))
        async with session.ws_connect(url, origin=base) as third:
            assert await _next_bytes(third) == "size 80x24"
            assert server.tables == 2


# The checks themselves


@pytest.mark.parametrize(
    ("width", "height", "size"),
    [
        (80, 24, (80, 24)),
        (20000, 20000, (MAX_COLUMNS, MAX_ROWS)),
        (MAX_COLUMNS, MAX_ROWS, (MAX_COLUMNS, MAX_ROWS)),
        (MAX_COLUMNS + 1, MAX_ROWS + 1, (MAX_COLUMNS, MAX_ROWS)),
        (0, -5, (1, 1)),
        ("120", "40", (120, 40)),
        ("9" * 400, "40", None),
        ("80.5", 24, None),
        (True, 24, None),
        (None, 24, None),
        ([80], 24, None),
        (80.0, 24, None),
    ],
)
def test_terminal_size_caps_and_refuses(width: object, height: object, size: tuple[int, int] | None) -> None:
    assert terminal_size(width, height) == size


@pytest.mark.parametrize(
    ("origin", "host", "same"),
    [
        ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
        ("HTTP://LocalHost:8000", "localhost:8000", True),
        ("https://table.example", "table.example", True),
        ("http://evil.example", "127.0.0.1:8000", False),
        ("http://127.0.0.1:8001", "127.0.0.1:8000", False),
        ("http://127.0.0.1", "127.0.0.1:8000", False),
        ("null", "127.0.0.1:8000", False),
        ("file://", "127.0.0.1:8000", False),
        ("", "127.0.0.1:8000", False),
        (None, "127.0.0.1:8000", False),
        ("http://127.0.0.1:8000", None, False),
    ],
)
def test_same_origin(origin: str | None, host: str | None, same: bool) -> None:
    assert same_origin(origin, host) is same


def test_serve_without_the_web_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from boardgames import cli

    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    monkeypatch.setitem(sys.modules, "boardgames.serve", None)  # as if never importable
    assert cli.main(["serve"]) == 2
    assert "pip install 'hotseat-boardgames[web]'" in capsys.readouterr().err
