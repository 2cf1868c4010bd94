"""`fireside --self-test`: prove that a build (or a checkout) has everything it needs to play.

A packaged executable can miss a sprite, a font, a sound or a module that
only a later screen imports; this finds out in a few seconds instead of in
front of a player.  It checks and loads every bundled file (each font shaped
as the table uses it, every card composed), imports every rules text, opens
a window (on whatever `SDL_VIDEODRIVER` says), draws the title and one frame
of each game's table, and writes and reads a save in a temporary data
folder.  One line per check; exit status 0 when all pass, 1 with the failing
checks' reasons.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
import wave
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable

import game.app  # noqa: F401 - before pygame: it hides pygame's banner
from game import __version__, rules
from game.i18n import N_, _
from game.rules import GAME_IDS

__all__ = ["CHECKS", "main"]

SIZE = (1280, 720)
SAVE_MOVES = 12  # moves played before the save round-trip: enough to need a replay


class _Context:
    """What earlier checks hand to later ones (the window, for the table frames)."""

    def __init__(self) -> None:
        self.app: Any = None


def _bundled(*parts: str) -> Path:
    """The bundled folder `parts` (found through a file every build has, so frozen builds work too)."""
    from game.app.look.assets import find_asset

    anchors = {"sprites": ("card_face.svg",), "fonts": ("NotoSans-Regular.ttf",)}
    return find_asset(*parts, *anchors[parts[-1]]).parent


def _check_sprites(ctx: _Context) -> str:
    """Every SVG whole (a truncated one draws half a card without a word), then
    every card face and back, symbol and heart tile of every game drawn."""
    import pygame

    from game.app.look.art import Art, contact_sheet
    from game.app.look.integrity import check_svg

    folder = _bundled("sprites")
    files = sorted(folder.rglob("*.svg"))  # the shared ones and each game's in sprites/<id>/
    if not files:
        raise RuntimeError(_("no .svg files in {folder}").format(folder=folder))
    for path in files:
        check_svg(path)
        try:
            pygame.image.load_sized_svg(str(path), (64, 64))
        except (pygame.error, OSError) as exc:
            raise RuntimeError(f"{path.name}: {exc}") from None
    _drawn(contact_sheet(Art(), 48))
    return _("{n} SVG sprites drawn, every card of every game composed").format(n=len(files))


#: what each family is checked with: words in the script it is used for
SAMPLES = {"latin": "Fireside 0123 Àç", "korean": "한국어 카드 0123", "gurmukhi": "ਪੰਜਾਬੀ ਸਵੈ-ਜਾਂਚ"}


def _check_fonts(ctx: _Context) -> str:
    """Every font file whole (a damaged one can crash HarfBuzz), then each opened
    and shaped the way the table uses it (Gurmukhi with set_script) and drawn."""
    import pygame

    from game.app.look.fonts import FAMILIES
    from game.app.look.integrity import check_font

    pygame.font.init()
    folder = _bundled("sprites", "fonts")
    files = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".ttf", ".otf", ".ttc"))
    used = {name: (family, script) for family, (regular, bold, script) in FAMILIES.items() for name in (regular, bold)}
    absent = sorted(set(used) - {p.name for p in files})
    if absent:
        raise RuntimeError(_("{name} is missing; looked in {dirs}").format(name=absent[0], dirs=folder))
    for path in files:
        check_font(path)
        family, script = used.get(path.name, ("latin", None))
        try:
            font = pygame.font.Font(path, 24)
            if script:
                font.set_script(script)
            if font.render(SAMPLES[family], True, (0, 0, 0)).get_width() < 24:
                raise RuntimeError(_("{name} draws nothing").format(name=path.name))
        except (pygame.error, OSError) as exc:
            raise RuntimeError(f"{path.name}: {exc}") from None
    return _("{n} fonts rendered").format(n=len(files))


def _check_rules_texts(ctx: _Context) -> str:
    """Every language's rules-text module of every game is there (a build can
    leave one out: only the Rules screen imports them) and holds its tables."""
    import importlib

    from game import i18n
    from game.rules import registry

    for code in i18n.LANGUAGES:
        for game_id in GAME_IDS:
            try:
                module = importlib.import_module(f"{registry.get(game_id).package}.rules_text.{code}")
            except ImportError:
                raise RuntimeError(_("the rules text for {code} is missing").format(code=code)) from None
            if not all(hasattr(module, table) for table in ("RULES", "TITLE", "TAGLINE")):
                raise RuntimeError(_("the rules text for {code} lacks {game}").format(code=code, game=game_id))
    importlib.import_module("game.app.words.rules_text")
    return _("{n} languages' rules texts read").format(n=len(i18n.LANGUAGES))


def _check_sounds(ctx: _Context) -> str:
    import pygame

    from game.app.look.sound import SOUND_NAMES, SoundBoard, sound_dirs

    board = SoundBoard(volume=0.0)  # initialises the mixer the way the app does, or finds no device
    for name in SOUND_NAMES:
        path = next((d / f"{name}.wav" for d in sound_dirs() if (d / f"{name}.wav").is_file()), None)
        if path is None:
            raise RuntimeError(
                _("{name}.wav is missing; looked in {dirs}").format(
                    name=name, dirs=", ".join(str(d) for d in sound_dirs())
                )
            )
        with wave.open(str(path)) as wav:  # a readable WAV even where there is no audio device
            if wav.getnframes() == 0:
                raise RuntimeError(_("{name}.wav is empty").format(name=name))
        if board.available:
            try:
                pygame.mixer.Sound(str(path))
            except pygame.error as exc:
                raise RuntimeError(f"{name}.wav: {exc}") from None
    how = _("decoded by the mixer") if board.available else _("read as WAV (no audio device)")
    return _("{n} sounds {how}").format(n=len(SOUND_NAMES), how=how)


def _check_catalogs(ctx: _Context) -> str:
    import gettext

    from game import i18n

    read = []
    for code in i18n.LANGUAGES:
        if code == "en":  # the messages themselves are English
            continue
        path = i18n.catalog_path(code)
        if not path.is_file():
            raise RuntimeError(_("{path} is missing").format(path=path))
        if not isinstance(i18n.load_catalog(code), gettext.GNUTranslations):  # English stand-in: unreadable
            raise RuntimeError(_("{path} cannot be read").format(path=path))
        read.append(code)
    return _("{n} message catalogs read ({codes})").format(n=len(read), codes=", ".join(read))


def _check_window(ctx: _Context) -> str:
    import pygame

    from game.app.shell.app import App
    from game.persist.settings import Settings

    ctx.app = App(SIZE, Settings(speed="off", muted=True))
    ctx.app.routes.title()
    ctx.app.step(0.0, events=[])
    _drawn(ctx.app.screen)
    w, h = ctx.app.size
    return _("{w}x{h} window on the {driver} video driver; title screen drawn").format(
        w=w, h=h, driver=pygame.display.get_driver()
    )


def _drawn(surface: Any) -> None:
    """Fail if a frame came out blank (one flat colour means nothing was drawn)."""
    import pygame

    small = pygame.transform.scale(surface, (64, 36))
    colours = {tuple(small.get_at((x, y))) for x in range(64) for y in range(36)}
    if len(colours) < 8:
        raise RuntimeError(_("the frame is blank ({n} colours)").format(n=len(colours)))


def _table_check(game_id: str) -> Callable[[_Context], str]:
    def check(ctx: _Context) -> str:
        from game.match.match import Match, Seat

        if ctx.app is None:
            raise RuntimeError(_("not run: no window"))
        seats = [Seat("You", True)] + [Seat(f"Computer {i}", False, "easy") for i in range(1, 4)]
        ctx.app.routes.table(Match(game_id, seats, seed=1))
        for _frame in range(3):
            ctx.app.step(1 / 60, events=[])
        _drawn(ctx.app.screen)
        return _("one frame of the table drawn")

    return check


def _check_save(ctx: _Context) -> str:
    """Play a few moves, save them in the throwaway FIRESIDE_HOME, load them back and compare."""
    from game.match.match import Match, Seat
    from game.persist import paths, savefile

    match = Match("avalanche", [Seat("You", True), Seat("Computer", False, "easy")], seed=7)
    rng = random.Random(7)
    for _move in range(SAVE_MOVES):
        if match.state.is_over:
            break
        match.apply(rng.choice(match.state.legal_moves()))
    home = Path(os.environ[paths.HOME_VAR]).resolve()
    path = paths.saves_dir() / "self-test.json"
    if not path.resolve().is_relative_to(home):
        raise RuntimeError(_("the save went to {path}, outside FIRESIDE_HOME").format(path=path))
    savefile.save(path, match)
    loaded = savefile.load(path)
    if [str(m) for _s, m in loaded.moves] != [str(m) for _s, m in match.moves]:
        raise RuntimeError(_("the loaded save has other moves than were saved"))
    if loaded.state.to_json() != match.state.to_json():
        raise RuntimeError(_("the loaded save replays to another position"))
    return _("{n} moves saved, loaded and replayed").format(n=len(match.moves))


def _check_network(ctx: _Context) -> str:
    """A table hosted on 127.0.0.1 and a window's line to it, and one sealed message:
    a build that left out what the network needs (asyncio, ssl, websockets, the
    cipher) fails here, not in front of friends."""
    from game.net import seal
    from game.net.carrier import HostServer
    from game.net.client import Client
    from game.net.hosting import new_table
    from game.net.invite import new_secret, table_id

    secret = new_secret()
    friend = seal.Channel(secret, table_id(secret), b"\0" * 16, "friend")
    host = seal.Channel(secret, table_id(secret), b"\0" * 16, "host")
    if host.open(friend.seal(b"self-test")) != b"self-test":
        raise RuntimeError(_("a sealed message did not open again"))
    game_id = GAME_IDS[0]  # any game: the check is the line, not its rules
    computers = ["easy"] * (rules.get(game_id).PLAYERS.start - 1)
    table = new_table(game_id, ["open", *computers], ["Self-test"], seed=7)
    server = HostServer(table, "127.0.0.1", 0).start()
    client = Client(server.url, "Self-test", code=table.code)
    try:
        client.start()
        if not client.wait(lambda seat: seat.view is not None, 10.0):
            raise RuntimeError(_("no answer from a table on this computer"))
    finally:
        client.close()
        server.stop()
    return _("a table on this computer answered; a sealed message opened")


@contextmanager
def _throwaway_home() -> Iterator[None]:
    """Point FIRESIDE_HOME at a temporary folder: the tables autosave, and a
    self-test must never touch the player's own saves or settings."""
    from game.persist import paths

    old = os.environ.get(paths.HOME_VAR)
    with tempfile.TemporaryDirectory(prefix="fireside-selftest-") as home:
        os.environ[paths.HOME_VAR] = home
        try:
            yield
        finally:
            if old is None:
                os.environ.pop(paths.HOME_VAR, None)
            else:
                os.environ[paths.HOME_VAR] = old


