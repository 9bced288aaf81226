import CMainActorBaton
import Foundation
import Synchronization
import Testing
@testable import StatehouseViews

/// The main actor's baton (`MainQueue`, `CMainActorBaton`): the thread that holds it is on the
/// main actor, for Statehouse and for the Swift runtime's isolation checks, which is what lets
/// an event loop answer a request in place. One test at a time: the baton is the process's.
@Suite("The main actor's baton", .serialized)
struct MainActorBatonTests {
    @Test("A thread that holds the baton passes MainActor.assumeIsolated (it would trap without the runtime's hooks) and counts as on the main actor; before and after, it does not")
    func holderIsOnMainActor() async {
        statehouse_baton_install()
        let seen = await withCheckedContinuation { (continuation: CheckedContinuation<[Bool], Never>) in
            Thread {
                var seen = [MainQueue.isCurrent, statehouse_baton_held()]
                statehouse_baton_take()
                seen += [MainQueue.isCurrent, statehouse_baton_held(), MainActor.assumeIsolated { true }]
                statehouse_baton_give()
                seen += [MainQueue.isCurrent, statehouse_baton_held()]
                continuation.resume(returning: seen)
            }.start()
        }
        #expect(seen == [false, false, true, true, true, false, false])
    }

    @Test("While one thread holds the baton another cannot take it without waiting; once given back, it can")
    func oneHolderAtATime() async {
        let tries = await withCheckedContinuation { (continuation: CheckedContinuation<[Bool], Never>) in
            Thread {
                statehouse_baton_take()
                let whileHeld = Self.tryOnAnotherThread()
                statehouse_baton_give()
                continuation.resume(returning: [whileHeld, Self.tryOnAnotherThread()])
            }.start()
        }
        #expect(tries == [false, true])
    }

    @Test("While a thread waits for the baton, a thread that only tries cannot take it, not even in the moment between its release and the waiter's wake-up (else requests coming alone could keep the main thread's queue waiting)")
    func waiterGoesFirst() async {
        let (whileWaited, afterwards) = await withCheckedContinuation { (continuation: CheckedContinuation<(Bool, Bool), Never>) in
            Thread {
                statehouse_baton_take()
                let waiterStarted = DispatchSemaphore(value: 0), waiterDone = DispatchSemaphore(value: 0)
                Thread {
                    waiterStarted.signal()
                    statehouse_baton_take()  // waits: the baton is held
                    Thread.sleep(forTimeInterval: 0.1)  // held a while: a try meanwhile fails either way
                    statehouse_baton_give()
                    waiterDone.signal()
                }.start()
                waiterStarted.wait()
                Thread.sleep(forTimeInterval: 0.2)  // the waiter is blocked in take by now
                statehouse_baton_give()
                // At once, before the waiter has woken: the lock itself is free.
                let whileWaited = statehouse_baton_try_take()
                if whileWaited { statehouse_baton_give() }
                waiterDone.wait()
                let afterwards = statehouse_baton_try_take()
                if afterwards { statehouse_baton_give() }
                continuation.resume(returning: (whileWaited, afterwards))
            }.start()
        }
        #expect(!whileWaited, "a thread that only tried took the baton from the one waiting for it")
        #expect(afterwards)
    }

    @Test("The main queue's newest item can be read (this libdispatch is laid out as expected), and a push onto the main queue moves it")
    @MainActor func mainQueueNewest() async {
        let before = MainQueue.newestQueued
        #expect(before != nil, "a new page would always wait behind the main queue")
        DispatchQueue.main.async {}
        #expect(MainQueue.newestQueued != before)
    }

    /// Whether another thread could take the baton without waiting (given back at once).
    private static func tryOnAnotherThread() -> Bool {
        let done = DispatchSemaphore(value: 0), taken = Flag()
        Thread {
            if statehouse_baton_try_take() {
                taken.value.store(true, ordering: .sequentiallyConsistent)
                statehouse_baton_give()
            }
            done.signal()
        }.start()
        done.wait()
        return taken.value.load(ordering: .sequentiallyConsistent)
    }
}

private final class Flag: Sendable {
    let value = Atomic<Bool>(false)
}
