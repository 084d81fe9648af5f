"""Sakura for asobi: painters follow the Emperor through his cherry garden.

Modules: ``cards`` (the card value and action kinds), ``garden`` (the path of spaces),
``rules`` (variant schema and the compiled rules), ``state`` (the game state and its one
constructor), ``setup`` (deck, deal, exact positions), ``turn`` (legal actions and a round
step by step), ``movement`` (moves, bumps, who is closest), ``scoring`` (trees and the end of
the game), ``observe`` (what a seat sees), ``engine`` (all of those in one import), ``view``
(text drawing and descriptions), ``ai`` and ``search`` (agents), ``bench`` (the engine
benchmark), ``records`` (replaying a record), ``plugin`` (the asobi hooks).
"""
