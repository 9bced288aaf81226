// Toggle and progress view styles with a `Configuration`, as SwiftUI declares them (button
// and label styles, and the plumbing they share, are in CustomStyles.swift).

// MARK: Toggle styles

/// The appearance and behavior of a toggle.
///
/// ```swift
/// struct CheckBox: ToggleStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         Button { configuration.isOn.toggle() } label: {
///             Label { configuration.label } icon: {
///                 Image(systemName: configuration.isOn ? "checkmark.circle.fill" : "circle")
///             }
///         }
///     }
/// }
/// Toggle("Notify me", isOn: $notify).toggleStyle(CheckBox())
/// ```
@MainActor
public protocol ToggleStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    typealias Configuration = ToggleStyleConfiguration
}

/// The properties of a toggle.
///
/// ```swift
/// func makeBody(configuration: Configuration) -> some View {
///     Button { configuration.isOn.toggle() } label: { configuration.label }
/// }
/// ```
@MainActor
public struct ToggleStyleConfiguration {
    /// A type-erased label of a toggle.
    public typealias Label = StyleContent

    /// A view that describes the effect of switching the toggle between states.
    public let label: Label
    /// Whether the toggle is on (setting it sets the toggle's binding).
    @Binding public var isOn: Bool
    /// Whether the toggle is in a mixed state (never, for one binding).
    public let isMixed = false

    init(label: Label, isOn: Binding<Bool>) {
        self.label = label
        _isOn = isOn
    }
}

/// A switch beside the label (the default): `<button role="switch" aria-checked>`.
///
/// ```swift
/// Toggle("Wi-Fi", isOn: $wifi).toggleStyle(.switch)
/// ```
public struct SwitchToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        ToggleSwitch(label: configuration.label, isOn: configuration.$isOn, role: "switch", className: "sh-switch")
    }
}

/// The default toggle style: a switch.
public typealias DefaultToggleStyle = SwitchToggleStyle

/// A checkbox beside the label: `<button role="checkbox" aria-checked>`.
///
/// ```swift
/// Toggle("Remember me", isOn: $remembers).toggleStyle(.checkbox)
/// ```
public struct CheckboxToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        ToggleSwitch(label: configuration.label, isOn: configuration.$isOn, role: "checkbox", className: "sh-checkbox")
    }
}

/// A button that shows the label and stays pressed while on: `<button aria-pressed>`.
///
/// ```swift
/// Toggle("Bold", isOn: $isBold).toggleStyle(.button)
/// ```
public struct ButtonToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        CheckedButton(role: "button", className: "sh-togglebutton", isOn: configuration.isOn, onClick: .toggle(configuration.$isOn),
                      content: configuration.label, stateAttribute: "aria-pressed")
    }
}

extension ToggleStyle where Self == SwitchToggleStyle {
    public static var automatic: SwitchToggleStyle { .init() }
    public static var `switch`: SwitchToggleStyle { .init() }
}
extension ToggleStyle where Self == CheckboxToggleStyle { public static var checkbox: CheckboxToggleStyle { .init() } }
extension ToggleStyle where Self == ButtonToggleStyle { public static var button: ButtonToggleStyle { .init() } }

typealias AnyToggleStyle = AnyStyle<ToggleStyleConfiguration>

// MARK: Progress view styles

/// A type that applies standard interaction behavior to all progress views within a view
/// hierarchy.
///
/// ```swift
/// struct Gauge: ProgressViewStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         Circle().trim(from: 0, to: configuration.fractionCompleted ?? 0)
///             .stroke(Color.accentColor, lineWidth: 6)
///             .frame(width: 48, height: 48)
///     }
/// }
/// ProgressView(value: done, total: all).progressViewStyle(Gauge())
/// ```
@MainActor
public protocol ProgressViewStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    typealias Configuration = ProgressViewStyleConfiguration
    /// Whether this is the built-in circular look (a style of your own is not).
    var _isCircular: Bool { get }
    /// Whether this is one of the built-in looks (drawn without `makeBody`).
    var _isBuiltIn: Bool { get }
}

extension ProgressViewStyle {
    public var _isCircular: Bool { false }
    public var _isBuiltIn: Bool { false }
}

/// The properties of a progress view instance.
///
/// ```swift
/// func makeBody(configuration: Configuration) -> some View {
///     Text("\(Int((configuration.fractionCompleted ?? 0) * 100))%")
/// }
/// ```
@MainActor
public struct ProgressViewStyleConfiguration {
    /// A type-erased label describing the task represented by the progress view.
    public typealias Label = StyleContent