#: (label, what it is about, check) in order; a check returns a one-line detail or raises with the reason.
CHECKS: list[tuple[str, str, Callable[[_Context], str]]] = [
    (N_("sprites"), "", _check_sprites),
    (N_("fonts"), "", _check_fonts),
    (N_("rules texts"), "", _check_rules_texts),
    (N_("sounds"), "", _check_sounds),
    (N_("catalogs"), "", _check_catalogs),
    (N_("window"), "", _check_window),
    *[(N_("table"), game_id, _table_check(game_id)) for game_id in GAME_IDS],
    (N_("save"), "", _check_save),
    (N_("network"), "", _check_network),
]


def _run_checks(ctx: _Context, say: Callable[[str], None]) -> list[str]:
    """Every check in order; the labels of those that failed."""
    failed = []
    for msgid, about, check in CHECKS:
        label = f"{_(msgid)} {about}".strip()
        try:
            detail = check(ctx)
        except Exception as exc:  # noqa: BLE001 - every failure becomes a line, not a traceback
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            failed.append(label)
            say(_("FAIL {label}: {reason}").format(label=label, reason=reason))
        else:
            say(_("ok   {label}: {detail}").format(label=label, detail=detail))
    return failed


def main(out: Callable[[str], None] | None = None) -> int:
    """Run every check, print one line each, return 0 if all passed else 1."""

    def say(line: str) -> None:
        if out is not None:
            out(line)
        else:
            print(line, flush=True)

    import pygame

    began = time.perf_counter()
    frozen = _("frozen build") if getattr(sys, "frozen", False) else _("from source")
    say(
        _("Fireside {version} self-test ({how}; Python {py}, pygame-ce {pg}, SDL {sdl})").format(
            version=__version__,
            how=frozen,
            py=sys.version.split()[0],
            pg=pygame.version.ver,
            sdl=".".join(map(str, pygame.get_sdl_version())),
        )
    )
    ctx = _Context()
    with _throwaway_home():
        failed = _run_checks(ctx, say)
    pygame.quit()
    from game.app.look import fonts

    fonts.clear_caches()  # cached Font objects die with pygame.quit()
    seconds = time.perf_counter() - began
    if failed:
        say(_("self-test FAILED ({names}) in {s:.1f} s").format(names=", ".join(failed), s=seconds))
        return 1
    say(_("self-test passed: {n} checks in {s:.1f} s").format(n=len(CHECKS), s=seconds))
    return 0
