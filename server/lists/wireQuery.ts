/**
 * One list statement as pg runs it (pg's own Query: parse, bind, execute, named statements), with
 * its rows built the cheap way for a busy list page. Measured with `perf` on the bench's 2,000 pages
 * a second, pg's defaults cost the server a few hundredths of its CPU:
 * - pg copies a query given as a config object through property descriptors (~2 µs a statement);
 *   given its text and values, it does not.
 * - pg makes each row by spreading one empty row object; in a server running hundreds of
 *   statements, that one spread sees every row shape and V8 falls back to its slow, generic copy
 *   for all of them. Here each list of columns gets its own row function, an object literal of
 *   the columns in order, which V8 builds as fast as any literal; a statement's text keeps its
 *   columns' parsers and row function, checked against the columns each run describes.
 */
import pg from 'pg';
import type { FieldDef } from 'pg';

type Row = Record<string, unknown>;
type Parser = (text: string) => unknown;
export interface TypeParsers {
  getTypeParser(oid: number, format?: 'text' | 'binary'): Parser;
}

const MAX_SHAPES = 1000;
const rowFunctions = new Map<string, (values: unknown[]) => Row>();

// Object.fromEntries defines each key as its own property, `__proto__` too.
const genericRow = (names: readonly string[]) => (values: unknown[]) => Object.fromEntries(names.map((n, i) => [n, values[i]])) as Row;

/**
 * `values` → `{ [names[i]]: values[i] }`. The generated text is an object literal whose keys are
 * JSON string literals of the column names and whose values are `v[0]`, `v[1]`…: nothing of a
 * column name can run. A later column of the same name wins, as in pg. `__proto__` written in a
 * literal would set the prototype, so such a list gets the generic way.
 */
export function rowFunction(names: readonly string[]): (values: unknown[]) => Row {
  const key = names.join('\u0000');
  let make = rowFunctions.get(key);
  if (!make) {
    make = names.includes('__proto__')
      ? genericRow(names)
      : (new Function('v', `return { ${names.map((n, i) => `${JSON.stringify(n)}: v[${i}]`).join(', ')} };`) as (values: unknown[]) => Row);
    if (rowFunctions.size >= MAX_SHAPES) rowFunctions.clear();
    rowFunctions.set(key, make);
  }
  return make;
}

/** What a statement's rows need: a parser per column and the row function of its names. */
interface Shape {
  fields: readonly FieldDef[];
  typeParsers: TypeParsers;
  parsers: Parser[];
  make: (values: unknown[]) => Row;
}

const byText = new Map<string, Shape>();

const sameFields = (a: readonly FieldDef[], b: readonly FieldDef[]) =>
  a.length === b.length && a.every((f, i) => f.name === b[i].name && f.dataTypeID === b[i].dataTypeID && f.format === b[i].format);

/**
 * The shape of a statement's rows, kept per statement text: a list page sends the same few texts
 * again and again, and the columns they describe are compared, not joined into a key each time.
 */
function shapeOf(text: string, fields: readonly FieldDef[], typeParsers: TypeParsers): Shape {
  const known = byText.get(text);
  if (known && known.typeParsers === typeParsers && sameFields(known.fields, fields)) return known;
  const shape: Shape = {
    fields,
    typeParsers,
    parsers: fields.map((f) => typeParsers.getTypeParser(f.dataTypeID, f.format === 'binary' ? 'binary' : 'text')),
    make: rowFunction(fields.map((f) => f.name)),
  };
  if (byText.size >= MAX_SHAPES) byText.clear();
  byText.set(text, shape);
  return shape;
}

/** pg's Query methods this class takes over or calls (pg runs them; its typings do not list them). */
interface QueryHandlers {
  handleError(err: Error, connection: unknown): void;
  handleReadyForQuery(connection: unknown): void;
}

// Field names differ from pg.Query's own (text, values, name, types, rows, ...), which its submit reads.
export class WireQuery extends pg.Query {
  readonly pageRows: Row[] = [];
  private shape: Shape | null = null;
  private rowFailure: Error | null = null;

  constructor(
    private readonly sqlText: string,
    values: readonly unknown[],
    name: string | undefined,
    private readonly typeParsers: TypeParsers,
  ) {
    super(sqlText, values as unknown[]);
    // pg reads the name when it sends the statement (submit), after this.
    (this as unknown as { name?: string }).name = name;
  }

  handleRowDescription(msg: { fields: FieldDef[] }): void {
    this.shape = shapeOf(this.sqlText, msg.fields, this.typeParsers);
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    const shape = this.shape;
    if (this.rowFailure || !shape) return;
    const values: unknown[] = msg.fields;
    try {
      for (let i = 0; i < values.length; i++) if (values[i] !== null) values[i] = shape.parsers[i](values[i] as string);
    } catch (err) {
      // As pg does: the statement still runs to its end, then fails with the parser's error.
      this.rowFailure = err as Error;
      return;
    }
    this.pageRows.push(shape.make(values));
  }

  handleReadyForQuery(connection: unknown): void {
    const pgQuery = pg.Query.prototype as unknown as QueryHandlers;
    if (this.rowFailure) return pgQuery.handleError.call(this, this.rowFailure, connection);
    pgQuery.handleReadyForQuery.call(this, connection);
  }
}
