// One run's timeline: the request, the route and skill chosen, each model step and tool call (arguments, result, refusal, review decision) in time order, the outcome.
import { ActionIcon, Anchor, Badge, Blockquote, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Timeline, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { api } from '../../api/client.ts';
import type { AuditModelStep, AuditReviewDecision, AuditRunDetail, AuditToolCall } from '../../api/types.ts';
import { useToolSchemas } from '../../api/catalog.ts';
import { JsonView } from '../../components/json-view.tsx';
import { Screen } from '../../components/screen.tsx';
import { SchemaView } from '../../components/schema-view.tsx';
import { QueryView } from '../../components/states.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { UngroundedNotice } from '../../components/ungrounded-notice.tsx';
import { formatDuration, formatInstant } from '../../components/time.ts';
import { runTimeline } from './run-timeline.ts';

/** The run's OpenTelemetry trace id, copyable so an operator can look the trace up in their tracing tool. */
function TraceId({ traceId }: { traceId: string | null }) {
  if (traceId === null) return <Text size="sm"><b>Trace:</b> <Text span c="dimmed" size="xs">not traced</Text></Text>;
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm"><b>Trace:</b> <Text span ff="monospace" size="xs" data-testid="audit-trace-id">{traceId}</Text></Text>
      <CopyButton value={traceId}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy the trace id'} withArrow>
            <ActionIcon variant="subtle" size="xs" onClick={copy} aria-label="Copy the trace id">{copied ? '✓' : '⧉'}</ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function ModelStepEntry({ step }: { step: AuditModelStep }) {
  return (
    <Stack gap="xs" data-testid="audit-model-step">
      <Group gap="xs">
        {step.kind === 'routing' && <Badge variant="outline">routing</Badge>}
        {step.toolChoice === 'required' && <Badge variant="outline" color={step.toolCalls.length === 0 ? 'orange' : 'gray'}>tool required</Badge>}
        {step.stopReason && <Text size="xs" c="dimmed">stop: {step.stopReason}</Text>}
        <Text size="xs" c="dimmed">
          {formatInstant(step.startedAt)} · {formatDuration(step.durationMs)} · {step.usage.inputTokens} in / {step.usage.outputTokens} out tokens
        </Text>
      </Group>
      {step.text !== '' && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {step.text}
          {step.textTruncated && <Text span size="xs" c="dimmed"> … (clipped)</Text>}
        </Text>
      )}
      {step.toolCalls.length > 0 ? (
        <Group gap={4}>
          <Text size="xs">Asked for</Text>
          {step.toolCalls.map((call) => <Badge key={call.toolCallId} variant="light" tt="none">{call.tool}</Badge>)}
        </Group>
      ) : (
        step.text === '' && <Text size="xs" c="dimmed">No text and no tool call.</Text>
      )}
    </Stack>
  );
}

function ToolCallEntry({ call, decision }: { call: AuditToolCall; decision: AuditReviewDecision | undefined }) {
  const tools = useToolSchemas();
  return (
    <Stack gap="xs" data-testid="audit-tool-call">
      <Group gap="xs">
        <StatusBadge value={call.refusal ? 'refused' : call.isError ? 'failed' : 'completed'} />
        {decision && <StatusBadge value={decision.decision} />}
        {decision && <Text size="xs" c="dimmed">reviewed by {decision.reviewerId} ({decision.reviewerRole}) {formatInstant(decision.decidedAt)}</Text>}
        <Text size="xs" c="dimmed">{formatInstant(call.startedAt)} · {formatDuration(call.durationMs)}{call.server ? ` · ${call.server}` : ''}</Text>
      </Group>
      <SchemaView schema={tools.get(call.tool)?.inputSchema} value={call.arguments} caption="Arguments" />
      {decision?.detail !== null && decision?.detail !== undefined && (
        <Stack gap={2}>
          <Text size="xs" fw={600}>Review detail</Text>
          <JsonView value={decision.detail} />
        </Stack>
      )}
      {call.refusal && <Text size="sm" c="red">Refused: {call.refusal}</Text>}
      <Stack gap={2}>
        <Text size="xs" fw={600}>Result</Text>
        <JsonView value={call.result} />
      </Stack>
    </Stack>
  );
}

export function AuditRunScreen() {
  const { id } = useParams<{ id: string }>();
  const query = useQuery({ queryKey: ['audit', 'run', id], queryFn: () => api.get<AuditRunDetail>(`/api/audit/runs/${encodeURIComponent(id)}`) });
  return (
    <Screen title="Run" description={id} actions={<Anchor component={Link} href="/audit" size="sm">Back to all runs</Anchor>}>
      <QueryView query={query} loading="Loading the run…">
        {({ run, modelSteps, toolCalls, reviewDecisions }) => {
          const decisions = new Map(reviewDecisions.map((d) => [d.toolCallId, d]));
          // The routing call comes before everything else, so it stands with the route it chose.
          const entries = runTimeline(modelSteps, toolCalls);
          const routing = entries.filter((entry) => entry.type === 'step' && entry.step.kind === 'routing');
          const rest = entries.filter((entry) => !routing.includes(entry));
          const entryItem = (entry: (typeof entries)[number]) =>
            entry.type === 'step' ? (
              <Timeline.Item key={`step-${entry.step.index}`} title={`Model step ${entry.step.index + 1}${entry.step.kind === 'routing' ? ' (routing)' : ''}`}>
                <ModelStepEntry step={entry.step} />
              </Timeline.Item>
            ) : (
              <Timeline.Item key={entry.call.id} title={`Tool call: ${entry.call.tool}`}>
                <ToolCallEntry call={entry.call} decision={decisions.get(entry.call.toolCallId)} />
              </Timeline.Item>
            );
          return (
            <Stack gap="md">
              <Paper withBorder p="md">
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
                  <Text size="sm"><b>Status:</b> <StatusBadge value={run.status} /></Text>
                  <Text size="sm"><b>User:</b> {run.userId} ({run.role})</Text>
                  <Text size="sm"><b>Session:</b> <Text span ff="monospace" size="xs">{run.sessionId}</Text></Text>
                  <Text size="sm"><b>Started:</b> {formatInstant(run.startedAt)}</Text>
                  <Text size="sm"><b>Duration:</b> {formatDuration(run.durationMs)}</Text>
                  <Text size="sm"><b>Tokens:</b> {run.usage.inputTokens} in / {run.usage.outputTokens} out</Text>
                  <TraceId traceId={run.traceId} />
                </SimpleGrid>
              </Paper>
              <Timeline bulletSize={18} lineWidth={2} aria-label="Timeline">
                <Timeline.Item title="Request">
                  <Blockquote p="xs" fz="sm">{run.input}</Blockquote>
                </Timeline.Item>
                {routing.map(entryItem)}
                <Timeline.Item title="Routing">
                  <Group gap="xs">
                    <Text size="sm">route</Text><Badge variant="outline">{run.route ?? '—'}</Badge>
                    <Text size="sm">skill</Text><Badge variant="outline">{run.skill ?? '—'}</Badge>
                  </Group>
                </Timeline.Item>
                {rest.map(entryItem)}
                {reviewDecisions.filter((d) => !toolCalls.some((c) => c.toolCallId === d.toolCallId)).map((d) => (
                  <Timeline.Item key={d.id} title={`Review decision: ${d.decision}`}>
                    <Text size="sm">{d.reviewerId} ({d.reviewerRole}) on call {d.toolCallId}, {formatInstant(d.decidedAt)}</Text>
                  </Timeline.Item>
                ))}
                <Timeline.Item title={`Outcome: ${run.status}`}>
                  {run.answer && <Blockquote p="xs" fz="sm" color={run.ungrounded ? 'orange' : 'green'}>{run.answer}</Blockquote>}
                  {run.ungrounded && run.notice && <UngroundedNotice notice={run.notice} />}
                  {run.grounding === 'tools' && (
                    <Group gap={4}>
                      <Text size="xs">Rests on</Text>
                      {run.groundedOn.map((call) => <Badge key={call.toolCallId} variant="light" tt="none">{call.tool}</Badge>)}
                    </Group>
                  )}
                  {run.error && <Text size="sm" c="red">{run.error.code}: {run.error.message}</Text>}
                  {run.status === 'interrupted' && <Text size="sm" c="dimmed">Paused for a review; the decisions resume it.</Text>}
                </Timeline.Item>
              </Timeline>
            </Stack>
          );
        }}
      </QueryView>
    </Screen>
  );
}
