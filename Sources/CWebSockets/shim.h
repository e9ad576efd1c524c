#ifndef BOARD_SYNC_CWEBSOCKETS_SHIM_H
#define BOARD_SYNC_CWEBSOCKETS_SHIM_H

#include <libwebsockets.h>

/* Headroom libwebsockets needs in front of every buffer passed to lws_write. */
static inline size_t bs_lws_pre(void) { return LWS_PRE; }

/* The variadic lwsl_* macros cannot be called from Swift. */
static inline void bs_lws_log(int level, const char *message) { _lws_log(level, "%s", message); }

#endif
