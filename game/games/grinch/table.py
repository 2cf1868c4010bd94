"""The Grinch: Grow Your Heart table: hands, a discard pile per seat, the
draw pile, the heart tracker tile and the seven-row score pad.

Translator: a click on the draw pile is `draw`; on a discard pile's top card
`take N`; on a hand card `discard CARD`; on a score pad row `score ROW`.
Everything else explains itself through the rules' `IllegalMove` reason.

Hidden information: a Who's discard lies face down on their pile until every
Who has discarded, and row choices show only as "chosen" until the Grinch
has chosen; the table draws nothing but what `self.view` shows.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from game.app.look import fonts
from game.app.table.base import MOVE_TIME, Hold, TableScene, Target
from game.app.table.layout import SeatSpot
from game.app.table.sprites import HINT_MARK, Place
from game.app.table.stage import Stage
from game.app.ui import widgets
from game.app.ui.score_table import ScoreSheet, leader_note, leaders_of
from game.app.ui.widgets import (
    ACCENT,
    INK,
    MUTED,
    Button,
    blit_text,
    draw_panel,
    fit_size,
)
from game.games.grinch import art as grinch_art
from game.games.grinch import pad_model as grinch_pad
from game.games.grinch import rules as grinch
from game.games.grinch import words as grinch_words
from game.games.grinch.rules import Move
from game.games.grinch.score_pad import GREEN, ScorePad
from game.i18n import N_, _

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.session.session import TableSession


GAME = "grinch"

REVEAL_HOLD = 0.55  # the Whos' discards lie face down, then flip together
HEART_HOLD = 0.95  # the heart token drops before the next Who acts
ROUND_HOLD = 2.6  # the filled-in score pad before the round summary
DROP_TIME = 0.75


def ease_out_bounce(t: float) -> float:
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


class GrinchMoment(NamedTuple):
    """What a Grinch hold shows: the cards just revealed (seat -> card), the
    heart's drop (nothing of its own), or the scored round on the filled-in
    pad over the table as it was (`view`, `scored`: seat -> its score)."""

    reveal: dict[int, Any] | None = None
    view: Any = None
    scored: dict[int, dict] | None = None


class GrinchTable(TableScene):
    GAME = GAME
    stage: Stage[GrinchMoment]

    def __init__(self, app: AppSurface, session: TableSession, *, demo: bool = False):
        super().__init__(app, session, demo=demo)
        self.pad_open = False
        self.drop: list[float] | None = None  # [token value, elapsed, duration, delay]
        self.pad = ScorePad(self)

    # -- views -----------------------------------------------------------------
    def past_view(self, picture: GrinchMoment) -> Any:
        return picture.view

    def holding_past(self) -> bool:
        """A hold shows the table as it was (the scored round): nothing to click."""
        moment = self.stage.picture
        return moment is not None and moment.view is not None

    def scored_shown(self) -> dict[int, dict] | None:
        """The scored round the pad shows filled in, while its hold lasts."""
        moment = self.stage.picture
        return moment.scored if moment is not None else None

    def revealed_shown(self) -> dict[int, Any]:
        """The cards just revealed, while their hold lasts (seat -> card)."""
        moment = self.stage.picture
        return (moment.reveal if moment is not None else None) or {}

    # -- geometry --------------------------------------------------------------
    def compute_layout(self) -> None:
        w, h = self.size
        ui = self.app.ui
        cw = self.card_w
        self.hand_w = round(cw * 1.12)
        hh = self.hand_w * 1.4
        self.hand_y = h - hh / 2 - ui(20)
        self.hand_top = self.hand_y - hh / 2
        self.hand_width = self.hand_room(190 + 60)
        self.small_w = max(22, round(cw * 0.40))
        self.pile_w = max(34, round(cw * 0.62))
        self.own_pile_w = max(40, round(cw * 0.82))
        self.own_pile = (w - ui(112), h - self.own_pile_w * 0.7 - ui(30))
        self.centre = (w / 2, h * 0.46)
        self.draw_rect = pygame.Rect(0, 0, cw, round(cw * 1.4))
        self.draw_rect.center = (round(self.centre[0]), round(self.centre[1]))
        self.tile_rect = self.heart_tile(ui)
        self.pad.layout()

    @staticmethod
    def heart_tile(ui) -> pygame.Rect:
        """The heart tracker tile in the top-left corner."""
        return pygame.Rect(ui(30), ui(12), ui(92), ui(92))

    def tile_area(self) -> pygame.Rect:
        """The tile with its two lines of words under it (see `draw_table`)."""
        tile = self.heart_tile(self.app.ui)
        area = pygame.Rect(0, tile.y, 2 * tile.centerx - self.app.ui(8), tile.h + self.app.ui(42))
        area.centerx = tile.centerx
        return area

    def seat_spots(self) -> list[SeatSpot]:
        """The seats of the base layout, but a panel that would lie on the heart
        tile (a big interface in a small window) moves right, clear of it."""
        spots = super().seat_spots()
        keep = self.tile_area()
        for i, spot in enumerate(spots):
            if spot.panel.colliderect(keep):
                dx = keep.right + self.app.ui(8) - spot.panel.x
                spots[i] = spot._replace(panel=spot.panel.move(dx, 0), anchor=(spot.anchor[0] + dx, spot.anchor[1]))
        return spots

    def mat(self, seat: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """Where an opponent's face-down hand and discard pile sit, by their panel."""
        p = self.spots[seat].panel
        ui = self.app.ui
        y = self.mat_y(seat, self.pile_w * 1.4, self.centre[1] + self.card_w, ui(14))
        hand, pile = (p.x + p.w * 0.34, y), (p.right - self.pile_w * 0.72, y)
        # The pile with its tilted cards and count badge; if it would lie on a
        # neighbour's panel (six seats, a big interface), hand and pile swap sides.
        reach = pygame.Rect(0, 0, round(self.pile_w * 1.35) + ui(20), round(self.pile_w * 1.6) + ui(22))
        reach.center = (round(pile[0] + ui(2)), round(y - ui(4)))
        if any(reach.colliderect(other.panel) for i, other in enumerate(self.spots) if i != seat):
            hand, pile = (p.right - p.w * 0.34, y), (p.x + self.pile_w * 0.72, y)
        return hand, pile

    def backs_width(self, seat: int) -> float:
        """How wide an opponent's fan of backs may spread: half their panel,
        and never into their discard pile (with its tilted card) beside it."""
        ui = self.app.ui
        (x, y), (pile_x, _py) = self.mat(seat)
        clear = abs(pile_x - x) - self.pile_w * 0.7 - ui(3)  # to the pile's nearer edge, tilt included
        row = pygame.Rect(0, round(y - self.small_w * 0.8), self.size[0], round(self.small_w * 1.6))
        for i, other in enumerate(self.spots):  # nor onto a neighbour's panel
            if i != seat and other.panel.colliderect(row):
                clear = min(clear, max(other.panel.left - x, x - other.panel.right) - ui(2))
        return max(self.small_w * 1.1, min(self.spots[seat].panel.w * 0.5, 2 * (clear - ui(6))))

    def pile_pos(self, seat: int) -> tuple[float, float]:
        if seat == self.bottom_seat():
            return self.own_pile
        return self.mat(seat)[1]

    def pile_width(self, seat: int) -> int:
        return self.own_pile_w if seat == self.bottom_seat() else self.pile_w

    def pile_rect(self, seat: int) -> pygame.Rect:
        w = self.pile_width(seat)
        r = pygame.Rect(0, 0, w, round(w * 1.4))
        x, y = self.pile_pos(seat)
        r.center = (round(x), round(y))
        return r

    def hand_origin(self, seat: int) -> tuple[float, float]:
        if seat == self.bottom_seat():
            return (self.size[0] / 2, self.hand_y)
        return self.mat(seat)[0]

    # -- what is where ----------------------------------------------------------
    def legal_now(self) -> set:
        if not self.viewer_acts() or self.holding_past():
            return set()
        return set(self.view.legal_moves())

    def places(self) -> list[Place]:
        v = self.shown()
        out: list[Place] = []
        bottom = self.bottom_seat()
        legal = self.legal_now()
        scoring = v.phase_name in ("score", "over")
        hand = v.hand(bottom)
        if self.view.is_public:  # a spectator's table: the bottom seat's cards too, face down
            hand = [None] * v.hand_size(bottom)
        draw_at = self.draw_rect.center
        for i, ((pos, angle), card) in enumerate(
            zip(self.fan(len(hand), self.size[0] / 2, self.hand_y, self.hand_w, self.hand_width, 6), hand)
        ):
            key = str(card) if card is not None else ("back", bottom, i)
            mark = "" if scoring else self.hand_mark(key, Move("discard", card) in legal)
            out.append(Place(key, card, pos, self.hand_w, angle, 100 + i, mark, origin=draw_at, game=GAME))
        for seat in range(self.num_players):
            if seat != bottom:
                at = self.mat(seat)[0]
                n = v.hand_size(seat)
                faces = self.open_hand(seat, n)
                for i, (p, a) in enumerate(self.fan(n, at[0], at[1], self.small_w, self.backs_width(seat), 6)):
                    out.append(
                        Place(
                            ("back", seat, i),
                            faces[i] if faces else None,
                            p,
                            self.small_w,
                            a,
                            10 + i,
                            origin=draw_at,
                            game=GAME,
                        )
                    )
            out.extend(self.pile_places(v, seat, legal))
        return out

    def pile_places(self, v, seat: int, legal: set) -> list[Place]:
        """The top two cards of a discard pile, and a pending discard lying on it."""
        out: list[Place] = []
        ui = self.app.ui
        x, y = self.pile_pos(seat)
        width = self.pile_width(seat)
        origin = self.hand_origin(seat)
        pile = v.discard_pile(seat)
        reveal = self.revealed_shown()
        pend_key: Hashable | None = None
        pend_card = None
        if seat in reveal:  # the hold before the flip: the new top still face down
            pile = pile[1:]
            card = reveal[seat]
            pend_key = str(card)
            pend_card = card if self.viewer is None or seat == self.viewer else None
        elif v.has_pending(seat):
            card = v.pending_discard(seat)
            pend_key = str(card) if card is not None else ("pending", seat)
            pend_card = card
        for i, card in reversed(list(enumerate(pile[:2]))):
            if i == 0:
                take = Move("take", seat)
                mark = "hint" if self.hinted(take) else "legal" if take in legal else ""
                out.append(Place(str(card), card, (x, y), width, 0, 31, mark, origin=origin, game=GAME, revealed=True))
            else:
                tilt = 7 if card.rank % 2 else -6
                at = (x - ui(3), y + ui(2))
                out.append(Place(str(card), card, at, width, tilt, 30, origin=at, game=GAME, revealed=True))
        if pend_key is not None:
            out.append(Place(pend_key, pend_card, (x + ui(7), y - ui(9)), width, -8, 35, origin=origin, game=GAME))
        return out

    def targets(self) -> list[Target]:
        # Clicks count during the short reveal/heart holds (input is never lost),
        # but not while the finished round's pad is on show.
        if not self.viewer_acts() or self.holding_past():
            return []
        v = self.view
        out: list[Target] = []
        phase = v.phase_name
        if phase == "score":
            for card in v.hand(self.viewer):
                rect = self.stage.sprite_rect(str(card))
                if rect is not None:
                    out.append(
                        Target(
                            rect, None, key=str(card), label=_("Your hand is complete: click a row on the score pad")
                        )
                    )
            for row, rect in self.row_rects.items():
                out.append(Target(rect, Move("score", row), key=("row", row)))
            return out
        out.append(Target(self.draw_rect, Move("draw"), key=("draw",)))
        for seat in range(self.num_players):
            pile = v.discard_pile(seat)
            rect = self.stage.sprite_rect(str(pile[0])) if pile else None
            if rect is None:
                rect = self.pile_rect(seat)
            out.append(Target(rect, Move("take", seat), key=str(pile[0]) if pile else None))
        for card in v.hand(self.viewer):
            rect = self.stage.sprite_rect(str(card))
            if rect is not None:
                out.append(Target(rect, Move("discard", card), key=str(card)))
        if self.pad_open:  # the open pad covers what lies under it
            out.append(Target(self.pad_rect, None, key=("pad",)))
        return out

    def move_keys(self, move) -> list:
        """The hand card a hinted discard names (piles and rows: `hinted`)."""
        return [str(move.arg)] if move.kind == "discard" else []

    def move_spots(self, move) -> list[pygame.Rect]:
        """The draw pile, a discard pile or a score pad row a move names (a replay rings it)."""
        if move.kind == "draw":
            return [self.draw_rect]
        if move.kind == "take":
            return [self.pile_rect(move.arg)]
        if move.kind == "score" and self.pad_visible() and move.arg in self.row_rects:
            return [self.row_rects[move.arg]]
        return []

    def hinted(self, move) -> bool:
        """True while the hint suggests `move` to the seat whose cards show."""
        return self.turns.hint is not None and self.turns.hint[0] == move and self.viewer_acts()

    def draw_hint_ring(self, surface: pygame.Surface, rect: pygame.Rect, room: int) -> None:
        """The hint's mark on what is not a card sprite (the draw pile, a
        score pad row): a frame `room` pixels outside `rect`."""
        ui = self.app.ui
        pygame.draw.rect(surface, HINT_MARK, rect.inflate(2 * room, 2 * room), max(2, ui(3)), border_radius=ui(8))

    # -- what happened ---------------------------------------------------------
    def holds_for(self, events: tuple) -> list[Hold[GrinchMoment]]:
        holds: list[Hold[GrinchMoment]] = []
        before = self.stage.before
        viewer = self.viewer
        bview = before if viewer is None else before.view(viewer)
        bottom = self.bottom_seat()
        backs = bview.is_public  # a spectator's table: the bottom seat's cards are backs, as the others' are
        scored: dict[int, dict] = {}
        for event in events:
            kind, seat = event.kind, event.seat
            if kind == "discarded" and (seat != bottom or backs):
                n = bview.hand_size(seat)
                known = event.cards[0] is not None and (viewer is None or seat == viewer or not event.secret)
                new = str(event.cards[0]) if known else ("pending", seat)
                self.stage.rekey(("back", seat, n - 1), new)
            elif kind == "revealed":
                shown = dict(zip(event.info["seats"], event.cards))
                for s, card in shown.items():
                    self.stage.rekey(("pending", s), str(card))
                holds.append(Hold(GrinchMoment(reveal=shown), REVEAL_HOLD))
            elif kind == "took" and (seat != bottom or backs):
                source = event.info["from"]
                pile = bview.discard_pile(source)
                if pile:
                    self.stage.rekey(str(pile[0]), ("back", seat, bview.hand_size(seat)))
            elif kind == "heart":
                delay = self.speed(MOVE_TIME * 0.8)
                self.drop = [event.info["heart"], 0.0, self.speed(DROP_TIME), delay]
                holds.append(Hold(GrinchMoment(), HEART_HOLD))
            elif kind == "scored":
                scored[seat] = dict(event.info)
            elif kind == "round_over":
                holds.append(Hold(GrinchMoment(view=bview, scored=scored), ROUND_HOLD, ends_round=True))
            elif kind == "round" and event.info["round"] > 1:
                self.drop = None
        return holds

    def leave_hold(self, picture: GrinchMoment | None, coming: GrinchMoment | None) -> None:
        # The round summary opened over the filled-in pad (the hold ends the
        # round); leaving it, last round's cards go back to the pile.
        if picture is not None and picture.scored is not None:
            for sprite in self.stage.sprites.values():
                sprite.exit_to = self.draw_rect.center

    def summary(self, events: tuple) -> ScoreSheet | None:
        """Everyone's five cards as scored, the row each wrote them in, its
        points and the bonuses; the leader on the totals marked."""
        scored = {e.seat: e for e in events if e.kind == "scored"}
        over = next((e for e in events if e.kind == "round_over"), None)
        if over is None:
            return None
        totals = over.info["totals"]
        rows, cards = [], []
        for seat in range(self.num_players):
            event = scored.get(seat)
            info = event.info if event is not None else {}
            bonus = info.get("bonus", 0)
            rows.append(
                [
                    self.name(seat),
                    grinch_words.row_name(info["row"]) if info.get("row") else "—",
                    str(info.get("row_points", 0)),
                    f"+{bonus}" if bonus else "—",
                    f"+{info.get('points', 0)}",
                    str(totals[seat]),
                ]
            )
            cards.append(list(event.cards) if event is not None else [])
        leaders = leaders_of(totals)
        done = any(e.kind == "game_over" for e in events)
        rounds = self.view.rounds
        title = (
            _("Last round ({n} of {total}) scored").format(n=over.info["round"], total=rounds)
            if done
            else _("Round {n} of {total} scored").format(n=over.info["round"], total=rounds)
        )
        return ScoreSheet(
            title,
            [_("Player"), _("Row"), _("Row pts"), _("Bonus"), _("Round"), _("Total")],
            rows,
            leaders,
            GAME,
            cards,
            _("Five cards scored"),
            leader_note(self.name, self.you, leaders, totals, done),
        )

    # -- the heart tile ----------------------------------------------------------
    def heart_shown(self) -> int:
        """The number the heart tracker tile shows right now (3, 4 or 5)."""
        v = self.shown()
        if v.phase_name == "over":
            return 5
        heart = v.heart
        if self.drop is not None and self.drop[0] == heart and self.drop_progress() < 1.0:
            return heart - 1
        return heart

    def drop_progress(self) -> float:
        if self.drop is None:
            return 1.0
        _, elapsed, duration, delay = self.drop
        if duration <= 0:
            return 1.0 if elapsed >= delay else 0.0
        return max(0.0, min(1.0, (elapsed - delay) / duration))

    def next_frame(self) -> float | None:
        return 0.0 if self.drop is not None else super().next_frame()

    def update(self, dt: float) -> None:
        if self.drop is not None:
            self.drop[1] += dt
            if self.drop[1] > self.drop[3] + self.drop[2] + 1.0:
                self.drop = None
        super().update(dt)

    # -- the score pad ---------------------------------------------------------
    @property
    def pad_rect(self) -> pygame.Rect:
        return self.pad.rect

    @property
    def row_rects(self) -> dict[str, pygame.Rect]:
        return self.pad.row_rects

    def pad_model(self) -> dict:
        """What the pad shows now (see `grinch_pad.pad_model`), its heading
        as the table's mode says it (a lesson says its own length, not the
        game's rounds)."""
        model = grinch_pad.pad_model(
            self.shown(),
            self.scored_shown() or {},
            self.bottom_seat(),
            self.viewer is not None,
            self.num_players,
        )
        model["heading"] = self.mode.status(_("Round {n} of {total}").format(n=model["round"], total=model["rounds"]))
        return model

    def hovered_row(self) -> str | None:
        key = self.input.hover_key
        return key[1] if isinstance(key, tuple) and len(key) > 1 and key[0] == "row" else None

    def pad_visible(self) -> bool:
        if self.scored_shown() is not None:
            return True
        return self.shown().phase_name in ("score", "over") or self.pad_open

    def toggle_pad(self) -> None:
        self.pad_open = not self.pad_open
        for button in self.buttons:
            if button.label == "Score pad":
                button.selected = self.pad_open
        self.app.sound.play("click")

    # -- words -----------------------------------------------------------------
    def seat_lines(self, seat: int) -> list[str]:
        return grinch_words.seat_lines(self.counted(), seat)

    def status(self) -> str:
        if self.scored_shown() is not None:
            return grinch_words.pad_filled(self.shown())
        return grinch_words.status_line(self.view, self.turn_text(), self.viewer_acts(), self.name, self.you)

    def extra_buttons(self) -> list[Button]:
        return [Button(N_("Score pad"), self.toggle_pad, key=pygame.K_p, selected=self.pad_open)]

    def place_buttons(self) -> None:
        super().place_buttons()
        ui = self.app.ui
        placed = [b.rect.left for b in self.buttons if b.label in ("Menu", "Undo", "Hint")]
        x = min(placed) if placed else self.size[0] - ui(12)
        for button in self.buttons:
            if button.label == "Score pad":
                button.rect = pygame.Rect(0, 0, widgets.fitting_width(button.label, ui(17), ui(104)), ui(34))
                button.rect.topright = (x - ui(8), ui(10))

    def deal_origin(self) -> tuple[float, float]:
        return self.draw_rect.center

    # -- input -----------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.pad_open
            and self.shown().phase_name != "score"
            and self.pad_rect.collidepoint(event.pos)
            and not any(b.rect.collidepoint(event.pos) for b in self.buttons)
        ):
            self.toggle_pad()
            return True
        return super().handle(event)

    # -- drawing ---------------------------------------------------------------
    def seat_badge_width(self, seat: int) -> int:
        """The GRINCH badge on the Grinch's panel: the heart and the word, or
        just the heart where the word would squeeze a long name (a Punjabi
        "Harpreet" on a 6-seat table) below its full size."""
        v = self.shown()
        if seat != v.grinch or v.phase_name == "over":
            return 0
        ui = self.app.ui
        full = ui(80)
        rect = self.spots[seat].panel
        room = rect.w - ui(6) - full - ui(38)  # the name's room beside the full badge (see `draw_seat`)
        if fonts.size(self.name(seat), ui(18), True)[0] <= room:
            return full
        return ui(28)

    def draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        super().draw_seat(surface, seat)
        width = self.seat_badge_width(seat)
        if not width:
            return
        ui = self.app.ui
        rect = self.spots[seat].panel
        badge = pygame.Rect(0, 0, width, ui(22))
        badge.topright = (rect.right - ui(6), rect.y + ui(7))
        draw_panel(surface, badge, (*GREEN, 255), radius=badge.h // 2, edge=(150, 214, 120))
        icon = self.app.art.symbol(GAME, "heart", ui(14))
        if width < ui(80):  # the heart alone, centred
            surface.blit(icon, icon.get_rect(center=badge.center))
            return
        surface.blit(icon, icon.get_rect(midleft=(badge.x + ui(7), badge.centery)))
        word = _("GRINCH")
        blit_text(
            surface,
            word,
            fit_size(word, ui(12), badge.right - badge.x - ui(31), True),
            (255, 255, 255),
            bold=True,
            midleft=(badge.x + ui(25), badge.centery),
        )

    def draw_table(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        art = self.app.art
        v = self.shown()
        # the draw pile: a little stack and its count
        n = v.pile_size()
        dr = self.draw_rect
        legal = self.legal_now()
        pulse = self.pulse()
        glow_colour = (*ACCENT, 70 + round(70 * pulse))
        if Move("draw") in legal:
            glow = dr.inflate(ui(16), ui(16))
            draw_panel(surface, glow, glow_colour, radius=ui(14), edge=None)
        if self.hinted(Move("draw")):
            self.draw_hint_ring(surface, dr, ui(5))
        for seat in range(self.num_players):
            if Move("take", seat) in legal:
                glow = self.pile_rect(seat).inflate(ui(12), ui(12))
                draw_panel(surface, glow, glow_colour, radius=ui(10), edge=None)
        if n:
            back = art.back(GAME, dr.w)
            layers = min(4, 1 + n // 8)
            for i in range(layers - 1, -1, -1):
                surface.blit(back, dr.move(-i * ui(2), -i * ui(2)))
        else:
            surface.blit(art.slot(dr.w), dr)
        # empty discard piles
        for seat in range(self.num_players):
            if not v.discard_pile(seat) and not v.has_pending(seat):
                surface.blit(art.slot(self.pile_width(seat)), self.pile_rect(seat))
        for text, size, colour, bold, anchor in self.felt_labels():
            blit_text(surface, text, size, colour, bold, **anchor)
        self.draw_heart(surface)

    def felt_labels(self) -> list[tuple[str, int, Any, bool, dict[str, Any]]]:
        """The draw pile's count, what this phase is about (for newcomers) and
        the viewer's pile label as (text, size, colour, bold, anchor): drawn by
        `draw_table`, kept clear by overlays through `label_rects`."""
        ui = self.app.ui
        v = self.shown()
        dr = self.draw_rect
        out: list[tuple[str, int, Any, bool, dict[str, Any]]] = [
            (
                _("Draw pile · {n}").format(n=v.pile_size()),
                ui(15),
                INK,
                True,
                {"midtop": (dr.centerx, dr.bottom + ui(8))},
            )
        ]
        phase = v.phase_name
        if phase == "who":
            out.append(
                (
                    _("Whos draw 2 cards, then discard 1 face down"),
                    ui(14),
                    MUTED,
                    False,
                    {"midtop": (dr.centerx, dr.bottom + ui(30))},
                )
            )
        elif phase == "grinch":
            out.append(
                (
                    _("The Grinch takes 2 (draw pile or any discard top), then discards 1"),
                    ui(14),
                    MUTED,
                    False,
                    {"midtop": (dr.centerx, dr.bottom + ui(30))},
                )
            )
        bottom = self.bottom_seat()
        own = self.pile_rect(bottom)
        label = _("Your discards") if self.you(bottom) else _("{name}'s discards").format(name=self.name(bottom))
        out.append((label, ui(14), MUTED, False, {"midbottom": (own.centerx, own.top - ui(12))}))
        return out

    def label_rects(self) -> list[pygame.Rect]:
        """The piles' words and the heart tile's two lines."""
        out = [widgets.text_rect(text, size, bold, **anchor) for text, size, _c, bold, anchor in self.felt_labels()]
        return out + [widgets.text_rect(text, size, bold, **anchor) for text, size, bold, anchor in self.heart_lines()]

    def felt_rects(self) -> list[pygame.Rect]:
        """The draw pile with its glow, each discard pile with its tilted cards and
        count badge (as `mat` reaches), and the heart tile."""
        ui = self.app.ui
        out = [self.draw_rect.inflate(ui(16), ui(16)), self.tile_area()]
        for seat in range(self.num_players):
            pile = self.pile_rect(seat)
            reach = pygame.Rect(0, 0, round(pile.w * 1.35) + ui(20), round(pile.w * 1.6) + ui(22))
            reach.center = (pile.centerx + ui(2), pile.centery - ui(4))
            out.append(reach)
        return out

    def draw_heart(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        art = self.app.art
        tile = self.tile_rect
        v = self.shown()
        shown = self.heart_shown()
        surface.blit(grinch_art.heart_tile(art, tile.w, shown), tile)
        if self.drop is not None:
            value = int(self.drop[0])  # the token value (an int kept in a list of floats)
            p = self.drop_progress()
            if p < 1.0 and value == v.heart and self.drop[1] >= self.drop[3]:
                spot = grinch_art.heart_token_rect(tile.w, value).move(tile.topleft)
                start = -spot.h - ui(30)
                y = start + (spot.y - start) * ease_out_bounce(p)
                surface.blit(grinch_art.heart_token(art, value, spot.w), (spot.x, round(y)))
            elif p >= 1.0:
                after = self.drop[1] - self.drop[3] - self.drop[2]
                if 0 <= after < 0.45:  # the heart grows: a ring swells out of the tile
                    k = after / 0.45
                    radius = round(tile.w * (0.45 + 0.35 * k))
                    width = max(1, round(ui(6) * (1 - k)))
                    pygame.draw.circle(surface, (255, 150, 150), tile.center, radius, width)
        for (text, size, bold, anchor), colour in zip(self.heart_lines(), (INK, MUTED)):
            blit_text(surface, text, size, colour, bold, **anchor)

    def heart_lines(self) -> list[tuple[str, int, bool, dict[str, Any]]]:
        """The two lines under the heart tile as (text, size, bold, anchor)."""
        ui = self.app.ui
        v = self.shown()
        tile = self.tile_rect
        if v.phase_name == "over":  # nothing is left to score
            line1, line2 = _("Game over"), _("all rounds played")
        elif self.scored_shown() is not None:  # the round's rows are written in
            line1, line2 = _("Hands are full"), _("the round is scored")
        elif v.phase_name == "score":
            line1, line2 = _("Hands are full"), _("time to score")
        else:
            line1 = _("Turn {n} of {total}").format(n=v.turn, total=grinch.TURNS)
            line2 = _("ends with {n} cards").format(n=v.heart)
        room = 2 * tile.centerx - ui(8)  # centred under the tile, clear of the window edge
        return [
            (line1, fit_size(line1, ui(15), room, True), True, {"midtop": (tile.centerx, tile.bottom + ui(4))}),
            (line2, fit_size(line2, ui(13), room), False, {"midtop": (tile.centerx, tile.bottom + ui(23))}),
        ]

    def draw_over(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        v = self.shown()
        # discard pile sizes
        for seat in range(self.num_players):
            count = len(v.discard_pile(seat))
            if seat in self.revealed_shown():
                count -= 1
            if count <= 0:
                continue
            r = self.pile_rect(seat)
            centre = (r.right - ui(2), r.top + ui(2))
            pygame.draw.circle(surface, (24, 30, 28), centre, ui(11))
            pygame.draw.circle(surface, ACCENT, centre, ui(11), max(1, ui(1)))
            blit_text(surface, str(count), ui(13), INK, bold=True, center=centre)
        if self.pad_visible() and not self.overlays_hidden():
            self.pad.draw(surface)
            for row, rect in self.row_rects.items():
                if self.hinted(Move("score", row)):
                    self.draw_hint_ring(surface, rect, ui(1))


#: The table the app opens for this game (`GameSpec.module("table").Table`).
Table = GrinchTable
