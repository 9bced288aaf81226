"""Browser tests of languages (issue 58.4; see test_browser.py for the harness): a German
Chromium gets the demo's German strings and `lang="de"`, with and without JavaScript."""
import unittest

from selenium.webdriver.common.by import By

from test_browser import BrowserTestCase, screenshot_on_failure


class LanguageTests(BrowserTestCase):
    @screenshot_on_failure
    def test_a_german_browser_gets_german_text(self):
        for javascript in (True, False):
            with self.subTest(javascript=javascript):
                driver = self.open("/counter", javascript=javascript, language="de-DE,de")
                html = driver.find_element(By.TAG_NAME, "html")
                self.assertEqual(html.get_attribute("lang"), "de")
                self.assertEqual(driver.title, "Zähler")
                button = driver.find_element(By.ID, "increment")
                self.assertEqual(button.text, "Erhöhen")
                button.click()
                self.until(driver, lambda d: d.find_element(By.ID, "count").text == "1", "the click counts")
                self.assertEqual(driver.find_element(By.ID, "increment").text, "Erhöhen", "still German after the answer")

    @screenshot_on_failure
    def test_an_english_browser_gets_the_source_language(self):
        driver = self.open("/counter", language="en-US")
        self.assertEqual(driver.find_element(By.TAG_NAME, "html").get_attribute("lang"), "en")
        self.assertEqual(driver.find_element(By.ID, "increment").text, "Increment")


if __name__ == "__main__":
    unittest.main(verbosity=2)
