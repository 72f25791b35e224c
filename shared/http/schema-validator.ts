// Fastify request validation through the shared schema check, so a bad request names its issues as every other boundary does.
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { schemaIssues, type SchemaIssue } from '../errors/schema-check.ts';

/** Where each part of a request sits in an issue's path: `/body/name`, `/query/limit`. */
const PART_POINTERS: Record<string, string> = { body: '/body', querystring: '/query', params: '/params', headers: '/headers' };

/** `refuse` turns the issues into the caller's own error (its registry's code), which Fastify hands to its error handler. */
export function schemaValidatorCompiler(refuse: (issues: SchemaIssue[]) => Error): FastifySchemaCompiler<TSchema> {
  return ({ schema, httpPart }) => {
    const at = PART_POINTERS[httpPart ?? 'body'] ?? `/${httpPart}`;
    return (value) => {
      // Query, params and headers arrive as text, so they are converted to the schema's types; a JSON body must already have them.
      const converted = httpPart === 'body' ? value : Value.Convert(schema, value);
      const issues = schemaIssues(schema, converted, { at });
      return issues === undefined ? { value: converted } : { error: refuse(issues) };
    };
  };
}
