"""Browser tests of /bookshelf: NavigationStack, TabView, sheets and dialogs (see test_browser.py for the harness)."""
import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_browser import BrowserTestCase, screenshot_on_failure


class NavigationTests(BrowserTestCase):
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


if __name__ == "__main__":
    unittest.main(verbosity=2)
