/**
 * The parse worker's task (run by piscina in a worker thread, see parseBatch.ts): a batch of fetched
 * mails in, their parsed rows out. Buffers arrive as plain Uint8Arrays (structured clone).
 */
import { parseMessages, type ParseOutcome, type RawMessage } from './parse';

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export default function parseInWorker(messages: RawMessage[]): Promise<ParseOutcome[]> {
  return parseMessages(messages.map((m) => ({ ...m, source: asBuffer(m.source) })));
}
