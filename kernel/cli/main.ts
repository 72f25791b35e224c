// The CLI's dispatcher: `nexus <command> ...`.
import { createKernel } from '../boot/create-kernel.ts';
import { ConfigError } from '../config/load-config.ts';
import { tokenCommand, TOKEN_USAGE, type CliIo } from './token-command.ts';

const io: CliIo = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
};

const USAGE = `usage: nexus <command>\n\n${TOKEN_USAGE}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'token': {
      const kernel = await createKernel({ process: 'cli', watchProfile: false, env: { NEXUS_LOG_LEVEL: 'warn', ...process.env } });
      try {
        return await tokenCommand(rest, kernel.tokens, io);
      } finally {
        await kernel.close();
      }
    }
    case undefined:
    case 'help':
    case '--help':
      io.out(USAGE);
      return command === undefined ? 2 : 0;
    default:
      io.err(`unknown command "${command}"\n${USAGE}`);
      return 2;
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  if (err instanceof ConfigError) {
    io.err(err.message);
    process.exitCode = 2;
  } else {
    io.err(`nexus: ${(err as Error).message}`);
    process.exitCode = 1;
  }
}
