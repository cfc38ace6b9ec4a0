import { parse } from 'csv-parse/sync';
import { createHash } from 'node:crypto';
import {
  checkImport,
  headerProblems,
  IMPORT_RULE,
  type EngineProfile,
  type ImportLine,
  type LineProblem,
  type RegistryState,
} from '../../domain/ratings/index.js';
import { personNameProblem } from '../person-name.js';
import { ProblemException } from '../problem.js';

/** A rating list's CSV read into lines (cells as text, names in NFC), the file's SHA-256, and every refused line. */
export function readRatingList(text: string, engine: EngineProfile, registry: RegistryState): { sha256: string; lines: ImportLine[] } {
  const sha256 = createHash('sha256').update(text, 'utf8').digest('hex');
  let header: string[] = [];
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      columns: (h: string[]) => (header = h.map((c) => c.trim())),
      skip_empty_lines: true,
      info: true,
    }) as typeof records;
  } catch (e) {
    const line = (e as { lines?: number }).lines ?? 1;
    throw refused([{ line, column: 'file', message: `line ${line} is not CSV: ${(e as Error).message}` }]);
  }
  const bad = headerProblems(header, engine);
  if (bad.length > 0) throw refused(bad.map((message) => ({ line: 1, column: 'header', message })));
  const lines: ImportLine[] = records.map(({ record, info }) => ({
    line: info.lines,
    cells: { ...record, ...(record.name !== undefined && { name: record.name.normalize('NFC') }) },
  }));
  // Names read as people read them (the project's rule for person names), then the engine's and the registry's checks.
  const problems: LineProblem[] = [];
  for (const l of lines) {
    const why = personNameProblem(l.cells.name);
    if (why !== null) problems.push({ line: l.line, column: 'name', message: `name ${why}` });
  }
  problems.push(...checkImport(lines, engine, registry).problems);
  if (problems.length > 0) throw refused(problems.sort((a, b) => a.line - b.line));
  return { sha256, lines };
}

/** 422 naming every refused line (field `line N: column`), the first in `field`. */
function refused(problems: readonly LineProblem[]): ProblemException {
  const errors = problems.map((p) => ({ field: `line ${p.line}: ${p.column}`, rule: IMPORT_RULE, message: p.message }));
  return new ProblemException(
    422,
    'ratings/import-lines',
    'Unprocessable list',
    `${problems.length} line(s) refused; nothing was imported. ${errors[0].field}: ${errors[0].message}`,
    {
      field: errors[0].field,
      rule: IMPORT_RULE,
      errors,
    },
  );
}
