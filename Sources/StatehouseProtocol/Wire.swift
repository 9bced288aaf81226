/// The names the wire protocol is spelled with, in one place: the paths the server answers,
/// the fields of an event, the cookie and the headers. The contract is the DocC article
/// `Sources/Statehouse/Statehouse.docc/WireProtocol.md`.
///
/// ```swift
/// let body = "\(Wire.Field.page)=\(pageID)&\(Wire.Field.target)=increment"
/// let request = HostRequest(method: "POST", uri: Wire.eventPath,
///                           headers: [Wire.csrfHeader: csrf, "Cookie": "\(Wire.sessionCookie)=\(sessionID)"],
///                           body: Array(body.utf8))
/// ```
public enum Wire {
    /// Every path of the protocol starts with this; the rest of the app's paths are its routes.
    public static let prefix = "/_sh/"
    /// `POST`: one event (or a no-JavaScript form post).
    public static let eventPath = "/_sh/event"
    /// Where a file importer's form posts its files (`multipart/form-data`); a host streams
    /// them to disk and hands the protocol their text fields as a form (`HostRequest.uploads`).
    public static let uploadPath = "/_sh/upload"
    /// `POST`: the page's document went away (the client's beacon).
    public static let leavePath = "/_sh/leave"
    /// `GET ?page=`: the page's whole document as it is now.
    public static let renderPath = "/_sh/render"
    /// `GET ?page=`: server-sent events carrying the changes the server makes on its own.
    public static let streamPath = "/_sh/stream"
    /// `GET`: liveness, with session and page counts.
    public static let healthPath = "/_sh/health"
    /// The metrics, in Prometheus' text format (with `--metrics`).
    public static let metricsPath = "/_sh/metrics"
    /// `GET ?handoff=&next=`: after a sign-in or sign-out, sets the new session's cookie and
    /// sends the browser on to `next` (303).
    public static let sessionPath = "/_sh/session"

    /// The session cookie.
    public static let sessionCookie = "sh_session"
    /// The header that carries the CSRF token (or the field `_csrf`).
    public static let csrfHeader = "x-csrf-token"

    /// Most fields (controls' values) one event post may carry (400 beyond): a form of many
    /// controls posts each, but not a million.
    public static let maxFields = 1000
    /// Event streams one page keeps open; one more closes the oldest (a reconnecting client's
    /// old connection may not have noticed it is gone).
    public static let maxStreamsPerPage = 4

    /// Fields of an event post.
    ///
    /// ```swift
    /// // Typing "Hello" in the field title: page=…&target=title&type=input&value=Hello
    /// let body = "\(Wire.Field.page)=\(pageID)&\(Wire.Field.target)=title&\(Wire.Field.type)=input&\(Wire.Field.value)=Hello"
    /// let page = request.query[Wire.Field.page]      // GET /_sh/render?page=…, /_sh/stream?page=…
    /// ```
    public enum Field {
        public static let page = "page"
        public static let target = "target"
        public static let type = "type"
        public static let value = "value"
        public static let csrf = "_csrf"
        /// A target's position among the document's elements with an id (0: the first inside
        /// the root), sent with a made-up id (`_7`): a page mounted again from a durable store
        /// finds by it the element the browser's document, rendered by another mount, means.
        public static let at = "at"
        /// The client's id for the event (1 to 64 characters, new for each event of a page): an
        /// event whose id is the one its page applied last is not applied again, and is
        /// answered with the whole page. A client (or a proxy) may so send an event again
        /// whose answer was lost.
        public static let event = "_event"
        /// Fields that are not a text field's value.
        static let reserved: Set<String> = [page, target, type, value, csrf, at, event]
    }

    /// The id of the page's one form, which controls join (`form="sh"`) without JavaScript.
    public static let formID = "sh"

    /// Marks a `NavigationLink`'s `<a href>`: the client sends its click as an event.
    public static let linkAttribute: StaticString = "data-sh-link"
    /// Marks a `DisclosureGroup`'s `<details>`: the client sends its toggle as `change`.
    public static let disclosureAttribute: StaticString = "data-sh-disclosure"
    /// Marks a presented sheet or alert (`<dialog open>`): the client shows it as a modal and
    /// sends Escape as a `dismiss` event.
    public static let dialogAttribute: StaticString = "data-sh-dialog"
    /// Marks an element with a `.focused` binding: the client reports focus entering it
    /// (`focus`) and leaving it for an element without one (`blur`).
    public static let focusAttribute: StaticString = "data-sh-focus"
    /// The keys an element's `.onKeyPress` handles, a JSON array of DOM key names (`"*"`: any):
    /// the client sends them as `key` events.
    public static let keysAttribute: StaticString = "data-sh-keys"
    /// The name of an element's browser-side hook (`.clientHook`): the client hands the element
    /// to `Statehouse.hooks[name]`.
    public static let hookAttribute: StaticString = "data-sh-hook"
    /// The value the view gives its hook, as JSON.
    public static let hookValueAttribute: StaticString = "data-sh-hook-value"
    /// The stream action that moves the browser's URL (`url`) after a navigation.
    public static let locationAction = "sh-location"
    /// The turbo-stream action that sends the browser to another URL (`openURL`).
    public static let openAction = "sh-open"
    /// The stream actions that move focus to, or take it from, their target after a
    /// `@FocusState` write.
    public static let focusAction = "sh-focus"
    public static let blurAction = "sh-blur"
    /// The stream action that says the changes after it animate (`duration`, `easing`,
    /// `delay`, `iterations`, `direction`, as the Web Animations API takes them).
    public static let animateAction = "sh-animate"

    /// The content type of a response of changes.
    public static let turboStreamType = "text/vnd.turbo-stream.html"
    /// The same with its charset, as a response's `Content-Type`.
    static let turboStreamContentType = turboStreamType + "; charset=utf-8"

    /// The content type of an event's body.
    static let formType = "application/x-www-form-urlencoded"
}
