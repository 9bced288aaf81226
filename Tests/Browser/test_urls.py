"""Browser tests of state kept in the URL (issue 58.5; see test_browser.py for the harness):
/bookshelf's search is `@URLQuery("q")`, so it survives a reload and Back."""
import unittest

from selenium.webdriver.common.by import By

from test_browser import BrowserTestCase, screenshot_on_failure


class URLTests(BrowserTestCase):
    def titles(self, driver):
        return [link.text for link in driver.find_elements(By.CSS_SELECTOR, "section:not([hidden]) a.sh-link")
                if link.text in ("Dune", "Emma", "Middlemarch", "Ulysses")]

    @screenshot_on_failure
    def test_a_search_kept_in_the_url_survives_reload_and_back(self):
        driver = self.open("/bookshelf")
        entries = driver.execute_script("return history.length")
        search = driver.find_element(By.CSS_SELECTOR, "input[type=search]")
        search.send_keys("mi")
        self.until(driver, lambda d: d.current_url.endswith("/bookshelf?q=mi"), "typing replaces the URL's query")
        self.until(driver, lambda d: self.titles(d) == ["Middlemarch"], "the list shows what the search finds")
        self.assertEqual(driver.execute_script("return history.length"), entries, "no history entry per keystroke")
        driver.refresh()
        self.until(driver, lambda d: d.find_element(By.CSS_SELECTOR, "input[type=search]").get_attribute("value") == "mi",
                   "reloaded with the search")
        self.assertEqual(self.titles(driver), ["Middlemarch"])
        driver.find_element(By.LINK_TEXT, "Middlemarch").click()
        self.until(driver, lambda d: "/bookshelf/middlemarch" in d.current_url, "the book's screen")
        driver.back()
        self.until(driver, lambda d: d.current_url.endswith("/bookshelf?q=mi"), "Back to the search")
        self.until(driver, lambda d: self.titles(d) == ["Middlemarch"], "the list as it was")
        self.assertEqual(driver.find_element(By.CSS_SELECTOR, "input[type=search]").get_attribute("value"), "mi")



class OpenURLTests(BrowserTestCase):
    @screenshot_on_failure
    def test_a_view_opens_a_url_with_and_without_javascript(self):
        for javascript in (True, False):
            with self.subTest(javascript=javascript):
                driver = self.open("/", javascript=javascript)
                driver.find_element(By.ID, "open-counter").click()
                self.until(driver, lambda d: d.current_url.endswith("/counter"), "the view sent the browser to /counter")
                self.until(driver, lambda d: d.find_elements(By.ID, "increment"), "the counter's page")


if __name__ == "__main__":
    unittest.main(verbosity=2)
