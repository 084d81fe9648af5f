"""The ``web`` frontend: every installed game in the browser.

``asobi serve`` runs a long-lived server for a club (games kept in SQLite, one private link per
human seat); ``asobi play GAME --frontend web`` starts a local server with that one game and
opens it in the browser. See ``README.md`` in this folder for the API and the view contract.
"""

from asobi_frontends.web.server import WebFrontend

FRONTEND = WebFrontend()

__all__ = ["FRONTEND", "WebFrontend"]
