"""The budget as a cap: run a decision in a child process with a wall-clock and a memory limit.

``budget_s`` used to steer how much search each method did, but nothing stopped
a method that would not return (``Le(exp(y*log(x)), x**y)`` with ``budget_s=4`` grew past
3.6 GB in 80 s in an exact rational power; sympy's ``factor_list`` and ``simplify`` cannot
be interrupted).  :func:`run_capped` forks, lowers the child's address-space limit to what
it already maps plus ``mem_mb``, runs the work there and reads its messages through a pipe:
progress records after each method, then the result (or the exception, re-raised here).
At ``time_s`` the child is killed; whatever it reported last comes back with the reason,
so the caller can say what was done ("survived (budget exhausted)").

Forking keeps the parent's imports and compiled code (no start-up cost beyond a few ms),
and works inside daemonic pool workers, where ``multiprocessing`` may not start children.
"""
from __future__ import annotations

import math
import os
import pickle
import resource
import select
import signal
import struct
import time
import traceback
from dataclasses import dataclass, field

#: memory the work may add to what the process already maps, unless told otherwise
DEFAULT_MEM_MB = 2048
_HEADER = struct.Struct("!Q")


@dataclass
class Capped:
    """The work did not finish: ``reason`` ("time" or "memory" or "died: …") and the last
    progress record the child sent."""

    reason: str
    last_progress: dict = field(default_factory=dict)
    elapsed_s: float = 0.0


def _vm_size_bytes() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0  # pragma: no cover - Linux always has it


def _send(fd, obj) -> None:
    try:
        data = pickle.dumps(obj)
    except Exception as exc:  # noqa: BLE001 - an unpicklable result is reported, not lost
        data = pickle.dumps(("error", RuntimeError(f"result could not be pickled: {exc!r}")))
    view = memoryview(_HEADER.pack(len(data)) + data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


#: exception types a child's exception is re-created as when it cannot be pickled (first match)
_PORTABLE = (ValueError, TypeError, ArithmeticError, LookupError, AssertionError, NotImplementedError,
             RecursionError, RuntimeError)


def portable(exc: BaseException) -> BaseException:
    """``exc`` in a form that survives pickling, with the child's traceback as a note.

    An exception that does not round-trip through pickle (sympy's ``TypeError`` from
    ``Relational.__bool__`` holds a local lambda) is re-created as the nearest builtin type
    (a ``ValueError`` stays a ``ValueError``) whose message names the original type and text:
    the real error travels back, never a "could not be pickled"."""
    tb = "".join(traceback.format_exception(exc)[-6:])
    try:
        pickle.loads(pickle.dumps(exc))
        out = exc
    except Exception:  # noqa: BLE001 - any pickling failure: rebuild it
        base = next((t for t in _PORTABLE if isinstance(exc, t)), RuntimeError)
        out = base(f"{type(exc).__module__}.{type(exc).__qualname__}: {exc}")
    try:
        out.add_note("raised in the checking process:\n" + tb)
        pickle.dumps(out)
    except Exception:  # noqa: BLE001 - a note that does not pickle is dropped, the error kept
        out = type(out)(*out.args) if out is not exc else RuntimeError(f"{type(exc).__name__}: {exc}")
    return out


def _child(fd, fn, mem_mb) -> None:
    try:
        limit = _vm_size_bytes() + mem_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))
        result = fn(lambda rec: _send(fd, ("progress", rec)))
        _send(fd, ("done", result))
    except MemoryError:
        _send(fd, ("memory", None))
    except BaseException as exc:  # noqa: BLE001 - handed to the parent, which re-raises it
        _send(fd, ("error", portable(exc)))


def run_capped(fn, *, time_s: float, mem_mb: int = DEFAULT_MEM_MB):
    """Run ``fn(progress)`` in a forked child; return its result, or a :class:`Capped`.

    ``progress(record)`` sends a picklable record to the parent.  An exception raised by
    ``fn`` is re-raised here.  ``time_s`` is wall-clock from the fork.
    """
    if not (time_s > 0 and math.isfinite(time_s)):
        raise ValueError(f"time_s must be a positive finite number, got {time_s}")
    t0 = time.perf_counter()
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        os.close(r)
        try:
            _child(w, fn, mem_mb)
        finally:
            os._exit(0)
    os.close(w)
    last: dict = {}
    buf = b""
    outcome = None
    try:
        while outcome is None:
            remaining = time_s - (time.perf_counter() - t0)
            if remaining <= 0:
                outcome = Capped("time", last)
                break
            ready, _, _ = select.select([r], [], [], min(remaining, 60.0))
            if not ready:
                continue
            chunk = os.read(r, 1 << 20)
            if not chunk:  # the child exited without a final message
                _, status = os.waitpid(pid, 0)
                pid = None
                sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
                outcome = Capped("memory or crash: the checking process died"
                                 + (f" (signal {signal.Signals(sig).name})" if sig else ""), last)
                break
            buf += chunk
            while len(buf) >= _HEADER.size:
                (size,) = _HEADER.unpack_from(buf)
                if len(buf) < _HEADER.size + size:
                    break
                kind, payload = pickle.loads(buf[_HEADER.size:_HEADER.size + size])
                buf = buf[_HEADER.size + size:]
                if kind == "progress":
                    last = payload
                elif kind == "memory":
                    outcome = Capped(f"memory (over {mem_mb} MiB)", last)
                elif kind == "error":
                    raise payload
                else:
                    outcome = ("done", payload)
    finally:
        os.close(r)
        if pid is not None:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(pid, 0)
    if isinstance(outcome, Capped):
        outcome.elapsed_s = time.perf_counter() - t0
        return outcome
    return outcome[1]
