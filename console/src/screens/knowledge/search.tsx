// Hybrid search over one knowledge base: each hit with its document, heading path, the quoted span and the fused, lexical and vector scores.
import { useState, type FormEvent } from 'react';
import { Badge, Blockquote, Breadcrumbs, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { SearchHit, SearchRequest } from '../../api/types.ts';
import { Empty, ErrorState } from '../../components/states.tsx';

const score = (value: number | null) => (value === null ? '—' : value.toFixed(3));
type Mode = NonNullable<SearchRequest['mode']>;
const MODES: Mode[] = ['hybrid', 'lexical', 'vector'];

export function Search({ knowledgeBaseId }: { knowledgeBaseId: string }) {
  const [query, setQuery] = useState('');
  const [mode, setMode] = useState<Mode>('hybrid');
  const search = useMutation({
    mutationFn: () => {
      const body: SearchRequest = { query: query.trim(), knowledgeBaseIds: [knowledgeBaseId], mode, topK: 8 };
      return api.post<{ results: SearchHit[] }>('/api/rag/search', body);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (query.trim()) search.mutate();
  };
  return (
    <Stack gap="sm">
      <form onSubmit={submit} role="search" aria-label="Search the documents">
        <Group align="flex-end" wrap="wrap">
          <TextInput label="Search" placeholder="What are you looking for?" value={query} onChange={(e) => setQuery(e.currentTarget.value)} style={{ flex: 1 }} miw={220} />
          <NativeSelect label="Mode" value={mode} onChange={(e) => setMode(e.currentTarget.value as Mode)} data={MODES} />
          <Button type="submit" loading={search.isPending} disabled={query.trim() === ''}>Search</Button>
        </Group>
      </form>
      {search.isError && <ErrorState error={search.error} title="The search failed" />}
      {search.isSuccess && search.data.results.length === 0 && <Empty>No passage matches.</Empty>}
      {search.isSuccess && search.data.results.length > 0 && (
        <Stack gap="xs" aria-label="Search results" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="search-results">
          {search.data.results.map((hit) => (
            <Paper key={hit.chunkId} withBorder p="sm" component="li">
              <Group justify="space-between" wrap="wrap">
                <Stack gap={0}>
                  <Text fw={600} size="sm">{hit.title}</Text>
                  {hit.headingPath.length > 0 && (
                    <Breadcrumbs separator="›" fz="xs" c="dimmed">
                      {hit.headingPath.map((h, i) => <span key={i}>{h}</span>)}
                    </Breadcrumbs>
                  )}
                </Stack>
                <Group gap={4}>
                  <Badge variant="filled" title="Fused score">score {score(hit.score)}</Badge>
                  <Badge variant="light" color="gray" title="BM25 score">lexical {score(hit.lexicalScore)}</Badge>
                  <Badge variant="light" color="gray" title="Vector similarity">vector {score(hit.vectorScore)}</Badge>
                </Group>
              </Group>
              <Blockquote p="xs" mt="xs" fz="sm" style={{ whiteSpace: 'pre-wrap' }} cite={`characters ${hit.start}–${hit.end}`}>{hit.text}</Blockquote>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
