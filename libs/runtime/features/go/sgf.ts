/**
 * SGF (FF[4], red-bean.com/sgf) export and import through @sabaki/sgf. Export: players, ranks, komi,
 * handicap stones, the rules' basic time and overtime, each move with the mover's time left (BL/WL,
 * seconds; negative in Ing penalty-point overtime) and byo-yomi periods left (OB/OW), the result.
 * Import gives the commands that replay the main line through the decider: every move with the time its
 * BL/WL write (kept as the file's, never as a clock reading), then the written result (issue 30).
 */
import sgf, { type SgfNode } from '@sabaki/sgf';
import type { BoardSize, GoGame, GoPlayer, GoRulesOverrides, GoStep, Seat } from '../../../domain/disciplines/go/index.js';
import { DomainError, type RecordSource } from '../../../domain/kernel/index.js';
import { readSgfResult } from './sgf-result.js';

const SGF_RULE = 'SGF FF[4] (red-bean.com/sgf): properties GM, SZ, PB, PW, BR, WR, KM, HA, AB, TM, OT, RE; moves B/W with BL/WL and OB/OW';
const refuse = (message: string): never => {
  throw new DomainError('go/sgf-unreadable', message, SGF_RULE, 'invalid', 'sgf');
};
const seconds = (ms: number) => String(Math.round(ms) / 1000);

/** The game as SGF: a game played here, or an imported record with only what its file says (issue 30). */
export function exportSgf(g: GoGame): string {
  const root = g.source ? importedRoot(g) : playedRoot(g);
  const nodes: SgfNode[] = g.moves.map((m) => {
    const c = m.seat === 0 ? 'B' : 'W';
    const left = g.source ? m.written?.leftMs : m.remainingMs;
    const periods = g.source ? m.written?.periods : m.periodsLeft;
    return {
      data: {
        [c]: [m.point ?? ''],
        ...(left !== undefined && { [`${c}L`]: [seconds(left)] }),
        ...(periods !== undefined && { [`O${c}`]: [String(periods)] }),
        ...(m.ruling && { C: [`Ruling: ${m.ruling.note}`] }),
      },
      children: [],
    };
  });
  const tree: SgfNode = { data: root, children: [] };
  nodes.reduce((parent, node) => {
    parent.children.push(node);
    return node;
  }, tree);
  return sgf.stringify([tree]);
}

function playedRoot(g: GoGame): Record<string, string[]> {
  const o = g.rules.overtime;
  return {
    GM: ['1'],
    FF: ['4'],
    CA: ['UTF-8'],
    AP: ['Arbitra:1'],
    SZ: [String(g.boardSize)],
    RU: ['Ing'],
    DT: [g.startedAt.slice(0, 10)],
    PB: [g.players[0].name],
    PW: [g.players[1].name],
    ...(g.players[0].rank && { BR: [g.players[0].rank] }),
    ...(g.players[1].rank && { WR: [g.players[1].rank] }),
    KM: [String(g.compensation)],
    ...(g.handicapStones.length > 0 && { HA: [String(g.handicapStones.length)], AB: [...g.handicapStones] }),
    TM: [String(g.rules.basicTimeMinutes * 60)],
    OT: [o.kind === 'byo-yomi' ? `${o.periods}x${o.periodSeconds} byo-yomi` : `Ing penalty points ${o.pointsPerStep}/${o.stepSixths}/${o.lossAfterSteps}`],
    ...(g.link && { EV: [g.link.tournamentId], RO: [String(g.link.round)] }),
    ...(g.result && { RE: [g.result.text] }),
  };
}

/** An imported record's root: the file's own properties as written, in its order (no date, clock or event it did not write). */
function importedRoot(g: GoGame): Record<string, string[]> {
  const root: Record<string, string[]> = {};
  for (const [k, v] of g.source?.headers ?? []) (root[k] ??= []).push(v);
  if (g.handicapStones.length > 0) root.AB = [...g.handicapStones];
  return root;
}

