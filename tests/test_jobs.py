"""The lab's job board (uno/ui/jobs.py): one run per question, one at a time, bounded, and
dropped when nobody follows it; and simulate stopping when its progress callback raises."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import uno.simulation as sim
from uno.academy.jobs import JobBoard, Progress

WAIT = 10.0  # seconds a test waits for a job before failing (never reached when all is well)


def finish(job: Any) -> Any:
    assert job is not None
    assert job.wait(WAIT), "the job did not finish"
    return job


class Gate:
    """Work that reports progress and then blocks until the test opens it."""

    def __init__(self, result: Any = "answer") -> None:
        self.result = result
        self.opened = threading.Event()
        self.started = threading.Event()
        self.calls = 0

    def __call__(self, progress: Progress) -> Any:
        self.calls += 1
        self.started.set()
        progress(1, 2)
        assert self.opened.wait(WAIT)
        progress(2, 2)
        return self.result


def test_the_same_question_is_played_once_and_every_asker_gets_the_answer() -> None:
    board = JobBoard()
    gate = Gate()
    first = board.submit("q", gate)
    assert gate.started.wait(WAIT)
    second = board.submit("q", gate)
    assert second is first  # the second reader follows the first reader's job
    assert first is not None and (first.done, first.total) == (1, 2)
    gate.opened.set()
    assert finish(first).result == "answer" and first.state == "done"
    again = finish(board.submit("q", gate))  # kept: answered at once, not played again
    assert again.result == "answer"
    assert gate.calls == 1
    assert board.unfinished() == 0


def test_jobs_run_one_at_a_time() -> None:
    board = JobBoard()
    running = 0
    most = 0
    order: list[str] = []
    lock = threading.Lock()

    def work_for(name: str) -> Any:
        def work(progress: Progress) -> str:
            nonlocal running, most
            with lock:
                running += 1
                most = max(most, running)
                order.append(name)
            time.sleep(0.05)
            with lock:
                running -= 1
            return name

        return work

    gate = Gate()
    blocker = board.submit("blocker", gate)
    assert gate.started.wait(WAIT)
    jobs = [board.submit(name, work_for(name)) for name in ("a", "b", "c")]
    assert all(job is not None and job.state == "waiting" for job in jobs)
    gate.opened.set()
    finish(blocker)
    assert [finish(job).result for job in jobs] == ["a", "b", "c"]
    assert most == 1
    assert sorted(order) == ["a", "b", "c"]


def test_a_full_board_refuses_new_work_but_still_answers_kept_and_running_questions() -> None:
    board = JobBoard(max_waiting=2)
    gate = Gate()
    running = board.submit("one", gate)
    assert gate.started.wait(WAIT)
    waiting = board.submit("two", lambda progress: "two")
    assert board.submit("three", lambda progress: "three") is None  # busy
    assert board.submit("one", gate) is running  # a question already asked is still followed
    gate.opened.set()
    assert finish(waiting).result == "two"
    assert finish(board.submit("three", lambda progress: "three")).result == "three"


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_job_nobody_follows_any_more_stops_and_is_played_again_when_asked() -> None:
    clock = FakeClock()
    board = JobBoard(abandon_after=5.0, clock=clock)
    gate = Gate()
    job = board.submit("q", gate)
    assert gate.started.wait(WAIT)
    clock.now = 6.0  # the reader left: nobody called wait() for 6 s
    gate.opened.set()
    assert job is not None and job._finished.wait(WAIT)
    assert job.state == "abandoned" and job.result is None  # stopped at its next report
    assert board.unfinished() == 0
    fresh = Gate()
    fresh.opened.set()
    assert finish(board.submit("q", fresh)).result == "answer"  # not kept: played again
    assert fresh.calls == 1


def test_a_follower_keeps_a_job_alive() -> None:
    clock = FakeClock()
    board = JobBoard(abandon_after=5.0, clock=clock)
    gate = Gate()
    job = board.submit("q", gate)
    assert gate.started.wait(WAIT)
    for _ in range(4):  # 12 s in all, but the reader looks every 3 s
        clock.now += 3.0
        assert job is not None and not job.wait(0.01)
    gate.opened.set()
    assert finish(job).state == "done"


def test_a_waiting_job_whose_readers_left_never_starts() -> None:
    clock = FakeClock()
    board = JobBoard(abandon_after=5.0, clock=clock)
    gate = Gate()
    board.submit("blocker", gate)
    assert gate.started.wait(WAIT)
    calls: list[int] = []
    job = board.submit("left", lambda progress: calls.append(1))
    clock.now = 10.0
    gate.opened.set()
    assert job is not None and job._finished.wait(WAIT)
    assert job.state == "abandoned" and calls == []


def test_a_failing_job_is_reported_not_kept_and_the_board_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    board = JobBoard()

    def broken(progress: Progress) -> Any:
        raise RuntimeError("no more processes")

    job = finish(board.submit("q", broken))
    assert job.state == "failed" and job.result is None
    assert "no more processes" in caplog.text  # in the server log, not on the page
    assert finish(board.submit("q", lambda progress: 42)).result == 42


def test_kept_results_are_bounded_least_recently_used_first_out() -> None:
    board = JobBoard(keep=2)
    for key in ("a", "b"):
        finish(board.submit(key, lambda progress, key=key: key))
    finish(board.submit("a", lambda progress: "replayed"))  # "a" is now the most recent
    finish(board.submit("c", lambda progress: "c"))  # pushes out "b"
    assert finish(board.submit("a", lambda progress: "replayed")).result == "a"
    assert finish(board.submit("b", lambda progress: "replayed")).result == "replayed"


def test_bad_board_settings_are_refused() -> None:
    for kwargs in ({"keep": 0}, {"max_waiting": 0}, {"abandon_after": 0}):
        with pytest.raises(ValueError):
            JobBoard(**kwargs)  # type: ignore[arg-type]


def test_simulate_stops_when_progress_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    """With workers, the chunks not started when progress raises are never played (so a lab
    job dropped by its readers frees the cores at once)."""
    played: list[int] = []
    lock = threading.Lock()

    def slow_chunk(start: int, stop: int, *args: Any) -> list[tuple[Any, ...]]:
        time.sleep(0.2)
        with lock:
            played.append(start)
        return [(i,) * len(sim.COLUMNS) for i in range(start, stop)]

    class Stop(Exception):
        pass

    def stop(done: int, total: int) -> None:
        raise Stop

    monkeypatch.setattr(sim, "_run_chunk", slow_chunk)
    monkeypatch.setattr(sim, "ProcessPoolExecutor", ThreadPoolExecutor)  # same API, countable
    with pytest.raises(Stop):
        sim.simulate(1600, players=2, workers=2, progress=stop)  # 16 chunks of 100 games
    assert 1 <= len(played) < 16


def test_each_owner_gets_a_fair_share_of_the_board() -> None:
    """One visitor changing the seed in a loop cannot fill the board for everyone (#19)."""
    import threading

    from uno.academy.jobs import JobBoard

    gate = threading.Event()
    board = JobBoard(max_waiting=12, per_owner=2)

    def work(progress):  # type: ignore[no-untyped-def]
        gate.wait(5)
        return 1

    first = board.submit("a", work, owner="greedy")
    second = board.submit("b", work, owner="greedy")
    assert first is not None and second is not None
    assert board.submit("c", work, owner="greedy") is None  # the third of one owner waits
    assert board.owner_waiting("greedy") == 2
    other = board.submit("d", work, owner="someone else")
    assert other is not None and board.owner_waiting("someone else") == 1
    follow = board.submit("a", work, owner="third")  # following costs nothing
    assert follow is first and board.owner_waiting("third") == 0
    gate.set()
    assert first.wait(5) and second.wait(5)
    assert board.submit("c", work, owner="greedy") is not None  # a finished job frees a share


def test_a_few_owners_who_fill_the_board_make_room_for_a_newcomer() -> None:
    """Four tabs with three waiting jobs each filled a board of twelve: every other visitor was
    told "busy". A newcomer now takes the place of the busiest owner's newest waiting job."""
    from uno.academy.jobs import ABANDONED, DONE, JobBoard

    gate = threading.Event()
    board = JobBoard(max_waiting=12, per_owner=3)

    def work(progress):  # type: ignore[no-untyped-def]
        gate.wait(5)
        return 1

    jobs = {
        (tab, n): board.submit(f"{tab}-{n}", work, owner=tab) for tab in range(4) for n in range(3)
    }
    assert all(job is not None for job in jobs.values()) and board.unfinished() == 12
    newcomer = board.submit("mine", work, owner="newcomer")
    assert newcomer is not None and board.unfinished() == 12
    assert board.owner_waiting("newcomer") == 1
    assert sorted(board.owner_waiting(tab) for tab in range(4)) == [2, 3, 3, 3]
    # The tab whose job was dropped asks again: it does not get its place back by dropping
    # another tab's job, nor the newcomer's.
    dropped = next(key for key, job in jobs.items() if job is not None and job.dropped)
    assert board.submit(f"{dropped[0]}-again", work, owner=dropped[0]) is None
    second = board.submit("mine-2", work, owner="newcomer")  # 1 + 1 < 3: still room made
    assert second is not None and board.owner_waiting("newcomer") == 2
    assert board.submit("mine-3", work, owner="newcomer") is None  # now as busy as the others
    gate.set()
    assert newcomer.wait(10) and newcomer.state == DONE and newcomer.result == 1
    lost = jobs[dropped]
    assert lost is not None and lost.wait(10) and lost.state == ABANDONED
    assert board.submit(f"{dropped[0]}-{dropped[1]}", work, owner=dropped[0]) is not None


def test_readers_take_turns_a_newcomers_first_question_runs_next() -> None:
    """One reader's many questions used to run before another's first (a free-for-all on one
    lock): now the next job is the one of the reader whose last run is the oldest."""
    from uno.academy.jobs import JobBoard

    board = JobBoard(max_waiting=12, per_owner=3)
    started: list[str] = []
    gate = threading.Event()

    def work_for(key: str):  # type: ignore[no-untyped-def]
        def work(progress):  # type: ignore[no-untyped-def]
            started.append(key)
            gate.wait(5)
            return key

        return work

    first = board.submit("a1", work_for("a1"), owner="a")
    assert first is not None
    for _ in range(100):  # a1 holds the turn before the others are asked
        if started:
            break
        time.sleep(0.01)
    jobs = [board.submit(k, work_for(k), owner="a") for k in ("a2", "a3")]
    jobs += [board.submit(k, work_for(k), owner="b") for k in ("b1", "b2")]
    jobs += [board.submit("c1", work_for("c1"), owner="c")]
    assert all(job is not None for job in jobs)
    gate.set()
    for job in jobs:
        assert job is not None and job.wait(10)
    assert started == ["a1", "b1", "c1", "a2", "b2", "a3"]
