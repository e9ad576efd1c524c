"""The board page with a JSON Web Token (protocol 1.2 section 12): the token leaves the address
bar and the history but stays for the tab, the token's name is the one others see, and an
expired token ends the session with words that say so."""

import time

import jwt

from conftest import shot

SECRET = "a-page-secret-of-at-least-thirty-two-bytes"


def signed(name, lifetime):
    return jwt.encode({"sub": name.lower(), "name": name, "role": "editor", "boards": ["team-*"],
                       "exp": int(time.time()) + lifetime}, SECRET.encode(), algorithm="HS256")


def test_the_page_takes_the_token_out_of_the_address_and_keeps_it_for_the_tab(make_server, people):
    server = make_server("--jwt-key", "jwt.secret", files={"jwt.secret": SECRET})
    page = people(server, "spoofed", board="team-a", token=signed("Ada", 600))
    assert "token" not in page.url
    assert "token" not in page.evaluate("() => location.href")
    page.reload()
    page.wait_for_selector('[data-board="team-a"][data-connection="connected"]')
    assert page.evaluate("() => sessionStorage.getItem('boardsync.token')") is not None
    other = people(server, "Bea", board="team-a", token=signed("Bea", 600))
    other.wait_for_function("() => document.body.innerText.includes('Ada')")
    assert "spoofed" not in other.evaluate("() => document.body.innerText")
    shot(other, "signed-token-peer")
    # The entry the token arrived in was replaced: going back leaves the board's address.
    page.go_back()
    assert "token" not in page.url


def test_an_expired_token_says_the_session_expired(make_server, people):
    server = make_server("--jwt-key", "jwt.secret", files={"jwt.secret": SECRET})
    # Inside the 60 s of allowed clock skew for 3 s more: admitted, then closed with 4401.
    page = people(server, "Ada", board="team-a", token=signed("Ada", -57))
    page.wait_for_selector('#blocker:visible:has-text("Your session expired")', timeout=20_000)
    shot(page, "signed-token-expired")
