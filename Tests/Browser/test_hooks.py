"""Browser tests of the app's browser-side hooks (issue 58.7; see test_browser.py for the
harness): /notes copies its draft to the clipboard through `.clientHook("Clipboard")`, whose
message comes back to the view."""
import unittest

from selenium.webdriver.common.by import By

from test_browser import BrowserTestCase, screenshot_on_failure


class HookTests(BrowserTestCase):
    @screenshot_on_failure
    def test_the_clipboard_hook_copies_the_draft_and_says_so(self):
        driver = self.open("/notes")
        driver.execute_cdp_cmd("Browser.grantPermissions", {
            "origin": self.base, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
        draft = driver.find_element(By.ID, "draft")
        draft.send_keys("Hello, hook")
        self.until(driver, lambda d: d.find_element(By.ID, "draft-shown").text == "Draft: Hello, hook", "the draft is on the server")
        # The hook was given the new draft as its value (updated), and copies it when clicked.
        self.until(driver, lambda d: d.find_element(By.ID, "copy").get_attribute("data-sh-hook-value") == '"Hello, hook"',
                   "the hook's value follows the state")
        driver.find_element(By.ID, "copy").click()
        self.until(driver, lambda d: d.find_elements(By.ID, "copied") and d.find_element(By.ID, "copied").text == "Copied 11 characters.",
                   "the hook's message reached the view")
        pasted = driver.execute_async_script(
            "const done = arguments[0]; navigator.clipboard.readText().then(done, (e) => done('error: ' + e))")
        self.assertEqual(pasted, "Hello, hook")


if __name__ == "__main__":
    unittest.main(verbosity=2)
