// A knowledge base's documents with their ingestion status (polled until final), and one document's details, re-ingest and delete.
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Drawer, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { Page, RagDocument } from '../../api/types.ts';
import { useSession } from '../../auth/session.tsx';
import { useNotify } from '../../components/notifications.tsx';
import { ErrorState, QueryView } from '../../components/states.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatInstant } from '../../components/time.ts';
import { DataTable } from '../../components/data-table.tsx';

const inProgress = (d: RagDocument) => d.status === 'queued' || d.status === 'processing' || d.reingesting;

function size(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function DocumentDetail({ docId, onGone }: { docId: string; onGone(): void }) {
  const { can } = useSession();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['rag', 'document', docId],
    queryFn: () => api.get<RagDocument>(`/api/rag/documents/${encodeURIComponent(docId)}`),
    refetchInterval: (q) => (q.state.data && inProgress(q.state.data) ? 1_500 : false),
  });
  const act = useMutation({
    mutationFn: (action: 'reingest' | 'delete') =>
      action === 'delete' ? api.delete(`/api/rag/documents/${encodeURIComponent(docId)}`) : api.post(`/api/rag/documents/${encodeURIComponent(docId)}/reingest`),
    onSuccess: (_r, action) => {
      notify({ color: 'green', title: action === 'delete' ? 'Document deleted' : 'Ingestion started again' });
      void queryClient.invalidateQueries({ queryKey: ['rag'] });
      if (action === 'delete') onGone();
    },
  });
  return (
    <QueryView query={query} loading="Loading the document…">
      {(d) => (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Text size="sm"><b>Status:</b> <StatusBadge value={d.status} /></Text>
            <Text size="sm"><b>Chunks:</b> {d.chunkCount}</Text>
            <Text size="sm"><b>File:</b> {d.filename} ({d.kind}, {size(d.bytes)})</Text>
            <Text size="sm"><b>Owner:</b> {d.ownerId}</Text>
            <Text size="sm"><b>Uploaded:</b> {formatInstant(d.createdAt)}</Text>
            <Text size="sm"><b>Ingested:</b> {formatInstant(d.ingestedAt)}</Text>
            <Text size="sm"><b>Embedder:</b> {d.embedder ? `${d.embedder.id} (${d.embedder.dimensions} dims)` : '—'}</Text>
            <Text size="sm"><b>Id:</b> <Text span ff="monospace" size="xs">{d.docId}</Text></Text>
          </SimpleGrid>
          {d.tags.length > 0 && <Group gap={4}>{d.tags.map((t) => <Badge key={t} variant="outline">{t}</Badge>)}</Group>}
          {d.error && (
            <Alert color="red" title={`Ingestion failed: ${d.error.code}`}>
              {d.error.message} ({formatInstant(d.error.at)})
            </Alert>
          )}
          {can('rag.write') && (
            <Group>
              <Button variant="default" onClick={() => act.mutate('reingest')} loading={act.isPending && act.variables === 'reingest'}>Ingest again</Button>
              <Button color="red" variant="light" onClick={() => act.mutate('delete')} loading={act.isPending && act.variables === 'delete'}>Delete</Button>
            </Group>
          )}
          {act.isError && <ErrorState error={act.error} />}
        </Stack>
      )}
    </QueryView>
  );
}

export function Documents({ knowledgeBaseId }: { knowledgeBaseId: string }) {
  const [selected, setSelected] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['rag', 'documents', knowledgeBaseId],
    queryFn: () => api.get<Page<RagDocument>>('/api/rag/documents', { knowledgeBaseId, limit: 100 }),
    refetchInterval: (q) => (q.state.data?.items.some(inProgress) ? 1_500 : 15_000),
  });
  const title = query.data?.items.find((d) => d.docId === selected)?.title;
  return (
    <>
      <QueryView query={query} loading="Loading documents…" isEmpty={(p) => p.items.length === 0} empty="No documents in this knowledge base yet.">
        {(page) => (
          <DataTable label="Documents" columns={['Title', 'Status', 'Chunks', 'Size', 'Uploaded']} minWidth={640} highlightOnHover data-testid="documents-table">
            {page.items.map((d) => (
              <Table.Tr key={d.docId} data-testid="document-row">
                <Table.Td>
                  <Anchor component="button" type="button" size="sm" onClick={() => setSelected(d.docId)}>{d.title}</Anchor>
                  <Text size="xs" c="dimmed">{d.filename}</Text>
                </Table.Td>
                <Table.Td><StatusBadge value={d.reingesting ? 'processing' : d.status} /></Table.Td>
                <Table.Td>{d.chunkCount}</Table.Td>
                <Table.Td>{size(d.bytes)}</Table.Td>
                <Table.Td>{formatInstant(d.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </QueryView>
      <Drawer opened={selected !== null} onClose={() => setSelected(null)} title={title ?? 'Document'} position="right" size="lg">
        {selected && <DocumentDetail docId={selected} onGone={() => setSelected(null)} />}
      </Drawer>
    </>
  );
}
