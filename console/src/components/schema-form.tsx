// A form generated from a JSON Schema object: one labelled control per property, errors shown at the field they belong to.
import { useState } from 'react';
import { Checkbox, Fieldset, NativeSelect, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { JsonSchema } from '../api/types.ts';
import { enumValues, errorsAt, fieldKind, labelOf, unwrapNullable, type FieldError } from './schema.ts';

interface FieldProps {
  name: string;
  path: string;
  schema: JsonSchema;
  required: boolean;
  value: unknown;
  errors: readonly FieldError[];
  onChange(value: unknown): void;
}

/** A number when the text is one, the text otherwise (for `number | string` unions such as a device command value). */
function scalarFrom(text: string, schema: JsonSchema): unknown {
  if (text === '') return undefined;
  const types = (schema.anyOf ?? schema.oneOf ?? []).map((s) => s.type);
  if ((types.includes('number') || types.includes('integer')) && /^-?\d+(\.\d+)?$/.test(text.trim())) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

function JsonField({ label, description, error, required, value, onChange }: { label: string; description?: string; error?: string; required: boolean; value: unknown; onChange(v: unknown): void }) {
  const [text, setText] = useState(() => (value === undefined ? '' : JSON.stringify(value, null, 2)));
  const [parseError, setParseError] = useState<string>();
  return (
    <Textarea
      label={label} description={description ?? 'JSON'} withAsterisk={required} autosize minRows={2} maxRows={10}
      value={text} error={parseError ?? error} styles={{ input: { fontFamily: 'monospace' } }}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (next.trim() === '') {
          setParseError(undefined);
          onChange(undefined);
          return;
        }
        try {
          onChange(JSON.parse(next));
          setParseError(undefined);
        } catch {
          setParseError('not valid JSON');
        }
      }}
    />
  );
}

function Field({ name, path, schema: raw, required, value, errors, onChange }: FieldProps) {
  const { schema } = unwrapNullable(raw);
  const label = labelOf(name, schema);
  const description = schema.description ?? raw.description;
  const error = errorsAt(errors, path);
  const testId = `field-${path.slice(1).replaceAll('/', '.')}`;
  switch (fieldKind(schema)) {
    case 'enum': {
      const values = enumValues(schema)!;
      const data = [{ value: '', label: required ? 'Choose…' : '(none)' }, ...values.map((v) => ({ value: JSON.stringify(v), label: String(v) }))];
      return (
        <NativeSelect
          label={label} description={description} withAsterisk={required} error={error} data={data} data-testid={testId}
          value={value === undefined ? '' : JSON.stringify(value)}
          onChange={(event) => onChange(event.currentTarget.value === '' ? undefined : JSON.parse(event.currentTarget.value))}
        />
      );
    }
    case 'boolean':
      return (
        <Checkbox
          label={label} description={description} error={error} data-testid={testId}
          checked={value === true} onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'number':
    case 'integer':
      return (
        <NumberInput
          label={label} description={description} withAsterisk={required} error={error} data-testid={testId}
          min={schema.minimum} max={schema.maximum} allowDecimal={schema.type !== 'integer'}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : next === '' ? undefined : Number(next))}
        />
      );
    case 'string':
      return (
        <TextInput
          label={label} description={description} withAsterisk={required} error={error} data-testid={testId}
          placeholder={schema.format === 'date-time' ? '2026-03-30T08:00:00Z' : undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value === '' ? undefined : event.currentTarget.value)}
        />
      );
    case 'scalar':
      return (
        <TextInput
          label={label} description={description} withAsterisk={required} error={error} data-testid={testId}
          value={value === undefined ? '' : String(value)}
          onChange={(event) => onChange(scalarFrom(event.currentTarget.value, schema))}
        />
      );
    case 'list':
      return (
        <TextInput
          label={label} description={description ?? 'Comma-separated'} withAsterisk={required} error={error} data-testid={testId}
          value={Array.isArray(value) ? value.join(', ') : ''}
          onChange={(event) => {
            const items = event.currentTarget.value.split(',').map((s) => s.trim()).filter((s) => s !== '');
            const numeric = schema.items?.type === 'number' || schema.items?.type === 'integer';
            onChange(items.length === 0 ? undefined : numeric ? items.map(Number) : items);
          }}
        />
      );
    case 'object':
      return (
        <Fieldset legend={label}>
          {description && <Text size="xs" c="dimmed" mb="xs">{description}</Text>}
          <ObjectFields schema={schema} path={path} value={(value as Record<string, unknown>) ?? {}} errors={errors} onChange={onChange} />
        </Fieldset>
      );
    default:
      return <JsonField label={label} description={description} error={error} required={required} value={value} onChange={onChange} />;
  }
}

function ObjectFields(props: { schema: JsonSchema; path: string; value: Record<string, unknown>; errors: readonly FieldError[]; onChange(value: Record<string, unknown>): void }) {
  const required = new Set(props.schema.required ?? []);
  const own = errorsAt(props.errors, props.path);
  return (
    <Stack gap="sm">
      {Object.entries(props.schema.properties ?? {}).map(([key, prop]) => (
        <Field
          key={key} name={key} path={`${props.path}/${key}`} schema={prop} required={required.has(key)} value={props.value[key]} errors={props.errors}
          onChange={(next) => props.onChange({ ...props.value, [key]: next })}
        />
      ))}
      {own && <Text size="sm" c="red" role="alert">{own}</Text>}
    </Stack>
  );
}

/** The form for an object schema; the caller keeps the value and validates it (see schema.ts `validate`) before sending. */
export function SchemaForm(props: { schema: JsonSchema; value: Record<string, unknown>; errors?: readonly FieldError[]; onChange(value: Record<string, unknown>): void }) {
  if (fieldKind(props.schema) !== 'object') {
    return <JsonField label="Arguments" required value={props.value} error={errorsAt(props.errors ?? [], '')} onChange={(v) => props.onChange(v as Record<string, unknown>)} />;
  }
  return <ObjectFields schema={props.schema} path="" value={props.value} errors={props.errors ?? []} onChange={props.onChange} />;
}
