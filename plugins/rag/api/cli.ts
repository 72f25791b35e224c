// The `nexus rag` CLI command: `nexus rag eval ...` measures retrieval quality on a BEIR collection; it needs no running service.
import type { CliCommand } from 'nexus/kernel';
import { EVAL_USAGE, evalCommand } from '../svc/eval-command.ts';

export const ragCommand: CliCommand = {
  summary: 'Evaluates retrieval on a BEIR collection (nDCG@10, MAP@100, Recall@100 for lexical, vector and hybrid search).',
  usage: EVAL_USAGE,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub !== 'eval') {
      io.err(sub === undefined ? EVAL_USAGE : `unknown rag command "${sub}"\n${EVAL_USAGE}`);
      return 2;
    }
    return evalCommand(rest, io);
  },
};
