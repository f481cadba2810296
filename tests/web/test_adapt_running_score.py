"""The teacher sees Adapt or Die's running score (newcomer walkthrough, item 4): the table's summary (the teacher's
page, the class debrief) has each seat's unfit score as its board shows it, labelled Unfit, lower is better."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from evogames.bots import make_bot
from evogames.core.rng import Rng
from evogames.server.lobby import Lobby
from tests.web.wsclient import run_async


def test_an_adapt_table_s_summary_has_the_running_unfit_scores(tmp_path: Path) -> None:
    async def play() -> tuple[dict[str, Any], list[Any]]:
        lobby = Lobby(f"sqlite:///{tmp_path / 'evogames.db'}", 0.0)
        try:
            made = await lobby.create({"game": "adapt", "seats": [{"kind": "human"}] * 3})
            table = lobby.get(made["table_id"])
            bot, rng = make_bot("heuristic", "adapt"), Rng(1)
            while not table.match.over and all(s is None for s in table.summary()["scores"]):
                seat = table.match.to_act[0]
                await table.act(seat, bot.choose(table.match.view(seat), rng), table.version)
            players = table.match.view(None)["players"]
            return table.summary(), [p["unfit_text"] for p in players]
        finally:
            await lobby.close()

    summary, texts = run_async(play())
    assert not summary["over"], "a running score came before the end"
    assert summary["score_label"] == "Unfit" and summary["lower_is_better"] is True
    for score, text in zip(summary["scores"], texts, strict=True):
        if score is not None:
            assert text.startswith(f"Unfit now: {score} in "), (score, text)
