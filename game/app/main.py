"""Starting the window: the normal title screen, or an all-computer demo."""

from __future__ import annotations

import sys
import time

from game.app.settings import Settings

START = time.perf_counter()


def play(size: tuple[int, int], fullscreen: bool = False, first_frame_exit: bool = False) -> int:
    """Open the window on the title screen and run until the player quits."""
    from game.app.app import App
    from game.app.scenes.title import TitleScene

    app = App(size, fullscreen=fullscreen)
    app.replace(TitleScene(app))
    if first_frame_exit:  # for the benchmark: time from launch to the first frame
        app.step(0.0)
        print(f"first frame {time.perf_counter() - START:.4f}", flush=True)
        return 0
    return app.run()


def demo(game_id: str, players: int, seed: int | None, speed: str, exit_at_end: bool,
         size: tuple[int, int], fullscreen: bool = False) -> int:
    """Watch computers play one game; with exit_at_end, exit 0 when it is over."""
    from game.app.app import App
    from game.match import Match, Seat
    from game.app.scenes.setup import COMPUTER_NAMES
    from game.app.table import table_for

    app = App(size, Settings(speed=speed), fullscreen=fullscreen)
    app.exit_at_end = exit_at_end
    seats = [Seat(COMPUTER_NAMES[i], False, "normal") for i in range(players)]
    match = Match(game_id, seats, seed)
    app.replace(table_for(app, match, demo=True))
    return app.run()


if __name__ == "__main__":
    sys.exit(play((1280, 720)))
