"""Browser tests of /signup and of focus, keys and list selection on /controls (see
test_browser.py for the harness)."""
import time
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from test_browser import BrowserTestCase, screenshot_on_failure


def active(driver):
    return driver.switch_to.active_element.get_attribute("id")


def text(driver, element_id):
    found = driver.find_elements(By.ID, element_id)
    return found[0].text if found else None


class SignupTests(BrowserTestCase):
    @screenshot_on_failure
    def test_tab_through_and_submit_with_enter(self):
        driver = self.open("/signup")
        driver.find_element(By.ID, "name").click()
        keys = ActionChains(driver)
        keys.send_keys("Ada Lovelace", Keys.TAB, "ada@example", Keys.TAB, "Longer-pass1").perform()
        self.until(driver, lambda d: active(d) == "password", "Tab went through name and email to the password")
        self.assertEqual(driver.find_element(By.ID, "create").get_attribute("disabled"), "true", "not valid yet")
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        self.until(driver, lambda d: active(d) == "email", "Return moved focus to the first invalid field")
        self.until(driver, lambda d: text(d, "email-error") == "Enter an email address such as ada@example.com.", "its error shows")
        self.assertEqual(text(driver, "country-error"), "Choose your country.", "every error shows after Return")
        ActionChains(driver).send_keys(Keys.END, ".com", Keys.ENTER).perform()
        self.until(driver, lambda d: active(d) == "country", "then to the next invalid field, the country <select>")
        self.until(driver, lambda d: text(d, "email-error") is None, "the fixed field's error is gone")
        Select(driver.find_element(By.ID, "country")).select_by_visible_text("Kenya")
        self.until(driver, lambda d: text(d, "country-error") is None, "the country is chosen")
        driver.find_element(By.ID, "country").send_keys(Keys.TAB)  # to the date…
        self.until(driver, lambda d: active(d) == "birthdate", "Tab reaches the date")
        for _ in range(6):  # …through its day, month and year fields
            if active(driver) == "terms":
                break
            ActionChains(driver).send_keys(Keys.TAB).perform()
        self.until(driver, lambda d: active(d) == "terms", "and then the terms switch")
        ActionChains(driver).send_keys(Keys.SPACE).perform()
        self.until(driver, lambda d: d.find_element(By.ID, "terms").get_attribute("aria-checked") == "true", "Space accepts")
        self.until(driver, lambda d: d.find_element(By.ID, "create").get_attribute("disabled") is None, "Create account is enabled")
        ActionChains(driver).send_keys(Keys.TAB, Keys.ENTER).perform()
        self.until(driver, lambda d: text(d, "created") == "Welcome, Ada Lovelace!", "the account is made")

    @screenshot_on_failure
    def test_the_same_form_without_javascript(self):
        driver = self.open("/signup", javascript=False)
        driver.find_element(By.ID, "name").send_keys("Ada")
        driver.find_element(By.ID, "email").send_keys("ada@")
        Select(driver.find_element(By.ID, "country")).select_by_visible_text("France")
        password = driver.find_element(By.ID, "password")
        password.send_keys("Longer-pass1", Keys.ENTER)  # the page's form posts every field
        self.until(driver, lambda d: "/_sh/render" in d.current_url, "the post answered with the page")
        self.until(driver, lambda d: active(d) == "email", "the new page focuses the first invalid field (autofocus)")
        self.assertEqual(text(driver, "email-error"), "Enter an email address such as ada@example.com.")
        self.assertEqual(Select(driver.find_element(By.ID, "country")).first_selected_option.text, "France")
        self.assertIsNone(text(driver, "country-error"), "the country landed before the form was checked")
        driver.find_element(By.ID, "email").send_keys(Keys.END, "example.com")
        driver.find_element(By.ID, "terms").click()  # a switch posts the form with it
        self.until(driver, lambda d: d.find_element(By.ID, "terms").get_attribute("aria-checked") == "true", "accepted")
        self.assertEqual(driver.find_element(By.ID, "email").get_attribute("value"), "ada@example.com", "the email posted with it")
        driver.find_element(By.ID, "create").click()
        self.until(driver, lambda d: text(d, "created") == "Welcome, Ada!", "the account is made")


