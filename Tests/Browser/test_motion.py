"""Browser tests of /motion (issue 57.5; see test_browser.py for the harness): a change inside
withAnimation shows intermediate frames, a .transition brings a view in and takes it out, and
reduced motion is instant."""
import unittest

from selenium.webdriver.common.by import By

from test_browser import BrowserTestCase, screenshot_on_failure

# Samples a computed style property of #ID on every animation frame for MS milliseconds
# after clicking #BUTTON; returns the distinct values seen, in order.
SAMPLE = """
const [id, button, property, ms, done] = arguments;
const seen = [];
const start = performance.now();
function sample() {
  const el = document.getElementById(id);
  const value = el ? getComputedStyle(el)[property] : 'gone';
  if (seen[seen.length - 1] !== value) seen.push(value);
  if (performance.now() - start < ms) requestAnimationFrame(sample); else done(seen);
}
document.getElementById(button).click();
requestAnimationFrame(sample);
"""


class MotionTests(BrowserTestCase):
    def sample(self, driver, element, button, prop, ms=1500):
        driver.set_script_timeout(10)
        return driver.execute_async_script(SAMPLE, element, button, prop, ms)

    @screenshot_on_failure
    def test_a_change_inside_with_animation_shows_intermediate_frames(self):
        driver = self.open("/motion")
        seen = [float(v) for v in self.sample(driver, "dot", "grow", "opacity")]
        self.assertEqual(seen[0], 1.0)
        self.assertAlmostEqual(seen[-1], 0.4, places=3)
        between = [v for v in seen if 0.45 < v < 0.95]
        self.assertGreaterEqual(len(between), 3, f"frames between 1 and 0.4: {seen}")
        self.assertEqual(driver.find_element(By.ID, "grow").text, "Shrink")

    @screenshot_on_failure
    def test_a_transition_brings_a_view_in_and_takes_it_out(self):
        driver = self.open("/motion")
        seen = self.sample(driver, "card", "card-toggle", "opacity", 1200)
        # Not there before the click's answer (which may land before the first frame sampled).
        self.assertIn(seen[0], ("gone", "0"))
        values = [float(v) for v in seen if v != "gone"]
        self.assertTrue(any(0.05 < v < 0.95 for v in values), f"it fades in: {seen}")
        self.assertEqual(values[-1], 1.0)
        self.until(driver, lambda d: d.find_element(By.ID, "card-toggle").text == "Hide the card", "the answer is in")
        # Going out: the card stays while it fades, then it is gone.
        out = driver.execute_async_script("""
            const done = arguments[0];
            const card = document.getElementById('card');
            const seen = [];
            const start = performance.now();
            document.getElementById('card-toggle').click();
            (function sample() {
              const value = card.isConnected ? getComputedStyle(card).opacity : 'gone';
              if (seen[seen.length - 1] !== value) seen.push(value);
              if (performance.now() - start < 1500) requestAnimationFrame(sample); else done(seen);
            })();""")
        self.assertEqual(out[-1], "gone")
        self.assertTrue(any(v != "gone" and 0.05 < float(v) < 0.95 for v in out), f"it fades out first: {out}")

    @screenshot_on_failure
    def test_reduced_motion_is_instant(self):
        driver = self.open("/motion")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        driver.refresh()
        self.until(driver, lambda d: d.find_element(By.ID, "dot"), "the page is back")
        seen = [float(v) for v in self.sample(driver, "dot", "grow", "opacity", 800)]
        self.assertAlmostEqual(seen[-1], 0.4, places=3)
        self.assertTrue(all(v in (1.0, 0.4) for v in seen), f"one step, no frames between: {seen}")


if __name__ == "__main__":
    unittest.main(verbosity=2)
