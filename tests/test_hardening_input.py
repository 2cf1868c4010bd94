"""Issue 23, the smaller holes and the second fuzz of what is typed: pastes of
1 MB and 10 MB into the deal-code field, refusals that quote unprintable
characters, the command line echoing a huge code or seed, a `daily` date in
another form than the canonical one, `fireside --game chess`, `demo --save`
into a folder that is not there; then random strings typed and pasted into
every text field of the app (deal code, save name, Save to…, player names)
and random `daily` keys in saves: 0 tracebacks, 0 bounces, 0 lost games."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pygame
import pytest
from matrix import count
from table_driver import make_app

from game.app.scenes.save_elsewhere import SaveToFolderScene
from game.app.scenes.saves import SaveNameScene
from game.app.scenes.setup import SetupScene
from game.match.daily_deal import daily_match, is_daily
from game.match.deal_code import DealCodeError, decode
from game.persist import savefile
from game.tools import cli

ODD_CHARS = "\x00\x01\x1b\x7f\u200b\u202e\ufeff\ud800\udcff\ue000\U0001f600é한ਪ -/~.\t\n\r\\'\"%{}"


def odd_text(rng: random.Random) -> str:
    size = rng.choice([0, 1, 5, 24, 60, 300, 5000, 100_000])
    alphabet = rng.choice([ODD_CHARS, "ABCDEFGHJKMNPQRSTVWXYZ0123456789-", "a/é", ODD_CHARS + "STAVGR3456"])
    return "".join(rng.choice(alphabet) for _ in range(size))


# -- the smaller holes, each on its own ----------------------------------------------------------
@pytest.mark.parametrize("size", [1_000_000, 10_000_000])
def test_a_huge_paste_into_the_deal_code_field_is_said_and_bounded(size: int, monkeypatch) -> None:
    monkeypatch.setattr("game.app.ui.deal_code_field.paste_text", lambda: "S" * size)
    app, _table = make_app("sticheln", [True, False, False])
    setup = SetupScene(app)
    app.push(setup)
    app.step(1 / 60, events=[], flip=False)
    setup.code.focus()
    setup.code.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="v"))
    app.step(1 / 60, events=[], flip=False)
    assert setup.code.error and "characters" in setup.code.error and len(setup.code.field.text) <= 24
    assert app.stack.top is setup and app.failures == 0


@pytest.mark.parametrize(
    "code", ["ST\x00" + "A" * 9, "\x1b[31mSTAAAAAAAA", "ST" + "\ud800" * 10, "\u202eST3" + "9" * 9]
)
def test_deal_code_refusals_never_quote_unprintable_characters(code: str) -> None:
    with pytest.raises(DealCodeError) as refused:
        decode(code)
    assert str(refused.value).isprintable() and len(str(refused.value)) <= 200


def test_the_command_line_never_echoes_a_huge_code_or_seed(capsys) -> None:
    for argv in (
        ["demo", "--code", "X" * 100_000],
        ["deal-code", "--game", "grinch", "--players", "2", "--seed", "9" * 5000],
        ["deal-code", "--game", "grinch", "--players", "2", "--seed", "9" * 4000],
    ):
        with pytest.raises(SystemExit) if argv[0] == "demo" or len(argv[-1]) > 4300 else _returns():
            assert cli.main(argv) != 0
        err = capsys.readouterr().err
        assert err and len(err) < 600, (argv[:3], len(err))


class _returns:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return False


def test_a_daily_date_is_believed_only_in_its_canonical_form() -> None:
    match = daily_match("grinch", __import__("datetime").date(2026, 12, 1), "Ana", ("Mina", "Pau", "Simran"))
    assert is_daily(match, "2026-12-01")
    for other in ("20261201", "2026-12-01 ", "2026-W49-2", "2026-335", "２０２６-12-01", "2026-12-01T00:00"):
        assert not is_daily(match, other), other
    data = savefile.to_data(match)
    data["daily"] = "20261201"
    assert savefile.from_data(data).daily is None


def test_fireside_game_chess_names_the_games(capsys) -> None:
    for argv in (["--game", "chess"], ["--game", "grinch"], ["demo", "--game", "chess"]):
        with pytest.raises(SystemExit):
            cli.main(argv)
        err = capsys.readouterr().err
        assert "invalid choice: 'chess'" not in err or "grinch" in err
        assert "argument COMMAND" not in err and all(g in err for g in ("sticheln", "avalanche", "grinch")), err


def test_demo_save_into_a_missing_folder_says_so_and_makes_none(tmp_path: Path, capsys) -> None:
    target = tmp_path / "no" / "such" / "dir" / "x.json"
    with pytest.raises(SystemExit):
        cli.main(["demo", "--save", str(target), "--exit-at-end", "--speed", "off"])
    assert "no folder" in capsys.readouterr().err and not (tmp_path / "no").exists()


# -- the fuzz of typed and pasted text --------------------------------------------------------------
def typing(text: str) -> list[pygame.event.Event]:
    """`text` as the window delivers it: TEXTINPUT events of up to 32 characters, then Enter."""
    events = [pygame.event.Event(pygame.TEXTINPUT, text=text[i : i + 32]) for i in range(0, min(len(text), 3200), 32)]
    events.append(pygame.event.Event(pygame.TEXTEDITING, text=text[:40], start=0, length=0))
    events.append(pygame.event.Event(pygame.TEXTEDITING, text="", start=0, length=0))
    return events


def fuzz_fields(cases: int, seed: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, int]:
    rng = random.Random(seed)
    counts = {"deal code typed": 0, "deal code pasted": 0, "player names": 0, "save name": 0, "save to": 0}
    app, table = make_app("sticheln", [True, False, False], 4)
    for _ in range(3):
        table.turns.play(table.match.state.legal_moves()[0])
    moves = len(table.match.moves)
    (tmp_path / "usb").mkdir(exist_ok=True)
    for case in range(cases):
        text = odd_text(rng)
        field = list(counts)[case % len(counts)]
        if field.startswith("deal code") or field == "player names":
            setup = SetupScene(app)
            app.push(setup)
            app.step(1 / 60, events=[], flip=False)
            if field == "player names":
                setup.editing = 0
                events = typing(text) + [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")]
            elif field == "deal code typed":
                setup.code.focus()
                events = typing(text)
            else:
                setup.code.focus()
                monkeypatch.setattr("game.app.ui.deal_code_field.paste_text", lambda t=text: t)
                events = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="v")]
            for event in events:
                app.step(1 / 60, events=[event], flip=False)
            app.step(1 / 60, events=[], flip=False)
            assert app.stack.top is setup and app.failures == 0, (field, text[:40])
            setup.code.blur()
            setup.stop_editing()
            app.stack.remove(setup)
        else:
            prompt = (
                SaveNameScene(app, table.match) if field == "save name" else SaveToFolderScene(app, table.match, "Fuzz")
            )
            app.push(prompt)
            app.step(1 / 60, events=[], flip=False)
            if field == "save to" and rng.random() < 0.3:
                text = str(tmp_path / "usb") + "/" + text  # a folder that is there, then whatever follows
            prompt.field.all_selected = True
            for event in typing(text):
                app.step(1 / 60, events=[event], flip=False)
            prompt.save()
            app.step(1 / 60, events=[], flip=False)
            assert app.failures == 0 and table in app.stack.scenes, (field, text[:40])
            if app.stack.top is prompt:
                assert prompt.error.isprintable() and len(prompt.error) <= 200, (field, prompt.error[:60])
                app.stack.remove(prompt)
            while app.stack.top is not table:
                app.stack.remove(app.stack.top)
        assert len(table.match.moves) == moves  # the game in play is never lost
        counts[field] += 1
    return counts


def fuzz_daily(cases: int, seed: int) -> int:
    rng = random.Random(seed)
    match = daily_match("sticheln", __import__("datetime").date(2026, 12, 1), "Ana", ("Mina", "Pau", "Simran"))
    base = savefile.to_data(match)
    keys = [
        "2026-12-01",
        "20261201",
        "2026-12-1",
        "",
        None,
        5,
        [],
        {},
        "9" * 5000,
        "\ud800",
        "2026-02-30",
        "0000-01-01",
        "9999-12-31",
        "2026-12-01\x00",
    ]
    for _ in range(cases):
        data = copy.deepcopy(base)
        key = rng.choice(keys + [odd_text(rng)[:40]])
        data["daily"] = key
        loaded = savefile.from_data(data)
        assert loaded.daily in (None, "2026-12-01") and (loaded.daily is None or key == "2026-12-01")
    return cases


def test_fields_fuzz_fast(monkeypatch, tmp_path) -> None:
    counts = fuzz_fields(10, 1, monkeypatch, tmp_path)  # two of each field
    assert sum(counts.values()) == 10 and fuzz_daily(100, 1) == 100


@pytest.mark.slow
def test_fields_fuzz_full(monkeypatch, tmp_path) -> None:
    fields, daily = count(1000, 400), count(5000, 2000)  # .ci/run's sample; FIRESIDE_FULL_MATRIX=1: all
    counts = fuzz_fields(fields, 2, monkeypatch, tmp_path)
    assert min(counts.values()) == fields // 5 and fuzz_daily(daily, 2) == daily
