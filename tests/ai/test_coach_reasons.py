"""The coach's reasons (issue 25): every marked decision of a reviewed game says
why the better move was better in the game's own terms, computed from the
position by the game's `coach` part (never the hint's fixed sentence), in
every language, without percentages or engine words, and the marks of one
game do not all read the same."""

from __future__ import annotations

import functools
import random
import re
from collections import defaultdict
from typing import Any

import polib
import pytest
from matrix import fast_lane, sample

from game import i18n
from game.ai import make_agent
from game.ai.explain import decision_reason
from game.ai.review import Decision, Review
from game.app.words import reasons
from game.match.match import Match, Seat
from game.rules import Phrase, grinch, registry, sticheln

GAMES = ("sticheln", "grinch", "avalanche")
LANGUAGES = ("en", "ko", "ca", "pa")
ROLLOUTS = 600  # a small budget (moves of Normal play a decision): the reasons, not the values, are under test
#: words of the engine a player should never read in a reason
ENGINE_WORDS = re.compile(
    r"%|percent|simulat|rollout|iteration|search|sampl|world|probab|odds|chance|ismcts|engine", re.IGNORECASE
)


def coach(game_id: str) -> Any:
    return registry.get(game_id).module("coach")


def kind(game_id: str, view: Any, move: Any) -> str:
    """The kind of decision, as a player would group them."""
    if game_id == "avalanche":
        return "facing an avalanche" if view.table else "empty table"
    if game_id == "grinch" and move.kind in ("draw", "take"):
        return "take"
    return str(move.kind)


def played(game_id: str, players: int, seed: int) -> Match:
    """A whole game: seat 0 plays Easy (so it makes mistakes), the others Normal."""
    match = Match(game_id, [Seat(f"P{i}", i == 0) for i in range(players)], seed)
    agents = [make_agent("easy", 100 + seed)] + [make_agent("normal", i) for i in range(1, players)]
    while not match.state.is_over:
        seat = match.current
        match.apply(agents[seat].choose(match.state.view(seat)))
    return match


@functools.lru_cache(maxsize=None)
def reviewed(game_id: str, players: int, seed: int, rollouts: int = ROLLOUTS) -> tuple[list[Decision], dict[int, Any]]:
    """A reviewed game's decisions of seat 0, and the view at each by move number."""
    match = played(game_id, players, seed)
    first = Match(game_id, list(match.seats), match.seed, match.start, dict(match.options)).state
    moves = [move for _seat, move in match.moves]
    review = Review(first, moves, [0], rollouts)
    decisions = review.complete()
    views = {p.number: p.state.view(p.seat) for p in review.todo}
    return decisions, views


CASES = [("sticheln", 4, 3), ("grinch", 4, 3), ("avalanche", 4, 3)]
#: the fast lane reviews one game (the cheapest, 2 s), .ci/run all three
FAST_CASES = fast_lane(CASES, ("grinch", 4, 3))


def rendered(game_id: str, reason: dict[str, Any], language: str) -> str:
    phrase = Phrase(reason["code"], reason["text"], reason["params"])
    i18n.set_language(language)
    try:
        return reasons.why(game_id, phrase, lambda seat: f"Seat{seat}", lambda seat: seat == 0)
    finally:
        i18n.set_language("en")


# -- every mark has a reason of the game's own ---------------------------------------------------
@pytest.mark.parametrize("game_id,players,seed", FAST_CASES)
def test_every_marked_decision_has_a_reason_from_the_games_coach(game_id: str, players: int, seed: int) -> None:
    decisions, _views = reviewed(game_id, players, seed)
    marked = [d for d in decisions if d.mark]
    assert marked, "the seeded game has marks to explain"
    codes = set(coach(game_id).CODES)
    without = [d.number for d in marked if d.reason is None or d.reason["code"] not in codes]
    assert without == [], f"marks without a coach reason: {without}"


@pytest.mark.parametrize("game_id,players,seed", FAST_CASES)
def test_every_reason_reads_in_every_language_without_odds_or_engine_words(
    game_id: str, players: int, seed: int
) -> None:
    decisions, _views = reviewed(game_id, players, seed)
    explained = [d for d in decisions if d.chosen != d.best]  # (the others name no better move)
    assert explained
    for d in explained:
        assert d.reason is not None and d.reason["code"] in coach(game_id).CODES, d
        for language in LANGUAGES:
            text = rendered(game_id, d.reason, language)
            assert text, (d.number, language, d.reason)
            assert "{" not in text and "}" not in text, (language, text)
            assert not ENGINE_WORDS.search(text), (language, text)
            assert not re.search(r"\b(seat|pain|play|grow)\s+\d", text), (language, text)  # no notation left
        assert not ENGINE_WORDS.search(d.reason["text"]), d.reason["text"]


@pytest.mark.parametrize("game_id,players,seed", FAST_CASES)
def test_one_games_marks_read_differently_for_each_kind_of_decision(game_id: str, players: int, seed: int) -> None:
    decisions, views = reviewed(game_id, players, seed)
    module = registry.get(game_id).rules
    texts: dict[str, set[str]] = defaultdict(set)
    counts: dict[str, int] = defaultdict(int)
    for d in decisions:
        if d.mark and d.reason is not None:
            key = kind(game_id, views[d.number], module.parse_move(d.chosen))
            texts[key].add(rendered(game_id, d.reason, "en"))
            counts[key] += 1
    assert texts
    for key, seen in texts.items():
        if counts[key] > 1:
            assert len(seen) > 1, f"every {key} mark says the same: {seen}"


