"""The English dictionary every word game checks against.

Vowl and VNTYPL8S both need "is this a real American-English word, not a proper
noun?".  We answer it with pyenchant's ``en_US`` dictionary, pinned to the hunspell
backend so every machine gives the same answers (aspell and others disagree on
edge cases), and we always check the *lower-cased* word: hunspell only accepts
"paris" when it is capitalised, so lower-casing is what refuses proper nouns and
acronyms.

The dictionary is loaded once per process (``get_dictionary``); loading is the
slow part and checks are cheap.
"""

from __future__ import annotations

import functools
import re
from typing import Protocol

from boardgames.common.errors import UserFacingError

LANGUAGE = "en_US"
BACKEND = "hunspell"

_WORD = re.compile(r"^[a-z]+$")

INSTALL_HELP = (
    "Debian/Ubuntu: sudo apt-get install libenchant-2-2 hunspell-en-us\n"
    "Fedora:        sudo dnf install enchant2 hunspell-en-US\n"
    "macOS:         brew install enchant hunspell  (and put en_US.dic/.aff in ~/Library/Spelling)"
)


class DictionaryUnavailable(UserFacingError):
    """The spell-checker library or its en_US dictionary is not installed.

    The message is a whole paragraph meant for the player: what is missing and the
    exact command that installs it.  Every command exits with status 3 on it.
    """

    exit_code = 3


class WordChecker(Protocol):
    """Anything that can say whether a lower-case word is in the dictionary."""

    def check(self, word: str) -> bool: ...


class Dictionary:
    """A lower-case-only view of an enchant dictionary, memoised.

    ``check`` is the single place where "is this a word" is decided.  Memoising it
    makes the skeleton matcher's enumeration and repeated answer checks cheap.
    """

    def __init__(self, backend: WordChecker, provider: str = "custom") -> None:
        self._backend = backend
        self.provider = provider
        self._cache: dict[str, bool] = {}

    def check(self, word: str) -> bool:
        """True when *word* (any case) is a common American-English word.

        The word is lower-cased first: hunspell accepts a proper noun only in its
        capitalised form, so "paris", "nasa" and "texas" are refused.
        """
        w = word.lower()
        try:
            return self._cache[w]
        except KeyError:
            pass
        ok = bool(_WORD.match(w)) and self._backend.check(w)
        self._cache[w] = ok
        return ok

    def check_uncached(self, word: str) -> bool:
        """One raw dictionary check, no memo: the baseline the benchmarks compare to."""
        return self._backend.check(word.lower())


def load_enchant_dictionary() -> Dictionary:
    """Open pyenchant's en_US dictionary with the hunspell backend pinned.

    Raises ``DictionaryUnavailable`` with an install paragraph when the C library,
    the hunspell provider or the en_US word list is missing.
    """
    try:
        import enchant  # noqa: PLC0415 - imported lazily so a missing C library is reported nicely
    except (ImportError, OSError) as exc:  # ImportError: libenchant absent; OSError: a broken one
        raise DictionaryUnavailable(
            "The spell-checker library (enchant 2) is not installed, so the word games "
            "cannot check answers.\n"
            f"Install it with:\n{INSTALL_HELP}\n"
            f"(details: {exc})"
        ) from None
    broker = enchant.Broker()
    broker.set_ordering(LANGUAGE, BACKEND)
    try:
        backend = broker.request_dict(LANGUAGE)
    except enchant.errors.DictNotFoundError:
        raise DictionaryUnavailable(
            "The American English (en_US) hunspell dictionary is not installed, so the "
            "word games cannot check answers.\n"
            f"Install it with:\n{INSTALL_HELP}"
        ) from None
    provider = backend.provider.name
    if provider != BACKEND:
        raise DictionaryUnavailable(
            f"The en_US dictionary was found only through the '{provider}' backend; "
            "boardgames needs the hunspell one so that answers are the same everywhere.\n"
            f"Install it with:\n{INSTALL_HELP}"
        )
    return Dictionary(backend, provider)


@functools.cache
def get_dictionary() -> Dictionary:
    """The process-wide dictionary, loaded on first use."""
    return load_enchant_dictionary()
