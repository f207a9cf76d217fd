"""Every word form an installed hunspell dictionary can generate, for the skeleton index.

Hunspell stores stems with affix flags (``savor/SMDG``) and an ``.aff`` file of
prefix and suffix rules; it has no "list every word" call, and neither has
pyenchant.  Listing answers by trying every vowel in every gap costs 5^(n-1) x 6
checks for n consonants, so the skeleton matcher instead indexes the
forms this module *generates* from ``en_US.dic``/``.aff`` -- the job of hunspell's
``unmunch``, which is not installed everywhere -- and keeps only those the real
dictionary then *accepts*.  Generation only proposes candidates: a rule we read
wrongly can cost a missing answer, never a wrong one, and the tests compare the
index with the exhaustive search on every deck card.

Only what ``en_US.aff`` uses is read: single-character flags, ``PFX``/``SFX`` with
strip, add and condition, and cross products (a prefix and a suffix on one stem).
Continuation flags on affixes (``add/flags``) are ignored.  Lines that do not parse
are skipped: the input only proposes candidates (see above).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Affix:
    """One ``PFX``/``SFX`` rule line: strip *strip*, add *add* where *condition* holds."""

    prefix: bool
    cross: bool
    strip: str
    add: str
    condition: re.Pattern[str] | None

    def apply(self, word: str) -> str | None:
        """The affixed form of *word*, or ``None`` when the rule does not apply to it."""
        if self.prefix:
            if self.condition is not None and not self.condition.match(word):
                return None
            if self.strip and not word.startswith(self.strip):
                return None
            return self.add + word[len(self.strip):]
        if self.condition is not None and not self.condition.search(word):
            return None
        if self.strip and not word.endswith(self.strip):
            return None
        base = word[: len(word) - len(self.strip)] if self.strip else word
        return base + self.add


def _condition(text: str, prefix: bool) -> re.Pattern[str] | None:
    if text == ".":
        return None
    try:
        return re.compile(("^" + text) if prefix else (text + "$"))
    except re.error:
        return None


def read_affixes(aff: Path) -> dict[str, list[Affix]]:
    """Flag -> its rules, from an ``.aff`` file (see the module docstring for the subset)."""
    rules: dict[str, list[Affix]] = {}
    cross: dict[str, bool] = {}
    for line in aff.read_text(encoding="utf-8", errors="replace").splitlines():
        parts = line.split()
        if len(parts) < 4 or parts[0] not in ("PFX", "SFX"):
            continue
        kind, flag = parts[0], parts[1]
        if len(parts) == 4 and parts[2] in ("Y", "N"):  # the header: PFX A Y 1
            cross[flag] = parts[2] == "Y"
            continue
        if len(parts) < 5:
            continue
        prefix = kind == "PFX"
        strip = "" if parts[2] == "0" else parts[2]
        add = parts[3].split("/", 1)[0]
        add = "" if add == "0" else add
        rules.setdefault(flag, []).append(
            Affix(prefix, cross.get(flag, False), strip, add, _condition(parts[4], prefix))
        )
    return rules


def read_stems(dic: Path) -> Iterator[tuple[str, str]]:
    """``(stem, flags)`` for each entry of a ``.dic`` file (its count line skipped)."""
    with dic.open(encoding="utf-8", errors="replace") as lines:
        next(lines, None)
        for line in lines:
            entry = line.strip()
            if not entry:
                continue
            stem, _, flags = entry.partition("/")
            yield stem, flags.split()[0] if flags.split() else ""


def max_strips(affixes: dict[str, list[Affix]]) -> tuple[int, int]:
    """The most letters any prefix rule, and any suffix rule, strips from a stem."""
    rules = [r for rs in affixes.values() for r in rs]
    return (max((len(r.strip) for r in rules if r.prefix), default=0),
            max((len(r.strip) for r in rules if not r.prefix), default=0))


def word_forms(dic: Path, aff: Path, keep_core: Callable[[str], bool] | None = None) -> Iterator[str]:
    """Every stem and affixed form the two files describe, as written (not lower-cased).

    *keep_core*, when given, is asked about the part of each stem that no rule can
    strip (its ends cut by the longest strips); a stem it refuses is skipped with
    all its forms.  Affixes only add letters around that core, so a caller that needs
    a property of every letter run (the puzzle's one-vowel-per-gap shape) prunes most
    of the 60,000 stems before expanding any.  Forms may repeat; callers deduplicate.
    """
    affixes = read_affixes(aff)
    head, tail = max_strips(affixes)
    for stem, flags in read_stems(dic):
        if keep_core is not None and not keep_core(stem[head: len(stem) - tail]):
            continue
        yield stem
        rules = [rule for flag in flags for rule in affixes.get(flag, ())]
        cross_suffixed: list[str] = []
        for rule in rules:
            form = rule.apply(stem)
            if form is None:
                continue
            yield form
            if rule.cross and not rule.prefix:
                cross_suffixed.append(form)
        for rule in rules:  # cross products: a cross prefix on each cross-suffixed form
            if rule.prefix and rule.cross:
                for form in cross_suffixed:
                    both = rule.apply(form)
                    if both is not None:
                        yield both
