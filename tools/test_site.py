"""Browser test of the built docs site, in headless Debian Chromium driven by Selenium.

python tools/build_docs.py --out _site && MRFLIT_SITE=_site pytest -q tools/test_site.py

Serves the site on 127.0.0.1, opens the index, one API page and one reproduction page, and checks each shows
its title, a rendered formula (MathJax output, not raw TeX) and a plot; the API page shows a parameter table;
search finds a function by name. Screenshots go to $MRFLIT_ARTIFACTS (default: artifacts/) — CI keeps them."""

import functools, http.server, os, threading
from pathlib import Path
import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

SITE = Path(os.environ.get("MRFLIT_SITE", "_site")).resolve()
ART = Path(os.environ.get("MRFLIT_ARTIFACTS", "artifacts")).resolve()


@pytest.fixture(scope="module")
def base_url():
    if not (SITE / "index.html").exists():
        pytest.fail(f"no site at {SITE}: run python tools/build_docs.py --out {SITE}")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *a):
            pass

    handler = functools.partial(Quiet, directory=str(SITE))
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_port}"
    srv.shutdown()


@pytest.fixture(scope="module")
def browser():
    o = webdriver.ChromeOptions()
    o.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for a in [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        "--window-size=1280,1600",
    ]:
        o.add_argument(a)
    d = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=o)
    yield d
    d.quit()


def _open(browser, url, shot=None):
    browser.get(url)
    WebDriverWait(browser, 30).until(lambda d: d.execute_script("return document.readyState") == "complete")
    WebDriverWait(browser, 30).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "mjx-container")
    )  # MathJax has typeset
    if shot:
        ART.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(ART / shot))


def _images(browser):
    return [
        i
        for i in browser.find_elements(By.CSS_SELECTOR, "article img, main img")
        if browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 100", i)
    ]


@pytest.mark.parametrize(
    "page,title,shot",
    [
        ("index.html", "mrflit", "index.png"),
        ("gibbs.html", "Gibbs sampling", "api-gibbs.png"),
        ("geng2018.html", "Reproduction: Geng et al.", "repro-geng2018.png"),
    ],
)
def test_page_has_title_formula_and_plot(browser, base_url, page, title, shot):
    _open(browser, f"{base_url}/{page}", shot)
    assert title in browser.find_element(By.CSS_SELECTOR, "article h1").text
    assert len(browser.find_elements(By.CSS_SELECTOR, "mjx-container")) >= 1
    assert not browser.find_elements(By.XPATH, "//*[contains(text(), '\\\\theta')]"), (
        "raw TeX left on the page"
    )
    assert len(_images(browser)) >= 1, "no rendered plot"


def test_api_page_has_parameter_table(browser, base_url):
    _open(browser, f"{base_url}/gibbs.html")
    heads = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "table th")]
    assert "Type" in heads and "Default" in heads and "Details" in heads
    assert browser.find_elements(By.ID, "gibbs-sample"), "no anchor for gibbs_sample"


def test_search_finds_a_function(browser, base_url):
    browser.get(f"{base_url}/search.html?q=gibbs_sample")
    WebDriverWait(browser, 30).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results li a, ul.search li a")
    )
    hits = [a.text for a in browser.find_elements(By.CSS_SELECTOR, "#search-results li a, ul.search li a")]
    ART.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ART / "search.png"))
    assert any("Gibbs sampling" in h for h in hits), hits


@pytest.mark.parametrize("page", ["ising_lasso.html", "stability.html"])
def test_api_tables_signatures_and_equations_are_whole(browser, base_url, page):
    """On an API page: no parameter-table row holds only a stray line of a description, no signature box
    hides part of its lines behind a scroll bar, no display equation is cut at its left edge."""
    _open(browser, f"{base_url}/{page}")
    stray = browser.execute_script(
        "return [...document.querySelectorAll('article table tbody tr')].filter(r => {"
        " const c = [...r.cells].map(x => x.textContent.trim());"
        " return c.length > 1 && c[0] && c.slice(1).every(x => !x); }).map(r => r.textContent.trim())"
    )
    assert not stray, stray
    cut = browser.execute_script(
        "return [...document.querySelectorAll('div.mrflit-signature pre')]"
        ".filter(p => p.scrollWidth > p.clientWidth + 1).map(p => p.textContent.slice(0, 60))"
    )
    assert not cut, cut
    assert browser.find_elements(By.CSS_SELECTOR, "div.mrflit-signature pre"), "no signature box found"
    left = browser.execute_script(
        "return [...document.querySelectorAll('div.math mjx-container')].filter(m =>"
        " m.getBoundingClientRect().left < m.parentElement.getBoundingClientRect().left - 1)"
        ".map(m => m.textContent.slice(0, 40))"
    )
    assert not left, left
