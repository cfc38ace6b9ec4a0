import type { CrosstableDocument, RoundDocument, StandingsDocument, TournamentSummary } from '../../runtime/features/tournament/index.js';
import type { GameResult } from '../../domain/standings/index.js';
import { type PAGE_STRINGS, type PageLang } from './page-i18n.js';

/** What the templates show: plain values already in the page's language (the templates only lay them out and escape). */
export type Strings = (typeof PAGE_STRINGS)[PageLang];

/** The public summary: published rounds only (RULES.unpublishedHidden), as GET /v1/tournaments/:id gives the public. */
export function publicSummary(summary: TournamentSummary): TournamentSummary {
  return { ...summary, rounds: summary.rounds.filter((r) => r.published) };
}

export const namesOf = (summary: TournamentSummary): ReadonlyMap<string, string> => new Map(summary.players.map((p) => [p.id, p.name]));

export function tournamentView(summary: TournamentSummary, s: Strings) {
  const pub = publicSummary(summary);
  const divisions = pub.divisions.map((division) => ({
    name: division,
    players: pub.players.filter((p) => p.division === division).length,
    rounds: pub.rounds
      .filter((r) => r.division === division)
      .sort((a, b) => a.round - b.round)
      .map((r) => ({ round: r.round, label: s.round(r.round), status: s.status[r.status] ?? r.status, tables: r.tables, missing: r.missing.length })),
  }));
  return { id: pub.id, name: pub.name, discipline: pub.discipline, roundsPlanned: pub.roundsPlanned, divisions };
}

/** One result in words: the score when recorded, else who won; forfeits name the absent player. */
function resultText(result: GameResult | undefined, names: ReadonlyMap<string, string>, s: Strings): string {
  if (!result) return s.noResult;
  const name = (id: string) => names.get(id) ?? id;
  switch (result.kind) {
    case 'played': {
      const mark = result.outcome === 'draw' ? '½–½' : result.outcome === 'first' ? '1–0' : '0–1';
      return result.score ? `${mark} (${result.score.first}–${result.score.second})` : mark;
    }
    case 'forfeit':
      return `${result.absent === 'first' ? '0F–1F' : '1F–0F'} (${s.forfeit}: ${name(result.absent === 'first' ? result.first : result.second)})`;
    case 'double-forfeit':
      return s.doubleForfeit;
    case 'bye':
      return s.bye;
    case 'requested-bye':
      return s.requestedBye[result.points];
    case 'mahjong-table':
      return result.seats.map((seat) => `${name(seat.player)} ${seat.points > 0 ? '+' : ''}${seat.points}`).join(', ');
  }
}

/** A published round of one division: by table (in table order), and every player alphabetically with their seat. */
export function roundView(round: RoundDocument, names: ReadonlyMap<string, string>, s: Strings, lang: PageLang) {
  const name = (id: string) => names.get(id) ?? id;
  const games = [...round.games]
    .sort((a, b) => a.table - b.table)
    .map((g) => ({ table: g.table, first: name(g.first), second: name(g.second), result: resultText(round.results[`t${g.table}`], names, s) }));
  const tables = [...round.tables]
    .sort((a, b) => a.table - b.table)
    .map((t) => ({
      table: t.table,
      seats: t.seats.map((seat) => ({ wind: s.winds[seat.wind] ?? seat.wind, name: name(seat.player) })),
      result: resultText(round.results[`t${t.table}`], names, s),
    }));
  const byes = round.byes ?? (round.bye === null ? [] : [round.bye]);
  const entries: { name: string; table: number | null; seat: string; opponent: string }[] = [];
  for (const g of round.games) {
    entries.push({ name: name(g.first), table: g.table, seat: s.first, opponent: name(g.second) });
    entries.push({ name: name(g.second), table: g.table, seat: s.second, opponent: name(g.first) });
  }
  for (const t of round.tables)
    for (const seat of t.seats)
      entries.push({
        name: name(seat.player),
        table: t.table,
        seat: s.winds[seat.wind] ?? seat.wind,
        opponent: t.seats
          .filter((o) => o.player !== seat.player)
          .map((o) => name(o.player))
          .join(', '),
      });
  for (const b of byes) entries.push({ name: name(b), table: null, seat: s.bye, opponent: '' });
  const collator = new Intl.Collator(lang === 'zh-Hant' ? 'zh-Hant' : 'en', { sensitivity: 'base' });
  entries.sort((a, b) => collator.compare(a.name, b.name));
  return {
    division: round.division,
    round: round.round,
    label: s.round(round.round),
    status: s.status[round.status] ?? round.status,
    games,
    tables,
    byes: byes.map(name),
    byName: entries,
  };
}

/** The stored public standings of a division, with the tie-breaks in the profile's order. */
export function standingsView(doc: StandingsDocument, summary: TournamentSummary, names: ReadonlyMap<string, string>, s: Strings) {
  const codes = summary.profile.tieBreaks as readonly string[];
  return {
    division: doc.division,
    through: s.throughRound(doc.throughRound),
    inProgress: doc.roundInProgress === null ? null : s.inProgress(doc.roundInProgress),
    tieBreaks: codes.map((code) => ({ code, label: s.tieBreaks[code] ?? code })),
    showSpread: !codes.includes('SPREAD'),
    rows: doc.rows.map((r) => ({
      rank: r.rank,
      player: r.player,
      name: r.name ?? names.get(r.player) ?? r.player,
      withdrawn: r.withdrawn,
      score: r.mcmahon ?? r.score,
      wdl: `${r.wins}–${r.draws}–${r.losses}`,
      spread: r.spread,
      penalty: r.penaltyPoints,
      tieBreaks: codes.map((code) => r.tieBreaks.find((t) => t.code === code)?.value ?? ''),
    })),
  };
}

