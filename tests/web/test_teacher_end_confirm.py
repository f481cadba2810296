"""The teacher's "End" asks first, as "Put away finished tables" does: no, and the table plays on; yes, and it
is ended."""

from __future__ import annotations

from collections.abc import Callable

import httpx
from playwright.sync_api import Dialog, Page, expect

from tests.web.conftest import Server
from tests.web.test_classroom import make_class, teacher_tab
from tests.web.wsclient import teacher


def test_end_asks_first_and_no_keeps_the_table_playing(server: Server, new_tab: Callable[[int, int], Page]) -> None:
    tab = teacher_tab(server, new_tab)
    make_class(tab, tables=1, players=2, people=2)
    answers, asked = [False, True], []  # no, then yes

    def answer(dialog: Dialog) -> None:
        asked.append(dialog.message)
        if answers.pop(0):
            dialog.accept()
        else:
            dialog.dismiss()

    tab.on("dialog", answer)
    end = tab.get_by_role("button", name="End Class 1 · Table 1 where it stands")
    end.click()
    expect(tab.locator("table.tables")).to_contain_text("Playing")
    assert len(asked) == 1 and "End Class 1 · Table 1 now" in asked[0] and "cannot be undone" in asked[0]
    tab.reload()  # the server too: the table plays on
    expect(tab.locator("table.tables")).to_contain_text("Playing")
    [row] = httpx.get(server.url + "/api/teacher/tables", headers=teacher(server.url)).json()
    assert not row["ended"]
    tab.get_by_role("button", name="End Class 1 · Table 1 where it stands").click()
    expect(tab.locator("table.tables")).to_contain_text("Ended by you")
    assert len(asked) == 2
    [row] = httpx.get(server.url + "/api/teacher/tables", headers=teacher(server.url)).json()
    assert row["ended"]
