"""The web API as the tests call it through a client (Starlette's TestClient or httpx): make a
game with every human seat's token, read a seat's payload, move."""

from __future__ import annotations


def start(client, game="nim", seats=("human", "ai:random"), **extra):
    """Create a game; return the answer with ``tokens``: one per human seat, the creator's
    own and, for the others, a token minted by claiming their invitation."""
    res = client.post("/api/games", json={"game": game, "seats": list(seats), **extra})
    assert res.status_code == 201, res.text
    created = res.json()
    tokens = [None] * len(seats)
    if created["seat"] is not None:
        tokens[created["seat"]] = created["token"]
    for invitation in created["invitations"]:
        claim = client.post(f"/api/join/{created['id']}", json={"code": invitation["code"]})
        assert claim.status_code == 200, claim.text
        tokens[claim.json()["seat"]] = claim.json()["token"]
    return {**created, "tokens": tokens}


def seat_get(client, game_id, token, since=-1):
    res = client.get(f"/api/play/{game_id}?since={since}", headers={"X-Asobi-Token": token})
    assert res.status_code == 200, res.text
    return res.json()


def move(client, game_id, token, index=0, version=None):
    if version is None:
        version = seat_get(client, game_id, token)["version"]
    return client.post(f"/api/play/{game_id}/act", json={"index": index, "version": version},
                       headers={"X-Asobi-Token": token})
