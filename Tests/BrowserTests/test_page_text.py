"""Nothing typed on the board page vanishes, in a real Chromium: fields show the limit near it and
take no more than fits, text the rules refuse keeps the field open with the reason, a rename whose
tile someone deletes keeps its text with a way to add it, and the question before deleting a
section counts a tile someone holds and names them."""

from conftest import order, shot, wait_version


def open_field(page, selector):
    page.click(selector)
    return page.locator(".inline-field input")


def test_a_field_shows_the_limit_and_takes_no_more_than_fits(server, people):
    page = people(server, "alice")
    field = open_field(page, '[data-section-id="todo"] .add-tile')
    field.press_sequentially("x" * 79)
    assert page.locator(".inline-field .field-counter").is_hidden()
    field.press_sequentially("x")
    assert page.text_content(".inline-field .field-counter") == "80/100"
    page.evaluate("""text => {
        const data = new DataTransfer(); data.setData('text/plain', text);
        document.querySelector('.inline-field input').dispatchEvent(
            new InputEvent('beforeinput', { inputType: 'insertFromPaste', dataTransfer: data, bubbles: true, cancelable: true }));
    }""", "y" * 500)
    assert field.input_value() == "x" * 80 + "y" * 20
    assert page.text_content(".inline-field .field-counter") == "100/100"
    assert "the rest of what was typed was not added" in page.text_content(".inline-field .field-note")
    field.press_sequentially("z")
    assert field.input_value() == "x" * 80 + "y" * 20, "a key past the limit is not taken"
    shot(page, "field-at-its-limit")
    field.press("Enter")
    page.wait_for_selector(".tile-label:text-is('%s')" % ("x" * 80 + "y" * 20))
    wait_version(page, 1)
    assert "x" * 80 + "y" * 20 in [item["label"] for item in server.snapshot("demo")["sections"][0]["items"]]


def test_text_the_rules_refuse_keeps_the_field_open_with_the_reason(server, people):
    page = people(server, "alice")
    page.focus('[data-item-id="maps"]')
    page.keyboard.press("F2")
    field = page.locator('[data-item-id="maps"] input')
    field.fill("   ")
    field.press("Enter")
    assert page.text_content(".inline-field .field-note") == "The text cannot be empty or only spaces."
    assert field.is_visible() and field.input_value() == "   "
    page.evaluate("""() => {
        const input = document.querySelector('.inline-field input');
        input.setSelectionRange(input.value.length, input.value.length);
        input.dispatchEvent(new InputEvent('beforeinput', { inputType: 'insertText', data: 'Atlas\\u202e', bubbles: true, cancelable: true }));
    }""")
    assert field.input_value() == "   Atlas", "a direction override is left out"
    field.press("Enter")
    page.wait_for_selector('[data-item-id="maps"] .tile-label:text-is("Atlas")')
    assert page.errors == []


def test_a_rename_whose_tile_someone_deletes_keeps_its_text_to_add_as_a_new_tile(server, people):
    alice = people(server, "alice")
    bob = people(server, "bob")
    alice.focus('[data-item-id="maps"]')
    alice.keyboard.press("F2")
    alice.locator('[data-item-id="maps"] input').fill("Maps of the whole world")
    bob.focus('[data-item-id="maps"]')
    bob.keyboard.press("Delete")
    kept = alice.locator(".kept-text")
    kept.wait_for()
    assert kept.locator("p").text_content() == "bob deleted Maps while you were renaming it; your text is kept."
    assert kept.locator("q").text_content() == "Maps of the whole world"
    assert alice.locator('[data-item-id="maps"]').count() == 0
    shot(alice, "kept-text-after-a-delete")
    kept.locator("button:text-is('Add as a new tile')").click()
    bob.wait_for_selector('.tile-label:text-is("Maps of the whole world")')
    todo = order(server.snapshot("demo"))["todo"]
    assert len(todo) == 7 and alice.locator(".kept-text").count() == 0
    assert alice.errors == [] and bob.errors == []


def test_the_section_question_counts_a_held_tile_and_names_its_holder(server, people, browser):
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 1280, "height": 760}, color_scheme=scheme)
        try:
            alice = context.new_page()
            alice.goto(server.url("/b/demo?user=alice"))
            alice.wait_for_selector('[data-board][data-connection="connected"]')
            bob = people(server, "bob")
            bob.focus('[data-item-id="weather"]')
            bob.keyboard.press("Space")
            bob.keyboard.press("ArrowRight")
            alice.wait_for_selector('[data-section-id="done"] [data-placeholder-for]')
            alice.click('[data-section-id="todo"] .delete-section')
            question = alice.locator(".confirm p")
            question.wait_for()
            assert question.text_content() == "Delete section “To do” and its 7 tiles? bob is moving one of them."
            assert alice.locator('[data-section-id="todo"] .tile[data-item-id]').count() == 6
            shot(alice, f"section-question-with-a-held-tile-{scheme}")
            alice.click(".confirm button:text-is('Keep it')")
            assert alice.locator(".confirm").count() == 0
            assert len(order(server.snapshot("demo"))["todo"]) == 7
            bob.keyboard.press("Escape")
        finally:
            context.close()
