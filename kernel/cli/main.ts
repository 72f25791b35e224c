// The CLI's dispatcher: `nexus <command> ...`; kernel commands first, then those plugins declare.
import { createKernel } from '../boot/create-kernel.ts';
import { ConfigError, loadConfig } from '../config/load-config.ts';
import { readManifests } from '../plugins/read-manifests.ts';
import { createStore } from '../../shared/store/index.ts';
import { migrationsCommand, MIGRATIONS_USAGE } from './migrations-command.ts';
import { tokenCommand, TOKEN_USAGE, type CliIo } from './token-command.ts';

const io: CliIo = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'token') {
    const kernel = await createKernel({ process: 'cli', watchProfile: false, env: { NEXUS_LOG_LEVEL: 'warn', ...process.env } });
    try {
      return await tokenCommand(rest, kernel.tokens, io);
    } finally {
      await kernel.close();
    }
  }
  const config = loadConfig();
  const manifests = await readManifests(config.pluginsDir);
  if (command === 'migrations') {
    const store = await createStore({ mongodbUri: config.mongodbUri, mongodbDbName: config.mongodbDb, dataDir: config.dataDir });
    try {
      return await migrationsCommand(rest, manifests, store, io);
    } finally {
      await store.close();
    }
  }
  const pluginCommands = manifests.flatMap((m) =>
    Object.entries(m.definition.commands ?? {}).map(([name, command]) => ({ name, command })),
  );
  const found = pluginCommands.find((c) => c.name === command);
  if (found) return found.command.run(rest, io);
  const usage = ['usage: nexus <command>', '', TOKEN_USAGE, MIGRATIONS_USAGE, ...pluginCommands.map((c) => `${c.command.usage}\n    ${c.command.summary}`)].join('\n');
  if (command === 'help' || command === '--help') {
    io.out(usage);
    return 0;
  }
  io.err(command === undefined ? usage : `unknown command "${command}"\n${usage}`);
  return 2;
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
