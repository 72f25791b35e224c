// `nexus token create|list|revoke`: manages API tokens directly in the store.
import { isAppError } from '../../shared/errors/app-error.ts';
import type { TokenService, TokenSummary } from '../identity/token-service.ts';
import { parseArgs, stringFlag, UsageError } from './parse-args.ts';

export const TOKEN_USAGE = `usage:
  nexus token create --user <id> --role <role> [--label <text>] [--expires-days <n>] [--json]
  nexus token list [--user <id>] [--all] [--json]
  nexus token revoke <token-id> | --user <id>`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

function row(t: TokenSummary): string {
  const state = t.revokedAt ? `revoked ${t.revokedAt}` : t.expiresAt ? `expires ${t.expiresAt}` : 'active';
  return `${t.id}  ${t.userId}  ${t.role}  ${t.createdAt}  ${state}${t.label ? `  "${t.label}"` : ''}`;
}

/** Returns the exit code: 0 done, 2 bad usage or refused input. */
export async function tokenCommand(argv: readonly string[], tokens: TokenService, io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  try {
    const args = parseArgs(rest, ['json', 'all']);
    const json = args.flags.json === true;
    switch (sub) {
      case 'create': {
        const user = stringFlag(args, 'user');
        const role = stringFlag(args, 'role');
        if (!user || !role) throw new UsageError('token create needs --user and --role');
        const days = stringFlag(args, 'expires-days');
        const { token, summary } = await tokens.create({
          userId: user, role, label: stringFlag(args, 'label'), expiresInDays: days === undefined ? undefined : Number(days),
        });
        if (json) io.out(JSON.stringify({ token, ...summary }));
        else {
          io.out(`Token for ${summary.userId} (${summary.role}), id ${summary.id}. It is shown only now:`);
          io.out(token);
        }
        return 0;
      }
      case 'list': {
        const list = await tokens.list({ userId: stringFlag(args, 'user'), includeRevoked: args.flags.all === true });
        if (json) io.out(JSON.stringify(list));
        else if (list.length === 0) io.out('No tokens.');
        else for (const t of list) io.out(row(t));
        return 0;
      }
      case 'revoke': {
        const id = args.positionals[0];
        const user = stringFlag(args, 'user');
        if (!id && !user) throw new UsageError('token revoke needs a token id or --user');
        const count = await tokens.revoke({ id, userId: user });
        if (count === 0) {
          io.err('Nothing revoked: no active token matches.');
          return 2;
        }
        io.out(`Revoked ${count} token${count === 1 ? '' : 's'}.`);
        return 0;
      }
      default:
        throw new UsageError(sub ? `unknown token command "${sub}"` : 'token needs a command');
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${err.message}\n${TOKEN_USAGE}`);
      return 2;
    }
    if (isAppError(err)) {
      io.err(`${err.code}: ${err.message}`);
      return 2;
    }
    throw err;
  }
}
