"""The guided games' scripts (game/app/learn/scripts.py) are legal from the
first move to the last, through the rules' public API alone, and each one
shows the rules the issue lists for its game (read from the rules' events)."""

from __future__ import annotations

import pytest

from game import rules
from game.app.learn.guide import Guide, ScriptedAgent
from game.app.learn.scripts import HUMAN, lesson_games, script_for
from game.app.learn.table import lesson_match


def play_script(game_id: str) -> list[tuple[int, object, tuple]]:
    """(seat, move, events) for every step, each checked legal before it is applied."""
    match = lesson_match(game_id)
    out = []
    for step in script_for(game_id).steps:
        state = match.state
        assert state.current_player == step.seat, f"{game_id}: {step} is not that seat's turn"
        move = match.module.parse_move(step.move)
        assert move in state.legal_moves(), f"{game_id}: {step.move} is not legal now"
        match.apply(move)
        out.append((step.seat, move, match.state.events))
    return out


def kinds(played, seat=None) -> list:
    return [(e.kind, e.seat, e.info) for s, _m, events in played if seat is None or s == seat for e in events]


@pytest.mark.parametrize("game_id", list(lesson_games()))
def test_every_step_is_legal_and_every_human_step_has_a_caption(game_id):
    played = play_script(game_id)
    script = script_for(game_id)
    assert len(played) == len(script.steps)
    for step in script.steps:
        assert bool(step.caption) == (step.seat == HUMAN), step


def test_sticheln_shows_the_pain_pick_an_off_colour_win_a_zero_and_pain_landing_on_you():
    played = play_script("sticheln")
    assert played[0][1].kind == "pain"  # the learner picks a pain card
    events = kinds(played)
    revealed = next(info for kind, _s, info in events if kind == "revealed")
    pain = revealed["pain"][HUMAN]
    tricks = [(seat, info["leader"]) for kind, seat, info in events if kind == "trick_won"]
    # an off-colour card beats the lead: the first trick is won by a card not of the lead colour
    first = [m.card for s, m, _e in played[3:6]]
    assert tricks[0][0] == 2 and first[2].colour != first[0].colour and first[2].value < first[0].value
    # the learner plays a zero, and it wins nothing
    zero = next(i for i, (s, m, _e) in enumerate(played) if s == HUMAN and m.kind == "play" and m.card.value == 0)
    assert tricks[1][0] != HUMAN and zero < 9
    # a card of the learner's pain colour lands in the trick the learner takes
    won = [
        i for i, (s, m, events) in enumerate(played) if any(e.kind == "trick_won" and e.seat == HUMAN for e in events)
    ]
    assert won
    trick = [m.card for s, m, _e in played[won[0] - 2 : won[0] + 1]]
    assert any(card.colour == pain for card in trick)
    final = played[-1][2]
    assert any(e.kind == "game_over" for e in final)


def test_avalanche_shows_a_start_a_grow_a_stop_a_fall_you_collect_and_a_snowfall():
    played = play_script("avalanche")
    mine = kinds(played, HUMAN)
    results = [info["result"] for kind, _s, info in mine if kind == "played"]
    assert {"start", "grow", "stop"} <= set(results)
    assert any(kind == "stopped" for kind, _s, _i in mine)
    assert any(kind == "snowfall" for kind, _s, _i in mine)
    falls = [info for kind, _s, info in kinds(played) if kind == "fell"]
    assert any(f["collector"] == HUMAN for f in falls)  # a fall the learner collects
    assert any(kind == "game_over" for kind, _s, _i in kinds(played))


def test_grinch_shows_a_who_turn_a_take_the_heart_growing_and_a_row_with_a_bonus():
    played = play_script("grinch")
    match = lesson_match("grinch")
    assert match.state.grinch == HUMAN
    who_discards = [m for s, m, _e in played if s != HUMAN and m.kind == "discard"]
    assert len(who_discards) == 3  # a Who's turn each turn
    takes = [info for kind, s, info in kinds(played, HUMAN) if kind == "took"]
    assert takes and all(t["from"] != HUMAN for t in takes)  # from a Who's discard pile
    hearts = [info["heart"] for kind, _s, info in kinds(played) if kind == "heart"]
    assert hearts == [4, 5]
    scored = [info for kind, seat, info in kinds(played) if kind == "scored" and seat == HUMAN]
    assert scored and scored[0]["bonus"] > 0


@pytest.mark.parametrize("game_id", list(lesson_games()))
def test_the_scripted_agent_plays_only_the_scripts_legal_moves(game_id):
    match = lesson_match(game_id)
    guide = Guide(script_for(game_id))
    agent = ScriptedAgent(guide, lambda: len(match.moves))
    while not guide.finished(len(match.moves)):
        wanted = guide.wanted(len(match.moves))
        move = wanted if wanted is not None else agent.choose(match.state.view(match.current))
        match.apply(move)
    assert len(match.moves) == len(script_for(game_id).steps)
    with pytest.raises(ValueError, match="no move left"):
        agent.choose(match.state.view(0))


def test_the_scripts_use_only_the_public_rules():
    for script in map(script_for, lesson_games()):
        module = rules.get(script.game_id)
        for step in script.steps:
            assert str(module.parse_move(step.move)) == step.move  # the notation round-trips


# -- a game without a lesson part ---------------------------------------------------------
@pytest.fixture
def lessonless():
    """A registered game like Sticheln but with no ``lesson`` part."""
    from dataclasses import replace

    from game.rules import registry
    from game.rules.spec import PARTS

    spec = registry.register(
        replace(registry.get("sticheln"), id="lessonless", code_prefix="LL", parts=frozenset(PARTS) - {"lesson"})
    )
    yield spec.id
    registry.unregister(spec.id)


def test_a_game_without_a_lesson_part_is_not_offered_one_and_says_so(lessonless):
    from game.app.learn.scripts import lesson, no_lesson

    assert lessonless not in lesson_games() and set(lesson_games()) == set(rules.GAME_IDS)
    assert no_lesson(lessonless) == f"{lessonless} has no guided game (there is one for: sticheln, avalanche, grinch)"
    assert no_lesson("sticheln") is None and "unknown game 'chess'" in no_lesson("chess")
    with pytest.raises(ValueError, match="has no guided game"):
        lesson(lessonless)
    with pytest.raises(ValueError, match="has no guided game"):
        lesson_match(lessonless)


def test_the_learn_command_says_a_game_has_no_guided_game(lessonless, monkeypatch, capsys):
    from game.tools import cli

    with pytest.raises(SystemExit) as exit_:
        cli.main(["learn", "--game", lessonless])
    assert exit_.value.code == 2 and f"{lessonless} has no guided game" in capsys.readouterr().err


def test_the_rules_screen_offers_learn_to_play_only_for_a_game_with_a_lesson(lessonless):
    from game.app.scenes.rules import RulesScene
    from game.app.shell.app import App
    from game.persist.settings import Settings

    app = App((1024, 600), Settings())
    with_lesson, without = RulesScene(app, "sticheln"), RulesScene(app, lessonless)
    for scene in (with_lesson, without):
        scene.resize(app.size)
    assert with_lesson.learn in with_lesson.controls()
    assert without.learn not in without.controls() and without.back in without.controls()
