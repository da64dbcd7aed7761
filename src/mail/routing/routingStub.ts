/** Tests' stand-in for the routing calls: a mail filed by nothing, an empty triage list (or what `over` says). */
import { vi } from 'vitest';
import type { RoutingProvider } from './routingProvider';

export function routingStub(over: Partial<RoutingProvider> = {}): RoutingProvider {
  return {
    mailRouting: vi.fn<RoutingProvider['mailRouting']>().mockResolvedValue(null),
    unroutedMails: vi.fn<RoutingProvider['unroutedMails']>().mockResolvedValue({ rows: [], total: 0 }),
    fileMail: vi.fn<RoutingProvider['fileMail']>().mockResolvedValue(true),
    fileMails: vi.fn<RoutingProvider['fileMails']>().mockResolvedValue(true),
    unroutedCount: vi.fn<RoutingProvider['unroutedCount']>().mockResolvedValue(0),
    ...over,
  };
}
