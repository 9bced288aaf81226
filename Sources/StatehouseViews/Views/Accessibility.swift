/// Accessibility modifiers, mapped to ARIA.

extension View {
    /// Hides the view from assistive technology (`aria-hidden="true"`); it stays on screen.
    public func accessibilityHidden(_ hidden: Bool) -> some View {
        modifier(AttributeModifier(attributes: hidden ? [Attribute("aria-hidden", "true")] : []))
    }

    /// Adds a textual description of the value the view holds (`aria-valuetext`), read after
    /// its label.
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View {
        modifier(AttributeModifier(attributes: [Attribute("aria-valuetext", String(value))]))
    }

    /// Adds a textual description of the value the view holds.
    public func accessibilityValue(_ value: Text) -> some View { accessibilityValue(value.string) }

    /// Communicates what happens after an action on the view (`aria-description`).
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View {
        modifier(AttributeModifier(attributes: [Attribute("aria-description", String(hint))]))
    }

    /// Communicates what happens after an action on the view.
    public func accessibilityHint(_ hint: Text) -> some View { accessibilityHint(hint.string) }

    /// Adds a label to the view that describes its contents.
    public func accessibilityLabel(_ label: Text) -> some View { accessibilityLabel(label.string) }

    /// Adds traits: `.isHeader` (a heading), `.isButton`, `.isLink`, `.isImage`, `.isSelected`,
    /// `.isStaticText`, `.isSummaryElement` as the matching ARIA role or state.
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
        modifier(AttributeModifier(attributes: traits.ariaAttributes))
    }

    /// Removes traits (the element's own role stays: HTML decides it).
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View { self }

    /// Makes the view one accessibility element: `.combine` and `.contain` a `group`;
    /// `.ignore` an element whose children assistive technology does not visit
    /// (`role="img"`, whose children are presentational: give it an `accessibilityLabel`).
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        modifier(AttributeModifier(attributes: [Attribute("role", children == .ignore ? "img" : "group")]))
    }

    /// Sets the order in which assistive technology visits the view (accepted: the page is
    /// read in document order).
    public func accessibilitySortPriority(_ sortPriority: Double) -> some View { self }

    /// Sets the heading level of a header (`role="heading" aria-level`).
    public func accessibilityHeading(_ level: AccessibilityHeadingLevel) -> some View {
        modifier(AttributeModifier(attributes: [Attribute("role", "heading"), Attribute("aria-level", String(level.rawValue))]))
    }
}

/// How an accessibility element treats its children.
///
/// ```swift
/// HStack { Image(systemName: "star.fill"); Text("4.5") }
///     .accessibilityElement(children: .combine)
/// ```
public enum AccessibilityChildBehavior: Hashable, Sendable {
    case ignore, contain, combine
}

/// The heading levels of `.accessibilityHeading`.
///
/// ```swift
/// Text("Settings").accessibilityHeading(.h2)
/// ```
public enum AccessibilityHeadingLevel: Sendable {
    case unspecified, h1, h2, h3, h4, h5, h6

    /// `aria-level` (an unspecified level is 2, the level of a section's title).
    var rawValue: Int {
        switch self {
        case .h1: 1
        case .unspecified, .h2: 2
        case .h3: 3
        case .h4: 4
        case .h5: 5
        case .h6: 6
        }
    }
}

/// Attributes that describe how a view behaves to assistive technology.
///
/// ```swift
/// Text("Chapter 1").accessibilityAddTraits(.isHeader)
/// ```
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let isButton = AccessibilityTraits(rawValue: 1)
    public static let isHeader = AccessibilityTraits(rawValue: 2)
    public static let isSelected = AccessibilityTraits(rawValue: 4)
    public static let isLink = AccessibilityTraits(rawValue: 8)
    public static let isSearchField = AccessibilityTraits(rawValue: 16)
    public static let isImage = AccessibilityTraits(rawValue: 32)
    public static let playsSound = AccessibilityTraits(rawValue: 64)
    public static let isKeyboardKey = AccessibilityTraits(rawValue: 128)
    public static let isStaticText = AccessibilityTraits(rawValue: 256)
    public static let isSummaryElement = AccessibilityTraits(rawValue: 512)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1024)
    public static let startsMediaSession = AccessibilityTraits(rawValue: 2048)
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 4096)
    public static let causesPageTurn = AccessibilityTraits(rawValue: 8192)
    public static let isModal = AccessibilityTraits(rawValue: 16384)
    public static let isToggle = AccessibilityTraits(rawValue: 32768)

    var ariaAttributes: [Attribute] {
        var attributes: [Attribute] = []
        let role: String? = contains(.isHeader) ? "heading" : contains(.isButton) ? "button" : contains(.isLink) ? "link"
            : contains(.isImage) ? "img" : contains(.isSearchField) ? "searchbox" : contains(.isSummaryElement) ? "status" : nil
        if let role { attributes.append(Attribute("role", role)) }
        if contains(.isHeader) { attributes.append(Attribute("aria-level", "2")) }
        if contains(.isSelected) { attributes.append(Attribute("aria-selected", "true")) }
        if contains(.updatesFrequently) { attributes.append(Attribute("aria-live", "polite")) }
        if contains(.isModal) { attributes.append(Attribute("aria-modal", "true")) }
        return attributes
    }
}

extension View {
    /// Gives the element this view renders the id `identifier` (inside a `ForEach`,
    /// `identifier-KEY`), so scripts and tests can address it by a stable name.
    @inlinable public consuming func accessibilityIdentifier(_ identifier: String) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: .identifier(identifier))
    }

    /// Adds a label to the view that describes its contents (`aria-label`).
    @inlinable public consuming func accessibilityLabel<S: StringProtocol>(_ label: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: .label(String(label)))
    }
}

/// What `accessibilityIdentifier(_:)` and `accessibilityLabel(_:)` apply: the element's `id`,
/// its `aria-label`. (A concrete result, as SwiftUI's: an opaque one is looked up by its mangled
/// name every time a body uses it.)
public struct AccessibilityAttachmentModifier: ContextModifier, @unchecked Sendable {
    public typealias Body = Never
    // Optional strings only, no field of a type of Statehouse's own: an app's module then knows
    // the layout, and the `ModifiedContent` of an app's `.accessibilityIdentifier(…)` is built
    // and moved where it is written. (With a private field of an internal type, the app's code
    // copied every view around it through value witnesses, three times per `body`.)
    @usableFromInline let identifier: String?
    @usableFromInline let label: String?

    @usableFromInline init(identifier: String?, label: String?) {
        self.identifier = identifier
        self.label = label
    }

    public func body(content: Content) -> Never { fatalError("AccessibilityAttachmentModifier is applied by Statehouse and has no body") }

    func modify(_ context: inout Context) {
        if let label { context.pending.add(classes: [], styles: [], attributes: [Attribute("aria-label", label)]) }
        if let identifier, context.pending.identifier == nil { context.pending.identifier = identifier }
    }

    /// `accessibilityIdentifier(_:)`'s and `accessibilityLabel(_:)`'s modifiers (called from
    /// their inlined bodies: the generic part, the `ModifiedContent`, is built where they are used).
    @inlinable static func identifier(_ identifier: String) -> Self { Self(identifier: identifier, label: nil) }
    @inlinable static func label(_ label: String) -> Self { Self(identifier: nil, label: label) }
}
