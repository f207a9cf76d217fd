"""Playing one game across devices: a host holds the authoritative engine, players join it.

``protocol`` the messages, ``values`` the games' values on the wire, ``netgame`` what the
network needs to know about a title, ``titles`` those of UWO and VNTYPL8S, ``room`` the
pure master, ``server`` and ``client`` the websocket ends (docs/network.md).
"""
