import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decisionKindOf } from '../libs/domain/appeals/index.js';
import type { DisciplineDescriptor } from '../libs/domain/discipline-kit/descriptor.js';
import { DESCRIPTORS } from '../libs/domain/discipline-kit/registry.js';
import type { RecordedEvent } from '../libs/store/event-store.port.js';
import { FEATURES } from '../apps/records/registry.js';
import { gameFeaturesOf } from '../libs/runtime/games/game-feature-module.js';
import type { AnyGameFeature } from '../libs/runtime/games/game-feature.js';
import { DRIVERS } from './contract/drivers.js';
import { RecordsHarness } from './support/records-harness.js';
import { withTestDisciplines } from './support/test-disciplines.js';

/**
 * Issue 28, the cross-discipline contract: one suite, run once per registered discipline (the descriptors' registry),
 * each playing a short linked game through its driver (test/contract/drivers.ts). What a discipline owes the shared
 * services is checked the same way for all: its result reaches the standings, its in-game penalties reach the ledger,
 * every end and ruling can be appealed within its profile's deadline counted from the right moment, the parties of its
 * decisions are exactly the players who played, GET /v1/games lists it and its public game page shows it. The test build's fixture discipline
 * (test/fixture-discipline, registered by test/support/test-disciplines.ts) runs it too.
 */
const WINDS = ['E', 'S', 'W', 'N'];
const LATE = 'late-entry';
const timeOf = (e: RecordedEvent) => {
  const observed = (e.data as { at?: unknown } | null)?.at;
  return typeof observed === 'string' ? observed : e.meta.recordedAt;
};
const plusMinutes = (iso: string, m: number) => new Date(Date.parse(iso) + m * 60_000).toISOString();
const sorted = (xs: readonly string[]) => [...xs].sort();

const testDisciplines = withTestDisciplines();
const GAME_FEATURES = gameFeaturesOf([...FEATURES, ...testDisciplines.features]);
const plain = (x: unknown): unknown => JSON.parse(JSON.stringify(x ?? null));
/** The game's state after each of its events (the feature's decider folded over the stream). */
const statesOf = (f: AnyGameFeature, events: readonly RecordedEvent[]) => {
  const decider = f.aggregate.decider as { initialState(): unknown; evolve(s: unknown, e: { type: string; data: unknown }): unknown };
  let state = decider.initialState();
  return events.map((e) => (state = decider.evolve(state, { type: e.type, data: e.data })));
};
/** Values an event holds that its public redaction does not show (leaves of `raw` that differ from `shown`). */
const hiddenValues = (raw: unknown, shown: unknown): unknown[] => {
  if (JSON.stringify(raw) === JSON.stringify(shown)) return [];
  if (raw && typeof raw === 'object' && !Array.isArray(raw) && shown && typeof shown === 'object') {
    return Object.entries(raw).flatMap(([k, v]) => hiddenValues(v, (shown as Record<string, unknown>)[k]));
  }
  return raw === null || raw === undefined ? [] : [raw];
};
let h: RecordsHarness;
beforeAll(async () => {
  h = await RecordsHarness.start(undefined, undefined, {}, testDisciplines);
});
afterAll(async () => {
  await h.stop();
});

it('every registered discipline has a contract driver', () => {
  expect(sorted(DRIVERS.map((d) => d.discipline))).toEqual(sorted(DESCRIPTORS.map((d) => d.id)));
});

