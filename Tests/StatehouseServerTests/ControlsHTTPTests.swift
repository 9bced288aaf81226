import Foundation
import Statehouse
import Testing
@testable import StatehouseProtocol

/// `/controls` over HTTP: sliders and text editors by event and by the no-JavaScript form.
@Suite("Controls over HTTP")
struct ControlsHTTPTests {
    @Test("Without JavaScript a slider and a text editor post with the form: the pressed button applies their values, then shows the page")
    func formPost() async throws {
        try await withPage("/controls") { client, page in
            #expect(page.html.contains(#"<input id="slider" class="sh-range" type="range" min="0" max="10" step="0.5" value="3" form="sh" name="slider">"#))
            #expect(page.html.contains(#"<textarea id="texteditor" class="sh-texteditor" rows="5" form="sh" name="texteditor">Notes</textarea>"#))
            #expect(page.html.contains(#"<select id="picker" class="sh-select" aria-label="Flavor" form="sh" name="picker">"#))
            let body = FormData.encode([("page", page.id), ("_csrf", page.csrf), ("picker", "vanilla"), ("datepicker", "2001-02-03"), ("slider", "7"),
                                        ("texteditor", "Hello <b>"), ("target", "apply")])
            let reply = client.post("/_sh/event", body, headers: ["Accept: text/html"])
            #expect(reply.status == 303)
            let render = client.get("/_sh/render?page=\(page.id)").body
            #expect(render.contains(#"value="7" form="sh" name="slider">"#))
            #expect(render.contains(#">7.0</span>"#))
            #expect(render.contains(#">Hello &lt;b&gt;</textarea>"#))
            #expect(render.contains(#"<option id="_"#) && render.contains(#"value="vanilla" selected="">Vanilla</option>"#))
            #expect(render.contains(#">vanilla</span>"#))
            #expect(render.contains(#">2001-02-03</span>"#), "the date posted with the form")
            #expect(render.contains(#"<progress id="_"#) && render.contains(#"max="1" value="0.7">"#))
        }
    }

    @Test("A slider refuses a value it cannot take with 400 saying why, and the post changes nothing (its other fields neither)")
    func refusals() async throws {
        try await withPage("/controls") { client, page in
            let bad = FormData.encode([("page", page.id), ("_csrf", page.csrf), ("slider", "eleven"),
                                       ("texteditor", "changed"), ("target", "apply")])
            let reply = client.post("/_sh/event", bad, headers: ["Accept: text/html"])
            #expect(reply.status == 400)
            #expect(reply.body.contains("'eleven' is not a number"))
            let mint = event(client, page, target: "picker", type: "change", value: "mint")
            #expect(mint.status == 400 && mint.body.contains("'mint' is not one of the picker's options"))
            let future = event(client, page, target: "datepicker", type: "change", value: "2999-01-01")
            #expect(future.status == 400 && future.body.contains("2999-01-01 is outside the allowed dates"))
            let notADate = event(client, page, target: "datepicker", type: "change", value: "yesterday")
            #expect(notADate.status == 400 && notADate.body.contains("'yesterday' is not a date (YYYY-MM-DD)"))
            for impossible in ["2000-13-01", "2000-00-10", "2000-01--1", "2001-02-30"] {
                let reply = event(client, page, target: "datepicker", type: "change", value: impossible)
                #expect(reply.status == 400, "\(impossible): \(reply.status)")
            }
            let outOfRange = event(client, page, target: "slider", type: "change", value: "12")
            #expect(outOfRange.status == 400 && outOfRange.body.contains("12 is out of range 0...10"))
            let render = client.get("/_sh/render?page=\(page.id)").body
            #expect(render.contains(#"value="3" form="sh" name="slider">"#) && render.contains(">Notes</textarea>"))
            let good = event(client, page, target: "slider", type: "input", value: "4.5")
            #expect(good.status == 200)
            #expect(good.body.contains(">4.5 (adjusting)</span>"))
            #expect(!good.body.contains(#"target="slider""#), "the slider itself is not sent back")
        }
    }
}
