// Instants shown in the viewer's own time zone or a named one, with the zone's offset so DST changes are visible.

export const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, {
      timeZone: zone, year: 'numeric', month: 'short', day: '2-digit', weekday: 'short', hour: '2-digit', minute: '2-digit', timeZoneName: 'shortOffset',
    });
    formats.set(zone, format);
  }
  return format;
}

/** `Mon, 30 Mar 2026, 08:00 GMT+2`, or a dash for no instant. */
export function formatInstant(iso: string | null | undefined, zone: string = viewerZone): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return formatFor(zone).format(date);
  } catch {
    return formatFor('UTC').format(date);
  }
}

export function isValidZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/** Every IANA zone the browser knows, for pickers. */
export function knownZones(): string[] {
  const withValues = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = withValues.supportedValuesOf?.('timeZone') ?? [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
