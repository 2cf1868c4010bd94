"""Input at a table: pointer and keys over the layout's targets become
exactly one Move through `try_move`, the one gate into the rules (a move
the rules refuse is explained in one line and its card shakes), or a
selection; the keyboard's focus reaches only what the rules allow now.

A mixin of `TableScene`, which provides `targets`, `select`, `sprites`
and `say`.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from game.app.ui import focus, widgets
from game.app.words import reasons
from game.i18n import _
from game.rules import Phrase

if TYPE_CHECKING:
    from game.app.shell.app import App
    from game.app.table.sprites import CardSprite
    from game.app.ui.widgets import Button
    from game.session.match import Match


class Target(NamedTuple):
    """Something the viewer can click: a move to try, or a thing to select."""

    rect: pygame.Rect
    move: Any | None = None
    select: Hashable | None = None
    key: Hashable | None = None  # the sprite to shake if the move is illegal
    label: str = ""


class TableInput:
    """Clicks, keys and the keyboard's focus (see module doc)."""

    if TYPE_CHECKING:  # what the input reads of the table it serves (TableScene, Stage, TurnFlow, RoundLog)
        GAME: str
        app: App
        match: Match
        viewer: int | None
        hover_key: Hashable | None
        buttons: list[Button]
        sprites: dict[Hashable, CardSprite]

        @property
        def view(self) -> Any: ...
        def name(self, seat: int) -> str: ...
        def you(self, seat: int) -> bool: ...
        def viewer_acts(self) -> bool: ...
        def speed(self, seconds: float) -> float: ...
        def targets(self) -> list[Target]: ...
        def select(self, key: Hashable) -> None: ...
        def refuse(self, text: str) -> None: ...
        def open_menu(self) -> None: ...
        def sync(self, instant: bool = False, origin: tuple[float, float] | None = None) -> None: ...
        def drawn_rect(self, key: Hashable | None) -> pygame.Rect | None: ...
        def offer(self, move: Any) -> Phrase | None: ...
        def undo(self) -> None: ...
        def handle_log(self, event: pygame.event.Event) -> bool: ...

    def refusal(self, move: Any | None, select: Hashable | None) -> str | None:
        """Why this table will not take this move or selection although the rules
        might, as the line to show; None = go ahead.  A guided game (`game.app.learn`)
        takes only its step's target; an ordinary table takes everything."""
        return None

    def held_back(self, move: Any | None, select: Hashable | None = None) -> bool:
        """Say `refusal`'s line (in the refusal voice) and return True if there is one."""
        line = self.refusal(move, select)
        if line is None:
            return False
        self.refuse(line)
        self.app.sound.play("error")
        return True

    def try_move(self, move: Any, key: Hashable | None = None) -> bool:
        """The one gate from the table into the rules: apply, or explain why not."""
        if self.held_back(move):
            return False
        refusal = self.offer(move)  # the session's gate: the rules' coded reason, or None once played
        if refusal is not None:  # said in the player's language
            self.refuse(reasons.illegal(self.GAME, refusal, self.name, self.you))
            self.app.sound.play("error")
            if key is not None and key in self.sprites:
                self.sprites[key].shake(self.speed(0.4) or 0.3)
            return False
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if self.handle_log(event):  # L, and any click or Esc while the log is open
            return True
        if widgets.handle_all(self.buttons, event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open_menu()
                return True
            if event.key in (pygame.K_u, pygame.K_z) and any(b.label == "Undo" for b in self.buttons):
                self.undo()
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.click(event.pos)
        if event.type == pygame.MOUSEMOTION:
            target = self.target_at(event.pos) if self.viewer_acts() else None
            key = target.key if target is not None else None
            if key != self.hover_key:
                self.hover_key = key
                self.sync()
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        if not self.viewer_acts():
            if self.viewer is not None and any(s.rect().collidepoint(pos) for s in self.sprites.values()):
                cur = self.match.current
                self.refuse(
                    _("Wait — the game is over.")
                    if cur is None
                    else _("Wait — it is {name}'s turn.").format(name=self.name(cur))
                )
            return False
        target = self.target_at(pos)
        if target is None:
            return False
        return self.act(target)

    def act(self, target: Target) -> bool:
        """Do what a click on `target` does (the mouse and the keyboard share this)."""
        if self.held_back(target.move, target.select):
            return True
        if target.select is not None:
            self.select(target.select)
            self.app.sound.play("click")
            self.sync()
            return True
        if target.move is not None:
            self.try_move(target.move, target.key)
            return True
        if target.label:
            self.refuse(target.label)
            self.app.sound.play("error")
            if target.key in self.sprites:
                self.sprites[target.key].shake()
        return True

    def focus_items(self) -> list[focus.Focusable]:
        """What Tab and the arrows reach: the targets the rules allow now
        (none under the open score pad), then the buttons."""
        targets = self.targets()
        legal = self.view.legal_moves() if targets else []
        items = []
        for i, target in enumerate(targets):
            covered = any(
                t.move is None and t.select is None and not t.label and t.rect.colliderect(target.rect)
                for t in targets[i + 1 :]
            )
            if not covered and self.focusable(target, legal):
                items.append(self.focus_item(target))
        return items + focus.from_buttons(self.buttons)

    def focusable(self, target: Target, legal: list) -> bool:
        """A target the keyboard may reach: one whose move the rules allow now."""
        return target.move is not None and target.move in legal

    def focus_item(self, target: Target) -> focus.Focusable:
        key = target.key if target.key is not None else ("move", str(target.move))
        rect = self.drawn_rect(target.key) or target.rect
        return focus.Focusable(key, rect, lambda: self.act(target), group="play")

    def focus_changed(self) -> None:
        self.sync()  # the focused card lifts

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        for target in reversed(self.targets()):
            if target.rect.collidepoint(pos):
                return target
        return None

    def click_point(self, target: Target) -> tuple[int, int]:
        """A point that hits `target` and nothing drawn above it (for tests)."""
        targets = self.targets()
        above = targets[targets.index(target) + 1 :] if target in targets else []
        r = target.rect
        for fy in (0.5, 0.3, 0.7, 0.15, 0.85):
            for fx in (0.5, 0.25, 0.1, 0.75, 0.9, 0.04):
                p = (r.x + round(r.w * fx), r.y + round(r.h * fy))
                if not any(t.rect.collidepoint(p) for t in above):
                    return p
        return r.center
