/**
 * Go benchmark (not a test): `npm run bench:go`.
 * Replays games through the Go decider: every command decided on the state folded so far and its events
 * folded in (the command path's domain work, as an import does), then the fold of the recorded events alone
 * (a cold load of the stream). Median of several runs. Two games: a real one (Maruyama v Ito, 1st Kisei
 * 1976, 235 moves, test/fixtures/sgf, with the two passes and the result the import adds) and a 300-move
 * game made once from a seeded shuffle of the points (each the first legal one for the side to move, so
 * with captures), the length the issue asks for.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { goCommand, goDecider, type GoCommand, type GoEvent, type GoState, type GoStep } from '../libs/domain/disciplines/go/index.js';
import { createRng, DomainError } from '../libs/domain/kernel/index.js';
import { parseSgf, sgfCommands } from '../libs/runtime/features/go/index.js';
import { median } from './support/measure.js';

const text = readFileSync(new URL('../../test/fixtures/sgf/maruyama-ito-kisei-1976.sgf', import.meta.url), 'utf8');
const PLAYERS = [
  { id: 'maruyama', name: 'Maruyama Toyoji' },
  { id: 'ito', name: 'Ito Yoji' },
] as const;
const t0 = Date.parse('2026-12-01T09:00:00.000Z');
const command = (s: GoStep, i: number): GoCommand =>
  goCommand(s, { at: new Date(t0 + i * 1000).toISOString(), actor: { id: 'bench', role: 'arbiter' }, commandId: `b${i}` });
const LETTERS = 'abcdefghijklmnopqrs';

/** A 300-move game: at each turn the first legal point of a seeded shuffle (captured points come back into play). */
function seededGame(moves: number): GoCommand[] {
  const points = createRng('bench:go').shuffle([...Array(361).keys()].map((i) => `${LETTERS[i % 19]}${LETTERS[Math.floor(i / 19)]}`));
  const out: GoCommand[] = [command({ type: 'go.start-game', players: PLAYERS }, 0)];
  let state = goDecider.evolve(goDecider.initialState(), goDecider.decide(out[0], goDecider.initialState())[0]);
  for (let n = 1; n <= moves; n++) {
    if (state.phase !== 'playing') break;
    const seat = state.game.toMove;
    for (const point of points) {
      const c = command({ type: 'go.play', seat, point }, n);
      try {
        state = goDecider.decide(c, state).reduce(goDecider.evolve, state);
        out.push(c);
        break;
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
      }
    }
  }
  return out;
}

function decideAll(commands: readonly GoCommand[]): GoEvent[] {
  let state: GoState = goDecider.initialState();
  const events: GoEvent[] = [];
  for (const c of commands)
    for (const e of goDecider.decide(c, state)) {
      events.push(e);
      state = goDecider.evolve(state, e);
    }
  return events;
}

function run(name: string, commands: readonly GoCommand[]) {
  const runs = 7;
  const decided: number[] = [];
  const folded: number[] = [];
  let events: GoEvent[] = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    events = decideAll(commands);
    decided.push(performance.now() - t);
    t = performance.now();
    events.reduce(goDecider.evolve, goDecider.initialState());
    folded.push(performance.now() - t);
  }
  const plies = events.filter((e) => e.type === 'go.MoveMade' || e.type === 'go.Passed').length;
  const captured = events.reduce((n, e) => n + (e.type === 'go.MoveMade' ? e.data.captured.length : 0), 0);
  const d = median(decided);
  const f = median(folded);
  console.log(`${name}: ${commands.length} commands, ${plies} moves and passes, ${captured} stones captured, ${events.length} events (median of ${runs} runs)`);
  console.log(`  decide + fold, command by command: ${d.toFixed(1)} ms (${((d / plies) * 1000).toFixed(0)} µs a move)`);
  console.log(`  fold of the recorded events:       ${f.toFixed(1)} ms (${((f / plies) * 1000).toFixed(0)} µs a move)`);
}

const kisei = sgfCommands(parseSgf(text), PLAYERS, { format: 'sgf', sha256: '', importedBy: 'bench', importedAt: '2026-01-01T00:00:00.000Z', headers: [] }).map(
  command,
);
const seeded = seededGame(300);
// A warm-up of both, so neither row pays for the JIT.
decideAll(kisei);
decideAll(seeded);
run('Maruyama v Ito 1976 (SGF)', kisei);
run('seeded 300-move game', seeded);
