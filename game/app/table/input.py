"""Input at a table: pointer and keys over the layout's targets become
exactly one Move through `try_move`, the one gate into the rules (a move
the rules refuse is explained in one line and its card shakes), or a
selection; the keyboard's focus reaches only what the rules allow now.

An object a table owns (`TableScene.input`); what it needs of the table is
`InputHost`, and the table's mode (`TableMode`: an ordinary game, or a
lesson) may hold a move back before the rules see it.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import pygame

from game.app.ui import focus, widgets
from game.app.words import reasons
from game.i18n import _
from game.session.outcome import Refused

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.app.table.log_panel import RoundLog
    from game.app.table.mode import TableMode
    from game.app.table.stage import Stage
    from game.app.table.turns import TurnFlow
    from game.app.ui.widgets import Button


class Target(NamedTuple):
    """Something the viewer can click: a move to try, or a thing to select."""

    rect: pygame.Rect
    move: Any | None = None
    select: Hashable | None = None
    key: Hashable | None = None  # the sprite to shake if the move is illegal
    label: str = ""


class InputHost(Protocol):
    """What the input asks of the table it serves."""

    GAME: str

    @property
    def app(self) -> AppSurface: ...

    viewer: int | None
    buttons: list[Button]
    mode: TableMode

    @property
    def view(self) -> Any: ...
    def name(self, seat: int) -> str: ...
    def you(self, seat: int) -> bool: ...
    def viewer_acts(self) -> bool: ...
    def landing(self) -> bool: ...
    def speed(self, seconds: float) -> float: ...

    def targets(self) -> list[Target]:
        """What the viewer may click now (topmost last)."""
        ...

    def select(self, key: Hashable) -> None:
        """Toggle a selection (games that build a move from several clicks)."""
        ...

    def focusable(self, target: Target, legal: list) -> bool:
        """A target the keyboard may reach."""
        ...

    def focus_item(self, target: Target) -> focus.Focusable:
        """What the keyboard's ring holds for `target`."""
        ...

    def refuse(self, text: str) -> None: ...
    def open_menu(self) -> None: ...

    @property
    def turns(self) -> TurnFlow: ...


class TableInput:
    """Clicks, keys and the keyboard's focus (see module doc)."""

    def __init__(self, host: InputHost, stage: Stage[Any], log: RoundLog) -> None:
        self.host = host
        self.app = host.app
        self.stage = stage
        self.log = log
        self.hover_key: Hashable | None = None  # the card under the pointer

    def held_back(self, move: Any | None, select: Hashable | None = None) -> bool:
        """Say why the table's mode will not take this (a lesson's other step),
        in the refusal voice, and return True; False: go ahead."""
        line = self.host.mode.refusal(move, select)
        if line is None:
            return False
        self.host.refuse(line)
        self.app.sound.play("error")
        return True

    def try_move(self, move: Any, key: Hashable | None = None) -> bool:
        """The one gate from the table into the rules: apply, or explain why not."""
        host = self.host
        if host.landing():  # a click meant for the table the player saw a moment ago
            return False
        if self.held_back(move):
            return False
        outcome = host.turns.offer(move)  # the session's gate: played, sent, or the rules' coded reason
        if isinstance(outcome, Refused):  # said in the player's language
            host.refuse(reasons.illegal(host.GAME, outcome.reason, host.name, host.you))
            self.app.sound.play("error")
            if key is not None and key in self.stage.sprites:
                self.stage.sprites[key].shake(host.speed(0.4) or 0.3)
            return False
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        host = self.host
        if self.log.handle(event):  # L, and any click or Esc while the log is open
            return True
        if widgets.handle_all(host.buttons, event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                host.open_menu()
                return True
            if event.key in (pygame.K_u, pygame.K_z) and any(b.label == "Undo" for b in host.buttons):
                host.turns.undo()
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.click(event.pos)
        if event.type == pygame.MOUSEMOTION:
            target = self.target_at(event.pos) if host.viewer_acts() else None
            key = target.key if target is not None else None
            if key != self.hover_key:
                self.hover_key = key
                self.stage.sync()
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        host = self.host
        if not host.viewer_acts():
            if host.viewer is not None and any(s.rect().collidepoint(pos) for s in self.stage.sprites.values()):
                cur = host.view.current_player
                host.refuse(
                    _("Wait — the game is over.")
                    if cur is None
                    else _("Wait — it is {name}'s turn.").format(name=host.name(cur))
                )
            return False
        target = self.target_at(pos)
        if target is not None and host.landing():
            return True  # the last move is still on show: this click was not aimed at what comes next
        if target is None:
            return host.mode.waiting() and self.held_back(None)  # a lesson says what to do, too
        return self.act(target)

    def act(self, target: Target) -> bool:
        """Do what a click on `target` does (the mouse and the keyboard share this)."""
        host = self.host
        if host.landing():  # the keyboard waits for the last move to land, as the mouse does
            return True
        if self.held_back(target.move, target.select):
            return True
        if target.select is not None:
            host.select(target.select)
            self.app.sound.play("click")
            self.stage.sync()
            return True
        if target.move is not None:
            self.try_move(target.move, target.key)
            return True
        if target.label:
            host.refuse(target.label)
            self.app.sound.play("error")
            if target.key in self.stage.sprites:
                self.stage.sprites[target.key].shake()
        return True

    def focus_items(self) -> list[focus.Focusable]:
        """What Tab and the arrows reach: the targets the rules (and the
        table's mode) allow now (none under the open score pad), then the buttons."""
        host = self.host
        targets = host.targets()
        legal = host.view.legal_moves() if targets else []
        items = []
        for i, target in enumerate(targets):
            covered = any(
                t.move is None and t.select is None and not t.label and t.rect.colliderect(target.rect)
                for t in targets[i + 1 :]
            )
            if not covered and host.focusable(target, legal) and host.mode.allows(target):
                items.append(host.focus_item(target))
        return items + focus.from_buttons(host.buttons)

    def focus_item(self, target: Target) -> focus.Focusable:
        """The ring's item for `target`: it acts as a click would."""
        key = target.key if target.key is not None else ("move", str(target.move))
        rect = self.stage.drawn_rect(target.key) or target.rect
        return focus.Focusable(key, rect, lambda: self.act(target), group="play")

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        for target in reversed(self.host.targets()):
            if target.rect.collidepoint(pos):
                return target
        return None

    def click_point(self, target: Target) -> tuple[int, int]:
        """A point that hits `target` and nothing drawn above it (for tests)."""
        targets = self.host.targets()
        above = targets[targets.index(target) + 1 :] if target in targets else []
        r = target.rect
        for fy in (0.5, 0.3, 0.7, 0.15, 0.85):
            for fx in (0.5, 0.25, 0.1, 0.75, 0.9, 0.04):
                p = (r.x + round(r.w * fx), r.y + round(r.h * fy))
                if not any(t.rect.collidepoint(p) for t in above):
                    return p
        return r.center
