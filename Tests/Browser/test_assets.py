"""Browser tests of the app's own images (issue 57.3 / 58.3; see test_browser.py for the harness)."""
import unittest
import urllib.error
import urllib.request

from selenium.webdriver.common.by import By

from test_browser import BrowserTestCase, screenshot_on_failure


class AssetTests(BrowserTestCase):
    @screenshot_on_failure
    def test_the_index_shows_its_logo_from_the_asset_catalog(self):
        driver = self.open("/")
        logo = driver.find_element(By.ID, "logo")
        self.assertEqual(logo.get_attribute("alt"), "Logo")
        self.until(driver, lambda d: d.execute_script("const i = arguments[0]; return i.complete && i.naturalWidth > 0", logo),
                   "the image loaded")
        self.assertEqual(logo.size, {"width": 48, "height": 48}, "resizable, framed at 48 × 48")
        src = logo.get_attribute("src")
        with urllib.request.urlopen(src) as reply:
            self.assertEqual(reply.headers["Cache-Control"], "public, max-age=31536000, immutable")
            etag = reply.headers["ETag"]
        request = urllib.request.Request(src, headers={"If-None-Match": etag})
        with self.assertRaises(urllib.error.HTTPError) as revalidated:
            urllib.request.urlopen(request)
        self.assertEqual(revalidated.exception.code, 304, "a browser revalidating gets a 304")


if __name__ == "__main__":
    unittest.main(verbosity=2)
