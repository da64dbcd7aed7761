/**
 * Request body schemas of `action(...)` routes (server/http/route.ts), enforced by AJV before the
 * handler runs, without changing what the handler receives:
 * - The body is only checked, never changed: no type coercion, no defaults, nothing removed
 *   (the app-wide AJV coerces, which suits query strings but would turn a body's `null` into `0`).
 * - The check sees the body as the handlers read it (server/http/objects.ts): an absent body is
 *   `{}`, and a property that is `null` or `''` counts as absent, so `required` answers the spec's
 *   "required" for it too.
 * - A schema may carry `x-message` (an i18n key) for the answer to its own failures where the
 *   generic wording of server/envelope/fastifyValidation.ts is not the spec's, `x-required-message`
 *   for the answer to its absence, and `x-field` for the field its failures are reported on (the
 *   handlers named a bad element of a list by the list's name).
 * Params and query strings of the same routes are compiled exactly as the app compiles them.
 */
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler } from 'fastify';
import type { JsonSchema } from '../envelope/schemas';

/** The app's own AJV options (server/app.ts). */
export const APP_AJV_OPTIONS = { removeAdditional: false, allErrors: true } as const;

const appCompiler = AjvCompiler()({}, { customOptions: { ...APP_AJV_OPTIONS } });
const bodyCompiler = AjvCompiler()(
  {},
  {
    customOptions: { ...APP_AJV_OPTIONS, coerceTypes: false, useDefaults: false, verbose: true, allowUnionTypes: true },
    // `x-message`, `x-required-message`, `x-field` (above) and OpenAPI's `example` are annotations the check itself ignores.
    onCreate: (ajv) =>
      ajv
        .addKeyword({ keyword: 'x-message', schemaType: 'string' })
        .addKeyword({ keyword: 'x-required-message', schemaType: 'string' })
        .addKeyword({ keyword: 'x-field', schemaType: 'string' })
        .addKeyword({ keyword: 'example' }),
  },
);

/** The body as handlers read it: null and '' properties left out, absent → {}. Other values as they are. */
function asChecked(value: unknown): unknown {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== ''));
}

type ValidationResult = ReturnType<FastifySchemaCompiler<JsonSchema>>;

/** The route-level validator compiler of action routes that declare a body. */
export const actionValidatorCompiler: FastifySchemaCompiler<JsonSchema> = (route) => {
  if (route.httpPart !== 'body') return appCompiler(route);
  const check = bodyCompiler(route) as unknown as ValidationResult;
  const validate: ValidationResult = (data: unknown) => {
    const ok = check(asChecked(data));
    validate.errors = check.errors;
    return ok;
  };
  return validate;
};

/** `{ type: 'object', properties, required }`: the usual body, other properties left to the handler. */
export function objectBody(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}
