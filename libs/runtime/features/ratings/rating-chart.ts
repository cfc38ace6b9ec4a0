import type { HistoryPoint } from './ratings.documents.js';

const W = 640;
const H = 340;
/** Room for the rating labels and the vertical axis title (left), half a period label (right), the labels and the title (bottom). */
const PAD = { left: 72, right: 48, top: 28, bottom: 58 };
const FONT = 'font-family="sans-serif"';
/** About 6 px per character at 10 px: a period label's half-width must fit in PAD.right. */
const LABEL_GAP = 56;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fmt = (n: number) => (Math.round(n * 10) / 10).toString();

/** The words a chart writes: its axis titles, what it says with no rating, a provisional point's mark. */
export interface ChartWords {
  readonly rating: string;
  readonly period: string;
  readonly none: string;
  readonly provisional: string;
}
const ENGLISH: ChartWords = { rating: 'Rating', period: 'Rating period', none: 'no rating yet', provisional: 'provisional' };

/** A round tick step (1, 2 or 5 × 10^k) giving about `count` intervals over `span`. */
function tickStep(span: number, count: number): number {
  const raw = span / count;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const f = raw / mag;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

/**
 * A player's rating history as an SVG line chart: one point per period (its latest list version), provisional points
 * hollow; axis titles, rating ticks at round values with grid lines, period labels thinned so they never overlap, the
 * last one always shown and inside the picture. Deterministic: the same history gives the same bytes (served with an ETag).
 * `words`: the chart's own words (the axis titles) in the reader's language; English by default (the API's SVG).
 */
export function ratingChartSvg(title: string, points: readonly HistoryPoint[], words: ChartWords = ENGLISH): string {
  const rated = points.filter((p): p is HistoryPoint & { rating: number } => p.rating !== null);
  const head = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}">`;
  const titleEl = `<title>${esc(title)}</title><text x="${PAD.left}" y="18" ${FONT} font-size="14">${esc(title)}</text>`;
  if (rated.length === 0) return `${head}${titleEl}<text x="${W / 2}" y="${H / 2}" text-anchor="middle" ${FONT}>${esc(words.none)}</text></svg>`;
  const lo = Math.min(...rated.map((p) => p.rating));
  const hi = Math.max(...rated.map((p) => p.rating));
  const step = tickStep(hi - lo || 100, 5);
  const min = Math.floor(lo / step) * step - (hi === lo ? step : 0);
  const max = Math.ceil(hi / step) * step + (hi === lo ? step : 0);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (rated.length === 1 ? plotW / 2 : (i * plotW) / (rated.length - 1));
  const y = (r: number) => PAD.top + ((max - r) * plotH) / (max - min);
  const ticks: number[] = [];
  for (let v = min; v <= max + step / 1e6; v += step) ticks.push(Math.round(v / step) * step);
  const grid = ticks
    .map(
      (v) =>
        `<line x1="${PAD.left}" y1="${fmt(y(v))}" x2="${W - PAD.right}" y2="${fmt(y(v))}" stroke="#e5e5e5"/>` +
        `<line x1="${PAD.left - 4}" y1="${fmt(y(v))}" x2="${PAD.left}" y2="${fmt(y(v))}" stroke="#888"/>` +
        `<text x="${PAD.left - 8}" y="${fmt(y(v) + 4)}" text-anchor="end" ${FONT} font-size="11">${fmt(v)}</text>`,
    )
    .join('');
  const axes =
    `<line x1="${PAD.left}" y1="${PAD.top}" x2="${PAD.left}" y2="${H - PAD.bottom}" stroke="#888"/>` +
    `<line x1="${PAD.left}" y1="${H - PAD.bottom}" x2="${W - PAD.right}" y2="${H - PAD.bottom}" stroke="#888"/>` +
    `<text transform="translate(16 ${fmt(PAD.top + plotH / 2)}) rotate(-90)" text-anchor="middle" ${FONT} font-size="12">${esc(words.rating)}</text>` +
    `<text x="${fmt(PAD.left + plotW / 2)}" y="${H - 12}" text-anchor="middle" ${FONT} font-size="12">${esc(words.period)}</text>`;
  // Every k-th period label, so that labels stand LABEL_GAP apart; the last one always (the one before it dropped if too close).
  const every = rated.length === 1 ? 1 : Math.max(1, Math.ceil(LABEL_GAP / (plotW / (rated.length - 1))));
  const last = rated.length - 1;
  const labelled = (i: number) => i === last || (i % every === 0 && last - i >= every);
  const line = `<polyline fill="none" stroke="#1f6feb" stroke-width="2" points="${rated.map((p, i) => `${fmt(x(i))},${fmt(y(p.rating))}`).join(' ')}"/>`;
  const dots = rated
    .map(
      (p, i) =>
        `<circle cx="${fmt(x(i))}" cy="${fmt(y(p.rating))}" r="4" fill="${p.provisional ? 'white' : '#1f6feb'}" stroke="#1f6feb">` +
        `<title>${esc(`${p.period} (v${p.version}): ${fmt(p.rating)}${p.provisional ? ` ${words.provisional}` : ''}`)}</title></circle>` +
        `<line x1="${fmt(x(i))}" y1="${H - PAD.bottom}" x2="${fmt(x(i))}" y2="${H - PAD.bottom + 4}" stroke="#888"/>` +
        (labelled(i) ? `<text x="${fmt(x(i))}" y="${H - PAD.bottom + 18}" text-anchor="middle" ${FONT} font-size="10">${esc(p.period)}</text>` : ''),
    )
    .join('');
  return `${head}${titleEl}${grid}${axes}${line}${dots}</svg>`;
}
