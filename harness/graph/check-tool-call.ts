// Decides whether one tool call may go on to policy: the tool exists, was offered to the model, and the arguments fit its schema.
import type { Refusal } from '../../shared/contracts/tool-call-record.ts';
import { checkArguments } from '../tools/argument-validator.ts';
import type { RegisteredTool, ToolCatalog } from '../tools/tool-registry.ts';
import type { HiddenTool } from '../tools/tool-visibility.ts';

export type CallCheck =
  | { ok: true; arguments: Record<string, unknown>; tool: RegisteredTool }
  | { ok: false; refusal: Refusal };

export interface OfferedTools {
  visibleTools: readonly string[];
  hiddenTools: readonly HiddenTool[];
}

function hiddenRefusal(name: string, hidden: HiddenTool): Refusal {
  if (hidden.reason === 'not_authorized_for_role') {
    return { code: 'permission_denied', message: `The caller's role is not allowed to use the tool "${name}".` };
  }
  return {
    code: 'tool_not_visible',
    message: `The tool "${name}" is not available in this context; use one of the tools you were given.`,
    details: { reason: hidden.reason },
  };
}

/** Models that encode their arguments twice send a string whose text is a JSON object or array. */
function holdsJson(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return false;
  try {
    const inner = JSON.parse(value) as unknown;
    return typeof inner === 'object' && inner !== null;
  } catch {
    return false;
  }
}

/** Visibility is judged against what the model was offered, so a call can never reach a tool it was not shown. */
export function checkToolCall(
  call: { name: string; arguments: unknown; rawArguments?: string },
  catalog: ToolCatalog,
  offered: OfferedTools,
): CallCheck {
  const tool = catalog.byName.get(call.name);
  if (!offered.visibleTools.includes(call.name)) {
    const hidden = offered.hiddenTools.find((entry) => entry.name === call.name);
    if (hidden) return { ok: false, refusal: hiddenRefusal(call.name, hidden) };
    if (tool) {
      // Discovered after the model was called: it was never offered, so it cannot be called in this step.
      return { ok: false, refusal: { code: 'tool_not_visible', message: `The tool "${call.name}" was not offered to you in this step.` } };
    }
    return {
      ok: false,
      refusal: { code: 'unknown_tool', message: `No tool named "${call.name}" exists; use one of the tools you were given.` },
    };
  }
  if (!tool) {
    return { ok: false, refusal: { code: 'unknown_tool', message: `The tool "${call.name}" is no longer available.` } };
  }
  if (call.rawArguments !== undefined) {
    return {
      ok: false,
      refusal: { code: 'invalid_arguments', message: 'The arguments are not valid JSON.', details: { rawArguments: call.rawArguments } },
    };
  }
  if (holdsJson(call.arguments)) {
    // Unwrapping would be coercion, and it would make the call run with arguments the model never sent as such.
    return {
      ok: false,
      refusal: {
        code: 'invalid_arguments',
        message: 'The arguments are a JSON string holding JSON, not a JSON object; send the object itself.',
        details: { encodedTwice: true },
      },
    };
  }
  const check = checkArguments(tool.definition.inputSchema, call.arguments);
  if (!check.ok) {
    return {
      ok: false,
      refusal: {
        code: 'invalid_arguments',
        message: `The arguments do not match the input schema of "${call.name}".`,
        details: { issues: check.issues },
      },
    };
  }
  return { ok: true, arguments: call.arguments as Record<string, unknown>, tool };
}
