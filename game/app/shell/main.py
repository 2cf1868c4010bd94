"""Starting the window: the normal title screen, or an all-computer demo."""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING

from game import i18n
from game.persist.logs import setup_logging
from game.persist.settings import load_settings

if TYPE_CHECKING:
    from game.match.deal_code import DealSetup
    from game.match.match import Match

START = time.perf_counter()


def play(
    size: tuple[int, int],
    fullscreen: bool = False,
    first_frame_exit: bool = False,
    lang: str | None = None,
    setup: DealSetup | None = None,
) -> int:
    """Open the window on the title screen and run until the player quits.
    The language: `lang` (--lang), else the setting, else the system's.
    With `setup` (`play --code`), that deal starts at once, you against Normal computers."""
    from game.app.shell.app import App

    setup_logging()
    settings = load_settings()
    i18n.set_language(i18n.choose_language(lang, settings.language))
    app = App(size, settings, fullscreen=fullscreen or settings.fullscreen)
    app.make_room()
    app.routes.title()
    if setup is not None:
        app.routes.table(coded_match(setup, settings.names[0] if settings.names else ""))
    elif not first_frame_exit:
        from game.app.scenes.ask_name import ask_once

        ask_once(app)  # the first start: the player's name, once (skippable)
    if first_frame_exit:  # for the benchmark: time from launch to the first frame
        app.step(0.0)
        print(f"first frame {time.perf_counter() - START:.4f}", flush=True)
        return 0
    return app.run()


def demo(
    game_id: str,
    players: int,
    seed: int | None,
    speed: str,
    exit_at_end: bool,
    size: tuple[int, int],
    fullscreen: bool = False,
    save_to: str | None = None,
    lang: str | None = None,
    setup: DealSetup | None = None,
) -> int:
    """Watch computers play one game (the deal `setup` holds, if given: `demo --code`);
    with exit_at_end, exit 0 when it is over.

    With `save_to`, the game as played is written there as a save file when
    the window closes (for `check-save` and bug reports).
    """
    from game.app.shell.app import App
    from game.app.words.seat_names import COMPUTER_NAMES
    from game.match.match import Match, Seat

    setup_logging()
    settings = load_settings()  # the player's own (volume...), at the demo's speed
    i18n.set_language(i18n.choose_language(lang, settings.language))
    settings.speed = speed
    app = App(size, settings, fullscreen=fullscreen)
    app.exit_at_end = exit_at_end
    if setup is not None:
        match = coded_match(setup, None)
    else:
        seats = [Seat(COMPUTER_NAMES[i], False, "normal") for i in range(players)]
        match = Match(game_id, seats, seed)
    app.routes.table(match, demo=True)
    code = app.run()
    if save_to:
        from game.persist.savefile import SaveError, save

        try:
            save(save_to, match)
        except SaveError as exc:
            print(f"fireside: {exc}", file=sys.stderr)
            return code or 1
    return code


def coded_match(setup: DealSetup, human: str | None) -> Match:
    """A deal code's game at the table: `human` (a name; "" for the usual "You") in
    seat 0 against Normal computers, or computers only (`human` None)."""
    from game.app.words.seat_names import COMPUTER_NAMES
    from game.i18n import _
    from game.match.match import Match, Seat

    seats = [Seat(COMPUTER_NAMES[i], False, "normal") for i in range(setup.players)]
    if human is not None:
        seats[0] = Seat(human.strip() or _("You"), True)
    return Match(setup.game, seats, setup.seed, setup.start, dict(setup.options))


def learn(
    game_id: str,
    autoplay: bool,
    exit_at_end: bool,
    size: tuple[int, int],
    fullscreen: bool = False,
    lang: str | None = None,
) -> int:
    """The guided game of `game_id`; with `autoplay` it plays itself, with
    `exit_at_end` the window closes (status 0) once it is over."""
    from game.app.shell.app import App

    setup_logging()
    settings = load_settings()
    i18n.set_language(i18n.choose_language(lang, settings.language))
    app = App(size, settings, fullscreen=fullscreen or settings.fullscreen)
    app.make_room()
    app.exit_at_end = exit_at_end
    app.routes.learn(game_id, autoplay=autoplay)
    return app.run()


if __name__ == "__main__":
    sys.exit(play((1280, 720)))
