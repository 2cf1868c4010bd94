"""Learn to play: a guided first game of each game at the real table.

Each game's lesson is its optional ``lesson`` part (`game/games/<id>/lesson.py`:
its script, its end line and its hooks; the interface is in `guide`'s doc); a
game without one is not offered a guided game.  Here: `scripts` holds the
shapes the scripts are written in and finds a game's, `guide` the step model
that says what the current step wants (pure), `placement` where a caption
goes (pure, over rects), `table` the glue that puts a script on a game's
table, `screens` the ways in and `done` the screen that ends it.
"""
