// Schedules a task: a kind (a goal for the agent, or a platform action), its payload from the kind's schema, and when it runs.
import { useMemo, useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { useTaskKinds } from '../../api/catalog.ts';
import type { SchedulerTask } from '../../api/types.ts';
import { useNotify } from '../../components/notifications.tsx';
import { SchemaForm } from '../../components/schema-form.tsx';
import { errorsAt, initialValue, prune, validate, type FieldError } from '../../components/schema.ts';
import { ErrorState } from '../../components/states.tsx';
import { knownZones, viewerZone } from '../../components/time.ts';
import { CronPreview } from './cron-preview.tsx';

/** Kinds the scheduler runs for its own plugins' bookkeeping, not something a person schedules. */
const INTERNAL_KINDS = new Set(['rag.ingest']);

export function CreateTask({ onCreated }: { onCreated(task: SchedulerTask): void }) {
  const kinds = useTaskKinds();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const zones = useMemo(knownZones, []);
  const offered = (kinds.data ?? []).filter((k) => !INTERNAL_KINDS.has(k.kind));

  const [title, setTitle] = useState('');
  const [kind, setKind] = useState('');
  const [payload, setPayload] = useState<Record<string, unknown>>({});
  const [payloadText, setPayloadText] = useState('{}');
  const [scheduleType, setScheduleType] = useState<'cron' | 'once'>('cron');
  const [expression, setExpression] = useState('0 8 * * 1-5');
  const [timeZone, setTimeZone] = useState(viewerZone);
  const [at, setAt] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [checked, setChecked] = useState(false);

  const spec = offered.find((k) => k.kind === kind);
  const create = useMutation({
    mutationFn: (body: unknown) => api.post<SchedulerTask>('/api/scheduler/tasks', body),
    onSuccess: (task) => {
      notify({ color: 'green', title: 'Task scheduled', message: task.title });
      void queryClient.invalidateQueries({ queryKey: ['scheduler'] });
      onCreated(task);
    },
  });

  const chooseKind = (next: string) => {
    setKind(next);
    const nextSpec = offered.find((k) => k.kind === next);
    setPayload(nextSpec ? initialValue(nextSpec.payloadSchema) : {});
    setErrors([]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const problems: FieldError[] = [];
    if (title.trim() === '') problems.push({ path: '#title', message: 'Give the task a title' });
    if (kind.trim() === '') problems.push({ path: '#kind', message: 'Choose what the task does' });
    let body: unknown = payload;
    if (spec) problems.push(...validate(spec.payloadSchema, payload));
    else {
      try {
        body = JSON.parse(payloadText);
      } catch {
        problems.push({ path: '#payload', message: 'not valid JSON' });
      }
    }
    if (scheduleType === 'cron' && expression.trim() === '') problems.push({ path: '#expression', message: 'Enter a cron expression' });
    const atDate = new Date(at);
    if (scheduleType === 'once' && Number.isNaN(atDate.getTime())) problems.push({ path: '#at', message: 'Choose a date and time' });
    setErrors(problems);
    if (problems.length > 0) return;
    create.mutate({
      title: title.trim(),
      kind: kind.trim(),
      payload: prune(body),
      schedule: scheduleType === 'cron' ? { type: 'cron', expression: expression.trim(), timeZone } : { type: 'once', at: atDate.toISOString() },
    });
  };

  const own = (id: string) => (checked ? errorsAt(errors, `#${id}`) : undefined);

  return (
    <form onSubmit={submit} noValidate aria-label="New scheduled task">
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={own('title')} />
        {kinds.isError || (!kinds.isPending && offered.length === 0) ? (
          <TextInput label="Kind" description="The executor that runs it, e.g. dige.control" withAsterisk value={kind} onChange={(e) => setKind(e.currentTarget.value)} error={own('kind')} />
        ) : (
          <NativeSelect
            label="What it does" withAsterisk error={own('kind')} value={kind} onChange={(e) => chooseKind(e.currentTarget.value)}
            data={[{ value: '', label: kinds.isPending ? 'Loading…' : 'Choose…' }, ...offered.map((k) => ({ value: k.kind, label: `${k.kind}: ${k.description}` }))]}
          />
        )}
        {spec ? (
          <SchemaForm schema={spec.payloadSchema} value={payload} errors={checked ? errors : []} onChange={setPayload} />
        ) : (
          kind !== '' && <TextInput label="Payload (JSON)" value={payloadText} onChange={(e) => setPayloadText(e.currentTarget.value)} error={own('payload')} />
        )}
        <Radio.Group label="When" value={scheduleType} onChange={(v) => setScheduleType(v as 'cron' | 'once')}>
          <Group mt={4}>
            <Radio value="cron" label="Repeating (cron)" />
            <Radio value="once" label="Once" />
          </Group>
        </Radio.Group>
        {scheduleType === 'cron' ? (
          <>
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                label="Cron expression" description="minute hour day-of-month month day-of-week" withAsterisk miw={220}
                value={expression} onChange={(e) => setExpression(e.currentTarget.value)} error={own('expression')} styles={{ input: { fontFamily: 'monospace' } }}
              />
              <NativeSelect label="Time zone" miw={220} value={timeZone} onChange={(e) => setTimeZone(e.currentTarget.value)} data={zones} />
            </Group>
            <CronPreview expression={expression} timeZone={timeZone} />
          </>
        ) : (
          <TextInput
            type="datetime-local" label="Runs at" description={`Your time (${viewerZone})`} withAsterisk
            value={at} onChange={(e) => setAt(e.currentTarget.value)} error={own('at')}
          />
        )}
        {create.isError && <ErrorState error={create.error} title="The task was not scheduled" />}
        <Group>
          <Button type="submit" loading={create.isPending}>Schedule</Button>
          {checked && errors.length > 0 && <Text size="sm" c="red">Fix the marked fields first.</Text>}
        </Group>
      </Stack>
    </form>
  );
}
