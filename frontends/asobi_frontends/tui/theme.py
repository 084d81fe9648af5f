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
"""From this size on, the choices sit beside the game, and the story under it, instead of
both below it."""

SIDE_WIDTH = (36, 46)
GAME_WIDTH = 80
"""Beside the game, the choices are 36 to 46 columns wide: the game's view keeps 80 columns
where the terminal has them (a Koi-Koi hand of four full-size tiles a row)."""

BELOW_ROWS = 8
"""The rows kept below the game for the choices and the story (the compact layout), or for
the story alone (beside): the game's view has the rest, and what it leaves of them goes to
them too."""

CSS = """
Screen { layout: vertical; }
#status { height: 1; background: $primary; color: $background; padding: 0 1; }
/* A grid: the game's view on the first row, then the story under it and the choices beside
   both; the compact layout has the view across the width and the choices and the story side
   by side under it. The size of the view's row and of the side column is set by the tabletop
   (Tabletop.fit): the view takes the rows it draws, the rest goes to the choices and the
   story. */
#main { height: 1fr; layout: grid; grid-size: 2 2; grid-rows: 1fr 8; grid-columns: 1fr 46; }
#view { width: 1fr; height: 1fr; }
#choices { row-span: 2; }
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
#keys { height: 1; background: $panel; color: $text; padding: 0 1; link-style: none; }
Screen.-compact #view { column-span: 2; }
Screen.-compact #choices { row-span: 1; }
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
.dialog.-small { max-width: 64; }
.dialog-title { text-style: bold; color: $accent; height: auto; }
.dialog-body { height: auto; max-height: 16; }
.dialog-keys { color: $text-muted; height: 1; }
#dialog-choices {
    height: auto; max-height: 8; scrollbar-gutter: stable; scrollbar-size-vertical: 1;
}
#save-name { width: 100%; }
"""
