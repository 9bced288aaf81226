import Statehouse
import Testing
@testable import StatehouseProtocol

/// The protocol's side of the HTML, without a server: how controls join the page's form, and
/// how changes become Turbo Stream elements.
@MainActor
@Suite("Protocol markup")
struct RendererTests {
    struct Form: View {
        @State private var text = "a"
        @State private var isOn = false
        var body: some View {
            Button("Go") {}.accessibilityIdentifier("go")
            TextField("Title", text: $text).accessibilityIdentifier("title")
            Toggle("Done", isOn: $isOn).accessibilityIdentifier("done")
            Text("plain").accessibilityIdentifier("plain")
        }
    }

    @Test("Every control joins the form #sh: a button or switch submits target=ID, a field its value under its id; other elements get nothing")
    func controlsJoinTheForm() {
        let html = LiveTree(Form(), renderer: FormMarkup.self).render()
        #expect(html.contains(#"<button id="go" class="sh-button" type="submit" form="sh" name="target" value="go">"#))
        #expect(html.contains(#"<input id="title" class="sh-textfield" type="text" value="a" placeholder="Title" aria-label="Title" form="sh" name="title">"#))
        #expect(html.contains(#"aria-checked="false" form="sh" name="target" value="done">"#))
        #expect(html.contains(#"<span id="plain" class="sh-text">plain</span>"#))
        let plain = LiveTree(Form()).render()
        #expect(!plain.contains("form="), "the view system alone writes no protocol")
    }

    @Test("Changes become turbo-stream elements; a remove has no template, and targets are escaped")
    func turboStreamEncoding() {
        let body = TurboStream.encode([
            .remove(target: "a"), .replace(target: "b", html: "<p>x</p>"),
            .prepend(target: "c", html: "<i></i>"), .after(target: "d\"", html: "<b></b>"),
        ])
        #expect(body == """
        <turbo-stream action="remove" target="a"></turbo-stream>
        <turbo-stream action="replace" target="b"><template><p>x</p></template></turbo-stream>
        <turbo-stream action="prepend" target="c"><template><i></i></template></turbo-stream>
        <turbo-stream action="after" target="d&quot;"><template><b></b></template></turbo-stream>
        """)
        #expect(TurboStream.encode([]) == "")
    }

    @Test("An event post decodes to page, event and fields; each malformed one is refused with 400 saying why")
    func eventPostDecoding() throws {
        func decode(_ body: String) -> Result<EventPost, Refusal> { EventPost.decode(FormData.decode(body)) }
        let click = try decode("page=p&target=go").get()
        #expect(click.page == "p" && click.event?.target == "go" && click.event?.type == .click && click.fields.isEmpty)
        let typing = try decode("page=p&target=title&type=input&value=Dune&_csrf=t").get()
        #expect(typing.event?.type == .input && typing.event?.value == "Dune" && typing.fields.isEmpty)
        let enter = try decode("page=p&target=&title=Dune").get()
        #expect(enter.event == nil && enter.fields.map(\.name) == ["title"])
        for (body, why) in [("target=go", "missing field 'page'"), ("page=p", "missing field 'target'"),
                            ("page=p&target=go&type=hover", "unknown event type 'hover'")] {
            guard case .failure(let refusal) = decode(body) else { Issue.record("\(body) was accepted"); continue }
            #expect(refusal.response.status == 400)
            #expect(String(decoding: refusal.response.body, as: UTF8.self).contains(why))
        }
    }
}
