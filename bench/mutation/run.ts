/**
 * `npm run bench:mutation`: Stryker over the rule modules of both sides (bench/mutation/modules.mjs),
 * one side at a time, one mutant at a time, then one score line per module. Not part of CI: it
 * takes minutes. Arguments narrow a run: a side name (`spa`, `server`) and/or module paths, e.g.
 * `npm run bench:mutation -- server` or `npm run bench:mutation -- core/jobs/money.ts`.
 * Exits 1 when a module scores under 90%.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ES module (the list of survivors judged equivalent, with reasons)
import { EQUIVALENT } from './equivalent.mjs';
// @ts-expect-error plain ES module shared with the Stryker and vitest configs
import { SIDES } from './modules.mjs';

interface Side {
  modules: { mutate: string; tests: string[] }[];
}
interface MutantResult {
  status: string;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
interface Report {
  files: Record<string, { source: string; mutants: MutantResult[] }>;
}
interface Equivalent {
  file: string;
  mutator: string;
  original: string;
  replacement: string;
  /** When set, the mutant's first source line must contain it (context for short originals such as `true`). */
  line?: string;
  reason: string;
}

const GOAL = 90;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STRYKER = path.join(ROOT, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');
const sides = SIDES as Record<string, Side>;

const argv = process.argv.slice(2);
/** `--from a.json,b.json`: no Stryker run, only the table from earlier reports (a later report wins per module). */
const fromIndex = argv.indexOf('--from');
const fromReports = fromIndex >= 0 ? (argv[fromIndex + 1] ?? '').split(',').filter(Boolean) : [];
const args = fromIndex >= 0 ? argv.filter((_, i) => i !== fromIndex && i !== fromIndex + 1) : argv;
const sideArgs = args.filter((a) => a in sides);
const pathArgs = args.filter((a) => !(a in sides));

interface Row {
  module: string;
  mutants: number;
  killed: number;
  survived: number;
  noCoverage: number;
  errors: number;
  equivalent: number;
  /** Stryker's score: killed / (killed + survived + no coverage). */
  score: number;
  /** The same without the survivors listed in equivalent.mjs: the number the 90% goal applies to. */
  scoreWithoutEquivalent: number;
  unexplained: string[];
}

/** The source text a mutant replaces. */
function originalOf(source: string, m: MutantResult): string {
  const lines = source.split('\n');
  const { start, end } = m.location;
  if (start.line === end.line) return lines[start.line - 1].slice(start.column - 1, end.column - 1);
  return [lines[start.line - 1].slice(start.column - 1), ...lines.slice(start.line, end.line - 1), lines[end.line - 1].slice(0, end.column - 1)].join('\n');
}

function isEquivalent(module: string, source: string, m: MutantResult): boolean {
  const original = originalOf(source, m);
  const line = source.split('\n')[m.location.start.line - 1];
  return (EQUIVALENT as Equivalent[]).some(
    (e) =>
      e.file === module &&
      e.mutator === m.mutatorName &&
      original.includes(e.original) &&
      (m.replacement ?? '').includes(e.replacement) &&
      (e.line === undefined || line.includes(e.line)),
  );
}

/**
 * One module's mutants across several reports: a later report wins mutant by mutant (a run narrowed
 * to some lines updates only those), and wholesale when the module's source changed in between.
 */
function mergedFile(reports: Report[], module: string): Report['files'][string] | undefined {
  let source: string | undefined;
  let byKey = new Map<string, MutantResult>();
  for (const report of reports) {
    const file = report.files[module];
    if (!file) continue;
    if (file.source !== source) byKey = new Map();
    source = file.source;
    for (const m of file.mutants) {
      const { start, end } = m.location;
      byKey.set(`${start.line}:${start.column}-${end.line}:${end.column} ${m.mutatorName} ${m.replacement ?? ''}`, m);
    }
  }
  return source === undefined ? undefined : { source, mutants: [...byKey.values()] };
}

function rowsOf(report: Report, modules: string[]): Row[] {
  return modules.map((module) => {
    const file = report.files[module];
    const mutants = file?.mutants ?? [];
    const count = (...statuses: string[]) => mutants.filter((m) => statuses.includes(m.status)).length;
    const killed = count('Killed', 'Timeout');
    const survived = count('Survived');
    const noCoverage = count('NoCoverage');
    const left = mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage');
    const equivalent = left.filter((m) => isEquivalent(module, file.source, m));
    const unexplained = left
      .filter((m) => !equivalent.includes(m))
      .map(
        (m) =>
          `${module}:${m.location.start.line}:${m.location.start.column} ${m.status} ${m.mutatorName}: ${originalOf(file.source, m).slice(0, 60)} → ${(m.replacement ?? '').slice(0, 60)}`,
      );
    const valid = killed + survived + noCoverage;
    return {
      module,
      mutants: mutants.length,
      killed,
      survived,
      noCoverage,
      errors: count('CompileError', 'RuntimeError'),
      equivalent: equivalent.length,
      score: valid ? (100 * killed) / valid : NaN,
      scoreWithoutEquivalent: valid - equivalent.length ? (100 * killed) / (valid - equivalent.length) : NaN,
      unexplained,
    };
  });
}

const rows: Row[] = [];
for (const [name, side] of Object.entries(sides)) {
  if (sideArgs.length && !sideArgs.includes(name)) continue;
  const modules = side.modules.map((m) => m.mutate).filter((m) => !pathArgs.length || pathArgs.includes(m));
  if (!modules.length) continue;
  if (fromReports.length) {
    const reports = fromReports.map((f) => JSON.parse(readFileSync(path.resolve(ROOT, f), 'utf8')) as Report);
    for (const module of modules) {
      const merged = mergedFile(reports, module);
      if (merged) rows.push(...rowsOf({ files: { [module]: merged } }, [module]));
    }
    continue;
  }
  const report = `reports/mutation/${name}.json`;
  console.log(`\n== mutation bench: ${name} (${modules.length} module(s)) ==`);
  const run = spawnSync(process.execPath, [STRYKER, 'run', 'bench/mutation/stryker.config.mjs', '--mutate', modules.join(',')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, MUTATION_SIDE: name, MUTATION_REPORT: report },
  });
  if (run.status !== 0) {
    console.error(`Stryker failed on the ${name} side (exit ${run.status ?? run.signal}).`);
    process.exit(run.status ?? 1);
  }
  rows.push(...rowsOf(JSON.parse(readFileSync(path.join(ROOT, report), 'utf8')) as Report, modules));
}

