"""Browser tests of the SwiftUI-breadth pages, /shapes and /groceries (see test_browser.py
for the harness)."""
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_browser import BrowserTestCase, screenshot_on_failure


class BreadthTests(BrowserTestCase):
    @screenshot_on_failure
    def test_shapes_draw_and_follow_state(self):
        driver = self.open("/shapes")
        ring = driver.find_element(By.CSS_SELECTOR, "#ring path")
        box = driver.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.width, b.height]", ring)
        self.assertGreater(box[0], 50, "the arc is drawn at the frame's size")
        before = ring.get_attribute("d")
        driver.find_element(By.XPATH, "//button[normalize-space()='Empty']").click()
        self.until(driver, lambda d: d.find_element(By.ID, "ring-value").text == "0%", "the custom style's button ran its action")
        self.until(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#ring path").get_attribute("d") != before, "the arc follows")
        colour = driver.execute_script("return getComputedStyle(arguments[0]).backgroundColor",
                                       driver.find_element(By.XPATH, "//button[normalize-space()='Empty']/*"))
        self.assertEqual(colour, "rgb(255, 59, 48)", "the destructive role's colour comes from the style's body")

    @screenshot_on_failure
    def test_styles_and_gradients_render_in_the_browser(self):
        driver = self.open("/shapes")
        css = lambda element_id, prop: driver.execute_script(
            "return getComputedStyle(document.getElementById(arguments[0]))[arguments[1]]", element_id, prop)
        self.assertIn("linear-gradient", css("gradient-circle", "backgroundImage"))
        self.assertIn("circle", css("gradient-circle", "clipPath"))
        self.assertEqual(css("bordered", "borderTopWidth"), "4px")
        self.assertEqual(css("gradient-text", "color"), "rgba(0, 0, 0, 0)", "gradient text: the text itself is transparent")
        self.assertIn("linear-gradient", css("faded", "maskImage"))
        # The custom ToggleStyle: a star button that fills when on.
        star = driver.find_element(By.ID, "star")
        self.assertIn('fill="none"', star.get_attribute("innerHTML"))
        star.click()
        self.until(driver, lambda d: 'fill="none"' not in d.find_element(By.ID, "star").get_attribute("innerHTML"),
                   "the style's button set the toggle's binding")
        # .iconOnly: the title is read by screen readers but takes no room.
        hidden = driver.find_element(By.CSS_SELECTOR, "#icon-only .sh-visually-hidden")
        self.assertEqual(hidden.get_attribute("textContent"), "Trash")
        self.assertLessEqual(hidden.size["width"], 1)

    @screenshot_on_failure
    def test_scene_phase_follows_the_tab(self):
        driver = self.open("/notes")
        driver.find_element(By.ID, "draft").send_keys("a thought")
        self.until(driver, lambda d: d.find_element(By.ID, "draft-shown").text == "Draft: a thought", "typed")
        # The tab is hidden (as when another tab is chosen): the client reports it.
        driver.execute_script("Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});"
                              "document.dispatchEvent(new Event('visibilitychange'))")
        self.until(driver, lambda d: d.find_element(By.ID, "saved-hidden").text == "Saved when hidden: a thought",
                   "onChange(of: scenePhase) saw background")

    @screenshot_on_failure
    def test_groceries_edited_with_the_keyboard(self):
        driver = self.open("/groceries")
        switches = lambda d: [s.find_element(By.XPATH, "..").text for s in d.find_elements(By.CSS_SELECTOR, "[role=switch]")]
        self.assertEqual(switches(driver), ["Milk", "Eggs", "Bread"])
        delete = driver.find_elements(By.XPATH, "//button[normalize-space()='Delete']")[1]
        driver.execute_script("arguments[0].focus()", delete)
        delete.send_keys(Keys.ENTER)
        self.until(driver, lambda d: switches(d) == ["Milk", "Bread"], "Enter on a row's Delete removes that row")
        driver.find_element(By.XPATH, "//button[normalize-space()='Edit']").click()
        self.until(driver, lambda d: d.find_elements(By.XPATH, "//button[normalize-space()='Move down']"), "edit mode shows the move buttons")
        driver.find_elements(By.XPATH, "//button[normalize-space()='Move down']")[0].click()
        self.until(driver, lambda d: switches(d) == ["Bread", "Milk"], "Move down moves the row")
        field = driver.find_element(By.ID, "new-item")
        field.send_keys("Apples", Keys.ENTER)
        self.until(driver, lambda d: switches(d) == ["Bread", "Milk", "Apples"], "Return adds a row")
        self.until(driver, lambda d: d.find_element(By.ID, "summary").text == "0 of 3 bought (0%)", "the formatted summary")


if __name__ == "__main__":
    unittest.main(verbosity=2)
