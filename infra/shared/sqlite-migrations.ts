import type { DatabaseSync } from 'node:sqlite';

export type Migration = Readonly<{ version: number; name: string; sql: string }>;

/**
 * Applies the migrations a database has not seen yet, each in its own transaction, and records
 * them in `schema_migrations` (`scope` lets several components share one file).
 */
export const migrate = (
  db: DatabaseSync,
  scope: string,
  migrations: readonly Migration[],
): void => {
  db.exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      scope      TEXT    NOT NULL,
      version    INTEGER NOT NULL,
      name       TEXT    NOT NULL,
      applied_at TEXT    NOT NULL,
      PRIMARY KEY (scope, version)
    )
  `);
  const applied = new Set(
    (
      db.prepare('SELECT version FROM schema_migrations WHERE scope = ?').all(scope) as {
        version: number;
      }[]
    ).map((row) => row.version),
  );
  const record = db.prepare(
    'INSERT INTO schema_migrations (scope, version, name, applied_at) VALUES (?, ?, ?, ?)',
  );
  const isApplied = db.prepare('SELECT 1 FROM schema_migrations WHERE scope = ? AND version = ?');
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    db.exec('BEGIN IMMEDIATE');
    try {
      // Another process sharing the file may have applied it while this one waited for the lock.
      if (isApplied.get(scope, migration.version)) {
        db.exec('COMMIT');
        continue;
      }
      db.exec(migration.sql);
      record.run(scope, migration.version, migration.name, new Date().toISOString());
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw new Error(`Migration ${scope} ${migration.version} (${migration.name}) failed`, {
        cause: error,
      });
    }
  }
};
