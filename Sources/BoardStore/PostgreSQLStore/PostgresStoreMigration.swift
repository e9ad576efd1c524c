/// Creates the schema of a `PostgreSQLBoardStore` in an empty database, migrates an older one
/// step by step, and refuses tables it did not make or a version it does not know.
///
/// Servers starting together take turns through an advisory lock, inside one transaction: DDL
/// is transactional in PostgreSQL, so a schema is either complete or absent.
enum PostgresStoreMigration {
    static func prepare(_ connection: PostgresConnection, schema: String) throws {
        try connection.transaction {
            try connection.execute("SELECT pg_advisory_xact_lock($1::bigint)", [PostgresStoreSchema.migrationLockKey])
            let quoted = try connection.quotedIdentifier(schema)
            try connection.execute("CREATE SCHEMA IF NOT EXISTS \(quoted)")
            let tables = try connection.execute(
                "SELECT table_name::text FROM information_schema.tables WHERE table_schema = $1", [schema]
            ).map { try $0.string(0) }
            guard !tables.isEmpty else {
                try connection.executeScript("SET LOCAL search_path TO \(quoted); " + PostgresStoreSchema.create)
                return
            }
            guard tables.contains("schema_version") else {
                throw StoreError.schemaMismatch(
                    path: "schema \(schema)", found: 0, supported: PostgresStoreSchema.version)
            }
            var found =
                try connection.execute("SELECT max(version) FROM \(quoted).schema_version")[0].optionalInt(0) ?? 0
            while let step = PostgresStoreSchema.steps[found] {
                found += 1
                try connection.executeScript(
                    "SET LOCAL search_path TO \(quoted); \(step) UPDATE schema_version SET version = \(found);")
            }
            guard found == PostgresStoreSchema.version else {
                throw StoreError.schemaMismatch(
                    path: "schema \(schema)", found: found, supported: PostgresStoreSchema.version)
            }
        }
    }
}
