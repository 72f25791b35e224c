// Declared migrations set against the recorded ones: what `nexus migrations status` lists.
import { migrationChecksum, type Migration } from './migration.ts';
import type { MigrationRecord } from './migration-records.ts';

export interface MigrationStatusRow {
  readonly plugin: string;
  readonly id: string;
  /** `changed`: applied, but its code differs from what ran; `undeclared`: recorded, no longer in the manifest. */
  readonly state: 'applied' | 'pending' | 'changed' | 'undeclared';
  readonly appliedAt: string | null;
  readonly durationMs: number | null;
}

/** Per plugin in declared order, then the recorded steps no manifest declares any more. */
export function migrationStatus(
  declared: ReadonlyArray<{ readonly plugin: string; readonly migrations: readonly Migration[] }>,
  records: readonly MigrationRecord[],
): MigrationStatusRow[] {
  const byKey = new Map(records.map((r) => [`${r.plugin}/${r.id}`, r]));
  const rows: MigrationStatusRow[] = [];
  for (const { plugin, migrations } of declared) {
    for (const m of migrations) {
      const record = byKey.get(`${plugin}/${m.id}`);
      byKey.delete(`${plugin}/${m.id}`);
      const state = record === undefined ? 'pending' : record.checksum === migrationChecksum(m) ? 'applied' : 'changed';
      rows.push({ plugin, id: m.id, state, appliedAt: record?.appliedAt.toISOString() ?? null, durationMs: record?.durationMs ?? null });
    }
  }
  for (const r of byKey.values()) {
    rows.push({ plugin: r.plugin, id: r.id, state: 'undeclared', appliedAt: r.appliedAt.toISOString(), durationMs: r.durationMs });
  }
  return rows;
}
