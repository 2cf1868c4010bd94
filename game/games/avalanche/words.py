"""What Avalanche calls its cards and moves, in the current language: the
`words` part of the game (its interface: `game.app.words.names`).

Also its record sentences, and what the table says: what a set on top of
the avalanche does next ("what grows, stops or falls"), the Play button's
effect, the banner when an avalanche falls or stops, and the status line.
Pure: worked out from the rules (`avalanche.classify`), with seats named
through `name(seat)` and `mine(seat)` (the viewer's own seat), so it is
tested without a window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.common import phrases
from game.common.phrases import Message
from game.games.avalanche import rules as avalanche
from game.games.avalanche.rules import JOKER, RANK_NAMES, RANKS
from game.games.avalanche.snapshot import Snapshot
from game.i18n import N_, _, ngettext

#: The round log's heading: Avalanche is played as one long round.
LOG_TITLE = N_("The game so far")

MAX_COUNT = max(avalanche.COPIES.values())

Name = Callable[[int], str]
Mine = Callable[[int], bool]


#: The rules' refusals (`IllegalMove.reason`'s code -> its message; see `game.app.words.reasons`).
REFUSALS: dict[str, Message] = {
    "must_play": Message(N_("An avalanche is on the table: you may not draw, you must play a set.")),
    "no_snowfall": Message(N_("The draw pile is empty, so no Snowfall: start an avalanche.")),
    "too_few": Message(
        N_("{seat} holds {held} × {rank}, so cannot play {count}."),
        N_("You hold {held} × {rank}, so you cannot play {count}."),
    ),
}
#: The hints' reasons, which name the move.
HINTS: dict[str, Message] = {
    "snowfall_wait": Message(N_("Snowfall: draw a card and wait")),
    "snowfall_rather": Message(N_("Snowfall: draw rather than open an avalanche others can top")),
    "start": Message(
        N_("Start with {set}: the next player can top it only {p}% of the time, so they likely fall onto you")
    ),
    "grow": Message(
        N_("Grow with {set}: the next player can top it only {p}% of the time, so they likely fall onto you")
    ),
    "stop": Message(N_("Stop the avalanche with {set}: {n} cards go to no one instead of to {seat}")),
    "fall": Message(N_("Fall with {set}: the least bad choice")),
}
#: A hint's reason as a review's verdict gives it, after the move is named: the argument alone.
WHY: dict[str, Message] = {
    "snowfall_rather": Message(N_("others could top any avalanche opened now")),
    "start": Message(N_("the next player can top it only {p}% of the time")),
    "grow": Message(N_("the next player can top it only {p}% of the time")),
    "stop": Message(N_("{n} cards go to no one instead of to {seat}")),
    "fall": Message(N_("it is the least bad choice")),
}
#: The coach's reasons (`coach.py`), after "… was better by about N points:": where
#: the avalanche goes, to whom and with how many cards.  No odds.
COACH: dict[str, Message] = {
    "av_stop_instead": Message(
        N_("{set} stops it: the {n} cards go to the crevasse instead of {m} to {seat}"),
        N_("{set} stops it: the {n} cards go to the crevasse instead of {m} to you"),
    ),
    "av_grow_instead": Message(
        N_("{set} grows it, where {played} falls and hands the {n} cards to {seat}"),
        N_("{set} grows it, where {played} falls and hands the {n} cards to you"),
    ),
    "av_fall_smaller": Message(
        N_("both fall on {seat}, but {set} hands over {n} cards instead of {m}"),
        N_("both fall on you, but {set} hands over {n} cards instead of {m}"),
    ),
    "av_lands_on": Message(
        N_("after {set} the next players usually have to fall onto {seat}: about {n} cards"),
        N_("after {set} the next players usually have to fall onto you: about {n} cards"),
    ),
    "av_feeds": Message(
        N_("after {played} the avalanche usually falls onto {seat}: about {n} cards"),
        N_("after {played} the avalanche usually falls onto you: about {n} cards"),
    ),
    "av_stopped": Message(N_("after {played} the avalanche is usually stopped: about {n} cards to the crevasse")),
    "av_start_sheds": Message(N_("{set} starts an avalanche and gets a card out of the hand, where Snowfall adds one")),
    "av_start_sheds_many": Message(
        N_("{set} starts an avalanche and gets {n} cards out of the hand, where Snowfall adds one")
    ),
    "av_snowfall": Message(
        N_("Snowfall draws a card nobody else gets, and keeps {played} for a set that is harder to top")
    ),
    "av_keep_set": Message(N_("{set} is played and {played} stays in hand for a later avalanche")),
    # Hint's own (`coach.hint_reason`): the odds that the next player tops a set
    "av_top_odds": Message(
        N_("the next player can top {set} only {p}% of the time, so they will likely have to fall onto {seat}"),
        N_("the next player can top {set} only {p}% of the time, so they will likely have to fall onto you"),
    ),
    "av_snowfall_odds": Message(
        N_("Snowfall draws a card nobody else gets; the next player could top {played} {p}% of the time")
    ),
}
#: Start and grow when the odds do not bear the argument out (`reasons.LIKELY`): the move alone.
WITHOUT_ODDS: dict[str, Message] = {
    "start": Message(N_("Start the avalanche with {set}")),
    "grow": Message(N_("Grow the avalanche with {set}")),
}


def rank_name(rank: int) -> str:
    """A rank: 2..10, J, Q, K, A as printed on the cards, or "Joker"."""
    return _("Joker") if rank == JOKER else RANK_NAMES.get(rank, "?")


def set_name(rank: int, count: int) -> str:
    """A set: `Q Q`, `Joker Joker`, or `6 × 7` for long sets."""
    name = rank_name(rank)
    return " ".join([name] * count) if count <= 4 else f"{count} × {name}"


def card_name(card: Any) -> str:
    """A card (or its notation) as people say it: its rank ("Q"); suits do not matter here."""
    if isinstance(card, str):  # notation
        card = avalanche.parse_card(card)
    return rank_name(card.rank)


def title_card() -> Any:
    """The card the title's fan shows for this game."""
    return avalanche.parse_card("QH")


