// The `nexus cron` CLI command: argv in, fire times or a refusal out; it runs without the plugin's services.
import type { CliCommand } from 'nexus/kernel';
import { CRON_DOCS, CRON_NEXT_USAGE, runCronNext } from '../svc/cron-preview.ts';

const USAGE = `${CRON_NEXT_USAGE}\nusage: nexus cron docs`;

export const cronCommand: CliCommand = {
  summary: 'Prints the next fire instants of a cron expression (UTC ISO-8601, one per line); `nexus cron docs` explains the dialect and its DST policy.',
  usage: USAGE,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub === 'docs' && rest.length === 0) {
      io.out(CRON_DOCS);
      return 0;
    }
    if (sub !== 'next') {
      io.err(sub === undefined ? USAGE : `unknown cron command "${sub}"\n${USAGE}`);
      return 2;
    }
    const result = runCronNext(rest, new Date());
    if (!result.ok) {
      io.err(result.error);
      return 2;
    }
    for (const line of result.lines) io.out(line);
    return 0;
  },
};
