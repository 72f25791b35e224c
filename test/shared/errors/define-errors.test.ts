// The error model: factories whose code is their key, a real 4xx/5xx status, the one wire body, and a brand that survives module copies.
import t from 'tap';
import { AppError, defineErrors, isAppError } from '../../../shared/errors/app-error.ts';
import { toErrorBody } from '../../../shared/errors/error-body.ts';

t.test('defineErrors makes factories whose code is the key', async (t) => {
  const errors = defineErrors({ thing_missing: { status: 404, message: 'No thing.' } });
  const err = errors.thing_missing({ id: 1 });
  t.ok(isAppError(err));
  t.same(toErrorBody(err), { error: { code: 'thing_missing', message: 'No thing.', details: { id: 1 } } });
  t.same(toErrorBody(errors.thing_missing()), { error: { code: 'thing_missing', message: 'No thing.' } }, 'no details, no details key');
  t.equal(errors.thing_missing(undefined, 'Other words.').message, 'Other words.');
  t.same([errors.thing_missing.code, errors.thing_missing.status, errors.thing_missing.message], ['thing_missing', 404, 'No thing.']);
  t.throws(() => defineErrors({ BadCode: { status: 400, message: 'x' } }), /snake_case/);
  t.throws(() => defineErrors({ ok_code: { status: 200, message: 'x' } }), /4xx or 5xx/);
});

t.test('isAppError recognises the brand and, when asked, one code', async (t) => {
  const errors = defineErrors({ thing_missing: { status: 404, message: 'No thing.' }, thing_busy: { status: 409, message: 'Busy.' } });
  t.ok(isAppError(errors.thing_busy(), 'thing_busy'));
  t.notOk(isAppError(errors.thing_busy(), 'thing_missing'));
  t.notOk(isAppError(new Error('thing_busy')));
  const copy = Object.assign(new Error('from another module copy'), { [Symbol.for('nexus.app-error')]: true, code: 'thing_busy' });
  t.ok(isAppError(copy), 'the brand, not instanceof, decides');
  t.ok(new AppError('x_y', 400, 'm') instanceof Error);
});
