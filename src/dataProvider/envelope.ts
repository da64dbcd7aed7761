/** Reading the one-key envelope of API.md ({ <group>: { data, warning, metadata, dbErrors } }). */
import type { EnvelopeBody } from '../../core/envelope/types';

const BODY_KEYS = ['data', 'warning', 'metadata', 'dbErrors'];

function looksLikeBody(value: unknown): value is Partial<EnvelopeBody> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && BODY_KEYS.some((key) => key in value);
}

/** The body under the envelope's key; a bare body is accepted too. Null when the JSON is no envelope. */
export function unwrapEnvelope(json: unknown): Partial<EnvelopeBody> | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  if (looksLikeBody(json)) return json;
  const values = Object.values(json);
  const body = values.length === 1 ? values[0] : undefined;
  return looksLikeBody(body) ? body : null;
}
