// The console's JSON Schema helpers: which control a property gets, and validation errors keyed to the field they belong to.
import t from 'tap';
import { enumValues, fieldKind, initialValue, labelOf, prune, unwrapNullable, validate } from '../../console/src/components/schema.ts';

const control = {
  type: 'object',
  required: ['deviceId', 'command'],
  properties: {
    deviceId: { type: 'string', minLength: 1 },
    command: { enum: ['turn_on', 'set_brightness'] },
    value: { anyOf: [{ type: 'number' }, { type: 'string' }] },
    idempotencyKey: { type: 'string' },
  },
  additionalProperties: false,
};

t.test('each property gets the control its schema asks for', async (t) => {
  t.equal(fieldKind(control.properties.deviceId), 'string');
  t.equal(fieldKind(control.properties.command), 'enum');
  t.equal(fieldKind(control.properties.value), 'scalar');
  t.equal(fieldKind({ anyOf: [{ const: 'a' }, { const: 'b' }] }), 'enum');
  t.same(enumValues({ anyOf: [{ type: 'string', const: 'a' }, { type: 'string', const: 'b' }] }), ['a', 'b']);
  t.equal(fieldKind({ type: 'array', items: { type: 'string' } }), 'list');
  t.equal(fieldKind({ type: 'object', properties: { a: { type: 'string' } } }), 'object');
  t.equal(fieldKind({}), 'json', 'anything without a type is edited as JSON');
  t.same(unwrapNullable({ anyOf: [{ type: 'string' }, { type: 'null' }] }), { schema: { type: 'string' }, nullable: true });
  t.equal(labelOf('deviceId'), 'Device id');
  t.equal(labelOf('knowledge_base_id'), 'Knowledge base id');
  t.equal(labelOf('x', { title: 'Shown' }), 'Shown');
});

t.test('validation names the field, including missing and unknown ones', async (t) => {
  t.same(validate(control, { deviceId: 'lamp', command: 'turn_on' }), []);
  t.same(validate(control, { deviceId: 'lamp', command: 'turn_on', value: undefined }), [], 'an untouched optional field is absent');
  const errors = validate(control, { deviceId: '', command: 'explode', extra: 1 });
  t.ok(errors.some((e) => e.path === '/deviceId'), 'too short');
  t.ok(errors.some((e) => e.path === '/command'), 'not one of the values');
  t.ok(errors.some((e) => e.path === '' && /extra/.test(e.message)), 'unknown field named once');
  t.equal(errors.filter((e) => /extra|schema is false/.test(e.message)).length, 1);
  t.same(validate(control, { command: 'turn_on' }), [{ path: '/deviceId', message: 'is required' }]);
});

t.test('new forms start from defaults and consts; undefined members are dropped', async (t) => {
  t.same(initialValue({ type: 'object', properties: { a: { type: 'string', default: 'x' }, b: { const: 2 }, c: { type: 'number' } } }), { a: 'x', b: 2 });
  t.same(prune({ a: 1, b: undefined, c: { d: undefined, e: [1] } }), { a: 1, c: { e: [1] } });
});
