"""Which installed distribution provides a plugin: how a fault names its culprit
(``asobi-myscore 0.1.0``) and a record names the plugins that took part in its scoring."""

from __future__ import annotations

import functools
from importlib import metadata
from types import ModuleType


def module_of(plugin: object) -> str:
    """The name of the module a plugin object (a module, a class or an instance) comes from."""
    if isinstance(plugin, ModuleType):
        return plugin.__name__
    if isinstance(plugin, type):
        return plugin.__module__
    return type(plugin).__module__


@functools.lru_cache(maxsize=256)
def installed(module: str) -> tuple[str, str] | None:
    """(name, version) of the installed distribution that holds ``module``, or None when no
    installed distribution holds it (a plugin registered in-process). Remembered per process:
    reading every installed distribution's files is slow, and what is installed does not
    change under a running game (an agent is built for every decision; the lab asks for every
    game's record)."""
    top = module.partition(".")[0]
    try:
        dist = metadata.distribution(top)  # the usual case: asobi_x in asobi-x
    except (metadata.PackageNotFoundError, ValueError):
        dist = None
    if dist is not None and top in _top_levels(dist):
        return dist.metadata["Name"] or top, dist.version
    try:
        owners = metadata.packages_distributions().get(top, [])  # every installed file
    except Exception:  # a broken installation: the module name will have to do
        return None
    for owner in sorted(set(owners)):
        try:
            return owner, metadata.version(owner)
        except metadata.PackageNotFoundError:
            continue
    return None


def _top_levels(dist: metadata.Distribution) -> set[str]:
    """The top-level import names a distribution provides (its ``top_level.txt``, else the
    folders and modules among its files, else its normalised name)."""
    listed = dist.read_text("top_level.txt")
    if listed:
        return {line.strip() for line in listed.splitlines() if line.strip()}
    names = {
        str(path.parts[0]).removesuffix(".py")
        for path in dist.files or []
        if path.parts and not str(path.parts[0]).endswith((".dist-info", ".egg-info", ".pth"))
    }
    return names or {str(dist.metadata["Name"]).replace("-", "_")}


def distribution_of(module: str) -> str | None:
    """``name version`` of the installed distribution providing ``module``, or None."""
    found = installed(module)
    return None if found is None else f"{found[0]} {found[1]}"


def origin_of(plugin: object) -> str:
    """Who provides ``plugin``: its distribution and version when one is installed, else the
    name of its module (a plugin object registered by hand)."""
    module = module_of(plugin)
    return distribution_of(module) or module
