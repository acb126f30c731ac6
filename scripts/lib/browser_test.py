"""Browser tests of `manual serve` in headless Chromium, driven over WebDriver (Selenium).

Run by scripts/browser-test, which installs chromium, chromium-driver and Selenium first. Uses a person's
path through the web app: types a question into the ask page and presses Ask, reads the answer and its
sources from the DOM, follows a citation to the page viewer (the page image must load, at the cited
page, with the quote highlighted), follows a follow-up question, rates an answer and finds the rating
in History, uploads a PDF through the Library form (and a file that is not a PDF, whose error must be
shown), and looks at the answer on a phone-sized screen. Any console error fails the run.

Every failed check prints one line `FAIL: ...`; the run ends with `browser: N passed, M failed` and
exits 1 when anything failed. Screenshots go to a temporary artifacts folder (printed at the start);
with --update-screenshots two of them are copied to docs/ for the README.
"""

import argparse
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse

from selenium import webdriver
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from attack_page import AttackSite, library_state

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FIXTURES = os.path.join(REPO, "Fixtures")
SAMPLE = os.path.join(FIXTURES, "sample-manual.pdf")
SECOND = os.path.join(FIXTURES, "edge", "small.pdf")          # "Northwind Kettle K2 Quick Guide", 3 pages
NOT_A_PDF = os.path.join(FIXTURES, "edge", "not-a-pdf.pdf")

# From Fixtures/questions.jsonl and sample-manual.facts.json: the tire pressure monitoring system is
# described on physical page 24, whose printed label is 18.
QUESTION = "How does tire pressure monitoring work?"
CITED_PAGE, CITED_LABEL = 24, "18"
KETTLE_TITLE = "Northwind Kettle K2 Quick Guide"
DESKTOP = (1280, 900)
PHONE = (390, 844)
WAIT = 15  # seconds for any one thing to appear
# A name the browser resolves to this machine, as a DNS-rebinding page's domain would after the rebind.
REBOUND_HOST = "rebound.example"


class Failures:
    def __init__(self):
        self.passed = 0
        self.failed = []

    def check(self, condition, message):
        if condition:
            self.passed += 1
        else:
            self.failed.append(message)
            print(f"FAIL: {message}", flush=True)
        return condition


class Server:
    """`manual serve --port 0` on a library of its own; the URL is read from its first stdout line."""

    def __init__(self, binary, library, log_path):
        self.log = open(log_path, "w")
        self.process = subprocess.Popen([binary, "serve", "--db", library, "--port", "0"],
                                        stdout=subprocess.PIPE, stderr=self.log, text=True,
                                        start_new_session=True)
        lines = queue.Queue()
        threading.Thread(target=self._pump, args=(lines,), daemon=True).start()
        try:
            line = lines.get(timeout=20)
        except queue.Empty:
            self.stop()
            raise RuntimeError(f"manual serve printed nothing within 20 s (stderr: {log_path})")
        match = re.search(r"on (http://127\.0\.0\.1:\d+)/", line or "")
        if not match:
            self.stop()
            raise RuntimeError(f"manual serve did not say where it listens: {line!r} (stderr: {log_path})")
        self.url = match.group(1)

    def _pump(self, lines):
        for line in self.process.stdout:
            lines.put(line)
            self.log.write(line)
            self.log.flush()
        lines.put(None)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {result.returncode}: {result.stderr.strip()}")
    return result.stdout


def make_driver(artifacts):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--no-first-run", "--disable-extensions", "--hide-scrollbars",
                     f"--window-size={DESKTOP[0]},{DESKTOP[1]}", "--lang=en-US",
                     f"--host-resolver-rules=MAP {REBOUND_HOST} 127.0.0.1",
                     f"--user-data-dir={os.path.join(artifacts, 'chromium-profile')}"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"),
                      log_output=os.path.join(artifacts, "chromedriver.log"))
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(30)
    return driver


