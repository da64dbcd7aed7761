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

function messageFor(issue: AjvIssue): string {
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
  const base = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const leaf = (issue.params.missingProperty ?? issue.params.additionalProperty) as string | undefined;
  const field = [base, leaf].filter(Boolean).join('.');
  return field || context || null;
}

export function fieldMessages(issues: AjvIssue[], context: string | undefined): FieldMessage[] {
  return issues.map((issue) => ({ field: fieldFor(issue, context), message: messageFor(issue) }));
}
