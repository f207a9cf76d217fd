"""The suite's Footer: Textual's, built with its keys before its screen's first frame,
and rebuilt only when what it shows changed.

Textual's Footer composes empty and waits for its screen's first bindings signal to
build its keys, after a refresh: the first frame sent showed no keys.  It then answers
every signal (the screen's first resume, each move of the focus, ``refresh_bindings``)
with a rebuild - every key a new widget, styled with its two component classes, and the
screen laid out again - though most signals change nothing it shows.
"""

from __future__ import annotations

from textual import events, on
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    """Textual's Footer (the same CSS type), built once per change of what it shows."""

    # Readable in every theme: a disabled key in the theme's disabled colour, not dimmed
    # (a dimmed footer key was 1.5:1 in textual-light); the palette key's separator a
    # colour of its own, not 20% of the foreground (1.3:1).
    DEFAULT_CSS = """
    Footer FooterKey.-disabled {
        text-style: none;
        .footer-key--key, .footer-key--description { color: $foreground-disabled; }
    }
    Footer FooterKey.-command-palette { border-left: vkey $foreground-disabled; }
    """

    #: What the keys now mounted show (``shows``); ``None`` before they are built.
    _built_for: tuple[object, ...] | None = None

    @on(events.Mount)
    async def build_keys(self) -> None:
        """Its keys, before the screen is first laid out."""
        self.bindings_changed(self.screen)  # ready, as Textual's is at the first signal
        await self.recompose()

    def shows(self) -> tuple[object, ...]:
        """Everything the keys are drawn from (``Footer.compose``): a rebuild that would
        draw the same is skipped."""
        screen = self.screen
        keys = tuple(
            (
                key,
                binding.action,
                binding.description,
                binding.group,
                enabled,
                tooltip,
                self.app.get_key_display(binding),
            )
            for key, (_, binding, enabled, tooltip) in screen.active_bindings.items()
            if binding.show or key == self.app.COMMAND_PALETTE_BINDING
        )
        return (keys, self.compact, self.show_command_palette, self.app.ENABLE_COMMAND_PALETTE)

    def bindings_changed(self, screen: Screen[object]) -> None:
        if (
            self._built_for is not None
            and self.is_attached
            and screen is self.screen
            and self.shows() == self._built_for
        ):
            return  # nothing it shows changed
        super().bindings_changed(screen)

    async def recompose(self) -> None:
        if not self.is_attached:
            return
        shows = self.shows()
        if shows == self._built_for:
            return
        await super().recompose()
        self._built_for = shows
