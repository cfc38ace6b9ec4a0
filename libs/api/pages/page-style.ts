/**
 * The pages' one stylesheet (inline: a page is one request and prints on its own). Screens: fluid, readable on a phone
 * (tables scroll sideways inside their box). Print: A4, large type for the wall, no navigation, one division a page.
 */
export const PAGE_CSS = `
:root { color-scheme: light; --fg: #1a1a1a; --muted: #4d4d4d; --line: #c8c8c8; --band: #f2f4f7; --link: #0b4f9c; }
* { box-sizing: border-box; }
body { margin: 0; font: 1rem/1.5 system-ui, "Noto Sans CJK TC", "Noto Sans TC", "PingFang TC", "Microsoft JhengHei", sans-serif; color: var(--fg); background: #fff; }
a { color: var(--link); }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 0.5rem; top: 0.5rem; background: #fff; padding: 0.25rem 0.5rem; }
header { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: baseline; justify-content: space-between; padding: 0.75rem 1rem; border-bottom: 1px solid var(--line); }
header nav ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; list-style: none; margin: 0; padding: 0; }
main { padding: 0.5rem 1rem 2rem; max-width: 60rem; margin: 0 auto; }
h1, dd { overflow-wrap: anywhere; }
h1 { font-size: 1.6rem; margin: 0.75rem 0 0.25rem; }
h2 { font-size: 1.3rem; margin: 1.5rem 0 0.5rem; }
h3 { font-size: 1.1rem; margin: 1rem 0 0.5rem; }
.meta { color: var(--muted); margin: 0 0 1rem; }
.scroll { overflow-x: auto; }
.scroll:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; }
table { border-collapse: collapse; width: 100%; margin: 0.25rem 0 1rem; }
caption { text-align: left; font-weight: 600; padding: 0.25rem 0; }
th, td { text-align: left; padding: 0.35rem 0.5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--band); white-space: nowrap; }
td.num, td.seat { white-space: nowrap; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.lang a[aria-current] { font-weight: 700; color: var(--fg); text-decoration: none; }
.print-hint { color: var(--muted); font-size: 0.9rem; }
dl.decision { display: grid; grid-template-columns: max-content 1fr; gap: 0.5rem 1.5rem; }
dl.decision dt { font-weight: 600; }
dl.decision dd { margin: 0; }
dl.decision ul { margin: 0; padding-left: 1.2rem; }
.reasons { white-space: pre-line; }
figure.chart { margin: 0.5rem 0; }
figure.chart svg { max-width: 100%; height: auto; }
figcaption { color: var(--muted); font-size: 0.9rem; }
@media (max-width: 40rem) {
  body { font-size: 1.05rem; }
  th, td { padding: 0.3rem 0.35rem; }
  .wide { display: none; }
  dl.decision { grid-template-columns: 1fr; gap: 0.15rem; }
  dl.decision dd { margin-bottom: 0.5rem; }
}
@media print {
  @page { size: A4; margin: 12mm; }
  body { font-size: 15pt; }
  header nav, .lang, .print-hint, .skip { display: none; }
  header { border: 0; padding: 0; }
  main { max-width: none; padding: 0; }
  h1 { font-size: 22pt; }
  th, td { padding: 4pt 6pt; border-bottom: 0.5pt solid #777; }
  th { background: none; border-bottom: 1.5pt solid #000; }
  section.division + section.division { break-before: page; }
  tr { break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
}
`;
