"""``boardgames serve``: the suite in a web browser, safe by default.

textual-serve (the ``web`` extra) starts one ``boardgames`` process per browser
connection and relays its terminal over a websocket.  Left as it comes, it trusts
whoever connects: any web page the player visits may open ``ws://127.0.0.1:PORT/ws``
(browsers let every site do that) and drive the suite, one message can ask for a
terminal of 20000 × 20000 cells, every connection is a new process, and its page asks
an outside font host for its font.  ``TableServer`` keeps textual-serve's relay
(``AppService``) and its page script, and puts them behind:

- a secret token made for this run, part of the address ``serve`` prints; the page and
  the websocket both require it (403 otherwise);
- the websocket's ``Origin`` must be the page's own (the ``Host`` it was asked for);
- terminal sizes capped at ``MAX_COLUMNS`` × ``MAX_ROWS`` before they reach the app;
- at most ``MAX_TABLES`` connections at once; the next one is told the table is full
  and no process is started for it;
- a small page of its own, with a title and fonts from this server only.

A port already taken, or an address that cannot be listened on, is one line on stderr
and exit 2 (``run``), not a crash report.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import secrets
import shlex
import signal
import sys
from collections.abc import Sequence
from typing import Final

from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from boardgames.common.listening import CannotListen, listen, same_origin
from boardgames.common.text import plain

#: The biggest terminal a browser may ask for: wider than any screen at a readable size,
#: small enough that the app's screen buffers stay a few megabytes.
MAX_COLUMNS: Final = 500
MAX_ROWS: Final = 200
DEFAULT_SIZE: Final = (80, 24)
#: Connections at once, each one ``boardgames`` process: more than a table has screens.
MAX_TABLES: Final = 8
#: A websocket message from the page is a key press or a resize: a few hundred bytes.
MAX_MESSAGE_BYTES: Final = 64 * 1024
#: Close code for "try again later" (RFC 6455 registry), sent when the table is full.
TRY_AGAIN_LATER: Final = 1013

FULL_TEXT: Final = (
    f"The table is full: {MAX_TABLES} browsers are already playing on this boardgames server. "
    "Close one of them, then reload this page."
)
TOKEN_TEXT: Final = (
    "This boardgames table needs the whole address that 'boardgames serve' printed, "
    "with its ?token=... part. Ask whoever started it for that address."
)


def _size_part(value: object, top: int) -> int | None:
    """*value* as a cell count from 1 to *top*, or ``None`` when it is not a whole number."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        value = value.strip()
        if not value.isdecimal() or len(value) > 9:
            return None
        value = int(value)
    if not isinstance(value, int):
        return None
    return max(1, min(value, top))


def terminal_size(width: object, height: object) -> tuple[int, int] | None:
    """A browser's terminal size, capped at ``MAX_COLUMNS`` × ``MAX_ROWS``; ``None`` if not numbers.

    Every size that reaches an app process goes through here: the app allocates its
    screen for whatever it is told, so an unchecked size is a memory bomb.
    """
    columns = _size_part(width, MAX_COLUMNS)
    rows = _size_part(height, MAX_ROWS)
    if columns is None or rows is None:
        return None
    return columns, rows


