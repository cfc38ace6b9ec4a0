import { expect } from '@jest/globals';
import { initialTournamentState, type OpenTournament } from '../../libs/domain/tournament/index.js';
import { foldTournamentEvent } from '../../libs/runtime/features/tournament/tournament-fold.js';
import { standingsOf } from '../../libs/runtime/features/tournament/tournament-documents.js';
import { KINDS, TABLES, type Model, type Real, type TournamentModel } from './world.js';

/**
 * The invariants the federation day checks after every step (issue 28). Each names itself in its failure, so a failing
 * run says which one broke as well as fast-check's seed and path.
 */
interface Row {
  player: string;
  wins: number;
  draws: number;
  losses: number;
  rounds: number;
  penaltyPoints: number;
}
const plain = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const named = (invariant: string, actual: unknown) => ({ invariant, actual });

export async function checkInvariants(m: Model, r: Real): Promise<void> {
  for (const kind of KINDS) {
    const t = m.tournaments[kind];
    const served = (await r.h.get(`/v1/tournaments/${t.id}/standings`).expect(200)).body.divisions[0].rows as Row[];
    await standingsEqualReplay(r, t, served);
    await viewsTellOneStory(r, t, served);
  }
  await goGameAgrees(m, r);
  await nothingHiddenIsPublic(m, r);
  await retriedCommandAppendedOnce(m, r);
}

/** 1. Standings equal a replay: the served standings are what folding the tournament's log (and its ledger) from scratch gives. */
async function standingsEqualReplay(r: Real, t: TournamentModel, served: Row[]): Promise<void> {
  const log = [...(await r.h.core.store.readStream(`tournament-${t.id}`)), ...(await r.h.core.store.readStream(`penalties-${t.id}`))];
  log.sort((a, b) => a.position - b.position);
  const state = log.reduce(foldTournamentEvent, initialTournamentState()) as OpenTournament;
  const replayed = standingsOf(state, 'main', { revision: 0, position: 0, at: '' }).rows;
  expect(named('standings equal a replay of the log', served)).toEqual(named('standings equal a replay of the log', plain(replayed)));
}

/**
 * 2. Every public view tells the same story, the driver's: GET tournament lists the players registered, GET round 1's
 * results has the tables recorded, and the standings count each player's wins, draws, losses and deducted points.
 */
async function viewsTellOneStory(r: Real, t: TournamentModel, served: Row[]): Promise<void> {
  const story = 'every public view tells the same story';
  const tournament = (await r.h.get(`/v1/tournaments/${t.id}`).expect(200)).body as { players: { id: string }[] };
  expect(
    named(
      story,
      tournament.players.map((p) => p.id),
    ),
  ).toEqual(named(story, t.players));
  const results = (await r.h.get(`/v1/tournaments/${t.id}/rounds/1/results`).expect(200)).body as { results: Record<string, unknown>; missing: number[] };
  const recorded = [...t.results.keys()].sort();
  const missing = TABLES.filter((n) => !t.results.has(n));
  expect(named(story, [Object.keys(results.results).sort(), results.missing])).toEqual(named(story, [recorded.map((n) => `t${n}`), missing]));
  const expected = t.players.map((player, i) => {
    const table = i < 4 ? Math.floor(i / 2) + 1 : null;
    const outcome = table === null ? undefined : t.results.get(table);
    const mine = i % 2 === 0 ? 'first' : 'second';
    return {
      player,
      wins: outcome === mine ? 1 : 0,
      draws: outcome === 'draw' ? 1 : 0,
      losses: outcome !== undefined && outcome !== mine && outcome !== 'draw' ? 1 : 0,
      rounds: outcome === undefined ? 0 : 1,
      penaltyPoints: t.penalties.get(player) ?? 0,
    };
  });
  const counted = served.map(({ player, wins, draws, losses, rounds, penaltyPoints }) => ({ player, wins, draws, losses, rounds, penaltyPoints }));
  const byPlayer = (a: { player: string }, b: { player: string }) => a.player.localeCompare(b.player);
  expect(named(story, counted.sort(byPlayer))).toEqual(named(story, expected.sort(byPlayer)));
}

/** 2 (games). GET /v1/games lists both games of the day; the linked Go game's phase and link agree with its tournament. */
async function goGameAgrees(m: Model, r: Real): Promise<void> {
  const story = 'GET /v1/games tells the same story';
  const games = (await r.h.get('/v1/games').expect(200)).body.games as {
    id: string;
    discipline: string;
    phase: string;
    link: { tournamentId: string } | null;
  }[];
  const go = games.find((g) => g.id === r.goGame && g.discipline === 'go');
  const scrabble = games.find((g) => g.id === r.scrabbleGame && g.discipline === 'scrabble');
  expect(named(story, [go?.link?.tournamentId, go?.phase === 'finished', scrabble?.link])).toEqual(named(story, [m.tournaments.go.id, m.go.ended, null]));
}

/** 3. Nothing hidden is public: the draft's round 1 until published and the hidden game's racks, bag and unseen tiles, on anonymous GETs. */
async function nothingHiddenIsPublic(m: Model, r: Real): Promise<void> {
  const hidden = 'nothing hidden is public';
  const t = (await r.h.get(`/v1/tournaments/${r.draft}`).expect(200)).body as { rounds: { round: number }[] };
  const pairing = await r.h.get(`/v1/tournaments/${r.draft}/rounds/1/pairings`);
  const rows = (await r.h.get(`/v1/tournaments/${r.draft}/standings`).expect(200)).body.divisions[0].rows as Row[];
  const byeCounted = rows.find((x) => x.player.endsWith('-z'))?.rounds === 1;
  const draft = [t.rounds.map((x) => x.round), pairing.status, byeCounted];
  expect(named(hidden, draft)).toEqual(named(hidden, m.draftPublished ? [[1], 200, true] : [[], 404, false]));
  // Its officials see the pairing all along.
  await r.h.get(`/v1/tournaments/${r.draft}/rounds/1/pairings`, r.arbiter).expect(200);
  const game = (await r.h.get(`/v1/scrabble/games/${r.scrabbleGame}`).expect(200)).body as {
    racks: { tiles: unknown }[];
    bag: { tiles: unknown };
    unseen: unknown[];
  };
  const events = (await r.h.get(`/v1/scrabble/games/${r.scrabbleGame}/events`).expect(200)).body.events as { type: string; data: { tiles?: unknown } }[];
  const drawn = events.filter((e) => e.type === 'scrabble.TilesDrawn').map((e) => e.data.tiles);
  const seen = [...game.racks.map((x) => x.tiles), game.bag.tiles, ...game.unseen, ...drawn];
  expect(named(hidden, seen)).toEqual(
    named(
      hidden,
      seen.map(() => null),
    ),
  );
}

/** 4. A retried command never appends twice: the last keyed command's events are in its stream once, as first answered. */
async function retriedCommandAppendedOnce(m: Model, r: Real): Promise<void> {
  const last = m.lastKeyed;
  if (!last) return;
  const answered = (last.answer.events as { id: string }[]).map((e) => e.id);
  const [first] = (await r.h.core.store.readStream(last.answer.stream)).filter((e) => e.id === answered[0]);
  const ours = (await r.h.core.store.findByCommandId(first.meta.commandId)).map((e) => e.id);
  expect(named('a retried command never appends twice', ours)).toEqual(named('a retried command never appends twice', answered));
}
