"""Suite-wide fixtures: every test gets its own data directory."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames.common.storage import DATA_ENV


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Stats and saves go to a fresh folder, never the developer's real one."""
    path = tmp_path_factory.mktemp("data")
    monkeypatch.setenv(DATA_ENV, str(path))
    return path
