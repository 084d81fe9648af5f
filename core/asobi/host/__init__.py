"""The host side of pluggy: finding the installed plugins (registry, installed), calling a
game's hooks through typed facades (gamehooks, toolhooks, hookcalls), and blaming the right
plugin when one fails (faults)."""
