/// The most characters a text control takes from one event.
private struct TextInputLimitKey: EnvironmentKey {
    static let defaultValue = TextInputLimit.standard
}

/// How long a text a `TextField`, `SecureField`, `TextEditor` or search field takes from one
/// event: a longer one is refused (400, quoting a few characters of it) and changes nothing.
/// The server's `--max-text-length` sets it for every page; `.textInputLimit(_:)` for the
/// views below a modifier.
public enum TextInputLimit {
    /// The default: 10,000 characters (a few pages of text).
    public static let standard = 10_000
}

extension EnvironmentValues {
    /// The most characters a text control below takes from one event (`TextInputLimit`).
    public var textInputLimit: Int {
        get { self[TextInputLimitKey.self] }
        set { self[TextInputLimitKey.self] = newValue }
    }
}

extension View {
    /// Sets the most characters the text controls below take from one event: a longer text is
    /// refused and changes nothing.
    ///
    /// ```swift
    /// TextField("Zip code", text: $zip)
    ///     .textInputLimit(10)
    /// TextEditor(text: $essay)
    ///     .textInputLimit(100_000)
    /// ```
    public func textInputLimit(_ characters: Int) -> some View {
        environment(\.textInputLimit, max(0, characters))
    }
}
