/**
 * JSON schemas of the envelope for route `response` declarations: they put the wire shape into
 * the OpenAPI document and let Fastify serialise answers quickly. `data` defaults to "anything".
 */
export type JsonSchema = Record<string, unknown>;

export const dbErrorSchema: JsonSchema = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    primary: { type: ['string', 'null'] },
    details: { type: ['string', 'null'] },
    general: { type: ['string', 'null'] },
  },
  required: ['error', 'primary', 'details', 'general'],
};

export function envelopeBodySchema(data: JsonSchema = {}): JsonSchema {
  return {
    type: 'object',
    properties: {
      data,
      warning: { type: ['string', 'null'] },
      metadata: {
        type: 'object',
        properties: {
          server_datetime: { type: 'string', description: "'YYYY-MM-DD HH:mm:ss' UTC" },
          userData: { type: 'object', properties: { isLogged: { type: 'boolean' } }, required: ['isLogged'] },
          totalCount: { type: 'integer' },
        },
        required: ['server_datetime', 'userData'],
      },
      dbErrors: { anyOf: [{ type: 'array', items: dbErrorSchema }, { type: 'null' }] },
    },
    required: ['data', 'warning', 'metadata', 'dbErrors'],
  };
}

/** `{ [key]: body }` for one key. */
export function envelopeSchema(key: string, data: JsonSchema = {}, description?: string): JsonSchema {
  return { type: 'object', description, properties: { [key]: envelopeBodySchema(data) }, required: [key] };
}

/** The failure answers every API route may give (4xx/5xx envelopes with data null). */
export function errorResponses(key: string): Record<string, JsonSchema> {
  return {
    '4xx': envelopeSchema(
      key,
      { type: 'null' },
      'Refused: dbErrors[0].error is VALIDATION, AUTH_REQUIRED, FORBIDDEN, NOT_FOUND, CONFLICT, TOO_LARGE or RATE_LIMITED',
    ),
    '5xx': envelopeSchema(key, { type: 'null' }, 'Fault: dbErrors[0].general holds the id of the server error log entry'),
  };
}

/** 200 (or another success code) with the given data schema, plus the error answers. */
export function responses(key: string, data: JsonSchema = {}, status = 200): Record<string, JsonSchema> {
  return { [status]: envelopeSchema(key, data), ...errorResponses(key) };
}

/**
 * A route serialiser that is JSON.stringify: for answers whose rows the handler builds itself
 * (nothing for a schema to strip), the schema-compiled serialiser built tens of KB of intermediate
 * strings per list page and cost more CPU. The response schema still documents the answer.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);
