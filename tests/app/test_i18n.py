"""Languages: the catalogs are complete and well-formed, every string of every
language draws with real glyphs (Gurmukhi shaped), the title and a table show
the translated words, the rules' and hints' reasons are said in every
language, the language follows --lang / the setting / the OS, and a switch in
the settings shows at once."""

from __future__ import annotations

import ast
import gettext
import importlib.util
import os
import random
import string
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import parsed_source
import polib
import pygame
import pytest
from matrix import fast_lane

from game import i18n, rules
from game.app.look import fonts
from game.app.words import names, reasons
from game.rules import GAME_IDS, IllegalMove, Phrase

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = ("ko", "ca", "pa")


def _extractor():
    spec = importlib.util.spec_from_file_location("extract_messages", ROOT / "build" / "extract_messages.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("extract_messages", module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _catalog(code: str) -> polib.POFile:
    return polib.pofile(str(i18n.catalog_path(code)))


def _entries(code: str) -> list[polib.POEntry]:
    return [e for e in _catalog(code) if not e.obsolete]


def _texts(code: str) -> list[str]:
    """Every string a person may read in `code`: the catalog's translations (the
    msgids for English) and the rules screens."""
    if code == "en":
        out = [e.msgid for e in _catalog("ko") if not e.obsolete]
        out += [e.msgid_plural for e in _catalog("ko") if e.msgid_plural]
    else:
        out = []
        for entry in _entries(code):
            out.append(entry.msgstr)
            out.extend(entry.msgstr_plural.values())
    from game.app.words import rules_text

    module = rules_text.texts(code)
    out += list(module.TITLES.values()) + list(module.TAGLINES.values())
    for sections in module.RULES.values():
        for section in sections:
            out.append(section.heading)
            out += [p if isinstance(p, str) else p.caption for p in section.body]
    return out


def _fields(text: str) -> list[str]:
    return sorted(f"{name}:{spec}" for _, name, spec, _ in string.Formatter().parse(text) if name is not None)


# -- the catalogs -------------------------------------------------------------------------


def test_the_template_lists_every_message_in_the_code() -> None:
    extract = _extractor()
    messages, warnings = extract.extract()
    template = {e.msgid for e in polib.pofile(str(extract.TEMPLATE))}
    assert not warnings, warnings
    assert set(messages) == template, (
        "game/locale/fireside.pot is out of date: run python build/extract_messages.py "
        f"(new: {sorted(set(messages) - template)[:5]}, gone: {sorted(template - set(messages))[:5]})"
    )


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated(code: str) -> None:
    template = {e.msgid for e in polib.pofile(str(_extractor().TEMPLATE))}
    entries = {e.msgid: e for e in _entries(code)}
    assert template <= set(entries), f"{code}: run build/extract_messages.py ({sorted(template - set(entries))[:5]})"
    untranslated = [m for m in template if not entries[m].translated()]
    assert not untranslated, f"{code}: {len(untranslated)} untranslated, e.g. {untranslated[:5]}"
    nplurals = 1 if code == "ko" else 2
    for entry in entries.values():
        if entry.msgid_plural:
            assert len(entry.msgstr_plural) == nplurals and all(entry.msgstr_plural.values()), entry.msgid


@pytest.mark.parametrize("code", TRANSLATED)
def test_placeholders_match_between_message_and_translation(code: str) -> None:
    for entry in _entries(code):
        wanted = _fields(entry.msgid)
        forms = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        if entry.msgid_plural:
            assert _fields(entry.msgid_plural) == wanted, entry.msgid
        for form in forms:
            assert _fields(form) == wanted, f"{code}: {entry.msgid!r} -> {form!r}"
            values = {name.split(".")[0].split("[")[0]: 1 for _, name, _, _ in string.Formatter().parse(form) if name}
            form.format(**values)  # no stray braces


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalog_loads_and_translates(code: str) -> None:
    catalog = i18n.load_catalog(code)
    assert isinstance(catalog, gettext.GNUTranslations)
    i18n.set_language(code)
    assert i18n._("New game") != "New game"
    assert i18n.ngettext("{n} card", "{n} cards", 5).format(n=5) != "5 cards"
    assert i18n._("") == ""  # never the catalog header


def test_a_missing_catalog_falls_back_to_english(monkeypatch, caplog) -> None:
    monkeypatch.setattr(i18n, "catalog_path", lambda code: ROOT / "no-such-catalog.po")
    assert type(i18n.load_catalog("ko")) is gettext.NullTranslations
    assert "could not be read" in caplog.text


def _module_level_calls(tree: ast.Module) -> list[int]:
    """Lines where _() or ngettext() runs at import: module level, class bodies, default values."""
    found: list[int] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                for default in [*child.args.defaults, *child.args.kw_defaults]:
                    if default is not None:
                        visit(ast.Expression(default), False)
                for deco in getattr(child, "decorator_list", []):
                    visit(ast.Expression(deco), False)
                visit(child.body if isinstance(child, ast.Lambda) else ast.Module(child.body, []), True)
                continue
            if (
                not in_function
                and isinstance(child, ast.Call)
                and isinstance(child.func, ast.Name)
                and child.func.id in ("_", "ngettext")
            ):
                found.append(child.lineno)
            visit(child, in_function)

    visit(tree, False)
    return found


def _function_shadowing(tree: ast.Module) -> list[str]:
    """Functions that both call _() and assign the name `_` (which makes _() fail there)."""
    bad = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        stores, calls = False, False
        stack = list(ast.iter_child_nodes(fn))
        while stack:
            node = stack.pop()
            if isinstance(
                node,
                (
                    ast.FunctionDef,
                    ast.AsyncFunctionDef,
                    ast.Lambda,
                    ast.ClassDef,
                    ast.ListComp,
                    ast.SetComp,
                    ast.DictComp,
                    ast.GeneratorExp,
                ),
            ):
                continue
            if isinstance(node, ast.Name) and node.id == "_":
                stores |= isinstance(node.ctx, ast.Store)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_":
                calls = True
            stack.extend(ast.iter_child_nodes(node))
        if stores and calls:
            bad.append(f"{fn.name}:{fn.lineno}")
    return bad


def test_nothing_is_translated_at_import_and_nothing_hides_the_translator() -> None:
    """The language can change while the app runs, so module constants are marked
    with N_() and translated where shown; and a function that uses `_` as a
    throwaway name cannot call _()."""
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = parsed_source.tree(path)
        rel = path.relative_to(ROOT)
        assert not _module_level_calls(tree), f"{rel}: _() at import, lines {_module_level_calls(tree)}"
        assert not _function_shadowing(tree), f"{rel}: `_` assigned where _() is called: {_function_shadowing(tree)}"


# -- fonts and glyphs ---------------------------------------------------------------------------


def _ks_x_1001_hangul() -> str:
    return "".join(
        bytes((lead, trail)).decode("euc-kr")
        for lead in range(0xB0, 0xC9)
        for trail in range(0xA1, 0xFF)
        if _decodes(bytes((lead, trail)))
    )


def _decodes(raw: bytes) -> bool:
    try:
        raw.decode("euc-kr")
    except UnicodeDecodeError:
        return False
    return True


def test_the_korean_font_has_every_ks_x_1001_syllable_and_the_typing_jamo() -> None:
    hangul = _ks_x_1001_hangul()
    assert len(hangul) == 2350
    assert not fonts.missing(hangul, "korean")
    assert not fonts.missing("ㄱㄴㄷㅏㅓㅗㅜ", "korean")  # shown while an input method composes


SCRIPT = {  # the letters each language's own font must have
    "en": lambda ch: ch.isascii() and ch.isalpha(),
    "ca": lambda ch: ch.isalpha() and ord(ch) < 0x250,
    "ko": lambda ch: "\uac00" <= ch <= "\ud7a3" or "\u3131" <= ch <= "\u318e",
    "pa": lambda ch: "\u0a00" <= ch <= "\u0a7f",
}


def _without_fields(text: str) -> str:
    """The text with {placeholders} taken out (what fills them is checked where it is drawn)."""
    return "".join(literal for literal, *_ in string.Formatter().parse(text))


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_the_fonts_have_every_character_of_every_text(code: str) -> None:
    """Read from the font files' cmaps: every letter of a language's messages and
    rules texts is in that language's own font, and every other character (a
    Latin "F11" or "Esc" in Punjabi) in the font fonts.runs() draws it with."""
    family = fonts.family_for(code)
    missing: dict[str, str] = {}
    for text in _texts(code):
        clean = _without_fields(text)
        for ch in clean:
            if SCRIPT[code](ch) and not fonts.covers(family, ch):
                missing.setdefault(ch, text)
        for part_family, part in fonts.runs(clean, family):
            for ch in fonts.missing(part, part_family):
                missing.setdefault(ch, text)
    assert not missing, (
        f"no glyph for {sorted(missing)} (e.g. in {list(missing.values())[:2]}): re-run python build/make_fonts.py"
    )


def test_every_language_name_draws_in_every_language() -> None:
    """The language buttons name each language in its own words, whatever the
    language around them: each name has a font (fonts.runs picks it)."""
    for code, name in i18n.LANGUAGE_NAMES.items():
        assert not fonts.missing(name, fonts.family_for(code)), name


def test_the_cmap_reader_agrees_with_fonttools_where_available() -> None:
    ttlib = pytest.importorskip("fontTools.ttLib")
    for family in fonts.FAMILIES:
        path = fonts.font_path(family)
        assert fonts.read_cmap(path.read_bytes()) == set(ttlib.TTFont(str(path)).getBestCmap())


@pytest.fixture
def display():
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((320, 200))
    yield screen
    fonts.clear_caches()


def _notdef(family: str, text: str, size: int) -> pygame.Surface:
    """What `text` would look like if every letter were missing: .notdef boxes."""
    return fonts.font(size, False, family).render("\U0010fffd" * len(text), True, (255, 255, 255))


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


@pytest.mark.parametrize("code", fast_lane(i18n.LANGUAGES, "pa"))
def test_every_catalog_string_renders_with_real_glyphs(code: str, display) -> None:
    """Each string in the language: no character without a glyph in the font it is
    drawn with, and each run of letters differs from a row of .notdef boxes."""
    i18n.set_language(code)
    for text in map(_without_fields, _texts(code)):
        if not text.strip():
            continue
        assert not fonts.missing(text), (code, text)
        for family, part in fonts.runs(text):
            assert not fonts.missing(part, family), (code, family, part)
        image = fonts.text(text, 18, (255, 255, 255))
        assert image.get_width() > 0 and image.get_height() > 0
        letters = "".join(ch for ch in text if ch.isalpha())
        if letters:
            family = fonts.runs(letters)[0][0]
            real = fonts.font(18, False, family).render(letters, True, (255, 255, 255))
            assert not _same(real, _notdef(family, letters, 18)), (code, text)


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_each_language_name_is_drawn_in_its_own_font_in_every_language(code: str, display) -> None:
    """The language buttons: around text of any language (drawn first, so its fonts
    are warm), each name comes out exactly as a font that has its letters draws it."""
    i18n.set_language(code)
    for text in _texts(code)[:40]:
        fonts.text(_without_fields(text), 19, (255, 255, 255))
    for name in i18n.LANGUAGE_NAMES.values():
        [(family, _text)] = fonts.runs(name)  # one run, in a font that has every letter
        assert not fonts.missing(name, family)
        own = fonts.font(19, False, family).render(name, True, (255, 255, 255))
        assert _same(fonts.text(name, 19, (255, 255, 255)), own), (code, name)


def test_gurmukhi_is_shaped(display) -> None:
    """HarfBuzz shaping (set_script("Guru")): a conjunct takes the place of its
    parts, and the i-sign is drawn before the consonant it follows in memory."""
    shaped = fonts.font(40, False, "gurmukhi")
    plain = pygame.font.Font(fonts.font_path("gurmukhi"), round(40 * fonts.SCALE["gurmukhi"]))
    assert shaped.size("ਪ੍ਰ")[0] < shaped.size("ਪ")[0] + shaped.size("ਰ")[0] * 0.5  # ਰ goes under ਪ
    assert plain.size("ਪ੍ਰ")[0] > plain.size("ਪ")[0] + plain.size("ਰ")[0] * 0.5  # unshaped: side by side

    def ka_offset(font, text: str) -> int:
        """Where the consonant ਕ sits in the image of `text`: the shift that lays the
        lower part of a lone ਕ best over it (below the headline, where the i-sign's
        loop is not)."""

        def lower(surface: pygame.Surface) -> pygame.mask.Mask:
            top = surface.get_height() * 45 // 100
            return pygame.mask.from_surface(
                surface.subsurface((0, top, surface.get_width(), surface.get_height() - top))
            )

        ka = lower(font.render("ਕ", True, (255, 255, 255)))
        whole = lower(font.render(text, True, (255, 255, 255)))
        shifts = range(whole.get_size()[0] - ka.get_size()[0] + 1)
        return max(shifts, key=lambda x: whole.overlap_area(ka, (x, 0)))

    assert ka_offset(plain, "ਕਿ") <= 2 < 6 <= ka_offset(shaped, "ਕਿ")  # shaped: the i-sign comes first


# -- what the screens say ---------------------------------------------------------------------


class _Recorder:
    """Every string drawn through fonts.text while it is installed."""

    def __init__(self, monkeypatch) -> None:
        self.drawn: list[str] = []
        original = fonts.text

        def record(s: str, size: int, colour, bold: bool = False) -> pygame.Surface:
            self.drawn.append(s)
            return original(s, size, colour, bold)

        monkeypatch.setattr(fonts, "text", record)


def _title(monkeypatch, size=(1280, 720)):
    from game.app.scenes.title import TitleScene
    from game.app.shell.app import App
    from game.persist.settings import Settings

    recorder = _Recorder(monkeypatch)
    app = App(size, Settings(speed="off"))
    app.replace(TitleScene(app))
    return app, recorder


def _check_drawn(code: str, drawn: list[str], surface: pygame.Surface) -> None:
    assert drawn
    for text in drawn:
        assert not fonts.missing(text), (code, text)
    english = {"New game", "Rules", "Settings", "Quit", "Menu", "Hint", "Your turn"}
    if code != "en":
        assert not english & set(drawn), (code, english & set(drawn))
    # the screen itself: what the first translated word looks like is there, and it is not boxes
    word = i18n._("Rules")
    family = fonts.runs(word)[0][0]
    image = fonts.text(word, 18, (255, 255, 255))
    assert not _same(image, _notdef(family, word, 18))


@pytest.mark.parametrize("code", fast_lane(i18n.LANGUAGES, "ko"))
def test_the_title_screen_in_each_language(code: str, monkeypatch) -> None:
    i18n.set_language(code)
    app, recorder = _title(monkeypatch)
    app.step(1 / 30, events=[], flip=False)
    drawn = recorder.drawn
    for msgid in ("New game", "Rules", "Settings", "Quit"):
        assert i18n._(msgid) in drawn, (code, msgid)
    assert " · ".join(names.game_name(g) for g in GAME_IDS) in drawn
    _check_drawn(code, drawn, app.screen)


@pytest.mark.parametrize("code", fast_lane(i18n.LANGUAGES, "ko"))
def test_a_table_in_each_language(code: str, monkeypatch) -> None:
    """A Sticheln table after a few moves: the status line, seat panels and
    buttons are the language's own words, with no missing glyph."""
    sys.path.insert(0, str(ROOT / "tests"))
    from table_driver import click, make_app

    i18n.set_language(code)
    recorder = _Recorder(monkeypatch)
    app, table = make_app("sticheln", [True, False, False], seed=3, start=0)
    rng = random.Random(3)
    for _ in range(600):  # the pick, and a few tricks
        if table.match.state.phase == "play" and len(table.match.moves) > 6 and table.viewer_acts():
            break
        if app.stack.top is not table:
            click(app, app.stack.top.buttons[0].rect.center)
        elif table.viewer_acts() and not table.stage.busy:
            click(app, table.input.click_point(rng.choice(table.targets())))
        else:
            app.step(1 / 30, events=[], flip=False)
    recorder.drawn.clear()
    app.step(1 / 30, events=[], flip=False)
    drawn = recorder.drawn
    status = table.status()
    assert status in drawn and i18n._("Round {n} of {total}").split("{")[0] in status
    for msgid in ("Menu", "Hint", "Undo", "Pain card"):
        assert i18n._(msgid) in drawn, (code, msgid)
    _check_drawn(code, drawn, app.screen)


def test_switching_language_in_the_settings_shows_at_once(monkeypatch) -> None:
    from game.app.scenes.settings import SettingsScene

    app, recorder = _title(monkeypatch)
    saved = []
    monkeypatch.setattr(app, "save_settings", lambda: saved.append(app.settings.language))
    app.push(SettingsScene(app))
    app.step(1 / 30, events=[], flip=False)
    assert "New game" in recorder.drawn
    scene = app.stack.top
    korean = next(b for b in scene.language_buttons if b.label == "한국어")
    recorder.drawn.clear()
    korean.action()
    app.step(1 / 30, events=[], flip=False)
    assert i18n.language() == "ko" and app.settings.language == "ko" and saved == ["ko"]
    assert "새 게임" in recorder.drawn and "설정" in recorder.drawn  # the title beneath, and the panel
    assert "New game" not in recorder.drawn
    automatic = next(b for b in app.stack.top.language_buttons if b.label == "Automatic")
    monkeypatch.setenv("LANGUAGE", "ca_ES")
    automatic.action()
    assert app.settings.language == "" and i18n.language() == "ca"


# -- choosing the language ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "name,code",
    [
        ("ko_KR.UTF-8", "ko"),
        ("ca_ES@valencia", "ca"),
        ("pa_IN", "pa"),
        ("pa-Guru-IN", "pa"),
        ("pa_PK", None),
        ("Korean_Korea.949", "ko"),
        ("C", None),
        ("de_DE.UTF-8", None),
        ("", None),
    ],
)
def test_locale_names(name: str, code: str | None) -> None:
    assert i18n.match_language(name) == code


