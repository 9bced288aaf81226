"""A page outlives its server process (issue 17): the demo on a SQLite store is stopped and
started again on the same port and file while the browser keeps its document; the page goes
on with its state, without a reload."""
import json
import os
import re
import socket
import subprocess
import tempfile
import time
import unittest
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_browser import ROOT, BrowserTestCase, screenshot_on_failure


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_durable(port, store, *options):
    """Starts the demo on `port` with the SQLite store `store`; returns the process."""
    binary = os.path.join(ROOT, ".build", "debug", "demo")
    process = subprocess.Popen([binary, "--port", str(port), "--log-level", "notice",
                                "--state-store", f"sqlite:{store}", *options],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.time() + 30
    while time.time() < deadline:
        line = process.stdout.readline()
        if "listening on" in line:
            return process
        if not line and process.poll() is not None:
            break
    process.kill()
    raise RuntimeError("the demo did not start")


class DurableDemoCase(BrowserTestCase):
    """A demo process on a SQLite file of its own per test class, started with `options`."""
    options = ()

    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.TemporaryDirectory()
        cls.store = os.path.join(cls.directory.name, "statehouse.sqlite")
        cls.port = free_port()
        cls.base = f"http://127.0.0.1:{cls.port}"
        cls.demo = cls.start()

    @classmethod
    def start(cls):
        return start_durable(cls.port, cls.store, *cls.options)

    @classmethod
    def tearDownClass(cls):
        cls.demo.terminate()
        cls.demo.wait(timeout=15)
        cls.demo.stdout.close()
        cls.directory.cleanup()


class DurableTests(DurableDemoCase):
    def restart(self, kill=False):
        """Stops the server (SIGTERM, or SIGKILL) and starts a new one on the same port and file."""
        if kill:
            self.demo.kill()
        else:
            self.demo.terminate()
        self.demo.wait(timeout=15)
        self.demo.stdout.close()
        type(self).demo = self.start()

    def count(self, driver):
        return driver.find_element(By.ID, "count").text

    @screenshot_on_failure
    def test_counter_clicks_on_after_a_restart_without_a_reload(self):
        driver = self.open("/counter")
        for expected in ("1", "2"):
            driver.find_element(By.ID, "increment").click()
            self.until(driver, lambda d: self.count(d) == expected, f"the count reads {expected}")
        driver.execute_script("window.sameDocument = true")
        self.restart()
        driver.find_element(By.ID, "increment").click()
        self.until(driver, lambda d: self.count(d) == "3", "the new process counts on from 2")
        driver.find_element(By.ID, "increment").click()
        self.until(driver, lambda d: self.count(d) == "4", "and on")
        self.assertTrue(driver.execute_script("return window.sameDocument === true"), "the browser did not reload")

    @screenshot_on_failure
    def test_todos_keep_rows_details_and_typing_across_kill_9(self):
        driver = self.open("/todos")
        field = driver.find_element(By.ID, "new-todo")
        for title in ("Milk", "Bread"):
            field.send_keys(title, Keys.RETURN)
            self.until(driver, lambda d, t=title: t in d.find_element(By.TAG_NAME, "main").text, f"{title} is listed")
            field = driver.find_element(By.ID, "new-todo")
        driver.find_element(By.ID, "details-1").click()
        self.until(driver, lambda d: d.find_elements(By.ID, "details-text-1"), "Milk's details open")
        field.send_keys("Eg")
        time.sleep(0.5)  # the typing has landed (and is stored)
        driver.execute_script("window.sameDocument = true")
        self.restart(kill=True)
        field = driver.find_element(By.ID, "new-todo")
        field.send_keys("gs", Keys.RETURN)
        self.until(driver, lambda d: "Eggs" in d.find_element(By.TAG_NAME, "main").text, "Eggs is added after the restart")
        self.assertTrue(driver.find_elements(By.ID, "details-text-1"), "Milk's details are still open")
        self.assertEqual(driver.find_element(By.ID, "new-todo").get_attribute("value"), "")
        self.assertTrue(driver.execute_script("return window.sameDocument === true"), "the browser did not reload")
        rows = [row.text.split("\n")[0] for row in driver.find_elements(By.CSS_SELECTOR, "li.sh-row")]
        self.assertEqual(rows, ["Eggs", "Bread", "Milk"])

    @screenshot_on_failure
    def test_scene_storage_survives_a_reload_and_app_storage_reaches_the_other_tab(self):
        driver = self.open("/notes")
        driver.find_element(By.ID, "draft").send_keys("half a thought")
        self.until(driver, lambda d: d.find_element(By.ID, "draft-shown").text == "Draft: half a thought", "the draft is shown")
        driver.refresh()  # the same tab: a new page takes over the old page's scene storage
        self.until(driver, lambda d: d.find_element(By.ID, "draft-shown").text == "Draft: half a thought",
                   "the draft is back after the reload")
        self.assertEqual(driver.find_element(By.ID, "draft").get_attribute("value"), "half a thought")
        # A second tab of the same browser: its own scene, the same app storage, pushed.
        first = driver.current_window_handle
        driver.switch_to.new_window("tab")
        driver.get(self.base + "/notes")
        self.assertEqual(driver.find_element(By.ID, "draft-shown").text, "Nothing drafted yet.")
        size = driver.find_element(By.ID, "size-shown").text
        driver.find_element(By.CSS_SELECTOR, '#size button[aria-label="Increment"]').click()
        self.until(driver, lambda d: d.find_element(By.ID, "size-shown").text != size, "the size changes here")
        changed = driver.find_element(By.ID, "size-shown").text
        driver.switch_to.window(first)
        self.until(driver, lambda d: d.find_element(By.ID, "size-shown").text == changed, "and in the first tab, pushed")

    @screenshot_on_failure
    def test_a_button_known_by_a_made_up_id_is_found_after_a_restart(self):
        driver = self.open("/notes")
        size = driver.find_element(By.ID, "size-shown").text
        plus = driver.find_element(By.CSS_SELECTOR, '#size button[aria-label="Increment"]')
        self.assertTrue(plus.get_attribute("id").startswith("_"), "the Stepper's button has a made-up id")
        # No stream after the restart: the click's answer is the first the new process sends,
        # so the button is found by its position (client.js's `at`), not by a resent page.
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/_sh/stream*"]})
        self.restart()
        plus.click()
        number = int(size.rsplit(" ", 1)[1])
        self.until(driver, lambda d: d.find_element(By.ID, "size-shown").text == f"Text size: {number + 1}",
                   "the click reached the + button of the new process's page")
        self.assertEqual(driver.find_element(By.ID, "draft-shown").text, "Nothing drafted yet.", "and nothing else ran")


if __name__ == "__main__":
    unittest.main()


class HiddenTabTests(DurableDemoCase):
    """A tab hidden a while lets go of its page's stream; the page idles out of the server's
    memory (`--session-ttl`) and, when the tab is shown again, is taken up from the store with
    its state (issue 58: hidden tabs cost the server little)."""
    options = ("--session-ttl", "8", "--release-hidden-pages", "0.5")

    def pages_held(self):
        with urllib.request.urlopen(self.base + "/_sh/health", timeout=5) as reply:
            return json.load(reply)["pages"]

    @screenshot_on_failure
    def test_a_hidden_tab_lets_its_page_idle_out_and_takes_it_up_with_its_state_when_shown(self):
        driver = self.open("/counter")
        for expected in ("1", "2"):
            driver.find_element(By.ID, "increment").click()
            self.until(driver, lambda d: d.find_element(By.ID, "count").text == expected, f"the count reads {expected}")
        driver.execute_script("window.sameDocument = true")
        counter = driver.current_window_handle
        self.assertEqual(self.pages_held(), 1)
        driver.switch_to.new_window("tab")  # the counter's tab is hidden now
        deadline = time.time() + 20
        while self.pages_held() and time.time() < deadline:
            time.sleep(0.1)
        self.assertEqual(self.pages_held(), 0, "the hidden tab's page idled out of the server's memory")
        driver.switch_to.window(counter)  # shown again
        self.until(driver, lambda d: self.pages_held() == 1, "the page is taken up from the store")
        driver.find_element(By.ID, "increment").click()
        self.until(driver, lambda d: d.find_element(By.ID, "count").text == "3", "the page counts on from 2")
        self.assertTrue(driver.execute_script("return window.sameDocument === true"), "the tab did not reload")
