"""UWO: a two-player tactical duel of Gnorfs and Pnorfs on a 5×6 board."""