describe.each(DESCRIPTORS.map((d) => [d.id, d] as const))('the discipline contract: %s', (id: string, d: DisciplineDescriptor) => {
  const driver = DRIVERS.find((x) => x.discipline === id)!;
  const tid = `contract-${id}`;
  const gameId = `${id}-c1`;
  const players = Array.from({ length: driver.seats }, (_, i) => ({ id: `${id}-p${i + 1}`, name: `Player ${i + 1}` }));
  const ids = players.map((p) => p.id);
  let chief: string, arbiter: string;
  let game: RecordedEvent[];
  let appeals = 0;
  const sent: { path: string; body: object }[] = [];

  const lodge = (eventId: string, by: string, status = 201) =>
    h.post(
      '/v1/appeals',
      {
        appealId: `${id}-ap-${++appeals}`,
        tournamentId: tid,
        contestedEventId: eventId,
        appellant: { id: by, capacity: 'player', forPlayer: by },
        grounds: 'the decision was wrong',
        remedySought: 'it is reversed',
        ...(d.appeals.profile.deposit && { deposit: d.appeals.profile.deposit.amount }),
      },
      h.token('player', [tid], by),
      status,
    );
  const tournamentEvents = () => h.core.store.readStream(`tournament-${tid}`);
  const resultOfGame = async () =>
    (await tournamentEvents()).find((e) => e.type === 'tournament.ResultRecorded' && (e.data as { source?: { gameId?: string } }).source?.gameId === gameId);

  beforeAll(async () => {
    chief = h.token('chief-arbiter', [tid], `${id}-chief`);
    arbiter = h.token('arbiter', [tid], `${id}-arbiter`);
    const mahjong = d.tournament.format === 'mahjong-table';
    await h.post(
      '/v1/tournaments',
      { id: tid, name: tid, discipline: id, roundsPlanned: 2, pairingSystems: [mahjong ? 'mahjong-swiss' : 'round-robin'] },
      chief,
    );
    for (const p of players) await h.post(`/v1/tournaments/${tid}/players`, p, arbiter);
    // A registered player who plays no game in round 1 (a late entry): a party to nothing of this game.
    await h.post(`/v1/tournaments/${tid}/players`, { id: LATE, name: 'Late Entry', joinsAtRound: 2 }, arbiter);
    const pairing = mahjong
      ? { games: [], tables: [{ table: 1, seats: ids.map((player, i) => ({ player, wind: WINDS[i] })) }] }
      : { games: [{ table: 1, first: ids[0], second: ids[1] }], tables: [] };
    await h.post(`/v1/tournaments/${tid}/rounds/1/pairings`, { kind: 'manual', reason: 'contract', bye: null, ...pairing }, arbiter);
    await h.post(`/v1/tournaments/${tid}/rounds/1/publish`, {}, arbiter);
    // The commands the driver sends are kept: the authorization rows are checked by sending them again as outsiders.
    const post = h.post.bind(h);
    h.post = (path, body, ...rest) => (sent.push({ path, body }), post(path, body, ...rest));
    const table = { h, arbiter, id: gameId, players, link: { tournamentId: tid, round: 1, table: 1 } };
    await h
      .post(`/v1/${driver.route}/games`, driver.start(table), arbiter)
      .then(() => driver.play(table))
      .finally(() => (h.post = post));
    await h.core.settle();
    h.position = await h.core.store.headPosition();
    game = await h.core.store.readStream(`${d.game.aggregate}-${gameId}`);
  });

  it('the linked game’s result reaches the standings', async () => {
    expect(await resultOfGame()).toBeDefined();
    const rows = (await h.get(`/v1/tournaments/${tid}/standings`).expect(200)).body.divisions[0].rows as { player: string; rounds: number }[];
    for (const p of ids) expect(rows.find((r) => r.player === p)).toMatchObject({ rounds: 1 });
  });

  it('its in-game penalties reach the ledger, once each, marked as applied in the game', async () => {
    const inGame = game.filter((e) => d.penalties.inGame[e.type]?.(e));
    const ledger = (await h.get(`/v1/tournaments/${tid}/penalty-ledger`, chief).expect(200)).body.penalties as {
      discipline: string;
      appliedIn?: { game: string; event: string };
    }[];
    const copies = ledger.filter((p) => p.appliedIn?.game === gameId);
    expect(sorted(copies.map((p) => p.appliedIn!.event))).toEqual(sorted(inGame.map((e) => e.id)));
    for (const p of copies) expect(p.discipline).toBe(id);
    // A discipline that records penalties in its games shows one here (its driver records one).
    expect(inGame.length > 0).toBe(Object.keys(d.penalties.inGame).length > 0);
  });

  it('every end and ruling can be appealed within the profile’s deadline, counted from the right moment; the parties are the players', async () => {
    const decisions = game.filter((e) => decisionKindOf(e.type, e.data).kind !== 'other');
    expect(decisions.some((e) => decisionKindOf(e.type, e.data).kind === 'result')).toBe(true);
    const end = game.find((e) => d.game.sessionEnds.includes(e.type));
    expect(end).toBeDefined();
    const { from, minutes } = d.appeals.profile.deadline;
    for (const e of decisions) {
      const lodged = (await lodge(e.id, ids[0])).body.events[0].data;
      expect(lodged.contested).toMatchObject({ eventId: e.id, recordedAt: timeOf(e), sessionEndedAt: timeOf(end!) });
      expect(lodged.deadline).toEqual({
        from,
        minutes,
        at: plusMinutes(from === 'decision' ? timeOf(e) : timeOf(end!), minutes),
        rule: d.appeals.profile.deadline.rule,
      });
      expect(sorted(lodged.contested.parties)).toEqual(sorted(ids));
    }
    // The ledger's copy of an in-game penalty is timed from the same session end; it concerns the offender.
    const copies = (await h.core.store.readStream(`penalties-${tid}`)).filter(
      (e) => e.type === 'penalties.PenaltyIssued' && (e.data as { appliedIn?: { game?: string } }).appliedIn?.game === gameId,
    );
    for (const e of copies) {
      const offender = (e.data as { target: { player: string } }).target.player;
      const lodged = (await lodge(e.id, offender)).body.events[0].data;
      expect(lodged.contested).toMatchObject({ sessionEndedAt: timeOf(end!), parties: [offender] });
      expect(lodged.deadline.at).toBe(plusMinutes(from === 'decision' ? timeOf(e) : timeOf(end!), minutes));
    }
  });

  it('the parties of its result are exactly the players who played it: a registered player who did not play may not appeal it', async () => {
    const result = (await resultOfGame())!;
    expect(sorted((await lodge(result.id, ids[1])).body.events[0].data.contested.parties)).toEqual(sorted(ids));
    const refused = await lodge(result.id, LATE, 409);
    expect(refused.body).toMatchObject({ type: 'urn:arbitra:problem:appeals/not-a-party', field: 'appellant.forPlayer' });
    const end = game.find((e) => decisionKindOf(e.type, e.data).kind === 'result')!;
    expect((await lodge(end.id, LATE, 409)).body.type).toBe('urn:arbitra:problem:appeals/not-a-party');
  });

  it('hidden information stays hidden on GET and SSE: anonymous reads show what the feature redacts for the public, and no more', async () => {
    const f = GAME_FEATURES.find((x) => x.aggregate.name === d.game.aggregate)!;
    expect(f).toBeDefined();
    // A discipline whose games hide information at some point of play gives the suite a game in progress to read.
    const hides = statesOf(f, game).some((s) => f.hidesInformation(s as never));
    expect({ hides, inProgress: driver.inProgress !== undefined }).toEqual({ hides, inProgress: hides });
    const hidden = `${id}-hidden`;
    const games = driver.inProgress ? [gameId, hidden] : [gameId];
    if (driver.inProgress) await driver.inProgress({ h, arbiter, id: hidden, players });
    await h.core.settle();
    h.position = await h.core.store.headPosition();
    for (const g of games) {
      const events = await h.core.store.readStream(`${d.game.aggregate}-${g}`);
      const hiding = f.hidesInformation(statesOf(f, events).at(-1) as never);
      expect(g === hidden ? hiding : true).toBe(true);
      const redacted = events.map((e) => plain(hiding ? f.redactEventData(e, { kind: 'public' }) : e.data));
      const served = (await h.get(`/v1/${driver.route}/games/${g}/events`).expect(200)).body.events as { data: unknown; meta: { hash?: string } }[];
      expect(served.map((e) => e.data)).toEqual(redacted);
      // The live stream (a plain GET gets the events so far as server-sent events, and ends) shows the same.
      const live = (await h.get(`/v1/games/${driver.route}/${g}/live`).expect(200)).text;
      const streamed = [...live.matchAll(/^data: (.*)$/gm)].map((m) => (JSON.parse(m[1]) as { data: unknown }).data);
      expect(streamed).toEqual(redacted);
      if (!hiding) continue;
      // Something is hidden, and none of it is in any anonymous read (nor the hashes that commit to it).
      const secrets = events.flatMap((e, i) => hiddenValues(plain(e.data), redacted[i])).filter((v) => JSON.stringify(v).length > 4);
      expect(secrets.length).toBeGreaterThan(0);
      const doc = (await h.get(`/v1/${driver.route}/games/${g}`).expect(200)).body;
      const list = (await h.get('/v1/games').expect(200)).body.games.find((x: { id: string }) => x.id === g);
      for (const read of [doc, served, list, live]) for (const v of secrets) expect(JSON.stringify(read)).not.toContain(JSON.stringify(v));
      expect(served.filter((e) => e.meta.hash !== undefined)).toEqual([]);
      // The officials see it all.
      const official = (await h.get(`/v1/${driver.route}/games/${g}/events`, arbiter).expect(200)).body.events as { data: unknown }[];
      expect(official.map((e) => e.data)).toEqual(events.map((e) => plain(e.data)));
    }
  });

  it('the authorization rows: each of its game commands, sent again as an outsider, is refused (401 anonymous, 403 with a token) and records nothing', async () => {
    const commands = sent.filter((c) => c.path.startsWith(`/v1/${driver.route}/games/${gameId}/`));
    expect(commands.length).toBeGreaterThan(0);
    // Outsiders: another tournament's arbiter, and a registered player of this tournament who is not at the table.
    const outsiders = [h.token('arbiter', ['contract-elsewhere'], `${id}-stranger`), h.token('player', [tid], LATE)];
    const head = await h.core.store.headPosition();
    for (const { path, body } of commands) {
      const anonymous = await h.http().post(path).send(body);
      expect([path, anonymous.status]).toEqual([path, 401]);
      for (const token of outsiders) {
        const refused = await h.http().post(path).set('authorization', token).send(body);
        expect([path, refused.status, refused.body.type]).toEqual([path, 403, expect.stringMatching(/^urn:arbitra:problem:/)]);
      }
    }
    expect(await h.core.store.headPosition()).toBe(head);
  });

  it('its public game page shows the game, named in each page language, with its players and its record link if it has one', async () => {
    // A discipline that declares no board (the fixture) gets the shared page: its players, phase and scores.
    for (const lang of ['en', 'zh-Hant'] as const) {
      const page = (await h.get(`/pages/games/${d.folder}/${gameId}?lang=${lang}`).expect(200)).text;
      expect(page.match(/<h1>([^<]*)<\/h1>/)?.[1]).toContain(d.pages.names[lang]);
      for (const p of players) expect(page).toContain(p.name);
      expect(page.includes(`<a href="${d.pages.record?.href(gameId)}">`)).toBe(d.pages.record !== null);
    }
  });

  it('GET /v1/games lists the game under its discipline, with its players and link', async () => {
    const list = (await h.get('/v1/games').expect(200)).body.games as {
      id: string;
      discipline: string;
      players: { id: string }[];
      link: { tournamentId: string } | null;
    }[];
    const entry = list.find((g) => g.id === gameId && g.discipline === driver.route);
    expect(entry).toBeDefined();
    expect(entry!.players.map((p) => p.id)).toEqual(ids);
    expect(entry!.link).toMatchObject({ tournamentId: tid });
  });
});
