#ifndef BOARD_SYNC_CLIBPQ_SHIM_H
#define BOARD_SYNC_CLIBPQ_SHIM_H

#include <libpq-fe.h>

/* The error field codes are character-literal macros, which Swift does not import. */
static inline int bs_pq_diag_severity(void) { return PG_DIAG_SEVERITY_NONLOCALIZED; }
static inline int bs_pq_diag_sqlstate(void) { return PG_DIAG_SQLSTATE; }
static inline int bs_pq_diag_message_primary(void) { return PG_DIAG_MESSAGE_PRIMARY; }
static inline int bs_pq_diag_message_detail(void) { return PG_DIAG_MESSAGE_DETAIL; }
static inline int bs_pq_diag_message_hint(void) { return PG_DIAG_MESSAGE_HINT; }
static inline int bs_pq_diag_constraint_name(void) { return PG_DIAG_CONSTRAINT_NAME; }
static inline int bs_pq_diag_table_name(void) { return PG_DIAG_TABLE_NAME; }

#endif