class FocusAndKeysTests(BrowserTestCase):
    @screenshot_on_failure
    def test_focus_state_follows_the_browser_and_moves_it(self):
        driver = self.open("/controls")
        driver.find_element(By.ID, "focus").click()
        self.until(driver, lambda d: text(d, "focus-value") == "focused", "focus in the field sets @FocusState")
        driver.find_element(By.ID, "focus-value").click()  # not focusable: focus leaves for the page
        self.until(driver, lambda d: text(d, "focus-value") == "not focused", "focus leaving clears it")
        driver.find_element(By.ID, "focus-button").click()
        self.until(driver, lambda d: active(d) == "focus", "writing @FocusState moved focus into the field")
        self.until(driver, lambda d: text(d, "focus-value") == "focused", "and the state says so")
        ActionChains(driver).send_keys("Ada").perform()
        self.assert_typed(driver, By.ID, "focus", "Ada")

    @screenshot_on_failure
    def test_key_presses_and_a_shortcut(self):
        driver = self.open("/controls")
        driver.find_element(By.ID, "keypress").click()
        y = driver.execute_script("return scrollY")
        ActionChains(driver).send_keys(Keys.ARROW_UP, Keys.ARROW_UP, Keys.ARROW_DOWN, Keys.ARROW_UP).perform()
        self.until(driver, lambda d: text(d, "keypress-value") == "2", "onKeyPress ran for each arrow")
        self.assertEqual(driver.execute_script("return scrollY"), y, "handled keys do not scroll the page")
        ActionChains(driver).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys("l").key_up(Keys.SHIFT).key_up(Keys.CONTROL).perform()
        self.until(driver, lambda d: text(d, "keypress-value") == "12", "Control-Shift-L pressed the button with that shortcut")

    @screenshot_on_failure
    def test_list_rows_selected_by_click_and_keyboard(self):
        driver = self.open("/controls")
        options = lambda d: d.find_elements(By.CSS_SELECTOR, "#list [role=option]")
        self.assertEqual([o.text for o in options(driver)], ["Chocolate", "Vanilla", "Strawberry"])
        options(driver)[0].click()
        self.until(driver, lambda d: text(d, "list-value") == "chocolate, vanilla", "a click adds the row to the set")
        ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
        self.until(driver, lambda d: d.switch_to.active_element.text == "Vanilla", "the arrow key moves to the next row")
        ActionChains(driver).send_keys(Keys.SPACE).perform()
        self.until(driver, lambda d: text(d, "list-value") == "chocolate", "Space takes it out of the set")
        self.assertEqual([o.get_attribute("aria-selected") for o in options(driver)], ["true", "false", "false"])

    @screenshot_on_failure
    def test_typing_in_a_text_editor_while_pushes_arrive(self):
        driver = self.open("/controls")
        driver.find_element(By.ID, "autosave").click()
        self.until(driver, lambda d: text(d, "autosave-value") != "Autosaved 0 times", "pushes are arriving")
        editor = driver.find_element(By.ID, "texteditor")
        self.replace_text(editor, "")
        typed = "Pushes replace the box around me while I type."
        before = text(driver, "autosave-value")
        for character in typed:
            ActionChains(driver).send_keys(character).perform()
            time.sleep(0.03)
        self.assertNotEqual(text(driver, "autosave-value"), before, "pushes arrived while typing")
        self.assert_typed(driver, By.ID, "texteditor", typed)
        self.until(driver, lambda d: text(d, "texteditor-value") == f"{len(typed)} characters", "the server has it all")


if __name__ == "__main__":
    unittest.main(verbosity=2)
