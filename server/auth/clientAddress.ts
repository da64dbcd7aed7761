/**
 * Which proxies in front of the server are trusted to say who the client is (X-Forwarded-For) and
 * whether it came over https (X-Forwarded-Proto). TRUST_PROXY takes a hop count (`1`: the one
 * proxy in front; its own X-Forwarded-For entry, the last, is the client) or a comma-separated list
 * of proxy addresses or CIDR ranges. `1` used to mean "trust every hop", which let a client write
 * its own address into X-Forwarded-For and pass any per-address limit.
 */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

export function trustProxyFrom(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return false;
  // Hop i (0: the address that connected) is trusted to name the one before it while i < hops.
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address: string, hop: number) => hop < hops;
  }
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!list.length) return false;
  return list;
}
