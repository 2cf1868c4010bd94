"""High Card: a toy fourth game, registered by the tests only (issue 22).

It proves that a game plugs in with no edit to any shared module: its own
package (this folder) and one `registry.register(SPEC)` in the tests.  It has
rules, heuristics, words, a table and art, and leaves out every optional part
(no fast rollout, no terminal text, no deal options, no lesson)."""

from game.rules.spec import PARTS, GameSpec

SPEC = GameSpec(
    id="highcard",
    package=__name__,
    name="High Card",
    code_prefix="HC",
    hard_iterations=200,
    rollout_scale=2.0,
    review_thresholds=(0.5, 1.0),
    parts=frozenset(PARTS) - {"rollout", "text", "art", "deal", "lesson"},
)
