"""Running arena and lab games on Ray (``--ray auto`` or ``--ray ADDRESS``, extra ``asobi[ray]``).

The tasks are the ones the local pool plays (:mod:`asobi.play.tasks`), so the results are the
same. Before any game, every node is asked which game plugins it has: a worker must have the
very distributions (names and versions) this machine has, or the run is refused.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import import_module
from importlib.metadata import PackageNotFoundError, packages_distributions, version
from typing import Any
from urllib.parse import urlsplit

from asobi.errors import AsobiError
from asobi.host.registry import Registry
from asobi.play.tasks import Batch, EntryPoints, OnBatch, play_batch

CONNECT_SECONDS = 5.0


def plugin_versions(games: EntryPoints) -> dict[str, str]:
    """``entry point -> "distribution version"`` of each game plugin as this machine has it
    (``missing`` when it cannot be imported; the module name when it is not packaged)."""
    owners = packages_distributions()
    out: dict[str, str] = {}
    for name, value, _group in games:
        module = value.split(":")[0]
        try:
            import_module(module)
        except Exception:
            out[name] = "missing"
            continue
        dists = owners.get(module.split(".")[0], [])
        try:
            out[name] = " ".join((dists[0], version(dists[0]))) if dists else module
        except PackageNotFoundError:
            out[name] = module
    return out


def missing_plugins(here: dict[str, str], there: dict[str, str]) -> list[str]:
    """What a worker lacks or has in another version, one phrase each."""
    problems = []
    for name, wanted in sorted(here.items()):
        found = there.get(name, "missing")
        if found == "missing":
            problems.append(f"{wanted} ('{name}') is not installed")
        elif found != wanted:
            problems.append(f"'{name}' is {found} there, {wanted} here")
    return problems


def check_address(address: str) -> None:
    """Refuse, quickly, an address where nothing answers (Ray itself would wait long)."""
    parts = urlsplit(address if "://" in address else f"ray://{address}")
    host, port = parts.hostname, parts.port
    if not host or not port:
        raise AsobiError(
            f"--ray {address}: give 'auto' or a cluster address HOST:PORT (ray://HOST:PORT)"
        )
    try:
        with socket.create_connection((host, port), timeout=CONNECT_SECONDS):
            pass
    except OSError as exc:
        raise AsobiError(
            f"--ray {address}: no Ray cluster answers there ({exc.strerror or exc})"
        ) from None


@contextmanager
def _native_stderr_muted() -> Iterator[None]:
    """Send what native code writes to stderr (file descriptor 2) nowhere for a while."""
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as sink:
            os.dup2(sink.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


@dataclass
class RayRunner:
    """Plays batches as Ray tasks (one CPU each) and checks the nodes' plugins first."""

    ray: Any
    started: bool
    """True when this run started Ray (a local instance) and shuts it down at the end."""

    @classmethod
    def connect(cls, address: str, workers: int) -> RayRunner:
        """``auto``: the running cluster, else a local instance of ``workers`` CPUs and no
        dashboard, started for this run. Anything else is the address of a cluster."""
        try:
            import ray
        except ImportError:
            raise AsobiError(
                "--ray needs Ray: install asobi with the ray extra (pip install 'asobi[ray]')"
            ) from None
        if ray.is_initialized():
            return cls(ray, started=False)
        quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": "ERROR"}
        if address != "auto":
            check_address(address)
            try:
                with _native_stderr_muted():  # Ray's own retry warnings, line after line
                    ray.init(address=address, **quiet)
            except Exception as exc:
                raise AsobiError(f"--ray {address}: cannot join the cluster ({exc})") from None
            return cls(ray, started=True)
        try:
            ray.init(address="auto", **quiet)
        except (ConnectionError, RuntimeError, ValueError):
            ray.init(num_cpus=workers, include_dashboard=False, **quiet)
        return cls(ray, started=True)

    def close(self) -> None:
        if self.started and self.ray.is_initialized():
            self.ray.shutdown()

    def check_plugins(self, batch: Batch) -> None:
        """Refuse (AsobiError) when a node lacks the plugins of the run this machine has: the
        game's plugin and the cross-cutting plugins (which may change its scores)."""
        games = tuple(ep for ep in batch.games if ep[0] == batch.game) + batch.plugins
        here = plugin_versions(games)
        probe = self.ray.remote(num_cpus=0)(plugin_versions)
        nodes = [n for n in self.ray.nodes() if n.get("Alive")]
        refs = []
        for node in nodes:
            strategy = self.ray.util.scheduling_strategies.NodeAffinitySchedulingStrategy(
                node_id=node["NodeID"], soft=False)
            refs.append((node, probe.options(scheduling_strategy=strategy).remote(games)))
        for node, ref in refs:
            problems = missing_plugins(here, self.ray.get(ref))
            if problems:
                where = node.get("NodeManagerAddress", "a Ray node")
                raise AsobiError(
                    f"the Ray worker at {where} lacks plugins installed here: "
                    + "; ".join(problems) + ". Install the same plugins on every node."
                )

    def run(self, registry: Registry, work: Sequence[Batch], on_batch: OnBatch) -> None:
        try:
            if work:
                self.check_plugins(work[0])
            remote = self.ray.remote(num_cpus=1)(play_batch)
            pending = [remote.remote(batch) for batch in work]
            try:
                while pending:
                    done, pending = self.ray.wait(pending, num_returns=1)
                    for ref in done:
                        on_batch(self.ray.get(ref))
            except BaseException:
                for ref in pending:
                    self.ray.cancel(ref, force=True)
                raise
        finally:
            self.close()
