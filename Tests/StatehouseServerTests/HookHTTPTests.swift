import Foundation
import Statehouse
import Testing
@testable import StatehouseProtocol

/// Issue 58.7: a view's browser-side hook (`.clientHook`) over HTTP: the element names it and
/// carries the view's value; the hook's messages reach the view, typed; what the view does not
/// take is refused and changes nothing.
@Suite struct HookHTTPTests {
    @Test("/notes: the copy button names its hook and carries the draft; a message is decoded and shown; a new draft reaches the hook's value")
    func messagesReachTheView() async throws {
        try await withPage("/notes") { client, page in
            #expect(page.html.contains(#"data-sh-hook="Clipboard" data-sh-hook-value="&quot;&quot;""#))
            let copied = event(client, page, target: "copy", type: "hook", value: #"{"characters":5}"#)
            #expect(copied.status == 200)
            #expect(copied.body.contains(">Copied 5 characters.</span>"))
            let typed = event(client, page, target: "draft", type: "input", value: "Hi <there>")
            #expect(typed.status == 200)
            #expect(typed.body.contains(#"data-sh-hook-value="&quot;Hi &lt;there&gt;&quot;""#), "the hook's new value, escaped")
        }
    }

    @Test("A message that is not the view's type, not JSON, or sent to an element with no hook (or a hook that takes none) is 400 and changes nothing")
    func refusals() async throws {
        try await withPage("/notes") { client, page in
            let wrongType = event(client, page, target: "copy", type: "hook", value: #"{"characters":"five"}"#)
            #expect(wrongType.status == 400)
            #expect(wrongType.body.contains("is not a Copied: characters is not a Int"))
            let notJSON = event(client, page, target: "copy", type: "hook", value: "<script>")
            #expect(notJSON.status == 400 && notJSON.body.contains("not JSON"))
            #expect(notJSON.header("content-type")?.hasPrefix("text/plain") == true, "quoted as text, never HTML")
            let noHook = event(client, page, target: "draft", type: "hook", value: "{}")
            #expect(noHook.status == 400)
            let render = client.get("/_sh/render?page=\(page.id)").body
            #expect(!render.contains("Copied"), "nothing changed")
        }
    }
}
