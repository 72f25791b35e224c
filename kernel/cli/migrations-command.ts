// `nexus migrations status`: lists every plugin's applied and pending migrations in the configured store.
import type { DocumentStore } from '../../shared/store/port.ts';
import { createMigrationRecords } from '../migrations/migration-records.ts';
import { migrationStatus, type MigrationStatusRow } from '../migrations/migration-status.ts';
import type { ManifestEntry } from '../plugins/read-manifests.ts';
import type { CliIo } from './token-command.ts';
import { parseArgs, UsageError } from './parse-args.ts';

export const MIGRATIONS_USAGE = `usage:
  nexus migrations status [--json]`;

function row(r: MigrationStatusRow): string {
  const when = r.appliedAt === null ? '' : `  ${r.appliedAt}  ${r.durationMs} ms`;
  return `${r.plugin}  ${r.id}  ${r.state}${when}`;
}

/** Returns the exit code: 0 listed, 2 bad usage. Migrations run when the processes load their plugins, never here. */
export async function migrationsCommand(argv: readonly string[], manifests: readonly ManifestEntry[], store: DocumentStore, io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  try {
    if (sub !== 'status') throw new UsageError(sub ? `unknown migrations command "${sub}"` : 'migrations needs a command');
    const json = parseArgs(rest, ['json']).flags.json === true;
    const declared = manifests.map((m) => ({ plugin: m.name, migrations: m.definition.migrations ?? [] }));
    const rows = migrationStatus(declared, await createMigrationRecords(store).applied());
    if (json) io.out(JSON.stringify(rows));
    else if (rows.length === 0) io.out('No migrations declared or applied.');
    else for (const r of rows) io.out(row(r));
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${err.message}\n${MIGRATIONS_USAGE}`);
      return 2;
    }
    throw err;
  }
}
