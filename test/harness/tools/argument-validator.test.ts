// Argument validation against raw JSON Schema: no coercion, no defaults, nested and $ref schemas, bad schemas, readable issues.
import t from 'tap';
import { checkArguments } from '../../../harness/tools/argument-validator.ts';

const schema = {
  type: 'object',
  properties: {
    count: { type: 'integer', minimum: 1, default: 5 },
    flag: { type: 'boolean' },
    when: { type: 'string', format: 'date-time' },
    target: { $ref: '#/$defs/target' },
  },
  required: ['count'],
  additionalProperties: false,
  $defs: { target: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
};

t.test('valid arguments pass and are not changed', async (t) => {
  const args = { count: 2, target: { id: 'a' } };
  const copy = structuredClone(args);
  t.same(checkArguments(schema, args), { ok: true });
  t.same(args, copy, 'no defaults were injected');
});

t.test('no coercion: strings are not numbers or booleans', async (t) => {
  t.same(checkArguments(schema, { count: '2' }), { ok: false, issues: [{ path: '/count', message: 'expected an integer, got a string ("2")' }] });
  t.same(checkArguments(schema, { count: 2, flag: 'true' }), { ok: false, issues: [{ path: '/flag', message: 'expected true or false, got a string ("true")' }] });
});

t.test('required, additionalProperties, format, $ref and minimum are enforced', async (t) => {
  t.same(checkArguments(schema, {}), { ok: false, issues: [{ path: '/count', message: 'missing required field `count`' }] });
  t.same(checkArguments(schema, { count: 1, cuont: 2 }), { ok: false, issues: [{ path: '/cuont', message: 'unknown field `cuont`; did you mean `count`?' }] });
  t.same(checkArguments(schema, { count: 1, when: 'yesterday' }), { ok: false, issues: [{ path: '/when', message: 'must be a valid date-time; got "yesterday"' }] });
  t.same(checkArguments(schema, { count: 1, target: {} }), { ok: false, issues: [{ path: '/target/id', message: 'missing required field `id`' }] });
  t.same(checkArguments(schema, { count: 0 }), { ok: false, issues: [{ path: '/count', message: 'must be at least 1; got 0' }] });
});

t.test('arguments must be an object', async (t) => {
  for (const value of [null, [], 'x', 3]) {
    t.match(checkArguments({ type: 'object' }, value), { ok: false, issues: [{ message: 'arguments must be a JSON object' }] });
  }
});

t.test('a schema that cannot be compiled is a refusal, not a crash', async (t) => {
  t.match(checkArguments({ type: 'object', properties: { a: { pattern: '(' } } }, { a: 'x' }), { ok: false, issues: [{ path: '', message: /input schema cannot be used/ }] });
});
