import { BSON } from 'mongodb';
import { Query } from 'mingo';
import { update } from 'mingo/updater';
const { EJSON } = BSON;
const doc = { _id: 'run-1', runId: 'run-1', threadId: 't', step: 5, status: 'running', node: 'model', startedAt: Date.now(), updatedAt: Date.now(), format: 2, tip: 'run-1:5:abcdef', lengths: { messages: 10, toolCalls: 4, modelSteps: 5 }, partsExpireAt: new Date(), expiresAt: new Date(), state: JSON.stringify({ identity: { userId: 'u', role: 'r' }, visibleTools: ['a', 'b', 'c'], hiddenTools: [], batch: [], usage: { inputTokens: 1 }, x: 'y'.repeat(1500) }) };
function time(label: string, fn: () => unknown) { const n = 5000; const t0 = process.cpuUsage(); for (let i = 0; i < n; i++) fn(); const t = process.cpuUsage(t0); console.log(label.padEnd(20), ((t.user + t.system) / n).toFixed(1), 'us'); }
const text = EJSON.stringify(doc, { relaxed: true });
time('EJSON.stringify', () => EJSON.stringify(doc, { relaxed: true }));
time('EJSON.parse', () => EJSON.parse(text, { relaxed: true }));
time('JSON.stringify', () => JSON.stringify(doc));
time('JSON.parse', () => JSON.parse(text));
time('mingo Query', () => new Query({ _id: 'run-1', step: 5, expiresAt: { $gt: new Date() }, tip: 'x' }, {}).test(doc));
time('mingo update', () => update(structuredClone(doc), { $set: { step: 6, state: 'abc', expiresAt: new Date() }, $unset: { blobIds: '' } } as never));
time('structuredClone', () => structuredClone(doc));
