"""Tables a plugin's fault stopped (docs/plugins.md, "When a plugin fails").

A :class:`asobi.host.faults.PluginFault` while a table works (a move, an AI's decision, a hint, the
payload of a seat) stops that table: it keeps its record in the store, its pages are told,
every later request for it is answered with :class:`.errors.TableStopped` (a 500 with the
fault's one-line message), and every other table goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from asobi.host.faults import PluginFault
from asobi.play.stopped import log_fault

from .errors import TableStopped
from .live import Live
from .store import Store


class Stops:
    """Stops the tables of one server when a plugin fails them: ``store`` keeps their records,
    ``warn`` says it in one line (the registry's ``warn``)."""

    def __init__(self, store: Store, warn: Callable[[str], None]) -> None:
        self.store = store
        self.warn = warn

    def stop(self, live: Live, fault: PluginFault) -> TableStopped:
        """Stop ``live`` because of ``fault``: its record so far is saved in the store, its
        pages' streams end, its traceback is logged and the server says it in one line.
        Returns the error to answer with."""
        if live.fault is None:
            live.fault = str(fault)
            self.store.save(live.id, live.session.record(), False)
            path = log_fault(fault)
            where = f" (traceback in {path})" if path is not None else ""
            self.warn(f"table {live.id} stopped: {fault}{where}")
            for queue in list(live.listeners):
                queue.put_nowait(None)
        return TableStopped(live.fault)

    @contextmanager
    def guard(self, live: Live) -> Iterator[None]:
        """Work on one table: refused (TableStopped) once a plugin's fault stopped it, and a
        plugin's fault inside stops it."""
        if live.fault is not None:
            raise TableStopped(live.fault)
        try:
            yield
        except PluginFault as fault:
            raise self.stop(live, fault) from fault
