"""End-to-end tests in a real browser: Debian's chromium, headless, driven through
WebDriver (chromium-driver) with Selenium. They start the demo binary on a free port.

    python3 -m unittest discover -s Tests/Browser -v      # after `swift build`

This module holds the harness (`BrowserTestCase`) and the first tests; test_navigation.py,
test_controls.py, test_signup.py and test_breadth.py hold the navigation, control,
form/focus/keys, and shapes/list-editing tests.

A failing test saves a screenshot to .build/browser-screenshots/.
"""
import functools
import os
import re
import subprocess
import sys
import time
import unittest

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCREENSHOTS = os.path.join(ROOT, ".build", "browser-screenshots")
WAIT = 10  # seconds any one condition may take


def start_demo(state_store="memory"):
    """Starts .build/debug/demo on a free loopback port; returns (process, base URL)."""
    binary = os.path.join(ROOT, ".build", "debug", "demo")
    process = subprocess.Popen([binary, "--port", "0", "--log-level", "notice", "--state-store", state_store],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.time() + 30
    while time.time() < deadline:
        line = process.stdout.readline()
        match = re.search(r"listening on (http://[^\s]+)", line)
        if match:
            return process, match.group(1)
        if not line and process.poll() is not None:
            break
    process.kill()
    raise RuntimeError("the demo did not start")


def browser(javascript=True, language=None):
    options = webdriver.ChromeOptions()
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.path.exists(candidate):
            options.binary_location = candidate
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=900,700"):
        options.add_argument(argument)
    prefs = {}
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    if language:
        # What the browser's Accept-Language names first.
        options.add_argument(f"--lang={language}")
        prefs["intl.accept_languages"] = language
    if prefs:
        options.add_experimental_option("prefs", prefs)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.implicitly_wait(0)
    return driver


def screenshot_on_failure(test):
    """Saves a screenshot of every open window when the test fails."""
    @functools.wraps(test)
    def run(self):
        try:
            test(self)
        except BaseException:
            os.makedirs(SCREENSHOTS, exist_ok=True)
            for index, driver in enumerate(self.drivers):
                path = os.path.join(SCREENSHOTS, f"{test.__name__}-{index}.png")
                driver.save_screenshot(path)
                print(f"\nscreenshot: {path}", file=sys.stderr)
            raise
    return run


class BrowserTestCase(unittest.TestCase):
    """A demo process per test class, a browser per `open`, and the helpers the tests share."""
    @classmethod
    def setUpClass(cls):
        cls.demo, cls.base = start_demo()

    @classmethod
    def tearDownClass(cls):
        cls.demo.terminate()
        cls.demo.wait(timeout=15)

    def setUp(self):
        self.drivers = []

    def tearDown(self):
        for driver in self.drivers:
            driver.quit()

    def open(self, path, javascript=True, language=None):
        driver = browser(javascript, language)
        self.drivers.append(driver)
        driver.get(self.base + path)
        return driver

    def until(self, driver, condition, message):
        # A page that reloads (no JavaScript) replaces every element, and mid-navigation the
        # driver may report a node of the old document in any of several ways: look again.
        # A condition that never holds still fails, with `message`, after WAIT seconds.
        wait = WebDriverWait(driver, WAIT, poll_frequency=0.05,
                             ignored_exceptions=[StaleElementReferenceException, WebDriverException])
        return wait.until(lambda d: condition(d), message)

    def replace_text(self, field, *keys):
        """Clicks into `field`, selects all of its text and types `keys` over it."""
        field.click()
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(*keys)

    def assert_typed(self, driver, by, selector, text):
        """After any late response has landed, the field holds `text`, keeps focus, and its
        caret is at the end of it."""
        time.sleep(0.3)
        field = driver.find_element(by, selector)
        self.assertEqual(field.get_attribute("value"), text)
        self.assertEqual(driver.switch_to.active_element, field, "focus stayed in the field")
        caret = driver.execute_script("const f = arguments[0]; return [f.selectionStart, f.selectionEnd]", field)
        self.assertEqual(caret, [len(text), len(text)], "the caret is at the end of what was typed")
        return field

    def assert_ten_tabs_work(self, base):
        """Ten tabs of `/shared` in one browser each load, and a click in each reaches all ten,
        pushed (over HTTP/1.1 a browser holds at most six event streams to one origin)."""
        driver = browser()
        self.drivers.append(driver)
        count = lambda d: int(d.find_element(By.ID, "shared-count").text)
        tabs = []
        for index in range(10):
            if index:
                driver.switch_to.new_window("tab")
            driver.set_page_load_timeout(WAIT)
            driver.get(base + "/shared")
            self.until(driver, lambda d: d.find_elements(By.ID, "shared-count"), f"tab {index + 1} loads")
            tabs.append(driver.current_window_handle)
        start = count(driver)
        for index, tab in enumerate(tabs):
            driver.switch_to.window(tab)
            driver.find_element(By.ID, "shared-increment").click()
            self.until(driver, lambda d: count(d) >= start + index + 1, f"tab {index + 1}'s click is answered")
        for index, tab in enumerate(tabs):
            driver.switch_to.window(tab)
            self.until(driver, lambda d: count(d) == start + 10, f"tab {index + 1} shows every tab's click")
            self.assertEqual(driver.find_element(By.ID, "page-clicks").text, "Clicks from this page: 1")

    def shown_title(self, driver):
        """The navigation title a person sees (hidden screens' titles are not shown)."""
        titles = [h.text for h in driver.find_elements(By.CSS_SELECTOR, ".sh-navigation-title") if h.is_displayed()]
        return titles[0] if titles else None


class BrowserTests(BrowserTestCase):
    # --- typing -----------------------------------------------------------------------------

    @screenshot_on_failure
    def test_typing_fast_into_a_field_the_server_rerenders(self):
        driver = self.open("/book")
        self.replace_text(driver.find_element(By.CSS_SELECTOR, 'input[placeholder="Title"]'), "Hello world")
        title = driver.find_element(By.CSS_SELECTOR, "#sh-root .sh-vstack > .sh-text")
        self.until(driver, lambda d: title.text == "Hello world", "BookView shows the typed title")
        field = self.assert_typed(driver, By.CSS_SELECTOR, 'input[placeholder="Title"]', "Hello world")
        self.assertEqual(title.text, "Hello world", "the title element was updated in place")

    @screenshot_on_failure
    def test_todos_rows_keep_their_state(self):
        driver = self.open("/todos")
        field = driver.find_element(By.ID, "new-todo")
        for number in range(1, 6):
            field.send_keys(f"Row {number}", Keys.ENTER)
        rows = lambda d: d.find_elements(By.CSS_SELECTOR, "li.sh-row")
        self.until(driver, lambda d: len(rows(d)) == 5, "five rows")
        labels = [row.find_element(By.CSS_SELECTOR, "label .sh-text").text for row in rows(driver)]
        self.assertEqual(labels, ["Row 5", "Row 4", "Row 3", "Row 2", "Row 1"], "newest first, none lost")
        self.assertEqual(driver.find_element(By.ID, "new-todo").get_attribute("value"), "")
        row3 = rows(driver)[2]
        row3.find_element(By.XPATH, ".//button[normalize-space()='Details']").click()
        self.until(driver, lambda d: "Details of Row 3" in d.find_element(By.TAG_NAME, "body").text, "expanded")
        field = driver.find_element(By.ID, "new-todo")
        field.send_keys("Row 6", Keys.ENTER)
        self.until(driver, lambda d: len(rows(d)) == 6, "a sixth row")
        expanded = [row for row in rows(driver) if "Details of" in row.text]
        self.assertEqual(len(expanded), 1)
        self.assertIn("Row 3", expanded[0].find_element(By.CSS_SELECTOR, "label .sh-text").text)
        self.assertEqual(rows(driver)[0].find_element(By.CSS_SELECTOR, "label .sh-text").text, "Row 6")

    # --- updates without reloads ------------------------------------------------------------

    @screenshot_on_failure
    def test_change_text_updates_without_a_reload(self):
        driver = self.open("/example")
        driver.execute_script("window.statehouseMarker = 42")
        self.assertIn("Apple", driver.find_element(By.ID, "sh-root").text)
        driver.find_element(By.XPATH, "//button[normalize-space()='Change Text']").click()
        self.until(driver, lambda d: "Banana" in d.find_element(By.ID, "sh-root").text, "Banana")
        self.assertEqual(driver.execute_script("return window.statehouseMarker"), 42, "no reload")

    @screenshot_on_failure
    def test_clock_ticks(self):
        driver = self.open("/clock")
        first = driver.find_element(By.ID, "time").text
        self.until(driver, lambda d: d.find_element(By.ID, "time").text != first, "a tick")
        second = driver.find_element(By.ID, "time").text
        self.until(driver, lambda d: d.find_element(By.ID, "time").text not in (first, second), "another tick")

    @screenshot_on_failure
    def test_two_windows_share_app_state(self):
        alice, bob = self.open("/shared"), self.open("/shared")
        count = lambda d: int(d.find_element(By.ID, "shared-count").text)
        start = count(alice)
        self.until(bob, lambda d: count(d) == start, "both start alike")
        time.sleep(0.3)  # both streams open
        alice.find_element(By.ID, "shared-increment").click()
        self.until(bob, lambda d: count(d) == start + 1, "Bob sees Alice's click")
        bob.find_element(By.ID, "shared-increment").click()
        self.until(alice, lambda d: count(d) == start + 2, "Alice sees Bob's click")
        self.assertIn("Clicks from this page: 1", alice.find_element(By.ID, "page-clicks").text)

    @screenshot_on_failure
    def test_ten_tabs_of_one_app_load_click_and_receive_pushes(self):
        self.assert_ten_tabs_work(self.base)

    @screenshot_on_failure
    def test_events_go_over_the_pages_socket_once_it_is_open(self):
        alice, bob = self.open("/shared"), self.open("/shared")
        count = lambda d: int(d.find_element(By.ID, "shared-count").text)
        start = count(alice)
        bob.find_element(By.ID, "shared-increment").click()
        self.until(alice, lambda d: count(d) == start + 1, "Alice's stream is open: Bob's click is pushed")
        alice.execute_script("window.fetch = () => Promise.reject(new Error('no fetch in this test'))")
        alice.find_element(By.ID, "shared-increment").click()
        self.until(alice, lambda d: count(d) == start + 2, "Alice's click is answered without a post")
        self.assertEqual(alice.find_element(By.ID, "page-clicks").text, "Clicks from this page: 1")
        self.assertFalse(alice.find_elements(By.CSS_SELECTOR, ".sh-notice"), "no failure shown")

    @screenshot_on_failure
    def test_an_event_whose_answer_was_lost_goes_again_and_counts_once(self):
        driver = browser()
        self.drivers.append(driver)
        # The first post reaches the server, but its answer is lost on the way back (no socket
        # opens, so that events are posted).
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            const real = window.fetch;
            let lost = false;
            window.fetch = async (url, init) => {
                const answer = await real(url, init);
                if (url === '/_sh/event' && !lost) { lost = true; await answer.text(); throw new TypeError('connection reset'); }
                return answer;
            };
            const Real = WebSocket;
            window.WebSocket = function (url) { return new Real(url.replace('/_sh/stream', '/_sh/nowhere')); };
            window.WebSocket.prototype = Real.prototype;
        """})
        driver.get(self.base + "/counter")
        driver.find_element(By.ID, "increment").click()
        self.until(driver, lambda d: d.find_element(By.ID, "count").text == "1", "counted")
        time.sleep(1.5)  # the retry (0.5 s on) has been answered
        self.assertEqual(driver.find_element(By.ID, "count").text, "1", "the event sent again was not applied twice")
        self.assertFalse(driver.find_elements(By.CSS_SELECTOR, ".sh-notice"), "no failure shown")
        driver.find_element(By.ID, "increment").click()
        self.until(driver, lambda d: d.find_element(By.ID, "count").text == "2", "and the next click counts")

    @screenshot_on_failure
    def test_where_a_websocket_cannot_open_pushes_come_as_server_sent_events(self):
        driver = browser()
        self.drivers.append(driver)
        # As behind a proxy without WebSocket: every socket's handshake is refused (here: sent
        # to a path that does not upgrade, which answers 404).
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            const Real = WebSocket;
            window.WebSocket = function (url) { return new Real(url.replace('/_sh/stream', '/_sh/nowhere')); };
            window.WebSocket.prototype = Real.prototype;
        """})
        driver.get(self.base + "/clock")
        seen = {driver.find_element(By.ID, "time").text}
        for tick in range(3):
            self.until(driver, lambda d: d.find_element(By.ID, "time").text not in seen, f"tick {tick + 1}")
            seen.add(driver.find_element(By.ID, "time").text)
        # One re-sync after the socket failed, then the ticks came pushed, not by re-syncing.
        renders = driver.execute_script(
            "return performance.getEntriesByType('resource').filter(e => e.name.includes('/_sh/render')).length")
        self.assertEqual(renders, 1)

    @screenshot_on_failure
    def test_leaving_a_page_ends_it_on_the_server(self):
        driver = self.open("/clock")
        old = driver.find_element(By.CSS_SELECTOR, 'meta[name="sh-page"]').get_attribute("content")
        driver.get(self.base + "/counter")  # pagehide: the client's beacon ends /clock's page
        status = lambda d: d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch('/_sh/render?page=' + arguments[0]).then(r => r.text().then(t => done([r.status, t])));", old)
        result = self.until(driver, lambda d: (lambda r: r if r[0] == 410 else None)(status(d)), "the old page ended")
        self.assertIn("its document was closed", result[1])

    # --- busy and failure -------------------------------------------------------------------

    @screenshot_on_failure
    def test_a_failed_request_shows_a_dismissible_notice(self):
        driver = self.open("/counter")
        driver.execute_script("window.statehouseMarker = 1")
        # The page ends on the server (as when it expires): its stream closes, the client asks
        # for the page, gets 410 ...
        driver.execute_script(
            "fetch('/_sh/leave', {method: 'POST', body: new URLSearchParams({"
            "page: document.querySelector('meta[name=sh-page]').content,"
            "_csrf: document.querySelector('meta[name=csrf-token]').content})})")
        # ... and reloads, getting a new page.
        self.until(driver, lambda d: d.execute_script("return window.statehouseMarker") is None, "reloaded")
        self.until(driver, lambda d: d.find_element(By.ID, "count").text == "0", "a fresh page")
        # A request the server refuses for another reason shows a notice.
        driver.execute_script("document.getElementById('increment').value = 'no-such-element'")
        driver.find_element(By.ID, "increment").click()
        notice = self.until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".sh-notice[role=alert]"), "a notice")[0]
        self.assertIn("no-such-element", notice.text)
        notice.find_element(By.CSS_SELECTOR, "button[aria-label=Dismiss]").click()
        self.until(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".sh-notice"), "dismissed")

    # --- without JavaScript -----------------------------------------------------------------

    @screenshot_on_failure
    def test_counter_without_javascript(self):
        driver = self.open("/counter", javascript=False)
        self.assertFalse(driver.execute_script("return !!window.Statehouse"), "scripts are off")
        for expected in ("1", "2"):
            driver.find_element(By.ID, "increment").click()
            self.until(driver, lambda d: d.find_element(By.ID, "count").text == expected, f"count {expected}")
        self.assertIn("/_sh/render?page=", driver.current_url)

    @screenshot_on_failure
    def test_todos_without_javascript(self):
        driver = self.open("/todos", javascript=False)
        driver.find_element(By.ID, "new-todo").send_keys("Milk", Keys.ENTER)
        self.until(driver, lambda d: "Milk" in d.find_element(By.ID, "sh-root").text, "added with Enter")
        driver.find_element(By.ID, "new-todo").send_keys("Bread")
        driver.find_element(By.ID, "add").click()
        self.until(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "li.sh-row")) == 2, "added with Add")
        switch = driver.find_element(By.CSS_SELECTOR, "li.sh-row button[role=switch]")
        self.assertEqual(switch.get_attribute("aria-checked"), "false")
        switch.click()
        self.until(driver, lambda d: d.find_element(By.CSS_SELECTOR, "li.sh-row button[role=switch]")
                   .get_attribute("aria-checked") == "true", "switched on")
        driver.find_element(By.XPATH, "//li[contains(., 'Milk')]//button[normalize-space()='Delete']").click()
        self.until(driver, lambda d: "Milk" not in d.find_element(By.ID, "sh-root").text, "deleted")


if __name__ == "__main__":
    unittest.main(verbosity=2)
