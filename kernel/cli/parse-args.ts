// A small argv parser for the CLI: positionals plus --flag value / --flag=value / --switch.

export interface ParsedArgs {
  readonly positionals: string[];
  readonly flags: Record<string, string | true>;
}

export class UsageError extends Error {}

export function parseArgs(argv: readonly string[], switches: readonly string[] = []): ParsedArgs {
  const positionals: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (eq !== -1) flags[name] = arg.slice(eq + 1);
    else if (switches.includes(name)) flags[name] = true;
    else {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      flags[name] = value;
      i++;
    }
  }
  return { positionals, flags };
}

export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags[name];
  if (v === true) throw new UsageError(`--${name} needs a value`);
  return v;
}
