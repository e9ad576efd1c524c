#ifndef BOARD_SYNC_CSQLITE_SHIM_H
#define BOARD_SYNC_CSQLITE_SHIM_H

#include <sqlite3.h>

/* SQLITE_TRANSIENT is a cast macro Swift cannot import: it tells SQLite to copy bound data. */
static inline sqlite3_destructor_type bs_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/* The extended constraint code is a macro built from other macros, which Swift does not import. */
static inline int bs_sqlite_constraint_primarykey(void) { return SQLITE_CONSTRAINT_PRIMARYKEY; }

#endif
