"""Browser tests of /controls (see test_browser.py for the harness)."""
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from test_browser import BrowserTestCase, screenshot_on_failure


class ControlsTests(BrowserTestCase):
    @screenshot_on_failure
    def test_dragging_a_slider_sends_the_final_value(self):
        driver = self.open("/controls")
        slider = driver.find_element(By.ID, "slider")
        ActionChains(driver).click_and_hold(slider).move_by_offset(40, 0).move_by_offset(60, 0).release().perform()
        value = lambda d: d.find_element(By.ID, "slider").get_attribute("value")
        self.until(driver, lambda d: value(d) not in ("3", "3.0"), "the slider moved")
        final = float(value(driver))
        self.until(driver, lambda d: d.find_element(By.ID, "slider-value").text == f"{final:.1f}",
                   "the echo text shows the final value, and editing has ended")
        self.until(driver, lambda d: d.find_element(By.ID, "progress-value").text == f"{int(final * 10)} %", "progress follows")
        driver.find_element(By.ID, "reset").click()
        self.until(driver, lambda d: value(d) == "3", "a write from the server moves the slider")

    @screenshot_on_failure
    def test_picking_in_a_select_and_a_segmented_picker(self):
        driver = self.open("/controls")
        Select(driver.find_element(By.ID, "picker")).select_by_visible_text("Strawberry")
        self.until(driver, lambda d: d.find_element(By.ID, "picker-value").text == "strawberry", "the binding follows the select")
        driver.find_element(By.XPATH, "//button[@role='radio'][normalize-space()='Large']").click()
        self.until(driver, lambda d: d.find_element(By.ID, "segmented-value").text == "large", "the segment is picked")
        self.assertEqual(driver.find_element(By.XPATH, "//button[@role='radio'][normalize-space()='Large']").get_attribute("aria-checked"), "true")
        driver.find_element(By.ID, "reset").click()
        self.until(driver, lambda d: Select(d.find_element(By.ID, "picker")).first_selected_option.text == "Chocolate",
                   "a write from the server selects the option")

    @screenshot_on_failure
    def test_a_disclosure_group_follows_its_binding(self):
        driver = self.open("/controls")
        driver.find_element(By.CSS_SELECTOR, "#disclosure > summary").click()
        self.until(driver, lambda d: d.find_element(By.ID, "disclosure-value").text == "open", "opening it writes the binding")
        self.until(driver, lambda d: "Flavor" in d.find_element(By.ID, "disclosure").text, "its content is shown")
        driver.find_element(By.ID, "reset").click()
        self.until(driver, lambda d: d.find_element(By.ID, "disclosure").get_attribute("open") is None, "the server closes it")
        self.until(driver, lambda d: d.find_element(By.ID, "disclosure-value").text == "closed", "and it stays closed")

    @screenshot_on_failure
    def test_picking_a_date(self):
        driver = self.open("/controls")
        picker = driver.find_element(By.ID, "datepicker")
        self.assertEqual(picker.get_attribute("type"), "date")
        self.assertEqual(picker.get_attribute("value"), "2000-01-01")
        # What the browser's date popup does: set the value, fire change.
        driver.execute_script("arguments[0].value = '2001-02-03';"
                              "arguments[0].dispatchEvent(new Event('change', { bubbles: true }))", picker)
        self.until(driver, lambda d: d.find_element(By.ID, "datepicker-value").text == "2001-02-03", "the binding follows")
        driver.find_element(By.ID, "reset").click()
        self.until(driver, lambda d: d.find_element(By.ID, "datepicker").get_attribute("value") == "2000-01-01",
                   "a write from the server sets the input")

    @screenshot_on_failure
    def test_a_formatted_field_takes_its_value_when_left(self):
        driver = self.open("/controls")
        field = driver.find_element(By.ID, "formatted")
        self.assertEqual(field.get_attribute("value"), "9.50")
        self.assertEqual(field.get_attribute("inputmode"), "decimal")
        self.replace_text(field, "12.3456", Keys.TAB)
        self.until(driver, lambda d: d.find_element(By.ID, "formatted-value").text == "12.3456", "leaving the field commits it")
        self.until(driver, lambda d: d.find_element(By.ID, "formatted").get_attribute("value") == "12.35",
                   "the field then shows the value as its format writes it")
        self.replace_text(driver.find_element(By.ID, "formatted"), "lots", Keys.TAB)
        # Events are answered in order: once the picker's echo is back, the commit before it was too.
        Select(driver.find_element(By.ID, "picker")).select_by_visible_text("Vanilla")
        self.until(driver, lambda d: d.find_element(By.ID, "picker-value").text == "vanilla", "the next event was answered")
        self.assertEqual(driver.find_element(By.ID, "formatted-value").text, "12.3456", "a text that does not parse changes no value")
        self.assertEqual(driver.find_element(By.ID, "formatted").get_attribute("value"), "lots", "and stays in the field")

    @screenshot_on_failure
    def test_typing_in_a_text_editor_keeps_the_caret(self):
        driver = self.open("/controls")
        self.replace_text(driver.find_element(By.ID, "texteditor"), "first line", Keys.ENTER, "second line")
        self.until(driver, lambda d: d.find_element(By.ID, "texteditor-value").text == "22 characters", "the count follows")
        self.assert_typed(driver, By.ID, "texteditor", "first line\nsecond line")


if __name__ == "__main__":
    unittest.main(verbosity=2)
