/**
 * Free text on a lower-cased, trigram-indexed search column: "the column contains this text".
 *
 * One `LIKE '%amelia smith%'` makes the index intersect the trigrams that span the words too
 * ('a s', ' sm', 'ia '), which sit in a large share of all rows and cost more to read than they
 * narrow. When every word has 3 characters or more, each word is its own `LIKE` (its trigrams are
 * the index condition) and `strpos` confirms the whole text on the few rows left: the same matches,
 * found in less time (docs/PERFORMANCE.md). A word under 3 characters ('12 mill lane') has no
 * trigram of its own, so there the trigrams across the words are what narrows, and the text stays
 * one `LIKE`.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { containsPattern } from '../resources/likeEscape';

const MIN_WORD = 3;

/** The parts each matched by a LIKE, and the whole text `strpos` confirms when they are words. */
export interface SearchParts {
  likes: string[];
  confirm?: string;
}

export function searchParts(text: string): SearchParts {
  const words = [...new Set(text.split(/\s+/).filter(Boolean))];
  if (words.length < 2 || words.some((w) => w.length < MIN_WORD)) return { likes: [text] };
  return { likes: words, confirm: text };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function containsText(eb: ExpressionBuilder<any, any>, column: string, { likes, confirm }: SearchParts): Expression<SqlBool> {
  const parts = likes.map((part) => eb(column, 'like', containsPattern(part)));
  return eb.and(confirm === undefined ? parts : [...parts, sql<SqlBool>`strpos(${sql.ref(column)}, ${confirm}) > 0`]);
}
