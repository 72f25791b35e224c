// The one schema check: strict (no coercion, no defaults) and answering in messages a person reads, one issue per place.
import t from 'tap';
import { Type } from 'typebox';
import { closestName } from '../../../shared/errors/closest-name.ts';
import { formatIssue, schemaIssues } from '../../../shared/errors/schema-check.ts';

const Task = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 8 }),
    timeZone: Type.Optional(Type.String()),
    priority: Type.Optional(Type.Union([Type.Literal('low'), Type.Literal('high')])),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
    tags: Type.Optional(Type.Array(Type.String(), { maxItems: 2 })),
    note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    schedule: Type.Optional(
      Type.Union([
        Type.Object({ type: Type.Literal('cron'), expression: Type.String() }, { additionalProperties: false }),
        Type.Object({ type: Type.Literal('once'), at: Type.String({ format: 'date-time' }) }, { additionalProperties: false }),
      ]),
    ),
  },
  { additionalProperties: false },
);

t.test('a conforming value has no issues and is left as it was', async (t) => {
  const value = { name: 'a', count: 2 };
  t.equal(schemaIssues(Task, value), undefined);
  t.same(value, { name: 'a', count: 2 }, 'no defaults were added');
  t.same(schemaIssues(Task, { name: 'a', count: '2' }), [{ path: '/count', message: 'expected an integer, got a string ("2")' }], 'no coercion');
});

t.test('an unknown field names the declared one it was probably meant to be', async (t) => {
  t.same(schemaIssues(Task, { name: 'a', timezone: 'UTC' }), [{ path: '/timezone', message: 'unknown field `timezone`; did you mean `timeZone`?' }]);
  t.same(schemaIssues(Task, { name: 'a', prioirty: 'low' }), [{ path: '/prioirty', message: 'unknown field `prioirty`; did you mean `priority`?' }]);
  t.same(schemaIssues(Task, { name: 'a', colour: 'red' }), [
    { path: '/colour', message: 'unknown field `colour`; the allowed fields are `name`, `timeZone`, `priority`, `count`, `tags`, `note`, `schedule`' },
  ]);
  t.same(schemaIssues(Type.Object({}, { additionalProperties: false }), { a: 1 }), [{ path: '/a', message: 'unknown field `a`; no fields are allowed here' }]);
  t.notMatch(JSON.stringify(schemaIssues(Task, { name: 'a', x: 1 })), /schema is false/, 'the raw boolean-schema error is not repeated');
});

t.test('a missing field is named, a wrong type says what was expected and what came', async (t) => {
  t.same(schemaIssues(Task, {}), [{ path: '/name', message: 'missing required field `name`' }]);
  t.same(schemaIssues(Task, { name: 5 }), [{ path: '/name', message: 'expected a string, got a number (5)' }]);
  t.same(schemaIssues(Task, { name: 'a', count: 1.5 }), [{ path: '/count', message: 'expected an integer, got a number (1.5)' }]);
  t.same(schemaIssues(Task, { name: 'a', tags: 'x' }), [{ path: '/tags', message: 'expected an array, got a string ("x")' }]);
  t.same(schemaIssues(Task, null), [{ path: '', message: 'expected an object, got null' }]);
});

t.test('enum and union failures list the allowed values', async (t) => {
  t.same(schemaIssues(Task, { name: 'a', priority: 'urgent' }), [{ path: '/priority', message: 'must be one of "low", "high"; got "urgent"' }]);
  t.same(schemaIssues(Type.Object({ level: Type.Enum(['info', 'warn']) }), { level: 'debug' }), [{ path: '/level', message: 'must be one of "info", "warn"; got "debug"' }]);
  t.same(schemaIssues(Task, { name: 'a', note: 3 }), [{ path: '/note', message: 'expected a string or null, got a number (3)' }]);
});

t.test('a tagged union is judged by the alternative its tag names', async (t) => {
  t.same(schemaIssues(Task, { name: 'a', schedule: { type: 'cron', expression: 5 } }), [{ path: '/schedule/expression', message: 'expected a string, got a number (5)' }]);
  t.same(schemaIssues(Task, { name: 'a', schedule: { type: 'once', at: 'tomorrow' } }), [{ path: '/schedule/at', message: 'must be a valid date-time; got "tomorrow"' }]);
  t.same(schemaIssues(Task, { name: 'a', schedule: { type: 'weekly' } }), [{ path: '/schedule/type', message: 'must be one of "cron", "once"; got "weekly"' }]);
  t.same(schemaIssues(Task, { name: 'a', schedule: { at: 'x' } }), [{ path: '/schedule/type', message: 'missing required field `type` (one of "cron", "once")' }]);
  t.same(schemaIssues(Task, { name: 'a', schedule: { type: 'once', at: '2026-01-01T00:00:00Z', every: 2 } }), [
    { path: '/schedule/every', message: 'unknown field `every`; the allowed fields are `type`, `at`' },
  ]);
});

