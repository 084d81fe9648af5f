"""Sakura for asobi: painters follow the Emperor through his cherry garden.

Modules: ``cards`` (the card value and action kinds), ``garden`` (the path of spaces),
``rules`` (variant schema and the compiled rules), ``engine`` (state and rules mechanics),
``view`` (text drawing and descriptions), ``ai`` (agents), ``calibrate`` (simulation and
benchmark), ``plugin`` (the asobi hooks).
"""
