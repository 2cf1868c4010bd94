"""What the results screen says about a day's deal: the streak and how you did before."""

from __future__ import annotations

from datetime import date

from game.i18n import _, ngettext
from game.match.daily_deal import streak
from game.match.match import Match
from game.persist.stats import DailyRecord, load_daily


def daily_lines(match: Match, today: date | None = None) -> list[str]:
    """Two or three lines for a finished day's deal (none for any other game): the
    streak counting this game, and your score on that deal, or on earlier days' deals, before."""
    if match.daily is None or len(match.humans) != 1:
        return []
    day = date.fromisoformat(match.daily)
    today = today or date.today()
    record = load_daily(leave_out=match).get(match.game_id, DailyRecord(match.game_id))
    score = match.state.scores()[match.humans[0]]
    earlier_today = record.scores.get(day)
    run = streak({*record.scores, day}, max(today, day))
    lines = [
        _("Today's deal of {date}: you scored {score}.").format(date=match.daily, score=score),
        ngettext("Streak: {n} day in a row.", "Streak: {n} days in a row.", run).format(n=run),
    ]
    if earlier_today is not None:
        lines.append(_("You scored {score} on this deal before.").format(score=earlier_today))
    else:
        before = record.before(day)
        if before:
            last_day, last = before[0]
            best = max(s for _d, s in before)
            lines.append(
                _("Last time ({date}) you scored {score}; your best day's deal: {best}.").format(
                    date=last_day.isoformat(), score=last, best=best
                )
            )
        else:
            lines.append(_("Your first day's deal: come back tomorrow for a new one."))
    return lines
