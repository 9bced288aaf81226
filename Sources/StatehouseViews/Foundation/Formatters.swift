#if !canImport(Darwin)
import Foundation

// Formatters that Apple's Foundation has and the Linux Foundation lacks, which apps written
// for SwiftUI use: provided here on top of the format styles the Linux Foundation does have,
// with Apple's names and signatures, so that such code compiles unchanged with
// `import Statehouse`. (On Apple's systems Foundation's own are used.)

/// Joins a list of items into one string, as a locale joins them: "a, b, and c".
///
/// ```swift
/// ListFormatter.localizedString(byJoining: ["Anna", "Ben", "Cleo"])   // "Anna, Ben, and Cleo"
/// ```
open class ListFormatter: Formatter, @unchecked Sendable {
    /// Formats each item before it is joined (nil: each item's description).
    open var itemFormatter: Formatter?
    /// The locale whose words and punctuation join the items (nil: the current one).
    open var locale: Locale!

    public override init() {
        locale = .current
        super.init()
    }

    public required init?(coder: NSCoder) {
        locale = .current
        super.init(coder: coder)
    }

    /// `strings` joined in the current locale.
    open class func localizedString(byJoining strings: [String]) -> String {
        strings.formatted(.list(type: .and).locale(.current))
    }

    /// `items` formatted and joined; nil if the item formatter cannot format one of them.
    open func string(from items: [Any]) -> String? {
        var strings: [String] = []
        for item in items {
            if let itemFormatter {
                guard let string = itemFormatter.string(for: item) else { return nil }
                strings.append(string)
            } else {
                strings.append(String(describing: item))
            }
        }
        return strings.formatted(.list(type: .and).locale(locale ?? .current))
    }

    open override func string(for obj: Any?) -> String? {
        guard let items = obj as? [Any] else { return nil }
        return string(from: items)
    }
}

/// Says how far a date is from another in words: "1 hour ago", "in 2 days", "yesterday".
///
/// ```swift
/// let formatter = RelativeDateTimeFormatter()
/// formatter.unitsStyle = .full
/// formatter.localizedString(for: meeting.date, relativeTo: .now)   // "in 3 days"
/// ```
open class RelativeDateTimeFormatter: Formatter, @unchecked Sendable {
    /// Words ("yesterday") or numbers ("1 day ago").
    public enum DateTimeStyle: Int, Sendable {
        case numeric, named
    }

    /// How units are written.
    public enum UnitsStyle: Int, Sendable {
        case full, spellOut, short, abbreviated
    }

    /// Whether the string stands alone or in the middle of a sentence (both are written the
    /// same here).
    public enum Context: Int, Sendable {
        case unknown, dynamic, standalone, listItem, beginningOfSentence, middleOfSentence
    }

    open var dateTimeStyle = DateTimeStyle.numeric
    open var unitsStyle = UnitsStyle.full
    open var formattingContext = Context.unknown
    open var calendar: Calendar! = .current
    open var locale: Locale! = .current

    public override init() { super.init() }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// How far `date` is from `referenceDate`.
    open func localizedString(for date: Date, relativeTo referenceDate: Date) -> String {
        // The format style measures from now: move the date by as much as the reference is
        // away from now.
        let now = Date.now
        return style.format(now.addingTimeInterval(date.timeIntervalSince(referenceDate)))
    }

    /// A time interval from now, in words ("in 5 minutes" for 300).
    open func localizedString(fromTimeInterval timeInterval: TimeInterval) -> String {
        localizedString(for: Date(timeIntervalSinceNow: timeInterval), relativeTo: .now)
    }

    /// Date components from now, in words.
    open func localizedString(from dateComponents: DateComponents) -> String {
        let now = Date.now
        let date = (calendar ?? .current).date(byAdding: dateComponents, to: now) ?? now
        return localizedString(for: date, relativeTo: now)
    }

    open override func string(for obj: Any?) -> String? {
        guard let date = obj as? Date else { return nil }
        return localizedString(for: date, relativeTo: .now)
    }

    private var style: Date.RelativeFormatStyle {
        let units: Date.RelativeFormatStyle.UnitsStyle = switch unitsStyle {
        case .full: .wide
        case .spellOut: .spellOut
        case .short: .abbreviated
        case .abbreviated: .narrow
        }
        return Date.RelativeFormatStyle(presentation: dateTimeStyle == .named ? .named : .numeric, unitsStyle: units,
                                        locale: locale ?? .current, calendar: calendar ?? .current)
    }
}
#endif
