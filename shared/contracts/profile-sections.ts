// The profile's runtime sections the harness reads: persona, non-tool routes, tool classification, skill bindings, MCP servers, model.
import { Type, type Static } from 'typebox';
import { ModelSettingsSchema } from './model-settings.ts';

/** A name list entry: an exact name, `*`, or a prefix pattern ending in `*` (`files_*`, `audit.*`). */
export const NamePatternSchema = Type.String({ minLength: 1, pattern: '^[A-Za-z0-9_.:-]*\\*?$' });

/** Route, skill and server names: what a model may be asked to pick, so plain identifiers only. */
const Identifier = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9][a-z0-9_-]*$' });

/** A route answered by the model alone, with no tool offered (small talk, thanks, questions about the assistant). */
export const RouteSchema = Type.Object(
  {
    name: Identifier,
    /** What the router reads to decide; say when this route fits. */
    description: Type.String({ minLength: 1 }),
    /** System text for runs on this route (tone, limits, what to say). */
    instructions: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const PermissionClassSchema = Type.Union([Type.Literal('read'), Type.Literal('write'), Type.Literal('destructive')]);

/** How a tool is classified and shown: the model-visible description, its task domain, permission class and review flag. */
const ToolTraits = {
  domain: Type.Optional(Type.String({ minLength: 1 })),
  permission: Type.Optional(PermissionClassSchema),
  /** Every call of the tool waits for a reviewer, whatever the caller's role. */
  review: Type.Optional(Type.Boolean()),
};

export const ToolSpecSchema = Type.Object(
  {
    /** Replaces the description the tool's server advertises. */
    description: Type.Optional(Type.String({ minLength: 1 })),
    ...ToolTraits,
    /** false hides the tool from every run and refuses its calls. */
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** Classifies the tools whose names match; the first matching rule wins, and `tools.<name>` entries win over rules. */
export const ToolRuleSchema = Type.Object(
  { match: Type.Array(NamePatternSchema, { minItems: 1 }), ...ToolTraits },
  { additionalProperties: false },
);

/**
 * An MCP server: Streamable HTTP at `url`, or a local process started with `command` (stdio). An HTTP server without
 * `url` is the app's own (NEXUS_MCP_URL). `auth: service` sends the service secret and the user's identity; give it
 * only to servers of this deployment.
 */
export const McpServerSchema = Type.Object(
  {
    name: Identifier,
    url: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
    auth: Type.Optional(Type.Union([Type.Literal('service'), Type.Literal('none')])),
    command: Type.Optional(Type.String({ minLength: 1 })),
    args: Type.Optional(Type.Array(Type.String())),
    /** Environment for a stdio server: variable name -> the name of the harness variable to copy (never a value). */
    envFrom: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }), Type.String({ minLength: 1 }))),
    cwd: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);

export const McpSectionSchema = Type.Object(
  {
    servers: Type.Optional(Type.Array(McpServerSchema)),
    toolRules: Type.Optional(Type.Array(ToolRuleSchema)),
  },
  { additionalProperties: false },
);

export const RoutingSectionSchema = Type.Object(
  {
    /** Route or skill used when the router picks nothing usable; without it such a run gets no skill. */
    fallback: Type.Optional(Identifier),
    /** Extra guidance for the router, e.g. how to tell two close routes apart. */
    instructions: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

/**
 * A subagent: a nested run of one skill that the skills in `availableIn` may hand a self-contained task to, through the
 * tool `subagent_<name>`. It acts for the same user, sees that skill's tools within the user's role, cannot pause for
 * review or ask the human, and its final answer is the tool's result.
 */
export const SubagentSchema = Type.Object(
  {
    name: Identifier,
    /** The model-visible description of the delegation tool: say what the subagent is good at and what to give it. */
    description: Type.String({ minLength: 1 }),
    /** The skill the nested run works with (its body and allowed-tools). */
    skill: Identifier,
    /** Skills whose runs are offered the delegation tool. */
    availableIn: Type.Array(Identifier, { minItems: 1 }),
    /** Model calls of one nested run; default 8. */
    maxModelCalls: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

/** When a run's history is condensed: older turns become one summary note written by the run's model, with no tools offered. */
export const HistorySectionSchema = Type.Object(
  {
    /** Summarise once the history holds more messages than this; 0 never summarises. */
    summarizeAfter: Type.Integer({ minimum: 0 }),
    /** At least this many of the latest messages stay verbatim; must be below summarizeAfter. */
    keepRecent: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);

/** Defaults for every run; a run request's own limits win. */
export const LimitsSectionSchema = Type.Object(
  {
    maxModelCalls: Type.Optional(Type.Integer({ minimum: 1 })),
    maxToolCalls: Type.Optional(Type.Integer({ minimum: 1 })),
    /** The same call with the same arguments seen this many times in one run stops it as a loop. */
    loopThreshold: Type.Optional(Type.Integer({ minimum: 2 })),
  },
  { additionalProperties: false },
);

export const SkillBindingSchema = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    /** The first model call of the skill's runs asks the provider to require a tool call. */
    toolFirst: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** What a message does while its session has a run in progress or waiting for review. */
export const BusyPolicySchema = Type.Union([Type.Literal('reject'), Type.Literal('enqueue'), Type.Literal('interrupt')]);

/** Busy-session policy: `api` for messages sent through the bare API (default reject), `channels` per conversation channel (default enqueue). */
export const SessionsSectionSchema = Type.Object(
  {
    api: Type.Optional(BusyPolicySchema),
    channels: Type.Optional(Type.Record(Identifier, BusyPolicySchema)),
  },
  { additionalProperties: false },
);

/** The sections the harness adds to the profile; all optional, so a roles-only profile stays valid. */
export const RuntimeSections = {
  /** System text placed ahead of every run's conversation. */
  persona: Type.Optional(Type.String()),
  routes: Type.Optional(Type.Array(RouteSchema)),
  routing: Type.Optional(RoutingSectionSchema),
  tools: Type.Optional(Type.Record(Type.String({ minLength: 1 }), ToolSpecSchema)),
  /** Skill bindings: `enabled: false` switches a discovered skill off; `toolFirst` overrides the skill's `tool-first`. */
  skills: Type.Optional(Type.Record(Identifier, SkillBindingSchema)),
  knowledgeBase: Type.Optional(Type.Object({ default: Type.String({ minLength: 1 }) }, { additionalProperties: false })),
  mcp: Type.Optional(McpSectionSchema),
  model: Type.Optional(ModelSettingsSchema),
  history: Type.Optional(HistorySectionSchema),
  limits: Type.Optional(LimitsSectionSchema),
  subagents: Type.Optional(Type.Array(SubagentSchema)),
  sessions: Type.Optional(SessionsSectionSchema),
};

export type PermissionClass = Static<typeof PermissionClassSchema>;
export type SubagentBinding = Static<typeof SubagentSchema>;
export type BusyPolicy = Static<typeof BusyPolicySchema>;
