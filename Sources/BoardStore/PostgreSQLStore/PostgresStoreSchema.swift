/// The tables of `PostgreSQLBoardStore`, in a schema of their own, and the version that names
/// them (the one row of `schema_version`).
///
/// The durable tables follow the SQLite store's rules with PostgreSQL's strengths: a board's
/// head is `boards.head_version`, kept exact by every commit and locked (`FOR UPDATE`) by it,
/// which is what orders the commits of several servers on one board; `ops` is keyed by
/// (board, version), so a version is taken once; `client_seqs` holds every client's highest
/// acknowledged `seq`, raised by each commit for its ops and seq advances alike, so that it
/// never depends on which ops are retained; `used_ids` is keyed by (board, id), the kind
/// recorded last winning.
///
/// `nodes` and `leases` are the live state of a cluster of servers and need no durability,
/// so they are unlogged (emptied by a crash of the database): each server's heartbeat, and the
/// drag lease of each item held by a connection of some server.
///
/// Version 2 adds the trash (`trash`): a deleted board's rows stay in every table under a key
/// no board name can be (its name and the millisecond it was deleted, joined by `@`), and
/// `trash` says whose they are. Migrating a version 1 schema adds the empty table.
///
/// Version 3 keeps the group each op was committed in (`group_first`, `group_count` and
/// `group_restores`, NULL for an op committed alone), so that catch-up, other nodes and history
/// carry `group` as live `op` messages do. Migrating a version 2 schema only adds the columns:
/// its ops were committed alone or have lost their group for good.
///
/// Version 4 adds the webhook outbox (`webhook_outbox`, see `WebhookOutbox`): one row per
/// delivery of an op or group to one URL, written by the commit of its ops, numbered in
/// insertion order (`position`; the commits of one board take turns on its head's row lock, so
/// a board's positions follow its versions), and `webhook_leases`, the node that sends each
/// lane (URL and board) until when, so that a cluster sends every delivery from one node.
/// Migrating a version 3 schema adds the empty tables.
enum PostgresStoreSchema {
    /// The schema version this code reads and writes.
    static let version = 4

    /// The trash table of version 2.
    static let trashTable = """
        CREATE TABLE trash (
            stored_as text PRIMARY KEY,
            name text NOT NULL,
            deleted_at bigint NOT NULL,
            head_version bigint NOT NULL CHECK (head_version >= 0),
            sections bigint NOT NULL,
            items bigint NOT NULL
        );
        """

    /// The step that brings a schema of the version it is keyed by to the next one, for every
    /// older version this code migrates to `version`.
    static let steps = [1: trashTable, 2: groupColumns, 3: webhookTables]

    /// Version 4: the webhook outbox and the leases of its lanes.
    static let webhookTables = """
        CREATE TABLE webhook_outbox (
            position bigserial PRIMARY KEY,
            url text NOT NULL,
            board text NOT NULL,
            version bigint NOT NULL,
            delivery text NOT NULL,
            body text NOT NULL,
            due_at bigint NOT NULL,
            attempts integer NOT NULL DEFAULT 0,
            next_at bigint NOT NULL
        );
        CREATE INDEX webhook_outbox_by_lane ON webhook_outbox (url, board, position);
        CREATE TABLE webhook_leases (
            url text NOT NULL,
            board text NOT NULL,
            holder text NOT NULL,
            until timestamptz NOT NULL,
            PRIMARY KEY (url, board)
        );
        """

    /// Version 3: the group of each op.
    static let groupColumns = """
        ALTER TABLE ops ADD COLUMN group_first bigint, ADD COLUMN group_count bigint,
            ADD COLUMN group_restores bigint;
        """

    /// A key for `pg_advisory_xact_lock`, so that servers starting together create or migrate
    /// the schema one at a time.
    static let migrationLockKey = 0x626f_6172_6473

    /// Every table of the current version.
    static let create =
        versionOneTables + groupColumns + webhookTables + "UPDATE schema_version SET version = \(version);"

    /// Every table of version 1.
    private static let versionOneTables = """
        CREATE TABLE schema_version (version integer NOT NULL);
        INSERT INTO schema_version (version) VALUES (2);
        CREATE TABLE boards (
            name text PRIMARY KEY,
            head_version bigint NOT NULL CHECK (head_version >= 0)
        );
        CREATE TABLE ops (
            board text NOT NULL,
            version bigint NOT NULL CHECK (version >= 1),
            client text NOT NULL,
            "user" text NOT NULL,
            seq bigint NOT NULL,
            op_json text NOT NULL,
            committed_at bigint NOT NULL,
            PRIMARY KEY (board, version)
        );
        CREATE TABLE client_seqs (
            board text NOT NULL,
            client text NOT NULL,
            last_seq bigint NOT NULL,
            PRIMARY KEY (board, client)
        );
        CREATE TABLE used_ids (
            board text NOT NULL,
            id text NOT NULL,
            kind text NOT NULL CHECK (kind IN ('item', 'section')),
            PRIMARY KEY (board, id)
        );
        CREATE TABLE snapshots (
            board text NOT NULL,
            version bigint NOT NULL CHECK (version >= 0),
            snapshot_json text NOT NULL,
            PRIMARY KEY (board, version)
        );
        CREATE UNLOGGED TABLE nodes (
            id text PRIMARY KEY,
            started_at timestamptz NOT NULL DEFAULT now(),
            heartbeat_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE UNLOGGED TABLE leases (
            board text NOT NULL,
            item text NOT NULL,
            node text NOT NULL,
            client text NOT NULL,
            "user" text NOT NULL,
            claimed_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (board, item)
        );
        """ + trashTable
}
