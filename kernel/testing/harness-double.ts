// A stand-in for the agent harness that speaks its HTTP protocol (runs, SSE stream, resume) from a script, for kernel and plugin tests.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { RunRequest } from '../../shared/contracts/run-request.ts';
import type { ResumeRequest } from '../../shared/contracts/review-decision.ts';
import type { RunResult } from '../../shared/contracts/run-result.ts';
import type { CancelAnswer, CancelCall } from '../../shared/contracts/harness-http.ts';

export interface HarnessDouble {
  readonly url: string;
  readonly runs: RunRequest[];
  readonly resumes: ResumeRequest[];
  readonly cancels: { runId: string; body: CancelCall }[];
  /** What the next run answers: a result for the request, or an HTTP status to fail with (may be awaited). */
  onRun: (req: RunRequest) => RunResult | number | Promise<RunResult | number>;
  onResume: (req: ResumeRequest) => RunResult | number | Promise<RunResult | number>;
  onCancel: (runId: string, body: CancelCall) => CancelAnswer | number | Promise<CancelAnswer | number>;
  /** When set, a streamed run sends exactly these events instead of those of its result: a harness that misbehaves. */
  streamEvents: ((req: RunRequest) => unknown[]) | undefined;
  close(): Promise<void>;
}

const readJson = async (req: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
};

export function result(req: { runId: string; threadId?: string }, over: Partial<RunResult> = {}): RunResult {
  return {
    runId: req.runId, threadId: req.threadId ?? 't', status: 'completed', answer: 'done', toolCalls: [],
    usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 }, modelCalls: 1, grounding: 'none', groundedOn: [], toolsOffered: false,
    startedAt: Date.now(), finishedAt: Date.now(), ...over,
  };
}

export async function startHarnessDouble(secret: string): Promise<HarnessDouble> {
  const double = {
    runs: [] as RunRequest[],
    resumes: [] as ResumeRequest[],
    cancels: [] as { runId: string; body: CancelCall }[],
    onRun: (req: RunRequest): RunResult | number | Promise<RunResult | number> => result(req),
    onResume: (req: ResumeRequest): RunResult | number | Promise<RunResult | number> => result(req),
    onCancel: (runId: string, _body: CancelCall): CancelAnswer | number | Promise<CancelAnswer | number> => ({ runId, state: 'cancelling' }),
    streamEvents: undefined as ((req: RunRequest) => unknown[]) | undefined,
  };
  const server: Server = createServer(async (req, res) => {
    if (req.headers.authorization !== `Bearer ${secret}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'unauthorized', message: 'no' } }));
      return;
    }
    const body = await readJson(req);
    const answer = (value: RunResult | CancelAnswer | number) => {
      if (typeof value === 'number') res.writeHead(value, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'scripted_failure', message: `status ${value}` } }));
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    };
    if (req.url === '/runs') {
      double.runs.push(body as RunRequest);
      return answer(await double.onRun(body as RunRequest));
    }
    if (req.url === '/runs/stream') {
      const run = body as RunRequest;
      double.runs.push(run);
      const send = (event: unknown) => res.write(`event: ${(event as { type: string }).type}\ndata: ${JSON.stringify(event)}\n\n`);
      if (double.streamEvents) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const event of double.streamEvents(run)) send(event);
        res.end();
        return;
      }
      const value = await double.onRun(run);
      if (typeof value === 'number') return answer(value);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      send({ type: 'run_started', runId: run.runId, threadId: run.threadId, resumed: false });
      for (const delta of (value.answer ?? '').split(/(?<= )/)) send({ type: 'text_delta', runId: run.runId, delta });
      send({ type: 'run_finished', runId: run.runId, result: value });
      res.end();
      return;
    }
    const resume = /^\/runs\/([^/]+)\/resume$/.exec(req.url ?? '');
    if (resume) {
      double.resumes.push(body as ResumeRequest);
      return answer(await double.onResume(body as ResumeRequest));
    }
    const cancel = /^\/runs\/([^/]+)\/cancel$/.exec(req.url ?? '');
    if (cancel) {
      const runId = decodeURIComponent(cancel[1]!);
      double.cancels.push({ runId, body: body as CancelCall });
      return answer(await double.onCancel(runId, body as CancelCall));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(double, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
