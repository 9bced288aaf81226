/// What a text control tells the browser about its input, as SwiftUI's modifiers tell a
/// device's keyboard: each becomes an HTML attribute of the `<input>` or `<textarea>` below
/// (`inputmode`, `autocomplete`, `autocapitalize`, `autocorrect`/`spellcheck`, `enterkeyhint`).
///
/// ```swift
/// TextField("Amount", value: $amount, format: .number)
///     .keyboardType(.decimalPad)              // inputmode="decimal"
/// TextField("Email", text: $email)
///     .textContentType(.emailAddress)         // autocomplete="email"
///     .textInputAutocapitalization(.never)    // autocapitalize="none"
///     .autocorrectionDisabled()               // autocorrect="off" spellcheck="false"
///     .submitLabel(.next)                     // enterkeyhint="next"
/// ```
struct TextInputTraits: Equatable {
    var keyboard: UIKeyboardType?
    var contentType: UITextContentType?
    var autocapitalization: TextInputAutocapitalization?
    var submitLabel: SubmitLabel?

    /// The attributes these traits write, `autocorrectionDisabled` with them.
    func attributes(autocorrectionDisabled: Bool) -> [Attribute] {
        var attributes: [Attribute] = []
        if let mode = keyboard?.inputMode { attributes.append(Attribute("inputmode", mode)) }
        if let token = contentType?.autocomplete { attributes.append(Attribute("autocomplete", token)) }
        if let autocapitalization { attributes.append(Attribute("autocapitalize", autocapitalization.token)) }
        if autocorrectionDisabled {
            attributes.append(Attribute("autocorrect", "off"))
            attributes.append(Attribute("spellcheck", "false"))
        }
        if let submitLabel { attributes.append(Attribute("enterkeyhint", submitLabel.token)) }
        return attributes
    }
}

private struct TextInputTraitsKey: EnvironmentKey {
    static let defaultValue = TextInputTraits()
}

private struct AutocorrectionDisabledKey: EnvironmentKey {
    static let defaultValue = false
}

extension EnvironmentValues {
    var textInputTraits: TextInputTraits {
        get { self[TextInputTraitsKey.self] }
        set { self[TextInputTraitsKey.self] = newValue }
    }

    /// Whether the text controls below ask the browser not to correct or check spelling.
    public var autocorrectionDisabled: Bool {
        get { self[AutocorrectionDisabledKey.self] }
        set { self[AutocorrectionDisabledKey.self] = newValue }
    }
}

/// The keyboard a text control asks for: on the web, the field's `inputmode`.
public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad,
         emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad

    /// SwiftUI's other name for `asciiCapable`.
    public static let alphabet = UIKeyboardType.asciiCapable

    var inputMode: String? {
        switch self {
        case .numberPad, .asciiCapableNumberPad: "numeric"
        case .decimalPad: "decimal"
        case .phonePad, .namePhonePad: "tel"
        case .emailAddress: "email"
        case .URL: "url"
        case .webSearch: "search"
        case .default, .asciiCapable, .numbersAndPunctuation, .twitter: nil
        }
    }
}

