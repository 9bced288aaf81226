"""End-to-end tests in a real browser: Debian's chromium, headless, driven through
WebDriver (chromium-driver) with Selenium. They start the demo binary on a free port.

    python3 Tests/Browser/test_browser.py      # after `swift build`

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
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCREENSHOTS = os.path.join(ROOT, ".build", "browser-screenshots")
WAIT = 10  # seconds any one condition may take


def start_demo():
    """Starts .build/debug/demo on a free loopback port; returns (process, base URL)."""
    binary = os.path.join(ROOT, ".build", "debug", "demo")
    process = subprocess.Popen([binary, "--port", "0", "--log-level", "notice"],
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


def browser(javascript=True):
    options = webdriver.ChromeOptions()
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.path.exists(candidate):
            options.binary_location = candidate
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=900,700"):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
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


class BrowserTests(unittest.TestCase):
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

    def open(self, path, javascript=True):
        driver = browser(javascript)
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
        driver.delete_all_cookies()  # the session is gone: the server answers 410 ...
        driver.execute_script("window.statehouseMarker = 1")
        driver.find_element(By.ID, "increment").click()
        # ... and the client reloads, getting a new session and page.
        self.until(driver, lambda d: d.execute_script("return window.statehouseMarker") is None, "reloaded")
        self.until(driver, lambda d: d.find_element(By.ID, "count").text == "0", "a fresh page")
        # A request the server refuses for another reason shows a notice.
        driver.execute_script("document.getElementById('increment').value = 'no-such-element'")
        driver.find_element(By.ID, "increment").click()
        notice = self.until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".sh-notice[role=alert]"), "a notice")[0]
        self.assertIn("no-such-element", notice.text)
        notice.find_element(By.CSS_SELECTOR, "button[aria-label=Dismiss]").click()
        self.until(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".sh-notice"), "dismissed")

    # --- navigation -------------------------------------------------------------------------

    def shown_title(self, driver):
        titles = [h.text for h in driver.find_elements(By.CSS_SELECTOR, ".sh-navigation-title") if h.is_displayed()]
        return titles[0] if titles else None

    @screenshot_on_failure
    def test_bookshelf_push_back_forward_reload(self):
        driver = self.open("/bookshelf")
        driver.set_window_size(900, 180)  # the list scrolls
        driver.execute_script("window.statehouseMarker = 7; scrollTo(0, 1000)")
        before = driver.execute_script("return scrollY")
        self.assertGreater(before, 20, "the list is scrolled")
        dune = driver.find_element(By.CSS_SELECTOR, 'a[href="/bookshelf/dune"]')
        driver.execute_script("arguments[0].click()", dune)  # as a person clicks: no scrolling first
        self.until(driver, lambda d: d.current_url.endswith("/bookshelf/dune"), "the URL is the book's")
        self.until(driver, lambda d: self.shown_title(d) == "Dune", "Dune's screen shows")
        self.assertEqual(driver.title, "Dune", "the document's title is the screen's")
        self.assertEqual(driver.execute_script("return window.statehouseMarker"), 7, "no page load")
        driver.back()
        self.until(driver, lambda d: d.current_url.endswith("/bookshelf"), "Back: the list's URL")
        self.until(driver, lambda d: self.shown_title(d) == "Bookshelf", "Back: the list")
        self.until(driver, lambda d: d.execute_script("return scrollY") == before, "the list's scroll position")
        self.assertEqual(driver.execute_script("return window.statehouseMarker"), 7, "still no page load")
        self.assertEqual(driver.title, "Bookshelf")
        driver.forward()
        self.until(driver, lambda d: self.shown_title(d) == "Dune", "Forward: Dune again")
        self.assertTrue(driver.current_url.endswith("/bookshelf/dune"))
        driver.refresh()
        self.until(driver, lambda d: d.execute_script("return window.statehouseMarker") is None, "reloaded")
        self.until(driver, lambda d: self.shown_title(d) == "Dune", "a reload of the deep URL lands on Dune")
        driver.find_element(By.CSS_SELECTOR, "a.sh-back").click()
        self.until(driver, lambda d: d.current_url.endswith("/bookshelf") and self.shown_title(d) == "Bookshelf",
                   "the screen's Back link pops")

    @screenshot_on_failure
    def test_bookshelf_edits_reach_another_browser(self):
        alice, bob = self.open("/bookshelf/emma"), self.open("/bookshelf")
        time.sleep(0.3)  # both streams open
        alice.find_element(By.XPATH, "//button[normalize-space()='Edit']").click()
        field = self.until(alice, lambda d: d.find_element(By.CSS_SELECTOR, 'dialog input[placeholder="Title"]'), "the sheet")
        self.until(alice, lambda d: field.get_attribute("value") == "Emma", "the sheet edits a copy of the title")
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("Emma (1815)")
        alice.find_element(By.XPATH, "//dialog//button[normalize-space()='Save']").click()
        self.until(alice, lambda d: self.shown_title(d) == "Emma (1815)", "saved")
        self.until(alice, lambda d: not d.find_elements(By.TAG_NAME, "dialog"), "Save closes the sheet")
        self.until(bob, lambda d: d.find_element(By.CSS_SELECTOR, 'a[href="/bookshelf/emma"]').text == "Emma (1815)",
                   "Bob's list shows Alice's edit")

    @screenshot_on_failure
    def test_bookshelf_sheet_is_modal_and_escape_dismisses_it(self):
        driver = self.open("/bookshelf/dune")
        edit = driver.find_element(By.XPATH, "//button[normalize-space()='Edit']")
        edit.click()
        dialog = self.until(driver, lambda d: d.find_element(By.CSS_SELECTOR, "dialog"), "the sheet")
        self.until(driver, lambda d: d.execute_script("return arguments[0].matches(':modal')", dialog), "modal")
        self.until(driver, lambda d: d.execute_script("return arguments[0].contains(document.activeElement)", dialog),
                   "focus moved into the sheet")
        self.assertTrue(driver.execute_script(
            "const back = document.querySelector('a.sh-back'); back.focus(); return document.activeElement !== back"),
            "the page behind is inert: its Back link cannot take focus")
        field = driver.find_element(By.CSS_SELECTOR, 'dialog input[placeholder="Title"]')
        field.send_keys(" Messiah")
        field.send_keys(Keys.ESCAPE)
        self.until(driver, lambda d: not d.find_elements(By.TAG_NAME, "dialog"), "Escape dismisses the sheet")
        self.assertEqual(self.shown_title(driver), "Dune", "without saving")
        self.until(driver, lambda d: d.switch_to.active_element.text == "Edit", "focus is back on Edit")

    @screenshot_on_failure
    def test_bookshelf_delete_asks_then_pops(self):
        driver = self.open("/bookshelf/ulysses")
        driver.find_element(By.XPATH, "//button[normalize-space()='Delete']").click()
        dialog = self.until(driver, lambda d: d.find_element(By.CSS_SELECTOR, "dialog"), "the confirmation")
        self.assertIn("Delete Ulysses?", dialog.text)
        dialog.find_element(By.XPATH, ".//button[normalize-space()='Delete']").click()
        self.until(driver, lambda d: d.current_url.endswith("/bookshelf") and self.shown_title(d) == "Bookshelf",
                   "deleted: back to the list")
        self.assertFalse(driver.find_elements(By.CSS_SELECTOR, 'a[href="/bookshelf/ulysses"]'), "Ulysses is gone")
        self.assertFalse(driver.find_elements(By.TAG_NAME, "dialog"))

    @screenshot_on_failure
    def test_bookshelf_tabs_are_in_the_url(self):
        driver = self.open("/bookshelf")
        tab = lambda name: driver.find_element(By.XPATH, f"//a[@role='tab'][normalize-space()='{name}']")
        tab("Settings").click()
        self.until(driver, lambda d: d.current_url.endswith("/bookshelf?tab=settings"), "the tab is in the URL")
        self.assertEqual(tab("Settings").get_attribute("aria-selected"), "true")
        switch = self.until(driver, lambda d: [b for b in d.find_elements(By.CSS_SELECTOR, "button[role=switch]") if b.is_displayed()],
                            "the Settings tab shows")[0]
        switch.click()
        self.until(driver, lambda d: d.find_element(By.CSS_SELECTOR, "button[role=switch]").get_attribute("aria-checked") == "true",
                   "switched on")
        tab("Books").click()
        self.until(driver, lambda d: d.current_url.endswith("/bookshelf"), "the first tab has no ?tab")
        self.until(driver, lambda d: "Frank Herbert" in d.find_element(By.ID, "sh-root").text, "the setting applies to the list")
        driver.back()
        self.until(driver, lambda d: d.current_url.endswith("?tab=settings") and tab("Settings").get_attribute("aria-selected") == "true",
                   "Back selects Settings again")
        self.assertEqual(driver.find_element(By.CSS_SELECTOR, "button[role=switch]").get_attribute("aria-checked"), "true",
                         "the tab kept its state")
        driver.refresh()
        self.until(driver, lambda d: tab("Settings").get_attribute("aria-selected") == "true", "a reload lands on the tab")

    # --- controls ---------------------------------------------------------------------------

    @screenshot_on_failure
    def test_dragging_a_slider_sends_the_final_value(self):
        driver = self.open("/controls")
        slider = driver.find_element(By.ID, "slider")
        ActionChains(driver).click_and_hold(slider).move_by_offset(40, 0).move_by_offset(60, 0).release().perform()
        value = lambda d: d.find_element(By.ID, "slider").get_attribute("value")
        self.until(driver, lambda d: value(d) not in ("3", "3.0"), "the slider moved")
        final = float(value(driver))
        self.until(driver, lambda d: d.find_element(By.ID, "slider-value").text == f"{final:.1f}",
                   "the echo text shows the final value, and editing has ended")
        self.until(driver, lambda d: d.find_element(By.ID, "progress-value").text == f"{int(final * 10)} %", "progress follows")
        driver.find_element(By.ID, "reset").click()
        self.until(driver, lambda d: value(d) == "3", "a write from the server moves the slider")

    @screenshot_on_failure
    def test_picking_in_a_select_and_a_segmented_picker(self):
        driver = self.open("/controls")
        Select(driver.find_element(By.ID, "picker")).select_by_visible_text("Strawberry")
        self.until(driver, lambda d: d.find_element(By.ID, "picker-value").text == "strawberry", "the binding follows the select")
        driver.find_element(By.XPATH, "//button[@role='radio'][normalize-space()='Large']").click()
        self.until(driver, lambda d: d.find_element(By.ID, "segmented-value").text == "large", "the segment is picked")
        self.assertEqual(driver.find_element(By.XPATH, "//button[@role='radio'][normalize-space()='Large']").get_attribute("aria-checked"), "true")
        driver.find_element(By.ID, "reset").click()
        self.until(driver, lambda d: Select(d.find_element(By.ID, "picker")).first_selected_option.text == "Chocolate",
                   "a write from the server selects the option")

    @screenshot_on_failure
    def test_a_disclosure_group_follows_its_binding(self):
        driver = self.open("/controls")
        driver.find_element(By.CSS_SELECTOR, "#disclosure > summary").click()
        self.until(driver, lambda d: d.find_element(By.ID, "disclosure-value").text == "open", "opening it writes the binding")
        self.until(driver, lambda d: "Flavor" in d.find_element(By.ID, "disclosure").text, "its content is shown")
        driver.find_element(By.ID, "reset").click()
        self.until(driver, lambda d: d.find_element(By.ID, "disclosure").get_attribute("open") is None, "the server closes it")
        self.until(driver, lambda d: d.find_element(By.ID, "disclosure-value").text == "closed", "and it stays closed")

    @screenshot_on_failure
    def test_picking_a_date(self):
        driver = self.open("/controls")
        picker = driver.find_element(By.ID, "datepicker")
        self.assertEqual(picker.get_attribute("type"), "date")
        self.assertEqual(picker.get_attribute("value"), "2000-01-01")
        # What the browser's date popup does: set the value, fire change.
        driver.execute_script("arguments[0].value = '2001-02-03';"
                              "arguments[0].dispatchEvent(new Event('change', { bubbles: true }))", picker)
        self.until(driver, lambda d: d.find_element(By.ID, "datepicker-value").text == "2001-02-03", "the binding follows")
        driver.find_element(By.ID, "reset").click()
        self.until(driver, lambda d: d.find_element(By.ID, "datepicker").get_attribute("value") == "2000-01-01",
                   "a write from the server sets the input")

    @screenshot_on_failure
    def test_typing_in_a_text_editor_keeps_the_caret(self):
        driver = self.open("/controls")
        self.replace_text(driver.find_element(By.ID, "texteditor"), "first line", Keys.ENTER, "second line")
        self.until(driver, lambda d: d.find_element(By.ID, "texteditor-value").text == "22 characters", "the count follows")
        self.assert_typed(driver, By.ID, "texteditor", "first line\nsecond line")

    # --- without JavaScript -----------------------------------------------------------------

    @screenshot_on_failure
    def test_bookshelf_without_javascript(self):
        driver = self.open("/bookshelf", javascript=False)
        driver.find_element(By.CSS_SELECTOR, 'a[href="/bookshelf/middlemarch"]').click()
        self.until(driver, lambda d: d.current_url.endswith("/bookshelf/middlemarch"), "a link is a link")
        self.until(driver, lambda d: self.shown_title(d) == "Middlemarch", "the deep URL's screen")
        driver.find_element(By.XPATH, "//button[normalize-space()='Edit']").click()
        dialog = self.until(driver, lambda d: d.find_element(By.CSS_SELECTOR, "dialog[open]"), "the sheet, inline")
        self.assertFalse(driver.execute_script("return arguments[0].matches(':modal')", dialog))
        self.assertEqual(dialog.find_element(By.CSS_SELECTOR, 'input[placeholder="Title"]').get_attribute("value"), "Middlemarch")
        dialog.find_element(By.XPATH, ".//button[normalize-space()='Cancel']").click()
        self.until(driver, lambda d: not d.find_elements(By.TAG_NAME, "dialog"), "Cancel posts and closes it")
        driver.find_element(By.XPATH, "//button[normalize-space()='Edit']").click()
        field = self.until(driver, lambda d: d.find_element(By.CSS_SELECTOR, 'dialog input[placeholder="Title"]'), "again")
        field.clear()
        field.send_keys("Middlemarch (1871)")
        driver.find_element(By.XPATH, "//dialog//button[normalize-space()='Save']").click()
        self.until(driver, lambda d: self.shown_title(d) == "Middlemarch (1871)" and not d.find_elements(By.TAG_NAME, "dialog"),
                   "Save posts the field and the button: saved and closed")
        driver.find_element(By.CSS_SELECTOR, "a.sh-back").click()
        self.until(driver, lambda d: d.current_url.endswith("/bookshelf") and self.shown_title(d) == "Bookshelf", "Back")

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