class Browser:
    """The driver plus what every scenario needs: waiting, screenshots, console errors."""

    def __init__(self, driver, base, artifacts, failures):
        self.driver = driver
        self.base = base
        self.artifacts = artifacts
        self.f = failures
        self.shots = {}

    def wait(self, condition, what, timeout=WAIT):
        try:
            return WebDriverWait(self.driver, timeout).until(condition)
        except TimeoutException:
            raise AssertionError(f"timed out after {timeout} s waiting for {what} (at {self.driver.current_url})")

    def visible(self, css, what=None):
        return self.wait(EC.visibility_of_element_located((By.CSS_SELECTOR, css)), what or css)

    def by_label(self, text):
        """The input a person finds by its visible label."""
        label = self.driver.find_element(By.XPATH, f"//label[normalize-space()='{text}' or starts-with(normalize-space(), '{text}')]")
        return self.driver.find_element(By.ID, label.get_attribute("for"))

    def button(self, text, within=None):
        scope = within or self.driver
        return scope.find_element(By.XPATH, f".//button[normalize-space()='{text}']")

    def link(self, text):
        return self.driver.find_element(By.XPATH, f"//a[normalize-space()='{text}']")

    def screenshot(self, name):
        path = os.path.join(self.artifacts, name + ".png")
        self.driver.save_screenshot(path)
        self.shots[name] = path
        return path

    def console_errors(self, allowed=()):
        """SEVERE console entries since the last call, less those matching an allowed pattern."""
        errors = []
        for entry in self.driver.get_log("browser"):
            if entry.get("level") != "SEVERE":
                continue
            if any(re.search(pattern, entry.get("message", "")) for pattern in allowed):
                continue
            errors.append(entry["message"])
        return errors

    def no_console_errors(self, where, allowed=()):
        for message in self.console_errors(allowed):
            self.f.check(False, f"console error on {where}: {message}")

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)


def image_state(b):
    """Whether #page-image loaded, its natural size, and how many marker-yellow pixels it has."""
    return b.js("""
        const img = document.getElementById('page-image');
        if (!img) return null;
        const state = {complete: img.complete, width: img.naturalWidth, height: img.naturalHeight, src: img.src, yellow: -1};
        if (img.complete && img.naturalWidth > 0) {
            const canvas = document.createElement('canvas');
            canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
            const context = canvas.getContext('2d');
            context.drawImage(img, 0, 0);
            const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
            let yellow = 0;
            for (let i = 0; i < data.length; i += 4) {
                // The renderer's marker (1, 0.84, 0, alpha 0.45, multiplied): red and green high, blue low.
                if (data[i] > 200 && data[i + 1] > 170 && data[i + 2] < 190 && data[i] - data[i + 2] > 60) yellow++;
            }
            state.yellow = yellow;
        }
        return state;""")


def wait_for_image(b):
    b.wait(lambda d: b.js("const i = document.getElementById('page-image'); return i && i.complete;"),
           "the page image to finish loading", timeout=30)
    return image_state(b)


def horizontal_overflow(b):
    return b.js("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")


# The scenarios. Each raises AssertionError (or a WebDriver error) when it cannot go on; single checks
# that fail are counted and the scenario goes on.

