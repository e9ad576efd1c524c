#ifndef BOARD_SYNC_CLIBEV_SHIM_H
#define BOARD_SYNC_CLIBEV_SHIM_H

#include <ev.h>
#include <sys/eventfd.h>

/*
 * The few libev calls the service loops make, behind plain functions: ev.h's macros and its
 * `ev_loop` (both a struct and a function) do not import into Swift cleanly.
 */

/* A new loop on epoll; NULL when the kernel does not offer it. Ignores LIBEV_FLAGS. */
static inline void *bs_ev_loop_new_epoll(void) {
    return ev_loop_new(EVBACKEND_EPOLL | EVFLAG_NOENV);
}

/* Waits for at least one event (or a due timer) and runs every callback that is ready. */
static inline void bs_ev_run_once(void *loop) { ev_run((struct ev_loop *)loop, EVRUN_ONCE); }

static inline void bs_ev_loop_destroy(void *loop) { ev_loop_destroy((struct ev_loop *)loop); }

/* A one-shot timer whose callback gets its owner back; the watcher comes first. */
typedef struct bs_ev_timer {
    ev_timer watcher;
    void *owner;
    void (*fire)(void *owner);
} bs_ev_timer;

static void bs_ev_timer_fired(struct ev_loop *loop, ev_timer *watcher, int events) {
    (void)loop;
    (void)events;
    bs_ev_timer *timer = (bs_ev_timer *)watcher;
    timer->fire(timer->owner);
}

static inline void bs_ev_timer_init(bs_ev_timer *timer, void *owner, void (*fire)(void *owner)) {
    ev_timer_init(&timer->watcher, bs_ev_timer_fired, 0., 0.);
    timer->owner = owner;
    timer->fire = fire;
}

/* (Re)arms the timer to fire once after `seconds`, replacing any earlier arming. */
static inline void bs_ev_timer_arm(void *loop, bs_ev_timer *timer, double seconds) {
    ev_timer_stop((struct ev_loop *)loop, &timer->watcher);
    ev_timer_set(&timer->watcher, seconds, 0.);
    ev_timer_start((struct ev_loop *)loop, &timer->watcher);
}

static inline void bs_ev_timer_stop(void *loop, bs_ev_timer *timer) {
    ev_timer_stop((struct ev_loop *)loop, &timer->watcher);
}

/* A non-blocking eventfd for waking a loop from other threads; -1 on failure. */
static inline int bs_wake_descriptor_new(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

/* A watcher of a file descriptor becoming readable whose callback gets its owner back. */
typedef struct bs_ev_reader {
    ev_io watcher;
    void *owner;
    void (*ready)(void *owner);
} bs_ev_reader;

static void bs_ev_reader_ready(struct ev_loop *loop, ev_io *watcher, int events) {
    (void)loop;
    (void)events;
    bs_ev_reader *reader = (bs_ev_reader *)watcher;
    reader->ready(reader->owner);
}

/* Watches `fd` for reading until stopped. */
static inline void bs_ev_reader_start(void *loop, bs_ev_reader *reader, int fd, void *owner,
                                      void (*ready)(void *owner)) {
    ev_io_init(&reader->watcher, bs_ev_reader_ready, fd, EV_READ);
    reader->owner = owner;
    reader->ready = ready;
    ev_io_start((struct ev_loop *)loop, &reader->watcher);
}

static inline void bs_ev_reader_stop(void *loop, bs_ev_reader *reader) {
    ev_io_stop((struct ev_loop *)loop, &reader->watcher);
}

#endif
