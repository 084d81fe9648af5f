"""The command line: `asobi` and its commands (main), `asobi play` (play), the questions asked
in a terminal (chooser, questions), the remembered answers (userconfig), progress bars."""
