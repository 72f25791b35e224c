// One pending call of a paused run: what it would do (arguments rendered from the tool's schema) and the reviewer's decision for it.
import { Badge, Group, Paper, Radio, Stack, Text, Textarea } from '@mantine/core';
import type { ReviewItem, ToolInfo } from '../../api/types.ts';
import { JsonView } from '../../components/json-view.tsx';
import { SchemaForm } from '../../components/schema-form.tsx';
import { SchemaView } from '../../components/schema-view.tsx';
import { validate, type FieldError } from '../../components/schema.ts';

export type DraftType = 'approve' | 'edit' | 'reject' | 'respond';

export interface Draft {
  type?: DraftType;
  arguments: Record<string, unknown>;
  reason: string;
  message: string;
}

export function newDraft(item: ReviewItem): Draft {
  const args = item.arguments && typeof item.arguments === 'object' ? (item.arguments as Record<string, unknown>) : {};
  return { arguments: structuredClone(args), reason: '', message: '' };
}

/** What is wrong with a draft, per field; empty when it can be sent. */
export function draftProblems(draft: Draft, tool: ToolInfo | undefined): { choose?: string; reason?: string; message?: string; fields: FieldError[] } {
  if (!draft.type) return { choose: 'Choose a decision', fields: [] };
  if (draft.type === 'reject' && draft.reason.trim() === '') return { reason: 'Give a reason for the requester', fields: [] };
  if (draft.type === 'respond' && draft.message.trim() === '') return { message: 'Write the reply', fields: [] };
  if (draft.type === 'edit' && tool) return { fields: validate(tool.inputSchema, draft.arguments) };
  return { fields: [] };
}

export function ReviewItemDecision(props: {
  index: number;
  item: ReviewItem;
  tool: ToolInfo | undefined;
  draft: Draft;
  showProblems: boolean;
  onChange(draft: Draft): void;
}) {
  const { item, tool, draft, onChange } = props;
  const problems = props.showProblems ? draftProblems(draft, tool) : { fields: [] as FieldError[] };
  const question = item.kind === 'human_input';
  const options: { value: DraftType; label: string }[] = question
    ? [{ value: 'respond', label: 'Answer' }, { value: 'reject', label: 'Decline' }]
    : [{ value: 'approve', label: 'Approve' }, { value: 'edit', label: 'Edit' }, { value: 'reject', label: 'Reject' }, { value: 'respond', label: 'Respond' }];
  const name = `decision-${item.toolCallId}`;

  return (
    <Paper withBorder p="sm" component="section" aria-label={`Call ${props.index + 1}: ${item.name}`} data-testid="review-item">
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="outline">{item.name}</Badge>
          {question && <Badge color="grape" variant="light">question</Badge>}
          {tool?.annotations.destructiveHint && <Badge color="red" variant="light">destructive</Badge>}
        </Group>
        {(item.description ?? tool?.description) && <Text size="sm" c="dimmed" lineClamp={2} title={item.description ?? tool?.description ?? undefined}>{item.description ?? tool?.description}</Text>}
        {question ? (
          <Text size="sm" fw={500}>{item.question}</Text>
        ) : tool ? (
          <SchemaView schema={tool.inputSchema} value={item.arguments} caption="Arguments" />
        ) : (
          <JsonView value={item.arguments} label="Arguments" />
        )}
        <Radio.Group
          name={name} label="Decision" withAsterisk error={problems.choose}
          value={draft.type ?? null} onChange={(value) => onChange({ ...draft, type: value as DraftType })}
        >
          <Group gap="md" mt={4}>
            {options.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} />
            ))}
          </Group>
        </Radio.Group>
        {draft.type === 'edit' && (
          <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)">
            <Text size="sm" fw={600} mb="xs">Edited arguments</Text>
            {tool ? (
              <SchemaForm schema={tool.inputSchema} value={draft.arguments} errors={problems.fields} onChange={(args) => onChange({ ...draft, arguments: args })} />
            ) : (
              <SchemaForm schema={{}} value={draft.arguments} onChange={(args) => onChange({ ...draft, arguments: args })} />
            )}
          </Paper>
        )}
        {draft.type === 'reject' && (
          <Textarea label="Reason" description="Sent to the agent and shown to the requester." withAsterisk autosize minRows={2}
            value={draft.reason} error={problems.reason} onChange={(e) => onChange({ ...draft, reason: e.currentTarget.value })} />
        )}
        {draft.type === 'respond' && (
          <Textarea label={question ? 'Answer' : 'Message to the agent'} description="Becomes the call's result instead of running it." withAsterisk autosize minRows={2}
            value={draft.message} error={problems.message} onChange={(e) => onChange({ ...draft, message: e.currentTarget.value })} />
        )}
      </Stack>
    </Paper>
  );
}
