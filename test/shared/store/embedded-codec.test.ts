// The embedded store's codec writes the same text as relaxed EJSON and reads any EJSON text back to the same values.
import { BSON, Binary, Decimal128, Long, ObjectId } from 'mongodb';
import t from 'tap';
import { deserialize, serialize } from '../../../shared/store/embedded/codec.ts';

const { EJSON } = BSON;
const RELAXED = { relaxed: true } as const;

const nested: Record<string, unknown> = { level: 0 };
for (let i = 1, at = nested; i < 300; i += 1) at.next = at = { level: i };

const samples: Record<string, unknown> = {
  'plain JSON': { _id: 'a', n: 1.5, neg: -0, big: 2 ** 60, s: 'text "$quoted" \\u0000 literal', ok: true, none: null, list: [1, 'two', [3]], sub: { a: { b: [] } } },
  dates: { at: new Date(5), withMs: new Date(1_700_000_000_123), list: [new Date(0), { when: new Date(86_400_000) }] },
  'dates outside the ISO range': { before: new Date(-1), after: new Date(253402300800000) },
  'BSON types': { oid: new ObjectId('64b7f0c2a1b2c3d4e5f60718'), long: Long.fromNumber(7), dec: Decimal128.fromString('1.5'), bin: new Binary(Buffer.from('hi')) },
  'other values': { u: undefined, inf: Number.POSITIVE_INFINITY, nan: Number.NaN, big: 12n, re: /a+/i, list: [undefined, 1], fn: () => 1 },
  'dollar keys': { q: { $gt: 5 }, date: { $date: '2020-01-01T00:00:00Z', extra: 1 } },
  'a prototype key': JSON.parse('{"__proto__": {"x": 1}, "at": {"$date": "2020-01-01T00:00:00Z"}}'),
  'NUL in a value': { s: 'a\u0000b' },
  'deep nesting': nested,
  'a bare value': new Date(9),
};

for (const [name, value] of Object.entries(samples)) {
  t.test(name, async (t) => {
    const text = serialize(value);
    t.equal(text, EJSON.stringify(value, RELAXED), 'the text is what EJSON writes');
    t.strictSame(deserialize(text), EJSON.parse(text, RELAXED), 'the text reads back as EJSON reads it');
  });
}

t.test('text EJSON wrote in its other forms reads back the same', async (t) => {
  for (const text of [
    '{"at":{"$date":{"$numberLong":"-5"}},"n":{"$numberInt":"3"},"l":{"$numberLong":"9"},"d":{"$numberDouble":"NaN"}}',
    '{"list":[{"$oid":"64b7f0c2a1b2c3d4e5f60718"},{"$date":"2021-02-03T04:05:06.007Z"}],"u":{"$undefined":true}}',
  ]) {
    t.strictSame(deserialize(text), EJSON.parse(text, RELAXED), text);
  }
});

t.test('a field name with NUL is refused like EJSON refuses it', async (t) => {
  t.throws(() => deserialize('{"a\\u0000":1}'), { name: 'BSONError' });
});

t.test('a circular document is refused like EJSON refuses it', async (t) => {
  const doc: Record<string, unknown> = { a: 1 };
  doc.self = doc;
  t.throws(() => serialize(doc), /circular/i);
});
