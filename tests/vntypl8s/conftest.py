"""Fixtures for VNTYPL8S tests: one judge per session (the dictionary loads once)."""

from __future__ import annotations

import pytest

from boardgames.common.dictionary import get_dictionary
from boardgames.vntypl8s.judge import PlateJudge


@pytest.fixture(scope="session")
def judge() -> PlateJudge:
    return PlateJudge(get_dictionary())
