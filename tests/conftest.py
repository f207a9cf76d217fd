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


# The day-to-day subset is ``./scripts/test -m "not slow"`` (CONTRIBUTING.md): these
# are the tests left out of it, each of which takes seconds, not milliseconds.
SLOW_MODULES = {
    "tests/uwo/test_ai.py",  # hundreds of seeded AI games
    "tests/uwo/test_selfplay.py",
    "tests/uwo/test_random_play.py",
    "tests/vntypl8s/test_simulation.py",
    "tests/test_wheel.py",  # builds and installs the wheel and sdist
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the slow tests, and keep the real-terminal tests on one worker.

    tmux tests each start a real ``boardgames`` process; run in parallel on a busy
    2-core machine, they starve each other (and the Pilot tests) of CPU.  In one
    xdist group (``--dist loadgroup``) they run one after another on one worker
    while the other workers take the rest of the suite.
    """
    root = Path(str(config.rootpath))
    for item in items:
        rel = Path(str(item.path)).relative_to(root).as_posix()
        if item.get_closest_marker("tmux") or rel.startswith("tests/tmux/"):
            item.add_marker(pytest.mark.slow)
            item.add_marker(pytest.mark.xdist_group("tmux"))
        elif rel in SLOW_MODULES or "monkey" in item.name:
            item.add_marker(pytest.mark.slow)
