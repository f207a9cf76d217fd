"""How long a plate and an owner's title may be: the limits the command line and the
screens state before anything is judged.

Their own module so that building the command line (``entry.register``: every
``boardgames`` command does it) does not import the plate judge (issue 16);
``judge`` uses and re-exports them.
"""

from __future__ import annotations

#: P2: the most characters a plate holds.
MAX_LENGTH = 8

#: P21: the most characters the judge reads.  Longer text is still judged illegal
#: (too long, and every character rule), but its runs are not read for title words:
#: there are n(n-1)/2 of them, so 1,500 characters took 4 s and 900 MB.  The plate
#: editor holds exactly this many (``PlateInput``'s ``max_length``), so a writer sees
#: "too long" with every other reason while typing, and ``boardgames vntypl8s check``
#: refuses longer plates outright.
MAX_JUDGED = 2 * MAX_LENGTH

#: P21: the longest owner title ``check`` accepts (the longest card has 22 characters).
MAX_OWNER = 64
