"""Where things lie on the Avalanche table, and the table's furniture drawn
there: the draw pile, the crevasse, every seat's mat (face-down hand and
collected pile), the avalanche's box and the cascade of sets in it, the
viewer's fan, the Play button, the next-play chips, the banner of a hold and
the words on the felt.

Worked out from the window's size and the seats' panels (`compute`, on every
resize or change of viewer), so a table's size or player count is checked
here without a game; the table asks it where a card goes and what a click
may hit, and hands it what to draw (counts, words) -- what happened, what is
shown and what a click does stay the table's."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import pygame

from game.app.look.palette import SEAT_COLOURS
from game.app.table.layout import SeatSpot, fan
from game.app.table.sprites import Place
from game.app.ui import widgets
from game.app.ui.widgets import ACCENT, INK, MUTED, blit_text, draw_panel, draw_wrapped, fit_size
from game.games.avalanche.snapshot import Snapshot
from game.i18n import _

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface

GAME = "avalanche"
OUT_STEP = 0.36  # of a card's width: the least step between ranks (the index shows in full)
IN_STEP = 0.06  # the least step between cards of one rank
COUNT_BELOW = 0.2  # cards of one rank closer than this get a "×3" count
GROW_COLOUR = (122, 196, 150)
STOP_COLOUR = (126, 178, 226)
FALL_COLOUR = (232, 132, 96)
#: A next-play chip's colour by what that play does (a banner's by what it did).
HOW_COLOURS = {"grow": GROW_COLOUR, "stop": STOP_COLOUR, "fall": FALL_COLOUR}
ICE = (170, 206, 232)
CHIP_FILL = (14, 24, 20, 200)

#: A fan or a cascade: each card's centre and angle.
Fan = list[tuple[tuple[float, float], float]]
#: A word on the felt: (text, size, colour, bold, Rect anchor).
Label = tuple[str, int, Any, bool, dict[str, Any]]


class Chip(NamedTuple):
    """One next-play chip as laid out: its pill, tag and words at their sizes."""

    rect: pygame.Rect
    tag: str
    tag_size: int
    text: str
    size: int
    colour: Any
    pad: int
    tag_w: int


class ChipRow(NamedTuple):
    """The line of next-play chips, its "Next play:" lead, and where the
    "who played it" words go under the avalanche's last set (None: no set)."""

    lead_at: tuple[int, int]
    chips: list[Chip]
    last_at: tuple[int, int] | None


class LayoutHost(Protocol):
    """What the layout asks of the table it lays out."""

    size: tuple[int, int]
    card_w: int
    hand_y: float
    spots: list[SeatSpot]

    @property
    def app(self) -> AppSurface: ...
    @property
    def num_players(self) -> int: ...
    def bottom_seat(self) -> int: ...

    def mat_y(self, seat: int, card_h: float, limit: float, gap: float) -> float:
        """An opponent's row of cards: under its panel, or above it if that reaches `limit`."""
        ...


