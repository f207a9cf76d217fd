"""``boardgames serve``: the suite in a web browser (issue 15).

The server is started as a player would start it, on a free port of this machine's
loopback address only; the test fetches its page, then opens the websocket a browser
opens and waits until the main menu arrives through it.  Every wait is for a state (a
page that answers, a text that arrives) with a generous bound, never a fixed sleep.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="the web extra is not installed (./scripts/test installs it)")
aiohttp = pytest.importorskip("aiohttp")

HOST = "127.0.0.1"
#: How long the server may take to answer, or the menu to arrive: only a real fault takes this long.
PATIENCE = 60.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _page(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:  # noqa: S310 - our own loopback server
            return response.read().decode("utf-8", "replace")
    except OSError:
        return None


@pytest.fixture
def server(tmp_path: Path):  # noqa: ANN201 - yields the base URL
    port = _free_port()
    env = {**os.environ, "BOARDGAMES_DATA": str(tmp_path / "data")}
    process = subprocess.Popen(
        [sys.executable, "-m", "boardgames", "serve", "--host", HOST, "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
    )
    url = f"http://{HOST}:{port}"
    try:
        deadline = time.monotonic() + PATIENCE
        while (page := _page(url + "/")) is None:
            assert process.poll() is None, process.stdout.read().decode() if process.stdout else "exited"
            assert time.monotonic() < deadline, "the server never answered"
            time.sleep(0.1)
        yield url, page
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def test_serve_gives_a_page_and_the_menu_over_its_websocket(server: tuple[str, str]) -> None:
    url, page = server
    assert "<html" in page.lower() and "boardgames" in page

    async def menu_through_the_websocket() -> str:
        seen = b""
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(url.replace("http", "ws") + "/ws?width=80&height=24") as ws:
                while b"Pick a game" not in seen:
                    message = await asyncio.wait_for(ws.receive(), PATIENCE)
                    assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
                    seen += message.data if isinstance(message.data, bytes) else message.data.encode()
        return seen.decode("utf-8", "replace")

    assert "Pick a game" in asyncio.run(menu_through_the_websocket())


def test_serve_without_the_web_extra_says_what_to_install(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    from boardgames import cli  # noqa: PLC0415

    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    assert cli.main(["serve"]) == 2
    assert "pip install 'hotseat-boardgames[web]'" in capsys.readouterr().err
