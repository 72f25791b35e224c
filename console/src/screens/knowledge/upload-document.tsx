// Uploads one document into a knowledge base with a progress bar; ingestion then runs on the worker and the list shows its status.
import { useState, type FormEvent } from 'react';
import { Button, FileInput, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { upload } from '../../api/client.ts';
import type { RagDocument } from '../../api/types.ts';
import { useNotify } from '../../components/notifications.tsx';
import { ErrorState } from '../../components/states.tsx';

export function UploadDocument({ knowledgeBaseId }: { knowledgeBaseId: string }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [tags, setTags] = useState('');
  const [progress, setProgress] = useState<number>();
  const [error, setError] = useState<unknown>();
  const [missing, setMissing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      return;
    }
    const form = new FormData();
    form.set('knowledgeBaseId', knowledgeBaseId);
    if (title.trim()) form.set('title', title.trim());
    if (tags.trim()) form.set('tags', tags);
    form.set('file', file, file.name);
    setError(undefined);
    setProgress(0);
    try {
      const doc = await upload<RagDocument>('/api/rag/documents', form, setProgress);
      notify({ color: 'green', title: 'Uploaded; ingestion started', message: doc.title });
      setFile(null);
      setTitle('');
      setTags('');
      void queryClient.invalidateQueries({ queryKey: ['rag'] });
    } catch (err) {
      setError(err);
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Upload a document">
      <Stack gap="xs">
        <Group grow align="flex-start" wrap="wrap">
          <FileInput
            label="Document" description="Text, Markdown, HTML, PDF or Word" placeholder="Choose a file" withAsterisk clearable miw={220}
            accept=".txt,.md,.markdown,.html,.htm,.pdf,.docx,text/plain,text/markdown,text/html,application/pdf"
            value={file} onChange={(f) => { setFile(f); setMissing(false); }} error={missing ? 'Choose a file' : undefined}
          />
          <TextInput label="Title" description="Optional; the file name otherwise" value={title} onChange={(e) => setTitle(e.currentTarget.value)} miw={200} />
          <TextInput label="Tags" description="Optional, comma-separated" value={tags} onChange={(e) => setTags(e.currentTarget.value)} miw={160} />
        </Group>
        {progress !== undefined && (
          <Stack gap={2}>
            <Progress value={progress * 100} aria-label="Upload progress" animated />
            <Text size="xs" c="dimmed">{Math.round(progress * 100)} % sent</Text>
          </Stack>
        )}
        {error !== undefined && <ErrorState error={error} title="The upload was refused" />}
        <Group>
          <Button type="submit" loading={progress !== undefined}>Upload</Button>
        </Group>
      </Stack>
    </form>
  );
}