def test_the_language_follows_the_os_then_the_setting_then_the_command_line(monkeypatch) -> None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANGUAGE", "de_DE:pa_IN:en")
    assert i18n.system_language() == "pa"
    assert i18n.choose_language(None, "") == "pa"
    assert i18n.choose_language(None, "ca") == "ca"
    assert i18n.choose_language("ko", "ca") == "ko"
    monkeypatch.setenv("LANGUAGE", "fr_FR")
    assert i18n.choose_language(None, "") in i18n.LANGUAGES  # French is not offered: the OS's other hints, or English
    with pytest.raises(ValueError, match="ko"):
        i18n.set_language("xx")


def test_lang_on_the_command_line(capsys) -> None:
    from game.tools.cli import build_parser

    parser = build_parser()
    assert parser.parse_args(["--lang", "pa"]).lang == "pa"
    assert parser.parse_args(["--lang", "ko", "--self-test"]).lang == "ko"
    assert parser.parse_args(["play", "--lang", "ca"]).lang == "ca"
    assert parser.parse_args(["--lang", "ca", "demo"]).lang == "ca"
    assert parser.parse_args(["play"]).lang is None
    with pytest.raises(SystemExit) as exit_:
        parser.parse_args(["--lang", "xx"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "--lang" in err and all(f"'{code}'" in err for code in i18n.LANGUAGES)


def test_lang_overrides_the_setting_when_the_window_opens(monkeypatch) -> None:
    from game.app.shell import main as app_main
    from game.persist.settings import Settings

    monkeypatch.setattr(app_main, "load_settings", lambda: Settings(language="ca"))
    monkeypatch.setattr(app_main, "setup_logging", lambda: None)
    assert app_main.play((800, 500), first_frame_exit=True, lang="pa") == 0
    assert i18n.language() == "pa"
    assert app_main.play((800, 500), first_frame_exit=True) == 0
    assert i18n.language() == "ca"


# -- the rules' and the hints' reasons --------------------------------------------------------------


def _move_universe(game_id: str, n: int) -> list:
    module = rules.get(game_id)
    if game_id == "sticheln":
        return [module.Move(kind, card) for kind in ("pain", "play") for card in module.deck(6)]
    if game_id == "avalanche":
        return [module.SNOWFALL] + [module.Move("play", r, k) for r in module.RANKS for k in range(1, 9)]
    return (
        [module.Move("draw")]
        + [module.Move("take", s) for s in range(n + 1)]
        + [module.Move("discard", c) for c in module.CARDS]
        + [module.Move("score", row) for row in (*module.ROWS, "nowhere")]
    )


@pytest.mark.parametrize("game_id", fast_lane(GAME_IDS, "grinch"))
def test_every_rule_reason_has_words_in_every_language(game_id: str) -> None:
    """Random games (seeded); at every step every move the rules refuse: each
    reason is one the table can say, and says without leftovers in each language."""
    module = rules.get(game_id)
    rng = random.Random(7)
    seen: set[str] = set()
    for n in (module.PLAYERS.start, module.PLAYERS.stop - 1):
        state = module.new_game(n, rng.randrange(1000))
        universe = _move_universe(game_id, n)
        for _ in range(80):
            if state.is_over:
                break
            legal = set(state.legal_moves())
            for move in universe:
                if move in legal:
                    continue
                try:
                    state.apply(move)
                except IllegalMove as exc:
                    assert reasons.covered(exc.reason), f"no words for {exc.reason!r}"
                    seen.add(exc.reason)
            state = state.apply(rng.choice(sorted(legal, key=str)))
    assert seen
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        for reason in seen:
            said = reasons.illegal(game_id, reason, lambda s: f"P{s}", lambda s: s == 0)
            assert "{" not in said and "Seat" not in said and "(" + game_id[:2].upper() + "-" not in said, (code, said)
            if code != "en":
                i18n.set_language("en")
                english = reasons.illegal(game_id, reason, lambda s: f"P{s}", lambda s: s == 0)
                i18n.set_language(code)
                assert said != english, (code, said)


@pytest.mark.parametrize("game_id", fast_lane(GAME_IDS, "avalanche"))
def test_every_hint_reason_has_words_in_every_language(game_id: str) -> None:
    from game.ai.levels import heuristics

    module = rules.get(game_id)
    rng = random.Random(11)
    said_by_code: dict[str, set[str]] = {code: set() for code in i18n.LANGUAGES}
    for n in (module.PLAYERS.start, module.PLAYERS.stop - 1):
        state = module.new_game(n, rng.randrange(1000))
        for _ in range(120):
            if state.is_over:
                break
            view = state.view(state.current_player)
            texts = [heuristics(game_id).describe(view, m) for m in view.legal_moves()[:12]]
            texts.append(heuristics(game_id).normal_move(view, random.Random(1))[1])
            for text in filter(None, texts):
                searched = Phrase(
                    text.code,
                    f"{text} (chosen in 40% of 900 simulated deals)",
                    {**text.params, "search_p": 40, "search_n": 900},
                )
                for variant in (text, searched):
                    assert reasons.covered(variant, hint_text=True), f"no words for the hint {variant!r}"
                    for code in i18n.LANGUAGES:
                        i18n.set_language(code)
                        said = reasons.hint(game_id, variant, lambda s: f"P{s}", lambda s: False)
                        assert said and "{" not in said, (code, variant)
                        said_by_code[code].add(said)
            i18n.set_language("en")
            state = state.apply(rng.choice(state.legal_moves()))
    for code in TRANSLATED:
        assert not said_by_code[code] & said_by_code["en"], code


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_card_and_move_names(code: str) -> None:
    from game.games.avalanche import words as avalanche_words
    from game.games.grinch import words as grinch_words
    from game.games.sticheln import words as sticheln_words
    from game.rules import avalanche, grinch, sticheln

    i18n.set_language(code)
    red = names.card_name("sticheln", "red 4")
    assert "4" in red and red.replace("4", "").strip() == sticheln_words.colour_name("red")
    assert names.card_name("grinch", "W3a").replace("3", "").strip() == grinch_words.suit_name("W")
    assert names.card_name("avalanche", "QS") == "Q"
    assert avalanche_words.set_name(avalanche.JOKER, 2).count(avalanche_words.rank_name(avalanche.JOKER)) == 2
    for move in [
        sticheln.Move("pain", sticheln.parse_card("red 4")),
        avalanche.SNOWFALL,
        grinch.Move("take", 1),
        grinch.Move("score", "run"),
    ]:
        text = names.move_text(move.__module__.split(".")[-2], move, lambda s: "Mina", lambda s: False)
        assert text and "{" not in text
        if code != "en":
            i18n.set_language("en")
            english = names.move_text(move.__module__.split(".")[-2], move, lambda s: "Mina", lambda s: False)
            i18n.set_language(code)
            assert text != english
