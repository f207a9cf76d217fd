"""The commands and screens of a table across devices: ``boardgames host`` (the table
screen) and ``boardgames join`` (a seat's screen, built on each game's own); docs/network.md."""
