/**
 * `dutch-check <file.trf> [--from <round>]`: the FIDE Dutch pairings checker (FIDE Handbook C.04.A asks an endorsed
 * program for one). Each round of a TRF-16 file is paired again from the rounds before it; the command prints for
 * every round whether the file's pairs, colours and bye are what the Dutch rules give, and where not, how they differ.
 * Exit 0 when every round agrees, 1 when some round differs, 2 on a bad invocation or an unreadable file.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkTrf } from '../../libs/domain/pairing/dutch/index.js';

export function dutchCheckCommand(args: string[], out: (line: string) => void, err: (line: string) => void): number {
  const { values, positionals } = parseArgs({ args, options: { from: { type: 'string' } }, allowPositionals: true });
  const file = positionals[0];
  if (!file) {
    err('dutch-check needs a TRF-16 file: dutch-check <file.trf> [--from <round>]');
    return 2;
  }
  const from = values.from === undefined ? 1 : Number(values.from);
  if (!Number.isInteger(from) || from < 1) {
    err(`--from must be a round number from 1; got ${values.from}`);
    return 2;
  }
  const text = readText(file, err);
  if (text === null) return 2;
  const checks = checkTrf(text, from);
  if (checks.length === 0) {
    err(`${file} holds no round from ${from} on to check`);
    return 2;
  }
  for (const c of checks) {
    out(`round ${c.round}: ${c.identical ? 'as the Dutch rules pair it (C.04.3)' : c.difference === 'colours' ? 'same pairs, other colours' : 'other pairs'}`);
    for (const d of c.details) out(`  ${d}`);
  }
  const differing = checks.filter((c) => !c.identical).length;
  out(`${checks.length - differing} of ${checks.length} round(s) agree`);
  return differing === 0 ? 0 : 1;
}

/** A file's text, or null after saying why it cannot be read. */
export function readText(file: string, err: (line: string) => void): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    err(`cannot read ${file}: ${(e as Error).message}`);
    return null;
  }
}
