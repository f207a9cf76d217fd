"""boardgames: hot-seat terminal tabletop games (Vowl, UWO, VNTYPL8S)."""

__version__ = "0.2.0"
