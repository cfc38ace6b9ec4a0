import type { HistoryPoint } from './ratings.documents.js';

const W = 640;
const H = 320;
const PAD = { left: 56, right: 16, top: 28, bottom: 40 };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fmt = (n: number) => (Math.round(n * 10) / 10).toString();

/**
 * A player's rating history as an SVG line chart: one point per period (its latest list version), provisional points
 * hollow, the period under each point. Deterministic: the same history gives the same bytes (served with an ETag).
 */
export function ratingChartSvg(title: string, points: readonly HistoryPoint[]): string {
  const rated = points.filter((p): p is HistoryPoint & { rating: number } => p.rating !== null);
  const head = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}">`;
  const titleEl = `<title>${esc(title)}</title><text x="${PAD.left}" y="18" font-family="sans-serif" font-size="14">${esc(title)}</text>`;
  if (rated.length === 0) return `${head}${titleEl}<text x="${W / 2}" y="${H / 2}" text-anchor="middle" font-family="sans-serif">no rating yet</text></svg>`;
  const lo = Math.min(...rated.map((p) => p.rating));
  const hi = Math.max(...rated.map((p) => p.rating));
  const span = hi - lo || 100;
  const min = lo - span * 0.1;
  const max = hi + span * 0.1;
  const x = (i: number) => PAD.left + (rated.length === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (rated.length - 1));
  const y = (r: number) => PAD.top + ((max - r) * (H - PAD.top - PAD.bottom)) / (max - min);
  const axis =
    `<line x1="${PAD.left}" y1="${PAD.top}" x2="${PAD.left}" y2="${H - PAD.bottom}" stroke="#888"/>` +
    `<line x1="${PAD.left}" y1="${H - PAD.bottom}" x2="${W - PAD.right}" y2="${H - PAD.bottom}" stroke="#888"/>` +
    [hi, lo].map((r) => `<text x="${PAD.left - 6}" y="${fmt(y(r) + 4)}" text-anchor="end" font-family="sans-serif" font-size="11">${fmt(r)}</text>`).join('');
  const line = `<polyline fill="none" stroke="#1f6feb" stroke-width="2" points="${rated.map((p, i) => `${fmt(x(i))},${fmt(y(p.rating))}`).join(' ')}"/>`;
  const dots = rated
    .map(
      (p, i) =>
        `<circle cx="${fmt(x(i))}" cy="${fmt(y(p.rating))}" r="4" fill="${p.provisional ? 'white' : '#1f6feb'}" stroke="#1f6feb">` +
        `<title>${esc(`${p.period} (v${p.version}): ${fmt(p.rating)}${p.provisional ? ' provisional' : ''}`)}</title></circle>` +
        `<text x="${fmt(x(i))}" y="${H - PAD.bottom + 16}" text-anchor="middle" font-family="sans-serif" font-size="10">${esc(p.period)}</text>`,
    )
    .join('');
  return `${head}${titleEl}${axis}${line}${dots}</svg>`;
}
