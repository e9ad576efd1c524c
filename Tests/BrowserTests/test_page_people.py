"""The board page's top bar in a real Chromium: with a crowd of protocol clients (Python
websockets) on the board, one line of badges whatever the crowd, the rest behind "+N", which
opens everyone, and one badge per name; with long names on a phone, two lines at most."""

import contextlib
import json
import threading

from websockets.sync.client import connect

from conftest import shot

CROWD = ["bob", "carol", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"]


@contextlib.contextmanager
def crowd(server, names, board="demo"):
    """One WebSocket client per name on `board`, each past its welcome and reading everything
    after it (so that its closing handshake is read too), closed after."""
    with contextlib.ExitStack() as stack:
        for index, name in enumerate(names):
            socket = stack.enter_context(connect(f"ws://127.0.0.1:{server.port}/boards/{board}",
                                                 subprotocols=["boardsync.v1"], open_timeout=10))
            socket.send(json.dumps({"type": "hello", "client": f"crowd-{index}", "user": name}))
            assert json.loads(socket.recv(timeout=10))["type"] == "welcome"
            threading.Thread(target=read_until_closed, args=(socket,), daemon=True).start()
        yield


def read_until_closed(socket):
    for _ in socket:
        pass


def shown_names(page):
    return page.eval_on_selector_all(".people-shown .person:not([hidden]) .person-name",
                                     "names => names.map(name => name.textContent)")


def test_people_who_do_not_fit_are_behind_a_button_that_opens_everyone(server, people):
    with crowd(server, CROWD):
        alice = people(server, "alice", width=420, height=700)
        alice.wait_for_function(f"() => window.boardPage.status.peers.length === {len(CROWD)}")
        badges = alice.locator(".people-shown .person")
        assert badges.count() == len(set(CROWD)) + 1, "one badge per name"
        carol = alice.locator('.people-shown .person:has(.person-name:text-is("carol"))')
        assert carol.locator(".person-count").text_content() == "×2"
        more = alice.locator(".people-more")
        more.wait_for()
        shown = shown_names(alice)
        assert shown[0] == "alice (you)"
        hidden = [name for name in sorted(set(CROWD)) if name not in shown]
        assert hidden and shown == ["alice (you)", *sorted(set(CROWD))][:len(shown)], shown
        assert more.text_content() == f"+{len(hidden)}"
        assert more.get_attribute("aria-label") == f"{len(hidden)} more: {', '.join(hidden)}"
        topbar = alice.locator(".topbar").bounding_box()
        first = badges.first.bounding_box()
        for badge in alice.locator(".people-shown .person:not([hidden])").all() + [more]:
            box = badge.bounding_box()
            assert abs(box["y"] - first["y"]) < 4, "the badges share one line"
            assert box["x"] + box["width"] <= 420, "no badge runs off the screen"
        assert topbar["height"] < 100, "two lines at most on a narrow screen"
        shot(alice, "people-narrow")

        more.click()
        everyone = alice.locator(".people-all")
        everyone.wait_for()
        listed = everyone.locator(".person-name").all_text_contents()
        button = more.bounding_box()
        assert everyone.bounding_box()["y"] >= button["y"] + button["height"], "it opens under the button"
        assert listed == ["alice (you)", *sorted(set(CROWD))]
        shot(alice, "people-everyone")
        alice.keyboard.press("Escape")
        everyone.wait_for(state="hidden")

        alice.set_viewport_size({"width": 1600, "height": 700})
        more.wait_for(state="hidden")
        assert shown_names(alice) == ["alice (you)", *sorted(set(CROWD))]
        assert alice.locator(".topbar").bounding_box()["height"] < 60, "one line on a wide screen"

        alice.set_viewport_size({"width": 700, "height": 700})
        more.wait_for()
        assert len(shown_names(alice)) < len(set(CROWD)) + 1
    alice.wait_for_function("() => window.boardPage.status.peers.length === 0")
    alice.locator(".people-more").wait_for(state="hidden")
    assert shown_names(alice) == ["alice (you)"]
    assert alice.errors == []


def test_a_long_board_name_and_a_long_name_keep_the_bar_to_two_lines_on_a_phone(server, people):
    board = "quarterly-planning-for-the-platform-team-and-friends"
    page = people(server, "Maximiliana Konstantinopoulou-W", board=board, width=390, height=700)
    title = page.locator("#board-name")
    assert title.get_attribute("title") == board
    assert title.evaluate("element => element.scrollWidth > element.clientWidth"), "the name is cut short"
    undo = page.locator("#undo").bounding_box()
    assert abs(undo["y"] - title.bounding_box()["y"]) < 20, "the name shares its line with Undo"
    assert undo["x"] + undo["width"] <= 390
    assert page.locator(".topbar").bounding_box()["height"] < 100
    shot(page, "long-names-phone")
    assert page.errors == []
