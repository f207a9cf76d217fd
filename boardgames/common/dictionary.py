"""The English dictionary every word game checks against.

Vowl and VNTYPL8S both need "is this a real American-English word, not a proper
noun?".  We answer it with pyenchant's ``en_US`` dictionary, pinned to the hunspell
backend so every machine gives the same answers (aspell and others disagree on
edge cases), and we always check the *lower-cased* word: hunspell only accepts
"paris" when it is capitalised, so lower-casing is what refuses proper nouns and
acronyms.

The dictionary is loaded once per process (``get_dictionary``); loading is the
slow part and checks are cheap.  Only the word games load it (``GameEntry.check_ready``):
UWO and the main menu run without it.  Whatever goes wrong while loading - no C
library, a ``PYENCHANT_LIBRARY_PATH`` that points nowhere, no en_US word list, or a
word list that does not know "house" (an empty or damaged ``en_US.dic``, after which
every answer would be rejected) - ends as one ``DictionaryUnavailable`` paragraph.

Hunspell alone is not the word list players expect, so the dictionary is
*curated* with two data files of ``decks/vowl`` (``Curation``): ``added.txt``, words
tables accept that the lists lack (donut, covid), and ``refused.txt``, entries that
are not words a player should meet - abbreviations (dir, gov), offensive words,
dialect spellings (fer) - which are never accepted and so never listed.  A Vowl
answer is also cross-checked with a second list, SCOWL's American words
(``scowl.txt``, ``check_answer``): hunspell's affix rules make strings that are no
word (ter) and it lists abbreviations in lower case (dat), SCOWL's words do not.
Accents are folded before judging (café is cafe), and no single letter is a word
(Interpretations V24 and V32 of docs/rules/vowl.md).
"""

from __future__ import annotations

import functools
import os
import re
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

from boardgames.common.decks import DeckError, DeckLine, deck_path, read_lines, read_text
from boardgames.common.errors import UserFacingError
from boardgames.common.wordcheck import MIN_LETTERS, PUZZLE_SHAPE, WordChecker, fold_accents

LANGUAGE = "en_US"
BACKEND = "hunspell"

_WORD = re.compile(r"^[a-z]+$")

# --- the curated word list (decks/vowl/added.txt and refused.txt) ---------------------

ADDED_FILE = "added.txt"
REFUSED_FILE = "refused.txt"
#: The second word list Vowl's answers are cross-checked with (``load_listed``).
LISTED_FILE = "scowl.txt"
#: Why a word is refused: the second field of each ``refused.txt`` line.
REFUSAL_KINDS = ("abbreviation", "offensive", "dialect", "nonword")


class Curation(NamedTuple):
    """Words added to hunspell's list and words refused from it (kind by word).

    A ``NamedTuple``, not a dataclass: ``vowl check`` loads it, and ``dataclasses``
    (with ``inspect``) was a tenth of that command's time."""

    added: frozenset[str]
    refused: dict[str, str]


def _curated_word(line: DeckLine, text: str) -> str:
    if not _WORD.match(text):
        raise line.error(f"{text!r} is not a word in lower-case letters a-z")
    if len(text) < MIN_LETTERS:
        raise line.error(f"{text!r} is a single letter; no single letter is a word (V32)")
    return text


def read_added(path: Path) -> frozenset[str]:
    """``added.txt``: one lower-case word a line; ``DeckError`` naming the line otherwise."""
    return _one_word_a_line(path)


def _one_word_a_line(path: Path, shape: re.Pattern[str] | None = None) -> frozenset[str]:
    """A word list read line by line: one lower-case word a line, none twice (of *shape*,
    when given); ``DeckError`` naming the line at fault otherwise."""
    seen: dict[str, int] = {}
    for line in read_lines(path):
        fields = line.text.split()
        if len(fields) != 1:
            raise line.error("one word per line (a '#' starts a comment)")
        word = _curated_word(line, fields[0])
        if shape is not None and not shape.match(word):
            raise line.error(f"{word!r} does not have the puzzle's shape (one vowel between consonants)")
        if word in seen:
            raise line.error(f"{word!r} is listed already, line {seen[word]}")
        seen[word] = line.number
    return frozenset(seen)


