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
        self.assert_cached_and_revalidated(logo.get_attribute("src"))

    def assert_cached_and_revalidated(self, url):
        with urllib.request.urlopen(url) as reply:
            self.assertEqual(reply.headers["Cache-Control"], "public, max-age=31536000, immutable")
            etag = reply.headers["ETag"]
        request = urllib.request.Request(url, headers={"If-None-Match": etag})
        with self.assertRaises(urllib.error.HTTPError) as revalidated:
            urllib.request.urlopen(request)
        self.assertEqual(revalidated.exception.code, 304, "a browser revalidating gets a 304")

    @screenshot_on_failure
    def test_the_apps_stylesheet_applies_and_is_revalidated(self):
        driver = self.open("/")
        loaded = driver.execute_script(
            "return getComputedStyle(document.documentElement).getPropertyValue('--gallery-stylesheet').trim()")
        self.assertEqual(loaded, "loaded", "the gallery's own style sheet applies")
        radius = driver.execute_script("return getComputedStyle(document.getElementById('logo')).borderTopLeftRadius")
        self.assertEqual(radius, "12px")
        sheet = driver.find_elements(By.CSS_SELECTOR, 'link[rel="stylesheet"]')[-1].get_attribute("href")
        icon = driver.find_element(By.CSS_SELECTOR, 'link[rel="icon"]').get_attribute("href")
        for url in (sheet, icon):
            self.assert_cached_and_revalidated(url)

    @screenshot_on_failure
    def test_a_color_set_follows_the_color_scheme(self):
        driver = self.open("/")
        color = lambda d: d.execute_script("return getComputedStyle(document.getElementById('brand')).color")
        self.assertEqual(color(driver), "rgb(91, 63, 217)", "the color set's universal color")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        self.until(driver, lambda d: color(d) == "rgb(157, 133, 255)", "its dark appearance under a dark scheme")

    @screenshot_on_failure
    def test_async_images_show_the_phase_their_loading_reached(self):
        driver = self.open("/shapes")
        phase = lambda d, el: [p.get_attribute("data-sh-phase") for p in d.find_elements(By.CSS_SELECTOR, f"#{el} > [data-sh-phase]")
                                if p.is_displayed()]
        self.until(driver, lambda d: phase(d, "async-loads") == ["success"], "the image that loads is shown")
        self.assertTrue(driver.execute_script("return document.querySelector('#async-loads img').naturalWidth > 0"))
        self.until(driver, lambda d: phase(d, "async-fails") == ["failure"], "the one that cannot load shows its failure")
        self.assertEqual(driver.find_element(By.CSS_SELECTOR, "#async-fails > [data-sh-phase=failure]").text, "No image")


if __name__ == "__main__":
    unittest.main(verbosity=2)