class AvalancheLayout:
    """The Avalanche table's geometry for one size and seating (see module doc)."""

    def __init__(self, host: LayoutHost):
        self.host = host
        self.small_w = 24  # an opponent's card (and a collected pile's)
        self.av_w = 30  # an avalanche card
        self.pile_w = 40  # the draw pile's card
        self.chip_y = 0.0
        self.av_box = pygame.Rect(0, 0, 0, 0)
        self.av_centre = (0, 0)
        self.pile_pos = (0.0, 0.0)
        self.crev_pos = (0.0, 0.0)
        self.own_coll = (0.0, 0.0)  # the bottom seat's collected pile
        self.crevasse = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.play_rect = pygame.Rect(0, 0, 0, 0)
        self.squeezed = False  # the bottom hand's ranks are squeezed together (see `hand_fan`)
        self._banner_top: tuple[Snapshot | None, float] = (None, 0.0)  # per hold
        self._chips: tuple[dict | None, ChipRow | None] = (None, None)  # per words

    @property
    def ui(self) -> Callable[[float], int]:
        return self.host.app.ui

    def compute(self) -> None:
        """Lay the table out for the host's size, card size and seat panels."""
        host = self.host
        w, h = host.size
        ui = self.ui
        self._banner_top = (None, 0.0)
        self._chips = (None, None)  # chip rects belong to the old size
        cw = host.card_w
        ch = round(cw * 1.4)
        self.small_w = max(24, round(cw * 0.42))
        sh = self.small_w * 1.4
        # The avalanche box: below the opponents' mats, above the hand and the
        # line of next-play chips, between the draw pile and the crevasse.
        band = pygame.Rect(round(w * 0.24), 0, round(w * 0.52), h)
        top = ui(60)
        for seat in range(host.num_players):
            if host.spots[seat].bottom:
                continue
            area = self.seat_area(seat)
            if area.colliderect(band):
                top = max(top, area.bottom)
        top += ui(14)
        self.chip_y = host.hand_y - ch / 2 - ch * 0.22 - ui(22)
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
        own = host.spots[host.bottom_seat()].panel if host.spots else pygame.Rect(0, h - 80, 190, 74)
        self.own_coll = (own.x + self.small_w * 0.8 + ui(4), own.top - sh / 2 - ui(10))

    def crevasse_art(self, w: int, h: int) -> pygame.Surface:
        """A dark cleft in the snow with a jagged icy rim (made once per size)."""
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        ui = self.ui
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
        ui = self.ui
        cw = self.host.card_w
        col = pygame.Rect(round(x - cw * 0.75), 0, round(cw * 1.5), self.host.size[1])
        y: float = self.av_box.centery - ui(6)
        for seat in range(self.host.num_players):
            if not self.host.spots[seat].bottom:
                area = self.seat_area(seat)
                if area.colliderect(col):
                    y = max(y, area.bottom + ch * 0.5 + ui(14))
        # keep the pile and its two label lines clear of the chip row
        return min(y, self.chip_y - ui(15) - ui(44) - cw * 0.7)

    def pile_inset(self, x: float, inward: int, ch: int) -> float:
        """How far toward the middle (`inward` +1: rightwards, -1: leftwards)
        a pile at `x` (the draw pile, the crevasse) must move to keep off the
        seat mats its column's height still meets: 0 where none is in its way."""
        ui = self.ui
        half = self.host.card_w * 0.6  # the crevasse's half width; the draw pile is narrower
        y = self.column_y(x, ch)
        pile = pygame.Rect(round(x - half), round(y - ch / 2), round(2 * half), ch)
        moved = 0.0
        for seat in range(self.host.num_players):
            if self.host.spots[seat].bottom:
                continue
            area = self.seat_area(seat)
            if area.colliderect(pile):
                edge = area.right + ui(8) + half if inward > 0 else area.left - ui(8) - half
                moved = max(moved, (edge - x) * inward)
        return moved

    # -- the seats ---------------------------------------------------------------------
    def seat_area(self, seat: int) -> pygame.Rect:
        """An opponent's panel plus the mat under (or over) it."""
        p = self.host.spots[seat].panel
        fan_at, _ = self.mat(seat)
        sh = self.small_w * 1.4
        r = p.copy()
        r.union_ip(pygame.Rect(round(p.x), round(fan_at[1] - sh / 2 - 4), p.w, round(sh + 8)))
        return r

    def mat(self, seat: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """Where an opponent's face-down hand and collected pile sit, by their panel."""
        p = self.host.spots[seat].panel
        y = self.host.mat_y(seat, self.small_w * 1.4, self.host.size[1] * 0.52, self.ui(6))
        return (p.centerx - p.w * 0.16, y), (p.right - self.small_w * 0.75, y)

    def backs(self, seat: int, n: int) -> Fan:
        """An opponent's `n` cards fanned on its mat."""
        fan_at, _ = self.mat(seat)
        return fan(n, fan_at[0], fan_at[1], self.small_w, self.host.spots[seat].panel.w * 0.62, 6)

    def coll_pos(self, seat: int) -> tuple[float, float]:
        """Where `seat`'s collected pile lies."""
        if self.host.spots[seat].bottom:
            return self.own_coll
        return self.mat(seat)[1]

    def coll_w(self, seat: int) -> int:
        """A collected pile's card: the bottom seat's a little larger."""
        return self.small_w if not self.host.spots[seat].bottom else round(self.small_w * 1.15)

    def hand_origin(self, seat: int) -> tuple[float, float]:
        """Where `seat`'s hand is: a played set flies from here."""
        if self.host.spots[seat].bottom:
            return (self.host.size[0] / 2, self.host.hand_y)
        return self.mat(seat)[0]

    # -- the viewer's hand ---------------------------------------------------------------
    def hand_fan(self, cards: list, centre_x: float, base_y: float, cw: int, max_width: float) -> Fan:
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

    def place_play_button(self, hand: Fan) -> None:
        """The Play button beside the right end of the viewer's fan."""
        ui = self.ui
        w = self.host.size[0]
        bw, bh = ui(176), ui(54)
        right = max((p[0] for p, _ in hand), default=w / 2) + self.host.card_w / 2
        r = pygame.Rect(0, 0, bw, bh)
        r.midleft = (round(right + ui(22)), round(self.host.hand_y - ui(8)))
        r.right = min(r.right, w - ui(12))
        self.play_rect = r

    # -- the avalanche and the piles ---------------------------------------------------------
    def cascade(self, sizes: list[int]) -> list[Fan]:
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

    def pile_places(self, snap: Snapshot, mark: str) -> list[Place]:
        """The draw pile (its top card marked `mark`), each collected pile, the crevasse."""
        out = self.stack("pile", snap.pile, self.pile_pos, self.pile_w, 15, origin=None, mark=mark)
        for seat in range(self.host.num_players):
            out += self.stack(
                ("coll", seat), snap.coll[seat], self.coll_pos(seat), self.coll_w(seat), 10, origin=self.av_centre, z=40
            )
        out += self.stack(
            "crev",
            snap.neutral,
            self.crev_pos,
            round(self.host.card_w * 0.8),
            12,
            origin=self.av_centre,
            z=40,
            tumble=True,
        )
        return out

    @staticmethod
    def stack(
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

    def pile_rect(self) -> pygame.Rect:
        """The draw pile's click area while no card of it lies there."""
        cw = self.host.card_w
        rect = pygame.Rect(0, 0, cw, round(cw * 1.4))
        rect.center = (round(self.pile_pos[0]), round(self.pile_pos[1]))
        return rect

    def empty_slot(self) -> pygame.Rect:
        """The empty avalanche's slot, in the middle of its box."""
        return self.host.app.art.slot(self.av_w).get_rect(center=self.av_centre)

    def turn_line_y(self) -> float:
        return self.chip_y - self.ui(38)  # above the next-play chips

    def turn_line_width(self, widest: int) -> int:
        # between the draw pile's and the crevasse's labels, which sit at the same height
        return min(widest, self.av_box.w - self.ui(24))

    # -- the words on the felt ----------------------------------------------------------------
    def felt_labels(self, counted: Snapshot, yours: bool, snowfall: bool, slot: pygame.Rect | None) -> list[Label]:
        """The piles' words for the counts `counted` ("Your pile" if `yours`,
        "Click: Snowfall" if `snowfall`, a hint under the empty `slot`)."""
        ui = self.ui
        px, py = self.pile_pos
        label_y = py + self.pile_w * 0.7 + ui(8)
        out: list[Label] = [
            (_("Draw pile · {n}").format(n=counted.pile), ui(15), INK, False, {"midtop": (px, label_y)})
        ]
        if snowfall:
            out.append((_("Click: Snowfall"), ui(14), ACCENT, True, {"midtop": (px, label_y + ui(19))}))
        cx, cy = self.crev_pos
        bottom = self.crevasse.get_rect(center=(round(cx), round(cy))).bottom
        out += [
            (_("Crevasse · {n}").format(n=counted.neutral), ui(15), INK, False, {"midtop": (cx, bottom + ui(8))}),
            (_("scores for nobody"), ui(13), MUTED, False, {"midtop": (cx, bottom + ui(27))}),
        ]
        if slot is not None:
            hint = _("any set starts one")  # under the slot, as the piles' captions are
            out.append(
                (
                    hint,
                    fit_size(hint, ui(14), self.av_box.w - ui(8)),
                    MUTED,
                    False,
                    {"midtop": (slot.centerx, slot.bottom + ui(6))},
                )
            )
        ox, oy = self.own_coll
        collected = counted.coll[self.host.bottom_seat()]
        out.append(
            (
                _("Your pile · {n}").format(n=collected) if yours else _("Collected · {n}").format(n=collected),
                ui(14),
                INK,
                False,
                {"midleft": (ox + self.small_w * 0.75 + ui(8), oy)},
            )
        )
        return out

    def label_rects(
        self, labels: list[Label], slot: pygame.Rect | None, chips: ChipRow | None, last: str | None
    ) -> list[pygame.Rect]:
        """Where `labels`, the empty `slot`, the `chips` and the `last` set's words lie."""
        out = [widgets.text_rect(text, size, bold, **anchor) for text, size, _c, bold, anchor in labels]
        if slot is not None:
            out.append(slot)
        if chips is not None:
            ui = self.ui
            out += [chip.rect for chip in chips.chips]
            if chips.chips:
                out.append(widgets.text_rect(_("Next play:"), ui(14), True, midleft=chips.lead_at))
            if last and chips.last_at is not None:
                out.append(widgets.text_rect(last, ui(14), True, midtop=chips.last_at))
        return out

    # -- the next-play chips ------------------------------------------------------------------
    def chip_row(self, words: dict, table: Sequence[tuple[int, list]]) -> ChipRow:
        """The chips of `words["chips"]` laid out on their line, made once per
        `words` (the table makes a new one when they change)."""
        made, row = self._chips
        if made is words and row is not None:
            return row
        ui = self.ui
        chips = words["chips"]
        size, head, pad, gap, h = ui(15), ui(12), ui(10), ui(10), ui(30)
        sizes = [(widgets.fonts.size(t, head, True)[0], widgets.fonts.size(s, size)[0]) for t, s, _colour in chips]
        widths = [a + b + 3 * pad for a, b in sizes]
        lead = widgets.fonts.size(_("Next play:"), ui(14), True)[0]
        total = sum(widths) + gap * len(chips) + lead
        w = self.host.size[0]
        scale = min(1.0, (w - ui(40)) / total) if total else 1.0
        x = w / 2 - total * scale / 2
        lead_at = (round(x), round(self.chip_y))
        x += (lead + gap) * scale
        out = []
        for (tag, text, colour), (tw, _th), width in zip(chips, sizes, widths):
            r = pygame.Rect(round(x), round(self.chip_y - h / 2), round(width * scale), h)
            room = r.w - tw - 3 * pad
            fs = widgets.fit_size(text, size, room) if scale < 1 else size
            out.append(Chip(r, tag, head, text, fs, colour, pad, tw))
            x += r.w + gap * scale
        last_at = None
        if table:
            (lx, ly), _angle = self.cascade([len(c) for _seat, c in table])[-1][-1]
            last_at = (int(lx), int(ly + self.av_w * 0.7 + ui(4)))  # (as a Rect truncates it)
        row = ChipRow(lead_at, out, last_at)
        self._chips = (words, row)
        return row

    def draw_chips(self, surface: pygame.Surface, row: ChipRow, last: str | None) -> None:
        """The chips, and `last` (who played the last set) under the avalanche."""
        ui = self.ui
        if not row.chips:
            return
        blit_text(surface, _("Next play:"), ui(14), MUTED, bold=True, midleft=row.lead_at)
        width = max(1, ui(2))
        for chip in row.chips:
            r = chip.rect
            draw_panel(surface, r, CHIP_FILL, radius=r.h // 2, edge=chip.colour, width=width)
            blit_text(surface, chip.tag, chip.tag_size, chip.colour, bold=True, midleft=(r.x + chip.pad, r.centery))
            blit_text(surface, chip.text, chip.size, INK, midleft=(r.x + 2 * chip.pad + chip.tag_w, r.centery))
        if last and row.last_at is not None:
            blit_text(surface, last, ui(14), ACCENT, bold=True, midtop=row.last_at)

    # -- drawing -----------------------------------------------------------------------------
    def draw_felt(
        self, surface: pygame.Surface, coll: list[int], slot: pygame.Rect | None, labels: list[Label]
    ) -> None:
        """Under the cards: the draw pile's slot, the empty collected piles'
        slots (`coll`: each seat's count), the crevasse, the empty avalanche's
        `slot` and the `labels`."""
        ui = self.ui
        art = self.host.app.art
        px, py = self.pile_pos
        pile = art.slot(self.pile_w)
        surface.blit(pile, pile.get_rect(center=(round(px), round(py))))
        for seat in range(self.host.num_players):
            if not coll[seat]:
                empty = art.slot(self.coll_w(seat))
                x, y = self.coll_pos(seat)
                surface.blit(empty, empty.get_rect(center=(round(x), round(y))))
        cx, cy = self.crev_pos
        surface.blit(self.crevasse, self.crevasse.get_rect(center=(round(cx), round(cy))))
        if slot is not None:  # an empty table invites a start
            surface.blit(art.slot(self.av_w), slot)
            draw_wrapped(surface, _("No avalanche"), ui(16), MUTED, slot.inflate(-ui(8), -ui(12)))
        for text, size, colour, bold, anchor in labels:
            blit_text(surface, text, size, colour, bold, **anchor)

    def felt_rects(self) -> list[pygame.Rect]:
        """Where `draw_felt` and `draw_pile_counts` draw besides the words: the draw
        pile's slot, every collected pile's slot (an opponent's with its count badge)
        and the crevasse."""
        art = self.host.app.art

        def at(surface: pygame.Surface, pos: tuple[float, float]) -> pygame.Rect:
            return surface.get_rect(center=(round(pos[0]), round(pos[1])))

        out = [at(art.slot(self.pile_w), self.pile_pos), at(self.crevasse, self.crev_pos)]
        for seat in range(self.host.num_players):
            x, y = self.coll_pos(seat)
            slot = at(art.slot(self.coll_w(seat)), (x, y))
            if not self.host.spots[seat].bottom:
                badge = pygame.Rect(0, 0, self.ui(30), self.ui(20))  # (as `draw_pile_counts` draws it)
                badge.center = (round(x), round(y + self.small_w * 0.7))
                slot.union_ip(badge)
            out.append(slot)
        return out

    def draw_pile_counts(self, surface: pygame.Surface, coll: list[int]) -> None:
        """A count badge on each opponent's collected pile (`coll`: each seat's count)."""
        ui = self.ui
        for seat in range(self.host.num_players):
            if self.host.spots[seat].bottom:
                continue
            x, y = self.coll_pos(seat)
            count = coll[seat]
            r = pygame.Rect(0, 0, ui(30), ui(20))
            r.center = (round(x), round(y + self.small_w * 0.7))
            draw_panel(surface, r, (14, 24, 20, 230), radius=ui(10), edge=ACCENT if count else None)
            blit_text(surface, str(count), ui(13), INK, bold=True, center=r.center)

    def draw_hand_count(self, surface: pygame.Surface, card: pygame.Rect, count: int) -> None:
        """ "×3" on the top `card` of a squeezed rank of the bottom hand."""
        ui = self.ui
        r = pygame.Rect(0, 0, ui(30), ui(20))  # over the strip of it that shows
        r.midbottom = (round(card.x + card.w * OUT_STEP / 2), card.top - ui(2))
        draw_panel(surface, r, (14, 24, 20, 235), radius=r.h // 2, edge=ACCENT)
        blit_text(surface, f"×{count}", ui(13), INK, bold=True, center=r.center)

    def draw_last_bar(self, surface: pygame.Surface, seat: int) -> None:
        """A thin bar in the seat colour under the panel of whoever played last."""
        ui = self.ui
        p = self.host.spots[seat].panel
        bar = pygame.Rect(p.x + ui(12), p.bottom - ui(4), p.w - ui(24), ui(3))
        pygame.draw.rect(surface, SEAT_COLOURS[seat % len(SEAT_COLOURS)], bar, border_radius=2)

    def banner_top(self, picture: Snapshot | None) -> float:
        """Just below the lowest card of what the hold shows (cached per hold)."""
        held, cached = self._banner_top
        if picture is None:
            return self.av_box.centery
        if held is not picture:
            rows = self.cascade([len(c) for _, c in picture.table])
            lowest = max((pos[1] for row in rows for pos, _ in row), default=self.av_box.centery)
            cached = lowest + self.av_w * 0.7 + self.ui(8)
            self._banner_top = (picture, cached)
        return cached

    def draw_banner(self, surface: pygame.Surface, picture: Snapshot | None, title: str, sub: str) -> None:
        """What the held `picture` tells ("fall", "stop", ...): `title` over `sub`."""
        ui = self.ui
        if not title:
            return
        kind = picture.kind if picture is not None else None
        colour = {"fall": FALL_COLOUR, "stop": STOP_COLOUR}.get(kind or "", ACCENT)
        w = max(
            ui(420), widgets.fonts.size(title, ui(28), True)[0] + ui(60), widgets.fonts.size(sub, ui(16))[0] + ui(40)
        )
        w = min(w, self.host.size[0] - ui(16))
        r = pygame.Rect(0, 0, w, ui(78))
        # under the held avalanche (where the chips were), so every card stays in view
        r.midtop = (self.av_box.centerx, round(min(self.banner_top(picture), self.chip_y + ui(16) - r.h)))
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

    def draw_play_button(self, surface: pygame.Surface, label: str, effect: str) -> None:
        """The Play button saying what `label` plays and its `effect`; greyed without one."""
        ui = self.ui
        r = self.play_rect
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
