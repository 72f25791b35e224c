// Argument validation against raw JSON Schema: no coercion, no defaults, nested and $ref schemas, bad schemas.
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
  t.match(checkArguments(schema, { count: '2' }), { ok: false, problems: [{ path: '/count', message: 'must be integer' }] });
  t.match(checkArguments(schema, { count: 2, flag: 'true' }), { ok: false, problems: [{ path: '/flag' }] });
});

t.test('required, additionalProperties, format, $ref and minimum are enforced', async (t) => {
  t.match(checkArguments(schema, {}), { ok: false });
  t.match(checkArguments(schema, { count: 1, extra: true }), { ok: false });
  t.match(checkArguments(schema, { count: 1, when: 'yesterday' }), { ok: false });
  t.match(checkArguments(schema, { count: 1, target: {} }), { ok: false });
  t.match(checkArguments(schema, { count: 0 }), { ok: false });
});

t.test('arguments must be an object', async (t) => {
  for (const value of [null, [], 'x', 3]) {
    t.match(checkArguments({ type: 'object' }, value), { ok: false, problems: [{ message: 'arguments must be a JSON object' }] });
  }
});

t.test('a schema that cannot be compiled is a refusal, not a crash', async (t) => {
  t.match(checkArguments({ type: 'object', properties: { a: { pattern: '(' } } }, { a: 'x' }), { ok: false });
});
