"""Tables a plugin's fault stopped (docs/plugins.md, "When a plugin fails").

A :class:`asobi.host.faults.PluginFault` while a table works (a move, an AI's decision, a hint, the
payload of a seat) stops that table: it keeps its record in the store, its pages are told,
every later request for it is answered with :class:`.errors.TableStopped` (a 500 with the
fault's one-line message), and every other table goes on.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Concatenate, ParamSpec, TypeVar

from asobi.host.faults import PluginFault, log_fault

from .errors import TableStopped

if TYPE_CHECKING:
    from .games import Hub, Live

P = ParamSpec("P")
R = TypeVar("R")


def stop(hub: Hub, live: Live, fault: PluginFault) -> TableStopped:
    """Stop ``live`` because of ``fault``: its record so far is saved in the store, its
    pages' streams end, its traceback is logged and the server says it in one line (the
    registry's ``warn``). Returns the error to answer with."""
    if live.fault is None:
        live.fault = str(fault)
        hub.store.save(live.id, live.session.record(), False)
        path = log_fault(fault)
        where = f" (traceback in {path})" if path is not None else ""
        hub.registry.warn(f"table {live.id} stopped: {fault}{where}")
        for queue in list(live.listeners):
            queue.put_nowait(None)
    return TableStopped(live.fault)


def stops_table(
    method: Callable[Concatenate[Hub, Live, P], R],
) -> Callable[Concatenate[Hub, Live, P], R]:
    """A method of the hub that works on one table: refused once a plugin's fault stopped the
    table, and a plugin's fault inside it stops the table."""

    def guarded(hub: Hub, live: Live, /, *args: P.args, **kwargs: P.kwargs) -> R:
        if live.fault is not None:
            raise TableStopped(live.fault)
        try:
            return method(hub, live, *args, **kwargs)
        except PluginFault as fault:
            raise stop(hub, live, fault) from fault

    functools.update_wrapper(guarded, method)
    return guarded
