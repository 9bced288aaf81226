/// What sheets, alerts and confirmation dialogs share: a native `<dialog>` element that is
/// presented while its binding says so.
///
/// The server renders a presented dialog `open`, in place after the view that presents it, so
/// without JavaScript it shows inline with its buttons (which post the page's form). The
/// browser client shows it as a modal (`showModal()`: focus moves in, the page behind is
/// inert), sends Escape as a `dismiss` event, and gives focus back to what had it when the
/// dialog goes.
enum DialogKind {
    case sheet, alert, confirmation

    var attributes: [Attribute] {
        switch self {
        case .sheet: sheetAttributes
        case .alert: alertAttributes
        case .confirmation: confirmationAttributes
        }
    }
}

private let sheetAttributes = [Attribute("class", "sh-dialog sh-sheet"), Attribute("open", ""), Attribute("aria-modal", "true")]
private let alertAttributes = [Attribute("class", "sh-dialog sh-alert"), Attribute("open", ""), Attribute("aria-modal", "true"),
                               Attribute("role", "alertdialog")]
private let confirmationAttributes = [Attribute("class", "sh-dialog sh-confirmation"), Attribute("open", ""),
                                      Attribute("aria-modal", "true")]

/// `<dialog open>`: the target of `dismiss` events.
struct DialogElement<Content: View>: ElementView {
    let kind: DialogKind
    /// The accessible name (an alert's title).
    let label: Text?
    let dismiss: @MainActor () -> Void
    let content: Content

    func element(in environment: EnvironmentValues) -> ElementSpec {
        var spec = ElementSpec("dialog", kind.attributes)
        if let label { spec.attributes.append(Attribute("aria-label", label.resolved(in: environment))) }
        spec.control = .dialog
        return spec
    }

    func handler(in environment: EnvironmentValues) -> EventHandler? { .dismiss(dismiss) }
}

/// The identity of one presentation (what `DismissAction`s compare by), and for alerts and
/// confirmation dialogs what their buttons do besides their action: dismiss it.
@MainActor
final class Presentation {
    var dismiss: @MainActor () -> Void = {}
    /// Whether a `Button(role: .cancel)` is among a confirmation dialog's actions (else one is
    /// added).
    var hasCancelButton = false
}

extension EnvironmentValues {
    /// Set inside an alert or a confirmation dialog: its buttons dismiss it after their action.
    var buttonsDismiss: Presentation? {
        get { self[ObjectIdentifier(Presentation.self)] }
        set { self[ObjectIdentifier(Presentation.self)] = newValue }
    }
}

extension Presentation {
    /// What a dialog's content inherits: `dismiss` closes the dialog; in an alert, buttons do too.
    func context(buttonsDismiss: Bool) -> EnvironmentModifier {
        EnvironmentModifier { [self] environment in
            environment.dismissAction = DismissAction(presentation: ObjectIdentifier(self), depth: 0) { self.dismiss() }
            environment.buttonsDismiss = buttonsDismiss ? self : nil
        }
    }
}
