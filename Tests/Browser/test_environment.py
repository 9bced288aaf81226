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


if __name__ == "__main__":
    unittest.main(verbosity=2)