t.test('limits say the limit and what came', async (t) => {
  t.same(schemaIssues(Task, { name: '' }), [{ path: '/name', message: 'must not be empty' }]);
  t.same(schemaIssues(Task, { name: 'much too long' }), [{ path: '/name', message: 'must be at most 8 characters long; got 13' }]);
  t.same(schemaIssues(Task, { name: 'a', count: 0 }), [{ path: '/count', message: 'must be at least 1; got 0' }]);
  t.same(schemaIssues(Task, { name: 'a', count: 11 }), [{ path: '/count', message: 'must be at most 10; got 11' }]);
  t.same(schemaIssues(Task, { name: 'a', tags: ['x', 'y', 'z'] }), [{ path: '/tags', message: 'must have at most 2 items; got 3' }]);
  t.same(schemaIssues(Type.String({ pattern: '^[a-z]+$' }), 'A1'), [{ path: '', message: 'must match the pattern ^[a-z]+$; got "A1"' }]);
});

t.test('plain JSON Schema as an MCP server sends it, $ref included, is checked the same way', async (t) => {
  const schema = {
    type: 'object',
    properties: { target: { $ref: '#/$defs/target' }, mode: { enum: ['fast', 'safe'] } },
    required: ['target'],
    additionalProperties: false,
    $defs: { target: { type: 'object', properties: { deviceId: { type: 'string' } }, required: ['deviceId'], additionalProperties: false } },
  };
  t.equal(schemaIssues(schema, { target: { deviceId: 'lamp' } }), undefined);
  t.same(schemaIssues(schema, { target: {}, mode: 'slow' }), [
    { path: '/target/deviceId', message: 'missing required field `deviceId`' },
    { path: '/mode', message: 'must be one of "fast", "safe"; got "slow"' },
  ]);
  t.same(schemaIssues({ ...schema }, { target: { deviceid: 'lamp' } }), [
    { path: '/target/deviceId', message: 'missing required field `deviceId`' },
    { path: '/target/deviceid', message: 'unknown field `deviceid`; did you mean `deviceId`?' },
  ], 'a fresh copy of the same schema is checked alike');
  t.throws(() => schemaIssues({ type: 'string', pattern: '(' }, 'x'), 'a schema that cannot be compiled throws; the value is not at fault');
});

t.test('`at` places the issues inside the whole they belong to, and an issue reads as one line', async (t) => {
  const [issue] = schemaIssues(Task, { name: 'a', timezone: 'UTC' }, { at: '/body' }) ?? [];
  t.same(issue, { path: '/body/timezone', message: 'unknown field `timezone`; did you mean `timeZone`?' });
  t.equal(formatIssue(issue!), '/body/timezone: unknown field `timezone`; did you mean `timeZone`?');
  t.equal(formatIssue({ path: '', message: 'expected an object, got null' }), '/: expected an object, got null');
});

t.test('redact keeps what was expected and drops what came', async (t) => {
  const secret = Type.String({ minLength: 32, pattern: '^[A-Za-z0-9]+$' });
  const issues = schemaIssues(secret, 'hunter2!', { redact: true }) ?? [];
  t.same(issues.map((issue) => issue.message), ['must be at least 32 characters long', 'must match the pattern ^[A-Za-z0-9]+$']);
  t.notMatch(JSON.stringify(issues), /hunter2|\b8\b/);
  t.same(schemaIssues(Type.Integer(), 'x', { redact: true }), [{ path: '', message: 'expected an integer' }]);
});

t.test('closestName allows a slip, not a different word', async (t) => {
  t.equal(closestName('timezone', ['timeZone', 'name']), 'timeZone');
  t.equal(closestName('descripton', ['description', 'name']), 'description');
  t.equal(closestName('nmae', ['name', 'note']), 'name', 'two swapped letters are one edit');
  t.equal(closestName('colour', ['name', 'count']), undefined);
  t.equal(closestName('id', ['ab']), undefined);
});
