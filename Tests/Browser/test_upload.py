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
                if javascript:
                    self.watch_progress(driver)
                driver.find_element(By.CSS_SELECTOR, "button.sh-upload").click()
                self.until(driver, lambda d: d.find_elements(By.ID, "uploaded-name"), "the page shows the upload")
                self.assertEqual(driver.find_element(By.ID, "uploaded-name").text, "holiday photos.bin")
                self.assertEqual(driver.find_element(By.ID, "uploaded-size").text, "3145728 bytes")
                self.assertFalse(driver.find_elements(By.CSS_SELECTOR, "input[type=file]"), "the importer is dismissed")
                if javascript:
                    self.assertEqual(driver.execute_script("return window.stillHere"), True, "no page load: the upload went by XHR")
                    self.assertEqual(driver.execute_script("return window.lastProgress"), 1, "the progress bar reached the end")

    def watch_progress(self, driver):
        # Marks the document (a page load would lose the mark) and records, at each of the XHR's
        # upload progress events, the importer's progress bar as the client left it.
        driver.execute_script("""
            window.stillHere = true;
            const send = XMLHttpRequest.prototype.send;
            XMLHttpRequest.prototype.send = function (body) {
              this.upload.addEventListener('progress', () => {
                const bar = document.querySelector('progress.sh-upload-progress');
                if (bar && !bar.hidden) window.lastProgress = bar.value;
              });
              return send.call(this, body);
            };
        """)

    @screenshot_on_failure
    def test_a_file_dropped_on_the_importer_is_uploaded(self):
        driver = self.open("/upload")
        driver.find_element(By.ID, "choose").click()
        self.until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".sh-file-importer"), "the importer is shown")
        driver.execute_script("""
            const zone = document.querySelector('.sh-file-importer');
            const data = new DataTransfer();
            data.items.add(new File(['dropped bytes'], 'dropped.txt', { type: 'text/plain' }));
            zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
            zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        """)
        self.until(driver, lambda d: d.find_elements(By.ID, "uploaded-name"), "the dropped file was uploaded")
        self.assertEqual(driver.find_element(By.ID, "uploaded-name").text, "dropped.txt")
        self.assertEqual(driver.find_element(By.ID, "uploaded-size").text, "13 bytes")


if __name__ == "__main__":
    unittest.main(verbosity=2)
