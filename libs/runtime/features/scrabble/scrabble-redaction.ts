/** Scrabble's hidden information (racks, the bag, exchanged and drawn tiles), hidden from whoever may not see it. */
import type { Game, MoveRecord, ScrabbleState, Seat, TurnStatus } from '../../../domain/disciplines/scrabble/index.js';
import { sees, type Viewer } from '../../games/game-feature.js';

type Tiles = { readonly count: number; readonly tiles: readonly string[] | null };

const hide = <T extends Tiles>(set: T, ok: boolean): T => (ok || set.tiles === null ? set : { ...set, tiles: null });

export function hideMove(m: MoveRecord, ok: boolean): MoveRecord {
  return m.kind === 'exchange' && !ok && m.tiles !== null ? { ...m, tiles: null } : m;
}

/** The game with every tile list the viewer may not see replaced by null (counts stay). */
export function redactGame(g: Game, v: Viewer): Game {
  if (v.kind === 'all') return g;
  return {
    ...g,
    bag: hide(g.bag, false),
    racks: [hide(g.racks[0], sees(v, 0)), hide(g.racks[1], sees(v, 1))],
    exchangeAside: g.exchangeAside && hide(g.exchangeAside, sees(v, g.exchangeAside.seat)),
    faceDown: g.faceDown && hide(g.faceDown, sees(v, g.faceDown.seat)),
    lastDraw: g.lastDraw && hide(g.lastDraw, sees(v, g.lastDraw.seat)),
    turns: g.turns.map((t) =>
      sees(v, t.seat)
        ? t
        : { ...t, rackBefore: null, move: t.move && hideMove(t.move, false), ...(t.written && { written: { ...t.written, rack: null, exchanged: null } }) },
    ),
  };
}

function redactStatus(s: TurnStatus, v: Viewer): TurnStatus {
  return s.kind === 'to-move' && s.tentative ? { ...s, tentative: { ...s.tentative, move: hideMove(s.tentative.move, sees(v, s.seat)) } } : s;
}

export function redactState(state: ScrabbleState, v: Viewer): ScrabbleState {
  if (state.phase === 'none' || v.kind === 'all') return state;
  const game = redactGame(state.game, v);
  return state.phase === 'playing' ? { ...state, game, status: redactStatus(state.status, v) } : { ...state, game };
}

const TILE_FIELDS = ['tiles', 'drawn', 'shown', 'returned', 'rack', 'exchanged'] as const;

/** An event's data as the viewer may see it: drawn, exchanged and overdrawn tiles of other seats hidden. */
export function redactEventData(e: { readonly data: unknown }, v: Viewer): unknown {
  if (v.kind === 'all') return e.data;
  const d = e.data as Record<string, unknown> & { seat?: Seat; move?: MoveRecord };
  if (sees(v, d.seat)) return e.data;
  let data: Record<string, unknown> = d;
  for (const f of TILE_FIELDS) if (Array.isArray(data[f])) data = { ...data, [f]: null };
  if (d.move) data = { ...data, move: hideMove(d.move, false) };
  return data;
}