export interface SgfRecord {
  readonly boardSize: BoardSize;
  readonly black: { readonly name?: string; readonly rank?: string };
  readonly white: { readonly name?: string; readonly rank?: string };
  readonly compensation?: number;
  readonly handicapStones: readonly string[];
  readonly rules: GoRulesOverrides;
  readonly result?: string;
  /** The root's properties as written, in file order (setup stones AB/AW/AE apart). */
  readonly headers: readonly (readonly [string, string])[];
  /** What the file says that is not recorded (a move's comment, a variation), each naming the move (or the root). */
  readonly notKept: readonly { readonly move: number; readonly text: string; readonly why: string }[];
  /** The main line: colour, point (null: a pass), time left (ms) and periods left where written. */
  readonly moves: readonly { readonly seat: Seat; readonly point: string | null; readonly leftMs?: number; readonly periods?: number }[];
}

const first = (node: SgfNode, prop: string) => node.data[prop]?.[0];

/** SGF FF[4] value types: Number is [+|-] digits, Real a Number with an optional fraction (KM, TM, BL/WL Real; OB/OW Number). */
const SGF_NUMBER = /^[+-]?\d+$/;
const SGF_REAL = /^[+-]?\d+(\.\d+)?$/;

/** A written Number or Real, or undefined when the property is absent: an empty or unreadable value is refused, never read as 0. */
function written(value: string | undefined, type: 'Number' | 'Real', where: string): number | undefined {
  if (value === undefined) return undefined;
  if (!(type === 'Real' ? SGF_REAL : SGF_NUMBER).test(value.trim())) refuse(`${where} is not an SGF ${type}`);
  return Number(value);
}

/** Reads one SGF game with @sabaki/sgf; refusals name the `sgf` field. */
export function parseSgf(text: string): SgfRecord {
  let roots: SgfNode[] = [];
  try {
    roots = sgf.parse(text);
  } catch (e) {
    refuse(`the SGF cannot be read: ${(e as Error).message}`);
  }
  const root = roots[0];
  if (!root) return refuse('the SGF holds no game');
  if ((first(root, 'GM') ?? '1') !== '1') refuse(`the SGF is of game GM[${first(root, 'GM')}], not Go (GM[1])`);
  const size = Number(first(root, 'SZ') ?? '19');
  if (![9, 13, 19].includes(size)) refuse(`a board of ${first(root, 'SZ')} lines is not played here (19, 13 or 9)`);
  const km = written(first(root, 'KM'), 'Real', `KM[${first(root, 'KM')}]`);
  const tm = written(first(root, 'TM'), 'Real', `TM[${first(root, 'TM')}]`);
  const ot = first(root, 'OT') ?? '';
  const byoYomi = /^(\d+)x(\d+) byo-yomi$/i.exec(ot.trim());
  const rules: GoRulesOverrides = {
    ...(tm !== undefined && tm > 0 && { basicTimeMinutes: Math.max(1, Math.round(tm / 60)) }),
    ...(byoYomi && { overtime: { kind: 'byo-yomi' as const, periods: Number(byoYomi[1]), periodSeconds: Number(byoYomi[2]) } }),
  };
  const moves: { seat: Seat; point: string | null; leftMs?: number; periods?: number }[] = [];
  const notKept: { move: number; text: string; why: string }[] = [];
  const setup = new Set(['AB', 'AW', 'AE']);
  if (root.data.AW || root.data.AE) refuse('the root places White stones or empties points (AW, AE): only handicap stones (AB) are recorded');
  const headers = Object.entries(root.data).flatMap(([k, vs]) => (setup.has(k) ? [] : vs.map((v) => [k, v] as const)));
  if (root.children.length > 1) notKept.push({ move: 0, text: `${root.children.length - 1} variation(s)`, why: 'only the main line is recorded' });
  for (let node = root.children[0]; node; node = node.children[0]) {
    const colour = node.data.B ? 'B' : node.data.W ? 'W' : null;
    const at = moves.length + (colour ? 1 : 0);
    if (node.children.length > 1) notKept.push({ move: at, text: `${node.children.length - 1} variation(s)`, why: 'only the main line is recorded' });
    const kept = new Set(colour ? [colour, `${colour}L`, `O${colour}`] : []);
    for (const [k, vs] of Object.entries(node.data))
      if (!kept.has(k))
        notKept.push({
          move: at,
          text: `${k}[${vs.join('][')}]`,
          why: colour ? 'a move keeps its point and the time the file writes' : 'a node without a move is not recorded',
        });
    if (!colour) continue;
    const value = node.data[colour][0] ?? '';
    // FF[3] writes a pass on a board up to 19 lines as "tt".
    const point = value === '' || (value === 'tt' && size <= 19) ? null : value;
    if (point !== null && !/^[a-s]{2}$/.test(point)) refuse(`move ${moves.length + 1} (${colour}[${value}]) is not a point of the board`);
    const move = `move ${moves.length + 1}`;
    const left = written(node.data[`${colour}L`]?.[0], 'Real', `${move}: ${colour}L[${node.data[`${colour}L`]?.[0]}]`);
    const periods = written(node.data[`O${colour}`]?.[0], 'Number', `${move}: O${colour}[${node.data[`O${colour}`]?.[0]}]`);
    moves.push({
      seat: colour === 'B' ? 0 : 1,
      point,
      ...(left !== undefined && { leftMs: Math.round(left * 1000) }),
      ...(periods !== undefined && { periods }),
    });
  }
  // Ing rules 第十条 记谱: passes after which no stone is played need not be recorded: the main line stops at two passes in a row.
  const end = moves.findIndex((m, i) => i > 0 && m.point === null && moves[i - 1].point === null);
  if (end >= 0 && moves.slice(end + 1).some((m) => m.point !== null)) refuse(`stones are played after two passes in a row (move ${end + 1})`);
  const player = (name?: string, rank?: string) => ({ ...(name && { name }), ...(rank && { rank }) });
  return {
    boardSize: size as BoardSize,
    black: player(first(root, 'PB'), first(root, 'BR')),
    white: player(first(root, 'PW'), first(root, 'WR')),
    ...(km !== undefined && { compensation: km }),
    handicapStones: root.data.AB ?? [],
    rules,
    ...(first(root, 'RE') && { result: first(root, 'RE') }),
    headers,
    notKept,
    moves: end >= 0 ? moves.slice(0, end + 1) : moves,
  };
}

