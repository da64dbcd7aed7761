/** Brand domains (SPEC.md point 5: "name and type must be valid"), shared by the brand editor and the server. */
export const DOMAIN_TYPES = ['primary', 'alias'] as const;
export type DomainType = (typeof DOMAIN_TYPES)[number];

export interface DomainInput {
  d_id?: number | null;
  d_type: DomainType;
  d_name: string;
  d_enabled: boolean;
  d_config?: Record<string, unknown>;
}

/** A host name as the brand hook compares it: lower case, no port, labels of letters, digits and hyphens. */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export function isValidDomainName(name: unknown): boolean {
  if (typeof name !== 'string' || name.length === 0 || name.length > 253 || name !== name.toLowerCase()) return false;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(name)) return true;
  return name.split('.').every((label) => LABEL.test(label));
}

export function isValidDomainType(type: unknown): type is DomainType {
  return typeof type === 'string' && (DOMAIN_TYPES as readonly string[]).includes(type);
}

/** Index of every domain row whose name or type is wrong, plus a list-level problem (no or several primaries). */
export function domainProblems(domains: readonly Partial<DomainInput>[]): { rows: number[]; primaryCount: number } {
  const rows = domains.flatMap((d, i) => (isValidDomainName(d.d_name) && isValidDomainType(d.d_type) ? [] : [i]));
  return { rows, primaryCount: domains.filter((d) => d.d_type === 'primary').length };
}
