"""Allow ``python -m boardgames``."""

from boardgames.cli import main

raise SystemExit(main())
