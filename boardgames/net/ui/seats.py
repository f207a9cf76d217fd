"""Which seat screen a joining terminal opens, once the host's sync named the game."""

from __future__ import annotations

from typing import Any

from boardgames.net.client import RoomClient


def seat_screen(client: RoomClient) -> Any:
    """The seat screen for *client*'s game; the table's code opens the public table."""
    if client.net is None:
        return None
    if client.seat is None:
        from boardgames.net.ui.watch import WatchScreen  # noqa: PLC0415

        return WatchScreen(client)
    if client.net.spec.key == "uwo":
        from boardgames.net.ui.remote_uwo import RemoteUwoScreen  # noqa: PLC0415 - the game's screens only

        return RemoteUwoScreen(client)
    if client.net.spec.key == "vowl":
        from boardgames.net.ui.remote_vowl import RemoteVowlScreen  # noqa: PLC0415

        return RemoteVowlScreen(client)
    from boardgames.net.ui.remote_vntypl8s import RemoteVntypl8sScreen  # noqa: PLC0415

    return RemoteVntypl8sScreen(client)