/**
 * The stored public crosstable of a division: per player (standings order) and round, the result (1, ½, 0) against
 * the opponent's rank, or the bye, or the table rank and points (mahjong); the running total after each round.
 */
export function crosstableView(doc: CrosstableDocument, names: ReadonlyMap<string, string>, s: Strings) {
  const rankOf = new Map(doc.rows.map((r) => [r.player, r.rank]));
  const rounds = Math.max(0, ...doc.rows.map((r) => r.cells.length));
  const mark = (outcome: 'win' | 'draw' | 'loss' | null) => (outcome === 'win' ? '1' : outcome === 'draw' ? '½' : outcome === 'loss' ? '0' : '');
  return {
    division: doc.division,
    rounds: Array.from({ length: rounds }, (_, i) => s.round(i + 1)),
    rows: doc.rows.map((r) => ({
      rank: r.rank,
      player: r.player,
      name: r.name ?? names.get(r.player) ?? r.player,
      cells: r.cells.map((c) => {
        const vs = c.opponent === null ? '' : ` – ${rankOf.get(c.opponent) ?? '?'}`;
        const score = c.scoreFor !== null && c.scoreAgainst !== null ? ` (${c.scoreFor}–${c.scoreAgainst})` : '';
        switch (c.kind) {
          case 'played':
            return { text: `${mark(c.outcome)}${vs}${score}`, running: c.running };
          case 'forfeit':
          case 'double-forfeit':
            return { text: `${mark(c.outcome)}${vs} (${s.forfeit})`, running: c.running };
          case 'bye':
            return { text: s.bye, running: c.running };
          case 'requested-bye':
            return { text: s.requestedBye[c.outcome === 'win' ? 'full' : 'half'], running: c.running };
          case 'mahjong-table':
            return { text: `#${c.tableRank ?? '?'} (${c.scoreFor ?? 0})`, running: c.running };
          case 'absent':
            return { text: s.absent, running: c.running };
          case 'not-yet-played':
            return { text: '', running: null };
        }
      }),
      total: r.cells.length === 0 ? 0 : r.cells[r.cells.length - 1]!.running,
    })),
  };
}

/** A player's page: their standing and each round's game (opponent, table, side, result) from the public crosstable. */
export function playerView(
  player: { id: string; name: string; division: string },
  standings: StandingsDocument | undefined,
  crosstable: CrosstableDocument | undefined,
  names: ReadonlyMap<string, string>,
  s: Strings,
) {
  const row = standings?.rows.find((r) => r.player === player.id);
  const cells = crosstable?.rows.find((r) => r.player === player.id)?.cells ?? [];
  const mark = (outcome: 'win' | 'draw' | 'loss' | null) => (outcome === 'win' ? '1' : outcome === 'draw' ? '½' : outcome === 'loss' ? '0' : '');
  return {
    id: player.id,
    name: player.name,
    division: player.division,
    standing: row ? { rank: row.rank, score: row.mcmahon ?? row.score, wdl: `${row.wins}–${row.draws}–${row.losses}` } : null,
    games: cells
      .filter((c) => c.kind !== 'not-yet-played')
      .map((c) => ({
        round: c.round,
        label: s.round(c.round),
        table: c.table,
        opponent: c.opponent === null ? null : { id: c.opponent, name: names.get(c.opponent) ?? c.opponent },
        tableMates: c.tableMates.map((m) => ({ id: m, name: names.get(m) ?? m })),
        seat: c.wind !== null ? (s.winds[c.wind] ?? c.wind) : c.side === 'first' ? s.first : c.side === 'second' ? s.second : '',
        result:
          c.kind === 'bye'
            ? s.bye
            : c.kind === 'requested-bye'
              ? s.requestedBye[c.outcome === 'win' ? 'full' : 'half']
              : c.kind === 'absent'
                ? s.absent
                : c.kind === 'mahjong-table'
                  ? `#${c.tableRank ?? '?'} (${c.scoreFor ?? 0})`
                  : `${mark(c.outcome)}${c.scoreFor !== null && c.scoreAgainst !== null ? ` (${c.scoreFor}–${c.scoreAgainst})` : ''}${c.kind === 'played' ? '' : ` (${c.kind === 'forfeit' ? s.forfeit : s.doubleForfeit})`}`,
        running: c.running,
      })),
  };
}

/**
 * A player's games in published rounds without a result yet (the crosstable has no table for them): from the round's
 * public pairing, so the player page lists the game being played (and links its record and page) before its result.
 */
export function pendingGames(player: string, rounds: readonly RoundDocument[], names: ReadonlyMap<string, string>, s: Strings) {
  return rounds.flatMap((r) => {
    const game = r.games.find((g) => g.first === player || g.second === player);
    const table = r.tables.find((t) => t.seats.some((seat) => seat.player === player));
    if (!game && !table) return [];
    const opponent = game ? (game.first === player ? game.second : game.first) : null;
    const mates = table ? table.seats.filter((seat) => seat.player !== player).map((seat) => seat.player) : [];
    const wind = table?.seats.find((seat) => seat.player === player)?.wind;
    return [
      {
        round: r.round,
        label: s.round(r.round),
        table: game?.table ?? table!.table,
        opponent: opponent === null ? null : { id: opponent, name: names.get(opponent) ?? opponent },
        tableMates: mates.map((m) => ({ id: m, name: names.get(m) ?? m })),
        seat: wind ? (s.winds[wind] ?? wind) : game ? (game.first === player ? s.first : s.second) : '',
        result: s.noResult,
        running: '',
      },
    ];
  });
}
