// Answers: retrieve, build a numbered context, let the profile's model answer with checked citations, or answer extractively.
import { isAppError, type Identity } from 'nexus/kernel';
import { checkCitations } from '../domain/citations.ts';
import { buildContext, type ContextSource } from '../domain/context.ts';
import { extractiveAnswer, NO_ANSWER } from '../domain/extractive.ts';
import type { ChatMessage, ChatModelSource } from './ports.ts';
import type { SearchRequest, SearchService } from './search-service.ts';
import type { AnswerView, SourceView } from './views.ts';

export interface QueryRequest extends Omit<SearchRequest, 'query'> {
  readonly question: string;
  /** Token budget of the context handed to the model. */
  readonly maxContextTokens?: number;
}

export interface AnswerService {
  query(identity: Identity, request: QueryRequest, signal?: AbortSignal): Promise<AnswerView>;
}

export const DEFAULT_CONTEXT_TOKENS = 1500;

const SYSTEM_PROMPT = [
  'You answer questions using only the numbered sources you are given.',
  'After every statement, cite its source as [n] followed by a short exact quote from that source in double quotes, for example:',
  'The pump must be vented before it is started [2] "vent the pump before starting it".',
  'Copy quotes word for word from the source; never cite a number that is not in the list.',
  'If the sources do not contain the answer, say that the sources do not answer the question.',
].join('\n');

function contextMessage(question: string, sources: readonly ContextSource[]): string {
  const blocks = sources.map((s) => {
    const where = [s.title, ...s.headingPath.filter((h) => h !== s.title)].join(' › ');
    return `[${s.n}] ${where}\n${s.text}`;
  });
  return `Sources:\n\n${blocks.join('\n\n')}\n\nQuestion: ${question}`;
}

const toSourceView = (s: ContextSource): SourceView => ({
  n: s.n, docId: s.docId, knowledgeBaseId: s.kbId, title: s.title, headingPath: [...s.headingPath], start: s.start, end: s.end,
  chunkIds: [...s.chunkIds], text: s.text,
});

export function createAnswerService(deps: { readonly search: SearchService; readonly model: ChatModelSource }): AnswerService {
  function extractive(question: string, sources: readonly ContextSource[], notice: string | null): AnswerView {
    const answer = extractiveAnswer(question, sources);
    return {
      answer: answer.text, mode: 'extractive', model: null, notice,
      citations: answer.sentences.map((s) => ({ source: s.source, docId: s.docId, quote: s.sentence })),
      droppedCitations: [],
      sources: sources.map(toSourceView),
    };
  }

  return {
    async query(identity, request, signal) {
      const chunks = await deps.search.retrieve(identity, { ...request, query: request.question });
      const sources = buildContext(chunks, request.maxContextTokens ?? DEFAULT_CONTEXT_TOKENS);
      if (sources.length === 0) return { answer: NO_ANSWER, mode: 'extractive', model: null, notice: null, citations: [], droppedCitations: [], sources: [] };
      const choice = deps.model();
      if ('unavailable' in choice) return extractive(request.question, sources, `Extractive answer: ${choice.unavailable}.`);
      const { model } = choice;
      const messages: ChatMessage[] = [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: contextMessage(request.question, sources) },
      ];
      let raw: string;
      try {
        raw = await model.complete(messages, signal);
      } catch (err) {
        if (!isAppError(err)) throw err;
        return extractive(request.question, sources, `Extractive answer: the model failed (${err.code}: ${err.message})`);
      }
      const checked = checkCitations(raw, sources);
      const notice = checked.dropped.length > 0 ? `${checked.dropped.length} citation(s) were dropped because they could not be verified against the sources.` : null;
      return {
        answer: checked.text, mode: 'generated', model: model.model, notice,
        citations: checked.citations.map((c) => ({ source: c.source, docId: c.docId, quote: c.quote })),
        droppedCitations: checked.dropped.map((d) => ({ source: d.source, quote: d.quote, reason: d.reason })),
        sources: sources.map(toSourceView),
      };
    },
  };
}