def ask_a_question(b, state):
    f = b.f
    b.driver.get(b.base + "/")
    b.visible("form.ask", "the ask form")
    f.check(b.driver.title.startswith("Ask"), f"ask page title is {b.driver.title!r}")
    box = b.by_label("Question")
    box.click()
    box.send_keys(QUESTION)
    b.button("Ask").click()
    b.visible("#answer-text", "the answer")
    state["ask_url"] = b.driver.current_url
    f.check("q=" in b.driver.current_url, f"the ask form did not put the question in the address: {b.driver.current_url}")
    shown = b.by_label("Question").get_attribute("value")
    f.check(shown == QUESTION, f"the question box shows {shown!r} after asking, not {QUESTION!r}")
    answer = b.driver.find_element(By.ID, "answer-text").text
    f.check("tire pressure" in answer.lower(), f"answer does not mention tire pressure: {answer[:200]!r}")
    markers = b.driver.find_elements(By.CSS_SELECTOR, "#answer-text a.marker")
    f.check(any(m.text == f"[p. {CITED_PAGE}]" for m in markers),
            f"answer has no [p. {CITED_PAGE}] link (markers: {[m.text for m in markers]})")
    confidence = b.driver.find_element(By.CSS_SELECTOR, ".answer .confidence")
    level = confidence.get_attribute("data-confidence")
    f.check(level in ("high", "medium", "low"), f"confidence is {level!r} for a question the manual answers")
    f.check(level in confidence.get_attribute("class").split(), "the confidence paragraph has no class for its colour")
    colour = b.js("return getComputedStyle(arguments[0].querySelector('strong')).color;", confidence)
    f.check(colour not in ("rgb(27, 31, 36)", ""), f"the confidence word is not coloured ({colour})")
    sources = b.driver.find_elements(By.CSS_SELECTOR, "ol.sources li.source")
    f.check(len(sources) >= 1, "no Sources listed")
    cite = None
    for source in sources:
        link = source.find_element(By.CSS_SELECTOR, "a.cite")
        if f"/pages/{CITED_PAGE}?" in link.get_attribute("href"):
            cite = link
            break
    if not f.check(cite is not None, f"no source links to page {CITED_PAGE}: {[s.text[:60] for s in sources]}"):
        raise AssertionError("cannot follow the citation")
    f.check(f"printed {CITED_LABEL}" in cite.text, f"the page {CITED_PAGE} source says {cite.text!r}, not 'printed {CITED_LABEL}'")
    f.check("highlight=" in cite.get_attribute("href"), "the source link carries no highlight")
    f.check(len(b.driver.find_elements(By.CSS_SELECTOR, "ul.followups a.followup")) >= 1, "no follow-up questions")
    f.check(len(b.driver.find_elements(By.CSS_SELECTOR, "form.rate button")) == 2, "no helpful / not helpful buttons")
    b.screenshot("ask")
    b.no_console_errors("the ask page")
    state["cite_text"] = cite.text


def follow_the_citation(b, state):
    f = b.f
    cite = b.driver.find_element(By.XPATH, f"//ol[@class='sources']//a[contains(@href, '/pages/{CITED_PAGE}?')]")
    cite.click()
    heading = b.visible("#page-name", "the viewer's page heading")
    f.check(heading.text == f"p. {CITED_PAGE} (printed {CITED_LABEL})", f"the viewer's heading says {heading.text!r}")
    f.check(f"/pages/{CITED_PAGE}" in b.driver.current_url, f"the citation opened {b.driver.current_url}")
    image = wait_for_image(b)
    f.check(image and image["width"] > 0, f"the page image did not load: {image}")
    src = image["src"] if image else ""
    f.check(f"/pages/{CITED_PAGE}.png" in src, f"the image is not page {CITED_PAGE}: {src}")
    f.check("highlight=" in src, f"the image is drawn without a highlight: {src}")
    f.check(image and image["yellow"] > 500, f"no highlight marked on the page image ({image and image['yellow']} yellow pixels)")
    note = b.driver.find_elements(By.CSS_SELECTOR, ".quote-note mark")
    f.check(note and "tire pressure" in note[0].text.lower(), "the viewer does not show the highlighted quote")
    current = b.driver.find_elements(By.CSS_SELECTOR, ".outline a[aria-current=page]")
    f.check(bool(current), "the outline does not mark the section on this page")
    b.screenshot("page")
    b.no_console_errors("the page viewer")

    # Next page, as a reader turns it: page 25, image without a highlight.
    b.driver.find_element(By.CSS_SELECTOR, "nav.pager a[rel=next]").click()
    b.wait(lambda d: f"p. {CITED_PAGE + 1}" in d.find_element(By.ID, "page-name").text, "the next page")
    image = wait_for_image(b)
    f.check(image and image["width"] > 0 and "highlight=" not in image["src"], f"next page image: {image and image['src']}")
    f.check(image and image["yellow"] < 50, f"the next page is highlighted ({image and image['yellow']} yellow pixels)")

    # Find in this manual: the TPMS page is among the hits, and a hit opens with the phrase marked.
    box = b.by_label("Find in this manual")
    box.send_keys("wheel speed sensors")
    b.button("Find").click()
    hits = b.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "ol.hits a"), "find results")
    hit = next((h for h in hits if f"/pages/{CITED_PAGE}?" in h.get_attribute("href")), None)
    if f.check(hit is not None, f"find 'wheel speed sensors' did not list page {CITED_PAGE}: {[h.text for h in hits]}"):
        hit.click()
        b.wait(lambda d: f"p. {CITED_PAGE}" in d.find_element(By.ID, "page-name").text, "the found page")
        image = wait_for_image(b)
        f.check(image and image["yellow"] > 100, f"the found phrase is not marked ({image and image['yellow']} yellow pixels)")
    b.no_console_errors("the page viewer (next page, find)")


