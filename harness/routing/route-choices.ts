// The choices routing offers one role: the profile's non-tool routes and the enabled skills that role can use.
import type { RuntimeSnapshot } from '../runtime/runtime-snapshot.ts';
import { patternsOverlap } from '../skills/skill-set.ts';

export interface RouteChoice {
  name: string;
  description: string;
  kind: 'route' | 'skill';
  category?: string;
  /** The SKILL.md a skill's instructions are read from, once the run has chosen it. */
  path?: string;
  /** A non-tool route's own instructions. */
  instructions?: string;
}

function routeChoice(snapshot: RuntimeSnapshot, name: string): RouteChoice | undefined {
  const route = snapshot.profile.routes?.find((candidate) => candidate.name === name);
  if (!route) return undefined;
  const choice: RouteChoice = { name: route.name, description: route.description, kind: 'route' };
  if (route.instructions !== undefined) choice.instructions = route.instructions;
  return choice;
}

function skillChoice(snapshot: RuntimeSnapshot, name: string): RouteChoice | undefined {
  const entry = snapshot.index.find((candidate) => candidate.name === name);
  if (!entry) return undefined;
  const choice: RouteChoice = { name: entry.name, description: entry.description, kind: 'skill', path: entry.path };
  if (entry.category !== undefined) choice.category = entry.category;
  return choice;
}

/** A route or skill by name, whatever the role; pins are honoured as given and visibility still limits the tools. */
export function findChoice(snapshot: RuntimeSnapshot, name: string, kind?: RouteChoice['kind']): RouteChoice | undefined {
  if (kind === 'skill') return skillChoice(snapshot, name);
  if (kind === 'route') return routeChoice(snapshot, name);
  return routeChoice(snapshot, name) ?? skillChoice(snapshot, name);
}

/** A skill none of whose tools the role may use would only lead to refusals, so it is not offered to that role. */
export function routeChoices(snapshot: RuntimeSnapshot, role: string): RouteChoice[] {
  const roleTools = snapshot.profile.roles[role]?.tools ?? [];
  const routes = (snapshot.profile.routes ?? []).map((route) => routeChoice(snapshot, route.name) as RouteChoice);
  const skills = [...snapshot.skills.values()]
    .filter((skill) => skill.allowedTools.length === 0 || skill.allowedTools.some((tool) => roleTools.some((allowed) => patternsOverlap(allowed, tool))))
    .map((skill) => skillChoice(snapshot, skill.name) as RouteChoice);
  return [...routes, ...skills];
}
