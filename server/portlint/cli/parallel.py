"""``portlint check --jobs N``: the files of a run checked by N worker processes, the report the
same, byte for byte and in the same order, as with one.

The check loop hands this module two kinds of step, in the order it meets them: a file to check
(:meth:`OrderedChecks.check`) and something to say about the search (:meth:`OrderedChecks.say`:
a skipped or unreadable path, a broken configuration). With one job each is done on the spot.
With several, the files are collected first (the search is cheap next to the lint), the
workers are started — forked where the platform allows, so they begin with everything already
imported — and each file's check runs in a worker against recording sinks; what it recorded
(results, diffs, complaints, skips, in the order it made them) comes back and is replayed into
the run's own sinks, file after file, in the search's order, interleaved with the search's own
steps exactly as the loop met them. The run's notes, the deduplication of complaints, the
baseline and the report therefore see one sequence, whatever the number of workers.

A worker writes ``--fix`` results into its own file (each file is checked once). A worker that
dies takes nothing with it: the files whose checks did not come back are checked again in this
process. Small runs stay in this process: starting workers costs more than a few files' lint.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence

from portlint.records import NamedTuple


def available_cores() -> int:
    """The cores this process may run on (its affinity where the platform says it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


# Below this much to read in all, or with fewer files than this, one process is quicker: a
# worker's start (a fork, the executor's threads and pipes) costs about what linting ~100 KB
# of tool schemas does.
MIN_PARALLEL_BYTES = 256 * 1024
MIN_PARALLEL_FILES = 4


TYPE_CHECKING = False
if TYPE_CHECKING:  # a type only: defining a Protocol class costs every check its import
    from typing import Any, Protocol

    class Sinks(Protocol):
        """Where the check of one file puts what it finds (``check._Sinks``)."""

        @property
        def results(self) -> list[Any]: ...
        @property
        def diffs(self) -> list[str]: ...
        @property
        def unreadable(self) -> Callable[[str, str], None]: ...
        @property
        def skip(self) -> Callable[[str, str], None]: ...
        @property
        def complain(self) -> Callable[[str], None]: ...

    Event = tuple[str, tuple[Any, ...]]  # ("results" | "diffs" | "unreadable" | ..., arguments)


# A file's check: (candidate, shown, config, options, sinks) -> None. Called with keyword-free
# positional arguments so any callable of that shape (``check._check_file``) serves.
CheckFile = Callable[..., None]


class _Recorder(NamedTuple):
    """Sinks that remember, in order, what a check put into them."""

    events: list[Event]

    @property
    def results(self) -> _Appender:
        return _Appender(self.events, "results")

    @property
    def diffs(self) -> _Appender:
        return _Appender(self.events, "diffs")

    def unreadable(self, shown: str, reason: str) -> None:
        self.events.append(("unreadable", (shown, reason)))

    def skip(self, shown: str, reason: str) -> None:
        self.events.append(("skip", (shown, reason)))

    def complain(self, message: str) -> None:
        self.events.append(("complain", (message,)))


class _Appender(NamedTuple):
    events: list[Event]
    kind: str

    def append(self, item: Any) -> None:
        self.events.append((self.kind, (item,)))


def _replay(events: Sequence[Event], sinks: Sinks) -> None:
    for kind, args in events:
        if kind == "results":
            sinks.results.append(args[0])
        elif kind == "diffs":
            sinks.diffs.append(args[0])
        else:
            getattr(sinks, kind)(*args)


class _Task(NamedTuple):
    args: tuple[Any, ...]  # (candidate, shown, config, options)


# The tasks of the run, as the workers inherit them (fork) or receive them once (spawn):
# only their indices travel with each batch.
_TASKS: list[_Task] = []
_CHECK: list[CheckFile] = []


def _start_worker(check: CheckFile, tasks: list[_Task]) -> None:
    import gc

    _CHECK[:] = [check]
    _TASKS[:] = tasks
    # the worker's heap is the parent's, copied on write: the collector's passes over the
    # inherited objects would touch (and so copy) every page of it for nothing
    gc.freeze()


def _check_batch(indices: range) -> list[list[Event]]:
    check = _CHECK[0]
    out = []
    for index in indices:
        recorder = _Recorder([])
        check(*_TASKS[index].args, recorder)
        out.append(recorder.events)
    return out


class OrderedChecks:
    """The check loop's steps, done with ``jobs`` processes and replayed in the loop's order."""

    def __init__(self, jobs: int | None, check: CheckFile, sinks: Sinks) -> None:
        self.jobs = max(1, jobs if jobs is not None else available_cores())
        self.check_file = check
        self.sinks = sinks
        # with several jobs: the loop's steps, in order — a task's index, or a saying
        self._steps: list[int | tuple[Callable[..., None], tuple[Any, ...]]] = []
        self._tasks: list[_Task] = []

    def check(self, *args: Any) -> None:
        """Check a file: ``args`` are ``(candidate, shown, config, options)``."""
        if self.jobs == 1:
            self.check_file(*args, self.sinks)
            return
        self._steps.append(len(self._tasks))
        self._tasks.append(_Task(args))

    def say(self, sink: Callable[..., None], *args: Any) -> None:
        """Something the loop itself reports (a skipped path, a broken configuration), kept in
        its place among the files' reports."""
        if self.jobs == 1:
            sink(*args)
            return
        self._steps.append((sink, args))

    def finish(self) -> None:
        """Run what was collected and replay it in order."""
        if self.jobs == 1:
            return
        tasks, steps = self._tasks, self._steps
        self._tasks, self._steps = [], []
        outcomes = self._outcomes(tasks)
        for step in steps:
            if isinstance(step, int):
                _replay(next(outcomes), self.sinks)
            else:
                sink, args = step
                sink(*args)

    def _outcomes(self, tasks: list[_Task]) -> Iterator[list[Event]]:
        """Each task's events, in order: from workers when that pays, else checked here."""
        jobs = min(self.jobs, len(tasks))
        if jobs < 2 or not _worth_workers(tasks):
            return (self._here(task) for task in tasks)
        return self._from_workers(tasks, jobs)

    def _here(self, task: _Task) -> list[Event]:
        recorder = _Recorder([])
        self.check_file(*task.args, recorder)
        return recorder.events

    def _from_workers(self, tasks: list[_Task], jobs: int) -> Iterator[list[Event]]:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        # batches small enough to spread uneven files over the workers, large enough that the
        # round trip of a batch is small beside its lint
        size = max(1, min(64, len(tasks) // (jobs * 8)))
        batches = [range(i, min(i + size, len(tasks))) for i in range(0, len(tasks), size)]
        done = 0
        executor = ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker,
                                       initargs=(self.check_file, tasks))
        try:
            for outcome in executor.map(_check_batch, batches):
                for events in outcome:
                    done += 1
                    yield events
        except BrokenProcessPool:
            # a worker died (killed, out of memory): what did not come back is checked here,
            # where the same failure shows as it would with one job
            for task in tasks[done:]:
                yield self._here(task)
        finally:
            executor.shutdown(wait=True, cancel_futures=True)


def _worth_workers(tasks: list[_Task]) -> bool:
    if len(tasks) < MIN_PARALLEL_FILES:
        return False
    total = 0
    for task in tasks:
        try:
            total += os.stat(task.args[0].path).st_size
        except (OSError, AttributeError):
            continue
        if total >= MIN_PARALLEL_BYTES:
            return True
    return False
