"""Takes docs/two-people.png from the real page: two people on the demo board, bob mid-drag
(his lifted tile under his pointer) and, beside him, alice watching his placeholder travel.

    python Tests/BrowserTests/readme_screenshot.py [--bin .build/debug]
"""

import argparse
import base64
import pathlib
import sys
import tempfile

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import conftest  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]

# True once nothing on the page moves any more and no tile is marked as someone's change.
SETTLED = """() => document.getAnimations().every(a => a.playState !== 'running')
  && !document.querySelector('.marked')"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(conftest.BIN))
    parser.add_argument("--out", default=str(ROOT / "docs" / "two-people.png"))
    options = parser.parse_args()
    conftest.BIN = pathlib.Path(options.bin)
    with tempfile.TemporaryDirectory() as directory, sync_playwright() as playwright:
        server = conftest.Server(directory, "--demo")
        browser = playwright.chromium.launch(executable_path=conftest.CHROMIUM, args=["--no-sandbox"])
        size = {"width": 900, "height": 560}
        pages = {}
        for user in ["alice", "bob"]:
            page = browser.new_context(viewport=size, device_scale_factor=1).new_page()
            page.goto(server.url(f"/b/demo?user={user}"))
            page.wait_for_selector('[data-connection="connected"]')
            pages[user] = page
        alice, bob = pages["alice"], pages["bob"]
        alice.focus('[data-item-id="maps"]')
        alice.keyboard.press("Space")
        alice.keyboard.press("ArrowRight")
        alice.keyboard.press("Enter")
        bob.wait_for_selector('[data-section-id="done"] [data-item-id="maps"]')
        alice.evaluate("document.activeElement.blur()")
        bob.wait_for_function(SETTLED)
        x, y = conftest.center(bob, '[data-item-id="photos"]')
        tx, ty = conftest.center(bob, '[data-section-id="done"] [data-item-id="files"]')
        bob.mouse.move(x, y)
        bob.mouse.down()
        bob.mouse.move(tx + 14, ty - 8, steps=10)
        alice.wait_for_selector('[data-section-id="done"] [data-placeholder-for]')
        alice.wait_for_function(SETTLED)
        bob.wait_for_function(SETTLED)
        shots = {user: base64.b64encode(page.screenshot()).decode() for user, page in pages.items()}
        sheet = browser.new_page(viewport={"width": 1860, "height": 640})
        sheet.set_content(f"""<body style="margin:0;background:#dfe3ea;font:15px system-ui;display:flex;gap:20px;padding:20px">
          <figure style="margin:0"><img style="border-radius:10px;box-shadow:0 4px 18px #0002" src="data:image/png;base64,{shots['bob']}">
          <figcaption style="padding:8px 4px;color:#445">bob drags Photos into Done</figcaption></figure>
          <figure style="margin:0"><img style="border-radius:10px;box-shadow:0 4px 18px #0002" src="data:image/png;base64,{shots['alice']}">
          <figcaption style="padding:8px 4px;color:#445">alice sees his placeholder travel, in his colour</figcaption></figure></body>""")
        sheet.screenshot(path=options.out)
        bob.mouse.up()
        browser.close()
        server.stop()
    print(options.out)


if __name__ == "__main__":
    main()
