#ifndef STATEHOUSE_BATON_H
#define STATEHOUSE_BATON_H
#include <stdbool.h>

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

#endif
