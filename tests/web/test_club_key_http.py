"""A club passphrase with accents or kana works (issue 20, finding 9): ``asobi serve --club-key``
with such a key, over HTTP, for creating games and for replaying records.

A client sends the header as UTF-8 bytes (curl, httpx), percent-encoded UTF-8 (the form in which
a browser's ``fetch`` can carry any character), or, for a key of Latin-1 letters, as Latin-1
(what ``fetch`` sends for ``clé`` as it is). Each of them opens; a wrong or missing key is a 403.
"""

from __future__ import annotations

from urllib.parse import quote

import httpx2
import pytest

from support.serveproc import Served

RECORD = {"format": 1, "game": "koikoi", "variant": "standard", "seed": 7,
          "seats": ["human", "ai:easy"], "moves": []}


def forms(key: str) -> dict[str, bytes]:
    sent = {"utf-8": key.encode("utf-8"), "percent-encoded": quote(key, safe="").encode()}
    try:
        sent["latin-1"] = key.encode("latin-1")
    except UnicodeEncodeError:
        pass
    return sent


@pytest.mark.slow
@pytest.mark.parametrize("key", ["clé du club", "合言葉 sakura"])
def test_a_non_ascii_club_key_opens_creation_and_replay(tmp_path, key):
    with Served(tmp_path, "--club-key", key) as served:
        assert "club passphrase required" in served.line
        for form, value in forms(key).items():
            headers = {"X-Asobi-Club-Key": value}
            created = httpx2.post(f"{served.url}/api/games", headers=headers,
                                  json={"game": "koikoi", "seats": ["human", "ai:easy"]})
            assert created.status_code == 201, (form, created.text)
            replayed = httpx2.post(f"{served.url}/api/replay", headers=headers,
                                   json={"record": RECORD})
            assert replayed.status_code == 200, (form, replayed.text)
        wrong = [{"X-Asobi-Club-Key": (key[:-1] + "x").encode()}, {},
                 {"X-Asobi-Club-Key": key.encode("utf-8")[:-1]},
                 {"X-Asobi-Club-Key": quote(key.upper() + "!", safe="").encode()}]
        for headers in wrong:
            for route, body in (("games", {"game": "koikoi"}), ("replay", {"record": RECORD})):
                res = httpx2.post(f"{served.url}/api/{route}", headers=headers, json=body)
                assert res.status_code == 403 and res.json()["code"] == "club-key"
