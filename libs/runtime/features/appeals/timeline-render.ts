import type { Remedy } from '../../../domain/appeals/index.js';
import { gameStreamOf } from '../../../domain/discipline-kit/registry.js';
import { escapeXml as esc } from '../../../domain/discipline-kit/pages.js';
import type { Timeline, TimelineEntry } from './timeline.js';
import { resultText } from './timeline-summary.js';

const clockText = (c: { remainingMs: readonly number[]; readHere: boolean } | null) =>
  c === null ? '—' : `${c.remainingMs.map((ms) => mmss(ms)).join(' / ')}${c.readHere ? '' : ' (last reading)'}`;

function mmss(ms: number): string {
  const neg = ms < 0;
  const s = Math.floor(Math.abs(ms) / 1000);
  return `${neg ? '-' : ''}${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function remedyText(r: Remedy): string {
  switch (r.kind) {
    case 'correct-result':
      return `correct the result of round ${r.round}, table ${r.table} (${r.result.kind}${'outcome' in r.result ? (r.result.outcome === 'draw' ? ', drawn' : `, ${r.result.outcome} wins`) : ''})`;
    case 'cancel-penalty':
      return `cancel penalty ${r.penaltyId}`;
    case 'reduce-penalty':
      return `reduce penalty ${r.penaltyId} to ${r.amount}`;
    case 'order-replay':
      return `replay round ${r.round}, table ${r.table}: ${r.instructions}`;
    case 're-pair-next-round':
      return `re-pair round ${r.round + 1}: not yet paired, it will be paired from the corrected results`;
  }
}

/** A sentence ends once: "reasons." stays "reasons.", "reasons" becomes "reasons.". */
const end = (s: string) => (/[.!?。」”]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);

/** What a step says, in words (the same in HTML and Markdown). */
export function stepText(e: Extract<TimelineEntry, { kind: 'step' }>): string {
  const d = e.details as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  switch (e.step) {
    case 'lodged':
      return (
        `Appeal lodged by ${d.appellant.id} (${d.appellant.capacity} for ${d.appellant.forPlayer}) with the ${d.lodgedWith}, in writing. ` +
        `Grounds: ${end(d.grounds)} Remedy sought: ${end(d.remedySought)} Deadline: ${d.deadline.at ?? 'not running (session not ended)'} (${d.deadline.rule}).` +
        (d.late ? ` Lodged late, accepted by ${d.late.acceptedBy.id} (${d.late.acceptedBy.role}): ${d.late.reason}.` : '')
      );
    case 'acknowledged':
      return 'Appeal acknowledged.';
    case 'committee formed':
      return `Committee formed: ${(d.members as { id: string; name: string; role: string }[]).map((m) => `${m.name} (${m.id}, ${m.role})`).join(', ')}.`;
    case 'statement attached':
      return `Statement ${d.statementId} (${d.kind}) by ${d.author}: “${d.text}”${d.references.length ? ` Refers to events ${d.references.join(', ')}.` : ''}`;
    case 'hearing scheduled':
      return `Hearing scheduled for ${d.hearingAt} at ${d.place}.`;
    case 'hearing held':
      return `Hearing held; present: ${d.present.join(', ')}. Minutes: ${end(d.minutes)}`;
    case 'decided':
      return (
        `Decision: appeal ${d.outcome}. Reasons: ${end(d.reasons)} Votes: ${(d.votes as { member: string; vote: string }[]).map((v) => `${v.member} ${v.vote}`).join(', ')}.` +
        (d.deposit ? ` Deposit ${d.deposit}.` : '') +
        (d.final ? ` This decision is final (${d.finalityRule}).` : '')
      );
    case 'final':
      return `Appeal final.${d.note ? ` ${end(d.note)}` : ''}`;
    default:
      return e.step;
  }
}

function remedyStatus(e: Extract<TimelineEntry, { kind: 'remedy' }>, positions: Timeline['positions']): string {
  const where = positions === 'log' ? 'log position' : 'the tournament’s public position';
  if (e.status === 'applied') return `applied (${e.effect!.event.type} at ${where} ${e.effect!.event.position}, ${e.effect!.event.at})`;
  if (e.status === 'refused') return `refused: ${e.refusal!.message}${e.refusal!.rule ? ` (${e.refusal!.rule})` : ''}`;
  if (e.status === 'recorded') return 'ordered by the decision';
  return 'not applied yet';
}

type Lines = { rank: number; player: string; wins: number; losses: number; spread: number }[];
const standingsRows = (rows: Lines) => rows.map((r) => `${r.rank}. ${r.player} ${r.wins}–${r.losses} (${r.spread >= 0 ? '+' : ''}${r.spread})`).join('; ');

const CSS = `body{font-family:Georgia,serif;max-width:46rem;margin:2rem auto;color:#111}
h1{font-size:1.5rem}h2{font-size:1.15rem;border-bottom:1px solid #999;margin-top:1.6rem}
table{border-collapse:collapse;width:100%;font-size:.85rem}td,th{border:1px solid #bbb;padding:.2rem .4rem;text-align:left;vertical-align:top}
tr.contested td{font-weight:bold;background:#fff3c4}ol.steps li{margin:.5rem 0}.meta{color:#444;font-size:.85rem}
@media print{body{margin:0;max-width:none}h2{break-after:avoid}tr,li,svg{break-inside:avoid}a{color:inherit;text-decoration:none}}`;

/** The position the decision was taken in, drawn by the game's discipline (null: it shows none). */
function pictureOf(c: NonNullable<Timeline['contested']>) {
  const position = { ...(c.board && { board: c.board }), ...(c.chessFen && { chessFen: c.chessFen }) };
  if (!position.board && !position.chessFen) return null;
  return gameStreamOf(c.stream)?.descriptor.pages.decision?.picture(position, c.eventId) ?? null;
}

/** The timeline as a printable HTML document: plain HTML and print CSS, no script. */
export function timelineHtml(t: Timeline): string {
  const out: string[] = [];
  out.push(
    '<!DOCTYPE html>',
    `<html lang="en"><head><meta charset="utf-8"><title>Appeal ${esc(t.appealId)}: timeline</title><style>${CSS}</style></head><body>`,
    `<h1>Appeal ${esc(t.appealId)}</h1>`,
    `<p class="meta">Tournament ${esc(t.tournamentId)} · ${esc(t.discipline)} · appeal profile ${esc(t.profile)} · current step: ${esc(t.step)}</p>`,
    '<h2>The contested decision</h2>',
  );
  const c = t.contested;
  if (!c) out.push('<p>The contested event is not in the index.</p>');
  else {
    out.push(
      `<p id="contested">${esc(c.summary)} <span class="meta">(${esc(c.type)}, event ${esc(c.eventId)}, by ${esc(c.decidedBy.id)} (${esc(c.decidedBy.role)}) at ${esc(c.at)})</span></p>`,
      '<table><thead><tr><th>#</th><th>time</th><th>by</th><th>event</th><th>clocks (seat 0 / seat 1)</th></tr></thead><tbody>',
    );
    for (const x of c.context)
      out.push(
        `<tr${x.contested ? ' class="contested"' : ''}><td>${x.revision}</td><td>${esc(x.at)}</td><td>${esc(x.by)}</td><td>${esc(x.summary)}</td><td>${esc(clockText(x.clock))}</td></tr>`,
      );
    out.push('</tbody></table>');
    const picture = pictureOf(c);
    if (picture) out.push(`<h3>${picture.heading}</h3>`, picture.html);
  }
  out.push('<h2>The appeal, step by step</h2>', '<ol class="steps">');
  for (const e of t.entries) {
    if (e.kind === 'step')
      out.push(`<li class="step"><strong>${esc(e.step)}</strong> — ${esc(e.at)}, by ${esc(e.by.id)} (${esc(e.by.role)}). ${esc(stepText(e))}</li>`);
    else {
      out.push(`<li class="remedy"><strong>remedy</strong>: ${esc(remedyText(e.remedy))} — ${esc(remedyStatus(e, t.positions))}.`);
      const eff = e.effect;
      if (eff?.result) out.push(`<br>Result before: ${esc(summ(eff.result.before))}; after: ${esc(summ(eff.result.after))}.`);
      if (eff?.standings)
        out.push(
          `<br>Standings (${esc(eff.standings.division)}) before: ${esc(standingsRows(eff.standings.before))}.`,
          `<br>Standings after: ${esc(standingsRows(eff.standings.after))}.`,
        );
      out.push('</li>');
    }
  }
  out.push('</ol>', '</body></html>');
  return out.join('\n');
}

function summ(r: unknown): string {
  return resultText(r) || '—';
}

const md = (s: string) => s.replace(/([\\|*_`[\]<>])/g, '\\$1');

/** The timeline as Markdown (the board as an inline SVG block, which Markdown passes through as HTML). */
export function timelineMarkdown(t: Timeline): string {
  const out: string[] = [
    `# Appeal ${md(t.appealId)}`,
    '',
    `Tournament ${md(t.tournamentId)} · ${t.discipline} · appeal profile ${t.profile} · current step: ${t.step}`,
    '',
  ];
  out.push('## The contested decision', '');
  const c = t.contested;
  if (c) {
    out.push(`${md(c.summary)} (${md(c.type)}, event ${md(c.eventId)}, by ${md(c.decidedBy.id)} at ${c.at})`, '');
    out.push('| # | time | by | event | clocks (seat 0 / seat 1) |', '| --- | --- | --- | --- | --- |');
    for (const x of c.context)
      out.push(`| ${x.revision}${x.contested ? ' **(contested)**' : ''} | ${x.at} | ${md(x.by)} | ${md(x.summary)} | ${clockText(x.clock)} |`);
    out.push('');
    const picture = pictureOf(c);
    if (picture) out.push(`### ${picture.heading}`, '', ...picture.markdown);
  }
  out.push('## The appeal, step by step', '');
  let n = 1;
  for (const e of t.entries) {
    if (e.kind === 'step') out.push(`${n++}. **${e.step}** — ${e.at}, by ${md(e.by.id)} (${e.by.role}). ${md(stepText(e))}`);
    else {
      out.push(`${n++}. **remedy**: ${md(remedyText(e.remedy))} — ${md(remedyStatus(e, t.positions))}.`);
      if (e.effect?.result) out.push(`   Result before: ${md(summ(e.effect.result.before))}; after: ${md(summ(e.effect.result.after))}.`);
      if (e.effect?.standings)
        out.push(
          `   Standings before: ${md(standingsRows(e.effect.standings.before))}.`,
          `   Standings after: ${md(standingsRows(e.effect.standings.after))}.`,
        );
    }
  }
  out.push('');
  return out.join('\n');
}
