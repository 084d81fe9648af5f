"""The three colour themes of ``--theme`` and the table's style sheet."""

from __future__ import annotations

from textual.theme import Theme

HIGH_CONTRAST = Theme(
    name="asobi-high-contrast",
    primary="#ffff00",
    secondary="#00ffff",
    accent="#ffff00",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#1a1a1a",
    success="#00ff00",
    warning="#ffff00",
    error="#ff4040",
    dark=True,
)

DEFAULT = Theme(
    name="asobi-default",
    primary="#c2185b",
    secondary="#5c8a3a",
    accent="#f4a7b9",
    foreground="#f0ebe3",
    background="#1d1b22",
    surface="#27242d",
    panel="#332f3a",
    success="#7cb342",
    warning="#ffb300",
    error="#e53935",
    dark=True,
)

TEXTUAL_THEMES = {
    "default": DEFAULT.name,
    "high-contrast": HIGH_CONTRAST.name,
    "monochrome": "ansi-dark",
}
"""``--theme`` -> the Textual theme; ``ansi-dark`` keeps to the terminal's 16 colours."""

MIN_WIDTH = 80
MIN_HEIGHT = 24
"""The smallest terminal the table is drawn in (the compact layout)."""

ROOMY_WIDTH = 120
ROOMY_HEIGHT = 34
"""From this size on, the choices and the story sit beside the game instead of below it."""

SIDE_WIDTH = (36, 46)
GAME_WIDTH = 80
"""Beside the game, the choices and the story are 36 to 46 columns wide: the game's view keeps
80 columns where the terminal has them (a Koi-Koi hand of four full-size tiles a row)."""

CSS = """
Screen { layout: vertical; }
#status { height: 1; background: $primary; color: $background; padding: 0 1; }
#main { height: 1fr; layout: horizontal; }
#view { width: 1fr; height: 1fr; }
#side { width: 46; height: 1fr; layout: vertical; }
/* The lists of choices keep their scrollbar's column whether it shows or not: an option's
   lines are counted at one width, and a scrollbar that appears later would narrow the text
   and push its last wrapped line out of the option (issue 37). */
#choices {
    height: 1fr; border: round $secondary; border-title-color: $text;
    scrollbar-gutter: stable; scrollbar-size-vertical: 1;
}
#choices:focus { border: round $accent; }
#log {
    height: 1fr; border: round $secondary; border-title-color: $text;
    overflow-x: hidden; scrollbar-size-vertical: 1;
}
#toosmall { display: none; }
#keys { height: 1; background: $panel; color: $text; padding: 0 1; }
Screen.-compact #main { layout: vertical; }
Screen.-compact #side { width: 100%; height: 8; layout: horizontal; }
Screen.-compact #choices { width: 1fr; height: 100%; }
Screen.-compact #log { width: 1fr; height: 100%; }
Screen.-toosmall #main { display: none; }
Screen.-toosmall #status { display: none; }
Screen.-toosmall #keys { display: none; }
Screen.-toosmall #toosmall {
    display: block; height: 1fr; content-align: center middle; text-align: center;
}
.dialog-screen { align: center middle; background: $background 60%; }
.dialog {
    width: 90%; max-width: 100; height: auto; max-height: 90%;
    border: thick $primary; background: $surface; padding: 0 1;
}
.dialog-title { text-style: bold; color: $accent; height: auto; }
.dialog-body { height: auto; max-height: 16; }
.dialog-keys { color: $text-muted; height: 1; }
#dialog-choices {
    height: auto; max-height: 8; scrollbar-gutter: stable; scrollbar-size-vertical: 1;
}
#save-name { width: 100%; }
"""
