"""Learn to play: a guided first game of each game at the real table.

`scripts` holds the deals and every move of each guided game (data),
`guide` the step model that says what the current step wants (pure),
`placement` where a caption goes (pure, over rects), `table` the glue that
puts a script on a game's table, and `done` the screen that ends it.
"""
