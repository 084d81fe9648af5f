"""The host side of pluggy: finding the installed plugins (registry, installed), each game's
plugin manager with every implementation guarded (manager), the typed facade over a game's
hooks (gamehooks), and plugin faults (faults)."""