def reason_words(params: dict[str, Any]) -> dict[str, str]:
    """The words for this game's own params of a refusal, hint or coach's reason: a rank,
    the set of `count` of it, and the set played (`played_rank`, `played_count`)."""
    out: dict[str, str] = {}
    if isinstance(params.get("rank"), int):
        out["rank"] = rank_name(params["rank"])
        if isinstance(params.get("count"), int):
            out["set"] = set_name(params["rank"], params["count"])
    if isinstance(params.get("played_rank"), int) and isinstance(params.get("played_count"), int):
        out["played"] = set_name(params["played_rank"], params["played_count"])  # the coach's set played
    return out


def move_text(move: Any, name: Name, you: Mine) -> str:
    """A move as an instruction, for the Hint line: "Play Q Q", "Snowfall: draw a card"."""
    if move.kind == "snowfall":
        return _("Snowfall: draw a card")
    return _("Play {cards}").format(cards=set_name(move.rank, move.count))


def move_named(move: Any, name: Name, you: Mine) -> str:
    """A move as a short noun, for a review's verdict: "Q Q", "Snowfall"."""
    return _("Snowfall") if move.kind == "snowfall" else set_name(move.rank, move.count)


def move_said(seat: int, move: Any, name: Name, you: Mine) -> str:
    """A move someone made, in the past tense: "Mina played Q Q", "You: Snowfall"."""
    me = you(seat)
    if move.kind == "snowfall":
        return (_("You: Snowfall") if me else _("{name}: Snowfall")).format(name=name(seat))
    said = _("You played {cards}") if me else _("{name} played {cards}")
    return said.format(name=name(seat), cards=set_name(move.rank, move.count))


