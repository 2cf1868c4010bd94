"""The screens a second reader reads in every language, drawn headless, with
what each frame drew as text: where (its inked pixels), whether it left the
window or its clip, whether it overlaps other text, and which words stayed
English.  Shared by `build/screens_in_languages.py` (which saves the pictures
for a person to read) and `tests/app/test_screens_in_languages.py` (which
holds the rectangles).

Each screen is a function `(app, lang) -> None` that leaves the app showing
it; it finds its buttons by what they do, never by their count or place, so a
screen that gains a button still draws.  Network screens talk only to
127.0.0.1 (the lobby), or are fed the host's messages by hand (the remote
tables), so nothing waits on a line."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pygame
from app_driver import window

from game import i18n
from game.app.look import fonts
from game.app.shell.app import App

LANGS = ("en", "ko", "ca", "pa")
SIZES = ((1024, 600), (1280, 720))
FRAME = 1 / 30

# People's names as a player of each language would type them (names are never translated).
NAMES = {
    "en": ("Ana", "Joon", "Mina", "Pau"),
    "ko": ("민지", "민준", "서연", "Ana"),
    "ca": ("Laia", "Oriol", "Núria", "Ana"),
    "pa": ("ਹਰਪ੍ਰੀਤ", "ਸਿਮਰਨ", "ਗੁਰਪ੍ਰੀਤ", "Ana"),
}
CHAT = {"en": "see you at the lake!", "ko": "이따 호수에서 봐요!", "ca": "ens veiem al llac!", "pa": "ਝੀਲ 'ਤੇ ਮਿਲਾਂਗੇ!"}
# Latin words a Korean or Punjabi screen may show: names, keys, the game's own name.
LATIN_OK = {"Ana", "Joon", "Mina", "Pau", "Laia", "Oriol", "Fireside", "Esc", "Enter", "Tab", "Space", "Ctrl", "Shift"}
LATIN_OK |= {"F1", "F11", "OK", "ws", "http", "WS", "Alt", "Bo", "IP", "Fn", "Del", "PgUp", "PgDn", "Home", "End"}
LATIN_OK |= {"Page", "Up", "Down", "Sticheln", "Grinch", "fireside", "wss"}  # an invite's scheme, a relay's


# -- what a frame drew ----------------------------------------------------------------------------------


@dataclass
class Drawn:
    text: str
    image: pygame.Surface
    rect: pygame.Rect  # the inked pixels, where they were put (not cut by the window)
    clip: pygame.Rect  # the canvas's clip when it was drawn
    dimmed: bool = False  # a shade or a lesson's veil was drawn over the whole window since
    hidden: list[pygame.Rect] = field(default_factory=list)  # where things drawn since cover part of it


@dataclass
class Reading:
    """One screen in one language at one size: its text, and what is wrong with it."""

    screen: str
    lang: str
    size: tuple[int, int]
    drawn: list[Drawn] = field(default_factory=list)
    covered: list[Drawn] = field(default_factory=list)  # text partly under something drawn later
    untranslated: set[str] = field(default_factory=set)  # catalog messages asked for that have no translation
    error: str = ""

    def outside(self) -> list[Drawn]:
        window = pygame.Rect((0, 0), self.size)
        return [d for d in self.drawn if not window.contains(d.rect) or not d.clip.contains(d.rect)]

    def overlapping(self) -> list[tuple[Drawn, Drawn]]:
        found = []
        for i, a in enumerate(self.drawn):
            for b in self.drawn[i + 1 :]:
                cut = a.rect.clip(b.rect)
                if not cut.w or not cut.h or (a.text == b.text and abs(a.rect.x - b.rect.x) < 4):
                    continue
                if any(h.contains(cut) for h in [*a.hidden, *b.hidden]):
                    continue  # a panel drawn over the place: one of them is not seen there
                if a.dimmed != b.dimmed:
                    continue  # one is under a shade, the other on the panel above it (a lobby over its setup)
                if inked(a).overlap_area(inked(b), (b.rect.x - a.rect.x, b.rect.y - a.rect.y)) > 2:
                    found.append((a, b))  # their letters touch, not only the boxes around them
        return found

    def english(self) -> set[str]:
        """Texts with Latin words left on a Korean or Punjabi screen (names and keys allowed)."""
        if self.lang not in ("ko", "pa"):
            return set()
        left = set()
        for d in self.drawn:
            words = [
                w
                for w in re.findall(r"[A-Za-z0-9][A-Za-z0-9'-]+", d.text)
                if w not in LATIN_OK and re.search(r"[a-z]", w) and not re.search(r"\d", w)  # nor a code, a version
            ]
            if words:
                left.add(d.text)
        return left

    def problems(self) -> list[str]:
        out = [f"error: {self.error}"] if self.error else []
        out += [f"outside: {d.text!r} at {tuple(d.rect)}" for d in self.outside()]
        out += [f"overlap: {a.text!r} {tuple(a.rect)} / {b.text!r} {tuple(b.rect)}" for a, b in self.overlapping()]
        out += [f"covered: {d.text!r} at {tuple(d.rect)}" for d in self.covered]
        out += [f"english: {t!r}" for t in sorted(self.english())]
        out += [f"untranslated: {t!r}" for t in sorted(self.untranslated)]
        return out


class Sheet:
    """What the frame drew as text, in window coordinates (a Canvas and its subsurfaces share one)."""

    def __init__(self, texts: dict[int, tuple[pygame.Surface, str]]):
        self.texts = texts
        self.drawn: list[Drawn] = []
        self.covered: list[Drawn] = []  # text something else was drawn over part of
        self.ink: dict[int, pygame.Rect] = {}


SHEET = Sheet({})


class Canvas(pygame.Surface):
    """The window's stand-in: remembers every text blitted on it (or on a
    subsurface of it), and forgets a text once something else (a panel, a card,
    the modal's shade) is blitted or filled over all of it."""

    def _offset(self) -> tuple[int, int]:
        return self.get_abs_offset() if self.get_parent() is not None else (0, 0)

    def _window_clip(self) -> pygame.Rect:
        return self.get_clip().move(self._offset())

    def _cover(self, rect: pygame.Rect, see_through: bool = False) -> None:
        """Something not text was drawn over `rect`: the text under all of it is gone
        (a panel or a card drawn over it); a see-through thing over most of the window
        (a modal's shade, a lesson's veil) leaves it dimmed but there; text partly
        under a thing smaller than the window is noted as covered (a box over a name)."""
        rect = rect.move(self._offset())
        window = self.get_abs_parent().get_rect()
        if see_through and rect.w * rect.h >= 0.6 * window.w * window.h:
            for d in SHEET.drawn:
                d.dimmed = d.dimmed or rect.contains(d.rect)
            return
        for d in SHEET.drawn:
            cut = rect.clip(d.rect)
            if not cut.w or not cut.h or rect.contains(d.rect):
                continue
            d.hidden.append(rect)
            small = rect.w * rect.h < 0.6 * window.w * window.h
            if small and cut.h * 3 >= d.rect.h and cut.w > 4 and not d.dimmed and d not in SHEET.covered:
                SHEET.covered.append(d)
        SHEET.drawn = [d for d in SHEET.drawn if not rect.contains(d.rect)]

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        done = super().blit(source, dest, area, special_flags)
        known = SHEET.texts.get(id(source))
        topleft = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
        if known is not None and known[0] is source:
            ink = SHEET.ink.get(id(source))
            if ink is None:
                ink = SHEET.ink[id(source)] = source.get_bounding_rect()
            if area is not None:
                area = pygame.Rect(area)
                ink = ink.clip(area).move(-area.x, -area.y)
            if ink.w and ink.h:
                SHEET.drawn.append(Drawn(known[1], source, ink.move(topleft).move(self._offset()), self._window_clip()))
        else:
            size = pygame.Rect(area).size if area is not None else source.get_size()
            self._cover(pygame.Rect(topleft, size), see_through=bool(source.get_flags() & pygame.SRCALPHA))
        return done

    def blits(self, blit_sequence, doreturn=True):  # type: ignore[override]
        done = [self.blit(*item) for item in blit_sequence]
        return done if doreturn else None

    def fill(self, color, rect=None, special_flags=0):  # type: ignore[override]
        done = super().fill(color, rect, special_flags)
        self._cover(pygame.Rect(rect) if rect is not None else self.get_rect())
        return done


@contextlib.contextmanager
def recording() -> Iterator[tuple[dict[int, tuple[pygame.Surface, str]], set[str]]]:
    """While inside: every text image made is known by its surface, and every
    catalog message asked for in a language whose catalog lacks it is noted."""
    texts: dict[int, tuple[pygame.Surface, str]] = {}
    missing: set[str] = set()
    known: dict[str, set[str]] = {}

    def unknown(message: str) -> bool:
        lang = i18n.language()
        if lang == "en" or not re.search(r"[A-Za-z]{2}", message):
            return False
        if lang not in known:
            known[lang] = known_words(lang)
        if message in known[lang]:
            return False
        # a text already said in the language and filled in (a button's label made by the screen) is no miss
        return not any(
            "{" in said and re.fullmatch(re.sub(r"\\\{[^{}]*\\\}", ".+", re.escape(said)), message, re.S)
            for said in known[lang]
        )

    made, catalog = fonts.text, i18n._catalog

    def text(s, size, colour, bold=False):
        surf = made(s, size, colour, bold)
        texts[id(surf)] = (surf, s)
        return surf

    class Noting:
        def __init__(self, inner) -> None:
            self.inner = inner

        def gettext(self, message: str) -> str:
            said = self.inner.gettext(message)
            if said == message and unknown(message):
                missing.add(message)
            return said

        def ngettext(self, one: str, many: str, n: int) -> str:
            said = self.inner.ngettext(one, many, n)
            if said in (one, many) and unknown(one):
                missing.add(one)
            return said

        def __getattr__(self, name):
            return getattr(self.inner, name)

    fonts.text = text  # type: ignore[assignment]
    i18n._catalog = lambda: Noting(catalog())  # type: ignore[assignment]
    try:
        yield texts, missing
    finally:
        fonts.text = made  # type: ignore[assignment]
        i18n._catalog = catalog  # type: ignore[assignment]


def inked(d: Drawn) -> pygame.mask.Mask:
    """The pixels of the text's letters (faint antialiasing left out), from its ink's corner."""
    mask = pygame.mask.from_surface(d.image, 96)
    ink = d.image.get_bounding_rect()
    return mask if ink.topleft == (0, 0) else _shifted(mask, ink)


def _shifted(mask: pygame.mask.Mask, ink: pygame.Rect) -> pygame.mask.Mask:
    out = pygame.mask.Mask(ink.size)
    out.draw(mask, (-ink.x, -ink.y))
    return out


def known_words(lang: str) -> set[str]:
    """Every message the language's catalog translates, and every translation in it."""
    import polib  # type: ignore[import-untyped]

    if lang == "en":
        return set()
    known: set[str] = set()
    for entry in polib.pofile(str(i18n.catalog_path(lang)), encoding="utf-8"):
        if entry.translated():
            known.add(entry.msgid)
            known.update([entry.msgstr, *entry.msgstr_plural.values()])
            if entry.msgid_plural:
                known.add(entry.msgid_plural)
    return known


# -- driving the app --------------------------------------------------------------------------------------


def new_app(size: tuple[int, int], lang: str) -> App:
    i18n.set_language(lang)
    return window(NAMES[lang][0], size=size, muted=True)


def frames(app: App, n: int = 3, until: Callable[[], bool] | None = None, breath: float = 0.0) -> bool:
    for _ in range(n):
        if until is not None and until():
            return True
        app.step(FRAME, events=[], flip=False)
        if breath:
            time.sleep(breath)
    return until() if until is not None else True


def host_setup(app: App, lang: str) -> None:
    from game.app.scenes.title import TitleScene

    app.replace(TitleScene(app))
    app.routes.network()
    app.routes.host_setup()
    frames(app)


def join(app: App, lang: str) -> None:
    from game.app.scenes.title import TitleScene

    app.replace(TitleScene(app))
    app.routes.network()
    scene = app.routes.join_table()
    with contextlib.suppress(AttributeError):
        scene.address_field.text = "192.168.1.20:8765"
        scene.code_field.text = "K3M9QP"
    frames(app)


def join_invite(app: App, lang: str) -> None:
    """Join with an invite pasted: no code to type, the relay named, the secret never shown."""
    from game.net.invite import Invite

    join(app, lang)
    scene = app.stack.top
    scene.address_field.text = Invite.new("wss://203.0.113.7:8765", bytes(range(32))).link()
    frames(app)


def host_relay(app: App, lang: str) -> None:
    """Host a table, anyone with the invite, and no relay set: where to set one."""
    host_setup(app, lang)
    scene = app.stack.top
    scene.prefs.relay = ""
    scene.set_relay()
    frames(app)


def join_refused(app: App, lang: str) -> None:
    """Join, answered by a table of another version (its longest refusal)."""
    from game import __version__
    from game.net import words as net_words

    join(app, lang)
    scene = app.stack.top
    params = {"name": NAMES[lang][0], "theirs": "0.9.12", "ours": __version__}
    scene.say(net_words.say("version", "", params), True)
    frames(app)


def lobby(app: App, lang: str):
    """Host a table on 127.0.0.1 and let a friend join it; returns what to close."""
    from game.app.scenes.network import LobbyScene
    from game.app.scenes.title import TitleScene
    from game.net.client import Client

    app.replace(TitleScene(app))
    app.routes.network()
    setup = app.routes.host_setup()
    setup.prefs.port = 0
    frames(app, 1)
    setup.open_table()
    scene = app.stack.top
    assert isinstance(scene, LobbyScene), "the table did not open"
    friend = Client(scene.hosting.url, NAMES[lang][1], code=scene.hosting.table.code).start()
    friend.wait(lambda s: s.seat is not None, 5)
    frames(app, 100, until=lambda: scene.snap is not None and 1 in scene.snap.connected, breath=0.03)
    frames(app, 2)
    return [friend.close, scene.hosting.close]


def _fed_client(lang: str, game_id: str = "sticheln", seat: int = 0, seats: int = 3, moves: int = 0):
    """A client that never dials: the host's welcome and view are handed to it."""
    from game.match.match import Match, Seat
    from game.net import protocol as p
    from game.net.client import Client

    names = list(NAMES[lang][:seats])
    match = Match(game_id, [Seat(n, True) for n in names], seed=3)
    for _ in range(moves):
        match.apply(match.state.legal_moves()[0])
    watching = seat < 0
    client = Client("ws://127.0.0.1:9", "Watcher" if watching else names[seat], watch=watching)
    client.seat.handle(
        p.encode(p.Welcome(seat=seat, token="t", code="K3M9QP", game=game_id, names=names, watching=watching))
    )
    state = match.state.public_view() if watching else match.state.view(seat)
    client.seat.handle(
        p.encode(
            p.ViewMsg(
                seat=seat,
                state=state.to_json(),
                events=[],
                moves=len(match.moves),
                connected=list(range(seats)),
                turn=getattr(match, "current", None),
                names=names,
            )
        )
    )
    client.online = client.seated = True  # as if on the line (nothing is sent: nobody acts here)
    return client, names


def remote_chat(app: App, lang: str) -> None:
    from game.net import protocol as p

    client, names = _fed_client(lang)
    client.seat.handle(p.encode(p.Chat(text="Good game!", seat=1, phrase="good_game")))
    client.seat.handle(p.encode(p.Chat(text=CHAT[lang], seat=2)))
    table = app.routes.remote_table(client)
    frames(app, 30, until=lambda: not table.stage.busy)
    table.mode.chat.toggle()
    frames(app, 3)


def reconnecting(app: App, lang: str) -> None:
    client, _names = _fed_client(lang)
    table = app.routes.remote_table(client)
    frames(app, 30, until=lambda: not table.stage.busy)
    client.retry, client.drops, client.seated = True, 1, False  # the line broke; dialling again
    frames(app, 3)


class _HostControls:
    """The host's controls of a table that is not there (the window's screens only read them)."""

    def hand_over(self, seat: int, level: str | None) -> None: ...

    def close(self, reason: str = "host_closed") -> None: ...

    def seated(self) -> list[int]:
        return [0, 1, 2]

    def listen(self, callback: Callable[[object], None]) -> None: ...

    def unlisten(self, callback: Callable[[object], None]) -> None: ...


def _hosted_table(app: App, lang: str):
    client, _names = _fed_client(lang)
    table = app.routes.remote_table(client, _HostControls())
    frames(app, 30, until=lambda: not table.stage.busy)
    return table


def host_menu(app: App, lang: str) -> None:
    """The host's menu at its network table: keep the table open, or close it for everyone."""
    _hosted_table(app, lang).open_menu()
    frames(app, 2)


def close_table(app: App, lang: str) -> None:
    """Close the table for everyone? (asked by the window's close button: and quit)."""
    table = _hosted_table(app, lang)
    table.mode.hosted.ask_close(quitting=True)
    frames(app, 2)


def hosting_bar(app: App, lang: str) -> None:
    """The table kept open behind every screen (Host a table, here): the bar in its own strip."""
    table = _hosted_table(app, lang)
    table.mode.hosted.keep_open()
    app.routes.network()
    app.routes.host_setup()
    frames(app, 3)


def host_gone(app: App, lang: str) -> None:
    """A friend's table after the host closed it: who did, the countdown, Try again."""
    client, names = _fed_client(lang, seat=1)
    client.seat.host = names[0]
    table = app.routes.remote_table(client)
    frames(app, 30, until=lambda: not table.stage.busy)
    client.seat.closed, client.drops, client.seated = "host_closed", 1, False
    client._next_try = time.monotonic() + 4.5  # (as the client's thread sets it between two dials)
    frames(app, 3)


def spectator(app: App, lang: str) -> None:
    client, _names = _fed_client(lang, "grinch", seat=-1, seats=3)
    table = app.routes.remote_table(client)
    frames(app, 30, until=lambda: not table.stage.busy)
    frames(app, 2)


def hint(app: App, lang: str) -> None:
    from game.app.table import table_for
    from game.match.match import Match, Seat

    names = NAMES[lang]
    table = table_for(app, Match("grinch", [Seat(names[0], True), Seat(names[1], False, "random")], 3))
    app.replace(table)
    frames(app, 200, until=lambda: table.viewer_acts() and not table.stage.busy)
    table.turns.ask_hint()
    frames(app, 400, until=lambda: table.turns.hint is not None, breath=0.01)
    frames(app, 3)


def _reviewed(app: App, lang: str, game_id: str = "grinch", seed: int = 3):
    from game.ai.review import Review
    from game.match.match import Match, Seat
    from game.tools import reweigh

    first, moves = reweigh.play_game(game_id, seed)
    names = NAMES[lang]
    seats = [Seat(names[i % len(names)], i == 0) for i in range(first.num_players)]
    match = Match(game_id, seats, seed)
    for move in moves:
        match.apply(move)
    decisions = Review(first, moves, [0], rollouts=30).complete()
    app.routes.replay(match, i18n._("Review"), review=decisions)
    replay = app.stack.top
    frames(app, 3)
    return replay, decisions


def review_mark(app: App, lang: str) -> None:
    from game.app.words import verdict

    replay, decisions = _reviewed(app, lang)
    marked = [d for d in decisions if d.mark] or decisions
    longest = max(marked, key=lambda d: len(verdict.verdict("grinch", d, replay.table.name, replay.table.you)))
    replay.open_mark(longest.number)
    frames(app, 40)


def review_summary(app: App, lang: str) -> None:
    replay, _decisions = _reviewed(app, lang)
    replay.goto(replay.count)
    frames(app, 40)


def _lesson(app: App, game_id: str, stop: Callable[[int], bool]):
    from game.app.scenes.summary import SummaryScene

    scene = app.routes.learn(game_id)
    steps = 0
    for _ in range(20_000):
        top = app.stack.top
        if top is not scene and not isinstance(top, SummaryScene):
            break  # the lesson's end
        if isinstance(top, SummaryScene):
            app.step(
                FRAME,
                events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)],
                flip=False,
            )
            continue
        if scene.waiting():
            if stop(steps):
                break
            target = scene.lesson_targets()[0]
            from table_driver import click

            click(app, scene.table.input.click_point(target))
            steps += 1
            continue
        app.step(FRAME, events=[], flip=False)
    frames(app, 30)
    return scene


