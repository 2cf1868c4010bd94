"""The Sticheln table: pain cards, the trick in the middle, tricks taken.

Translator: a click on a hand card is `pain <card>` while picking and
`play <card>` afterwards; nothing else on this table makes a move.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from game.app.look import fonts
from game.app.table import status_words
from game.app.table.base import Hold, TableScene, Target
from game.app.table.sprites import Place
from game.app.table.stage import Stage
from game.app.ui import widgets
from game.app.ui.score_table import ScoreSheet, leader_note, leaders_of
from game.app.ui.widgets import ACCENT, INK, MUTED, blit_text, draw_panel, seat_mark
from game.games.sticheln import words as sticheln_words
from game.games.sticheln.rules import Move
from game.games.sticheln.table_past import PastView
from game.i18n import _

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.session.session import TableSession


GAME = "sticheln"
TRICK_HOLD = 1.0  # seconds a full trick shows its winner before it is gathered
GATHER_HOLD = 0.25  # the round's last trick in its pile, before the summary opens


class TrickMoment(NamedTuple):
    """What a Sticheln hold shows: the table just after a card was played
    (`view`), with the full trick and, once it is decided, who took it
    (`kind` "trick_won") or that it was set aside."""

    view: PastView
    trick: list[tuple[int, Any]] | None = None
    winner: int | None = None
    kind: str | None = None


class StichelnTable(TableScene):
    GAME = GAME
    stage: Stage[TrickMoment]

    def __init__(self, app: AppSurface, session: TableSession, *, demo: bool = False):
        super().__init__(app, session, demo=demo)
        # Last revealed pain cards; a game resumed mid-round has them already.
        self.pains: list = [self.match.state.pain_card(s) for s in range(self.num_players)]

    # -- geometry -------------------------------------------------------------
    def compute_layout(self) -> None:
        w, h = self.size
        ui = self.app.ui
        cw = self.card_w
        ch = round(cw * 1.4)
        self.centre = (w / 2, h * 0.44)
        self.mat_limit = self.centre[1] + cw  # the mats decide above or below their panel once
        self.small_w = max(26, round(cw * 0.42))
        self.pain_w = max(34, round(cw * 0.58))
        self.own_pain: tuple[float, float] = (w - ui(120), h - ch / 2 - ui(30))
        self.trick_w = cw
        y, self.trick_w = self.trick_row()
        self.centre = (w / 2, y)

    def trick_row(self) -> tuple[float, int]:
        """The trick row's height and its cards' width: a little above the
        middle, but below the seats over it (their panels, mats and pain
        cards with its word, on a big six-seat table) with its banner above
        the turn line; where both do not fit (six seats at a large interface
        size) the trick's cards are drawn smaller, down to 3/4 of the hand's."""
        ui = self.app.ui
        cw = self.card_w
        w, h = self.size
        span = self.num_players * cw * 1.12 + ui(40)  # the row of cards and the name pills under them
        row = pygame.Rect(round((w - span) / 2), 0, round(span), h)
        lowest = 0.0
        for seat in range(self.num_players):
            if self.spots[seat].bottom or not self.spots[seat].panel.colliderect(row):
                continue
            _at, (_px, py) = self.mat(seat)
            lowest = max(lowest, self.spots[seat].panel.bottom, py + self.pain_w * 0.7 + ui(2) + ui(18))
        top = lowest + ui(8)  # the cards' top edge at the least
        line_top = self.turn_line_y() + ui(13) - ui(6) - round(ui(15) * 1.22) * 2  # a turn line of two lines
        bottom = line_top - ui(8) - ui(18)  # the banner's middle at the most
        width = cw
        if top + cw * (0.7 + 1.45) > bottom:
            width = max(round(cw * 0.75), min(cw, math.floor((bottom - top) / (0.7 + 1.45))))
        y = max(h * 0.44, top + width * 0.7)
        return min(y, bottom - width * 1.45), width

    def trick_pos(self, index: int) -> tuple[float, float]:
        """The trick lies in a row in play order, the lead card on the left."""
        cx, cy = self.centre
        step = self.trick_w * 1.12
        return cx + (index - (self.num_players - 1) / 2) * step, cy

    def mat(self, seat: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """Where an opponent's face-down hand and pain card sit, by their panel."""
        p = self.spots[seat].panel
        y = self.mat_y(seat, self.small_w * 1.4, self.mat_limit, self.app.ui(6))
        return (p.centerx - p.w * 0.18, y), (p.right - self.pain_w * 0.7, y)

    # -- what is where ----------------------------------------------------------
    def places(self) -> list[Place]:
        view = self.shown()  # a hold's moment, or the view itself
        out: list[Place] = []
        bottom = self.bottom_seat()
        acting = self.viewer_acts()
        hand = view.hand(bottom)
        if self.view.is_public:  # a spectator's table: the bottom seat's cards too, face down
            hand = [None] * view.hand_size(bottom)
        legal = set(self.view.legal_moves()) if acting else set()
        kind = "pain" if self.view.phase == "pick" else "play"
        for i, ((pos, angle), card) in enumerate(
            zip(self.fan(len(hand), self.size[0] / 2, self.hand_y, self.card_w, self.hand_width), hand)
        ):
            key = str(card) if card is not None else ("back", bottom, i)
            mark = self.hand_mark(key, Move(kind, card) in legal)
            out.append(Place(key, card, pos, self.card_w, angle, 100 + i, mark, game=GAME))
        for seat in range(self.num_players):
            out.extend(self.seat_places(view, seat, bottom))
        out.extend(self.trick_places(view))
        return out

    @staticmethod
    def picked(view, seat: int) -> bool:
        return view.has_picked(seat)

    def seat_places(self, view, seat: int, bottom: int) -> list[Place]:
        out: list[Place] = []
        pain = view.pain_card(seat)
        picked = self.picked(view, seat)
        if seat == bottom:
            pos, width = self.own_pain, self.pain_w + self.app.ui(14)
        else:
            fan_at, pos = self.mat(seat)
            width = self.pain_w
            n = view.hand_size(seat)
            faces = self.open_hand(seat, n)
            for i, (p, a) in enumerate(
                self.fan(n, fan_at[0], fan_at[1], self.small_w, self.spots[seat].panel.w * 0.6, 6)
            ):
                out.append(
                    Place(
                        ("back", seat, i),
                        faces[i] if faces else None,
                        p,
                        self.small_w,
                        a,
                        10 + i,
                        game=GAME,
                        origin=self.spots[seat].anchor,
                    )
                )
        if picked:  # kept after the game ends: the pain cards stay visible under the results
            if seat == bottom:  # one's own pick lifts straight out of the hand
                in_hand = self.stage.sprites.get(str(pain))
                origin = (in_hand.x, in_hand.y) if in_hand is not None else pos
            else:
                origin = self.mat(seat)[0]
            out.append(
                Place(("pain", seat), pain, pos, width, 0, 40, game=GAME, origin=origin, revealed=pain is not None)
            )
        return out

    def trick_places(self, view) -> list[Place]:
        moment = self.stage.picture
        shown = moment.trick if moment is not None else None
        if shown is None:
            leader = view.leader
            shown = [((leader + i) % self.num_players, card) for i, card in enumerate(view.trick_cards())]
        winner = moment.winner if moment is not None and moment.kind == "trick_won" else None
        out = []
        for i, (seat, card) in enumerate(shown):
            # Trick cards have keys of their own: the next round deals the
            # same cards into hands while the last trick is still shown.
            in_hand = self.stage.sprites.get(str(card)) if self.spots[seat].bottom else None
            origin = (in_hand.x, in_hand.y) if in_hand is not None else self.mat(seat)[0]
            mark = "won" if seat == winner else ("last" if i == len(shown) - 1 and moment is None else "")
            out.append(
                Place(
                    ("trick", str(card)),
                    card,
                    self.trick_pos(i),
                    self.trick_w,
                    0,
                    60 + i,
                    mark,
                    origin=origin,
                    game=GAME,
                    revealed=True,
                )
            )
        return out

    def targets(self) -> list[Target]:
        if not self.viewer_acts():
            return []
        kind = "pain" if self.view.phase == "pick" else "play"
        out = []
        for card in self.view.hand(self.viewer):
            rect = self.stage.sprite_rect(str(card))
            if rect is not None:
                out.append(Target(rect, Move(kind, card), key=str(card)))
        return out

    def move_keys(self, move) -> list:
        return [str(move.card)]

    # -- what happened ---------------------------------------------------------
    def holds_for(self, events: tuple) -> list[Hold[TrickMoment]]:
        """A full trick: its last card lands, then the winner is marked under
        the banner, then (at a round's end) the cards reach their pile and
        the summary opens -- all while the table shows the moment before
        the next deal (`PastView`), so counters change as the cards arrive."""
        holds: list[Hold[TrickMoment]] = []
        before = self.stage.before if self.viewer is None else self.stage.before.view(self.viewer)
        past = None
        for event in events:
            if event.kind == "revealed":
                self.pains = list(event.cards)
            elif event.kind == "played":
                past = PastView(before, event.seat, event.cards[0])
            elif event.kind in ("trick_won", "set_aside") and past is not None:
                leader = event.info["leader"]
                trick = [((leader + i) % self.num_players, c) for i, c in enumerate(event.cards)]
                holds.append(Hold(TrickMoment(past, trick), 0.0))  # the last card lands
                holds.append(Hold(TrickMoment(past, trick, event.seat, event.kind), TRICK_HOLD))
                taker = event.seat if event.kind == "trick_won" else None
                past = past.gather(taker, event.cards)
            elif event.kind == "round_scored" and past is not None:
                holds.append(Hold(TrickMoment(past), GATHER_HOLD, ends_round=True))
        return holds

    def past_view(self, picture: TrickMoment) -> PastView:
        return picture.view

    def leave_hold(self, picture: TrickMoment | None, coming: TrickMoment | None) -> None:
        # A finished trick leaves once its hold ends: to the winner, or off
        # the table when all zeros are set aside.  Tag the cards, then sync.
        if picture is not None and picture.kind is not None and picture.trick is not None:
            target = (
                self.spots[picture.winner].anchor
                if picture.kind == "trick_won" and picture.winner is not None
                else (self.size[0] / 2, -self.card_w * 2)
            )
            for _, card in picture.trick:
                sprite = self.stage.sprites.get(("trick", str(card)))
                if sprite is not None:
                    sprite.exit_to = target

    def summary(self, events: tuple) -> ScoreSheet | None:
        """Each seat's round as the rules count it (ST-5): +1 for every card
        taken, minus the pain-colour cards taken and the pain card, with
        those cards shown; the leader on the totals marked."""
        scored = next((e for e in events if e.kind == "round_scored"), None)
        if scored is None:
            return None
        info = scored.info
        piles = self.round_piles(events)
        rows, cards = [], []
        for seat in range(self.num_players):
            pain = self.pains[seat] if seat < len(self.pains) else None
            pile = piles[seat]
            hurt = sorted((c for c in pile if pain is not None and c.colour == pain.colour), key=lambda c: -c.value)
            plus = len(pile) - len(hurt)
            minus = sum(c.value for c in hurt) + (pain.value if pain is not None else 0)
            rows.append(
                [
                    self.name(seat),
                    f"+{plus}",
                    f"-{minus}" if minus else "0",
                    f"{info['scores'][seat]:+d}",
                    str(info["totals"][seat]),
                ]
            )
            cards.append([pain, *hurt] if pain is not None else hurt)
        leaders = leaders_of(info["totals"])
        over = any(e.kind == "game_over" for e in events)
        rounds = self.match.state.options["rounds"]
        title = (
            _("Last round ({n} of {total})").format(n=info["round"], total=rounds)
            if over
            else _("Round {n} of {total}").format(n=info["round"], total=rounds)
        )
        return ScoreSheet(
            title,
            [_("Player"), _("Cards taken"), _("Pain cards"), _("This round"), _("Total")],
            rows,
            leaders,
            GAME,
            cards,
            _("Pain card, pain colour taken"),
            leader_note(self.name, self.you, leaders, info["totals"], over),
            set_apart=1,
        )

    def round_piles(self, events: tuple) -> list[list[Any]]:
        """The cards each seat took this round: its pile before the move that
        ended the round, and the last trick to its taker."""
        before = self.stage.before if self.viewer is None else self.stage.before.view(self.viewer)
        piles = [list(before.won_cards(seat)) for seat in range(self.num_players)]
        for event in events:
            if event.kind == "trick_won" and event.seat is not None:
                piles[event.seat].extend(event.cards)
        return piles

    # -- words -----------------------------------------------------------------
    def seat_lines(self, seat: int) -> list[str]:
        return sticheln_words.seat_lines(self.counted(), seat)

    def status(self) -> str:
        shown = self.shown()
        if not isinstance(shown, PastView) and self.viewer_acts() and self.landing():
            return self.landing_status()
        if isinstance(shown, PastView):  # a finished trick is still on the felt
            if self.view.phase != "play" or self.view.round_number != shown.round_number:
                # The round's last trick is still on show: nobody's turn yet.
                return _("Round {n} of {total} · the last trick of the round").format(
                    n=shown.round_number, total=shown.options["rounds"]
                )
            head = _("Round {n} of {total}").format(n=shown.round_number, total=shown.options["rounds"])
            banner = self.banner()
            if banner is not None:  # the line says what the banner says, not the next lead
                return head + " · " + banner
            if self.you(shown.seat):  # your own card completes it: no "Your turn" over a full trick
                return _("Round {n} of {total} · the trick is complete").format(
                    n=shown.round_number, total=shown.options["rounds"]
                )
            # Its last card is landing: still that seat's play.
            turn = status_words.turn_text(shown.seat, self.viewer, self.match, self.name, self.you)
            return sticheln_words.status_line(shown.base, turn, False, self.name, self.you)
        return sticheln_words.status_line(self.view, self.turn_text(), self.viewer_acts(), self.name, self.you)

    def landing_status(self) -> str:
        """The line while the last move still lands and the viewer is next:
        what is happening (the trick being taken, the card just played
        flying in), never "Your turn" while the input would not take a card."""
        before = self.stage.before if self.viewer is None else self.stage.before.view(self.viewer)
        head = _("Round {n} of {total}").format(n=before.round_number, total=before.options["rounds"])
        for event in self.turns.seen_events():
            if event.kind == "trick_won" and event.seat is not None:
                return head + " · " + sticheln_words.trick_banner(event.kind, event.seat, self.name, self.you)
            if event.kind == "set_aside":
                return head + " · " + sticheln_words.trick_banner(event.kind, 0, self.name, self.you)
        mover = before.current_player
        if mover is None:
            return sticheln_words.status_line(self.view, self.turn_text(), False, self.name, self.you)
        turn = status_words.turn_text(mover, self.viewer, self.match, self.name, self.you)
        return sticheln_words.status_line(before, turn, False, self.name, self.you)

    def draw_table(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        px, py = self.own_pain
        own_w = self.pain_w + ui(14)
        if self.shown().phase == "pick" and self.viewer_acts():  # the viewer's pain card has a slot
            r = pygame.Rect(0, 0, own_w, round(own_w * 1.4))
            r.center = (round(px), round(py))
            surface.blit(self.app.art.slot(r.w), r)
        for text, size, anchor in self.felt_labels():
            blit_text(surface, text, size, MUTED, **anchor)

    def felt_labels(self) -> list[tuple[str, int, dict[str, Any]]]:
        """The word "pain" under the opponents' pain cards and "Pain card" over the
        viewer's, as (text, size, anchor): drawn by `draw_table`, kept clear by
        overlays through `label_rects`."""
        ui = self.app.ui
        view = self.shown()
        out: list[tuple[str, int, dict[str, Any]]] = []
        for seat in range(self.num_players):
            if seat == self.bottom_seat() or view.phase == "over" or not self.picked(view, seat):
                continue
            px, py = self.mat(seat)[1]
            out.append((_("pain"), ui(12), {"midtop": (px, py + self.pain_w * 0.7 + ui(2))}))
        px, py = self.own_pain
        out.append((_("Pain card"), ui(14), {"midbottom": (px, py - (self.pain_w + ui(14)) * 0.7 - ui(4))}))
        return out

    def lead_line(self) -> tuple[str, str, pygame.Rect] | None:
        """The lead colour, the line under the trick that names it and where
        that line goes; None before a lead (or while a banner shows there)."""
        lead = self.shown().lead_colour()
        if lead is None or self.banner_kind() is not None:
            return None
        ui = self.app.ui
        cx, cy = self.centre
        text = _("Lead: {colour} — another colour beats it").format(colour=sticheln_words.colour_name(lead))
        return lead, text, widgets.text_rect(text, ui(17), center=(round(cx + ui(14)), round(cy + self.trick_w * 1.45)))

    def label_rects(self) -> list[pygame.Rect]:
        """The pain labels and the lead line with its colour's mark."""
        ui = self.app.ui
        out = [widgets.text_rect(text, size, **anchor) for text, size, anchor in self.felt_labels()]
        lead = self.lead_line()
        if lead is not None:
            rect = lead[2]
            out.append(rect.union(pygame.Rect(rect.left - ui(30), rect.centery - ui(12), ui(30), ui(24))))
        return out

    def banner_kind(self) -> str | None:
        """ "trick_won" or "set_aside" while a decided trick shows its banner."""
        moment = self.stage.picture
        return moment.kind if moment is not None else None

    def banner(self) -> str | None:
        """The banner's words over a decided trick, or None."""
        moment = self.stage.picture
        if moment is None or moment.kind is None or moment.winner is None:
            return None
        return sticheln_words.trick_banner(moment.kind, moment.winner, self.name, self.you)

    def trick_seats(self) -> list[int]:
        moment = self.stage.picture
        shown = moment.trick if moment is not None else None
        if shown is not None:
            return [seat for seat, _ in shown]
        view = self.shown()
        return [(view.leader + i) % self.num_players for i in range(len(view.trick_cards()))]

    def peek_height(self) -> int:
        return self.app.ui(136) if self.chronicle.last_trick() is not None else 0

    def draw_peek(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The last trick in the log: each card over the name of who played
        it, the card that took it raised in a glow."""
        from game.app.look.palette import SEAT_COLOURS

        last = self.chronicle.last_trick()
        if last is None:
            return
        ui = self.app.ui
        leader, cards, taker = last
        blit_text(surface, _("Last trick"), ui(15), MUTED, bold=True, topleft=rect.topleft)
        n = len(cards)
        slot = min(ui(110), rect.w / max(1, n))
        cw = round(min(ui(52), slot - ui(10)))
        ch = round(cw * 1.4)
        for i, card in enumerate(cards):
            seat = (leader + i) % n
            cx = round(rect.x + slot * (i + 0.5))
            top = rect.y + ui(26) - (ui(6) if seat == taker else 0)
            face = self.app.art.face(GAME, card, cw)
            card_rect = face.get_rect(midtop=(cx, top))
            if seat == taker:
                pygame.draw.rect(surface, widgets.ACCENT, card_rect.inflate(ui(8), ui(8)), border_radius=ui(8))
            surface.blit(face, card_rect)
            name = self.name(seat)
            blit_text(
                surface,
                name,
                widgets.fit_size(name, ui(14), round(slot) - ui(6), True),
                SEAT_COLOURS[seat % len(SEAT_COLOURS)],
                bold=True,
                midtop=(cx, rect.y + ui(26) + ch + ui(6)),
            )

    def draw_over(self, surface: pygame.Surface) -> None:
        from game.app.look.palette import NAME_PILL, seat_ink

        ui = self.app.ui
        cx, cy = self.centre
        for i, seat in enumerate(self.trick_seats()):
            x, ty = self.trick_pos(i)
            name = self.name(seat)
            # the name in its seat's colour on a dark pill: readable (4.5:1) on any felt
            label = pygame.Rect((0, 0), fonts.size(name, ui(15), True))
            label.midtop = (round(x + ui(7)), round(ty + self.trick_w * 0.7 + ui(6)))
            pill = pygame.Rect(label.x - ui(20), label.y - ui(2), label.w + ui(28), label.h + ui(4))
            draw_panel(surface, pill, (*NAME_PILL, 255), radius=pill.h // 2, edge=None)
            blit_text(surface, name, ui(15), seat_ink(seat), bold=True, topleft=label.topleft)
            seat_mark(surface, seat, (label.left - ui(9), label.centery), ui(5))
        y = cy + self.trick_w * 1.45
        text = self.banner()
        if text is not None:
            img_rect = pygame.Rect(0, 0, ui(360), ui(36))
            img_rect.center = (round(cx), round(y))
            draw_panel(surface, img_rect, radius=ui(18), edge=ACCENT)
            blit_text(
                surface,
                text,
                widgets.fit_size(text, ui(19), img_rect.w - ui(16), True),
                ACCENT,
                bold=True,
                center=img_rect.center,
            )
        else:
            lead = self.lead_line()
            if lead is not None:
                colour, text, rect = lead
                blit_text(surface, text, ui(17), INK, topleft=rect.topleft)
                icon = self.app.art.symbol(GAME, colour, ui(24))
                surface.blit(icon, icon.get_rect(midright=(rect.left - ui(6), rect.centery)))


#: The table the app opens for this game (`GameSpec.module("table").Table`).
Table = StichelnTable