    /// A type-erased label that describes the current value of a progress view.
    public typealias CurrentValueLabel = StyleContent

    /// The completed fraction of the task represented by the progress view, from 0.0 to 1.0,
    /// or nil if the progress is indeterminate.
    public let fractionCompleted: Double?
    /// A view that describes the task represented by the progress view.
    public var label: Label?
    /// A view that describes the current value of the progress view.
    public var currentValueLabel: CurrentValueLabel?

    init(fractionCompleted: Double?, label: Label?, currentValueLabel: CurrentValueLabel? = nil) {
        self.fractionCompleted = fractionCompleted
        self.label = label
        self.currentValueLabel = currentValueLabel
    }
}

/// A bar (the default): `<progress>`.
///
/// ```swift
/// ProgressView(value: downloaded, total: size).progressViewStyle(.linear)
/// ```
public struct LinearProgressViewStyle: ProgressViewStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { ProgressView(configuration) }
    public var _isBuiltIn: Bool { true }
}

/// The default progress view style: a bar.
public typealias DefaultProgressViewStyle = LinearProgressViewStyle

/// A ring (a spinner while indeterminate): `<progress class="sh-circular">`.
///
/// ```swift
/// ProgressView().progressViewStyle(.circular)
/// ```
public struct CircularProgressViewStyle: ProgressViewStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { ProgressView(configuration) }
    public var _isCircular: Bool { true }
    public var _isBuiltIn: Bool { true }
}

extension ProgressViewStyle where Self == LinearProgressViewStyle {
    public static var automatic: LinearProgressViewStyle { .init() }
    public static var linear: LinearProgressViewStyle { .init() }
}
extension ProgressViewStyle where Self == CircularProgressViewStyle { public static var circular: CircularProgressViewStyle { .init() } }

/// A progress view style, type-erased, as the environment holds it: a built-in look (no
/// `makeBody`), or a style's body.
struct AnyProgressViewStyle {
    let makeBody: (@MainActor (ProgressViewStyleConfiguration) -> AnyView)?
    let isCircular: Bool
}

extension EnvironmentValues {
    /// The buttons' style from here down: one kind or the other (or a built-in one: neither),
    /// never an outer one of the other kind left under it.
    mutating func setButtonStyle(primitive: AnyPrimitiveButtonStyle?, styled: AnyButtonStyle?) {
        if primitive != nil || customPrimitiveButtonStyle != nil { customPrimitiveButtonStyle = primitive }
        if styled != nil || customButtonStyle != nil { customButtonStyle = styled }
    }

    var customPrimitiveButtonStyle: AnyPrimitiveButtonStyle? {
        get { self[ObjectIdentifier(AnyPrimitiveButtonStyle.self)] ?? nil }
        set { self[ObjectIdentifier(AnyPrimitiveButtonStyle.self)] = newValue }
    }

    var customLabelStyle: AnyLabelStyle? {
        get { self[ObjectIdentifier(AnyLabelStyle.self)] ?? nil }
        set { self[ObjectIdentifier(AnyLabelStyle.self)] = newValue }
    }

    var customToggleStyle: AnyToggleStyle? {
        get { self[ObjectIdentifier(AnyToggleStyle.self)] ?? nil }
        set { self[ObjectIdentifier(AnyToggleStyle.self)] = newValue }
    }

    var customProgressViewStyle: AnyProgressViewStyle? {
        get { self[ObjectIdentifier(AnyProgressViewStyle.self)] ?? nil }
        set { self[ObjectIdentifier(AnyProgressViewStyle.self)] = newValue }
    }
}

extension View {
    /// Sets the style for labels within this view.
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        let erased = AnyLabelStyle { AnyView(style.makeBody(configuration: $0)) }
        return modifier(EnvironmentModifier { $0.customLabelStyle = erased })
    }

    /// Sets the style for toggles in a view hierarchy.
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
        let erased = AnyToggleStyle { AnyView(style.makeBody(configuration: $0)) }
        return modifier(EnvironmentModifier { $0.customToggleStyle = erased })
    }

    /// Sets the style for progress views in this view.
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        var makeBody: (@MainActor (ProgressViewStyleConfiguration) -> AnyView)?
        if !style._isBuiltIn { makeBody = { AnyView(style.makeBody(configuration: $0)) } }
        let erased = AnyProgressViewStyle(makeBody: makeBody, isCircular: style._isCircular)
        return modifier(EnvironmentModifier { $0.customProgressViewStyle = erased })
    }
}