def lesson_caption(app: App, lang: str) -> None:
    _lesson(app, "sticheln", lambda steps: steps >= 3)


def lesson_end(app: App, lang: str) -> None:
    _lesson(app, "avalanche", lambda steps: False)


def results(app: App, lang: str) -> None:
    import random

    from game.app.scenes.results import ResultsScene
    from game.app.table import table_for
    from game.match.match import Match, Seat

    names = NAMES[lang]
    table = table_for(app, Match("sticheln", [Seat(names[0], True)] + [Seat(n, False, "random") for n in names[1:]], 5))
    app.replace(table)
    rng = random.Random(2)
    while not table.match.state.is_over:
        table.match.apply(rng.choice(table.match.state.legal_moves()))
    table.finish_animations()
    scene = ResultsScene(app, table)
    app.stack.push(scene)
    scene.resize(app.size)
    frames(app, 100)


SCREENS: dict[str, Callable[[App, str], object]] = {
    "host": host_setup,
    "join": join,
    "join-invite": join_invite,
    "host-relay": host_relay,
    "join-refused": join_refused,
    "lobby": lobby,
    "remote-chat": remote_chat,
    "reconnecting": reconnecting,
    "spectator": spectator,
    "host-menu": host_menu,
    "close-table": close_table,
    "hosting-bar": hosting_bar,
    "host-gone": host_gone,
    "hint": hint,
    "review-mark": review_mark,
    "review-summary": review_summary,
    "lesson-caption": lesson_caption,
    "lesson-end": lesson_end,
    "results": results,
}


def read(name: str, lang: str, size: tuple[int, int], save: str | None = None) -> Reading:
    """Show screen `name` in `lang` at `size`, draw one frame on a Canvas, and read it."""
    import traceback

    reading = Reading(name, lang, size)
    closers: list[Callable[[], object]] = []
    try:
        with recording() as (texts, missing):
            app = new_app(size, lang)
            try:
                made = SCREENS[name](app, lang)
                if isinstance(made, list):
                    closers = made
                canvas = Canvas(app.screen.get_size())  # (the whole window: an overlay's strip too)
                SHEET.__init__(texts)
                app.screen = canvas
                missing.clear()
                app.draw()
                reading.drawn = SHEET.drawn
                # still to be seen, not beneath a modal's shade (the table behind it)
                reading.covered = [d for d in SHEET.covered if not d.dimmed and any(d is e for e in SHEET.drawn)]
                reading.untranslated = set(missing)
                if save:
                    pygame.image.save(canvas, save)
            finally:
                for close in closers:
                    with contextlib.suppress(Exception):
                        close()
    except Exception as exc:  # noqa: BLE001 - one screen's failure is reported, the others still drawn
        reading.error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=6)}"
    finally:
        i18n.set_language("en")
    return reading
