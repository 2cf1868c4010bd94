"""Refusals as data (issue 13): every `IllegalMove` carries a stable `code`
and plain `params`, and every code the rules can raise has a message in
every catalog.  The table says refusals from the code, never from the
English (which the terminal game keeps showing)."""

from __future__ import annotations

import functools
import json
import random

import polib
import pytest
from matrix import fast_lane

from game import i18n, rules
from game.app.words import reasons
from game.rules import GAME_IDS, IllegalMove, core

LOCALES = [code for code in i18n.LANGUAGES if code != "en"]
#: Codes a game declares for a branch no sequence of moves reaches: drawing
#: is always legal while the Grinch takes, since the pile never runs out (GR-4.5).
UNREACHABLE = {"grinch": {"pile_empty"}}


def declared(game_id: str) -> set[str]:
    return set(core.REFUSALS) | set(rules.get(game_id).REFUSALS)


def _universe(module, game_id: str, n: int) -> list:
    """Moves of every kind, legal or not, and some that are no move at all."""
    if game_id == "sticheln":
        moves = [module.Move(kind, card) for kind in ("pain", "play") for card in module.deck(6)]
    elif game_id == "avalanche":
        moves = [module.SNOWFALL, module.Move("snowfall", 1, 1), module.Move("play", 99, 1), module.Move("play", 5, 0)]
        moves += [module.Move("play", r, k) for r in module.RANKS for k in range(1, 9)]
    else:
        moves = (
            [module.Move("draw")]
            + [module.Move("take", s) for s in range(n + 1)]
            + [module.Move("discard", c) for c in module.CARDS]
            + [module.Move("discard", "W9z")]
            + [module.Move("score", row) for row in (*module.ROWS, "nowhere")]
            + [module.Move("dance")]
        )
    return moves + ["not a move", "play", 42]


@functools.cache
def raised_codes(game_id: str, seed: int = 5) -> dict[str, IllegalMove]:
    """Random games in the smallest and largest player counts; at every step
    every move of the universe the rules refuse; then the end, a view playing
    for another seat, and `classify` on bad sets."""
    module = rules.get(game_id)
    rng = random.Random(seed)
    found: dict[str, IllegalMove] = {}

    def attempt(state, move) -> None:
        try:
            state.apply(move)
        except IllegalMove as exc:
            found.setdefault(exc.code, exc)
        except ValueError:
            pass  # a view cannot draw or deal: not a refusal of the move

    for n in (module.PLAYERS.start, module.PLAYERS.stop - 1):
        for _game in range(2):
            state = module.new_game(n, rng.randrange(10_000))
            universe = _universe(module, game_id, n)
            while not state.is_over:
                legal = set(state.legal_moves())
                for move in universe:
                    if not (isinstance(move, tuple) and move in legal):
                        attempt(state, move)
                view = state.view((state.current_player + 1) % n)
                attempt(view, state.legal_moves()[0])  # another seat's view
                state = state.apply(rng.choice(state.legal_moves()))
            attempt(state, universe[0])
    if game_id == "avalanche":
        for previous, play in (([], ["QS"]), (["QS", "KS"], ["AS"])):
            try:
                module.classify(previous, play)
            except IllegalMove as exc:
                found.setdefault(exc.code, exc)
    return found


@pytest.mark.parametrize("game_id", fast_lane(GAME_IDS, "grinch", "avalanche"))  # Sticheln's games: slow
def test_every_declared_code_is_raised_and_nothing_else(game_id: str) -> None:
    found = raised_codes(game_id)
    wanted = declared(game_id) - UNREACHABLE.get(game_id, set())
    assert set(found) <= declared(game_id), f"undeclared refusal codes: {set(found) - declared(game_id)}"
    assert wanted <= set(found), f"never raised: {wanted - set(found)}"
    for code, exc in found.items():
        assert exc.reason.code == code and exc.reason.params == exc.params
        assert json.loads(json.dumps(exc.params)) == exc.params, f"{code}: params are not plain data"
        assert str(exc).startswith(str(exc.reason)) and exc.rule in str(exc)


def _messages(code: str) -> list[str]:
    if code in reasons.INTERNAL:
        return [reasons.GENERAL]
    message = reasons.RULES[code]
    return [m for m in message if m]


@pytest.mark.parametrize("locale", LOCALES)
def test_every_refusal_code_has_a_message_in_every_catalog(locale: str) -> None:
    catalog = {e.msgid: e.msgstr for e in polib.pofile(str(i18n.catalog_path(locale))) if not e.obsolete}
    every = set().union(*(declared(g) for g in GAME_IDS))
    missing = [(code, m) for code in sorted(every) for m in _messages(code) if not catalog.get(m)]
    assert not missing, f"{locale}: no translation for {missing}"


@pytest.mark.parametrize("game_id", fast_lane(GAME_IDS, "grinch", "avalanche"))
def test_refusals_are_said_from_their_code_in_every_language(game_id: str) -> None:
    found = raised_codes(game_id)
    try:
        for locale in i18n.LANGUAGES:
            i18n.set_language(locale)
            for code, exc in found.items():
                said = reasons.illegal(game_id, exc.reason, lambda s: f"P{s}", lambda s: s == 0)
                assert said and "{" not in said, (locale, code, said)
                if code not in reasons.INTERNAL:
                    assert said != i18n._(reasons.GENERAL), (locale, code)
    finally:
        i18n.set_language("en")


def test_a_reason_without_a_code_gets_the_general_line() -> None:
    assert reasons.illegal("grinch", "Something the rules never said", str, bool) == reasons.GENERAL
    assert reasons.hint("grinch", "a plain sentence", str, bool) == ""
