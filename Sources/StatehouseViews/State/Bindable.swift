/// A property wrapper type that supports creating bindings to the mutable properties of
/// observable objects.
///
/// ```swift
/// struct BookEditorView: View {
///     @Bindable var book: Book
///     var body: some View {
///         TextField("Title", text: $book.title)
///     }
/// }
/// ```
/// A binding made this way is the same input each time it is made for the same object and
/// property, so a child given it again is not re-evaluated.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value>: DynamicProperty {
    /// The wrapped object.
    public var wrappedValue: Value

    /// The bindable wrapper for the object, which creates bindings to its properties.
    public var projectedValue: Bindable<Value> { self }

    /// Creates a bindable object from an observable object (`@Bindable var book: Book`).
    public init(wrappedValue: Value) where Value: AnyObject & Observable {
        self.wrappedValue = wrappedValue
    }

    /// Creates a bindable object from an observable object (`Bindable(book)`).
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable {
        self.wrappedValue = wrappedValue
    }

    /// Creates a bindable from the value of another bindable.
    public init(projectedValue: Bindable<Value>) {
        self = projectedValue
    }

    /// Returns a binding to the value of a given key path.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> where Value: AnyObject {
        Binding(wrappedValue, keyPath)
    }
}

extension Bindable: @unchecked Sendable where Value: Sendable {}

extension Binding {
    /// A binding to `object[keyPath: keyPath]`, identified by the object and the key path.
    init<Root: AnyObject>(_ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
        self.init(identity: BindingIdentity(root: ObjectIdentifier(object), path: [keyPath]),
                  get: { object[keyPath: keyPath] },
                  set: { object[keyPath: keyPath] = $0 })
    }
}
