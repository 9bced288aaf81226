import Foundation

/// A control for the selection of an absolute date: `<input type="date">`, `time` or
/// `datetime-local`, in the server's Gregorian calendar and time zone.
///
/// ```swift
/// DatePicker("Birthday", selection: $birthday, in: ...Date.now, displayedComponents: .date)
/// ```
/// A `change` carries the input's value (`2024-05-17`, `14:30`, `2024-05-17T14:30`); a time
/// alone keeps the selected day. A value that is not a date, or is outside `in:`, is refused
/// (400) and changes nothing.
public struct DatePicker<Label: View>: View {
    let selection: Binding<Date>
    let range: ClosedRange<Date>?
    let components: Components
    let label: Label

    public typealias Components = DatePickerComponents

    public init(selection: Binding<Date>, displayedComponents: Components = [.hourAndMinute, .date], @ViewBuilder label: () -> Label) {
        self.init(selection: selection, range: nil, displayedComponents, label: label())
    }

    public init(selection: Binding<Date>, in range: ClosedRange<Date>, displayedComponents: Components = [.hourAndMinute, .date],
                @ViewBuilder label: () -> Label) {
        self.init(selection: selection, range: range, displayedComponents, label: label())
    }

    public init(selection: Binding<Date>, in range: PartialRangeThrough<Date>, displayedComponents: Components = [.hourAndMinute, .date],
                @ViewBuilder label: () -> Label) {
        self.init(selection: selection, range: Date.distantPast...range.upperBound, displayedComponents, label: label())
    }

    public init(selection: Binding<Date>, in range: PartialRangeFrom<Date>, displayedComponents: Components = [.hourAndMinute, .date],
                @ViewBuilder label: () -> Label) {
        self.init(selection: selection, range: range.lowerBound...Date.distantFuture, displayedComponents, label: label())
    }

    init(selection: Binding<Date>, range: ClosedRange<Date>?, _ components: Components, label: Label) {
        self.selection = selection
        self.range = range
        self.components = components
        self.label = label
    }

    public var body: some View {
        let input = DateInput(binding: selection, range: range, components: components)
        return Box("label", [Attribute("class", "sh-datepicker")], forwardsIdentifier: true) {
            label
            DateElement(input: input, value: input.format(selection.wrappedValue), title: label as? Text)
        }
    }
}

extension DatePicker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, range: nil, displayedComponents, label: Text(titleKey))
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, range: nil, displayedComponents, label: Text(title))
    }

    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: ClosedRange<Date>,
                displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, range: range, displayedComponents, label: Text(titleKey))
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: ClosedRange<Date>,
                                   displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, range: range, displayedComponents, label: Text(title))
    }

    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: PartialRangeThrough<Date>,
                displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, range: Date.distantPast...range.upperBound, displayedComponents, label: Text(titleKey))
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: PartialRangeThrough<Date>,
                                   displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, range: Date.distantPast...range.upperBound, displayedComponents, label: Text(title))
    }

    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
                displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, range: range.lowerBound...Date.distantFuture, displayedComponents, label: Text(titleKey))
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
                                   displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, range: range.lowerBound...Date.distantFuture, displayedComponents, label: Text(title))
    }
}

/// The parts of a date a picker shows.
///
/// ```swift
/// DatePicker("Alarm", selection: $alarm, displayedComponents: .hourAndMinute)
/// ```
public struct DatePickerComponents: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Year, month and day.
    public static let date = DatePickerComponents(rawValue: 1)
    /// Hour and minute.
    public static let hourAndMinute = DatePickerComponents(rawValue: 2)
}

/// A date a control takes from an event: read in the server's calendar, checked against the
/// range.
struct DateInput {
    let binding: Binding<Date>
    let range: ClosedRange<Date>?
    let components: DatePickerComponents

