"""The Avalanche table: the viewer's hand, the draw pile, the avalanche
spilling across the middle, collected piles and the neutral crevasse.

Translator: a click on a hand card selects it (cards of one rank: a card of
another rank starts a new selection); the Play button (or Space/Enter) plays
the selected set; a click on the draw pile is `snowfall`.  Every move is one
of `legal_moves()`, so legality is decided by the rules alone.

What is drawn comes from a *snapshot* (hand, hand sizes, the avalanche,
pile counts): the live one is made from the viewer's view, and a hold
(`stage`) carries its own snapshot of the moment before a fall or stop, so the
fallen avalanche stays on the table for a beat before it slides away.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, cast

import pygame

from game.app.look.palette import SEAT_COLOURS
from game.app.table.base import Hold, TableScene, Target
from game.app.table.sprites import Place
from game.app.table.stage import Stage
from game.app.ui import focus, widgets
from game.app.ui.score_table import ScoreSheet, leader_note, leaders_of
from game.app.ui.widgets import ACCENT, INK, MUTED, blit_text, draw_panel, draw_wrapped, fit_size
from game.games.avalanche import rules as avalanche
from game.games.avalanche import words as avalanche_words
from game.games.avalanche.rules import SNOWFALL, Move
from game.games.avalanche.snapshot import Snapshot
from game.i18n import _, ngettext

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.session.session import TableSession


GAME = "avalanche"
#: A card in a hand, as the sprites and the selection key it: ("hand", card text, copy number).
HandKey = tuple[str, str, int]

FALL_HOLD = 1.1  # seconds the fallen/stopped avalanche stays before it slides away
END_HOLD = 1.2
OUT_STEP = 0.36  # of a card's width: the least step between ranks (the index shows in full)
IN_STEP = 0.06  # the least step between cards of one rank
COUNT_BELOW = 0.2  # cards of one rank closer than this get a "×3" count
GROW_COLOUR = (122, 196, 150)
STOP_COLOUR = (126, 178, 226)
FALL_COLOUR = (232, 132, 96)
ICE = (170, 206, 232)
CHIP_FILL = (14, 24, 20, 200)


# -- the table -----------------------------------------------------------------------


class AvalancheTable(TableScene):
    GAME = GAME
    stage: Stage[Snapshot]

    squeezed = False  # the bottom hand's ranks are squeezed together (see `hand_fan`)
    hand_counts: list[tuple[Hashable, int]] = []  # (top card's key, count) of squeezed ranks

    def __init__(self, app: AppSurface, session: TableSession, *, demo: bool = False):
        super().__init__(app, session, demo=demo)
        self._live_cache: tuple[Any, Any, Snapshot | None] = (None, None, None)
        self._banner_top: tuple[Snapshot | None, float] = (None, 0.0)  # per hold
        self._words_cache: tuple[tuple, dict] | None = None
        self.play_rect = pygame.Rect(0, 0, 0, 0)
        self.av_box = pygame.Rect(0, 0, 0, 0)

    # -- cached derived state --------------------------------------------------
    def live(self) -> Snapshot:
        """What the table shows when nothing is being held: from the view."""
        state = self.match.state
        cs, bottom, snap = self._live_cache
        if cs is state and bottom == self.bottom_seat() and snap is not None:
            return snap
        view = self.view
        bottom = self.bottom_seat()
        n = self.num_players
        snap = Snapshot(
            hand=view.hand(bottom),
            sizes=[view.hand_size(s) for s in range(n)],
            table=view.table_plays(),
            pile=view.pile_count,
            coll=view.scores(),
            neutral=len(view.neutral),
            out=set(view.out),
        )
        self._live_cache = (state, bottom, snap)
        return snap

    def snapshot(self) -> Snapshot:
        """What the table draws now: the held moment, or the live one."""
        picture = self.stage.picture
        return picture if picture is not None else self.live()

    def drawn(self) -> Snapshot:
        return self.snapshot()

    def counted(self) -> Snapshot:  # (the base's, with its type)
        counted: Snapshot = super().counted()
        return counted

    @property
    def held(self) -> bool:
        """A hold shows a moment (a fall, a stop, the end): nothing to click."""
        return self.stage.picture is not None

    # -- geometry ------------------------------------------------------------------
    def compute_layout(self) -> None:
        w, h = self.size
        ui = self.app.ui
        self._words_cache = None  # chip rects and sizes belong to the old size
        self._banner_top = (None, 0.0)
        cw = self.card_w
        ch = round(cw * 1.4)
        self.small_w = max(24, round(cw * 0.42))
        sh = self.small_w * 1.4
        # The avalanche box: below the opponents' mats, above the hand and the
        # line of next-play chips, between the draw pile and the crevasse.
        band = pygame.Rect(round(w * 0.24), 0, round(w * 0.52), h)
        top = ui(60)
        for seat in range(self.num_players):
            if self.spots[seat].bottom:
                continue
            area = self.seat_area(seat)
            if area.colliderect(band):
                top = max(top, area.bottom)
        top += ui(14)
        self.chip_y = self.hand_y - ch / 2 - ch * 0.22 - ui(22)
        # The turn line sits above the chips (a second line grows it upwards);
        # the avalanche and the "who played it" label under its last set stay above it.
        line_top = self.turn_line_y() + ui(13) - ui(6) - round(ui(15) * 1.22) * 2
        bottom = line_top - ui(6) - ui(4) - ui(20) - cw * 0.04
        side = max(cw * 1.9, w * 0.2)
        self.av_box = pygame.Rect(
            round(side + cw * 0.6), round(top), round(w - 2 * (side + cw * 0.6)), max(ui(60), round(bottom - top))
        )
        av_w = round(cw * 0.84)
        av_w = min(av_w, round(self.av_box.h / 1.4 / 1.35))
        self.av_w = max(30, av_w)
        # Draw pile left of the avalanche, crevasse right of it, each below any
        # seat mat in its column -- or, where that would reach the chips, moved
        # in toward the middle past the mat, the avalanche's box narrowing to match.
        self.pile_w = round(cw * 0.9)
        pile_x = self.av_box.left - cw * 0.8
        crev_x = self.av_box.right + cw * 0.8
        inset = max(self.pile_inset(pile_x, 1, ch), self.pile_inset(crev_x, -1, ch))
        if inset:
            self.av_box.inflate_ip(-2 * round(inset), 0)
            pile_x, crev_x = pile_x + inset, crev_x - inset
        self.av_centre = self.av_box.center
        self.pile_pos = (pile_x, self.column_y(pile_x, ch))
        self.crev_pos = (crev_x, self.column_y(crev_x, ch))
        self.crevasse = self.crevasse_art(round(cw * 1.2), round(cw * 1.3))
        own = self.spots[self.bottom_seat()].panel if self.spots else pygame.Rect(0, h - 80, 190, 74)
        self.own_coll = (own.x + self.small_w * 0.8 + ui(4), own.top - sh / 2 - ui(10))

    def crevasse_art(self, w: int, h: int) -> pygame.Surface:
        """A dark cleft in the snow with a jagged icy rim (made once per size)."""
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        ui = self.app.ui
        pts = []
        n = 9
        for i in range(n):  # down the right side, then back up the left
            t = i / (n - 1)
            pts.append((w * (0.86 + 0.08 * ((i * 5) % 3 - 1)), h * t))
        for i in range(n):
            t = 1 - i / (n - 1)
            pts.append((w * (0.14 + 0.08 * ((i * 7) % 3 - 1)), h * t))
        pygame.draw.polygon(surf, (6, 12, 18, 215), pts)
        pygame.draw.polygon(surf, (*ICE, 235), pts, max(1, ui(2)))
        for k in range(3):  # faint crack lines inside
            x = w * (0.35 + 0.15 * k)
            pygame.draw.line(surf, (*ICE, 60), (x, h * 0.12), (x + w * 0.05 * (k - 1), h * 0.88), max(1, ui(1)))
        return surf

    def column_y(self, x: float, ch: int) -> float:
        """A height for a pile at x: level with the avalanche, or lower if a
        seat's mat is in the way."""
        ui = self.app.ui
        col = pygame.Rect(round(x - self.card_w * 0.75), 0, round(self.card_w * 1.5), self.size[1])
        y: float = self.av_box.centery - ui(6)
        for seat in range(self.num_players):
            if not self.spots[seat].bottom:
                area = self.seat_area(seat)
                if area.colliderect(col):
                    y = max(y, area.bottom + ch * 0.5 + ui(14))
        # keep the pile and its two label lines clear of the chip row
        return min(y, self.chip_y - ui(15) - ui(44) - self.card_w * 0.7)

    def pile_inset(self, x: float, inward: int, ch: int) -> float:
        """How far toward the middle (`inward` +1: rightwards, -1: leftwards)
        a pile at `x` (the draw pile, the crevasse) must move to keep off the
        seat mats its column's height still meets: 0 where none is in its way."""
        ui = self.app.ui
        half = self.card_w * 0.6  # the crevasse's half width; the draw pile is narrower
        y = self.column_y(x, ch)
        pile = pygame.Rect(round(x - half), round(y - ch / 2), round(2 * half), ch)
        moved = 0.0
        for seat in range(self.num_players):
            if self.spots[seat].bottom:
                continue
            area = self.seat_area(seat)
            if area.colliderect(pile):
                edge = area.right + ui(8) + half if inward > 0 else area.left - ui(8) - half
                moved = max(moved, (edge - x) * inward)
        return moved

    def seat_area(self, seat: int) -> pygame.Rect:
        """An opponent's panel plus the mat under (or over) it."""
        p = self.spots[seat].panel
        fan_at, _ = self.mat(seat)
        sh = self.small_w * 1.4
        r = p.copy()
        r.union_ip(pygame.Rect(round(p.x), round(fan_at[1] - sh / 2 - 4), p.w, round(sh + 8)))
        return r

    def mat(self, seat: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """Where an opponent's face-down hand and collected pile sit, by their panel."""
        p = self.spots[seat].panel
        y = self.mat_y(seat, self.small_w * 1.4, self.size[1] * 0.52, self.app.ui(6))
        return (p.centerx - p.w * 0.16, y), (p.right - self.small_w * 0.75, y)

    def coll_pos(self, seat: int) -> tuple[float, float]:
        if self.spots[seat].bottom:
            return self.own_coll
        return self.mat(seat)[1]

    def hand_fan(
        self, cards: list, centre_x: float, base_y: float, cw: int, max_width: float
    ) -> list[tuple[tuple[float, float], float]]:
        """A fan with a small gap between ranks, compressed to fit `max_width`.

        A long hand (a 40-card hand is not rare) squeezes the cards of one
        rank together first, so every rank keeps its index in full view
        instead of the whole hand turning into thin stripes; `rank_groups`
        then says how many cards each squeezed group holds."""
        n = len(cards)
        if n == 0:
            return []
        breaks = {i for i in range(1, n) if cards[i].rank != cards[i - 1].rank}
        inside = n - 1 - len(breaks)  # steps between cards of the same rank
        room = max(0.0, max_width - cw)
        step_in = min(cw * 0.62, room / max(1.0, (n - 1) + 0.5 * len(breaks)))
        step_out = step_in * 1.5
        if step_out < cw * OUT_STEP:  # too tight for every card: squeeze within ranks
            step_out = min(cw * OUT_STEP, room / max(1, len(breaks))) if breaks else 0.0
            step_in = max(cw * IN_STEP, (room - step_out * len(breaks)) / max(1, inside))
            if step_out * len(breaks) + step_in * inside > room and breaks:
                step_out = max(0.0, (room - step_in * inside) / len(breaks))
        xs = []
        x = 0.0
        for i in range(n):
            if i:
                x += step_out if i in breaks else step_in
            xs.append(x)
        total = xs[-1]
        out = []
        spread = 8.0 * min(1.0, n / 8)
        for x in xs:
            t = (x / total - 0.5) if total else 0.0
            angle = -t * spread
            y = base_y + (t * t) * cw * 0.3 * min(1.0, n / 8)
            out.append(((centre_x - total / 2 + x, y), angle))
        self.squeezed = step_in < cw * COUNT_BELOW
        return out

    @staticmethod
    def rank_groups(cards: list) -> list[tuple[int, int]]:
        """(index of the last card, count) of each run of equal ranks in a hand."""
        out: list[tuple[int, int]] = []
        for i, card in enumerate(cards):
            if out and cards[i - 1].rank == card.rank:
                out[-1] = (i, out[-1][1] + 1)
            else:
                out.append((i, 1))
        return out

    def cascade(self, sizes: list[int]) -> list[list[tuple[tuple[float, float], float]]]:
        """Positions of every card of every set: sets step down and to the right,
        each set's cards overlapping, squeezed to fit the avalanche box."""
        if not sizes:
            return []
        aw = self.av_w
        ah = aw * 1.4
        box = self.av_box
        inner, between = aw * 0.3, aw * 0.62  # card-to-card in a set; set-to-set
        width = sum((k - 1) * inner for k in sizes) + (len(sizes) - 1) * between
        room = box.w - aw
        squeeze = min(1.0, room / width) if width > 0 else 1.0
        inner *= squeeze
        between *= squeeze
        width *= squeeze
        drop = min(ah * 0.26, (box.h - ah) / (len(sizes) - 1)) if len(sizes) > 1 else 0.0
        height = drop * (len(sizes) - 1)
        x = box.centerx - width / 2
        y = box.centery - height / 2
        out = []
        index = 0
        for s, k in enumerate(sizes):
            row = []
            for j in range(k):
                wobble = ((index * 7 + s * 3) % 7 - 3) * 1.1
                jitter = ((index * 5 + 1) % 5 - 2) * aw * 0.02
                row.append(((x, y + jitter), wobble))
                index += 1
                if j < k - 1:
                    x += inner
            out.append(row)
            x += between
            y += drop
        return out

    # -- what is where ----------------------------------------------------------------
    def places(self) -> list[Place]:
        snap = self.snapshot()
        bottom = self.bottom_seat()
        out: list[Place] = []
        # The bottom hand, face up, keyed by (card, copy) so duplicates stay apart.
        acting = self.viewer_acts() and not self.held
        legal_ranks = set()
        if acting:
            legal_ranks = {m.rank for m in self.view.legal_moves() if m.kind == "play"}
        sel_rank = self.selection_rank()
        hand = snap.hand
        seen: Counter = Counter()
        hand_places = []
        fan = self.hand_fan(hand, self.size[0] / 2, self.hand_y, self.card_w, self.hand_width)
        for i, ((pos, angle), card) in enumerate(zip(fan, hand)):
            text = str(card)
            key = ("hand", text, seen[text])
            seen[text] += 1
            mark = self.hand_mark(key, card.rank in legal_ranks)
            if mark == "" and acting and sel_rank == card.rank:
                mark = "legal"
            hand_places.append(Place(key, card, pos, self.card_w, angle, 100 + i, mark, game=GAME))
        self.place_play_button(fan)
        # a squeezed rank shows how many cards lie under its top card
        self.hand_counts = (
            [(hand_places[last].key, count) for last, count in self.rank_groups(hand) if count > 1]
            if self.squeezed
            else []
        )
        if self.view.is_public:  # a spectator's table: the bottom seat's cards too, face down
            backs = self.fan(snap.sizes[bottom], self.size[0] / 2, self.hand_y, self.card_w, self.hand_width)
            for i, (p, a) in enumerate(backs):
                out.append(
                    Place(("back", bottom, i), None, p, self.card_w, a, 100 + i, game=GAME, origin=self.pile_pos)
                )
        # Opponents' face-down hands.
        for seat in range(self.num_players):
            if seat == bottom:
                continue
            fan_at, _ = self.mat(seat)
            n = snap.sizes[seat]
            faces = self.open_hand(seat, n)
            for i, (p, a) in enumerate(
                self.fan(n, fan_at[0], fan_at[1], self.small_w, self.spots[seat].panel.w * 0.62, 6)
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
                        origin=self.pile_pos,
                    )
                )
        # The avalanche.
        table = snap.table
        av_places = []
        index = 0
        for s, (rows, (seat, cards)) in enumerate(zip(self.cascade([len(c) for _, c in table]), table)):
            last = s == len(table) - 1
            for (pos, angle), card in zip(rows, cards):
                av_places.append(
                    Place(
                        ("av", index),
                        card,
                        pos,
                        self.av_w,
                        angle,
                        200 + index,
                        "last" if last else "",
                        game=GAME,
                        origin=self.hand_origin(seat),
                        revealed=True,
                    )
                )
                index += 1
        out.extend(self.with_origins(hand_places, av_places))
        # Piles: the draw pile, each collected pile, the crevasse.
        out.extend(self.stack("pile", snap.pile, self.pile_pos, self.pile_w, 15, origin=None, mark=self.pile_mark()))
        for seat in range(self.num_players):
            w = self.small_w if not self.spots[seat].bottom else round(self.small_w * 1.15)
            out.extend(
                self.stack(("coll", seat), snap.coll[seat], self.coll_pos(seat), w, 10, origin=self.av_centre, z=40)
            )
        out.extend(
            self.stack(
                "crev",
                snap.neutral,
                self.crev_pos,
                round(self.card_w * 0.8),
                12,
                origin=self.av_centre,
                z=40,
                tumble=True,
            )
        )
        return out

    def stack(
        self,
        name: Hashable,
        count: int,
        pos: tuple[float, float],
        width: int,
        per_layer: int,
        origin=None,
        z: int = 20,
        mark: str = "",
        tumble: bool = False,
    ) -> list[Place]:
        """A face-down pile drawn as a few layered backs (more layers = more cards)."""
        if count <= 0:
            return []
        layers = min(4, 1 + (count - 1) // per_layer)
        step = max(1.0, width * 0.035)
        out = []
        for j in range(layers):
            angle = ((j * 5) % 7 - 3) * 2.0 if tumble else 0.0
            top = j == layers - 1
            out.append(
                Place(
                    (name, j),
                    None,
                    (pos[0] - j * step * 0.6, pos[1] - j * step),
                    width,
                    angle,
                    z + j,
                    mark if top else "",
                    origin=origin,
                    game=GAME,
                )
            )
        return out

    def with_origins(self, hand_places: list[Place], av_places: list[Place]) -> list[Place]:
        """New cards fly from where the same face just left: a played card from
        the hand, a card taken back (undo) from the avalanche; else the pile."""
        wanted = {p.key for p in hand_places} | {p.key for p in av_places}
        gone: dict[str, list[tuple[float, float]]] = {}
        for key, sprite in self.stage.sprites.items():
            if (
                isinstance(key, tuple)
                and key[0] in ("hand", "av")
                and key not in wanted
                and sprite.place.card is not None
            ):
                gone.setdefault(str(sprite.place.card), []).append((sprite.x, sprite.y))
        out = []
        for place in hand_places:
            if place.key not in self.stage.sprites:
                spots = gone.get(str(place.card))
                place = place._replace(origin=spots.pop() if spots else self.pile_pos)
            out.append(place)
        for place in av_places:
            if place.key not in self.stage.sprites:
                spots = gone.get(str(place.card))
                if spots:
                    place = place._replace(origin=spots.pop())
            out.append(place)
        return out

    def hand_origin(self, seat: int) -> tuple[float, float]:
        if self.spots[seat].bottom:
            return (self.size[0] / 2, self.hand_y)
        return self.mat(seat)[0]

    def pile_mark(self) -> str:
        if self.held or not self.viewer_acts():
            return ""
        if self.turns.hint is not None and self.turns.hint[0] == SNOWFALL:
            return "hint"
        if SNOWFALL in self.view.legal_moves():
            hover = isinstance(self.input.hover_key, tuple) and self.input.hover_key[0] == "pile"
            return "hint" if hover else "legal"
        return ""

    def place_play_button(self, fan: list) -> None:
        ui = self.app.ui
        bw, bh = ui(176), ui(54)
        right = max((p[0] for p, _ in fan), default=self.size[0] / 2) + self.card_w / 2
        r = pygame.Rect(0, 0, bw, bh)
        r.midleft = (round(right + ui(22)), round(self.hand_y - ui(8)))
        r.right = min(r.right, self.size[0] - ui(12))
        self.play_rect = r

    # -- input ----------------------------------------------------------------------------
    def selection_rank(self) -> int | None:
        for key in self.selection:
            return avalanche.parse_card(cast(HandKey, key)[1]).rank
        return None

    def hand_keys(self) -> set:
        seen: Counter = Counter()
        keys = set()
        for card in self.live().hand:
            keys.add(("hand", str(card), seen[str(card)]))
            seen[str(card)] += 1
        return keys

    def select(self, key: Hashable) -> None:
        self.selection &= self.hand_keys()
        if key in self.selection:
            self.selection.discard(key)
            return
        rank = avalanche.parse_card(cast(HandKey, key)[1]).rank
        if self.selection_rank() not in (None, rank):
            self.selection.clear()
        self.selection.add(key)

    def selected_move(self) -> Move | None:
        """The play the selection stands for: one of `legal_moves()` if it can be."""
        keys = self.selection & self.hand_keys()
        if not keys:
            return None
        rank = self.selection_rank()
        if rank is None:  # (never: a selection with hand keys has a rank)
            return None
        for move in self.view.legal_moves():
            if move.kind == "play" and move.rank == rank and move.count == len(keys):
                return move
        return Move("play", rank, len(keys))  # the gate will say why not

    def play_target(self) -> Target:
        move = self.selected_move()
        if move is None:
            return Target(self.play_rect, label=_("Click cards of one rank in your hand first, then press Play."))
        return Target(self.play_rect, move=move)

    def targets(self) -> list[Target]:
        if not self.viewer_acts() or self.held:
            return []
        out = []
        for card_key in sorted(
            self.hand_keys(), key=lambda k: self.stage.sprites[k].place.z if k in self.stage.sprites else 0
        ):
            rect = self.stage.sprite_rect(card_key)
            if rect is not None:
                out.append(Target(rect, select=card_key, key=card_key))
        top = self.top_key("pile")
        rect = self.stage.sprite_rect(top) if top is not None else None  # (a top key has a sprite)
        if rect is None:
            rect = pygame.Rect(0, 0, self.card_w, round(self.card_w * 1.4))
            rect.center = (round(self.pile_pos[0]), round(self.pile_pos[1]))
        out.append(Target(rect, move=SNOWFALL, key=top if top is not None else ("pile", "top")))
        out.append(self.play_target())
        return out

    def move_keys(self, move: Any) -> list[Hashable]:
        """What a hint lights up: the cards of a suggested play, or the pile."""
        if move == SNOWFALL:
            top = self.top_key("pile")
            return [top] if top is not None else []
        if getattr(move, "kind", None) != "play":
            return []
        seen: Counter = Counter()
        keys: list[Hashable] = []
        for card in self.live().hand:
            text = str(card)
            if card.rank == move.rank and len(keys) < move.count:
                keys.append(("hand", text, seen[text]))
            seen[text] += 1
        return keys

    def focusable(self, target: Target, legal: list) -> bool:
        """Cards of a rank that some legal play uses, Snowfall when allowed,
        and Play once the selection is a legal play."""
        if target.select is not None:
            rank = avalanche.parse_card(cast(HandKey, target.select)[1]).rank
            return any(m.kind == "play" and m.rank == rank for m in legal)
        return super().focusable(target, legal)

    def focus_item(self, target: Target) -> focus.Focusable:
        item = super().focus_item(target)
        if target.select is not None:  # Space selects; Enter plays what is selected
            return item._replace(activate=lambda: self.enter_on_card(target), toggle=item.activate)
        if target.rect == self.play_rect:
            return item._replace(key=("play button",))
        return item

    def enter_on_card(self, target: Target) -> None:
        """Enter on a card: play the selection, or with none yet, select this card."""
        if self.selection & self.hand_keys() and not self.mode.prefers(target):
            self.input.act(self.play_target())
        else:
            self.input.act(target)

    def top_key(self, name: Hashable) -> Hashable | None:
        layers = [k for k in self.stage.sprites if isinstance(k, tuple) and k[0] == name]
        return max(layers, key=lambda k: k[1]) if layers else None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if not self.viewer_acts() or self.held:
                return False
            target = self.play_target()
            if target.move is not None:
                self.input.try_move(target.move)
            else:
                self.refuse(target.label)
                self.app.sound.play("error")
            return True
        return super().handle(event)

    # -- what happened ---------------------------------------------------------------------
    def before_snapshot(self, seat: int, played: list) -> Snapshot:
        """The table just after `seat` played `played`, before anything was
        swept, refilled or ended: what a hold shows."""
        before = self.stage.before
        view = before if self.viewer is None else before.view(self.viewer)
        bottom = self.bottom_seat()
        hand = list(view.hand(bottom))
        if bottom == seat:
            for card in played:
                if card in hand:  # (a network spectator's public view holds no hand at all)
                    hand.remove(card)
        sizes = [view.hand_size(s) for s in range(self.num_players)]
        sizes[seat] = max(0, sizes[seat] - len(played))
        return Snapshot(
            hand=hand,
            sizes=sizes,
            table=view.table_plays() + [(seat, list(played))],
            pile=view.pile_count,
            coll=view.scores(),
            neutral=len(view.neutral),
            out=set(view.out),
        )

    def holds_for(self, events: tuple) -> list[Hold[Snapshot]]:
        holds: list[Hold[Snapshot]] = []
        played = None
        for event in events:
            if event.kind == "played":
                played = event
            elif event.kind in ("fell", "stopped") and played is not None:
                snap = self.before_snapshot(played.seat, list(played.cards))._replace(
                    kind="fall" if event.kind == "fell" else "stop",
                    faller=played.seat,
                    collector=event.info.get("collector") if event.kind == "fell" else None,
                    cards=event.info["count"],
                )
                holds.append(Hold(snap, FALL_HOLD))
            elif event.kind == "game_over":
                if played is not None and played.info.get("result") in ("grow", "start"):
                    snap = self.before_snapshot(played.seat, list(played.cards))._replace(kind="show")
                    holds.append(Hold(snap, 0.6))
                end = self.live()._replace(kind="end", cards=event.info.get("to_neutral", 0))
                holds.append(Hold(end, END_HOLD))
                if len(holds) == 1:  # nothing held before: the last cards leave now
                    self.tag_exits(hands=True, table=True, to=self.crev_pos)
        return holds

    def tag_exits(self, hands: bool, table: bool, to: tuple[float, float]) -> None:
        duration = self.speed(0.34)
        for key, sprite in self.stage.sprites.items():
            kind = key[0] if isinstance(key, tuple) else key
            if (table and kind == "av") or (hands and kind in ("hand", "back")):
                sprite.exit_to = to
                if sprite.place.card is not None and duration > 0:
                    # turn face down on the way (the flip runs alongside the slide)
                    sprite.retarget(sprite.place._replace(card=None), duration)

    def leave_hold(self, picture: Snapshot | None, coming: Snapshot | None) -> None:
        # The held avalanche slides away as the hold ends: tag its cards first.
        kind = picture.kind if picture is not None else None
        if kind == "fall" and picture is not None and picture.collector is not None:
            self.tag_exits(False, True, self.coll_pos(picture.collector))
        elif kind in ("stop", "show"):
            self.tag_exits(False, True, self.crev_pos)
        if coming is not None and coming.kind == "end":
            self.tag_exits(True, False, self.crev_pos)

    def summary(self, events: tuple) -> ScoreSheet | None:
        """Avalanche is one long round: at its end, each seat's collected pile
        (its score, AV-5.5) drawn as the cards it holds, before the results."""
        over = next((e for e in events if e.kind == "game_over"), None)
        if over is None:
            return None
        totals = over.info["scores"]
        places = self.view.places()
        piles = [sorted(places.get(f"collected {seat}", []), key=lambda c: c.rank) for seat in range(self.num_players)]
        rows = [[self.name(seat), str(totals[seat])] for seat in range(self.num_players)]
        leaders = leaders_of(totals)
        return ScoreSheet(
            _("The snow has settled"),
            [_("Player"), _("Score")],
            rows,
            leaders,
            GAME,
            piles,
            _("Collected pile"),
            leader_note(self.name, self.you, leaders, totals, True),
        )

    # -- words -------------------------------------------------------------------------------
    def seat_lines(self, seat: int) -> list[str]:
        snap = self.counted()  # counts change as the cards arrive
        n = snap.sizes[seat]
        if seat in snap.out and n == 0:
            first = _("Out of cards")
        else:
            first = ngettext("{n} card in hand", "{n} cards in hand", n).format(n=n)
        return [first, _("Collected {n}").format(n=snap.coll[seat])]

    def status(self) -> str:
        # While a stopped or fallen avalanche is still on its way, the banner's words stay.
        title, sub = avalanche_words.banner(self.counted(), self.name, self.mine)
        if title:
            return f"{title} — {sub}"
        return avalanche_words.status_line(self.view, self.turn_text(), self.viewer_acts(), self.name, self.mine)

    def mine(self, seat: int) -> bool:
        """The seat said as "you" (see `TableScene.you`)."""
        return self.you(seat)

    def words(self) -> dict:
        """Next-play chips and the Play button text, recomputed only when they change."""
        snap = self.snapshot()
        table = snap.table
        key = (id(snap), len(table), self.selection_rank(), len(self.selection), self.viewer_acts())
        if self._words_cache is not None and self._words_cache[0] == key:
            return self._words_cache[1]
        out: dict[str, Any] = {"chips": [], "button": ("", "")}
        if table:
            colours = {"grow": GROW_COLOUR, "stop": STOP_COLOUR, "fall": FALL_COLOUR}
            out["chips"] = [
                (tag, text, colours[how]) for tag, text, how in avalanche_words.chips(table, self.name, self.mine)
            ]
            seat, cards = table[-1]
            out["last"] = f"{self.name(seat)}: {avalanche_words.set_text(cards[0].rank, len(cards))}"
        move = self.selected_move() if self.viewer_acts() else None
        if move is not None:
            out["button"] = avalanche_words.play_button(table, move.rank, move.count, self.name, self.mine)
        self._words_cache = (key, out)
        return out

    # -- drawing ---------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        snap = self.snapshot()
        art = self.app.art
        # Draw pile slot, the empty collected piles' slots, the crevasse.
        px, py = self.pile_pos
        slot = art.slot(self.pile_w)
        surface.blit(slot, slot.get_rect(center=(round(px), round(py))))
        for seat in range(self.num_players):
            if not snap.coll[seat]:
                w = self.small_w if not self.spots[seat].bottom else round(self.small_w * 1.15)
                slot = art.slot(w)
                x, y = self.coll_pos(seat)
                surface.blit(slot, slot.get_rect(center=(round(x), round(y))))
        cx, cy = self.crev_pos
        surface.blit(self.crevasse, self.crevasse.get_rect(center=(round(cx), round(cy))))
        # An empty table invites a start.
        place = self.empty_slot()
        if place is not None:
            surface.blit(art.slot(self.av_w), place)
            draw_wrapped(surface, _("No avalanche"), ui(16), MUTED, place.inflate(-ui(8), -ui(12)))
        for text, size, colour, bold, anchor in self.felt_labels():
            blit_text(surface, text, size, colour, bold, **anchor)

    def empty_slot(self) -> pygame.Rect | None:
        """The empty avalanche's slot, while nothing is on the table to play onto."""
        if self.snapshot().table or self.held or self.match.current is None:
            return None
        return self.app.art.slot(self.av_w).get_rect(center=self.av_centre)

    def felt_labels(self) -> list[tuple[str, int, Any, bool, dict[str, Any]]]:
        """The piles' words on the felt as (text, size, colour, bold, anchor):
        drawn by `draw_table`, kept clear by overlays through `label_rects`."""
        ui = self.app.ui
        counted = self.counted()  # counts change as the cards arrive
        px, py = self.pile_pos
        label_y = py + self.pile_w * 0.7 + ui(8)
        out: list[tuple[str, int, Any, bool, dict[str, Any]]] = [
            (_("Draw pile · {n}").format(n=counted.pile), ui(15), INK, False, {"midtop": (px, label_y)})
        ]
        if self.pile_mark():
            out.append((_("Click: Snowfall"), ui(14), ACCENT, True, {"midtop": (px, label_y + ui(19))}))
        cx, cy = self.crev_pos
        bottom = self.crevasse.get_rect(center=(round(cx), round(cy))).bottom
        out += [
            (_("Crevasse · {n}").format(n=counted.neutral), ui(15), INK, False, {"midtop": (cx, bottom + ui(8))}),
            (_("scores for nobody"), ui(13), MUTED, False, {"midtop": (cx, bottom + ui(27))}),
        ]
        place = self.empty_slot()
        if place is not None:
            hint = _("any set starts one")  # under the slot, as the piles' captions are
            out.append(
                (
                    hint,
                    fit_size(hint, ui(14), self.av_box.w - ui(8)),
                    MUTED,
                    False,
                    {"midtop": (place.centerx, place.bottom + ui(6))},
                )
            )
        ox, oy = self.own_coll
        collected = counted.coll[self.bottom_seat()]
        out.append(
            (
                _("Your pile · {n}").format(n=collected)
                if self.you(self.bottom_seat())
                else _("Collected · {n}").format(n=collected),
                ui(14),
                INK,
                False,
                {"midleft": (ox + self.small_w * 0.75 + ui(8), oy)},
            )
        )
        return out

    def label_rects(self) -> list[pygame.Rect]:
        """The piles' words, the empty avalanche's slot and the next-play chips."""
        out = [widgets.text_rect(text, size, bold, **anchor) for text, size, _c, bold, anchor in self.felt_labels()]
        place = self.empty_slot()
        if place is not None:
            out.append(place)
        if self.chips_shown():
            ui = self.app.ui
            words = self.words()
            layout = self.chip_layout()
            out += [r for r, *_rest in layout]
            if layout:
                out.append(widgets.text_rect(_("Next play:"), ui(14), True, midleft=words["lead_at"]))
            if words.get("last"):
                out.append(widgets.text_rect(words["last"], ui(14), True, midtop=words["last_at"]))
        return out

    def chips_shown(self) -> bool:
        """The next-play chips show while an avalanche runs and no banner holds the table."""
        return self.banner_kind() is None and bool(self.snapshot().table)

    def draw_over(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        # Count badges on opponents' collected piles.
        for seat in range(self.num_players):
            if self.spots[seat].bottom:
                continue
            x, y = self.coll_pos(seat)
            count = self.counted().coll[seat]
            r = pygame.Rect(0, 0, ui(30), ui(20))
            r.center = (round(x), round(y + self.small_w * 0.7))
            draw_panel(surface, r, (14, 24, 20, 230), radius=ui(10), edge=ACCENT if count else None)
            blit_text(surface, str(count), ui(13), INK, bold=True, center=r.center)
        kind = self.banner_kind()
        if kind is not None:
            if not self.stage.moving:  # once the set that made it has landed
                self.draw_banner(surface, kind)
        elif self.chips_shown():
            self.draw_chips(surface)
        self.draw_hand_counts(surface)
        if self.viewer_acts() and not self.held:
            self.draw_play_button(surface)

    def draw_hand_counts(self, surface: pygame.Surface) -> None:
        """ "×3" on the top card of each squeezed rank of the bottom hand."""
        ui = self.app.ui
        for key, count in self.hand_counts:
            card = self.stage.drawn_rect(key)
            if card is None:
                continue
            r = pygame.Rect(0, 0, ui(30), ui(20))  # over the strip of it that shows
            r.midbottom = (round(card.x + card.w * OUT_STEP / 2), card.top - ui(2))
            draw_panel(surface, r, (14, 24, 20, 235), radius=r.h // 2, edge=ACCENT)
            blit_text(surface, f"×{count}", ui(13), INK, bold=True, center=r.center)

    def chip_layout(self) -> list:
        """Rects and texts of the next-play chips, made once per position."""
        words = self.words()
        if "layout" in words:
            return words["layout"]
        ui = self.app.ui
        chips = words["chips"]
        size, head, pad, gap, h = ui(15), ui(12), ui(10), ui(10), ui(30)
        sizes = [(widgets.fonts.size(t, head, True)[0], widgets.fonts.size(s, size)[0]) for t, s, _colour in chips]
        widths = [a + b + 3 * pad for a, b in sizes]
        lead = widgets.fonts.size(_("Next play:"), ui(14), True)[0]
        total = sum(widths) + gap * len(chips) + lead
        scale = min(1.0, (self.size[0] - ui(40)) / total) if total else 1.0
        x = self.size[0] / 2 - total * scale / 2
        words["lead_at"] = (round(x), round(self.chip_y))
        x += (lead + gap) * scale
        out = []
        for (tag, text, colour), (tw, _th), width in zip(chips, sizes, widths):
            r = pygame.Rect(round(x), round(self.chip_y - h / 2), round(width * scale), h)
            room = r.w - tw - 3 * pad
            fs = widgets.fit_size(text, size, room) if scale < 1 else size
            out.append((r, tag, head, text, fs, colour, pad, tw))
            x += r.w + gap * scale
        words["layout"] = out
        table = self.snapshot().table
        if table:
            (lx, ly), _angle = self.cascade([len(c) for _seat, c in table])[-1][-1]
            words["last_at"] = (lx, ly + self.av_w * 0.7 + ui(4))
        return out

    def draw_chips(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        layout = self.chip_layout()
        if not layout:
            return
        words = self.words()
        blit_text(surface, _("Next play:"), ui(14), MUTED, bold=True, midleft=words["lead_at"])
        width = max(1, ui(2))
        for r, tag, head, text, fs, colour, pad, tw in layout:
            draw_panel(surface, r, CHIP_FILL, radius=r.h // 2, edge=colour, width=width)
            blit_text(surface, tag, head, colour, bold=True, midleft=(r.x + pad, r.centery))
            blit_text(surface, text, fs, INK, midleft=(r.x + 2 * pad + tw, r.centery))
        if words.get("last"):
            blit_text(surface, words["last"], ui(14), ACCENT, bold=True, midtop=words["last_at"])

    def banner_kind(self) -> str | None:
        """What the hold shown now tells ("fall", "stop", "show", "end"), or None."""
        picture = self.stage.picture
        return picture.kind if picture is not None else None

    def banner_text(self) -> tuple[str, str]:
        return avalanche_words.banner(self.stage.picture, self.name, self.mine)

    def banner_top(self) -> float:
        """Just below the lowest card of what the hold shows (cached per hold)."""
        picture = self.stage.picture
        held, cached = self._banner_top
        if picture is None:
            return self.av_box.centery
        if held is not picture:
            rows = self.cascade([len(c) for _, c in picture.table])
            lowest = max((pos[1] for row in rows for pos, _ in row), default=self.av_box.centery)
            cached = lowest + self.av_w * 0.7 + self.app.ui(8)
            self._banner_top = (picture, cached)
        return cached

    def draw_banner(self, surface: pygame.Surface, kind: str) -> None:
        ui = self.app.ui
        title, sub = self.banner_text()
        if not title:
            return
        colour = {"fall": FALL_COLOUR, "stop": STOP_COLOUR}.get(kind, ACCENT)
        w = max(
            ui(420), widgets.fonts.size(title, ui(28), True)[0] + ui(60), widgets.fonts.size(sub, ui(16))[0] + ui(40)
        )
        w = min(w, self.size[0] - ui(16))
        r = pygame.Rect(0, 0, w, ui(78))
        # under the held avalanche (where the chips were), so every card stays in view
        r.midtop = (self.av_box.centerx, round(min(self.banner_top(), self.chip_y + ui(16) - r.h)))
        draw_panel(surface, r, (12, 20, 18, 228), radius=ui(18), edge=colour, width=max(1, ui(2)))
        blit_text(
            surface,
            title,
            widgets.fit_size(title, ui(28), r.w - ui(20), True),
            colour,
            bold=True,
            center=(r.centerx, r.y + ui(28)),
        )
        blit_text(surface, sub, widgets.fit_size(sub, ui(16), r.w - ui(20)), INK, center=(r.centerx, r.y + ui(58)))

    def draw_play_button(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        r = self.play_rect
        label, effect = self.words()["button"]
        if label:
            hover = r.collidepoint(pygame.mouse.get_pos())
            fill = (246, 204, 110) if hover else ACCENT
            draw_panel(surface, r, fill, radius=ui(12), edge=(255, 236, 180))
            blit_text(
                surface,
                label,
                widgets.fit_size(label, ui(20), r.w - ui(16), True),
                (28, 26, 20),
                bold=True,
                center=(r.centerx, r.y + ui(19)),
            )
            blit_text(
                surface,
                effect,
                widgets.fit_size(effect, ui(14), r.w - ui(12)),
                (60, 48, 24),
                center=(r.centerx, r.y + ui(40)),
            )
            blit_text(surface, _("or press Enter"), ui(12), MUTED, midtop=(r.centerx, r.bottom + ui(4)))
        else:
            draw_panel(surface, r, (30, 38, 34, 200), radius=ui(12))
            blit_text(surface, _("Play"), ui(20), (130, 136, 128), bold=True, center=(r.centerx, r.y + ui(19)))
            blit_text(surface, _("select equal cards"), ui(13), (130, 136, 128), center=(r.centerx, r.y + ui(40)))

    def draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        super().draw_seat(surface, seat)
        # A thin bar in the seat colour under the panel of whoever played last.
        table = self.snapshot().table
        if table and table[-1][0] == seat:
            p = self.spots[seat].panel
            bar = pygame.Rect(p.x + self.app.ui(12), p.bottom - self.app.ui(4), p.w - self.app.ui(24), self.app.ui(3))
            pygame.draw.rect(surface, SEAT_COLOURS[seat % len(SEAT_COLOURS)], bar, border_radius=2)

    def turn_line_covered(self) -> bool:
        return bool(self.banner_kind())  # a fall's or stop's banner says it

    def turn_line_y(self) -> float:
        return self.chip_y - self.app.ui(38)  # above the next-play chips

    def turn_line_width(self) -> int:
        # between the draw pile's and the crevasse's labels, which sit at the same height
        return min(super().turn_line_width(), self.av_box.w - self.app.ui(24))

    # -- the deal ------------------------------------------------------------------------------
    def deal_origin(self) -> tuple[float, float]:
        return self.pile_pos


#: The table the app opens for this game (`GameSpec.module("table").Table`).
Table = AvalancheTable
