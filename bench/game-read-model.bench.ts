/**
 * `npm run bench:game-read-model -- --compare=<another build's dist/>`: the games read models' cost per event
 * (ReadModelStore.applyBatch, synchronous NORMAL as the server's read models) for bench:http's floor games: Scrabble
 * (score-only plays, each announcing the score the board gives it), Go (19×19, rows filled, no capture) and mahjong
 * (each table's first hand). The same events go through this build's projections and the compared build's, in turn,
 * in batches of --batch=10 events; each game's setup is applied unmeasured. Prints CPU µs per event, the median of
 * --repeat=5 runs, and the ratio. Not a test: numbers vary with the machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { applyInPages, cpuUs, median } from './support/measure.js';
import { analysePlay, emptyBoard, placeOnBoard, placementsFromWord } from '../libs/domain/disciplines/scrabble/index.js';
import type { AnyGameFeature } from '../libs/runtime/games/game-feature.js';
import type * as GameReadModel from '../libs/runtime/games/game-read-model.js';
import type * as ReadModelStore from '../libs/runtime/projections/read-model-store.js';
import type { RecordedEvent } from '../libs/store/event-store.port.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const BATCH = Number(args.get('batch') ?? 10);
const REPEAT = Number(args.get('repeat') ?? 5);
const compare = args.get('compare');

type Build = {
  games: typeof GameReadModel;
  store: typeof ReadModelStore;
  features: Record<'scrabble' | 'go' | 'mahjong', AnyGameFeature>;
};
async function load(root: string): Promise<Build> {
  const from = async <T>(path: string) => (await import(pathToFileURL(join(root, path)).href)) as T;
  return {
    games: await from('libs/runtime/games/game-read-model.js'),
    store: await from('libs/runtime/projections/read-model-store.js'),
    features: {
      scrabble: (await from<{ SCRABBLE_GAME: AnyGameFeature }>('libs/runtime/features/scrabble/scrabble.game-feature.js')).SCRABBLE_GAME,
      go: (await from<{ GO_GAME: AnyGameFeature }>('libs/runtime/features/go/go.game-feature.js')).GO_GAME,
      mahjong: (await from<{ MAHJONG_GAME: AnyGameFeature }>('libs/runtime/features/mahjong/mahjong.game-feature.js')).MAHJONG_GAME,
    },
  };
}

const TWO = [
  { id: 'ann', name: 'Ann' },
  { id: 'bob', name: 'Bob' },
];
const FOUR = [...TWO, { id: 'cy', name: 'Cy' }, { id: 'di', name: 'Di' }];
const COLUMNS = 'ABCDEFGHIJKLMNO';
const POINTS = 'abcdefghijklmnopqrs';
/** bench:http's Scrabble moves: the first play covers the centre, then single tiles beside it. */
const SCRABBLE_MOVES = (() => {
  let board: readonly string[] = emptyBoard();
  return Array.from({ length: 12 }, (_, k) => {
    const move = k === 0 ? { kind: 'play', coordinate: '8G', word: 'AA' } : { kind: 'play', coordinate: `${k < 7 ? 9 : 7}${COLUMNS[5 + (k % 6)]}`, word: 'E' };
    const placements = placementsFromWord(board, move.coordinate, move.word);
    const announcedScore = analysePlay(board, placements).score;
    board = placeOnBoard(board, placements);
    return { type: 'scrabble.make-move', seat: k % 2, move, announcedScore };
  });
})();
const CASES = [
  {
    name: 'scrabble' as const,
    games: 200,
    setup: 3,
    steps: [
      { type: 'scrabble.start-game', players: TWO, starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100, tracking: false },
      { type: 'scrabble.draw-tiles', seat: 0, count: 7 },
      { type: 'scrabble.draw-tiles', seat: 1, count: 7 },
      ...SCRABBLE_MOVES,
    ],
  },
  {
    name: 'go' as const,
    games: 20,
    setup: 1,
    steps: [
      { type: 'go.start-game', players: TWO, boardSize: 19 },
      ...Array.from({ length: 300 }, (_, k) => {
        const seat = k % 2;
        const i = k >> 1;
        return { type: 'go.play', seat, point: `${POINTS[i % 19]}${POINTS[seat === 0 ? 18 - Math.floor(i / 19) : Math.floor(i / 19)]}` };
      }),
    ],
  },
  {
    name: 'mahjong' as const,
    games: 1000,
    setup: 2,
    steps: [
      { type: 'mahjong.start-session', players: FOUR },
      { type: 'mahjong.draw-seats', round: 1, winds: ['E', 'S', 'W', 'N'] },
      { type: 'mahjong.record-hand', hand: 1, outcome: { kind: 'win', winner: 0, by: 'self-draw', elements: ['1.1', '1.2'] } },
    ],
  },
];

