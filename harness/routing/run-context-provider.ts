// Plugs routing and skills into the graph: settles a run's route or skill and the instructions placed ahead of its conversation.
import { readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import { harnessErrors } from '../graph/harness-errors.ts';
import type { RunContext, RunContextInput, RunContextProvider } from '../graph/run-context.ts';
import type { ModelAdapter } from '../models/model-adapter.ts';
import type { SideModel } from '../middleware/tracing.ts';
import type { RuntimeSnapshot } from '../runtime/runtime-snapshot.ts';
import { skillBody } from '../skills/skill-file.ts';
import { selectRoute } from './intent-router.ts';
import { findChoice, routeChoices, type RouteChoice } from './route-choices.ts';

export interface RunContextDeps {
  snapshot: RuntimeSnapshot;
  model: ModelAdapter;
  /** The model the routing call of one run goes to (traced as part of that run); `model` itself when absent. */
  routingModel?: SideModel;
  logger: Logger;
}

/** The chosen skill's body is read here, once per run; routing itself only ever saw its index entry. */
async function choiceInstructions(choice: RouteChoice): Promise<string | undefined> {
  if (choice.kind === 'route') return choice.instructions;
  try {
    return skillBody(await readFile(choice.path as string, 'utf8'));
  } catch (err) {
    throw harnessErrors.skill_unavailable(undefined, `the skill "${choice.name}" could not be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

function baseInstructions(snapshot: RuntimeSnapshot): string[] {
  const out: string[] = [];
  if (snapshot.profile.persona) out.push(snapshot.profile.persona);
  const knowledgeBase = snapshot.profile.knowledgeBase?.default;
  if (knowledgeBase !== undefined) {
    out.push(`The default knowledge base is "${knowledgeBase}": use it when a tool needs a knowledge base and the user did not name one.`);
  }
  return out;
}

/**
 * Pins win (a pinned `skill`, else a pinned `route` naming a route or a skill); with one choice there is nothing to
 * decide; otherwise the model picks through the routing tool, and an unusable pick falls back to `routing.fallback`.
 */
export function createRunContextProvider(deps: RunContextDeps): RunContextProvider {
  const { snapshot } = deps;
  return {
    async resolve(input: RunContextInput): Promise<RunContext> {
      let choice: RouteChoice | undefined;
      let routingStep: RunContext['routingStep'];
      const pinned = input.skill ?? input.route;
      if (pinned !== undefined) {
        choice = findChoice(snapshot, pinned, input.skill !== undefined ? 'skill' : undefined);
        if (!choice) throw harnessErrors.unknown_route(undefined, `no route or skill is named "${pinned}"`);
      } else {
        const choices = routeChoices(snapshot, input.identity.role);
        if (choices.length === 1) choice = choices[0];
        if (choices.length > 1) {
          const routing = snapshot.profile.routing;
          const picked = await selectRoute(deps.routingModel?.(input.runId) ?? deps.model, {
            messages: input.messages,
            choices,
            signal: input.signal,
            now: input.now,
            ...(routing?.instructions === undefined ? {} : { guidance: routing.instructions }),
          });
          routingStep = picked.step;
          const fallback = routing?.fallback;
          choice = choices.find((candidate) => candidate.name === picked.choice);
          if (!choice) {
            deps.logger.warn({ fallback }, 'the router picked no usable route');
            if (fallback !== undefined) choice = findChoice(snapshot, fallback);
          }
        }
      }
      const instructions = baseInstructions(snapshot);
      const context: RunContext = { instructions };
      if (routingStep !== undefined) context.routingStep = routingStep;
      if (!choice) return context;
      const own = await choiceInstructions(choice);
      if (own) instructions.push(own);
      context.route = choice.name;
      if (choice.kind === 'skill') context.skill = choice.name;
      return context;
    },
  };
}
