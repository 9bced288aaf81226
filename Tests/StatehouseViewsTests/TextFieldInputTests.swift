import Foundation
import StatehouseTesting
import Testing
@testable import StatehouseViews

/// Issue 57.6: input as apps write it — formatted values, vertical fields, and the modifiers
/// that tell a keyboard (here, a browser) what a field holds.
@MainActor
@Suite struct TextFieldInputTests {
    struct Guests: View {
        @State var guests = 12.5
        @State var submitted = 0
        var body: some View {
            TextField("Guests", value: $guests, format: .number.locale(Locale(identifier: "en_US")))
                .accessibilityIdentifier("guests")
                .onSubmit { submitted += 1 }
            Text("value \(guests), submitted \(submitted)").accessibilityIdentifier("value")
        }
    }

    @Test("TextField(_:value:format:) shows the value formatted and takes a typed text into the value when it is committed, not while typing")
    func formattedCommits() throws {
        let page = try ViewTest(Guests())
        #expect(try page.element("guests")[attribute: "value"] == "12.5")
        #expect(try page.element("guests")[attribute: "data-sh-commit"] == "")
        try page.type("1,250", into: "guests")
        #expect(page.text("value") == "value 12.5, submitted 0", "typing alone changes no value")
        try page.commit("1,250", in: "guests")
        #expect(page.text("value") == "value 1250.0, submitted 0")
        #expect(try page.element("guests")[attribute: "value"] == "1,250", "shown as the format writes it")
        try page.submit("7", in: "guests")
        #expect(page.text("value") == "value 7.0, submitted 1", "Return commits, then onSubmit runs")
    }

    @Test("A committed text that does not parse stays in the field, and the value keeps what it had (as in SwiftUI)")
    func unparseableTextStays() throws {
        let page = try ViewTest(Guests())
        try page.commit("forty", in: "guests")
        #expect(page.text("value") == "value 12.5, submitted 0")
        #expect(try page.element("guests")[attribute: "value"] == "forty")
        try page.commit("40", in: "guests")
        #expect(page.text("value") == "value 40.0, submitted 0")
        #expect(try page.element("guests")[attribute: "value"] == "40")
    }

    @Test("A posted form (no JavaScript) commits a formatted field's text: its event is a change")
    func postedFormCommits() throws {
        let page = try ViewTest(Guests())
        let event = try #require(page.tree.registry.fieldEvent("guests", value: "3"))
        #expect(event.type == .change)
        try page.send(event)
        #expect(page.text("value") == "value 3.0, submitted 0")
    }

    @Test("A date format parses too: a typed date becomes the value")
    func dateFormat() throws {
        struct Due: View {
            @State var due = Date(timeIntervalSince1970: 0)
            let format = Date.ISO8601FormatStyle().year().month().day().dateSeparator(.dash)
            var body: some View {
                TextField("Due", value: $due, format: format).accessibilityIdentifier("due")
                Text("\(Int(due.timeIntervalSince1970))").accessibilityIdentifier("seconds")
            }
        }
        let page = try ViewTest(Due())
        #expect(try page.element("due")[attribute: "value"] == "1970-01-01")
        try page.commit("1970-01-02", in: "due")
        #expect(page.text("seconds") == "86400")
    }

    @Test("axis: .vertical is a textarea named by its title; prompt: is the placeholder")
    func verticalAndPrompt() throws {
        struct Notes: View {
            @State var notes = "first"
            var body: some View {
                TextField("Notes", text: $notes, axis: .vertical).accessibilityIdentifier("notes")
                TextField("Name", text: $notes, prompt: Text("Required")).accessibilityIdentifier("name")
            }
        }
        let page = try ViewTest(Notes())
        let notes = try #require(page.elements.first { $0.id == "notes" })
        #expect(notes.tag == "textarea")
        #expect(notes.text == "first")
        #expect(try page.element("notes")[attribute: "aria-label"] == "Notes")
        try page.type("first\nsecond", into: "notes")
        #expect(try page.element("name")[attribute: "value"] == "first\nsecond")
        #expect(try page.element("name")[attribute: "placeholder"] == "Required")
        #expect(try page.element("name")[attribute: "aria-label"] == "Name")
    }

    @Test("keyboardType, textContentType, textInputAutocapitalization, autocorrectionDisabled and submitLabel write inputmode, autocomplete, autocapitalize, autocorrect/spellcheck and enterkeyhint")
    func inputTraits() throws {
        let page = try ViewTest(VStack {
            TextField("Email", text: .constant("")).accessibilityIdentifier("email")
                .keyboardType(.emailAddress)
                .textContentType(.emailAddress)
                .textInputAutocapitalization(.never)
                .autocorrectionDisabled()
                .submitLabel(.next)
            SecureField("New password", text: .constant("")).accessibilityIdentifier("password")
                .textContentType(.newPassword)
            SecureField("Password", text: .constant("")).accessibilityIdentifier("current")
            TextField("Code", text: .constant(""), axis: .vertical).accessibilityIdentifier("code")
                .keyboardType(.numberPad)
            TextField("Plain", text: .constant("")).accessibilityIdentifier("plain")
                .keyboardType(.default).textContentType(.location)
        })
        let email = try page.element("email")
        #expect(email[attribute: "inputmode"] == "email")
        #expect(email[attribute: "autocomplete"] == "email")
        #expect(email[attribute: "autocapitalize"] == "none")
        #expect(email[attribute: "autocorrect"] == "off")
        #expect(email[attribute: "spellcheck"] == "false")
        #expect(email[attribute: "enterkeyhint"] == "next")
        #expect(try page.element("password")[attribute: "autocomplete"] == "new-password")
        #expect(try page.element("current")[attribute: "autocomplete"] == "current-password")
        #expect(try page.element("code")[attribute: "inputmode"] == "numeric")
        let plain = try #require(page.elements.first { $0.id == "plain" })
        #expect(plain.attributes.map(\.name) == ["class", "type", "value", "placeholder", "aria-label"],
                "the default keyboard and a kind the web has no token for write nothing")
    }
}


extension TextFieldInputTests {
    struct Resettable: View {
        @State var amount = 5
        var body: some View {
            TextField("Amount", value: $amount, format: .number).accessibilityIdentifier("amount")
            Button("Reset") { amount = 1 }
        }
    }

    @Test("A value set elsewhere (a Reset) replaces a draft typed over the old value")
    func resetReplacesTheDraft() throws {
        let page = try ViewTest(Resettable())
        try page.commit("lots", in: "amount")
        #expect(try page.element("amount")[attribute: "value"] == "lots")
        try page.button("Reset").click()
        #expect(try page.element("amount")[attribute: "value"] == "1")
    }
}
