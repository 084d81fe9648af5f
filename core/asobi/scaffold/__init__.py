"""``asobi new``: start a game, a house-rule variant, a house-rule pack or a frontend of your own.

* :func:`new_game` writes ``asobi-NAME/``: a pip-installable game package whose placeholder
  game (with hidden hands, a text view, the ``search`` AI and four languages) passes the
  conformance kit, with tests that say so, and plays in the browser through the web frontend's
  generic view;
* :func:`new_variant` writes ``NAME.yaml``, a variant of an installed game that extends its
  default variant and passes ``asobi variant check``;
* :func:`new_pack` writes ``asobi-NAME/``: a house-rule pack (variants to install and share)
  holding a first variant of a game, with a test that every file of it loads by name;
* :func:`new_frontend` writes ``asobi-NAME/``: a frontend package with its own option and
  tests.

Names are checked and an existing file or folder is never replaced: every refusal is an
:class:`asobi.errors.AsobiError` and writes nothing. :func:`add_new_command` adds the command
to the CLI.
"""

from __future__ import annotations

from .command import add_new_command, cmd_new
from .names import PackageNames, check_variant_name, package_names
from .packages import new_frontend, new_game, new_pack
from .variant import new_variant, variant_text

__all__ = [
    "PackageNames",
    "add_new_command",
    "check_variant_name",
    "cmd_new",
    "new_frontend",
    "new_game",
    "new_pack",
    "new_variant",
    "package_names",
    "variant_text",
]