/// What a text control's content is, for the browser's autofill: the field's `autocomplete`.
/// Kinds the web has no token for (`.location`, `.flightNumber`, …) write none.
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    var autocomplete: String? { Self.tokens[rawValue] }

    private static let tokens: [String: String] = [
        "name": "name", "namePrefix": "honorific-prefix", "givenName": "given-name", "middleName": "additional-name",
        "familyName": "family-name", "nameSuffix": "honorific-suffix", "nickname": "nickname",
        "jobTitle": "organization-title", "organizationName": "organization",
        "fullStreetAddress": "street-address", "streetAddressLine1": "address-line1", "streetAddressLine2": "address-line2",
        "addressCity": "address-level2", "addressState": "address-level1", "sublocality": "address-level3",
        "countryName": "country-name", "postalCode": "postal-code", "telephoneNumber": "tel", "emailAddress": "email",
        "URL": "url", "creditCardNumber": "cc-number", "creditCardName": "cc-name", "creditCardGivenName": "cc-given-name",
        "creditCardMiddleName": "cc-additional-name", "creditCardFamilyName": "cc-family-name",
        "creditCardExpiration": "cc-exp", "creditCardExpirationMonth": "cc-exp-month", "creditCardExpirationYear": "cc-exp-year",
        "creditCardSecurityCode": "cc-csc", "creditCardType": "cc-type", "username": "username",
        "password": "current-password", "newPassword": "new-password", "oneTimeCode": "one-time-code",
        "birthdate": "bday", "birthdateDay": "bday-day", "birthdateMonth": "bday-month", "birthdateYear": "bday-year",
    ]

    public static let name = UITextContentType(rawValue: "name")
    public static let namePrefix = UITextContentType(rawValue: "namePrefix")
    public static let givenName = UITextContentType(rawValue: "givenName")
    public static let middleName = UITextContentType(rawValue: "middleName")
    public static let familyName = UITextContentType(rawValue: "familyName")
    public static let nameSuffix = UITextContentType(rawValue: "nameSuffix")
    public static let nickname = UITextContentType(rawValue: "nickname")
    public static let jobTitle = UITextContentType(rawValue: "jobTitle")
    public static let organizationName = UITextContentType(rawValue: "organizationName")
    public static let location = UITextContentType(rawValue: "location")
    public static let fullStreetAddress = UITextContentType(rawValue: "fullStreetAddress")
    public static let streetAddressLine1 = UITextContentType(rawValue: "streetAddressLine1")
    public static let streetAddressLine2 = UITextContentType(rawValue: "streetAddressLine2")
    public static let addressCity = UITextContentType(rawValue: "addressCity")
    public static let addressState = UITextContentType(rawValue: "addressState")
    public static let addressCityAndState = UITextContentType(rawValue: "addressCityAndState")
    public static let sublocality = UITextContentType(rawValue: "sublocality")
    public static let countryName = UITextContentType(rawValue: "countryName")
    public static let postalCode = UITextContentType(rawValue: "postalCode")
    public static let telephoneNumber = UITextContentType(rawValue: "telephoneNumber")
    public static let emailAddress = UITextContentType(rawValue: "emailAddress")
    public static let URL = UITextContentType(rawValue: "URL")
    public static let creditCardNumber = UITextContentType(rawValue: "creditCardNumber")
    public static let creditCardName = UITextContentType(rawValue: "creditCardName")
    public static let creditCardGivenName = UITextContentType(rawValue: "creditCardGivenName")
    public static let creditCardMiddleName = UITextContentType(rawValue: "creditCardMiddleName")
    public static let creditCardFamilyName = UITextContentType(rawValue: "creditCardFamilyName")
    public static let creditCardExpiration = UITextContentType(rawValue: "creditCardExpiration")
    public static let creditCardExpirationMonth = UITextContentType(rawValue: "creditCardExpirationMonth")
    public static let creditCardExpirationYear = UITextContentType(rawValue: "creditCardExpirationYear")
    public static let creditCardSecurityCode = UITextContentType(rawValue: "creditCardSecurityCode")
    public static let creditCardType = UITextContentType(rawValue: "creditCardType")
    public static let username = UITextContentType(rawValue: "username")
    public static let password = UITextContentType(rawValue: "password")
    public static let newPassword = UITextContentType(rawValue: "newPassword")
    public static let oneTimeCode = UITextContentType(rawValue: "oneTimeCode")
    public static let shipmentTrackingNumber = UITextContentType(rawValue: "shipmentTrackingNumber")
    public static let flightNumber = UITextContentType(rawValue: "flightNumber")
    public static let dateTime = UITextContentType(rawValue: "dateTime")
    public static let birthdate = UITextContentType(rawValue: "birthdate")
    public static let birthdateDay = UITextContentType(rawValue: "birthdateDay")
    public static let birthdateMonth = UITextContentType(rawValue: "birthdateMonth")
    public static let birthdateYear = UITextContentType(rawValue: "birthdateYear")
}

/// Which letters a text control capitalises as they are typed: the field's `autocapitalize`.
public struct TextInputAutocapitalization: Hashable, Sendable {
    let token: String

    public static let never = TextInputAutocapitalization(token: "none")
    public static let words = TextInputAutocapitalization(token: "words")
    public static let sentences = TextInputAutocapitalization(token: "sentences")
    public static let characters = TextInputAutocapitalization(token: "characters")
}

/// What the Return key of a text control says: the field's `enterkeyhint`.
public struct SubmitLabel: Hashable, Sendable {
    let token: String

    public static let done = SubmitLabel(token: "done")
    public static let go = SubmitLabel(token: "go")
    public static let send = SubmitLabel(token: "send")
    public static let join = SubmitLabel(token: "go")
    public static let route = SubmitLabel(token: "go")
    public static let search = SubmitLabel(token: "search")
    public static let `return` = SubmitLabel(token: "enter")
    public static let next = SubmitLabel(token: "next")
    public static let `continue` = SubmitLabel(token: "next")
}

extension View {
    /// Asks for a keyboard for the text controls below: `inputmode` on the web.
    public func keyboardType(_ type: UIKeyboardType) -> some View {
        transformEnvironment(\.textInputTraits) { $0.keyboard = type }
    }

    /// Says what the text controls below hold, for autofill: `autocomplete` on the web.
    public func textContentType(_ textContentType: UITextContentType?) -> some View {
        transformEnvironment(\.textInputTraits) { $0.contentType = textContentType }
    }

    /// Sets how the text controls below capitalise: `autocapitalize` on the web (`nil`: the browser's default).
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View {
        transformEnvironment(\.textInputTraits) { $0.autocapitalization = autocapitalization }
    }

    /// Asks the browser not to correct or spell-check the text controls below.
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View {
        environment(\.autocorrectionDisabled, disable)
    }

    /// The older name of `autocorrectionDisabled(_:)` (`nil`: the default).
    public func disableAutocorrection(_ disable: Bool?) -> some View {
        environment(\.autocorrectionDisabled, disable ?? false)
    }

    /// Names the Return key of the text controls below: `enterkeyhint` on the web.
    public func submitLabel(_ submitLabel: SubmitLabel) -> some View {
        transformEnvironment(\.textInputTraits) { $0.submitLabel = submitLabel }
    }
}