def follow_up_and_rate(b, state):
    f = b.f
    b.driver.get(state["ask_url"])  # back to the answer, as the browser's Back would
    link = b.visible("ul.followups a.followup", "a follow-up question")
    follow_up = link.text
    link.click()
    b.wait(lambda d: d.find_element(By.ID, "q").get_attribute("value") == follow_up, "the follow-up's answer page")
    b.visible("#answer-text", "the follow-up's answer")
    answer = b.driver.find_element(By.ID, "answer-text").text
    f.check(len(answer) > 20, f"the follow-up got no answer: {answer!r}")
    f.check(b.driver.current_url != state["ask_url"], "the follow-up link did not open a new answer")
    form = b.driver.find_element(By.CSS_SELECTOR, "form.rate")
    b.button("Helpful", within=form).click()
    b.wait(lambda d: form.find_element(By.CSS_SELECTOR, ".rated").text == "Rated helpful.", "'Rated helpful.'")
    f.check(b.button("Helpful", within=form).get_attribute("aria-pressed") == "true", "the Helpful button is not shown pressed")
    b.no_console_errors("the follow-up answer")

    b.link("History").click()
    b.visible("ol.history", "the history list")
    rows = b.driver.find_elements(By.CSS_SELECTOR, "ol.history > li")
    by_question = {row.find_element(By.CSS_SELECTOR, "a.reask").text: row for row in rows}
    row = by_question.get(follow_up)
    if f.check(row is not None, f"History does not list {follow_up!r}: {list(by_question)}"):
        rating = row.find_element(By.CSS_SELECTOR, ".rating").text
        f.check(rating == "helpful", f"History shows rating {rating!r} for the rated answer")
    first = by_question.get(QUESTION)
    if f.check(first is not None, f"History does not list {QUESTION!r} as typed: {list(by_question)}"):
        f.check(first.find_element(By.CSS_SELECTOR, ".rating").text == "none", "the unrated question shows a rating")
        # Rate it from History too: the row updates in place.
        b.button("Not helpful", within=first).click()
        b.wait(lambda d: first.find_element(By.CSS_SELECTOR, ".rating").text == "unhelpful", "the History row's rating")
        first.find_element(By.CSS_SELECTOR, "a.reask").click()
        b.visible("#answer-text", "the re-asked answer")
        f.check(b.by_label("Question").get_attribute("value") == QUESTION, "re-ask did not ask the same question")
    b.driver.get(b.base + "/history")
    rows = b.driver.find_elements(By.CSS_SELECTOR, "ol.history > li")
    ratings = {r.find_element(By.CSS_SELECTOR, "a.reask").text: r.find_element(By.CSS_SELECTOR, ".rating").text for r in rows}
    f.check(ratings.get(follow_up) == "helpful" and "unhelpful" in ratings.values(),
            f"ratings did not survive a reload of History: {ratings}")
    b.screenshot("history")
    b.no_console_errors("History")


