"""The board pages in a real Chromium (Debian's, driven by Playwright) against a real
board-server on loopback. One browser for the whole run; every test gets its own server with a
fresh data file, and every person their own browser context (own storage, own socket)."""

import http.client
import json
import os
import pathlib
import subprocess
import tempfile

import pytest
from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(os.environ.get("BOARD_SYNC_BIN") or ROOT / ".build" / "debug")
ARTIFACTS = ROOT / ".build" / "browser-artifacts"
CHROMIUM = os.environ.get("BOARD_SYNC_CHROMIUM", "/usr/bin/chromium")
WAIT_MS = 15_000


class Server:
    """One board-server process on 127.0.0.1; `restart` keeps its port and its data. `binary`
    replaces the built board-server (another build of it, as a new release would); `port` 0 takes
    a free one."""

    def __init__(self, directory, *arguments, binary=None, port=0):
        self.directory = pathlib.Path(directory)
        self.arguments = list(arguments)
        self.binary = pathlib.Path(binary) if binary else BIN / "board-server"
        self.port = port
        self.process = None
        self.log = open(self.directory / "server.log", "ab")
        self.start()

    def start(self):
        command = [str(self.binary), "--host", "127.0.0.1", "--port", str(self.port),
                   "--data", str(self.directory / "boards.sqlite"), *self.arguments]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log)
        line = self.process.stdout.readline().decode()
        if not line.startswith("listening on "):
            raise RuntimeError(f"board-server did not start: {line!r}; log in {self.directory}")
        self.port = int(line.rsplit(":", 1)[1])

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        self.process = None

    def restart(self):
        self.stop()
        self.start()

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def request(self, path, headers=None, method="GET"):
        """A raw HTTP request: the path is sent exactly as given. Answers (status, headers, body)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.putrequest(method, path, skip_accept_encoding=True)
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        connection.endheaders()
        response = connection.getresponse()
        body = response.read()
        result = (response.status, {k.lower(): v for k, v in response.getheaders()}, body)
        connection.close()
        return result

    def snapshot(self, board, token=None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        status, _, body = self.request(f"/boards/{board}", headers)
        assert status == 200, (status, body)
        return json.loads(body)


def order(snapshot):
    """{section id: [item ids]} of a snapshot."""
    return {section["id"]: [item["id"] for item in section["items"]] for section in snapshot["sections"]}


@pytest.fixture(scope="session")
def browser():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def server():
    with tempfile.TemporaryDirectory(prefix="board-page-") as directory:
        running = Server(directory, "--demo")
        yield running
        running.stop()


@pytest.fixture
def make_server():
    """Starts servers with other arguments (tokens); all stopped after the test."""
    started = []
    directories = []

    def make(*arguments, files=None):
        directory = tempfile.TemporaryDirectory(prefix="board-page-")
        directories.append(directory)
        for name, text in (files or {}).items():
            (pathlib.Path(directory.name) / name).write_text(text)
        resolved = [str(pathlib.Path(directory.name) / a) if a in (files or {}) else a for a in arguments]
        running = Server(directory.name, *resolved)
        started.append(running)
        return running

    yield make
    for running in started:
        running.stop()
    for directory in directories:
        directory.cleanup()


@pytest.fixture
def people(browser):
    """Opens one browser context per person: `people(server, "alice")` answers a page on the
    demo board once its connection is live."""
    contexts = []

    def open_page(server, user, board="demo", token=None, width=1280, height=760, wait=True):
        context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="no-preference")
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.errors = errors
        query = f"?user={user}" + (f"&token={token}" if token else "")
        page.goto(server.url(f"/b/{board}{query}"))
        if wait:
            page.wait_for_selector(f'[data-board="{board}"][data-connection="connected"]')
        return page

    yield open_page
    for context in contexts:
        context.close()


def shot(page, name):
    """Saves a screenshot as a test artifact (.build/browser-artifacts/NAME.png)."""
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def tile_ids(page, section):
    return page.eval_on_selector_all(
        f'[data-section-id="{section}"] [data-item-id]', "tiles => tiles.map(tile => tile.dataset.itemId)")


def page_order(page):
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('[data-section-id]')]
        .map(section => [section.dataset.sectionId,
            [...section.querySelectorAll('[data-item-id]')].map(tile => tile.dataset.itemId)]))""")


def version(page):
    return int(page.get_attribute("[data-board]", "data-version"))


def wait_version(page, at_least):
    page.wait_for_function(
        "v => Number(document.querySelector('[data-board]').dataset.version) >= v", arg=at_least)


def center(page, selector):
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