def sentences(seat: int, events: tuple, n: int, name: Name, you: Mine) -> list[str]:
    """A move in words for the chronicle: Snowfall, a set played, a fall or a stop."""
    out = []
    for e in events:
        if e.kind == "snowfall":
            out.append(_("You: Snowfall") if you(e.seat) else _("{name}: Snowfall").format(name=name(e.seat)))
        elif e.kind == "played":
            played = set_name(e.cards[0].rank, len(e.cards))
            out.append(
                _("You played {cards}").format(cards=played)
                if you(e.seat)
                else _("{name} played {cards}").format(name=name(e.seat), cards=played)
            )
        elif e.kind == "fell":
            count = e.info["count"]
            who = e.info["collector"]
            if you(who):
                out.append(
                    ngettext(
                        "The avalanche fell on you: {n} card to your pile",
                        "The avalanche fell on you: {n} cards to your pile",
                        count,
                    ).format(n=count)
                )
            else:
                out.append(
                    ngettext(
                        "The avalanche fell on {name}: {n} card to their pile",
                        "The avalanche fell on {name}: {n} cards to their pile",
                        count,
                    ).format(name=name(who), n=count)
                )
        elif e.kind == "stopped":
            count = e.info["count"]
            out.append(
                ngettext(
                    "The avalanche stopped: {n} card into the crevasse",
                    "The avalanche stopped: {n} cards into the crevasse",
                    count,
                ).format(n=count)
            )
        elif e.kind == "refilled":
            count = len(e.cards)
            out.append(
                ngettext("You drew {n} new card", "You drew {n} new cards", count).format(n=count)
                if you(e.seat)
                else ngettext("{name} drew {n} new card", "{name} drew {n} new cards", count).format(
                    name=name(e.seat), n=count
                )
            )
        elif e.kind == "out":
            out.append(
                _("You are out of cards") if you(e.seat) else _("{name} is out of cards").format(name=name(e.seat))
            )
    return out


def set_text(rank: int, count: int) -> str:
    """`Q Q`, `Joker`, or `6 × 7` for long sets (`set_name`, by the name the table calls it)."""
    return set_name(rank, count)


def _ranks(rank: int, count: int) -> list[Any]:
    """A set as bare ranks, which `avalanche.classify` takes as well as cards."""
    return [rank] * count


def _count_text(counts: list[int]) -> str:
    lo, hi = counts[0], counts[-1]
    if hi == MAX_COUNT and lo < hi:
        return _("{n}+ cards").format(n=lo)
    if lo == hi:
        return phrases.cards(lo)
    return _("{low}–{high} cards").format(low=lo, high=hi)


def _rank_span(k: int, ranks: list[int], avail: list[int]) -> str:
    """`k` cards of a run of ranks, out of those a set this size can have, as
    words: `2 cards of Q or higher`, `2 cards below Q`, `a Joker`."""
    cards = phrases.cards(k)
    if ranks == avail:
        return _("{cards} of any rank").format(cards=cards)
    if ranks == [JOKER]:
        return _("a Joker") if k == 1 else _("{n} Jokers").format(n=k)
    if ranks == avail[len(avail) - len(ranks) :]:
        return _("{cards} of {rank} or higher").format(cards=cards, rank=rank_name(ranks[0]))
    above = RANKS[RANKS.index(ranks[-1]) + 1]
    if ranks == avail[: len(ranks)]:
        return _("{cards} below {rank}").format(cards=cards, rank=rank_name(above))
    return _("{cards} of {low} to {high}").format(cards=cards, low=rank_name(ranks[0]), high=rank_name(ranks[-1]))


def next_play(rank: int, count: int) -> dict[str, str]:
    """What a set on top of `count` × `rank` does (AV-4.1), as short phrases per
    outcome ("grow", "stop", "fall"); an outcome no set reaches maps to "".

    Everything is found by asking `avalanche.classify` about every possible
    set, so the words follow the rules rather than restating them."""
    prev: list[Any] = [rank] * count  # bare ranks: `classify` takes those too
    found: dict[str, dict[int, list[int]]] = {"grow": {}, "stop": {}, "fall": {}}
    for k in range(1, MAX_COUNT + 1):
        for r in RANKS:
            if k > avalanche.COPIES[r]:
                continue
            found[avalanche.classify(prev, _ranks(r, k))].setdefault(k, []).append(r)
    out = {}
    for how, by_count in found.items():
        avail = {k: [r for r in RANKS if k <= avalanche.COPIES[r]] for k in by_count}
        whole = [k for k, ranks in by_count.items() if ranks == avail[k]]
        if whole == list(range(1, MAX_COUNT + 1)):
            parts = [_("any set")]
        else:
            parts = [_count_text(whole)] if whole else []
        for k, ranks in sorted(by_count.items()):
            if k not in whole:
                parts.append(_rank_span(k, ranks, avail[k]))
        text = parts[0] if parts else ""
        for part in parts[1:]:
            text = _("{first} or {second}").format(first=text, second=part)
        out[how] = text
    return out


