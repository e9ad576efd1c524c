#ifndef BOARD_SYNC_CWEBSOCKETS_SHIM_H
#define BOARD_SYNC_CWEBSOCKETS_SHIM_H

#include <libwebsockets.h>

/* Headroom libwebsockets needs in front of every buffer passed to lws_write. */
static inline size_t bs_lws_pre(void) { return LWS_PRE; }

/* The variadic lwsl_* macros cannot be called from Swift. */
static inline void bs_lws_log(int level, const char *message) { _lws_log(level, "%s", message); }

/* Writes one WebSocket frame (or fragment) from a buffer that has LWS_PRE bytes of headroom. */
static inline int bs_write_ws(struct lws *wsi, unsigned char *payload, size_t length, int binary,
                              int is_start, int is_end) {
    int flags = lws_write_ws_flags(binary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT, is_start, is_end);
    return lws_write(wsi, payload, length, (enum lws_write_protocol)flags);
}

/* Writes bytes that are already complete WebSocket frames (headers included). */
static inline int bs_write_raw(struct lws *wsi, unsigned char *bytes, size_t length) {
    return lws_write(wsi, bytes, length, LWS_WRITE_RAW);
}

/* Writes raw HTTP bytes (a hand-made response head or body). */
static inline int bs_write_http(struct lws *wsi, unsigned char *payload, size_t length, int final) {
    return lws_write(wsi, payload, length, final ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP);
}

/* A timer whose callback can find its owner: the scheduler entry comes first. */
typedef struct bs_timer {
    lws_sorted_usec_list_t sul;
    void *owner;
} bs_timer;

static inline void *bs_timer_owner(lws_sorted_usec_list_t *sul) { return ((bs_timer *)sul)->owner; }

static inline void bs_timer_schedule(struct lws_context *context, bs_timer *timer, sul_cb_t callback,
                                     int64_t microseconds) {
    lws_sul_schedule(context, 0, &timer->sul, callback, (lws_usec_t)microseconds);
}

static inline void bs_timer_cancel(struct lws_context *context, bs_timer *timer) {
    lws_sul_schedule(context, 0, &timer->sul, NULL, LWS_SET_TIMER_USEC_CANCEL);
}

/* permessage-deflate extension table; lives as long as the program. */
static inline const struct lws_extension *bs_deflate_extensions(void) {
    static const struct lws_extension extensions[] = {
        { "permessage-deflate", lws_extension_callback_pm_deflate,
          "permessage-deflate; client_no_context_takeover; client_max_window_bits" },
        { NULL, NULL, NULL }
    };
    return extensions;
}

static inline int bs_client_tls_flags(int insecure) {
    int flags = LCCSCF_USE_SSL;
    if (insecure)
        flags |= LCCSCF_ALLOW_SELFSIGNED | LCCSCF_SKIP_SERVER_CERT_HOSTNAME_CHECK |
                 LCCSCF_ALLOW_EXPIRED | LCCSCF_ALLOW_INSECURE;
    return flags;
}

#endif
