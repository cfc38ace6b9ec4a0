/**
 * SGF (FF[4], red-bean.com/sgf) export and import through @sabaki/sgf. Export: players, ranks, komi,
 * handicap stones, the rules' basic time and overtime, each move with the mover's time left (BL/WL,
 * seconds; negative in Ing penalty-point overtime) and byo-yomi periods left (OB/OW), the result.
 * Import gives the commands that replay the main line through the decider: every move with the
 * clock reading its BL/WL give (as the timekeeper reads the clock), then the written result.
 */
import sgf, { type SgfNode } from '@sabaki/sgf';
import type { BoardSize, EndReason, GoGame, GoPlayer, GoRulesOverrides, GoStep, Seat } from '../../../domain/disciplines/go/index.js';
import { DomainError } from '../../../domain/kernel/index.js';

const SGF_RULE = 'SGF FF[4] (red-bean.com/sgf): properties GM, SZ, PB, PW, BR, WR, KM, HA, AB, TM, OT, RE; moves B/W with BL/WL and OB/OW';
const refuse = (message: string): never => {
  throw new DomainError('go/sgf-unreadable', message, SGF_RULE, 'invalid', 'sgf');
};
const seconds = (ms: number) => String(Math.round(ms) / 1000);

/** The game as SGF. */
export function exportSgf(g: GoGame): string {
  const o = g.rules.overtime;
  const root: Record<string, string[]> = {
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
  const nodes: SgfNode[] = g.moves.map((m) => {
    const c = m.seat === 0 ? 'B' : 'W';
    return {
      data: {
        [c]: [m.point ?? ''],
        [`${c}L`]: [seconds(m.remainingMs)],
        ...(m.periodsLeft !== undefined && { [`O${c}`]: [String(m.periodsLeft)] }),
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

export interface SgfRecord {
  readonly boardSize: BoardSize;
  readonly black: { readonly name?: string; readonly rank?: string };
  readonly white: { readonly name?: string; readonly rank?: string };
  readonly compensation?: number;
  readonly handicapStones: readonly string[];
  readonly rules: GoRulesOverrides;
  readonly result?: string;
  /** The main line: colour, point (null: a pass), time left (ms) and periods left where written. */
  readonly moves: readonly { readonly seat: Seat; readonly point: string | null; readonly leftMs?: number; readonly periods?: number }[];
}

const first = (node: SgfNode, prop: string) => node.data[prop]?.[0];

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
  const km = first(root, 'KM');
  const tm = first(root, 'TM');
  const ot = first(root, 'OT') ?? '';
  const byoYomi = /^(\d+)x(\d+) byo-yomi$/i.exec(ot.trim());
  const rules: GoRulesOverrides = {
    ...(tm !== undefined && Number(tm) > 0 && { basicTimeMinutes: Math.max(1, Math.round(Number(tm) / 60)) }),
    ...(byoYomi && { overtime: { kind: 'byo-yomi' as const, periods: Number(byoYomi[1]), periodSeconds: Number(byoYomi[2]) } }),
  };
  const moves: { seat: Seat; point: string | null; leftMs?: number; periods?: number }[] = [];
  for (let node = root.children[0]; node; node = node.children[0]) {
    const colour = node.data.B ? 'B' : node.data.W ? 'W' : null;
    if (!colour) continue;
    const value = node.data[colour][0] ?? '';
    // FF[3] writes a pass on a board up to 19 lines as "tt".
    const point = value === '' || (value === 'tt' && size <= 19) ? null : value;
    if (point !== null && !/^[a-s]{2}$/.test(point)) refuse(`move ${moves.length + 1} (${colour}[${value}]) is not a point of the board`);
    const left = node.data[`${colour}L`]?.[0];
    const periods = node.data[`O${colour}`]?.[0];
    moves.push({
      seat: colour === 'B' ? 0 : 1,
      point,
      ...(left !== undefined && Number.isFinite(Number(left)) && { leftMs: Math.round(Number(left) * 1000) }),
      ...(periods !== undefined && Number.isInteger(Number(periods)) && { periods: Number(periods) }),
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
    ...(km !== undefined && Number.isFinite(Number(km)) && { compensation: Number(km) }),
    handicapStones: root.data.AB ?? [],
    rules,
    ...(first(root, 'RE') && { result: first(root, 'RE') }),
    moves: end >= 0 ? moves.slice(0, end + 1) : moves,
  };
}

const REASONS: Record<string, EndReason> = { R: 'resignation', RESIGN: 'resignation', T: 'time', TIME: 'time', F: 'absence', FORFEIT: 'absence' };

/** The result as the record writes it: the commands that record it once the moves are replayed. */
function resultSteps(result: string | undefined, passes: Seat[]): GoStep[] {
  const re = (result ?? '').trim();
  if (/^(0|draw|jigo)$/i.test(re))
    return [...passes.map((seat) => ({ type: 'go.pass', seat }) as GoStep), { type: 'go.record-result', winner: null, reason: 'count', margin: 0 }];
  const m = /^([BW])\+(.*)$/i.exec(re);
  if (!m) return [];
  const winner: Seat = m[1].toUpperCase() === 'B' ? 0 : 1;
  const how = m[2].trim().toUpperCase();
  if (how === 'R' || how === 'RESIGN') return [{ type: 'go.resign', seat: winner === 0 ? 1 : 0 }];
  if (REASONS[how]) return [{ type: 'go.record-result', winner, reason: REASONS[how] }];
  const margin = Number(how);
  if (how === '' || !Number.isFinite(margin)) refuse(`the result RE[${re}] is not one Arbitra records (B+3.5, W+R, B+T, W+F, 0)`);
  return [...passes.map((seat) => ({ type: 'go.pass', seat }) as GoStep), { type: 'go.record-result', winner, reason: 'count', margin }];
}

/** The commands that replay an SGF game: start, each move (with the clock reading BL/WL give), then the written result. */
export function sgfCommands(record: SgfRecord, players: readonly [GoPlayer, GoPlayer]): GoStep[] {
  const named = (p: GoPlayer, r: SgfRecord['black']): GoPlayer => ({ id: p.id, name: r.name ?? p.name, ...((r.rank ?? p.rank) && { rank: r.rank ?? p.rank }) });
  const steps: GoStep[] = [
    {
      type: 'go.start-game',
      players: [named(players[0], record.black), named(players[1], record.white)],
      boardSize: record.boardSize,
      ...(record.handicapStones.length > 0 && { handicapStones: record.handicapStones }),
      ...(record.compensation !== undefined && { compensation: record.compensation }),
      ...(Object.keys(record.rules).length > 0 && { rules: record.rules }),
    },
  ];
  const basic = (record.rules.basicTimeMinutes ?? 60) * 60_000;
  const written: [number, number] = [basic, basic];
  const periods: [number, number] | null = record.rules.overtime?.kind === 'byo-yomi' ? [record.rules.overtime.periods, record.rules.overtime.periods] : null;
  for (const m of record.moves) {
    if (m.leftMs !== undefined) written[m.seat] = m.leftMs;
    if (periods && m.periods !== undefined) periods[m.seat] = m.periods;
    const clockReading =
      m.leftMs !== undefined
        ? { remainingMs: [written[0], written[1]] as const, ...(periods && { periodsLeft: [periods[0], periods[1]] as const }) }
        : undefined;
    steps.push(
      m.point === null
        ? { type: 'go.pass', seat: m.seat, ...(clockReading && { clockReading }) }
        : { type: 'go.play', seat: m.seat, point: m.point, ...(clockReading && { clockReading }) },
    );
  }
  // A counted result needs play ended: the passes the record leaves unwritten (第十条 记谱) are added.
  const last = record.moves.slice(-2);
  const ended = last.length === 2 && last.every((m) => m.point === null);
  const toMove: Seat = record.moves.length ? (record.moves[record.moves.length - 1].seat === 0 ? 1 : 0) : record.handicapStones.length ? 1 : 0;
  const passes: Seat[] = ended ? [] : last.length && last[last.length - 1].point === null ? [toMove] : [toMove, toMove === 0 ? 1 : 0];
  return [...steps, ...resultSteps(record.result, passes)];
}