def read_refused(path: Path) -> dict[str, str]:
    """``refused.txt``: ``word kind`` a line, kind one of ``REFUSAL_KINDS``."""
    refused: dict[str, str] = {}
    where: dict[str, int] = {}
    for line in read_lines(path):
        fields = line.text.split()
        if len(fields) != 2:
            raise line.error(f"expected a word and its kind ({' or '.join(REFUSAL_KINDS)})")
        word = _curated_word(line, fields[0])
        if fields[1] not in REFUSAL_KINDS:
            raise line.error(f"unknown kind {fields[1]!r}; expected {' or '.join(REFUSAL_KINDS)}")
        if word in refused:
            raise line.error(f"{word!r} is listed already, line {where[word]}")
        refused[word] = fields[1]
        where[word] = line.number
    return refused


@functools.cache
def load_curation() -> Curation:
    """Both files, checked (``DeckError`` for a bad line, or a word both added and refused)."""
    added_path, refused_path = deck_path("vowl", ADDED_FILE), deck_path("vowl", REFUSED_FILE)
    added = read_added(added_path)
    refused = read_refused(refused_path)
    both = sorted(added & refused.keys())
    if both:
        raise DeckError(
            refused_path, None, f"{', '.join(both)} also listed in {ADDED_FILE}: a word is added or refused, not both"
        )
    return Curation(added, refused)


# --- the second word list (decks/vowl/scowl.txt, made by tools/build_vowl_words.py) ----

#: The list as the build writes it (its comment header, then one word a line), checked
#: by two regular expressions over the text: a Python loop over its 6,000 lines took
#: four times as long (``_listed_line_by_line`` is then only for naming a bad line).
_LISTED_HEADER = re.compile(r"(?:#[^\n]*\n|\n)*")
_LISTED_BODY = re.compile(r"(?:(?=[a-z]{2})[b-df-hj-np-tv-z](?:[aeiou][b-df-hj-np-tv-z])*[aeiou]?\n)+")
#: Words of the puzzle's shape every American word list knows: a list without them is
#: empty or damaged, and would refuse every answer.
LISTED_SANITY_WORDS = ("savor", "sever", "severe", "fire", "water", "minute")


def read_listed(path: Path) -> frozenset[str]:
    """``scowl.txt``: one lower-case word of the puzzle's shape a line, under its header,
    no word twice; ``DeckError`` naming the file (and the line) otherwise."""
    text = read_text(path)
    header = _LISTED_HEADER.match(text)  # as the build writes it: comment lines, then words
    body = text[header.end() :] if header else text
    words = frozenset(body.split("\n")[:-1]) if _LISTED_BODY.fullmatch(body) else frozenset()
    if not words or len(words) != body.count("\n"):  # not as the build writes it, or a word twice
        words = _listed_line_by_line(path)
    missing = [w for w in LISTED_SANITY_WORDS if w not in words]
    if missing:
        raise DeckError(path, None, f"it lacks common words ({', '.join(missing)}): it is empty or damaged")
    return words


def _listed_line_by_line(path: Path) -> frozenset[str]:
    """``read_listed`` for a file not as the build writes it: the line at fault named."""
    return _one_word_a_line(path, PUZZLE_SHAPE)


@functools.cache
def load_listed() -> frozenset[str]:
    """The second word list, checked (``DeckError``): read when the dictionary opens."""
    return read_listed(deck_path("vowl", LISTED_FILE))


#: The exact fix on each kind of system, keyed by ``install_system()``.  Homebrew's
#: enchant is built with the aspell provider only (its formula depends on aspell, not
#: hunspell), which the pinned hunspell backend refuses: on macOS it is MacPorts'.
INSTALL = {
    "debian": "sudo apt-get install libenchant-2-2 hunspell-en-us",
    "fedora": "sudo dnf install enchant2 hunspell-en-US",
    "arch": "sudo pacman -S enchant hunspell-en_us",
    "macos": (
        "sudo port install enchant2 +hunspell  (MacPorts; Homebrew's enchant has no hunspell provider),\n"
        "then put en_US.dic and en_US.aff (e.g. LibreOffice's) in ~/.config/enchant/hunspell/\n"
        "and export PYENCHANT_LIBRARY_PATH=/opt/local/lib/libenchant-2.dylib"
    ),
    "windows": "py -m pip install --force-reinstall pyenchant  (its Windows wheel brings enchant and en_US)",
}
REINSTALL = {
    "debian": "sudo apt-get install --reinstall hunspell-en-us",
    "fedora": "sudo dnf reinstall hunspell-en-US",
    "arch": "sudo pacman -S hunspell-en_us",
    "macos": "put a good en_US.dic and en_US.aff in ~/.config/enchant/hunspell/",
    "windows": "py -m pip install --force-reinstall pyenchant",
}
_NAMES = {"debian": "Debian/Ubuntu", "fedora": "Fedora", "arch": "Arch", "macos": "macOS", "windows": "Windows"}


