import Foundation
import Statehouse

/// `/signup`: a realistic form. Name, email, a password with a strength meter, a country, a
/// birth date and the terms; "Create account" is disabled until every field is valid; errors
/// show under their fields; Return (`onSubmit`) checks the form and moves focus to the first
/// invalid field (`@FocusState`). Identifiers: the field (`email`), its error (`email-error`).
enum SignupSeed {
    enum Field: Hashable, CaseIterable {
        case name, email, password, country, birthDate, terms
    }

    static let countries: [(code: String, name: String)] = [
        ("ca", "Canada"), ("fr", "France"), ("de", "Germany"), ("jp", "Japan"),
        ("ke", "Kenya"), ("gb", "United Kingdom"), ("us", "United States"),
    ]

    /// 2000-01-01 at noon in the server's time zone.
    static var firstOfJanuary2000: Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        return calendar.date(from: DateComponents(year: 2000, month: 1, day: 1, hour: 12))!
    }

    /// 0 to 4: eight characters or more, then one point each for mixed case, a digit, a symbol.
    static func strength(of password: String) -> Int {
        guard password.count >= 8 else { return password.isEmpty ? 0 : 1 }
        var score = 1
        if password.contains(where: \.isUppercase), password.contains(where: \.isLowercase) { score += 1 }
        if password.contains(where: \.isNumber) { score += 1 }
        if password.contains(where: { !$0.isLetter && !$0.isNumber }) { score += 1 }
        return score
    }

    struct SignupView: View {
        @State private var name = ""
        @State private var email = ""
        @State private var password = ""
        @State private var country = ""
        @State private var birthDate = SignupSeed.firstOfJanuary2000
        @State private var acceptsTerms = false
        /// Set by the first Return: from then on every error shows, not only those of fields
        /// already filled in.
        @State private var attempted = false
        @State private var createdFor: String?
        @FocusState private var focused: Field?

        var body: some View {
            if let createdFor {
                VStack(alignment: .leading, spacing: 12) {
                    Text("Welcome, \(createdFor)!").font(.title).accessibilityIdentifier("created")
                    Button("Sign up someone else") { reset() }
                }
                .padding()
            } else {
                form
            }
        }

        private var form: some View {
            Form {
                Section("Account") {
                    TextField("Name", text: $name)
                        .focused($focused, equals: .name)
                        .accessibilityIdentifier("name")
                    errorText(.name)
                    TextField("Email", text: $email)
                        .focused($focused, equals: .email)
                        .accessibilityIdentifier("email")
                    errorText(.email)
                    SecureField("Password", text: $password)
                        .focused($focused, equals: .password)
                        .accessibilityIdentifier("password")
                    ProgressView(value: Double(SignupSeed.strength(of: password)), total: 4) {
                        Text("Password strength: \(strengthName)")
                    }
                    .accessibilityIdentifier("strength")
                    errorText(.password)
                }
                Section("About you") {
                    Picker("Country", selection: $country) {
                        Text("Choose a country").tag("")
                        ForEach(SignupSeed.countries, id: \.code) { Text($0.name).tag($0.code) }
                    }
                    .focused($focused, equals: .country)
                    .accessibilityIdentifier("country")
                    errorText(.country)
                    DatePicker("Birth date", selection: $birthDate, in: ...Date.now, displayedComponents: .date)
                        .focused($focused, equals: .birthDate)
                        .accessibilityIdentifier("birthdate")
                    errorText(.birthDate)
                    Toggle("I accept the terms of service", isOn: $acceptsTerms)
                        .focused($focused, equals: .terms)
                        .accessibilityIdentifier("terms")
                    errorText(.terms)
                }
                Button("Create account") { submit() }
                    .buttonStyle(.borderedProminent)
                    .keyboardShortcut(.defaultAction)
                    .disabled(firstInvalid != nil)
                    .accessibilityIdentifier("create")
            }
            .onSubmit { submit() }
        }

        @ViewBuilder
        private func errorText(_ field: Field) -> some View {
            if let message = error(field), attempted || hasInput(field) {
                Text(message)
                    .font(.footnote)
                    .foregroundStyle(.red)
                    .accessibilityIdentifier(Self.identifier(field) + "-error")
            }
        }

        private static func identifier(_ field: Field) -> String {
            field == .birthDate ? "birthdate" : "\(field)"
        }

        /// Whether the person has given the field something yet (errors of untouched fields
        /// wait for the first Return).
        private func hasInput(_ field: Field) -> Bool {
            switch field {
            case .name: !name.isEmpty
            case .email: !email.isEmpty
            case .password: !password.isEmpty
            case .country, .birthDate, .terms: false
            }
        }

        private func error(_ field: Field) -> String? {
            switch field {
            case .name:
                return name.trimmingCharacters(in: .whitespaces).isEmpty ? "Enter your name." : nil
            case .email:
                let parts = email.split(separator: "@", omittingEmptySubsequences: false)
                let valid = parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasSuffix(".")
                    && !email.contains(" ")
                return valid ? nil : "Enter an email address such as ada@example.com."
            case .password:
                return password.count >= 8 ? nil : "Use at least 8 characters."
            case .country:
                return country.isEmpty ? "Choose your country." : nil
            case .birthDate:
                let thirteen = Calendar(identifier: .gregorian).date(byAdding: .year, value: -13, to: .now)!
                return birthDate <= thirteen ? nil : "You must be at least 13 years old."
            case .terms:
                return acceptsTerms ? nil : "Accept the terms to continue."
            }
        }

        private var firstInvalid: Field? { Field.allCases.first { error($0) != nil } }

        private var strengthName: String {
            ["none", "weak", "fair", "good", "strong"][SignupSeed.strength(of: password)]
        }

        /// Return in any field, or the button: the first invalid field gets focus, else the
        /// account is made.
        private func submit() {
            attempted = true
            if let field = firstInvalid {
                focused = field
            } else {
                createdFor = name.trimmingCharacters(in: .whitespaces)
            }
        }

        private func reset() {
            name = ""
            email = ""
            password = ""
            country = ""
            birthDate = SignupSeed.firstOfJanuary2000
            acceptsTerms = false
            attempted = false
            createdFor = nil
        }
    }
}
