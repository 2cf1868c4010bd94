"""The Avalanche table: the viewer's hand, the draw pile, the avalanche
spilling across the middle, collected piles and the neutral crevasse.

Translator: a click on a hand card selects it (cards of one rank: a card of
another rank starts a new selection); the Play button (or Space/Enter) plays
the selected set; a click on the draw pile is `snowfall`.  Every move is one
of `legal_moves()`, so legality is decided by the rules alone.

Where things lie, and the furniture drawn there (piles, chips, banner, the
Play button), is the table's `AvalancheLayout` (`layout.py`): the table says
what is shown and handles what happens.

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

from game.app.table.base import Hold, TableScene, Target
from game.app.table.sprites import Place
from game.app.table.stage import Stage
from game.app.ui import focus
from game.app.ui.score_table import ScoreSheet, leader_note, leaders_of
from game.games.avalanche import rules as avalanche
from game.games.avalanche import words as avalanche_words
from game.games.avalanche.layout import HOW_COLOURS, IN_STEP, OUT_STEP, AvalancheLayout, ChipRow, Fan, Label
from game.games.avalanche.rules import SNOWFALL, Move
from game.games.avalanche.snapshot import Snapshot
from game.i18n import _, ngettext

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.session.session import TableSession

__all__ = ["IN_STEP", "OUT_STEP", "AvalancheTable", "Table"]  # the hand's steps: tests read them here

GAME = "avalanche"
#: A card in a hand, as the sprites and the selection key it: ("hand", card text, copy number).
HandKey = tuple[str, str, int]

FALL_HOLD = 1.1  # seconds the fallen/stopped avalanche stays before it slides away
END_HOLD = 1.2


# -- the table -----------------------------------------------------------------------


class AvalancheTable(TableScene):
    GAME = GAME
    stage: Stage[Snapshot]

    hand_counts: list[tuple[Hashable, int]] = []  # (top card's key, count) of squeezed ranks

    def __init__(self, app: AppSurface, session: TableSession, *, demo: bool = False):
        super().__init__(app, session, demo=demo)
        self._live_cache: tuple[Any, Any, Snapshot | None] = (None, None, None)
        self._words_cache: tuple[tuple, dict] | None = None
        self.layout = AvalancheLayout(self)  # where everything lies, for this size and seating

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

    # -- geometry: the layout's ------------------------------------------------------------
    def compute_layout(self) -> None:
        self._words_cache = None  # a new layout may come in a new language
        self.layout.compute()

    # (what the shared checks and the tests read off the table)
    @property
    def crevasse(self) -> pygame.Surface:
        return self.layout.crevasse

    @property
    def crev_pos(self) -> tuple[float, float]:
        return self.layout.crev_pos

    @property
    def play_rect(self) -> pygame.Rect:
        return self.layout.play_rect

    @property
    def squeezed(self) -> bool:
        return self.layout.squeezed

    def hand_fan(self, cards: list, centre_x: float, base_y: float, cw: int, max_width: float) -> Fan:
        return self.layout.hand_fan(cards, centre_x, base_y, cw, max_width)

    rank_groups = staticmethod(AvalancheLayout.rank_groups)

    # -- what is where ----------------------------------------------------------------
    def places(self) -> list[Place]:
        lay = self.layout
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
        fan = lay.hand_fan(hand, self.size[0] / 2, self.hand_y, self.card_w, self.hand_width)
        for i, ((pos, angle), card) in enumerate(zip(fan, hand)):
            text = str(card)
            key = ("hand", text, seen[text])
            seen[text] += 1
            mark = self.hand_mark(key, card.rank in legal_ranks)
            if mark == "" and acting and sel_rank == card.rank:
                mark = "legal"
            hand_places.append(Place(key, card, pos, self.card_w, angle, 100 + i, mark, game=GAME))
        lay.place_play_button(fan)
        # a squeezed rank shows how many cards lie under its top card
        self.hand_counts = (
            [(hand_places[last].key, count) for last, count in self.rank_groups(hand) if count > 1]
            if lay.squeezed
            else []
        )
        if self.view.is_public:  # a spectator's table: the bottom seat's cards too, face down
            backs = self.fan(snap.sizes[bottom], self.size[0] / 2, self.hand_y, self.card_w, self.hand_width)
            for i, (p, a) in enumerate(backs):
                out.append(Place(("back", bottom, i), None, p, self.card_w, a, 100 + i, game=GAME, origin=lay.pile_pos))
        # Opponents' face-down hands.
        for seat in range(self.num_players):
            if seat == bottom:
                continue
            n = snap.sizes[seat]
            faces = self.open_hand(seat, n)
            for i, (p, a) in enumerate(lay.backs(seat, n)):
                out.append(
                    Place(
                        ("back", seat, i),
                        faces[i] if faces else None,
                        p,
                        lay.small_w,
                        a,
                        10 + i,
                        game=GAME,
                        origin=lay.pile_pos,
                    )
                )
        # The avalanche.
        table = snap.table
        av_places = []
        index = 0
        for s, (rows, (seat, cards)) in enumerate(zip(lay.cascade([len(c) for _seat, c in table]), table)):
            last = s == len(table) - 1
            for (pos, angle), card in zip(rows, cards):
                av_places.append(
                    Place(
                        ("av", index),
                        card,
                        pos,
                        lay.av_w,
                        angle,
                        200 + index,
                        "last" if last else "",
                        game=GAME,
                        origin=lay.hand_origin(seat),
                        revealed=True,
                    )
                )
                index += 1
        out.extend(self.with_origins(hand_places, av_places))
        # Piles: the draw pile, each collected pile, the crevasse.
        out.extend(lay.pile_places(snap, self.pile_mark()))
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
                place = place._replace(origin=spots.pop() if spots else self.layout.pile_pos)
            out.append(place)
        for place in av_places:
            if place.key not in self.stage.sprites:
                spots = gone.get(str(place.card))
                if spots:
                    place = place._replace(origin=spots.pop())
            out.append(place)
        return out

    def pile_mark(self) -> str:
        if self.held or not self.viewer_acts():
            return ""
        if self.turns.hint is not None and self.turns.hint[0] == SNOWFALL:
            return "hint"
        if SNOWFALL in self.view.legal_moves():
            hover = isinstance(self.input.hover_key, tuple) and self.input.hover_key[0] == "pile"
            return "hint" if hover else "legal"
        return ""

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
        move, rect = self.selected_move(), self.layout.play_rect
        if move is None:
            return Target(rect, label=_("Click cards of one rank in your hand first, then press Play."))
        return Target(rect, move=move)

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
            rect = self.layout.pile_rect()
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
        if target.rect == self.layout.play_rect:
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
                    self.tag_exits(hands=True, table=True, to=self.layout.crev_pos)
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
            self.tag_exits(False, True, self.layout.coll_pos(picture.collector))
        elif kind in ("stop", "show"):
            self.tag_exits(False, True, self.layout.crev_pos)
        if coming is not None and coming.kind == "end":
            self.tag_exits(True, False, self.layout.crev_pos)

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
            out["chips"] = [
                (tag, text, HOW_COLOURS[how]) for tag, text, how in avalanche_words.chips(table, self.name, self.mine)
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
        self.layout.draw_felt(surface, self.snapshot().coll, self.empty_slot(), self.felt_labels())

    def empty_slot(self) -> pygame.Rect | None:
        """The empty avalanche's slot, while nothing is on the table to play onto."""
        if self.snapshot().table or self.held or self.match.current is None:
            return None
        return self.layout.empty_slot()

    def felt_labels(self) -> list[Label]:
        """The piles' words on the felt: drawn by `draw_table`, kept clear by
        overlays through `label_rects`."""
        counted = self.counted()  # counts change as the cards arrive
        you = self.you(self.bottom_seat())
        return self.layout.felt_labels(counted, you, bool(self.pile_mark()), self.empty_slot())

    def label_rects(self) -> list[pygame.Rect]:
        """The piles' words, the empty avalanche's slot and the next-play chips."""
        chips = self.chip_row() if self.chips_shown() else None
        return self.layout.label_rects(self.felt_labels(), self.empty_slot(), chips, self.words().get("last"))

    def felt_rects(self) -> list[pygame.Rect]:
        """The draw pile's slot, the collected piles' slots with their badges and the crevasse."""
        return self.layout.felt_rects()

    def chips_shown(self) -> bool:
        """The next-play chips show while an avalanche runs and no banner holds the table."""
        return self.banner_kind() is None and bool(self.snapshot().table)

    def chip_row(self) -> ChipRow:
        return self.layout.chip_row(self.words(), self.snapshot().table)

    def draw_over(self, surface: pygame.Surface) -> None:
        self.layout.draw_pile_counts(surface, self.counted().coll)
        kind = self.banner_kind()
        if kind is not None:
            if not self.stage.moving:  # once the set that made it has landed
                self.layout.draw_banner(surface, self.stage.picture, *self.banner_text())
        elif self.chips_shown():
            self.layout.draw_chips(surface, self.chip_row(), self.words().get("last"))
        for key, count in self.hand_counts:
            card = self.stage.drawn_rect(key)
            if card is not None:
                self.layout.draw_hand_count(surface, card, count)
        if self.viewer_acts() and not self.held:
            self.layout.draw_play_button(surface, *self.words()["button"])

    def banner_kind(self) -> str | None:
        """What the hold shown now tells ("fall", "stop", "show", "end"), or None."""
        picture = self.stage.picture
        return picture.kind if picture is not None else None

    def banner_text(self) -> tuple[str, str]:
        return avalanche_words.banner(self.stage.picture, self.name, self.mine)

    def draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        super().draw_seat(surface, seat)
        table = self.snapshot().table
        if table and table[-1][0] == seat:
            self.layout.draw_last_bar(surface, seat)

    def turn_line_covered(self) -> bool:
        return bool(self.banner_kind())  # a fall's or stop's banner says it

    def turn_line_y(self) -> float:
        return self.layout.turn_line_y()

    def turn_line_width(self) -> int:
        return self.layout.turn_line_width(super().turn_line_width())

    # -- the deal ------------------------------------------------------------------------------
    def deal_origin(self) -> tuple[float, float]:
        return self.layout.pile_pos


#: The table the app opens for this game (`GameSpec.module("table").Table`).
Table = AvalancheTable
