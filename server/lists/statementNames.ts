/**
 * Names for prepared statements, one per statement text. A named statement is parsed once on each
 * pool connection and, once PostgreSQL finds its generic plan no dearer than planning for each
 * request's values (after five runs), planned once too, which on the job sheet's search, with its
 * two dozen indexes to weigh, is a fair share of the statement's time (docs/PERFORMANCE.md).
 *
 * A name is never given to another text (pg refuses a name reused for another text on a
 * connection), and each connection keeps every statement it was sent under a name, so the names are
 * bounded: past MAX_NAMED texts in this process, statements run unnamed, as they would without this.
 */
export const MAX_NAMED = 256;

const names = new Map<string, string>();

export function statementName(sqlText: string): string | undefined {
  const known = names.get(sqlText);
  if (known !== undefined || names.size >= MAX_NAMED) return known;
  const name = `fo_${names.size + 1}`;
  names.set(sqlText, name);
  return name;
}
