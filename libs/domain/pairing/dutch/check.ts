/**
 * The pairings checker (FIDE Handbook C.04.A asks an endorsed program for one): for each round of a
 * TRF-16 file, pair that round with the Dutch engine from the rounds before it and say whether the
 * file's pairing and colours are the same, and where not, how they differ. Pure.
 */
import { pairKey } from '../field.js';
import { dutchPairing, type DutchResult } from './dutch.js';
import { dutchPlayers, type Colour } from './players.js';
import { readTrf, trfCrossTable, trfRound, type TrfFile } from './trf-read.js';

export interface RoundCheck {
  readonly round: number;
  /** Same pairs, same colours and the same bye. */
  readonly identical: boolean;
  /** 'pairs' when the pairs or the bye differ; 'colours' when only colours differ. */
  readonly difference: 'pairs' | 'colours' | null;
  /** Human-readable: the pairs only in the file, only in the engine's pairing, and colour flips. */
  readonly details: readonly string[];
  readonly engine: DutchResult | null;
  /** An engine refusal (no valid pairing), if any. */
  readonly error?: string;
}

/** E.5's initial colour: XXC when given, else inferred from the first round with colours (as TRF readers do). */
export function initialColourOf(file: TrfFile): Colour {
  if (file.initialColour) return file.initialColour;
  const players = file.players.slice().sort((a, b) => a.tpn - b.tpn);
  for (let r = 0; r < file.roundsInFile; r++) {
    const withColour = players.filter((p) => p.blocks[r] && (p.blocks[r] as { colour: Colour | null }).colour !== null);
    const participants = players.filter(
      (p) => p.blocks[r] && ((p.blocks[r] as { opponent: number }).opponent > 0 || (p.blocks[r] as { result: string }).result === 'U'),
    );
    const first = withColour[0];
    if (!first) continue;
    const k = participants.indexOf(first);
    const c = (first.blocks[r] as { colour: Colour }).colour;
    return k % 2 === 0 ? c : c === 'W' ? 'B' : 'W';
  }
  return 'W';
}

/** Pairs round `round` of the file from its earlier rounds, with the players the file paired in that round. */
export function pairTrfRound(file: TrfFile, round: number, budget?: number): DutchResult {
  const { paired } = trfRound(file, round);
  // E.5 reads pairing numbers among the players who have taken part in a pairing so far (a player absent from every
  // round up to this one has none yet), as TRF-16 readers number them.
  const inPairing = new Set(paired);
  const effective = file.players
    .filter((p) => inPairing.has(String(p.tpn)) || p.blocks.slice(0, round - 1).some((b) => b !== null && (b.opponent > 0 || b.result === 'U')))
    .sort((a, b) => a.tpn - b.tpn);
  const number = new Map(effective.map((p, i) => [p.tpn, i + 1]));
  const rows = trfCrossTable(file, round).map((r) => ({ ...r, tpn: number.get(r.tpn) ?? r.tpn + file.players.length }));
  return dutchPairing({
    round,
    totalRounds: file.plannedRounds ?? file.roundsInFile,
    initialColour: initialColourOf(file),
    players: dutchPlayers(rows, paired, round, undefined, (id, r) => file.accelerations.get(Number(id))?.[r - 1] ?? 0),
    forbidden: [],
    ...(budget !== undefined && { budget }),
  });
}

export function checkRound(file: TrfFile, round: number, budget?: number): RoundCheck {
  const expected = trfRound(file, round);
  let engine: DutchResult;
  try {
    engine = pairTrfRound(file, round, budget);
  } catch (e) {
    return { round, identical: false, difference: 'pairs', details: [`engine refused: ${(e as Error).message}`], engine: null, error: (e as Error).message };
  }
  const mine = new Map(engine.games.map((g) => [pairKey(g.white, g.black), g.white]));
  const theirs = new Map(expected.games.map(([w, b]) => [pairKey(w, b), w]));
  const details: string[] = [];
  for (const [w, b] of expected.games) if (!mine.has(pairKey(w, b))) details.push(`file pairs ${w}–${b}, the engine does not`);
  for (const g of engine.games) if (!theirs.has(pairKey(g.white, g.black))) details.push(`the engine pairs ${g.white}–${g.black}, the file does not`);
  if (engine.bye !== expected.bye) details.push(`bye: file ${expected.bye ?? 'none'}, engine ${engine.bye ?? 'none'}`);
  const pairsDiffer = details.length > 0;
  for (const g of engine.games) {
    const w = theirs.get(pairKey(g.white, g.black));
    if (w !== undefined && w !== g.white) details.push(`colours of ${g.white}–${g.black}: file has ${w} white (engine ${g.colourRule})`);
  }
  const difference = pairsDiffer ? 'pairs' : details.length > 0 ? 'colours' : null;
  return { round, identical: difference === null, difference, details, engine };
}

/** Checks every round of a TRF-16 text from `from` (default 1) on. */
export function checkTrf(text: string, from = 1, budget?: number): RoundCheck[] {
  const file = readTrf(text);
  const out: RoundCheck[] = [];
  for (let r = from; r <= file.roundsInFile; r++) out.push(checkRound(file, r, budget));
  return out;
}