def upload_documents(b, state):
    f = b.f
    b.driver.get(b.base + "/")
    b.link("Library").click()
    b.visible("table.documents", "the documents table")
    before = len(b.driver.find_elements(By.CSS_SELECTOR, "table.documents tbody tr"))
    f.check(before == 1, f"the library lists {before} documents before the upload, not 1")

    # Not a PDF: the form says why, nothing is added, the page stays.
    b.by_label("PDF file").send_keys(NOT_A_PDF)
    b.button("Upload").click()
    status = b.wait(lambda d: (lambda s: s if "error" in (s.get_attribute("class") or "") and s.text else False)(
        d.find_element(By.ID, "upload-status")), "the upload error message")
    f.check("not-a-pdf.pdf" in status.text and "not a PDF" in status.text,
            f"the bad upload says {status.text!r}")
    f.check("/uploads/" not in status.text and ".files" not in status.text,
            f"the bad upload's message shows a server path: {status.text!r}")
    f.check(len(b.driver.find_elements(By.CSS_SELECTOR, "table.documents tbody tr")) == before, "a bad upload changed the table")
    b.screenshot("upload-error")
    # The browser reports the 422 itself as a failed resource load; that one is expected.
    b.no_console_errors("the bad upload", allowed=(r"/api/documents - Failed to load resource: .*422",))

    b.driver.get(b.base + "/library")
    b.by_label("PDF file").send_keys(SECOND)
    b.by_label("Make").send_keys("Northwind")
    b.by_label("Model").send_keys("Kettle K2")
    b.by_label("Year").send_keys("2023")
    b.button("Upload").click()
    notice = b.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "p.notice"), "the upload notice", timeout=60)[0]
    f.check(notice.text.startswith("added") and KETTLE_TITLE in notice.text, f"the upload notice says {notice.text!r}")
    rows = b.driver.find_elements(By.CSS_SELECTOR, "table.documents tbody tr")
    f.check(len(rows) == before + 1, f"the library lists {len(rows)} documents after the upload")
    row = next((r for r in rows if KETTLE_TITLE in r.text), None)
    if f.check(row is not None, f"the uploaded manual is not in the Library: {[r.text[:40] for r in rows]}"):
        f.check("Northwind Kettle K2 2023" in row.text, f"the uploaded manual's row: {row.text!r}")
        f.check("small.pdf" in row.text, "the row does not name the uploaded file")
        state["kettle_row"] = row.get_attribute("data-document")
    b.screenshot("library")
    b.no_console_errors("the Library after the upload")

    # The new manual answers questions at once.
    b.link("Ask").click()
    box = b.by_label("Question")
    box.send_keys("How often should I descale the kettle?")
    box.submit()
    b.visible("#answer-text", "the kettle answer")
    answer = b.driver.find_element(By.ID, "answer-text").text
    f.check("descale" in answer.lower(), f"the uploaded manual does not answer: {answer[:200]!r}")
    titles = [t.text for t in b.driver.find_elements(By.CSS_SELECTOR, "ol.sources .title")]
    f.check(KETTLE_TITLE in titles, f"the kettle answer cites {titles}")
    cite = b.driver.find_elements(By.CSS_SELECTOR, "ol.sources a.cite")
    if cite:
        cite[0].click()
        image = wait_for_image(b)
        f.check(image and image["width"] > 0, f"the uploaded manual's page image did not load: {image}")
    b.no_console_errors("the answer from the uploaded manual")

    # Remove it again: the confirmation, then the row is gone.
    b.driver.get(b.base + "/library")
    b.driver.find_element(By.XPATH, f"//button[@aria-label='Remove {KETTLE_TITLE}']").click()
    b.wait(EC.alert_is_present(), "the remove confirmation").accept()
    notice = b.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "p.notice"), "the remove notice")[0]
    f.check(notice.text.startswith("removed") and KETTLE_TITLE in notice.text, f"the remove notice says {notice.text!r}")
    f.check(KETTLE_TITLE not in b.driver.find_element(By.CSS_SELECTOR, "main").text.replace(notice.text, ""),
            "the removed manual is still listed")
    b.no_console_errors("the Library after removing")


