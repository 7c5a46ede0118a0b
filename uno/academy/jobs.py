"""Long computations shared by every reader of a page: one run per question, one at a time.

A class of twenty opening the probability lab together asks the same questions (the default
settings). Played session by session, the same games would run twenty times at once on the same
cores, and every reader would wait for all of them. A ``JobBoard`` instead:

- keeps finished results (the least recently used leave first, after ``keep``);
- runs each question once: whoever asks first starts it, later askers follow the same progress;
- runs one job at a time (a simulation already uses every core through its worker processes),
  taking the readers in turn: the next job is the one of the reader who waited longest since
  their last run, so one reader's many questions do not all come before another's first;
- drops a job nobody has looked at for ``abandon_after`` seconds (its readers left the page),
  before it starts or at its next progress report;
- takes at most ``max_waiting`` unfinished jobs; past that ``submit`` returns None and the page
  says the lab is busy, so no reader can queue unbounded work;
- gives each reader a fair share: at most ``per_owner`` unfinished jobs *started* by one owner
  (a session); following a job someone else started costs nothing. Past that ``submit``
  returns None and ``owner_waiting(owner)`` says why, so one visitor changing the seed in a
  loop cannot fill the board for everyone; and when a few visitors together have filled it,
  a reader who started fewer jobs takes the place of the busiest one's newest waiting job.

The work runs in a thread of the board, not in the reader's script thread, so a reader who
changes a setting or leaves the page does not stop a job that others are following.
No Streamlit here: the page draws the progress; tests drive the board directly.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Final

__all__ = [
    "ABANDONED",
    "DONE",
    "FAILED",
    "RUNNING",
    "WAITING",
    "Abandoned",
    "Job",
    "JobBoard",
    "Progress",
    "Work",
]

Progress = Callable[[int, int], None]
Work = Callable[[Progress], Any]

_log = logging.getLogger(__name__)

WAITING: Final = "waiting"
RUNNING: Final = "running"
DONE: Final = "done"
FAILED: Final = "failed"
ABANDONED: Final = "abandoned"


class Abandoned(Exception):
    """Raised inside a job's progress report when nobody follows the job any more."""


