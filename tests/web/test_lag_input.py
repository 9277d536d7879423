"""The lag result as an input (RULES GEN-12): people and scorekeepers say who won the lag on the real table."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from poolhall.web.app import create_app


@pytest.mark.parametrize("winner", ["A", "B"])
def test_gen_12_the_lag_winner_given_chooses_who_breaks_and_survives_a_restart(db: Path, winner: str) -> None:
    """GEN-12: "the referee receives the lag result as an input"; a resumed match keeps it."""
    body = {"game": "straight-pool", "mode": "scorekeeper", "seed": 1, "lag_winner": winner}
    with TestClient(create_app(db, thinkers="thread")) as client:
        made = client.post("/api/matches", json=body).json()
        asked = client.get(f"/api/matches/{made['id']}").json()["match"]["asked"]
        assert (asked["kind"], asked["player"]) == ("choose-breaker", winner)
        record = client.get(f"/api/matches/{made['id']}/record").json()
        assert record["lag_winner"] == winner
    with TestClient(create_app(db, thinkers="thread")) as again:
        assert again.get(f"/api/matches/{made['id']}").json()["match"]["asked"]["player"] == winner


def test_gen_12_a_lag_winner_other_than_a_seat_is_refused(client: TestClient) -> None:
    assert client.post("/api/matches", json={"lag_winner": "C"}).status_code == 422
