// Shows any JSON value as indented text, for tool arguments, results and payloads nobody gave a schema for.
import { Code } from '@mantine/core';

export function JsonView({ value, label }: { value: unknown; label?: string }) {
  const text = value === undefined ? '—' : JSON.stringify(value, null, 2);
  return (
    <Code block aria-label={label} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 320, overflow: 'auto' }}>
      {text}
    </Code>
  );
}
