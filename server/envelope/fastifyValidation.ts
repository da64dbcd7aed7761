/**
 * Fastify's own (AJV) schema validation errors, reworded into the spec's field messages so a bad
 * query string or login body reads like any other VALIDATION answer.
 */
import { enText } from '../../core/i18n/en-US';
import type { FieldMessage } from './errors';

export interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  /** With AJV's `verbose` (action body schemas, server/http/bodySchema.ts): the failing schema. */
  parentSchema?: Record<string, unknown>;
}

/** The schema of the property a `required` issue names, if the object schema declares it. */
function missingSchema(issue: AjvIssue): Record<string, unknown> | undefined {
  const properties = issue.parentSchema?.properties as Record<string, Record<string, unknown>> | undefined;
  return properties?.[issue.params.missingProperty as string];
}

function messageFor(issue: AjvIssue): string {
  // A property's own wording for its absence, where the spec's answer is not "required".
  const absent = issue.keyword === 'required' ? missingSchema(issue)?.['x-required-message'] : undefined;
  if (typeof absent === 'string') return enText(absent);
  // A schema's own wording for a wrong value (server/http/bodySchema.ts); presence keeps 'required'.
  const own = issue.parentSchema?.['x-message'];
  if (typeof own === 'string' && issue.keyword !== 'required' && issue.keyword !== 'additionalProperties') return enText(own);
  const limit = Number(issue.params.limit);
  switch (issue.keyword) {
    case 'required':
      return enText('validation.required');
    case 'maxLength':
      if (limit <= 100) return enText('validation.max100');
      if (limit <= 3000) return enText('validation.max3000');
      return enText('validation.value');
    case 'minLength':
      return limit <= 1 ? enText('validation.required') : enText('validation.value');
    case 'type':
      return issue.params.type === 'integer' || issue.params.type === 'number' ? enText('validation.number') : enText('validation.value');
    case 'format':
      return issue.params.format === 'email' ? enText('validation.email') : enText('validation.value');
    default:
      return enText('validation.value');
  }
}

function fieldFor(issue: AjvIssue, context: string | undefined): string | null {
  // A schema may name the field its failures are reported on (an element of a list on the list's name).
  const named = issue.parentSchema?.['x-field'];
  if (typeof named === 'string') return named;
  const base = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const leaf = (issue.params.missingProperty ?? issue.params.additionalProperty) as string | undefined;
  const field = [base, leaf].filter(Boolean).join('.');
  return field || context || null;
}

/** One entry per field and message: several failures reported on one field (`x-field`) read as one. */
export function fieldMessages(issues: AjvIssue[], context: string | undefined): FieldMessage[] {
  const all = issues.map((issue) => ({ field: fieldFor(issue, context), message: messageFor(issue) }));
  return all.filter((m, i) => all.findIndex((o) => o.field === m.field && o.message === m.message) === i);
}
