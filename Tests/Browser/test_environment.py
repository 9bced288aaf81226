"""Browser tests of what the browser says of itself (issue 57.7; see test_browser.py for the
harness): `\\.colorScheme`, `\\.timeZone` and `\\.horizontalSizeClass` follow Chromium's, live."""
import unittest

from selenium.webdriver.common.by import By

from test_browser import BrowserTestCase, screenshot_on_failure


class EnvironmentTests(BrowserTestCase):
    @screenshot_on_failure
    def test_color_scheme_time_zone_and_size_class_come_from_the_browser(self):
        driver = self.open("/")
        line = lambda d: d.find_element(By.ID, "browser").text
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Tokyo"})
        driver.refresh()
        self.until(driver, lambda d: line(d) == "Your browser: dark · Asia/Tokyo · regular", "the report reached the views")
        # Live: the scheme changes back, the window narrows past the line.
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
        self.until(driver, lambda d: line(d).startswith("Your browser: light"), "a change of scheme is reported")
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 800, "deviceScaleFactor": 1, "mobile": False})
        self.until(driver, lambda d: line(d) == "Your browser: light · Asia/Tokyo · compact", "a narrow window is compact")

    @screenshot_on_failure
    def test_a_geometry_reader_follows_the_width_the_browser_reports(self):
        driver = self.open("/geometry")
        width = lambda d: int(d.find_element(By.ID, "width").text.split()[1])
        reader = lambda d: d.find_element(By.ID, "reader").size["width"]
        self.until(driver, lambda d: width(d) == reader(d), "the reader's own width, reported (not the assumed 800)")
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 420, "height": 800, "deviceScaleFactor": 1, "mobile": False})
        self.until(driver, lambda d: width(d) == reader(d) and width(d) < 420, "resized: reported again")
        self.until(driver, lambda d: d.find_elements(By.ID, "one-column"), "below 500 points: one column")
        self.assertLessEqual(abs(driver.find_element(By.ID, "half").size["width"] - width(driver) / 2), 1)
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1100, "height": 800, "deviceScaleFactor": 1, "mobile": False})
        self.until(driver, lambda d: d.find_elements(By.ID, "three-columns"), "wider: three columns")

    @screenshot_on_failure
    def test_view_that_fits_and_container_relative_frames_follow_the_window(self):
        driver = self.open("/geometry")
        shown = lambda d, id: d.find_element(By.ID, id).is_displayed()
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1100, "height": 800, "deviceScaleFactor": 1, "mobile": False})
        self.until(driver, lambda d: shown(d, "fits-wide") and not shown(d, "fits-narrow"), "wide: the first child fits and shows")
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 380, "height": 800, "deviceScaleFactor": 1, "mobile": False})
        self.until(driver, lambda d: shown(d, "fits-narrow") and not shown(d, "fits-wide"), "narrow: the wide child does not fit, the next shows")
        scroller = driver.find_element(By.ID, "cards").size["width"]
        card = driver.find_element(By.ID, "card-1").size["width"]
        self.assertLessEqual(abs(card - (scroller - 20) / 3), 1.5, "a card is a third of the scroll view, less the gaps")
        # A window shorter than the page: the inset bar stays in sight at its bottom, scrolled to the top.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 380, "height": 300, "deviceScaleFactor": 1, "mobile": False})
        driver.execute_script("scrollTo(0, 0)")
        bottom = lambda d: d.execute_script("const r = document.getElementById('inset').getBoundingClientRect(); return r.bottom")
        self.until(driver, lambda d: abs(bottom(d) - 300) <= 2, "the inset bar sits at the bottom of the window")


if __name__ == "__main__":
    unittest.main(verbosity=2)
