// The documents a RAG answer came from (title, heading path) and the span it quoted, read from the run's own tool results in the audit trail.
import { Blockquote, Breadcrumbs, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { AuditRunDetail, RagAnswer, RagSource, SearchHit } from '../../api/types.ts';

/** The rag tools answer with the views of POST /api/rag/query and /api/rag/search. */
type AnswerContent = Partial<Pick<RagAnswer, 'sources' | 'citations'>> & { results?: SearchHit[] };

/** Sources of rag_query results with the quotes cited from each; rag_search hits as they are. */
export function sourcesOf(detail: AuditRunDetail): RagSource[] {
  const out: RagSource[] = [];
  for (const call of detail.toolCalls) {
    if (!call.tool.startsWith('rag_') || call.isError) continue;
    const content = (call.result as { structuredContent?: AnswerContent } | null)?.structuredContent;
    if (!content) continue;
    for (const s of content.sources ?? []) {
      const quotes = (content.citations ?? []).filter((c) => c.source === s.n).map((c) => c.quote);
      if (quotes.length === 0 && (content.citations?.length ?? 0) > 0) continue; // cited answers show only what they cite
      out.push({ title: s.title, headingPath: s.headingPath, text: s.text, quote: quotes.join(' … ') || undefined });
    }
    for (const r of content.results ?? []) out.push({ title: r.title, headingPath: r.headingPath, text: r.text });
  }
  return out;
}

export function MessageSources({ runId }: { runId: string }) {
  const query = useQuery({ queryKey: ['audit', 'run', runId], queryFn: () => api.get<AuditRunDetail>(`/api/audit/runs/${encodeURIComponent(runId)}`) });
  const sources = query.data ? sourcesOf(query.data) : [];
  if (sources.length === 0) return null;
  return (
    <Stack gap={4} mt="xs" aria-label="Sources" data-testid="message-sources">
      <Text size="xs" fw={600}>Sources</Text>
      {sources.map((s, i) => (
        <Paper key={i} withBorder p="xs" radius="sm">
          <Text size="sm" fw={500}>{s.title}</Text>
          {s.headingPath.length > 0 && (
            <Breadcrumbs separator="›" fz="xs" c="dimmed">{s.headingPath.map((h, j) => <span key={j}>{h}</span>)}</Breadcrumbs>
          )}
          <Blockquote p={6} mt={4} fz="xs">{s.quote ?? s.text}</Blockquote>
        </Paper>
      ))}
    </Stack>
  );
}
