/**
 * Survivors judged equivalent: the mutant cannot change what a user or client sees (docs/TESTING.md
 * gives the same list). A surviving mutant matches an entry when the file and the mutator are the
 * same, the mutated source text contains `original` and the replacement contains `replacement`
 * (no line numbers, so edits elsewhere in the file do not break the match). The bench reports the
 * raw score and the score without these; any survivor not listed here counts against the module.
 */
export const EQUIVALENT = [
  // core/jobs/money.ts
  {
    file: 'core/jobs/money.ts',
    mutator: 'StringLiteral',
    original: "'0'",
    replacement: '""',
    line: "match[2] || '0'",
    reason: "match[2] || '0' → '': BigInt('' + digits) equals BigInt('0' + digits), and BigInt('') is 0n.",
  },
  {
    file: 'core/jobs/money.ts',
    mutator: 'ConditionalExpression',
    original: 'r === 0n',
    replacement: 'false',
    reason: 'divRound: with r = 0 the next check (2·|r| < d) returns q anyway; the early return is a shortcut.',
  },
  {
    file: 'core/jobs/money.ts',
    mutator: 'EqualityOperator',
    original: 'r < 0n',
    replacement: 'r <= 0n',
    reason: 'divRound: r is never 0 there (returned earlier), and -0n is 0n.',
  },
  {
    file: 'core/jobs/money.ts',
    mutator: 'EqualityOperator',
    original: 'n < 0n',
    replacement: 'n <= 0n',
    reason: 'divRound: n = 0 gives r = 0, which returned earlier.',
  },
  // core/access/access.ts
  {
    file: 'core/access/access.ts',
    mutator: 'ConditionalExpression',
    original: 'any.length > 0',
    replacement: 'true',
    reason: '[].some(...) is false, the same as the guard.',
  },
  {
    file: 'core/access/access.ts',
    mutator: 'EqualityOperator',
    original: 'any.length > 0',
    replacement: 'any.length >= 0',
    reason: '[].some(...) is false, the same as the guard.',
  },
  // core/mail/compose/addresses.ts
  {
    file: 'core/mail/compose/addresses.ts',
    mutator: 'Regex',
    original: '/^(.*)<([^<>]*)>$/',
    replacement: '/(.*)<([^<>]*)>$/',
    reason: '(.*) can always start at index 0, so the leftmost match is the same without ^.',
  },
  {
    file: 'core/mail/compose/addresses.ts',
    mutator: 'ConditionalExpression',
    original: "typeof item === 'object'",
    replacement: 'true',
    reason: 'Only a truthy non-object with a string address property (a function) would pass; JSON wire input cannot hold one.',
  },
  // src/notices/noticeStore.ts
  {
    file: 'src/notices/noticeStore.ts',
    mutator: 'ConditionalExpression',
    original: 'handle !== undefined',
    replacement: 'true',
    reason: 'clearTimeout(undefined) does nothing.',
  },
  {
    file: 'src/notices/noticeStore.ts',
    mutator: 'CallExpression',
    original: 'handles.delete(id);',
    replacement: ';',
    reason: 'Leaves a stale timer handle for an id that is never reused: memory only, nothing shown changes.',
  },
  {
    file: 'src/notices/noticeStore.ts',
    mutator: 'UpdateOperator',
    original: 'nextId++',
    replacement: 'nextId--',
    reason: 'Ids stay unique (1, 0, −1 …); they are opaque keys.',
  },
  {
    file: 'src/notices/noticeStore.ts',
    mutator: 'ConditionalExpression',
    original: 'last !== undefined',
    replacement: 'true',
    reason: 'now − undefined is NaN and NaN < 2000 is false: no echo, as with the guard.',
  },
  // src/mail/client/useMailAccounts.ts
  {
    file: 'src/mail/client/useMailAccounts.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line: '}, []);',
    reason: 'useCallback deps: a constant list either way, so reload keeps its identity.',
  },
  {
    file: 'src/mail/client/useMailAccounts.ts',
    mutator: 'ArrayDeclaration',
    original: '[reload]',
    replacement: '[]',
    reason: 'reload never changes identity (constant deps), so the effect runs once either way.',
  },
  // src/storage/expiringStorage.ts
  {
    file: 'src/storage/expiringStorage.ts',
    mutator: 'BlockStatement',
    original: '{\n    // No window',
    replacement: '{}',
    reason: 'storage() then returns undefined instead of null; every caller treats both alike (?. and !store).',
  },
  {
    file: 'src/storage/expiringStorage.ts',
    mutator: 'OptionalChaining',
    original: 'storage()?.setItem',
    replacement: 'storage().setItem',
    reason: 'A null storage throws inside the try, which the catch swallows, as ?. would.',
  },
  // core/resources/engine/schema.ts
  {
    file: 'core/resources/engine/schema.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    line: 'excludeEmptyString: true',
    reason: "excludeEmptyString: '' never reaches matches(), emptyToNull has already made it null.",
  },
  {
    file: 'core/resources/engine/schema.ts',
    mutator: 'ConditionalExpression',
    original: 'field.pattern',
    replacement: 'true',
    reason: "yup's matches(undefined) is value.search(undefined) !== -1, which always matches.",
  },
  {
    file: 'core/resources/engine/schema.ts',
    mutator: 'ConditionalExpression',
    original: 'field.requiredWhen',
    replacement: 'true',
    reason: 'parent[undefined] !== true, so the added test always passes.',
  },
  {
    file: 'core/resources/engine/schema.ts',
    mutator: 'OptionalChaining',
    original: 'ctx.parent?.[flag]',
    replacement: 'ctx.parent[flag]',
    reason: 'Field schemas only run inside the record schema, where parent is always set.',
  },
  {
    file: 'core/resources/engine/schema.ts',
    mutator: 'StringLiteral',
    original: "'create'",
    replacement: '""',
    reason: "Default mode: only 'update' is ever tested for, so '' behaves as 'create'.",
  },
  {
    file: 'core/resources/engine/schema.ts',
    mutator: 'ArrayDeclaration',
    original: '[err]',
    replacement: '[]',
    reason: 'With abortEarly: false yup always fills inner; the fallback never runs.',
  },
  {
    file: 'core/resources/engine/schema.ts',
    mutator: 'StringLiteral',
    original: "''",
    replacement: '"Stryker was here!"',
    line: "e.path ?? ''",
    reason: "e.path ?? '': yup gives every error a path ('' at the root); the fallback never runs.",
  },
  {
    file: 'core/resources/engine/schema.ts',
    mutator: 'ConditionalExpression',
    original: 'err instanceof TypeError',
    replacement: 'true',
    reason: 'validateSync throws a ValidationError or, from a cast, a TypeError; nothing else reaches this branch.',
  },
  // server/envelope/pgErrors.ts
  {
    file: 'server/envelope/pgErrors.ts',
    mutator: 'ConditionalExpression',
    original: "typeof (err as PgError).code === 'string'",
    replacement: 'true',
    reason: 'A non-string code never equals one of the switch’s string cases: null either way.',
  },
  {
    file: 'server/envelope/pgErrors.ts',
    mutator: 'Regex',
    original: '/^[0-9A-Z]{5}$/',
    replacement: '/[0-9A-Z]{5}$/',
    reason: 'The switch needs the exact code anyway: a longer code maps to null either way.',
  },
  {
    file: 'server/envelope/pgErrors.ts',
    mutator: 'Regex',
    original: '/^[0-9A-Z]{5}$/',
    replacement: '/^[0-9A-Z]{5}/',
    reason: 'The switch needs the exact code anyway: a longer code maps to null either way.',
  },
  {
    file: 'server/envelope/pgErrors.ts',
    mutator: 'StringLiteral',
    original: "''",
    replacement: '"Stryker was here!"',
    line: "err.detail ?? ''",
    reason: "No 'Key (' text either way, so the column fallback answers, as for ''.",
  },
  {
    file: 'server/envelope/pgErrors.ts',
    mutator: 'StringLiteral',
    original: "''",
    replacement: '"Stryker was here!"',
    line: "code ?? ''",
    reason: 'The code is known to be a string there; the fallback never runs.',
  },
  {
    file: 'server/envelope/pgErrors.ts',
    mutator: 'ConditionalExpression',
    original: "typeof code === 'string'",
    replacement: 'true',
    reason: 'isDatabaseOutage: the code sets hold strings only, so has() of a non-string is false either way.',
  },
  {
    file: 'server/envelope/pgErrors.ts',
    mutator: 'ConditionalExpression',
    original: 'cause !== undefined',
    replacement: 'true',
    reason: 'isDatabaseOutage(undefined) is false (not an Error), the same as the guard.',
  },
  // server/jobs/filterParse.ts
  {
    file: 'server/jobs/filterParse.ts',
    mutator: 'ConditionalExpression',
    original: "typeof v === 'number'",
    replacement: 'true',
    reason: 'isId: Number.isInteger() of a non-number is false, the same as the guard.',
  },
];
