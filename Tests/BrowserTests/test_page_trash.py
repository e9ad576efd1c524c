"""The trash in Chromium: the index deletes a board after a question naming its tiles and
restores it from its Trash view; a board page whose board is deleted says so, links to the
index and stops reconnecting; a name that cannot be a board's is explained."""

import json

from conftest import WAIT_MS, shot


def board_ids(server):
    status, _, body = server.request("/boards")
    assert status == 200
    return [board["id"] for board in json.loads(body)["boards"]]


def open_index(browser, server):
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(server.url("/"))
    page.wait_for_selector('.board-card[data-board-id="demo"]')
    return context, page


def test_the_index_deletes_after_asking_and_restores_from_the_trash(server, browser):
    context, page = open_index(browser, server)
    try:
        page.click('button[aria-label="Delete board demo"]')
        dialog = page.locator("#confirm-delete")
        dialog.wait_for(state="visible")
        assert page.text_content("#confirm-delete-text") == "Delete board “demo” and its 12 tiles?"
        shot(page, "index-delete-question")
        page.click('#confirm-delete button[value="keep"]')
        dialog.wait_for(state="hidden")
        assert board_ids(server) == ["demo"]

        page.click('button[aria-label="Delete board demo"]')
        page.click('#confirm-delete button[value="delete"]')
        page.wait_for_function("() => document.getElementById('change-state').textContent.includes('is in the trash')")
        page.wait_for_selector('#board-list .board-card[data-board-id="demo"]', state="detached")
        assert board_ids(server) == []

        page.click("#trash-toggle")
        card = page.wait_for_selector('#trash-list .trash-card[data-board-id="demo"]')
        assert "12 tiles" in card.text_content()
        assert card.get_attribute("data-deleted").endswith("Z")
        shot(page, "index-trash")
        page.click('button[aria-label="Restore board demo"]')
        page.wait_for_selector('#board-list .board-card[data-board-id="demo"]')
        page.wait_for_function("() => document.getElementById('trash-state').textContent === 'The trash is empty.'")
        assert page.text_content("#change-state") == "Board “demo” is back."
        assert board_ids(server) == ["demo"]
        assert server.snapshot("demo")["version"] == 0
        assert page.errors == []
    finally:
        context.close()


def test_a_restore_under_a_taken_name_says_why(server, browser):
    context, page = open_index(browser, server)
    try:
        assert server.request("/boards/demo", {"Origin": server.url("")}, method="DELETE")[0] == 204
        page.click("#trash-toggle")
        page.wait_for_selector('#trash-list .trash-card[data-board-id="demo"]')
        # Someone opens a new board of that name meanwhile.
        board = browser.new_context().new_page()
        board.goto(server.url("/b/demo?user=carol"))
        board.wait_for_selector('[data-board="demo"][data-connection="connected"]', timeout=WAIT_MS)
        page.click('button[aria-label="Restore board demo"]')
        page.wait_for_function("() => document.getElementById('change-state').textContent.includes('exists')")
        assert "demo" in page.text_content("#change-state")
        board.context.close()
    finally:
        context.close()


def test_a_board_page_says_its_board_was_deleted_and_stops(server, people):
    page = people(server, "alice")
    other = people(server, "bob")
    assert server.request("/boards/demo", method="DELETE")[0] == 204
    for shown in (page, other):
        shown.wait_for_selector("#blocker:not([hidden])")
        assert shown.text_content("#blocker-title") == "This board was deleted"
        assert shown.text_content("#blocker p").startswith("This board was deleted.")
        assert shown.get_attribute("#blocker a", "href") == "/"
        assert shown.get_attribute("body", "data-board-deleted") == "true"
    shot(page, "board-deleted")
    # It stops for good: the session is stopped, so no reconnection creates the board again.
    page.wait_for_selector('[data-board="demo"][data-connection="offline"]')
    assert board_ids(server) == []
    trash = json.loads(server.request("/boards?trash=1")[2])["trash"]
    assert [entry["id"] for entry in trash] == ["demo"]
    page.click("#blocker a")
    page.wait_for_function("() => document.getElementById('list-state').textContent.startsWith('No boards yet')")
    assert page.errors == []


def test_a_name_that_cannot_be_a_boards_gets_a_page_that_says_why(server, browser):
    context = browser.new_context()
    page = context.new_page()
    try:
        response = page.goto(server.url("/b/my%20board"))
        assert response.status == 404
        assert page.text_content("h1") == "“my board” cannot be a board name"
        assert "not a space" in page.text_content("#bad-board-name p")
        page.click("text=See every board on this server")
        page.wait_for_selector('.board-card[data-board-id="demo"]')
    finally:
        context.close()


def test_the_index_name_prompt_blames_the_board_name_not_the_user_name(server, browser):
    context, page = open_index(browser, server)
    try:
        page.fill('input[name="board"]', "no spaces please")
        page.fill('input[name="user"]', "alice")
        page.click("#open-form button[type=submit]")
        page.wait_for_function("() => document.querySelector('.field-error').textContent !== ''")
        error = page.text_content(".field-error")
        assert error.startswith("A board name"), error
        assert "Your name" not in error
    finally:
        context.close()
