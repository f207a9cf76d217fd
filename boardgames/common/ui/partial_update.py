"""The geometry of a partial frame (``textual_compat``'s ``partial-frames`` speed-up).

A frame after a key renders the widgets under each cluster of dirty regions (regions
that touch or nearly do) instead of every widget whose clip overlaps the rectangle
around them all; ``covered`` leaves out a widget whose every piece of line is already
taken by the widgets in front of it.  Pure functions of regions and cuts.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence

from textual.geometry import Region

__all__ = ["clusters", "covered"]

#: A cluster takes a region when the rectangle around both is at most this much larger
#: than the two apart: neighbouring cells merge, a cell and a far panel do not.
SLACK = 1.25


def clusters(regions: Iterable[Region]) -> list[Region]:
    """The regions grouped into few rectangles that waste little area."""
    found: list[Region] = []
    for region in sorted(regions, key=lambda r: (r.y, r.x)):
        if not region:
            continue
        for i, cluster in enumerate(found):
            union = cluster.union(region)
            if union.area <= SLACK * (cluster.area + region.area):
                found[i] = union
                break
        else:
            found.append(region)
    # Two clusters grown toward each other may now merge as well.
    merged = True
    while merged and len(found) > 1:
        merged = False
        for i in range(len(found)):
            for j in range(i + 1, len(found)):
                union = found[i].union(found[j])
                if union.area <= SLACK * (found[i].area + found[j].area):
                    found[i] = union
                    del found[j]
                    merged = True
                    break
            if merged:
                break
    return found


def covered(visible: Region, crop: Region, front: Sequence[Region], cuts: Sequence[Sequence[int]]) -> bool:
    """Is every piece of line a widget showing *visible* would give a frame of *crop*
    already taken by the widgets in front of it (their visible parts *front*)?

    ``Compositor._render_chops`` divides each line at its *cuts* (every widget's edges)
    and gives each piece to the first widget, front to back, that spans it; a partial
    frame keeps the pieces that overlap its crop (``render_partial_update`` here), a
    full frame all of them.  On each line of *visible* within the crop, the pieces the
    widget spans and that overlap the crop run from the cut at or before the crop's
    first column (or the widget's, if later) to the cut at or after its last: if the
    front widgets span all of that, rendering the widget changes nothing written.
    """
    top, bottom = max(visible.y, crop.y), min(visible.bottom, crop.bottom)
    left, right = max(visible.x, crop.x), min(visible.right, crop.right)
    if top >= bottom or left >= right:
        return True  # nothing of it in the crop
    rows = [r for r in front if r.y < bottom and r.bottom > top and r.x <= right and r.right >= left]
    if not rows:
        return False
    for y in range(top, bottom):
        line = cuts[y]
        start = line[bisect.bisect_right(line, left) - 1]  # the cut that begins the first piece
        end = line[bisect.bisect_left(line, right)]  # the cut that ends the last one
        for x, _, width, _ in sorted((r for r in rows if r.y <= y < r.bottom), key=_by_x):
            if x > start:
                break  # a gap before this one: the widget shows there
            start = max(start, x + width)
            if start >= end:
                break
        if start < end:
            return False
    return True


def _by_x(region: Region) -> int:
    return region.x
