"""Browser tests of signing in (issue 58.6; see test_browser.py for the harness): /account
requires a user, so a signed-out browser is sent to /signin and back after it; signing in
replaces the session (a new cookie), and the old session's other tabs load again as the
signed-in user; `@UserStorage` is the user's, in every browser of theirs."""
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_browser import BrowserTestCase, screenshot_on_failure


class SignInTests(BrowserTestCase):
    def session_cookie(self, driver):
        return next((c["value"] for c in driver.get_cookies() if c["name"] == "sh_session"), None)

    def sign_in(self, driver, password):
        name = driver.find_element(By.ID, "name")
        self.replace_text(name, "ada")
        field = driver.find_element(By.ID, "password")
        self.replace_text(field, password)
        driver.find_element(By.ID, "sign-in").click()

    @screenshot_on_failure
    def test_a_protected_route_sends_a_signed_out_browser_to_sign_in_and_back(self):
        for javascript in (True, False):
            with self.subTest(javascript=javascript):
                driver = self.open("/account", javascript=javascript)
                self.until(driver, lambda d: "/signin?next=" in d.current_url, "sent to sign in")
                before = self.session_cookie(driver)
                if javascript:
                    self.sign_in(driver, "babbage")
                    self.until(driver, lambda d: d.find_elements(By.ID, "message")
                               and d.find_element(By.ID, "message").text == "Wrong name or password.", "a wrong password is told")
                    self.assertEqual(self.session_cookie(driver), before, "a failed sign-in keeps the session")
                self.sign_in(driver, "analytical engine")
                self.until(driver, lambda d: d.current_url.endswith("/account"), "back to /account after signing in")
                self.until(driver, lambda d: d.find_element(By.ID, "account-name").text == "Ada Lovelace", "as Ada")
                self.assertNotEqual(self.session_cookie(driver), before, "signing in replaces the session's cookie")
                self.assertTrue(next(c for c in driver.get_cookies() if c["name"] == "sh_session")["httpOnly"])

                driver.find_element(By.ID, "sign-out").click()
                self.until(driver, lambda d: "/signin?next=" in d.current_url, "signed out, /account sends to sign in again")

    @screenshot_on_failure
    def test_signing_in_in_one_tab_reloads_the_others_as_the_user(self):
        driver = self.open("/counter")
        counter = driver.current_window_handle
        old_page = driver.find_element(By.CSS_SELECTOR, "meta[name=sh-page]").get_attribute("content")
        driver.switch_to.new_window("tab")
        driver.get(self.base + "/signin")
        self.sign_in(driver, "analytical engine")
        self.until(driver, lambda d: d.find_elements(By.ID, "signed-in-as"), "signed in")
        driver.switch_to.window(counter)
        # Its page ended with the old session: its stream closes, the client asks again, is told
        # 410 and loads the page again, in the new session.
        self.until(driver, lambda d: d.find_element(By.CSS_SELECTOR, "meta[name=sh-page]").get_attribute("content") != old_page,
                   "the other tab loaded a new page")
        driver.find_element(By.ID, "increment").click()
        self.until(driver, lambda d: d.find_element(By.ID, "count").text == "1", "and it works")

    @screenshot_on_failure
    def test_user_storage_reaches_the_users_other_browser_live(self):
        first = self.open("/signin?next=/account")
        self.sign_in(first, "analytical engine")
        second = self.open("/signin?next=/account")
        self.sign_in(second, "analytical engine")
        for driver in (first, second):
            self.until(driver, lambda d: d.current_url.endswith("/account"), "signed in")
        motto = "Poetical science " + str(id(self))
        field = first.find_element(By.ID, "motto")
        self.replace_text(field, motto)
        self.until(second, lambda d: d.find_element(By.ID, "motto-shown").text == "Motto: " + motto,
                   "the other browser's page shows the user's motto, pushed")


if __name__ == "__main__":
    unittest.main(verbosity=2)
