import Foundation

/// A control for selecting a value from a bounded linear range of values: `<input type="range">`.
///
/// ```swift
/// Slider(value: $volume, in: 0...10, step: 0.5) { editing in isAdjusting = editing }
/// ```
/// While it is dragged the client sends `input` events (coalesced while one is in flight), and
/// `change` with the final value when it is let go; `onEditingChanged` hears `true` at the first
/// `input` and `false` at the `change`. A value that is not a number, or is out of the range,
/// is refused (400) and changes nothing; one between steps is rounded to the nearest step.
public struct Slider<Label: View>: View {
    let value: Binding<Double>
    let bounds: ClosedRange<Double>
    let step: Double?
    let onEditingChanged: @MainActor (Bool) -> Void
    let label: Label
    @State private var editing = SliderEditing()

    /// Creates a slider to select a value from a given range, with a label.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value, bounds, step: nil, label: label(), onEditingChanged)
    }

    /// Creates a slider to select a value from a given range, subject to a step increment.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label,
                                        onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value, bounds, step: Double(step), label: label(), onEditingChanged)
    }

    private init<V: BinaryFloatingPoint>(_ value: Binding<V>, _ bounds: ClosedRange<V>, step: Double?, label: Label,
                                         _ onEditingChanged: @escaping @MainActor (Bool) -> Void) {
        self.value = Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) })
        self.bounds = Double(bounds.lowerBound)...Double(bounds.upperBound)
        self.step = step
        self.label = label
        self.onEditingChanged = onEditingChanged
    }

    public var body: some View {
        Box("label", [Attribute("class", "sh-slider")], forwardsIdentifier: true) {
            label
            RangeInput(value: value.wrappedValue, bounds: bounds, step: step, binding: value, editing: editing,
                       onEditingChanged: onEditingChanged)
        }
    }
}

extension Slider where Label == EmptyView {
    /// Creates a slider to select a value from a given range.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
                                        onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value, bounds, step: nil, label: EmptyView(), onEditingChanged)
    }

    /// Creates a slider to select a value from a given range, subject to a step increment.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride,
                                        onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value, bounds, step: Double(step), label: EmptyView(), onEditingChanged)
    }
}

/// Whether a slider is being dragged (between its first `input` and its `change`).
@MainActor
final class SliderEditing {
    var isEditing = false
}

/// A number a control takes from an event: parsed, checked against its range and rounded to
/// its step.
struct NumberInput {
    let binding: Binding<Double>
    let bounds: ClosedRange<Double>
    let step: Double?
    let editing: SliderEditing?
    let onEditingChanged: (@MainActor (Bool) -> Void)?

    /// The value `text` sets, or why it is refused.
    func value(_ text: String) -> Result<Double, EventError> {
        guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
            return .failure(.invalidValue("\(quoted(text)) is not a number"))
        }
        guard bounds.contains(number) else {
            return .failure(.invalidValue("\(Self.format(number)) is out of range \(Self.format(bounds.lowerBound))...\(Self.format(bounds.upperBound))"))
        }
        guard let step, step > 0 else { return .success(number) }
        let steps = ((number - bounds.lowerBound) / step).rounded()
        return .success(min(bounds.upperBound, bounds.lowerBound + steps * step))
    }

    /// `value` as the page writes it (`0.5`, `3`).
    static func format(_ value: Double) -> String { cssNumber(CGFloat(value)) }
}

struct RangeInput: ElementView {
    let value: Double
    let bounds: ClosedRange<Double>
    let step: Double?
    let binding: Binding<Double>
    let editing: SliderEditing
    let onEditingChanged: @MainActor (Bool) -> Void

    func handler(in environment: EnvironmentValues) -> EventHandler? {
        .number(NumberInput(binding: binding, bounds: bounds, step: step, editing: editing, onEditingChanged: onEditingChanged))
    }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        var spec = ElementSpec("input", [
            Attribute("class", "sh-range"), Attribute("type", "range"),
            Attribute("min", NumberInput.format(bounds.lowerBound)), Attribute("max", NumberInput.format(bounds.upperBound)),
            Attribute("step", step.map(NumberInput.format) ?? "any"), Attribute("value", NumberInput.format(value)),
        ])
        if !environment.isEnabled { spec.attributes.append(Attribute("disabled", "")) }
        spec.isVoid = true
        spec.control = .field
        return spec
    }
}

/// A view that can display and edit long-form text: a `<textarea>`, which keeps its caret and
/// what was typed ahead as a `TextField` does.
///
/// ```swift
/// TextEditor(text: $notes)
/// ```
public struct TextEditor: View {
    let text: Binding<String>