class Job:
    """One question being answered. Readers call ``wait`` in a loop (which also tells the board
    they are still there) and draw ``done`` / ``total`` meanwhile."""

    def __init__(self, key: Hashable, clock: Callable[[], float]) -> None:
        self.key = key
        self.state = WAITING
        self.done = 0
        self.total = 0
        self.result: Any = None
        self._clock = clock
        self.seen = clock()
        self.dropped = False  # its place was given to another reader (``JobBoard._make_room``)
        self.order = 0  # when it was asked, on its board
        self._finished = threading.Event()

    @property
    def finished(self) -> bool:
        return self._finished.is_set()

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds; True once the job has finished (in any state)."""
        self.seen = self._clock()
        return self._finished.wait(timeout)

    def _finish(self, state: str, result: Any = None) -> None:
        self.state = state
        self.result = result
        self._finished.set()


class JobBoard:
    def __init__(
        self,
        keep: int = 48,
        max_waiting: int = 12,
        abandon_after: float = 15.0,
        clock: Callable[[], float] = time.monotonic,
        per_owner: int = 2,
    ) -> None:
        if keep < 1 or max_waiting < 1 or abandon_after <= 0 or per_owner < 1:
            raise ValueError(
                "keep, max_waiting and per_owner are at least 1; abandon_after is positive"
            )
        self.keep = keep
        self.max_waiting = max_waiting
        self.per_owner = per_owner
        self._owners: dict[Hashable, Hashable] = {}  # job key -> the owner who started it
        self.abandon_after = abandon_after
        self._clock = clock
        self._lock = threading.Lock()  # guards _results, _jobs, _owners and the turn below
        self._turn = threading.Condition(self._lock)  # signalled when the running job ends
        self._running: Job | None = None
        self._last_run: dict[Hashable, int] = {}  # owner -> when their job last started
        self._runs = 0
        self._asked = 0
        self._results: OrderedDict[Hashable, Any] = OrderedDict()
        self._jobs: dict[Hashable, Job] = {}

    def submit(self, key: Hashable, work: Work, owner: Hashable | None = None) -> Job | None:
        """The job answering ``key``: finished already if the result is kept, the running or
        waiting one if someone asked before, or a new one started with ``work(progress)``.
        None when ``max_waiting`` jobs are unfinished (the board is busy), or when ``owner``
        already started ``per_owner`` jobs that are not finished (see ``owner_waiting``)."""
        with self._lock:
            if key in self._results:
                self._results.move_to_end(key)
                kept = Job(key, self._clock)
                kept._finish(DONE, self._results[key])
                return kept
            asked = self._jobs.get(key)
            if asked is not None:
                asked.seen = self._clock()
                return asked
            if owner is not None and self._started_by(owner) >= self.per_owner:
                return None
            if len(self._jobs) >= self.max_waiting and not self._make_room(owner):
                return None
            job = Job(key, self._clock)
            self._asked += 1
            job.order = self._asked
            self._jobs[key] = job
            if owner is not None:
                self._owners[key] = owner
        threading.Thread(
            target=self._run, args=(job, work), name=f"job {key!r}"[:60], daemon=True
        ).start()
        return job

    def _make_room(self, owner: Hashable | None) -> bool:
        """The board is full: a reader who started fewer jobs than the busiest owner takes the
        place of that owner's newest job still waiting (dropped: its readers are told the lab
        is busy when they ask again). So a few tabs asking the largest questions in a loop
        cannot shut everyone else out. False when no such job exists."""
        if owner is None:
            return False
        counts: dict[Hashable, int] = {}
        for key, who in self._owners.items():
            if key in self._jobs:
                counts[who] = counts.get(who, 0) + 1
        mine = counts.get(owner, 0)
        for busiest in sorted(counts, key=lambda who: -counts[who]):
            if counts[busiest] <= mine + 1:
                return False
            waiting = [
                key
                for key, who in self._owners.items()
                if who == busiest
                and self._jobs.get(key) is not None
                and self._jobs[key].state == WAITING
            ]
            if waiting:
                dropped = self._jobs.pop(waiting[-1])
                self._owners.pop(waiting[-1], None)
                dropped.dropped = True
                return True
        return False

    def unfinished(self) -> int:
        with self._lock:
            return len(self._jobs)

    def _started_by(self, owner: Hashable) -> int:
        return sum(1 for key, who in self._owners.items() if who == owner and key in self._jobs)

    def owner_waiting(self, owner: Hashable) -> int:
        """How many unfinished jobs ``owner`` started (``per_owner`` at most)."""
        with self._lock:
            return self._started_by(owner)

    def _next(self) -> Job | None:
        """The waiting job to run next: the one whose owner's last run is the oldest (an owner
        who never ran first), then the first asked. So each reader's next question comes after
        at most one question of every other reader, however many they asked."""
        waiting = [
            job for job in self._jobs.values() if job.state == WAITING and not self._abandoned(job)
        ]
        if not waiting:
            return None
        return min(
            waiting,
            key=lambda job: (self._last_run.get(self._owners.get(job.key), 0), job.order),
        )

    def _abandoned(self, job: Job) -> bool:
        return job.dropped or self._clock() - job.seen > self.abandon_after

    def _run(self, job: Job, work: Work) -> None:
        def progress(done: int, total: int) -> None:
            job.done, job.total = done, total
            if self._abandoned(job):
                raise Abandoned

        state, result = FAILED, None
        try:
            with self._turn:
                while self._running is not None or self._next() is not job:
                    if self._abandoned(job):
                        raise Abandoned
                    self._turn.wait(0.5)
                if self._abandoned(job):
                    raise Abandoned
                self._running = job
                self._runs += 1
                self._last_run[self._owners.get(job.key)] = self._runs
                job.state = RUNNING
            try:
                result = work(progress)
            finally:
                with self._turn:
                    self._running = None
                    self._turn.notify_all()
            state = DONE
        except Abandoned:
            state = ABANDONED
        except Exception:  # a failed job is shown as such to its readers; the server goes on
            _log.exception("job %r failed", job.key)
            state = FAILED
        finally:
            with self._lock:
                if self._jobs.get(job.key) is job:  # a dropped job's key may be asked anew
                    del self._jobs[job.key]
                    self._owners.pop(job.key, None)
                if state == DONE:
                    self._results[job.key] = result
                    while len(self._results) > self.keep:
                        self._results.popitem(last=False)
            job._finish(state, result if state == DONE else None)