    /// Made once (a `Calendar` per render and per event was measurable work); it follows
    /// the server's time zone if that changes.
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .autoupdatingCurrent
        return calendar
    }()

    var inputType: String {
        switch (components.contains(.date), components.contains(.hourAndMinute)) {
        case (true, false): "date"
        case (false, true): "time"
        default: "datetime-local"
        }
    }

    /// `date` as the input writes it.
    func format(_ date: Date) -> String {
        let parts = Self.calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let day = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 1, parts.day ?? 1)
        let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        switch inputType {
        case "date": return day
        case "time": return time
        default: return day + "T" + time
        }
    }

    /// The numbers of `text`'s parts between `separator`s, each exactly its width of ASCII
    /// digits; nil for anything else.
    static func fields(_ text: String, separator: Character, widths: [Int]) -> [Int]? {
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == widths.count else { return nil }
        var numbers: [Int] = []
        for (part, width) in zip(parts, widths) {
            guard part.utf8.count == width, part.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let number = Int(part) else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    /// The date `text` sets, or why it is refused. A date alone keeps the selected time of
    /// day; a time alone keeps the selected day.
    func value(_ text: String) -> Result<Date, EventError> {
        let calendar = Self.calendar
        var parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: binding.wrappedValue)
        let pieces = text.split(separator: "T", omittingEmptySubsequences: false).map(String.init)
        let dayText = inputType == "time" ? nil : pieces.first
        let timeText = inputType == "time" ? pieces.first : (pieces.count == 2 ? pieces[1] : nil)
        if inputType == "datetime-local", pieces.count != 2 { return .failure(.invalidValue("\(quoted(text)) is not a date and time (YYYY-MM-DDTHH:MM)")) }
        if let dayText {
            // Exactly YYYY-MM-DD, digits only: no sign, no empty part, no month 13 or 0 (which the
            // calendar would carry into the next or last year).
            let numbers = Self.fields(dayText, separator: "-", widths: [4, 2, 2])
            guard let numbers else { return .failure(.invalidValue("\(quoted(text)) is not a date (YYYY-MM-DD)")) }
            guard numbers[0] >= 1, (1...12).contains(numbers[1]), numbers[2] >= 1 else {
                return .failure(.invalidValue("\(quoted(text)) is not a date that exists"))
            }
            (parts.year, parts.month, parts.day) = (numbers[0], numbers[1], numbers[2])
        }
        if let timeText {
            // HH:MM, or HH:MM:SS as a browser may send it (the seconds are not kept).
            let numbers = Self.fields(timeText, separator: ":", widths: [2, 2]) ?? Self.fields(timeText, separator: ":", widths: [2, 2, 2])
            guard let numbers, (0..<24).contains(numbers[0]), (0..<60).contains(numbers[1]), numbers.count < 3 || numbers[2] < 60 else {
                return .failure(.invalidValue("\(quoted(text)) is not a time (HH:MM)"))
            }
            (parts.hour, parts.minute) = (numbers[0], numbers[1])
        }
        // A day past the month's end (February 30th) would be carried into the next month.
        guard let date = calendar.date(from: parts),
              calendar.dateComponents([.year, .month, .day], from: date) == DateComponents(year: parts.year, month: parts.month, day: parts.day)
        else {
            return .failure(.invalidValue("\(quoted(text)) is not a date that exists"))
        }
        if let range, !range.contains(date) {
            return .failure(.invalidValue("\(format(date)) is outside the allowed dates \(format(range.lowerBound)) to \(format(range.upperBound))"))
        }
        return .success(date)
    }
}

struct DateElement: ElementView {
    let input: DateInput
    let value: String
    let title: Text?

    func handler(in environment: EnvironmentValues) -> EventHandler? { .date(input) }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        var spec = ElementSpec("input", [Attribute("class", "sh-date"), Attribute("type", input.inputType), Attribute("value", value)])
        if let range = input.range {
            if range.lowerBound > Date.distantPast { spec.attributes.append(Attribute("min", input.format(range.lowerBound))) }
            if range.upperBound < Date.distantFuture { spec.attributes.append(Attribute("max", input.format(range.upperBound))) }
        }
        if let title { spec.attributes.append(Attribute("aria-label", title.resolved(in: environment))) }
        if !environment.isEnabled { spec.attributes.append(Attribute("disabled", "")) }
        spec.isVoid = true
        spec.control = .field
        return spec
    }
}
