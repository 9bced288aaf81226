import Dispatch
import Foundation
import OpenCombine

extension View {
    /// Adds an action to perform when this view detects data emitted by the given publisher.
    ///
    /// ```swift
    /// let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    /// …
    /// Text("\(seconds) s").onReceive(timer) { _ in seconds += 1 }
    /// ```
    ///
    /// The view subscribes when it appears and cancels when it disappears; values are handled
    /// on the main actor (a value sent from another thread is handed over there), with the
    /// action of the view's latest evaluation. What the action writes reaches the browser as
    /// any change made outside an event does (pushed on the page's stream).
    public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View where P.Failure == Never {
        OnReceiveView(content: self, publisher: publisher, action: action)
    }
}

struct OnReceiveView<Content: View, P: Publisher>: View where P.Failure == Never {
    let content: Content
    let publisher: P
    let action: (P.Output) -> Void
    @State private var receiver = Receiver<P.Output>()

    var body: some View {
        receiver.action = action
        let receiver = self.receiver
        let publisher = self.publisher
        return content
            .onAppear { receiver.subscribe(to: publisher) }
            .onDisappear { receiver.cancel() }
    }
}

/// One view's subscription to a publisher, and the action its latest evaluation gave.
@MainActor
final class Receiver<Output> {
    var action: ((Output) -> Void)?
    private var subscription: AnyCancellable?

    func subscribe<P: Publisher>(to publisher: P) where P.Output == Output, P.Failure == Never {
        guard subscription == nil else { return }
        subscription = publisher.sink { [weak self] value in
            nonisolated(unsafe) let value = value
            // A value queued before `cancel()` is dropped with the subscription.
            MainQueue.run { [weak self] in
                guard let self, subscription != nil else { return }
                action?(value)
            }
        }
    }

    func cancel() {
        subscription?.cancel()
        subscription = nil
    }
}

extension Timer {
    /// Returns a publisher that repeatedly emits the current date on the given interval.
    ///
    /// The dates are sent from the main dispatch queue whatever run loop and mode are named
    /// (a Statehouse server's main thread runs no `RunLoop`); `.autoconnect()` starts it with
    /// its first subscriber.
    public static func publish(every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop,
                               in mode: RunLoop.Mode) -> TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance)
    }

    /// A publisher that repeatedly emits the current date on a given interval, once connected.
    ///
    /// ```swift
    /// let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    /// Text(now, style: .time).onReceive(timer) { now = $0 }
    /// ```
    public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
        public typealias Output = Date
        public typealias Failure = Never

        public let interval: TimeInterval
        public let tolerance: TimeInterval?
        private let subject = PassthroughSubject<Date, Never>()

        init(interval: TimeInterval, tolerance: TimeInterval?) {
            self.interval = interval
            self.tolerance = tolerance
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
            subject.receive(subscriber: subscriber)
        }

        /// Starts sending dates; cancelling the result stops.
        public func connect() -> any Cancellable {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            let leeway = DispatchTimeInterval.nanoseconds(Int((tolerance ?? interval / 10) * 1e9))
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: leeway)
            let subject = self.subject
            timer.setEventHandler { subject.send(Date()) }
            timer.resume()
            return AnyCancellable { timer.cancel() }
        }
    }
}
