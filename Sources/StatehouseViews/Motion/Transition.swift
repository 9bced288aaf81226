import Synchronization

/// How a view comes in and goes out when it is inserted or removed inside an animation
/// (`withAnimation`): the style it comes from and goes to, which the browser animates its
/// element from or to (Web Animations). Without an animation, views appear and go at once.
///
/// ```swift
/// if showsDetail {
///     DetailView()
///         .transition(.move(edge: .bottom).combined(with: .opacity))
/// }
/// ```
public struct AnyTransition: Sendable {
    /// The style the view comes in from (CSS declarations), and the one it goes out to.
    let insertion: [Attribute]
    let removal: [Attribute]

    init(insertion: [Attribute], removal: [Attribute]) {
        self.insertion = insertion
        self.removal = removal
    }

    init(_ away: [Attribute]) { self.init(insertion: away, removal: away) }

    /// Fades in and out.
    public static let opacity = AnyTransition([Attribute("opacity", "0")])
    /// Grows from nothing and shrinks to it.
    public static let scale = AnyTransition([Attribute("scale", "0")])
    /// Comes in from the leading edge and goes out at the trailing one.
    public static let slide = AnyTransition(insertion: [Attribute("translate", "-100% 0")], removal: [Attribute("translate", "100% 0")])
    /// No motion: the view appears and goes at once.
    public static let identity = AnyTransition([])

    /// Grows from `scale` and shrinks to it, about `anchor`.
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition([Attribute("scale", cssNumber(scale)), Attribute("transform-origin", anchor.cssOrigin)])
    }

    /// Comes in from `edge` and goes out to it.
    public static func move(edge: Edge) -> AnyTransition {
        AnyTransition([Attribute("translate", edge.awayTranslation)])
    }

    /// Comes in from `edge` and goes out at the opposite edge.
    public static func push(from edge: Edge) -> AnyTransition {
        let opposite: Edge = switch edge {
        case .top: .bottom
        case .bottom: .top
        case .leading: .trailing
        case .trailing: .leading
        }
        return AnyTransition(insertion: [Attribute("translate", edge.awayTranslation), Attribute("opacity", "0")],
                             removal: [Attribute("translate", opposite.awayTranslation), Attribute("opacity", "0")])
    }

    /// Comes in from, and goes out to, an offset.
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition {
        AnyTransition([Attribute("translate", "\(cssNumber(x))px \(cssNumber(y))px")])
    }

    /// Comes in with `insertion` and goes out with `removal`.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion.insertion, removal: removal.removal)
    }

    /// This transition and `other` at once.
    public func combined(with other: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion + other.insertion, removal: removal + other.removal)
    }

    /// This transition with its own animation (accepted: the answer's animation is used).
    public func animation(_ animation: Animation?) -> AnyTransition { self }

    /// CSS declarations, as the element's data attribute carries them.
    static func css(_ declarations: [Attribute]) -> String {
        declarations.map { "\($0.name):\($0.value)" }.joined(separator: ";")
    }
}

extension UnitPoint {
    var cssOrigin: String { "\(cssNumber(x * 100))% \(cssNumber(y * 100))%" }
}

extension Edge {
    /// Where a view is when it has moved out at this edge.
    var awayTranslation: String {
        switch self {
        case .top: "0 -100%"
        case .bottom: "0 100%"
        case .leading: "-100% 0"
        case .trailing: "100% 0"
        }
    }
}

extension View {
    /// How this view comes in and goes out when it is inserted or removed inside an animation.
    public func transition(_ transition: AnyTransition) -> some View {
        var attributes: [Attribute] = []
        if !transition.insertion.isEmpty { attributes.append(Attribute("data-sh-enter", AnyTransition.css(transition.insertion))) }
        if !transition.removal.isEmpty { attributes.append(Attribute("data-sh-exit", AnyTransition.css(transition.removal))) }
        return modifier(AttributeModifier(attributes: attributes))
    }

    /// Marks this view as the same view as others with `id` in `namespace`: when one is removed
    /// and another inserted in an animated change, the browser moves one into the other (the
    /// View Transitions API: its `view-transition-name`). Show one of them at a time, as
    /// SwiftUI's `isSource` views are.
    ///
    /// ```swift
    /// @Namespace private var cards
    /// …
    /// CardView(card).matchedGeometryEffect(id: card.id, in: cards)
    /// ```
    public func matchedGeometryEffect<ID: Hashable>(id: ID, in namespace: Namespace.ID, properties: MatchedGeometryProperties = .frame,
                                                    anchor: UnitPoint = .center, isSource: Bool = true) -> some View {
        style(Attribute("view-transition-name", "sh-\(namespace.value)-\(Namespace.ID.name(of: id))"))
    }
}

/// What `matchedGeometryEffect` matches (the browser moves the whole view either way).
public struct MatchedGeometryProperties: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let position = MatchedGeometryProperties(rawValue: 1)
    public static let size = MatchedGeometryProperties(rawValue: 2)
    public static let frame: MatchedGeometryProperties = [.position, .size]
}

/// A namespace for `matchedGeometryEffect` ids: one per view that declares it, kept as the
/// view's state.
///
/// ```swift
/// @Namespace private var animation
/// ```
@propertyWrapper
public struct Namespace: DynamicProperty {
    @State private var value = Namespace.next()

    public init() {}

    public var wrappedValue: ID { ID(value: value) }

    /// A namespace's identity.
    public struct ID: Hashable, Sendable {
        let value: Int

        /// A CSS identifier for `id`: letters, digits and `-` of its description, and a hash.
        static func name(of id: some Hashable) -> String {
            let text = String(describing: id)
            let plain = String(text.unicodeScalars.prefix(24).map {
                $0.isASCII && (("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)) ? Character($0) : "-"
            })
            return plain + "-" + String(StructuralIdentity.hash(text), radix: 36)
        }
    }

    private static let counter = Mutex(0)
    private static func next() -> Int {
        counter.withLock { count in
            count += 1
            return count
        }
    }
}