    public init(text: Binding<String>) { self.text = text }

    public var body: some View { TextArea(value: text.wrappedValue, binding: text) }
}

struct TextArea: ElementView {
    let value: String
    let binding: Binding<String>
    /// A `TextField(_:text:axis: .vertical)`'s title: its placeholder and accessible name (Return
    /// starts a new line, as in SwiftUI's vertical field).
    var title: Text?
    var prompt: Text?

    func handler(in environment: EnvironmentValues) -> EventHandler? {
        .text(TextEntry(binding: binding, limit: environment.textInputLimit))
    }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        var spec: ElementSpec
        if let title = title?.resolved(in: environment) {
            spec = ElementSpec("textarea", [Attribute("class", "sh-textfield sh-vertical"), Attribute("rows", "2"),
                                            Attribute("placeholder", prompt?.resolved(in: environment) ?? title), Attribute("aria-label", title)], text: value)
        } else {
            spec = ElementSpec("textarea", [Attribute("class", "sh-texteditor"), Attribute("rows", "5")], text: value)
        }
        spec.attributes += environment.textInputTraits.attributes(autocorrectionDisabled: environment.autocorrectionDisabled)
        if !environment.isEnabled { spec.attributes.append(Attribute("disabled", "")) }
        spec.control = .field
        return spec
    }
}

/// A view that shows the progress toward completion of a task: `<progress>`, indeterminate
/// without a value.
///
/// ```swift
/// ProgressView(value: strength, total: 4)
/// ProgressView("Loading…")
/// ```
public struct ProgressView<Label: View>: View {
    let fraction: Double?
    let label: Label

    /// Creates a progress view for showing indeterminate progress.
    public init() where Label == EmptyView {
        fraction = nil
        label = EmptyView()
    }

    /// Creates a progress view for showing indeterminate progress, with a title.
    public init(_ titleKey: LocalizedStringKey) where Label == Text {
        fraction = nil
        label = Text(titleKey)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S) where Label == Text {
        fraction = nil
        label = Text(title)
    }

    /// Creates a progress view for showing determinate progress (`value` of `total`; clamped).
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1) where Label == EmptyView {
        fraction = Self.fraction(value, of: total)
        label = EmptyView()
    }

    /// Creates a progress view for showing determinate progress, with a title.
    public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1) where Label == Text {
        fraction = Self.fraction(value, of: total)
        label = Text(titleKey)
    }

    @_disfavoredOverload
    public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1) where Label == Text {
        fraction = Self.fraction(value, of: total)
        label = Text(title)
    }

    /// Creates a progress view for showing determinate progress, with a label view.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1, @ViewBuilder label: () -> Label) {
        fraction = Self.fraction(value, of: total)
        self.label = label()
    }

    /// Creates a progress view for showing indeterminate progress, with a label view.
    public init(@ViewBuilder label: () -> Label) {
        fraction = nil
        self.label = label()
    }

    /// `value` of `total`, clamped to 0...1 (nil: indeterminate).
    private static func fraction<V: BinaryFloatingPoint>(_ value: V?, of total: V) -> Double? {
        value.map { total > 0 ? min(1, max(0, Double($0) / Double(total))) : 0 }
    }

    /// Creates a progress view for a style's configuration, with the built-in look (inside a
    /// `ProgressViewStyle`'s `makeBody`: `ProgressView(configuration).tint(.red)`).
    public init(_ configuration: ProgressViewStyleConfiguration) where Label == ProgressViewStyleConfiguration.Label? {
        fraction = configuration.fractionCompleted
        label = configuration.label
        isStyled = true
    }

    var isStyled = false
    @Environment(\.customProgressViewStyle) private var style

    public var body: some View {
        if let makeBody = style?.makeBody, !isStyled {
            makeBody(ProgressViewStyleConfiguration(fractionCompleted: fraction, label: .init(content: AnyView(label))))
        } else {
            Box("label", [Attribute("class", "sh-progress")]) {
                label
                ProgressElement(fraction: fraction, circular: style?.isCircular ?? false)
            }
        }
    }
}

struct ProgressElement: ElementView {
    let fraction: Double?
    var circular = false
    func element(in environment: EnvironmentValues) -> ElementSpec {
        var attributes = [Attribute("class", circular ? "sh-progressbar sh-circular" : "sh-progressbar"), Attribute("max", "1")]
        if let fraction { attributes.append(Attribute("value", NumberInput.format(fraction))) }
        return ElementSpec("progress", attributes)
    }
}