def phone(b, state):
    f = b.f
    b.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                             {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 2, "mobile": True})
    try:
        b.driver.get(state["ask_url"])
        answer = b.visible("#answer-text", "the answer on a phone")
        width = b.js("return window.innerWidth;")
        f.check(width == PHONE[0], f"the phone viewport is {width} px wide, not {PHONE[0]}")
        overflow = horizontal_overflow(b)
        f.check(overflow <= 0, f"the answer page scrolls sideways on a {PHONE[0]} px phone by {overflow} px")
        rect = b.js("return arguments[0].getBoundingClientRect().toJSON();", answer)
        f.check(rect["left"] >= 0 and rect["right"] <= width + 0.5, f"the answer does not fit the phone's width: {rect}")
        f.check("tire pressure" in answer.text.lower(), "the phone answer does not mention tire pressure")
        b.screenshot("phone-ask")
        b.driver.find_element(By.XPATH, f"//ol[@class='sources']//a[contains(@href, '/pages/{CITED_PAGE}?')]").click()
        b.visible("#page-name", "the viewer on a phone")
        image = wait_for_image(b)
        f.check(image and image["width"] > 0, "the page image did not load on a phone")
        overflow = horizontal_overflow(b)
        f.check(overflow <= 0, f"the page viewer scrolls sideways on a phone by {overflow} px")
        shown = b.js("return document.getElementById('page-image').getBoundingClientRect().width;")
        f.check(0 < shown <= PHONE[0], f"the page image is {shown} px wide on a {PHONE[0]} px phone")
        b.screenshot("phone-page")
        # A question that is one long word (a part number, a pasted address) must wrap, not widen the page.
        b.driver.get(b.base + "/?q=" + urllib.parse.quote("tire_pressure_monitoring_system_calibration_procedure_after_rotation"))
        b.visible("#answer-text", "the long-word answer on a phone")
        overflow = horizontal_overflow(b)
        f.check(overflow <= 0, f"the answer to a one-word question scrolls sideways on a phone by {overflow} px")
        for path in ("/library", "/history"):
            b.driver.get(b.base + path)
            overflow = horizontal_overflow(b)
            f.check(overflow <= 0, f"{path} scrolls sideways on a phone by {overflow} px")
        b.no_console_errors("the phone-sized pages")
    finally:
        b.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def another_website(b, state):
    """A page on another origin submits forms and calls fetch against the server: nothing changes, nothing
    is read. A rebound domain gets nothing either. Then the app's own pages still work."""
    f = b.f
    before = library_state(b.base, state["library"])
    site = AttackSite(b.base, doc=1)
    try:
        b.driver.get(site.url)
        result = b.wait(lambda d: (lambda t: t if t != "pending" else False)(d.find_element(By.ID, "result").text),
                        "the other page's attempts")
        seen = json.loads(result)
        for name in ("read", "readHistory", "delete"):
            f.check(seen.get(name, "").startswith("blocked"), f"another origin's fetch {name} was not blocked: {seen.get(name)!r}")
        for form in ("remove", "upload", "rate"):
            b.driver.get(site.url)
            b.driver.find_element(By.CSS_SELECTOR, f"#{form} button").click()
            body = b.wait(lambda d: d.current_url.startswith(b.base) and d.find_element(By.TAG_NAME, "body").text,
                          f"the answer to the other page's {form} form")
            f.check("another website" in body, f"the other page's {form} form was not refused: {body[:200]!r}")
    finally:
        site.stop()
    port = b.base.rsplit(":", 1)[1]
    b.driver.get(f"http://{REBOUND_HOST}:{port}/api/documents")
    body = b.driver.find_element(By.TAG_NAME, "body").text
    f.check("host_not_allowed" in body and "Northwind" not in body, f"a rebound domain read the library: {body[:200]!r}")
    b.console_errors()  # the refused requests are logged by the browser, as they should be
    f.check(library_state(b.base, state["library"]) == before, "another website changed the library or its history")
    # The app's own pages still work in the same browser.
    b.driver.get(b.base + "/library")
    b.visible("table.documents", "the documents table after the attempts")
    # The rebound domain's favicon request may be refused (421) after the log was read above: it is the
    # refusal this scenario expects, not an error of the app's pages.
    b.no_console_errors("the Library after the other website's attempts", allowed=(re.escape(REBOUND_HOST),))


