"""A frame after a key renders only the widgets under what changed (issue 16, item 3).

Textual 8.2.8 writes a partial frame (``Compositor.render_partial_update``) from the
*rectangle around all* the regions marked dirty since the last frame, and asks every
widget whose *clip* (its container's area) overlaps that rectangle for its lines
(``render_lines``), though only the dirty spans are written.  A UWO cursor move dirties
two board cells and the info panel; a cell's clip is the whole board, the Header's
and the Footer's the whole screen: 70 widgets were rendered for 3 on every arrow key
(about 10 ms, half the frame).  Vowl's Enter (the answer box and the log) is the same.

``get_renders`` chooses the widgets whose visible part overlaps the crop; those that
it leaves out had nothing inside the crop, so nothing of them could be written.

``render_partial_update`` here groups the dirty regions into clusters (regions that
touch or nearly do: a row of cells is one) and renders the widgets under each
cluster, keeping from each the pieces of lines inside it.  What is written is the
same, cell for cell: a written span is a piece of a dirty region, inside one cluster,
so every widget that covers it overlaps that cluster and is rendered there, the front
one winning as before; a widget's lines do not depend on the crop they were asked for
(``_get_renders`` renders a widget's whole visible part).  Full frames (a resize,
a new screen, the snapshot tests' screenshots) are Textual's own.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Mapping, Sequence

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip

__all__ = ["apply", "clusters", "covered", "get_renders", "render_partial_update"]

#: A cluster takes a region when the rectangle around both is at most this much larger
#: than the two apart: neighbouring cells merge, a cell and a far panel do not.
SLACK = 1.25

_applied = False
#: Textual's own two methods (the tests compare every frame with what they write).
TEXTUAL_RENDER_PARTIAL_UPDATE = Compositor.render_partial_update
TEXTUAL_GET_RENDERS = Compositor._get_renders


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


def render_partial_update(self: Compositor) -> ChopsUpdate | None:
    """``Compositor.render_partial_update``, rendering the widgets under each cluster of
    dirty regions instead of under the rectangle around them all."""
    screen_region = self.size.region
    update_regions = self._dirty_regions.copy()
    self._dirty_regions.clear()
    if not update_regions:
        return None
    spans = list(self._regions_to_spans(update_regions))
    is_rendered_line = {y for y, _, _ in spans}.__contains__
    cuts = self.cuts
    chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
    for cluster in clusters(update_regions):
        crop = cluster.intersection(screen_region)
        if not crop:
            continue
        top, bottom = crop.y, crop.bottom

        def in_crop(y: int, top: int = top, bottom: int = bottom) -> bool:
            return top <= y < bottom and is_rendered_line(y)  # each line divided once per crop only

        part: Sequence[Mapping[int, Strip | None]] = self._render_chops(crop, in_crop)
        # Only the pieces of lines inside the crop: every widget covering one of them
        # overlaps the crop, so the front one won there.  Outside it, a widget further
        # back may have filled a piece whose front widget was not rendered for this crop.
        left, right = crop.x, crop.right
        for y in range(top, bottom):
            if not is_rendered_line(y):
                continue
            line, more, cut_set = chops[y], part[y], cuts[y]
            for cut, end in itertools.pairwise(cut_set):
                if cut < right and end > left:
                    strip = more.get(cut)
                    if strip is not None:
                        line[cut] = strip
    chop_ends = [cut_set[1:] for cut_set in self.cuts]
    return ChopsUpdate(chops, spans, chop_ends)


def get_renders(self: Compositor, crop: Region | None = None) -> Iterable[tuple[Region, Region, list[Strip]]]:
    """``Compositor._get_renders`` (Textual 8.2.8), choosing the widgets whose *visible part*
    overlaps ``crop`` rather than their clip: a board cell's clip is the whole board, the
    Header's and the Footer's the whole screen, so every one of them was rendered for any
    change.  Nor is a widget rendered whose every piece of line that could be written
    is already taken by widgets in front of it (``covered``): the containers behind
    Vowl's answer box, verdict and log.  The lines asked of each widget are Textual's
    (its whole visible part)."""
    overlaps = crop.overlaps if crop else None
    intersection = Region.intersection
    contains_region = Region.contains_region
    area = crop if crop is not None else self.size.region
    cuts = self.cuts
    front: list[Region] = []  # the visible parts of the widgets rendered so far (front first)
    for widget, (region, clip) in self.visible_widgets.items():
        if contains_region(clip, region):
            visible = region
            lines = Region(0, 0, region.width, region.height)
        else:
            visible = intersection(region, clip)
            new_x, new_y, new_width, new_height = visible
            if not (new_width and new_height):
                continue
            lines = Region(new_x - region.x, new_y - region.y, new_width, new_height)
        if overlaps is not None and not overlaps(visible):
            continue  # nothing of it is in the crop: nothing of it would be written
        if front and covered(visible, area, front, cuts):
            continue  # every piece it could give is already another's
        front.append(visible)
        yield region, clip, widget.render_lines(lines)


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


def apply() -> None:
    """Install ``render_partial_update`` (idempotent; the app calls it at import)."""
    global _applied  # noqa: PLW0603 - once per process
    if _applied:
        return
    _applied = True
    Compositor.render_partial_update = render_partial_update  # type: ignore[method-assign]
    Compositor._get_renders = get_renders  # type: ignore[method-assign]
