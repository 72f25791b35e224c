// Turns one cron field into its value set: cron-parser expands names, ranges and steps and checks bounds; we keep the grammar.
import { CronExpressionParser } from 'cron-parser';
import { CronError } from './cron-error.ts';
import type { FieldSpec } from './cron-fields.ts';

// cron-parser also accepts Quartz and Jenkins tokens (`L`, `W`, `#`, `?`, `H`), a leading-dash range (`-5`) and an empty
// step (`*/`, read as zero); none is standard five-field cron, so an item must have this shape before it is handed over.
const ITEM = /^(?:\*|[0-9a-z]+(?:-[0-9a-z]+)?)(?:\/\d+)?$/i;
const VALUE = /^(?:\d+|[a-z]{3})$/i;

const SLOT: Readonly<Record<FieldSpec['field'], number>> = {
  minute: 0,
  hour: 1,
  'day-of-month': 2,
  month: 3,
  'day-of-week': 4,
};

/** The sorted values a field allows; day-of-week's 7 comes back as 0. Throws CronError naming the item at fault. */
export function parseField(spec: FieldSpec, text: string): number[] {
  const allowed = new Set<number>();
  // Items go to cron-parser one at a time: it refuses a list that repeats a value (`0,7` in day-of-week), which cron
  // accepts, and a refusal of one item names the token at fault.
  for (const item of text.split(',')) {
    if (item === '') throw new CronError(spec.field, '', `${spec.field}: empty list item in "${text}"`);
    for (const value of expandItem(spec, item)) allowed.add(spec.field === 'day-of-week' ? value % 7 : value);
  }
  return [...allowed].sort((a, b) => a - b);
}

function expandItem(spec: FieldSpec, item: string): number[] {
  assertStandard(spec, item);
  const fields = ['*', '*', '*', '*', '*'];
  fields[SLOT[spec.field]] = openEnded(spec, item);
  try {
    const { fields: parsed } = CronExpressionParser.parse(fields.join(' '));
    const values = [parsed.minute, parsed.hour, parsed.dayOfMonth, parsed.month, parsed.dayOfWeek][SLOT[spec.field]]!.values;
    return values.map(Number);
  } catch (err) {
    throw refusal(spec, item, err instanceof Error ? err.message : String(err));
  }
}

function assertStandard(spec: FieldSpec, item: string): void {
  const [base = ''] = item.split('/');
  const values = base === '*' ? [] : base.split('-');
  const named = (value: string) => /^\d+$/.test(value) || spec.names.length > 0;
  if (!ITEM.test(item) || !values.every((value) => VALUE.test(value) && named(value))) {
    throw new CronError(spec.field, item, `${spec.field}: unsupported token "${item}"`);
  }
}

// `a/step` runs to the field's open end. cron-parser runs day-of-week's to 7 (so `1/2` would add Sunday); ours runs
// to 6, like `*` does, and `7/2` still means Sunday.
function openEnded(spec: FieldSpec, item: string): string {
  const [base = '', step] = item.split('/');
  if (step === undefined || base === '*' || base.includes('-') || spec.openMax === spec.max) return item;
  const low = /^\d+$/.test(base) ? Number(base) : spec.min + spec.names.indexOf(base.toLowerCase());
  return `${base}-${Math.max(low, spec.openMax)}/${step}`;
}

/** cron-parser's refusal, said the way the rest of our cron errors are: field, token, reason. */
function refusal(spec: FieldSpec, item: string, message: string): CronError {
  const [base = ''] = item.split('/');
  const outOfRange = /^Constraint error, got (?:value|range) /.test(message);
  if (outOfRange) {
    const token = base.split('-').find((value) => /^\d+$/.test(value) && (Number(value) < spec.min || Number(value) > spec.max)) ?? base;
    return new CronError(spec.field, token, `${spec.field}: ${token} is out of range ${spec.min}-${spec.max}`);
  }
  const reversed = /^Invalid range: \d+-\d+, min\((\d+)\) > max\((\d+)\)$/.exec(message);
  if (reversed) return new CronError(spec.field, item, `${spec.field}: range "${item}" is reversed (${reversed[1]} > ${reversed[2]})`);
  if (/^Constraint error, cannot repeat at every 0 time\.$/.test(message)) {
    return new CronError(spec.field, item, `${spec.field}: zero step in "${item}"`);
  }
  return new CronError(spec.field, item, `${spec.field}: unsupported token "${item}"`);
}
