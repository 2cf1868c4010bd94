"""The one vocabulary of event kinds: what `apply` may report, and what each
kind means for the table.

Undo safety (`match.REVEALING`), the sound each event makes
(`game.app.look.sound.EVENT_SOUNDS`) and each table's staging all read event
kinds; here every kind is declared once with

- `revealing`: after it a move is not taken back, because it showed a seat
  cards it did not know before (taking back would let a player peek and try
  again), or it closed a round whose scores were shown;
- `sound`: the effect it makes (a name in `game.app.look.sound.SOUND_NAMES`), or
  None for a silent one;
- `info`: the keys its `info` dict may hold (the tables read them; never
  rename one).

`tests/rules/test_events.py` plays random games of all three and fails on a kind
that is not declared here.  A new kind must be added here, classified, first.
"""

from __future__ import annotations

from typing import NamedTuple


class Kind(NamedTuple):
    name: str
    revealing: bool
    sound: str | None
    info: frozenset[str]
    means: str


def _kind(name: str, revealing: bool, sound: str | None, info: str, means: str) -> Kind:
    return Kind(name, revealing, sound, frozenset(info.split()), means)


KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        # every game
        _kind("dealt", True, "shuffle", "round count", "a seat gets a new hand (secret to others)"),
        _kind("game_over", True, "win", "scores winners to_neutral", "final totals and winners"),
        # Sticheln
        _kind("picked", False, "deal", "", "a seat chose its pain card, face down"),
        _kind("revealed", True, "flip", "pain seats", "face-down cards turn up (pain cards; Whos' discards)"),
        _kind("played", False, "slide", "trick result", "a card (Sticheln) or a set (Avalanche) is played"),
        _kind("trick_won", False, "gather", "leader", "a seat takes the trick"),
        _kind("set_aside", False, "gather", "leader", "an all-zero trick is set aside (ST-4.4)"),
        _kind("round_scored", True, "chime", "round scores totals", "a Sticheln round is scored"),
        # Avalanche
        _kind("snowfall", True, "deal", "pile", "a seat draws instead of playing (the card is secret)"),
        _kind("drew", True, "deal", "from", "a seat draws cards (secret to others)"),
        _kind("fell", False, "rumble", "collector faller count", "the avalanche falls onto a seat"),
        _kind("stopped", False, "stop", "count", "an avalanche is stopped: its cards go to no one"),
        _kind("refilled", True, "deal", "count", "an empty hand is refilled from the pile"),
        _kind("out", False, None, "", "a seat with no cards and no pile to refill is out"),
        # Grinch
        _kind("round", True, "shuffle", "round of grinch heart", "a Grinch round begins"),
        _kind("discarded", False, "slide", "", "a discard (a Who's stays face down until revealed)"),
        _kind("took", False, "slide", "from", "the Grinch takes the top of a discard pile"),
        _kind("heart", False, "heart", "heart", "the heart grows: the next turn"),
        _kind("chose", False, None, "", "a seat chose its row, face down"),
        _kind("scored", True, "chime", "row points row_points bonus", "a seat's row is written on the pad"),
        _kind("round_over", True, None, "round totals", "a Grinch round's totals"),
    )
}

#: Kinds after which undo may not step back (see `game.match.match`).
REVEALING: frozenset[str] = frozenset(k.name for k in KINDS.values() if k.revealing)
#: Which sound each kind makes (silent kinds are left out).
SOUNDS: dict[str, str] = {k.name: k.sound for k in KINDS.values() if k.sound is not None}
