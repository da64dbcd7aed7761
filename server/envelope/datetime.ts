/** The wire date format of API.md: 'YYYY-MM-DD HH:mm:ss', always UTC. */
export function toWireDate(value: Date | string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

export function serverDatetime(): string {
  return toWireDate(new Date()) as string;
}
