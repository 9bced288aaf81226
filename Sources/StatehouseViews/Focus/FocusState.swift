/// A property wrapper type that can read and write a value that Statehouse updates as the
/// placement of focus within the page changes.
///
/// ```swift
/// enum Field: Hashable { case name, email }
/// @FocusState private var focusedField: Field?
///
/// TextField("Name", text: $name).focused($focusedField, equals: .name)
/// TextField("Email", text: $email).focused($focusedField, equals: .email)
/// Button("Next") { focusedField = .email }
/// ```
///
/// Both ways: the browser reports where focus is (a `focus` or `blur` event from the
/// client), so the state reads what has the caret; a write moves focus in the browser (the
/// response carries an `sh-focus` action), and without JavaScript the next page load
/// focuses the field (`autofocus`). Setting it to `nil` (or `false`) takes focus away.
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    var box: StateBox<Value>

    /// Creates a focus state that binds to a Boolean.
    public init() where Value == Bool { box = StateBox(false) }

    /// Creates a focus state that binds to an optional type (nil: no view has focus).
    public init<T: Hashable>() where Value == T? { box = StateBox(nil) }

    /// The current state value, taking into account where focus is.
    public var wrappedValue: Value {
        get { box.get() }
        nonmutating set { box.set(newValue) }
    }

    /// A projection of the focus state value that returns a binding (`.focused($field)`).
    public var projectedValue: Binding { Binding(storage: box.resolved) }

    /// A property wrapper type that can read and write a focus state value.
    ///
    /// ```swift
    /// struct SearchBar: View {
    ///     @Binding var query: String
    ///     @FocusState.Binding var isFocused: Bool
    ///     var body: some View { TextField("Search", text: $query).focused($isFocused) }
    /// }
    /// ```
    @propertyWrapper
    public struct Binding {
        let storage: StateBox<Value>

        /// The underlying value referenced by the bound property.
        public var wrappedValue: Value {
            get { storage.get() }
            nonmutating set { storage.set(newValue) }
        }

        /// A projection of the binding value that returns a binding.
        public var projectedValue: Binding { self }

        /// This element's binding: focused when the state equals `value`; focus arriving sets
        /// it to `value`, focus leaving sets it to `released` (if it still equals `value`).
        @MainActor func focusBinding(value: Value, released: Value?) -> FocusBinding {
            let storage = storage
            return FocusBinding(source: ObjectIdentifier(storage), value: AnyHashable(value), isFocused: storage.get() == value) { hasFocus in
                if hasFocus {
                    if storage.get() != value { storage.set(value) }
                } else if let released, storage.get() == value {
                    storage.set(released)
                }
            }
        }
    }
}

extension FocusState: @unchecked Sendable where Value: Sendable {}
extension FocusState.Binding: @unchecked Sendable where Value: Sendable {}

extension FocusState: BoxedState {}

extension View {
    /// Modifies this view by binding its focus state to the given Boolean: it is true while
    /// this view's element has focus; setting it to true moves focus here, false takes it away.
    public func focused(_ condition: FocusState<Bool>.Binding) -> some View {
        modifier(BehaviourModifier(focus: condition.focusBinding(value: true, released: false)))
    }

    /// Modifies this view by binding its focus state to the given value: the state equals
    /// `value` while this view's element has focus (nil when focus leaves it, for an optional
    /// state); setting the state to `value` moves focus here.
    public func focused<Value: Hashable>(_ binding: FocusState<Value>.Binding, equals value: Value) -> some View {
        let released = (Value.self as? any ExpressibleByNilLiteral.Type).map { $0.init(nilLiteral: ()) as! Value }
        return modifier(BehaviourModifier(focus: binding.focusBinding(value: value, released: released)))
    }

    /// Specifies if the view is focusable (`tabindex="0"`): it can take focus, and with it
    /// key presses (`.onKeyPress`).
    public func focusable(_ isFocusable: Bool = true) -> some View {
        modifier(AttributeModifier(attributes: isFocusable ? [Attribute("tabindex", "0")] : []))
    }
}

/// `.focused` and `.onKeyPress`: what they attach goes to the next element down (the control,
/// in a control made of several elements).
struct BehaviourModifier: ContextModifier {
    var focus: FocusBinding?
    var keyHandlers: [KeyHandler] = []

    func modify(_ context: inout Context) {
        context.pending.behaviour = ElementBehaviour.adding(focus: focus, keyHandlers: keyHandlers, to: context.pending.behaviour)
    }
}
