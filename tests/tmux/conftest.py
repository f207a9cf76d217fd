from tests.tmux.harness import terminal  # noqa: F401 - the fixture
