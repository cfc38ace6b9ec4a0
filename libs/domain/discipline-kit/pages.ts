import { DomainError } from '../kernel/errors.js';
import type { RecordedFact } from './descriptor.js';

/**
 * What the public pages and the appeal timeline show of a discipline's games (issue 28): the page model a discipline's
 * board hook builds, the shared words it may use, and the hooks a descriptor declares (`pages` in descriptor.ts).
 * Pure string building: the HTTP layer renders the model (libs/api/pages) in the page's language.
 */
export type PageLang = 'en' | 'zh-Hant';

export interface Cell {
  readonly text: string;
  /** What a screen reader says for the square (its content), or null when empty. */
  readonly label: string | null;
  readonly cls: string;
  readonly data: Readonly<Record<string, string>>;
}
export interface Grid {
  readonly cls: string;
  readonly caption: string;
  readonly cols: readonly string[];
  readonly rows: readonly { readonly label: string; readonly cells: readonly Cell[] }[];
}
export interface MoveLink {
  readonly n: number;
  readonly text: string;
  readonly href: string;
  readonly current: boolean;
}
export interface CardView {
  readonly players: readonly string[];
  readonly hands: readonly {
    hand: string;
    round: number;
    dealer: string;
    outcome: string;
    winner: string;
    from: string;
    points: number;
    payments: readonly number[];
    running: readonly number[];
    href: string;
    current: boolean;
  }[];
  readonly totals: readonly { label: string; values: readonly number[] }[];
}
export interface GamePage {
  readonly players: readonly { readonly side: string; readonly name: string }[];
  /** Where the page stands: the start, after move n of total. */
  readonly at: string;
  /** Start, previous, next, last: a link each, or null (the label shown without a link) at either end. */
  readonly nav: readonly { readonly label: string; readonly href: string | null; readonly rel: 'prev' | 'next' | null }[];
  readonly facts: readonly { readonly term: string; readonly value: string }[];
  readonly grid: Grid | null;
  /** An inline SVG built by the discipline, which escapes every text it writes (escapeXml). */
  readonly svg: string | null;
  readonly card: CardView | null;
  readonly movesTitle: string;
  readonly moves: readonly MoveLink[];
  /** The games of a match (xiguaqi), each linked; empty for a single game. */
  readonly games: readonly { readonly label: string; readonly href: string; readonly current: boolean }[];
}

/** The address of the page at move `n` (and the match's game `game`). */
export type MoveHref = (n: number, game?: number) => string;

interface StepWords {
  readonly after: (n: number, total: number) => string;
  readonly first: string;
  readonly prev: string;
  readonly next: string;
  readonly last: string;
}

/** The pages' shared words a board hook may use (the pages' strings in the page's language have at least these). */
export interface GamePageWords {
  readonly first: string;
  readonly second: string;
  readonly seat: string;
  readonly outcome: Readonly<Record<string, string>>;
  readonly game: {
    readonly atStart: string;
    readonly noHands: string;
    /** The unit a game is moved through: a move (Go 着手, chess, a Scrabble turn), a ply (xiguaqi 步), a hand (mahjong 局). */
    readonly steps: { readonly move: StepWords; readonly step: StepWords; readonly hand: StepWords };
    readonly board: string;
    readonly moves: string;
    readonly black: string;
    readonly white: string;
    readonly pass: string;
    readonly captures: string;
    readonly capturedStones: (n: number) => string;
    readonly lastMove: string;
    readonly scores: string;
    readonly result: string;
    readonly card: string;
    readonly running: string;
    readonly penalties: string;
    readonly net: string;
  };
}

/** What a board hook is asked for: the game's public (redacted) state at a move of a game, in the page's language. */
export interface GamePageRequest {
  readonly id: string;
  /** The discipline's game state as its public view reads it (the hook knows its type). */
  readonly state: unknown;
  /** The move asked for (?move=; default the last). */
  readonly move: number | undefined;
  /** The game of a match asked for (?game=; default the latest). */
  readonly game: number | undefined;
  readonly lang: PageLang;
  readonly s: GamePageWords;
  readonly href: MoveHref;
}

/**
 * The position a contested decision was taken in, for the appeal timeline (its JSON carries the fields, its HTML and
 * Markdown the picture): `board`, the rows of a board (Scrabble), `chessFen`, a chess position.
 */
export interface DecisionPosition {
  readonly board?: readonly string[];
  readonly chessFen?: string;
}

/** The position drawn in the written timeline: a heading, the picture for HTML, and the lines for Markdown. */
export interface DecisionPicture {
  readonly heading: string;
  readonly html: string;
  readonly markdown: readonly string[];
}

/** What a discipline declares for the pages (every field has a default: see defineDiscipline). */
export interface DisciplinePages {
  /** The discipline's name in each page language (default: its id). */
  readonly names: Readonly<Record<PageLang, string>>;
  /** The API's export of a game's record: its format's name per language and its route (null: none; no record link). */
  readonly record: { readonly format: Readonly<Record<PageLang, string>>; readonly href: (id: string) => string } | null;
  /** What the player page's link to a game page says: the board, or the score card (mahjong). */
  readonly shows: 'board' | 'card';
  /** The game page at a move (null: the shared page of players, phase and scores, libs/api/pages/page-games.ts). */
  readonly game: ((r: GamePageRequest) => GamePage) | null;
  /** The appeal timeline's position before a decision, folded from the game's events before it (null: none shown). */
  readonly decision: {
    readonly position: (before: readonly RecordedFact[]) => DecisionPosition | null;
    readonly picture: (p: DecisionPosition, eventId: string) => DecisionPicture | null;
  } | null;
}

/** 404 for a move past the game's (or a game past the match's): the page would tell nothing true. */
export function noSuchMove(n: number, total: number, unit: 'moves' | 'hands' = 'moves'): DomainError {
  const rule = 'Arbitra: a game page shows the position after a recorded move (0: the start)';
  return new DomainError('pages/no-such-move', `the game has ${total} ${unit}, not ${n}`, rule, 'not-found', 'move');
}

type Unit = keyof GamePageWords['game']['steps'];

/** The move shown (default: the last), where the page stands, and the links around it in the discipline's unit. */
export function position(requested: number | undefined, total: number, href: (n: number) => string, s: GamePageWords, unit: Unit) {
  const n = requested ?? total;
  if (n > total) throw noSuchMove(n, total, unit === 'hand' ? 'hands' : 'moves');
  const w = s.game.steps[unit];
  const link = (label: string, to: number, show: boolean, rel: 'prev' | 'next' | null = null) => ({ label, href: show ? href(to) : null, rel });
  return {
    n,
    at: n === 0 ? (unit === 'hand' ? s.game.noHands : s.game.atStart) : w.after(n, total),
    nav: [link(w.first, 0, n > 0), link(w.prev, n - 1, n > 0, 'prev'), link(w.next, n + 1, n < total, 'next'), link(w.last, total, n < total)],
  };
}

/** The winner's name, or the page's word for a draw. */
export const winnerText = (s: GamePageWords, names: readonly string[], winner: number | null) => (winner === null ? s.outcome.draw : names[winner]);

/** Text and attribute values inside an SVG or HTML the discipline builds. */
export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