def install_system(platform: str | None = None, os_release: str | None = None) -> str | None:
    """Which ``INSTALL`` line fits this machine: "debian", "fedora", "arch", "macos",
    "windows", or ``None`` when it cannot tell (then every line is shown)."""
    platform = platform or sys.platform
    if platform == "darwin":
        return "macos"
    if platform.startswith(("win32", "cygwin")):
        return "windows"
    if not platform.startswith("linux"):
        return None
    if os_release is None:
        try:
            os_release = Path("/etc/os-release").read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None
    ids: set[str] = set()
    for line in os_release.splitlines():
        key, _, value = line.partition("=")
        if key in ("ID", "ID_LIKE"):
            ids.update(value.strip().strip('"').lower().split())
    for system, family in (
        ("debian", {"debian", "ubuntu"}),
        ("fedora", {"fedora", "rhel", "centos"}),
        ("arch", {"arch"}),
    ):
        if ids & family:
            return system
    return None


def _help(table: dict[str, str], system: str | None) -> str:
    if system is not None:
        return table[system]
    return "\n".join(f"{_NAMES[k] + ':':<15}{v}" for k, v in table.items())


def install_help(system: str | None = None) -> str:
    """The command that installs the spell checker here (all of them when unsure)."""
    return _help(INSTALL, system if system is not None else install_system())


def reinstall_help(system: str | None = None) -> str:
    return _help(REINSTALL, system if system is not None else install_system())


class DictionaryUnavailable(UserFacingError):
    """The spell-checker library or its en_US dictionary is not installed.

    The message is a whole paragraph meant for the player: what is missing and the
    exact command that installs it.  Every command exits with status 3 on it.
    """

    exit_code = 3


class Dictionary:
    """A lower-case-only view of an enchant dictionary, memoised.

    ``check`` is the single place where "is this a word" is decided; ``check_answer``
    adds what a Vowl answer also needs: the second word list (``load_listed``).
    Memoising them makes the skeleton matcher's enumeration and repeated answer
    checks cheap.
    """

    def __init__(
        self,
        backend: WordChecker,
        provider: str = "custom",
        curation: Curation | None = None,
        listed: frozenset[str] | None = None,
    ) -> None:
        self._backend = backend
        self.provider = provider
        self.curation = curation or Curation(frozenset(), {})
        #: The second word list (``scowl.txt``); ``None`` for a dictionary without one
        #: (a test's), whose answers are its ``check`` alone, searched exhaustively.
        self.listed = listed
        self._cache: dict[str, bool] = {}
        # The answer index is built in a worker thread (SkeletonMatcher.prepare) while the
        # game judges answers; ctypes lets go of the GIL inside the C library, and one
        # hunspell handle is not documented as safe to share, so calls into it take turns.
        self._backend_lock = threading.Lock()

    def check(self, word: str) -> bool:
        """True when *word* (any case, accents folded) is a common American-English word.

        The word is lower-cased first: hunspell accepts a proper noun only in its
        capitalised form, so "paris", "nasa" and "texas" are refused.  Then the
        curation decides before hunspell: a refused word is never a word, an added
        one always is; and no single letter is (V32).
        """
        w = fold_accents(word.lower())
        try:
            return self._cache[w]
        except KeyError:
            pass
        if not _WORD.match(w) or len(w) < MIN_LETTERS or w in self.curation.refused:
            ok = False
        else:
            ok = w in self.curation.added or self._raw(w)
        self._cache[w] = ok
        return ok

    def check_answer(self, word: str) -> bool:
        """``check``, and the second word list knows *word* too (or ``added.txt`` does):
        what a Vowl answer must be (V32).

        Hunspell's affix rules make strings that are no word (ter, fer) and it lists
        abbreviations in lower case (dat, res); SCOWL's word list, made from the same
        project with words kept apart from abbreviations, has neither.
        """
        if not self.check(word):
            return False
        if self.listed is None:
            return True
        w = fold_accents(word.lower())
        return w in self.listed or w in self.curation.added

    def candidate_words(self) -> Iterator[str] | None:
        """Every word that can be a Vowl answer, for the skeleton index: the second list
        and the added words (``check_answer`` accepts no other); ``None`` without a list.
        Candidates only: the index keeps those ``check_answer`` accepts."""
        if self.listed is None:
            return None
        listed, added = self.listed, self.curation.added

        def forms() -> Iterator[str]:
            yield from listed
            yield from added

        return forms()

    def check_uncached(self, word: str) -> bool:
        """One raw dictionary check, no memo: the baseline the benchmarks compare to."""
        return self._raw(word.lower())

    def _raw(self, word: str) -> bool:
        with self._backend_lock:
            return bool(self._backend.check(word))