# -- the codes and their words ---------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_every_coach_code_has_words_and_every_word_a_translation(game_id: str) -> None:
    words = registry.get(game_id).module("words")
    assert set(coach(game_id).CODES) == set(words.COACH)
    msgids = {m for message in words.COACH.values() for m in (message.other, message.you) if m}
    for language in ("ko", "ca", "pa"):
        po = polib.pofile(str(i18n.catalog_path(language).with_suffix(".po")))
        said = [e for e in po if (e.msgstr or (e.msgstr_plural and all(e.msgstr_plural.values()))) and not e.obsolete]
        done = {e.msgid for e in said if "fuzzy" not in e.flags}
        assert msgids <= done, (language, msgids - done)
    assert not set(words.COACH) & set(reasons.WHY), "a coach code is not a hint code"


def test_a_review_verdict_reads_the_coach_words_before_the_hints() -> None:
    phrase = Phrase("st_take_clean", "", {"card": "blue 7", "played": "red 4", "colour": "green", "n": 3})
    assert (
        reasons.why("sticheln", phrase, str, lambda seat: False)
        == "blue 7 usually takes this trick for about +3, with none of the pain colour in it"
    )
    you = Phrase("av_lands_on", "", {"rank": 9, "count": 2, "seat": 1, "n": 7})
    assert (
        reasons.why("avalanche", you, lambda s: "Mina", lambda s: s == 1)
        == "after 9 9 the next players usually have to fall onto you: about 7 cards"
    )
    assert reasons.why("avalanche", you, lambda s: "Mina", lambda s: False).endswith("fall onto Mina: about 7 cards")


# -- reasons that follow from the position -----------------------------------------------------------
def test_a_sticheln_card_that_wins_its_own_pain_says_what_it_costs() -> None:
    from tests.ai.test_review import sticheln_last_two_tricks

    view = sticheln_last_two_tricks().view(0)
    good, bad = sticheln.parse_move("play red 7"), sticheln.parse_move("play green 8")
    phrase = decision_reason(view, bad, good, random.Random(1))
    assert phrase is not None and phrase.code == "st_took_own_pain"
    assert phrase.params["played"] == "green 8" and phrase.params["n"] == 6  # +2 cards, -8 for green 8
    clean = decision_reason(view, good, bad, random.Random(1))
    assert clean is not None and clean.code != phrase.code


def test_a_sticheln_pain_pick_names_the_colours_and_the_costs() -> None:
    state = sticheln.new_game(3, 11)
    view = state.view(state.current_player)
    hand = view.hands[view.current_player]
    by_value = sorted(hand, key=lambda c: sticheln.VALUE_OF[c])
    low, high = sticheln.PAIN_MOVES[by_value[0]], sticheln.PAIN_MOVES[by_value[-1]]
    phrase = decision_reason(view, high, low, random.Random(1))
    assert phrase is not None and phrase.code.startswith("st_pick_")
    assert rendered("sticheln", {"code": phrase.code, "text": str(phrase), "params": dict(phrase.params)}, "en")


def _last_who_discard(seed: int) -> Any:
    """Seat 0's view at its last discard of round 1, a Who in a two-player game."""
    state = grinch.new_game(2, seed, start=1)
    while not (state.current_player == 0 and state.phase == grinch.WHO and state.turn == grinch.TURNS):
        state = state.apply(state.legal_moves()[0])
    return state.view(0)


def test_a_grinch_bonus_that_can_no_longer_be_met_is_said_so() -> None:
    """A Who at its last discard holds a +10 card (say N2a, three Presents) with
    fewer than three of the suit it needs, and gets no more cards: the reason
    for throwing it rather than another card says the bonus cannot be met."""
    part = coach("grinch")
    for seed in range(200):
        view = _last_who_discard(seed)
        hand = view.hands[0]
        for dropped in hand:
            spec = grinch.BONUSES.get(str(grinch.CARDS[dropped]))
            if spec is None or spec[0] != 10:
                continue
            _points, suit, need = spec
            kept = [c for c in hand if c != dropped and grinch.SUITS[grinch.SUIT_OF[c]] != suit]
            if sum(1 for c in hand if grinch.SUITS[grinch.SUIT_OF[c]] == suit) >= need or not kept:
                continue
            chosen, best = grinch.DISCARD_MOVES[kept[0]], grinch.DISCARD_MOVES[dropped]
            phrase = part.reason(view, chosen, best, random.Random(0))
            assert phrase is not None and phrase.code == "gr_dead_bonus_last", phrase
            assert phrase.params["card"] == str(grinch.CARDS[dropped]) and phrase.params["p"] == 10
            assert phrase.params["need"] == need
            text = rendered("grinch", {"code": phrase.code, "text": str(phrase), "params": dict(phrase.params)}, "en")
            assert grinch.ROWS[grinch.SUITS.index(suit)] in text.lower() and "+10" in text
            return
    pytest.fail("no deal gave a dead +10 card to weigh")


@pytest.mark.slow
@pytest.mark.parametrize("game_id,players", [("sticheln", 3), ("sticheln", 5), ("grinch", 3), ("avalanche", 3)])
@pytest.mark.parametrize("seed", sample([1, 2], 1, seed="full reviews"))  # FIRESIDE_FULL_MATRIX=1: both
def test_full_reviews_give_every_mark_a_coach_reason(game_id: str, players: int, seed: int) -> None:
    decisions, _views = reviewed(game_id, players, seed, rollouts=registry.get(game_id).hard_iterations)
    codes = set(coach(game_id).CODES)
    for d in decisions:
        if d.mark:
            assert d.reason is not None and d.reason["code"] in codes, d
            for language in LANGUAGES:
                text = rendered(game_id, d.reason, language)
                assert text and "{" not in text and not ENGINE_WORDS.search(text), (language, text)
