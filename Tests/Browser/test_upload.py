"""Browser tests of uploads (issue 58.2; see test_browser.py for the harness): /upload's file
importer takes a 3 MiB file with and without JavaScript and shows its name and size."""
import os
import tempfile
import unittest

from selenium.webdriver.common.by import By

from test_browser import BrowserTestCase, screenshot_on_failure


class UploadTests(BrowserTestCase):
    @screenshot_on_failure
    def test_a_three_megabyte_file_shows_its_name_and_size(self):
        folder = tempfile.mkdtemp()
        path = os.path.join(folder, "holiday photos.bin")
        with open(path, "wb") as file:
            file.write(os.urandom(3 << 20))
        for javascript in (True, False):
            with self.subTest(javascript=javascript):
                driver = self.open("/upload", javascript=javascript)
                driver.find_element(By.ID, "choose").click()
                self.until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "input[type=file]"), "the importer is shown")
                driver.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(path)
                driver.find_element(By.CSS_SELECTOR, "button.sh-upload").click()
                self.until(driver, lambda d: d.find_elements(By.ID, "uploaded-name"), "the page shows the upload")
                self.assertEqual(driver.find_element(By.ID, "uploaded-name").text, "holiday photos.bin")
                self.assertEqual(driver.find_element(By.ID, "uploaded-size").text, "3145728 bytes")
                self.assertFalse(driver.find_elements(By.CSS_SELECTOR, "input[type=file]"), "the importer is dismissed")
                if javascript:
                    # The page lives on after the post: a click still answers.
                    driver.find_element(By.ID, "choose").click()
                    self.until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "input[type=file]"), "the page still answers")


if __name__ == "__main__":
    unittest.main(verbosity=2)
