#include "baton.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

// SerialExecutorRef as the runtime passes it (two words, Swift's calling convention).
typedef struct { void *identity; uintptr_t implementation; } statehouse_executor_ref;

typedef int8_t (__attribute__((swiftcall)) *is_isolating_original)(statehouse_executor_ref);
typedef void (__attribute__((swiftcall)) *check_isolated_original)(statehouse_executor_ref);
extern int8_t (__attribute__((swiftcall)) *swift_task_isIsolatingCurrentContext_hook)(statehouse_executor_ref, is_isolating_original);
extern void (__attribute__((swiftcall)) *swift_task_checkIsolated_hook)(statehouse_executor_ref, check_isolated_original);
extern __attribute__((swiftcall)) statehouse_executor_ref swift_task_getMainExecutor(void);

static pthread_mutex_t baton = PTHREAD_MUTEX_INITIALIZER;
// Threads waiting in statehouse_baton_take: while any does, try_take declines (a lock may be
// taken by a newcomer before the waiter it woke runs, which could keep the main thread's queue
// waiting for as long as requests kept coming alone).
static _Atomic int wanted = 0;
static _Thread_local bool holding = false;
static void *main_identity = 0;

static int8_t __attribute__((swiftcall)) is_isolating(statehouse_executor_ref executor, is_isolating_original original) {
    if (holding && executor.identity == main_identity) return 1;
    return original(executor);
}

static void __attribute__((swiftcall)) check_isolated(statehouse_executor_ref executor, check_isolated_original original) {
    if (holding && executor.identity == main_identity) return;
    original(executor);
}

static pthread_once_t installed = PTHREAD_ONCE_INIT;

static void install(void) {
    main_identity = swift_task_getMainExecutor().identity;
    swift_task_isIsolatingCurrentContext_hook = is_isolating;
    swift_task_checkIsolated_hook = check_isolated;
}

void statehouse_baton_install(void) { pthread_once(&installed, install); }

bool statehouse_baton_try_take(void) {
    if (atomic_load_explicit(&wanted, memory_order_relaxed) != 0) return false;
    if (pthread_mutex_trylock(&baton) != 0) return false;
    holding = true;
    return true;
}

void statehouse_baton_take(void) {
    atomic_fetch_add_explicit(&wanted, 1, memory_order_relaxed);
    pthread_mutex_lock(&baton);
    atomic_fetch_sub_explicit(&wanted, 1, memory_order_relaxed);
    holding = true;
}

void statehouse_baton_give(void) {
    holding = false;
    pthread_mutex_unlock(&baton);
}

bool statehouse_baton_held(void) { return holding; }

// The main dispatch queue's tail: on LP64 libdispatch keeps a queue's newest item in the word
// after its object header (`dq_items_tail`), which every push exchanges atomically, and which
// a drain empties before it runs what it took. Found by checking, not assumed: see
// statehouse_main_queue_watch.
struct dispatch_queue_s;
extern struct dispatch_queue_s _dispatch_main_q;
extern void dispatch_async_f(struct dispatch_queue_s *queue, void *context, void (*work)(void *));

static _Atomic(_Atomic(uintptr_t) *) main_queue_tail = 0;
static pthread_once_t watching = PTHREAD_ONCE_INIT;

static void nothing(void *context) { (void)context; }

static void find_main_queue_tail(void) {
    _Atomic(uintptr_t) *candidate = (_Atomic(uintptr_t) *)((char *)&_dispatch_main_q + 6 * sizeof(void *));
    for (int push = 0; push < 2; push++) {
        uintptr_t before = atomic_load_explicit(candidate, memory_order_acquire);
        dispatch_async_f(&_dispatch_main_q, 0, nothing);
        uintptr_t after = atomic_load_explicit(candidate, memory_order_acquire);
        if (after == 0 || after == before) return;
    }
    atomic_store_explicit(&main_queue_tail, candidate, memory_order_release);
}

bool statehouse_main_queue_watch(void) {
    pthread_once(&watching, find_main_queue_tail);
    return atomic_load_explicit(&main_queue_tail, memory_order_acquire) != 0;
}

uintptr_t statehouse_main_queue_newest(void) {
    _Atomic(uintptr_t) *tail = atomic_load_explicit(&main_queue_tail, memory_order_acquire);
    return tail ? atomic_load_explicit(tail, memory_order_acquire) : 0;
}
