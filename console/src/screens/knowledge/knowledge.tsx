// Knowledge bases: pick one, upload into it, watch ingestion, open a document, and search it.
import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, Modal, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { KnowledgeBase } from '../../api/types.ts';
import { useSession } from '../../auth/session.tsx';
import { useNotify } from '../../components/notifications.tsx';
import { Screen } from '../../components/screen.tsx';
import { ErrorState, QueryView } from '../../components/states.tsx';
import { Documents } from './documents.tsx';
import { Search } from './search.tsx';
import { UploadDocument } from './upload-document.tsx';

function CreateKnowledgeBase({ onDone }: { onDone(kb: KnowledgeBase): void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [visibility, setVisibility] = useState<'shared' | 'private'>('shared');
  const create = useMutation({
    mutationFn: () => api.post<KnowledgeBase>('/api/rag/knowledge-bases', { name: name.trim(), visibility, ...(description.trim() ? { description: description.trim() } : {}) }),
    onSuccess: (kb) => {
      notify({ color: 'green', title: 'Knowledge base created', message: kb.name });
      void queryClient.invalidateQueries({ queryKey: ['rag'] });
      onDone(kb);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" description="Lower case letters, digits, . _ -" withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
        <TextInput label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        <NativeSelect label="Visibility" value={visibility} onChange={(e) => setVisibility(e.currentTarget.value as 'shared' | 'private')}
          data={[{ value: 'shared', label: 'Shared with everyone who may read' }, { value: 'private', label: 'Private to you and its members' }]} />
        {create.isError && <ErrorState error={create.error} title="Not created" />}
        <Button type="submit" loading={create.isPending}>Create</Button>
      </Stack>
    </form>
  );
}

export function KnowledgeScreen() {
  const { can } = useSession();
  const [chosen, setChosen] = useState<string>();
  const [creating, setCreating] = useState(false);
  const bases = useQuery({ queryKey: ['rag', 'knowledge-bases'], queryFn: async () => (await api.get<{ items: KnowledgeBase[] }>('/api/rag/knowledge-bases')).items });

  return (
    <Screen
      title="Knowledge" description="Documents the agent answers from, and search over them."
      actions={can('rag.write') && <Button variant="default" onClick={() => setCreating(true)}>New knowledge base</Button>}
    >
      <QueryView query={bases} loading="Loading knowledge bases…" isEmpty={(items) => items.length === 0} empty="No knowledge base you may read.">
        {(items) => {
          const kb = items.find((b) => b.id === chosen) ?? items.find((b) => b.isDefault) ?? items[0]!;
          return (
            <Stack gap="lg">
              <Group align="flex-end" wrap="wrap">
                <NativeSelect
                  label="Knowledge base" value={kb.id} onChange={(e) => setChosen(e.currentTarget.value)} miw={260}
                  data={items.map((b) => ({ value: b.id, label: `${b.name}${b.isDefault ? ' (default)' : ''}` }))}
                />
                <Group gap={4} pb={6}>
                  <Badge variant="light">{kb.visibility}</Badge>
                  <Badge variant="light" color="gray">{kb.documentCount} documents</Badge>
                  <Badge variant="light" color="gray">{kb.embedder}</Badge>
                  {kb.reindexRequired && <Badge color="orange">re-index needed</Badge>}
                </Group>
              </Group>
              {kb.description && <Text size="sm" c="dimmed">{kb.description}</Text>}
              {can('rag.write') && (
                <Paper withBorder p="md">
                  <Title order={2} size="h5" mb="xs">Upload</Title>
                  <UploadDocument knowledgeBaseId={kb.id} />
                </Paper>
              )}
              <section aria-labelledby="documents-title">
                <Title order={2} size="h4" id="documents-title" mb="xs">Documents</Title>
                <Documents knowledgeBaseId={kb.id} />
              </section>
              <section aria-labelledby="search-title">
                <Title order={2} size="h4" id="search-title" mb="xs">Search</Title>
                <Search knowledgeBaseId={kb.id} />
              </section>
            </Stack>
          );
        }}
      </QueryView>
      <Modal opened={creating} onClose={() => setCreating(false)} title="New knowledge base">
        <CreateKnowledgeBase onDone={(kb) => { setChosen(kb.id); setCreating(false); }} />
      </Modal>
    </Screen>
  );
}
