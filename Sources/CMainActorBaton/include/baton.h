#ifndef STATEHOUSE_BATON_H
#define STATEHOUSE_BATON_H
#include <stdbool.h>
#include <stdint.h>

// The main actor's baton: whichever thread holds it runs the main actor's work. The main
// thread takes it to drain the main queue; an I/O thread may take it to answer a request where
// it read it, when the main actor is free. While a thread holds it, the Swift runtime's
// isolation checks (`MainActor.assumeIsolated`, `@MainActor` closures' dynamic checks) count
// that thread as on the main actor, through the concurrency runtime's documented hooks.

/// Installs the isolation hooks (once; later calls do nothing).
void statehouse_baton_install(void);
/// Takes the baton if no thread holds it or waits for it; true if taken.
bool statehouse_baton_try_take(void);
/// Takes the baton, waiting for the thread that holds it.
void statehouse_baton_take(void);
/// Gives the baton back (the caller holds it).
void statehouse_baton_give(void);
/// Whether the calling thread holds the baton.
bool statehouse_baton_held(void);

/// Whether the main dispatch queue's newest item can be read (`statehouse_main_queue_newest`):
/// checked once, by queueing two empty items and seeing the word libdispatch keeps the
/// queue's tail in change to each (false if it does not: a libdispatch laid out otherwise).
/// Call it on the main actor (no drain of the main queue runs meanwhile).
bool statehouse_main_queue_watch(void);
/// The main dispatch queue's newest item (0 when it is empty), if it can be read. Read twice
/// by the main actor's holder, with nothing drained between: the same value means no item was
/// pushed onto the main queue itself meanwhile, by this thread or another (a queued item is not
/// freed before it ran). Work added to a queue that targets the main queue, while that queue
/// is already waiting on it, does not move it.
uintptr_t statehouse_main_queue_newest(void);

#endif
