import StatehouseViews

/// The changes of a flush as Turbo Stream elements, the body of a `text/vnd.turbo-stream.html`
/// response or of one server-sent event:
///
/// ```html
/// <turbo-stream action="replace" target="count"><template><span id="count" …>1</span></template></turbo-stream>
/// ```
///
/// Written straight into one byte buffer, the response's body: an event's answer is one
/// allocation, whatever it holds.
package enum TurboStream {
    package static func encode(_ changes: [ElementChange]) -> String {
        var bytes: [UInt8] = []
        encode(changes, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    package static func encode(_ change: ElementChange) -> String { encode([change]) }

    /// Appends the elements of `changes` to `bytes`, one per line.
    static func encode(_ changes: [ElementChange], into bytes: inout [UInt8]) {
        var size = 0
        for change in changes { size += 80 + change.target.utf8.count + change.html.utf8.count }
        bytes.reserveCapacity(bytes.count + size)
        for change in changes {
            switch change {
            case .remove(let target): element("remove", target, nil, into: &bytes)
            case .replace(let target, let html): element("replace", target, html, into: &bytes)
            case .prepend(let target, let html): element("prepend", target, html, into: &bytes)
            case .after(let target, let html): element("after", target, html, into: &bytes)
            }
        }
    }

    /// Moves the browser's URL to `path` (a new history entry; with `replace`, the current
    /// entry's URL changes: only query items did); Turbo clients without this action ignore it.
    ///
    /// ```html
    /// <turbo-stream action="sh-location" target="sh-root" url="/bookshelf/dune"></turbo-stream>
    /// <turbo-stream action="sh-location" target="sh-root" url="/bookshelf?q=dune" replace></turbo-stream>
    /// ```
    package static func location(_ path: String, replacing: Bool = false) -> String { string { location(path, replacing: replacing, into: &$0) } }

    static func location(_ path: String, replacing: Bool = false, into bytes: inout [UInt8]) {
        start(Wire.locationAction, "sh-root", into: &bytes)
        bytes.append(contentsOf: #" url=""#.utf8)
        HTMLWriter.escape(path, into: &bytes)
        bytes.append(contentsOf: replacing ? #"" replace></turbo-stream>"#.utf8 : #""></turbo-stream>"#.utf8)
    }

    /// Sends the browser to `url` (`openURL`): another site, or another page of the app.
    ///
    /// ```html
    /// <turbo-stream action="sh-open" target="sh-root" url="https://swift.org/"></turbo-stream>
    /// ```
    /// The action that sends the browser to `url`, alone.
    static func opening(_ url: String) -> [UInt8] {
        var bytes: [UInt8] = []
        open(url, into: &bytes)
        return bytes
    }

    static func open(_ url: String, into bytes: inout [UInt8]) {
        start(Wire.openAction, "sh-root", into: &bytes)
        bytes.append(contentsOf: #" url=""#.utf8)
        HTMLWriter.escape(url, into: &bytes)
        bytes.append(contentsOf: #""></turbo-stream>"#.utf8)
    }

    /// Moves focus to the element a `@FocusState` names, or takes it away.
    ///
    /// ```html
    /// <turbo-stream action="sh-focus" target="email"></turbo-stream>
    /// ```
    package static func focus(_ move: FocusMove) -> String { string { focus(move, into: &$0) } }

    static func focus(_ move: FocusMove, into bytes: inout [UInt8]) {
        switch move {
        case .focus(let id): element(Wire.focusAction, id, nil, into: &bytes)
        case .blur(let id): element(Wire.blurAction, id, nil, into: &bytes)
        }
    }

    /// Says the changes after it animate, as the Web Animations API takes an animation.
    ///
    /// ```html
    /// <turbo-stream action="sh-animate" target="sh-root" duration="350" easing="ease-in-out" delay="0" iterations="1" direction="normal"></turbo-stream>
    /// ```
    package static func animate(_ animation: Animation) -> String { string { animate(animation, into: &$0) } }

    static func animate(_ animation: Animation, into bytes: inout [UInt8]) {
        start(Wire.animateAction, "sh-root", into: &bytes)
        bytes.append(contentsOf: #" duration="\#(animation.durationMilliseconds)" easing=""#.utf8)
        HTMLWriter.escape(animation.easing, into: &bytes)
        let iterations = animation.iterations.map(String.init) ?? "infinite"
        bytes.append(contentsOf: #"" delay="\#(animation.delayMilliseconds)" iterations="\#(iterations)" direction="\#(animation.autoreverses ? "alternate" : "normal")"></turbo-stream>"#.utf8)
    }

    /// What `write` appends, as a string (for tests and other hosts).
    private static func string(_ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        write(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `<turbo-stream action="ACTION" target="TARGET">` with `<template>HTML</template>` if
    /// there is HTML, on a line of its own after what `bytes` holds.
    private static func element(_ action: String, _ target: String, _ html: String?, into bytes: inout [UInt8]) {
        start(action, target, into: &bytes)
        bytes.append(UInt8(ascii: ">"))
        if let html {
            bytes.append(contentsOf: "<template>".utf8)
            bytes.append(contentsOf: html.utf8)
            bytes.append(contentsOf: "</template>".utf8)
        }
        bytes.append(contentsOf: "</turbo-stream>".utf8)
    }

    /// `<turbo-stream action="ACTION" target="TARGET"` (the tag left open), after a newline if
    /// `bytes` holds an element already.
    private static func start(_ action: String, _ target: String, into bytes: inout [UInt8]) {
        if !bytes.isEmpty { bytes.append(UInt8(ascii: "\n")) }
        bytes.append(contentsOf: #"<turbo-stream action=""#.utf8)
        bytes.append(contentsOf: action.utf8)
        bytes.append(contentsOf: #"" target=""#.utf8)
        HTMLWriter.escape(target, into: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }
}
