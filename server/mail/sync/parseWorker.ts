/**
 * The parse worker's task (run by piscina in a worker thread, see parseBatch.ts): a batch of fetched
 * mails in, their parsed rows out. Buffers arrive as plain Uint8Arrays (structured clone).
 */
import { parseMessage, type ParsedMessage, type RawMessage } from './parse';

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export default async function parseInWorker(messages: RawMessage[]): Promise<ParsedMessage[]> {
  const parsed: ParsedMessage[] = [];
  // One mail at a time: 200 parses under way at once keep their buffers alive longer (more garbage collection).
  for (const m of messages) parsed.push(await parseMessage({ ...m, source: asBuffer(m.source) }));
  return parsed;
}