def _broker() -> tuple[ModuleType, Any]:
    """pyenchant and a broker ordered to prefer hunspell for en_US; ``DictionaryUnavailable``
    when the C library cannot be loaded."""
    try:
        import enchant  # noqa: PLC0415 - imported lazily so a missing C library is reported nicely
    except (ImportError, OSError, AssertionError, AttributeError) as exc:
        # What pyenchant 3.3's ``enchant._enchant`` raises at import: ImportError when no
        # libenchant is found; AssertionError when PYENCHANT_LIBRARY_PATH or
        # PYENCHANT_ENCHANT_PREFIX names a file that does not exist; OSError when the file
        # is not a library (``ctypes`` cannot load it); AttributeError when it is some
        # other library (no ``enchant_broker_init`` symbol).
        raise DictionaryUnavailable(
            "The spell-checker library (enchant 2) is not installed or cannot be loaded, "
            "so the word games cannot check answers.\n"
            f"Install it with:\n{install_help()}\n"
            f"{_library_path_hint()}"
            f"(details: {type(exc).__name__}: {exc})"
        ) from None
    try:
        broker = enchant.Broker()
        broker.set_ordering(LANGUAGE, BACKEND)
    except enchant.errors.Error as exc:
        raise _refused(exc) from None
    return enchant, broker


def _refused(exc: Exception) -> DictionaryUnavailable:
    """Any other refusal of the C library."""
    return DictionaryUnavailable(
        "The spell checker (enchant 2) could not open the en_US dictionary, so the word "
        "games cannot check answers.\n"
        f"Reinstall it with:\n{install_help()}\n"
        f"(details: {exc})"
    )


def _not_installed() -> DictionaryUnavailable:
    return DictionaryUnavailable(
        "The American English (en_US) hunspell dictionary is not installed, so the "
        "word games cannot check answers.\n"
        f"Install it with:\n{install_help()}"
    )


def _wrong_backend(provider: str) -> DictionaryUnavailable:
    return DictionaryUnavailable(
        f"The en_US dictionary was found only through the '{provider}' backend; "
        "boardgames needs the hunspell one so that answers are the same everywhere.\n"
        f"Install it with:\n{install_help()}"
    )


def load_enchant_dictionary() -> Dictionary:
    """Open pyenchant's en_US dictionary with the hunspell backend pinned.

    Raises ``DictionaryUnavailable`` with an install paragraph when the C library,
    the hunspell provider or the en_US word list is missing, or when the second word
    list (``scowl.txt``, read here: after a game's first frame) is missing or damaged.
    """
    enchant, broker = _broker()
    try:
        backend = broker.request_dict(LANGUAGE)
    except enchant.errors.DictNotFoundError:
        raise _not_installed() from None
    except enchant.errors.Error as exc:  # any other refusal of the C library
        raise _refused(exc) from None
    provider = backend.provider.name
    if provider != BACKEND:
        raise _wrong_backend(provider)
    curation = load_curation()
    try:
        listed = load_listed()
    except DeckError as exc:
        raise _list_damaged(exc) from None
    dictionary = Dictionary(backend, provider, curation, listed)
    sanity_check(dictionary)
    return dictionary


