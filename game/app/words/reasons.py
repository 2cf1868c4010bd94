"""The rules' refusals and the hints' reasons, said in the current language.

`game/rules` and `game/ai` know nothing of languages: a refusal
(`IllegalMove.reason`) and a hint reason are `game.rules.Phrase`s -- an
English sentence for the terminal that also carries a stable `code` and
plain `params` (seats as numbers, cards in notation).  Here each code names
a catalog message (the shared ones here, each game's own in its words part:
`REFUSALS`, `HINTS`, `WHY`, `WITHOUT_ODDS`, `COACH`), and the params fill it with seats
named ("You", "Mina") and cards in words.  Nothing reads the English.
`tests/app/test_reasons.py` raises every refusal code of all three games and
checks each has a message in every catalog; `tests/app/test_i18n.py` does the
same for the hints the AI gives.  A card is said by its game's words; the
game's other params (a colour, a row, a rank) by its words part's
`reason_words` (see `names`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from game.app.words import names
from game.common.phrases import Message
from game.i18n import N_, _
from game.i18n import ngettext as counted_form  # (its messages are marked by plural_message, not here)
from game.rules import registry

#: Said for refusals no click at the table causes (typed notation, wrong
#: types, another seat's view) and for a reason without a code.
GENERAL = N_("The rules do not allow that move.")
INTERNAL = frozenset({"notation", "not_a_move", "wrong_view", "empty_set", "mixed_ranks"})

#: The refusals every game shares; each game's own are its words part's `REFUSALS`.
SHARED_RULES: dict[str, Message] = {
    "game_over": Message(N_("The game is over.")),
    "not_held": Message(N_("{seat} does not hold {card}."), N_("You do not hold {card}.")),
}

#: The hints every game shares (Hard's, when its search has nothing to add
#: but how sure it is); each game's own are its words part's `HINTS`.
SHARED_HINTS: dict[str, Message] = {
    "searched": Message(""),
}

#: A hint that argues from the odds that the next player cannot top the set
#: (Avalanche's start and grow): Hard's search may choose such a move when
#: the odds say otherwise, and then the hint names the move without the
#: argument (the words part's `WITHOUT_ODDS`).
LIKELY = 50  # percent: from here on "can top it only {p}% of the time" is not true

#: A hint's reason as a review's verdict gives it, after "… was better by
#: about N points:" has named the move: the argument alone, never the move
#: again (the words part's `WHY`).  A code whose hint says nothing but the
#: move has no clause there.  The coach's own reasons (a game's `coach`
#: part, `game.ai.explain`) say what the position says, in the words
#: part's `COACH`; a review's verdict looks there first.


def _own(game_id: str, table: str) -> Mapping[str, Message]:
    """One of the game's message tables (`REFUSALS`, `HINTS`, `WHY`, `WITHOUT_ODDS`, `COACH`), or none."""
    return names.offered(game_id, table) or {}


class _Every(Mapping[str, Message]):
    """code -> message over the shared table and every registered game's own
    (`table` of its words part), looked up afresh on each access."""

    def __init__(self, shared: dict[str, Message], table: str):
        self._shared, self._table = shared, table

    def _all(self) -> dict[str, Message]:
        out = dict(self._shared)
        for game_id in registry.ids():
            out.update(_own(game_id, self._table))
        return out

    def __getitem__(self, code: str) -> Message:
        return self._all()[code]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


RULES: Mapping[str, Message] = _Every(SHARED_RULES, "REFUSALS")
HINTS: Mapping[str, Message] = _Every(SHARED_HINTS, "HINTS")
WHY: Mapping[str, Message] = _Every({}, "WHY")
WITHOUT_ODDS: Mapping[str, Message] = _Every({}, "WITHOUT_ODDS")
COACH: Mapping[str, Message] = _Every({}, "COACH")


def _code(reason: Any) -> str | None:
    return getattr(reason, "code", None)


def _fill(
    message: Message, params: dict[str, Any], game_id: str, name: Callable[[int], str], you: Callable[[int], bool]
) -> str:
    template = message.other
    values: dict[str, object] = dict(params)
    seat = params.get("seat")
    if isinstance(seat, int):
        if message.you is not None and you(seat):
            template = message.you
        values["seat"] = _("you") if you(seat) else name(seat)
    if params.get("card") is not None:
        try:
            values["card"] = names.card_name(game_id, params["card"])
        except ValueError:
            pass
    own = names.offered(game_id, "reason_words")  # the game's own params: a colour, a row, a rank...
    if own is not None:
        values.update(own(params))
    if message.plural is not None and message.counted_by is not None and template == message.other:
        return counted_form(template, message.plural, int(params.get(message.counted_by, 0))).format(**values)
    return _(template).format(**values)


def illegal(game_id: str, reason: Any, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """An IllegalMove's reason (`exc.reason`) for the table's message line."""
    code = _code(reason) or ""
    message = SHARED_RULES.get(code) or _own(game_id, "REFUSALS").get(code)
    if message is None:
        return _(GENERAL)
    return _fill(message, reason.params, game_id, name, you)


def hint(game_id: str, reason: Any, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """A hint's reason in words (it names the move), or "" when there is none
    (or none we can say).  How often the search chose the move (`search_p`
    of `search_n` deals) is left out: it is the engine's business, not the
    player's."""
    code = _code(reason) or ""
    message = (SHARED_HINTS.get(code) or _own(game_id, "HINTS").get(code)) if reason else None
    without_odds = _own(game_id, "WITHOUT_ODDS")
    if code in without_odds and reason.params.get("p", 0) >= LIKELY:
        message = without_odds[code]
    if message is None or not message.other:
        return ""
    return _fill(message, reason.params, game_id, name, you)


def why(game_id: str, reason: Any, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """A review verdict's reason: the coach's (the game's `COACH`), or a hint's
    without the move it names; "" when the reason would only repeat the move
    (or says nothing)."""
    code = _code(reason)  # (a Phrase is a str: one whose English is empty still has its code)
    coach = _own(game_id, "COACH").get(code or "")
    if coach is not None:
        return _fill(coach, reason.params, game_id, name, you)
    message = _own(game_id, "WHY").get(code or "")
    if message is None or (code in _own(game_id, "WITHOUT_ODDS") and reason.params.get("p", 0) >= LIKELY):
        return ""
    return _fill(message, reason.params, game_id, name, you)


def covered(reason: Any, hint_text: bool = False) -> bool:
    """True if a reason's code has a message here or in a registered game's words
    (or, for refusals, is one no click causes)."""
    code = _code(reason)
    if hint_text:
        return code in HINTS
    return code in RULES or code in INTERNAL