PAGE: Final = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>boardgames</title>
<link rel="stylesheet" href="/static/css/xterm.css">
<style>
@font-face {{
  font-family: "Roboto Mono";
  src: url("/static/fonts/RobotoMono-VariableFont_wght.ttf") format("truetype");
  font-weight: 100 700;
}}
html, body {{ margin: 0; height: 100%; background: #0c181f; }}
.closed {{
  display: none; position: fixed; left: 0; right: 0; bottom: 0; z-index: 10; padding: 12px;
  background: #12232d; color: rgba(255, 255, 255, 0.95); text-align: center;
  font: 16px "Roboto Mono", monospace;
}}
body.-closed .closed {{ display: block; }}
.closed button {{
  margin-left: 16px; padding: 8px 24px; border: none; cursor: pointer;
  background: #5e0ba7; color: rgba(255, 255, 255, 0.95); font: inherit;
}}
</style>
<script src="/static/js/textual.js"></script>
</head>
<body>
<div class="closed">This table has closed.<button type="button" onclick="location.reload()">Open it again</button></div>
<div id="terminal" class="textual-terminal" data-session-websocket-url="{websocket}" data-font-size="{font_size}"></div>
</body>
</html>
"""


class TableServer(Server):
    """textual-serve's ``Server`` with the guards the module docstring lists.

    It builds its own aiohttp application from the public handlers (no download route:
    the suite delivers no files) and runs it with aiohttp's ``AppRunner``, so a port
    that is taken surfaces as ``CannotListen``, which the command line words in a line.
    """

    def __init__(
        self,
        command: str,
        host: str = "127.0.0.1",
        port: int = 8000,
        *,
        token: str | None = None,
        max_tables: int = MAX_TABLES,
    ) -> None:
        super().__init__(command, host=host, port=port, title="boardgames")
        self.token = token or secrets.token_urlsafe(16)
        self.max_tables = max_tables
        #: Connections with an app process (or about to start one).
        self.tables = 0
        self._sockets: set[web.WebSocketResponse] = set()
        self._runner: web.AppRunner | None = None

    # The application

    def make_app(self) -> web.Application:
        """The routes: the page, its websocket (both behind the token) and the static files."""
        app = web.Application()
        app.add_routes(
            [
                web.get("/", self.handle_index),
                web.get("/ws", self.handle_websocket),
                web.get("/ws/{token}", self.handle_websocket),
                web.static("/static", self.statics_path),
            ]
        )
        app.on_shutdown.append(self.on_shutdown)
        return app

    def has_token(self, given: str | None) -> bool:
        """Whether *given* is this run's token (compared in constant time)."""
        return given is not None and secrets.compare_digest(given.encode(), self.token.encode())

    @property
    def full(self) -> bool:
        """Whether another connection would pass ``max_tables`` (each one is a process)."""
        return self.tables >= self.max_tables

    async def handle_index(self, request: web.Request) -> web.Response:
        """The page, for whoever has the token; a plain explanation otherwise."""
        if not self.has_token(request.query.get("token")):
            return web.Response(status=403, text=TOKEN_TEXT + "\n")
        if self.full:
            return web.Response(status=503, text=FULL_TEXT + "\n")
        scheme = "wss" if request.secure else "ws"
        websocket = f"{scheme}://{request.host}/ws/{self.token}"
        size = _size_part(request.query.get("fontsize", "16"), 64) or 16
        page = PAGE.format(websocket=html.escape(websocket), font_size=max(size, 6))
        return web.Response(text=page, content_type="text/html")

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One browser's suite: checked, then relayed to its own ``boardgames`` process."""
        if not self.has_token(request.match_info.get("token")):
            raise web.HTTPForbidden(text=TOKEN_TEXT + "\n")
        if not same_origin(request.headers.get("Origin"), request.host):
            raise web.HTTPForbidden(text="This table only plays on its own page.\n")
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE_BYTES)
        if self.full:
            await websocket.prepare(request)
            # The page shows bytes in its terminal: the player reads why, then the close.
            await websocket.send_bytes(f"\r\n  {FULL_TEXT}\r\n".encode())
            await websocket.close(code=TRY_AGAIN_LATER, message=b"the table is full")
            return websocket
        # No await between the check and the count: a second handshake cannot slip in.
        self.tables += 1
        try:
            await self._play(request, websocket)
        finally:
            self.tables -= 1
        return websocket

    async def _play(self, request: web.Request, websocket: web.WebSocketResponse) -> None:
        width, height = terminal_size(request.query.get("width"), request.query.get("height")) or DEFAULT_SIZE
        await websocket.prepare(request)
        self._sockets.add(websocket)

        async def close() -> None:  # the app quit: the page shows its "closed" bar
            await websocket.close()

        service = AppService(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        try:
            await service.start(width, height)
            try:
                await self.relay(websocket, service)
            finally:
                await service.stop()
        except asyncio.CancelledError:
            await websocket.close()
            raise
        finally:
            self._sockets.discard(websocket)

    async def relay(self, websocket: web.WebSocketResponse, service: AppService) -> None:
        """The browser's messages to the app: keys, sizes (capped), focus; others are ignored."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], (envelope[1] if len(envelope) > 1 else None)
            if kind == "stdin" and isinstance(data, str):
                await service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                size = terminal_size(data.get("width"), data.get("height"))
                if size is not None:
                    await service.set_terminal_size(*size)
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every browser's websocket, so each relay ends and stops its process."""
        for websocket in list(self._sockets):
            await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"the server is stopping")

    # Running

    async def start(self) -> str:
        """Listen; the address to open (with the token).  ``CannotListen`` if the port cannot be had."""
        runner = await listen(self.make_app(), self.host, self.port)
        self._runner = runner
        port = self.port
        for address in runner.addresses:  # the real port when asked for port 0
            if isinstance(address, tuple) and len(address) >= 2:
                port = int(address[1])
                break
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{plain(host)}:{port}/?token={self.token}"

    async def stop(self) -> None:
        """Stop listening, close every connection, stop every app process."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def run_until_signalled(self) -> None:
        """Serve until SIGINT or SIGTERM (Ctrl+C)."""
        url = await self.start()
        try:
            print(f"boardgames serve: open {url} in a browser; Ctrl+C stops.", flush=True)
            if self.host in ("0.0.0.0", "::"):
                print(
                    "Other machines use this machine's network address in place of "
                    f"{plain(self.host)}, with the same token.",
                    flush=True,
                )
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                with contextlib.suppress(NotImplementedError):
                    loop.add_signal_handler(signum, stop.set)
            await stop.wait()
        finally:
            await self.stop()


def run(command: Sequence[str], host: str, port: int) -> int:
    """``boardgames serve``: serve *command* (one process per browser) until stopped; the exit status."""
    server = TableServer(shlex.join(command), host=host, port=port)
    server.initialize_logging()
    try:
        asyncio.run(server.run_until_signalled())
    except CannotListen as exc:
        print(f"boardgames serve: {exc.message}", file=sys.stderr)
        return 2
    return 0