/** Every game's events through the decider, interleaved as under load (each game's k-th event, then the k+1-th); and which are setup. */
function events(feature: AnyGameFeature, games: number, steps: readonly object[], setup: number): { setup: RecordedEvent[]; measured: RecordedEvent[] } {
  const { decider } = feature.aggregate;
  const perGame: Array<Array<{ e: Omit<RecordedEvent, 'position'>; setup: boolean }>> = [];
  let t = Date.parse('2026-12-01T09:00:00.000Z');
  for (let g = 0; g < games; g++) {
    let state = decider.initialState();
    const list: (typeof perGame)[number] = [];
    for (const [s, step] of steps.entries()) {
      const context = { at: new Date((t += 1000)).toISOString(), actor: { id: 'td-1', role: 'arbiter' as const }, commandId: `c-${g}-${s}` };
      for (const e of decider.decide(feature.command(step, context), state)) {
        state = decider.evolve(state, e);
        const meta = { actor: context.actor, commandId: context.commandId, correlationId: context.commandId, causationId: null, recordedAt: context.at };
        const recorded = { id: `e-${g}-${list.length}`, stream: `${feature.aggregate.name}-g${g}`, revision: list.length, type: e.type, data: e.data };
        list.push({ e: { ...recorded, meta: { ...meta, schemaVersion: 1, prevHash: null, hash: 'h' } } as Omit<RecordedEvent, 'position'>, setup: s < setup });
      }
    }
    perGame.push(list);
  }
  const out = { setup: [] as RecordedEvent[], measured: [] as RecordedEvent[] };
  let position = 0;
  for (let k = 0; perGame.some((l) => l[k]); k++)
    for (const l of perGame) if (l[k]) (l[k].setup ? out.setup : out.measured).push({ ...l[k].e, position: ++position } as RecordedEvent);
  return out;
}

/** CPU µs per measured event, applying the setup first (unmeasured) into a fresh store. */
function run(build: Build, name: (typeof CASES)[number]['name'], log: { setup: RecordedEvent[]; measured: RecordedEvent[] }): number {
  const dir = mkdtempSync(join(tmpdir(), 'arbitra-game-read-model-bench-'));
  const projection = build.games.gamesProjectionFor(build.features[name]);
  const store = new build.store.ReadModelStore(join(dir, 'read-models.db'), 'NORMAL');
  store.register([projection]);
  const apply = (evs: RecordedEvent[]) => applyInPages(store, projection, evs, BATCH);
  try {
    apply(log.setup);
    const before = cpuUs();
    apply(log.measured);
    return (cpuUs() - before) / log.measured.length;
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const mine = await load(fileURLToPath(new URL('..', import.meta.url)));
const other = compare ? await load(compare) : undefined;
console.log(`games read models: CPU µs per event, median of ${REPEAT} runs, batches of ${BATCH} events${other ? `; compared: ${compare}` : ''}`);
for (const c of CASES) {
  const log = events(mine.features[c.name], c.games, c.steps, c.setup);
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < REPEAT; r++) {
    a.push(run(mine, c.name, log));
    if (other) b.push(run(other, c.name, log));
  }
  const line = `${c.name.padEnd(8)} ${String(log.measured.length).padStart(5)} events: ${median(a).toFixed(1)} µs`;
  console.log(other ? `${line}; compared ${median(b).toFixed(1)} µs (${(median(a) / median(b)).toFixed(2)}×)` : line);
}