SCENARIOS = [
    ("ask a question", ask_a_question),
    ("follow a citation to the page viewer", follow_the_citation),
    ("follow-up, rate, History", follow_up_and_rate),
    ("upload in the Library", upload_documents),
    ("phone-sized window", phone),
    ("another website", another_website),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(REPO, ".build", "debug", "manual"))
    parser.add_argument("--artifacts", help="folder for screenshots and logs (default: a new temporary folder)")
    parser.add_argument("--update-screenshots", action="store_true",
                        help="copy the ask and page screenshots to docs/ for the README")
    args = parser.parse_args()

    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        print(f"FAIL: no manual binary at {binary} (build it first: swift build)")
        return 1
    artifacts = args.artifacts or tempfile.mkdtemp(prefix="manual-browser-")
    os.makedirs(artifacts, exist_ok=True)
    print(f"browser test artifacts (screenshots, logs): {artifacts}", flush=True)

    # SIGTERM (a CI timeout, a killed parent) ends the run through the `finally` below, which stops
    # the server and the browser.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    failures = Failures()
    work = tempfile.mkdtemp(prefix="manual-browser-lib-")
    library = os.path.join(work, "library.sqlite")
    server = driver = None
    started = time.monotonic()
    try:
        run([binary, "ingest", SAMPLE, "--db", library, "--make", "Northwind", "--model", "Tern", "--year", "2024", "-q"])
        server = Server(binary, library, os.path.join(artifacts, "server.log"))
        print(f"serving on {server.url}", flush=True)
        driver = make_driver(artifacts)
        browser = Browser(driver, server.url, artifacts, failures)
        state = {"library": library}
        for name, scenario in SCENARIOS:
            begun = time.monotonic()
            try:
                scenario(browser, state)
            except (AssertionError, WebDriverException, KeyError) as error:
                message = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
                failures.check(False, f"{name}: {message}")
                try:
                    browser.screenshot("failed-" + re.sub(r"\W+", "-", name))
                except WebDriverException:
                    pass
                if os.environ.get("BROWSER_TEST_DEBUG"):
                    traceback.print_exc()
            print(f"  {name}: {time.monotonic() - begun:.1f} s", flush=True)
        if args.update_screenshots:
            docs = os.path.join(REPO, "docs")
            for name in ("ask", "page"):
                if name in browser.shots:
                    shutil.copyfile(browser.shots[name], os.path.join(docs, f"screenshot-{name}.png"))
                    print(f"updated docs/screenshot-{name}.png")
    except Exception as error:  # setup failed: no server, no browser
        failures.check(False, f"setup: {error}")
    finally:
        if driver is not None:
            try:
                driver.quit()
            except Exception:
                pass
        if server is not None:
            server.stop()
            failures.check(server.process.returncode == 0, f"manual serve exited {server.process.returncode} on SIGTERM")
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(os.path.join(artifacts, "chromium-profile"), ignore_errors=True)

    print(f"browser tests took {time.monotonic() - started:.1f} s; screenshots in {artifacts}")
    print(f"browser: {failures.passed} passed, {len(failures.failed)} failed")
    return 1 if failures.failed else 0


if __name__ == "__main__":
    sys.exit(main())
