/// One live view tree: what a browser page holds on the server.
///
/// Render it, send it events, read back the changes. It needs no server, so view semantics
/// are tested without a socket (`StatehouseTesting`'s `ViewTest` wraps it for tests):
///
/// ```swift
/// let tree = LiveTree(CounterView())
/// let html = tree.render()
/// let changes = try tree.send(Event(target: "increment"))
/// ```
///
/// The path of a change, one part each: an event is checked and run by the
/// `ElementRegistry`; the state it writes marks the nodes that read it dirty; the
/// `Reconciler` re-evaluates dirty bodies parents first; the `ChangeRecorder` turns the
/// elements that changed into `ElementChange`s, none nested in another, whose HTML the
/// tree's `HTMLRendering` writes.
@MainActor
@usableFromInline package final class LiveTree {
    private var root: ElementNode!
    /// The `<main>` element every view is mounted in.
    var rootElement: ElementNode { root }
    /// Ids and which control takes which event.
    var registry: ElementRegistry {
        unsafeAddress { UnsafePointer(registryAddress) }
        unsafeMutableAddress { registryAddress }
    }
    /// Where the registry is: allocated with the tree, so that an element's call into it goes
    /// through this address and does not retain and release the tree around the call (which
    /// an element reaches unowned: a retain was the most sampled one in the mount).
    let registryAddress: UnsafeMutablePointer<ElementRegistry> = {
        let address = UnsafeMutablePointer<ElementRegistry>.allocate(capacity: 1)
        address.initialize(to: ElementRegistry())
        return address
    }()
    /// Set by `close()` (a closed tree stays closed): while it unmounts every node, elements
    /// do not leave the registry one by one; it is dropped whole after.
    private(set) var isClosing = false
    /// The dirty queue, flush order and lifecycle actions.
    @usableFromInline @exclusivity(unchecked) var reconciler = Reconciler()
    /// Set when state this tree's views read is written inside `withAnimation` (`takeAnimation`).
    var pendingAnimation: Animation?
    /// What the current flush changed.
    @exclusivity(unchecked) var recorder = ChangeRecorder()
    /// Writes the control attributes of the host's protocol.
    private let renderer: any HTMLRendering.Type

    /// Where the page is: its route's path and what its `NavigationStack` shows below it.
    package let location: PageLocation
    /// The page's durable state, if a store keeps it (nil: state lives as long as the tree).
    @usableFromInline package let snapshots: StateSnapshots?
    /// Whether `snapshots` is there: read on every mount (a load, where testing the reference
    /// retained and released the snapshots, two reference-count calls a composite view).
    @usableFromInline let keepsDurableState: Bool
    /// Where `@AppStorage`'s values are: the page's session (nil: `StorageValues.standard`).
    /// The session outlives its pages.
    package private(set) unowned(unsafe) var appStorageScope: (any AppStorageScope)?
    var appStorage: StorageValues? { appStorageScope?.appStorageValues }
    /// `@SceneStorage`'s values: the page's, kept with its state. Made on first use.
    var sceneStorage: StorageValues {
        if let madeSceneStorage { return madeSceneStorage }
        let values = StorageValues(snapshots: snapshots, prefix: "scene.")
        madeSceneStorage = values
        return values
    }
    private var madeSceneStorage: StorageValues?

    /// The page's `@SceneStorage` values (for the page that replaces it when its browser tab
    /// reloads).
    package var sceneStorageValues: [String: [UInt8]] { madeSceneStorage?.encodedValues() ?? [:] }

    /// Takes over the `@SceneStorage` values of the page this one replaces (a reload of its
    /// tab): views reading them are updated by the next `flush()`.
    package func takeSceneStorage(_ values: [String: [UInt8]]) {
        if !values.isEmpty { sceneStorage.take(values) }
    }

    /// Mounts `rootView` into a new tree whose HTML `renderer` writes (plain HTML by default;
    /// a host passes its protocol's renderer). A `NavigationStack` in it shows the screens
    /// `location`'s segments name (`location.notFound` says why, if it cannot). With
    /// `snapshots`, each view's `Codable` state starts from the value restored for its
    /// identity, if any, and what changes is reported there after each flush. `appStorage`
    /// holds `@AppStorage`'s values (a host's session); `environment` sets values of the root
    /// environment (a host's request values, such as the signed-in user).
    package init<Root: View>(_ rootView: Root, renderer: any HTMLRendering.Type = PlainHTML.self,
                            location: PageLocation = PageLocation(base: "/"), snapshots: StateSnapshots? = nil,
                            appStorage: (any AppStorageScope)? = nil, environment prepare: ((inout EnvironmentValues) -> Void)? = nil) {
        self.renderer = renderer
        self.location = location
        self.snapshots = snapshots
        keepsDurableState = snapshots != nil
        appStorageScope = appStorage
        var environment = EnvironmentValues()
        environment.pageLocation = location
        prepare?(&environment)
        let context = Context(tree: self, host: nil, environment: environment)
        let root = ElementNode(spec: ElementSpec("main", [Attribute("class", "sh-root")]),
                               handler: nil, context, fixedID: Self.rootID)
        self.root = root
        root.child = mountView(rootView, root.contentContext(context))
        // `onAppear` actions, and what they change, come before the first render; a failure
        // is thrown by the owner's first `flush()`.
        _ = try? flush()
        snapshots?.dropUnclaimed()
        location.settleFirstMount()
        // The first document focuses what the focus states name (`autofocus`).
        _ = takeFocusMove()
        // The first document shows the views as they are: nothing to animate into.
        pendingAnimation = nil
    }

    /// Called when state changed outside an event (a task, a timer, another thread): the
    /// owner should `flush()` soon (not from inside this call: the write may still be landing)
    /// and deliver the result.
    package var onInvalidate: (@MainActor () -> Void)? {
        get { reconciler.onInvalidate }
        set { reconciler.onInvalidate = newValue }
    }

    /// Removes every view: `.task`s are cancelled, `onDisappear` actions run, state is freed.
    /// A closed tree refuses all events.
    package func close() {
        guard root.isMounted else { return }
        isClosing = true
        root.unmount()
        // Every element left at once, not each from the tables (`ElementNode.unmount`).
        registry = ElementRegistry()
        drain()
        ObjectReaders.dropUnread()
        snapshots?.close()
    }

    /// A tree dropped without `close()` is closed now: every node is unmounted before it is
    /// freed (state that outlives the tree, such as App state, must forget its readers).
    isolated deinit {
        close()
        registryAddress.deinitialize(count: 1)
        registryAddress.deallocate()
    }

    /// Lets the tasks that `.task` started run until each finishes or first suspends; then a
    /// `flush()` returns what they changed. (Tasks run on the main actor, in the order they
    /// were started; this awaits behind them.)
    package func yieldToTasks() async {
        // The main queue does not promise that a task's resumption runs before this one's
        // (seen under ThreadSanitizer): if nothing changed, yield again, a few times.
        for _ in 0..<4 {
            await Task.yield()
            if hasPendingChanges { return }
        }
    }

    // MARK: Rendering

    /// The whole tree as HTML: `<main id="sh-root" class="sh-root">…</main>`.
    package func render() -> String { String(decoding: renderBytes(), as: UTF8.self) }

    /// The whole tree as UTF-8 bytes.
    package func renderBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        render(appendingTo: &bytes)
        return bytes
    }

    /// The whole tree as UTF-8 bytes, after those in `bytes` (a document's head).
    ///
    /// The HTML is written straight into the storage of the array `bytes` becomes (a new one,
    /// holding a copy of what `bytes` held: a document's head, a kilobyte), not into a buffer
    /// of the writer's own and then copied after the head (a 10,000-row page's whole HTML was
    /// copied once more that way). Room for about 80 bytes an element, and a little after
    /// (the document's end): one allocation for most pages; a page that writes more moves to
    /// a buffer of the writer's and is copied, as before.
    package func render(appendingTo bytes: inout [UInt8]) {
        let head = bytes.count
        let room = max(1024, elementCount * 80)
        var spilled: [UInt8] = []
        let whole = [UInt8](unsafeUninitializedCapacity: head + room + 64) { buffer, count in
            bytes.withUnsafeBufferPointer { old in
                if let start = old.baseAddress { buffer.baseAddress!.initialize(from: start, count: head) }
            }
            var writer = HTMLWriter(writingInto: UnsafeMutableBufferPointer(rebasing: buffer[head..<(head + room)]))
            root.render(into: &writer, renderer)
            if writer.wroteInPlace {
                count = head + writer.count
            } else {
                count = head
                writer.finish(appendingTo: &spilled)
            }
        }
        bytes = whole
        if !spilled.isEmpty { bytes.append(contentsOf: spilled) }
    }

    // MARK: Events

    /// Applies one event and returns the changes it made.
    ///
    /// - Throws: `EventError` if the event is refused (nothing changed), `ViewFailure` if a
    ///   view could not be evaluated.
    package func send(_ event: Event) throws -> [ElementChange] {
        try apply(event)
        return try flush()
    }

    /// Checks `event` as `send` does, without running it.
    package func check(_ event: Event) throws(EventError) {
        _ = try resolve(event)
    }

    /// The id of the root element, `<main id="sh-root">`: the target of `navigate` events.
    package static let rootID = "sh-root"

    /// What `event` does, checked: `navigate` to the root moves the page's location (Back and
    /// Forward); every other event goes to its control.
    private func resolve(_ event: Event) throws(EventError) -> ResolvedEvent {
        if event.type == .phase, event.target == Self.rootID {
            guard let phase = event.value.flatMap(ScenePhase.init(name:)) else {
                throw .invalidValue("a phase event's value is active, inactive or background")
            }
            return ResolvedEvent(element: root, run: { [location] in location.phase.value = phase })
        }
        if event.type == .traits, event.target == Self.rootID {
            switch BrowserTraitsModel.changes(from: event.value ?? "") {
            case .success(let change):
                return ResolvedEvent(element: root, run: { [location] in change(&location.browser.traits) })
            case .failure(let error):
                throw .invalidValue(error.message)
            }
        }
        guard event.type == .navigate, event.target == Self.rootID else { return try registry.resolve(event) }
        guard let url = event.value, let go = location.navigation(to: url) else {
            throw .invalidValue("a navigate event needs the URL of a screen of this page")
        }
        return ResolvedEvent(element: root, run: go)
    }

    /// Runs `event`'s handler without collecting changes yet: several events can be applied
    /// before one `flush()` (a no-JavaScript form post applies its changed fields, then the
    /// pressed button). Call `flush()` after: what the handler changed is not announced
    /// through `onInvalidate`.
    package func apply(_ event: Event) throws(EventError) {
        let resolved = try resolve(event)
        if let echo = resolved.echo { recorder.suppressEcho(of: resolved.element, value: echo) }
        if event.type == .focus || event.type == .blur { registry.focusReported(event.target, hasFocus: event.type == .focus) }
        runApplying(resolved.run)
    }

    /// The focus move a `@FocusState` write asks of the browser since the last call, if any:
    /// a host sends it after the changes of a flush (a full document needs none: it renders
    /// `autofocus` on the focused element).
    package func takeFocusMove() -> FocusMove? { registry.takeFocusMove() }

    /// The animation of state written inside `withAnimation` since the last call, if any: a
    /// host sends it before the changes of a flush (`sh-animate`), and the browser animates them.
    package func takeAnimation() -> Animation? {
        defer { pendingAnimation = nil }
        return pendingAnimation
    }

    /// The element with focus, among those with a `.focused` binding, as the browser last
    /// reported it or the server last moved it (nil: none of them).
    package var focusedElementID: String? { registry.focusedID }

    /// The event a form post's field `id` with `value` stands for (without JavaScript every
    /// field is posted): nil if `id` is not a field or holds `value` already. A changed text is
    /// an `input`, any other changed value (a slider's, a picker's, a date's) a `change`.
    package func fieldEvent(_ id: String, value: String) -> Event? {
        registry.fieldEvent(id, value: value)
    }

    /// Whether the field `id` runs an action on Return (a text field with `.onSubmit`): the one
    /// a no-JavaScript Enter submits.
    package func submitsOnReturn(_ id: String) -> Bool { registry.submitsOnReturn(id) }

    /// Makes the next `flush()` send the whole page (`<main>` replaced, whether or not anything
    /// changed): a page mounted again from a durable store shows what the browser shows, but
    /// its made-up element ids (`_1`, `_2`, …) follow a different mount order.
    package func resendAll() { resendsAll = true }
    private var resendsAll = false

    /// Re-evaluates what is dirty and returns the changes.
    ///
    /// - Throws: the `ViewFailure` of a view that could not be evaluated; the tree cannot be
    ///   shown any more (its owner ends it).
    package func flush() throws(ViewFailure) -> [ElementChange] {
        recorder.isRecording = true
        defer { recorder.isRecording = false }
        let target: ElementNode?
        do {
            try settle()
            // Focus is in one place: other focus states that say "here" let go of it.
            let focusTarget = registry.takeFocusTarget()
            target = focusTarget.element
            if !focusTarget.others.isEmpty {
                for binding in focusTarget.others { binding.write(false) }
                try settle()
            }
        } catch {
            recorder.reset()
            throw error
        }
        ObjectReaders.dropUnread()
        registry.settleFocus(wanted: target?.id)
        if resendsAll {
            resendsAll = false
            recorder.markReplaced(root)
        }
        return recorder.collectChanges(renderer)
    }

    /// Whether some state changed that a `flush()` has not yet delivered.
    package var hasPendingChanges: Bool { reconciler.hasPendingWork || resendsAll }

    // MARK: Looking

    /// The id of the first control (an element that handles events) whose accessible name is
    /// `name`, in document order: e.g. a button's title, a text field's placeholder.
    package func id(ofControl name: String) -> String? {
        var all: [ElementNode] = []
        root.collectDescendants(into: &all)
        return all.first { $0.handler != nil && $0.controlName == name }?.id
    }

    /// Number of live elements (for tests that check a removed subtree is gone).
    package var elementCount: Int { registry.elementCount }

    /// How many `body` evaluations this tree has run.
    package var evaluationCount: Int { reconciler.evaluationCount }
    /// The view types whose `body` ran, in order, while `isLoggingEvaluations` is on.
    package var evaluationLog: [String] { reconciler.evaluationLog ?? [] }
    /// Turns on `evaluationLog` (for tests that assert exactly which bodies ran).
    package var isLoggingEvaluations: Bool {
        get { reconciler.isLoggingEvaluations }
        set { reconciler.isLoggingEvaluations = newValue }
    }
}
