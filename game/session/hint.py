"""The hint worker both kinds of session share: the coach asked off the
table's thread, its answer kept only while the position it was asked on is
still the one shown."""

from __future__ import annotations

import threading
from typing import Any

from game.ai import advice

__all__ = ["HintWorker"]


class HintWorker:
    """One hint at a time, from one seat's view (`ask`), answered by `poll`."""

    def __init__(self) -> None:
        self._job: tuple[threading.Thread, list[Any], object] | None = None

    def ask(self, view: Any, position: object) -> bool:
        """Ask the coach about `view` in a worker thread; False if one is asked already.
        The hint is the review's own evaluation (`game.ai.advice.advise`), so a hint
        and a later review of the game name the same move."""
        if self._job is not None:
            return False
        result: list[Any] = []
        job = threading.Thread(target=lambda: result.append(advice.advise(view)), daemon=True)
        job.start()
        self._job = (job, result, position)
        return True

    @property
    def pending(self) -> bool:
        return self._job is not None

    def wait(self, timeout: float | None = None) -> None:
        """Block until the worker is done (for tests and tools, never a frame)."""
        if self._job is not None:
            self._job[0].join(timeout)

    def forget(self) -> None:
        self._job = None

    def poll(self, position: object) -> tuple[Any, Any] | None:
        """The (move, advice) once the worker is done and `position` is still the
        one it was asked on (the same object), else None; the advice
        (`game.ai.advice.Advice`) says why and how it compares."""
        if self._job is None:
            return None
        job, result, asked = self._job
        if job.is_alive():
            return None
        self._job = None
        if not result or asked is not position:
            return None  # the position changed meanwhile: the hint is stale
        said: advice.Advice = result[0]
        return said.move, said
