// The status of one plugin in one process, as GET /api/system/plugins shows it.
import { Type, type Static } from 'typebox';

export const PluginStatusView = Type.Object({
  name: Type.String(),
  version: Type.Union([Type.String(), Type.Null()]),
  description: Type.Union([Type.String(), Type.Null()]),
  state: Type.Union([Type.Literal('loaded'), Type.Literal('failed')]),
  error: Type.Union([Type.String(), Type.Null()]),
  changedAt: Type.String({ format: 'date-time' }),
  tools: Type.Array(Type.String()),
  executors: Type.Array(Type.String()),
  skill: Type.Union([Type.String(), Type.Null()]),
});

export type PluginStatus = Static<typeof PluginStatusView>;