/** The result as the record writes it (RE, standard or localised): the command that records it once the moves are replayed. */
function resultSteps(result: string | undefined): GoStep[] {
  if (result === undefined) return [];
  const read = readSgfResult(result);
  if (read === undefined)
    refuse(`the result RE[${result}] is neither SGF's form (B+3.5, W+R, B+T, W+F, B+, 0, Void, ?) nor a localised one (白胜黑, 黑中盘胜, 白3目半勝ち, 持碁…)`);
  if (read === 'none' || read === undefined) return [];
  return [{ type: 'go.record-result', winner: read.winner, reason: read.reason, ...(read.margin !== undefined && { margin: read.margin }) }];
}

/**
 * The commands that record an SGF game (issue 30): start (the file's names mapped to the players' ids, its source),
 * each move with only the time the file writes for it (kept as written, not as a clock reading), then the written
 * result. Nothing the file does not write is added: no pass, no clock, no date.
 */
export function sgfCommands(record: SgfRecord, players: readonly [GoPlayer, GoPlayer], source: RecordSource): GoStep[] {
  const named = (p: GoPlayer, r: SgfRecord['black']): GoPlayer => ({ id: p.id, name: r.name ?? p.name, ...((r.rank ?? p.rank) && { rank: r.rank ?? p.rank }) });
  const steps: GoStep[] = [
    {
      type: 'go.start-game',
      players: [named(players[0], record.black), named(players[1], record.white)],
      boardSize: record.boardSize,
      ...(record.handicapStones.length > 0 && { handicapStones: record.handicapStones }),
      ...(record.compensation !== undefined && { compensation: record.compensation }),
      ...(Object.keys(record.rules).length > 0 && { rules: record.rules }),
      source,
    },
  ];
  for (const m of record.moves) {
    const written =
      m.leftMs !== undefined || m.periods !== undefined
        ? { ...(m.leftMs !== undefined && { leftMs: m.leftMs }), ...(m.periods !== undefined && { periods: m.periods }) }
        : undefined;
    steps.push(
      m.point === null
        ? { type: 'go.pass', seat: m.seat, ...(written && { written }) }
        : { type: 'go.play', seat: m.seat, point: m.point, ...(written && { written }) },
    );
  }
  return [...steps, ...resultSteps(record.result)];
}
