"""*Play again at this table*, on a network table's results, for everyone.

The host proposes (its results offer *Play again at this table*); each friend
is asked on their own results (*Yes, deal me in* or *No thanks, leave*), and
everyone sees who said what.  The new deal (the same seats, the next dealer)
starts when every seated person has said yes, or when the host deals at once
(*Deal now*): a computer then plays each seat whose person did not say yes,
until that person comes back.  When the new deal's first view arrives, every
window opens the new game at the same table (`NetworkMode.reopen`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.app.ui.widgets import ACCENT, INK, MUTED, Button
from game.common.person_name import said
from game.i18n import N_, _

if TYPE_CHECKING:
    from game.app.table.remote import NetworkMode

__all__ = ["PlayAgain"]

Colour = tuple[int, int, int]


class PlayAgain:
    """The results' part that asks and answers *Play again at this table* (see module doc)."""

    #: logical height the results keep for its lines
    height = 104

    def __init__(self, mode: NetworkMode) -> None:
        self.mode = mode
        self.height = 0 if mode.primary.seat.watching else PlayAgain.height  # a spectator is asked nothing
        self.deal = mode.primary.seat.deal
        self.answered: bool | None = None  # this friend's answer, once given
        self.failed = False
        self.shape: tuple[Any, ...] = ()

    @property
    def host(self) -> Any:
        return self.mode.host

    @property
    def seat(self) -> Any:
        return self.mode.primary.seat

    def can_propose(self) -> bool:
        return self.host is not None and hasattr(self.host, "propose_again")

    # -- the buttons ------------------------------------------------------------------
    def buttons(self) -> list[Button]:
        seat = self.seat
        if seat.closed is not None or seat.watching:
            return []
        if self.host is not None:
            if not self.can_propose():
                return []
            if not seat.again:
                return [Button(N_("Play again at this table"), self.propose, primary=True)]
            return [Button(N_("Deal now"), self.deal_now, primary=True)]
        if seat.again and self.answered is None:
            return [
                Button(N_("No thanks, leave"), self.decline),
                Button(N_("Yes, deal me in"), self.accept, primary=True),
            ]
        return []

    def not_yes(self) -> list[int]:
        """People's seats (not computers) that have not said yes."""
        seat = self.seat
        people = [s for s in range(len(seat.names)) if s not in seat.computers or s in seat.declined]
        return [s for s in people if s not in seat.accepted]

    # -- the lines ---------------------------------------------------------------------
    def lines(self) -> list[tuple[str, Colour]]:
        seat = self.seat
        if seat.closed is not None or seat.watching:
            return []
        out: list[tuple[str, Colour]] = []
        if not seat.again:
            if self.host is not None and self.can_propose():
                out.append((_("Play again with the same seats and a new deal: each friend is asked first."), MUTED))
            elif self.host is None:
                out.append((_("The host may ask everyone to play again at this table."), MUTED))
            return out
        if self.host is None:
            if self.answered is None:
                out.append((_("The host asks: play again at this table? The same seats, a new deal."), ACCENT))
            elif self.answered and not seat.hosts:  # `fireside host`: no host's window to deal at once
                out.append((_("You said yes. The new deal starts when everyone still at the table has."), INK))
            elif self.answered:
                out.append((_("You said yes. The new deal starts when everyone has, or when the host deals."), INK))
        else:
            out.append((_("You asked everyone to play again at this table."), ACCENT))
        out.append((self.answers(), INK))
        waiting = self.not_yes()
        if self.host is not None and waiting:
            names = ", ".join(said(seat.names)[s] for s in waiting)
            out.append(
                (
                    _("It starts when everyone says yes, or now with Deal now: a computer plays for {names}.").format(
                        names=names
                    ),
                    MUTED,
                )
            )
        if self.failed:
            out.append((_("Reconnecting…"), MUTED))
        return out

    def answers(self) -> str:
        """Who said what, by name: "Bo: yes · Cy: no · Di: not yet"."""
        seat = self.seat
        names = said(seat.names)
        parts = []
        for s in self.people():
            if s in seat.accepted:
                word = _("yes")
            elif s in seat.declined:
                word = _("no, left the table")
            elif s in seat.away_since:  # their line is down: a computer plays for them (in the new deal too)
                word = _("away — a computer plays")
            else:
                word = _("not yet")
            parts.append(_("{name}: {answer}").format(name=names[s], answer=word))
        return " · ".join(parts)

    def people(self) -> list[int]:
        """People's seats: not a computer's, unless a person answered there or is away from it
        (a computer plays for them meanwhile: they are still at this table)."""
        seat = self.seat
        answered = seat.accepted + seat.declined
        return [s for s in range(len(seat.names)) if s not in seat.computers or s in answered or s in seat.away_since]

    # -- each frame ---------------------------------------------------------------------
    def changed(self) -> bool:
        """Whether the buttons should be made again (an answer came, the host asked)."""
        seat = self.seat
        shape = (seat.again, tuple(seat.accepted), tuple(seat.declined), self.answered, seat.closed)
        if shape != self.shape:
            self.shape = shape
            return True
        return False

    def update(self) -> None:
        """The new deal arrived: the new game opens at the same table."""
        seat = self.seat
        if seat.deal != self.deal and seat.started and seat.closed is None and self.answered is not False:
            self.deal = seat.deal
            self.mode.reopen()

    # -- the hands ------------------------------------------------------------------------
    def propose(self) -> None:
        self.host.propose_again()
        self.mode.table.app.sound.play("click")

    def deal_now(self) -> None:
        self.host.again_now(self.mode.table.app.settings.level)
        self.mode.table.app.sound.play("click")

    def accept(self) -> None:
        self._answer(True)

    def decline(self) -> None:
        """No: said so (the host's window shows it), then the table is left for the title."""
        if self._answer(False):
            client = self.mode.primary
            client.leave(timeout=0.5)
        self.mode.back_to_title()

    def _answer(self, yes: bool) -> bool:
        try:
            self.mode.primary.answer_again(yes)
        except RuntimeError:
            self.failed = True
            return False
        self.answered, self.failed = yes, False
        self.mode.table.app.sound.play("click")
        return True