const width = Math.max(...rows.map((r) => r.module.length), 6);
console.log(`\n${'module'.padEnd(width)}  mutants  killed  survived  no cover  errors  equivalent   score  without equivalent`);
for (const r of rows) {
  const cells = [r.mutants, r.killed, r.survived, r.noCoverage, r.errors, r.equivalent].map((n, i) => String(n).padStart([7, 6, 8, 8, 6, 10][i]));
  const flag = r.scoreWithoutEquivalent < GOAL ? `  < ${GOAL}%` : '';
  console.log(
    `${r.module.padEnd(width)}  ${cells.join('  ')}  ${r.score.toFixed(1).padStart(5)}%  ${r.scoreWithoutEquivalent.toFixed(1).padStart(17)}%${flag}`,
  );
}
const unexplained = rows.flatMap((r) => r.unexplained);
if (unexplained.length) console.log(`\nSurvivors not judged equivalent (bench/mutation/equivalent.mjs):\n  ${unexplained.join('\n  ')}`);
const below = rows.filter((r) => !(r.scoreWithoutEquivalent >= GOAL));
if (below.length) {
  console.error(`\n${below.length} module(s) under ${GOAL}%.`);
  process.exit(1);
}
console.log(`\nEvery module at ${GOAL}% or more once the survivors judged equivalent are set aside.`);