def _list_damaged(exc: DeckError) -> DictionaryUnavailable:
    """The second word list (``scowl.txt``) is missing or fails its checks."""
    return DictionaryUnavailable(
        f"The word list Vowl checks answers against as well as hunspell ({exc.path}) is "
        f"missing or damaged, so the word games cannot check answers: {exc.problem}"
        f"{f' (line {exc.line})' if exc.line is not None else ''}.\n"
        "It ships with boardgames: restore it (in a checkout: git checkout -- decks/vowl/scowl.txt) "
        "or reinstall boardgames; or rebuild it from Debian's scowl package with "
        "tools/build_vowl_words.py."
    )


def _library_path_hint() -> str:
    """A line naming ``PYENCHANT_LIBRARY_PATH`` when it is set: the likeliest culprit."""
    path = os.environ.get("PYENCHANT_LIBRARY_PATH")
    return (
        f"PYENCHANT_LIBRARY_PATH is set to {path!r}: unset it, or point it at the enchant 2 library (libenchant-2.so, .dylib or .dll).\n"
        if path
        else ""
    )


def word_list_files() -> list[Path]:
    """The ``en_US.dic`` files enchant's hunspell provider may read, in its search order
    (the user's enchant folder first), those that exist: named when one is damaged."""
    config = os.environ.get("ENCHANT_CONFIG_DIR")
    if config:
        user = Path(config)
    else:
        user = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "enchant"
    folders = [
        user / "hunspell",
        Path("/usr/share/hunspell"),
        Path("/usr/share/myspell"),
        Path("/usr/share/myspell/dicts"),
        Path.home() / "Library" / "Spelling",
    ]
    return [f / f"{LANGUAGE}.dic" for f in folders if (f / f"{LANGUAGE}.dic").is_file()]


#: Words every American-English dictionary knows, and strings none does.  Checked once
#: at load: an empty or garbage ``en_US.dic`` is accepted by hunspell without a word,
#: and then every answer of every game would be rejected (or, with a list that knows
#: everything, accepted).
SANITY_WORDS = ("the", "house", "water", "savor", "fire", "fighter")
SANITY_NON_WORDS = ("qzxv", "bnrtk", "savr", "xxyzq")


def sanity_check(dictionary: Dictionary) -> None:
    """Raise ``DictionaryUnavailable`` unless *dictionary* knows a few common words and
    refuses a few non-words (``SANITY_WORDS``, ``SANITY_NON_WORDS``)."""
    unknown = [w for w in SANITY_WORDS if not dictionary.check_uncached(w)]
    known = [w for w in SANITY_NON_WORDS if dictionary.check_uncached(w)]
    if not unknown and not known:
        return
    what = (
        f"does not know common words ({', '.join(unknown)})"
        if unknown
        else f"accepts strings that are not words ({', '.join(known)})"
    )
    files = word_list_files()
    where = f" (the first of these is read: {', '.join(map(str, files))})" if files else ""
    raise DictionaryUnavailable(
        f"The American English (en_US) hunspell dictionary {what}: its word list is empty "
        f"or damaged{where}, so the word games would judge every answer wrongly.\n"
        f"Remove a damaged copy of your own, or reinstall it with:\n{reinstall_help()}"
    )


@functools.cache
def get_dictionary() -> Dictionary:
    """The process-wide dictionary, loaded on first use."""
    return load_enchant_dictionary()


class DeferredDictionary:
    """``get_dictionary()``, opened at the first word it is asked about.

    What the games' judges hold (``vowl.spec.matcher``, ``vntypl8s.spec``): building a
    game does not open the word list, so a word game's first frame does not wait for
    it; the screen opens it just after (``common.ui.words``), long before
    the first answer.  The curation is only data files, read without enchant.  One
    lock: the screen's worker and an early answer never open it twice.
    """

    _lock = threading.Lock()

    @property
    def curation(self) -> Curation:
        return load_curation()

    def opened(self) -> Dictionary:
        with self._lock:
            return get_dictionary()

    def check(self, word: str) -> bool:
        return self.opened().check(word)

    def check_answer(self, word: str) -> bool:
        return self.opened().check_answer(word)

    def candidate_words(self) -> Iterator[str] | None:
        return self.opened().candidate_words()


@functools.cache
def deferred_dictionary() -> DeferredDictionary:
    """The process's one ``DeferredDictionary`` (the answer index is kept per dictionary)."""
    return DeferredDictionary()