def chips(table: list, name: Name, mine: Mine) -> list[tuple[str, str, str]]:
    """The three next-play chips over a running avalanche: (tag, words, outcome)."""
    seat, cards = table[-1]
    rank, count = cards[0].rank, len(cards)
    phrases = next_play(rank, count)
    total = sum(len(c) for _seat, c in table) + 1
    if mine(seat):
        gets = _("you collect {n}+").format(n=total)
    else:
        gets = _("{name} collects {n}+").format(name=name(seat), n=total)
    low = _("nothing is below {rank}").format(rank=rank_name(rank))
    return [
        (_("GROW"), phrases["grow"] or "—", "grow"),
        (_("STOP"), phrases["stop"] or (_("a single card can't be stopped") if count == 1 else low), "stop"),
        (_("FALL"), f"{phrases['fall']} — {gets}" if phrases["fall"] else low, "fall"),
    ]


def play_button(table: list, rank: int, count: int, name: Name, mine: Mine) -> tuple[str, str]:
    """The Play button's label and what the selected set would do."""
    label = _("Play {cards}").format(cards=set_text(rank, count))
    if not table:
        return label, _("starts an avalanche")
    prev_seat, cards = table[-1]
    how = avalanche.classify(cards, _ranks(rank, count))
    if how == "grow":
        effect = _("it grows")
    elif how == "stop":
        effect = _("it stops: to the crevasse")
    elif mine(prev_seat):
        effect = _("it falls on you")
    else:
        effect = _("it falls on {name}").format(name=name(prev_seat))
    return label, effect


def banner(o: Snapshot | None, name: Name, mine: Mine) -> tuple[str, str]:
    """(title, line) over the table while a hold shows a fall, a stop or the
    end of the game; ("", "") otherwise."""
    kind = o.kind if o is not None else None
    if kind in ("fall", "stop"):
        assert o is not None
        table = o.table
        (f_seat, f_cards), (_p_seat, p_cards) = table[-1], table[-2]
        words = {
            "played": set_text(f_cards[0].rank, len(f_cards)),
            "previous": set_text(p_cards[0].rank, len(p_cards)),
            "n": o.cards,
        }
        if kind == "fall":
            collector = o.collector
            assert collector is not None  # a fall has one
            if mine(collector):
                title = _("The avalanche falls on you!")
                sub = _("{faller} played {played} on {previous}: {n} cards to your pile")
            else:
                title = _("The avalanche falls on {name}!").format(name=name(collector))
                sub = (
                    _("You played {played} on {previous}: {n} cards to {name}'s pile")
                    if mine(f_seat)
                    else _("{faller} played {played} on {previous}: {n} cards to {name}'s pile")
                )
            return title, sub.format(faller=name(f_seat), name=name(collector), **words)
        faller = o.faller
        assert faller is not None  # a stop has one
        title = (
            _("You stop the avalanche!") if mine(faller) else _("{name} stops the avalanche!").format(name=name(faller))
        )
        return title, _("{played} on {previous}: {n} cards into the crevasse").format(**words)
    if kind == "end":
        assert o is not None
        count = o.cards
        return _("Game over"), (
            ngettext(
                "{n} leftover card goes into the crevasse", "{n} leftover cards go into the crevasse", count
            ).format(n=count)
            if count
            else _("Counting the collected piles")
        )
    return "", ""


def status_line(view: Any, turn: str, acting: bool, name: Name, mine: Mine) -> str:
    """Whose turn it is and what they may do, for the viewer's `view`
    (`acting`: it is the viewer's own turn; `turn`: "Your turn" or similar)."""
    cur = view.current_player
    if cur is None:
        return _("Game over — most collected cards wins")
    last = view.last_play
    if acting:
        if last is None:
            if view.pile_count:
                return _(
                    "{turn} — start an avalanche with any set of equal cards, or click the draw pile to Snowfall"
                ).format(turn=turn)
            return _("{turn} — start an avalanche with any set of equal cards (the pile is empty)").format(turn=turn)
        seat, cards = last
        played = set_text(cards[0].rank, len(cards))
        if mine(seat):
            return _("{turn} — play equal cards onto your {set} (no Snowfall while it runs)").format(
                turn=turn, set=played
            )
        return _("{turn} — play equal cards onto {name}'s {set} (no Snowfall while it runs)").format(
            turn=turn, name=name(seat), set=played
        )
    if last is None:
        return _("{turn} — Snowfall or start an avalanche").format(turn=turn)
    seat, cards = last
    played = set_text(cards[0].rank, len(cards))
    if mine(seat):
        return _("{turn} — on your {set}").format(turn=turn, set=played)
    return _("{turn} — on {name}'s {set}").format(turn=turn, name=name(seat), set=played)
