import StatehouseTesting
import Testing
@testable import StatehouseGallery
@testable import StatehouseViews

/// `/signup`: the realistic form of the controls issue.
@MainActor
@Suite("Signup")
struct SignupTests {
    @Test("Create account is disabled until every field is valid; errors of fields typed into show under them as they are typed")
    func validation() throws {
        let page = try ViewTest(SignupSeed.SignupView())
        #expect(try page.element("create")[attribute: "disabled"] == "")
        #expect(page.text("name-error") == nil, "an untouched field shows no error before the first Return")
        try page.type("ada", into: "email")
        #expect(page.text("email-error") == "Enter an email address such as ada@example.com.")
        try page.type("ada@example.com", into: "email")
        #expect(page.text("email-error") == nil)
        try page.type("short", into: "password")
        #expect(page.text("password-error") == "Use at least 8 characters.")
        #expect(try page.element("strength").text == "Password strength: weak")
        try page.type("Longer-pass1", into: "password")
        #expect(try page.element("strength").text == "Password strength: strong")
        #expect(page.elements.first { $0.tag == "progress" }?[attribute: "value"] == "1")
        try page.type("Ada Lovelace", into: "name")
        try page.pick("gb", in: "country")
        #expect(try page.element("create")[attribute: "disabled"] == "", "the terms are not accepted yet")
        try page.click("terms")
        #expect(try page.element("create")[attribute: "disabled"] == nil)
        try page.button("Create account").click()
        #expect(page.text("created") == "Welcome, Ada Lovelace!")
    }

    @Test("Return checks the form: every error shows, and focus moves to the first invalid field (then the next, once that is fixed)")
    func returnMovesFocusToTheFirstInvalidField() throws {
        let page = try ViewTest(SignupSeed.SignupView())
        try page.focus("name")
        try page.submit("Ada", in: "name")
        #expect(page.lastFocusMove == .focus("email"))
        #expect(page.text("email-error") != nil && page.text("password-error") != nil && page.text("country-error") != nil)
        #expect(page.text("terms-error") == "Accept the terms to continue.")
        try page.focus("email")  // the browser moved there
        try page.submit("ada@example.com", in: "email")
        #expect(page.lastFocusMove == .focus("password"))
        try page.focus("password")
        try page.submit("Longer-pass1", in: "password")
        #expect(page.lastFocusMove == .focus("country"), "focus reaches a Picker's <select>, not its label")
        try page.pick("ke", in: "country")
        try page.submit("Ada", in: "name")
        #expect(page.lastFocusMove == .focus("terms"), "a Toggle's switch")
        #expect(page.text("created") == nil)
    }

    @Test("A birth date less than 13 years ago is an error under the date")
    func birthDate() throws {
        let page = try ViewTest(SignupSeed.SignupView())
        try page.send(Event(target: "birthdate", type: .change, value: "2020-05-17"))
        try page.submit("Ada", in: "name")
        #expect(page.text("birthdate-error") == "You must be at least 13 years old.")
    }
}
