/**
 * A list page read in two statements: the first chooses the page's ids (filter, sort, paging, the
 * total), the second reads those rows by id. This puts the rows back in the page's order; a row
 * deleted between the two reads is left out rather than shown empty.
 */
type Row = Record<string, unknown>;

export function inPageOrder<R extends Row>(page: readonly Row[], rows: readonly R[], idField: string): R[] {
  const byId = new Map<unknown, R>(rows.map((r) => [r[idField], r]));
  return page.flatMap<R>((p) => byId.get(p[idField]) ?? []);
}
