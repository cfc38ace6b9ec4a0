import { Eta } from 'eta';
import { PAGE_CSS } from './page-style.js';
import { APPEAL, RATED_PLAYER, RATINGS, TOURNAMENTS } from './page-templates-federation.js';
import { GAME } from './page-templates-games.js';

/**
 * The pages' Eta templates. `<%= %>` escapes (autoEscape, Eta's default, kept explicit); nothing here prints raw
 * except the layout's body (already rendered and escaped by its template) and the stylesheet (a constant).
 */
const LAYOUT = `<!doctype html>
<html lang="<%= it.lang %>">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title><%= it.title %></title>
<style><%~ it.css %></style>
</head>
<body>
<a class="skip" href="#main"><%= it.s.skip %></a>
<header>
<nav aria-label="<%= it.navLabel %>"><ul>
<% it.nav.forEach(function (n) { %><li><a href="<%= n.href %>"><%= n.label %></a></li>
<% }) %></ul></nav>
<div class="lang"><span id="lang-label"><%= it.s.language %></span>:
<% it.langs.forEach(function (l) { %> <a href="<%= l.href %>" hreflang="<%= l.lang %>" lang="<%= l.lang %>"<% if (l.current) { %> aria-current="true"<% } %>><%= l.name %></a><% }) %>
</div>
</header>
<main id="main"<% if (it.live) { %> data-live="<%= it.live %>"<% } %>>
<%~ it.body %>
</main>
<% if (it.live) { %><script><%~ it.liveScript %></script><% } %>
</body>
</html>
`;

const TOURNAMENT = `<% layout('@layout') %>
<h1><%= it.t.name %></h1>
<p class="meta"><%= it.t.discipline %><% if (it.t.roundsPlanned !== null) { %> · <%= it.s.roundsPlanned(it.t.roundsPlanned) %><% } %></p>
<h2><%= it.s.divisions %></h2>
<% it.t.divisions.forEach(function (d) { %>
<section class="division" aria-labelledby="div-<%= d.name %>">
<h3 id="div-<%= d.name %>"><%= it.s.division %> <%= d.name %> · <%= it.s.players %>: <%= d.players %></h3>
<% if (d.rounds.length === 0) { %><p><%= it.s.noRounds %></p><% } else { %>
<ul class="rounds">
<% d.rounds.forEach(function (r) { %><li><a href="<%= it.roundHref(d.name, r.round) %>"><%= r.label %> — <%= it.s.pairings %></a> (<%= r.status %>)</li>
<% }) %></ul>
<% } %>
</section>
<% }) %>
<p><a href="<%= it.links.standings %>"><%= it.s.standings %></a></p>
`;

const ROUND = `<% layout('@layout') %>
<h1><%= it.tournamentName %> — <%= it.r.label %> <%= it.s.pairings %></h1>
<p class="meta"><%= it.s.division %> <%= it.r.division %> · <%= it.r.status %></p>
<p class="print-hint"><%= it.s.printHint %></p>
<section class="division" aria-labelledby="by-table">
<h2 id="by-table"><%= it.s.byTable %></h2>
<div class="scroll" tabindex="0" role="region" aria-labelledby="by-table"><table id="pairings-by-table">
<% if (it.r.games.length > 0) { %>
<thead><tr><th scope="col" class="num"><%= it.s.table %></th><th scope="col"><%= it.s.first %></th><th scope="col"><%= it.s.second %></th><th scope="col"><%= it.s.result %></th></tr></thead>
<tbody>
<% it.r.games.forEach(function (g) { %><tr><td class="num"><%= g.table %></td><td><%= g.first %></td><td><%= g.second %></td><td><%= g.result %></td></tr>
<% }) %>
<% } else { %>
<thead><tr><th scope="col" class="num"><%= it.s.table %></th><th scope="col"><%= it.s.players %></th><th scope="col"><%= it.s.result %></th></tr></thead>
<tbody>
<% it.r.tables.forEach(function (t) { %><tr><td class="num"><%= t.table %></td><td><% t.seats.forEach(function (seat, i) { %><%= i ? ' · ' : '' %><%= seat.wind %> <%= seat.name %><% }) %></td><td><%= t.result %></td></tr>
<% }) %>
<% } %>
<% it.r.byes.forEach(function (b) { %><tr class="bye"><td class="num">–</td><td colspan="<%= it.r.games.length > 0 ? 2 : 1 %>"><%= b %></td><td><%= it.s.bye %></td></tr>
<% }) %>
</tbody></table></div>
</section>
<section class="division" aria-labelledby="by-name">
<h2 id="by-name"><%= it.s.byName %></h2>
<div class="scroll" tabindex="0" role="region" aria-labelledby="by-name"><table id="pairings-by-name">
<thead><tr><th scope="col"><%= it.s.player %></th><th scope="col" class="num"><%= it.s.table %></th><th scope="col"><%= it.s.seat %></th><th scope="col"><%= it.s.opponent %></th></tr></thead>
<tbody>
<% it.r.byName.forEach(function (e) { %><tr><td><%= e.name %></td><td class="num"><%= e.table === null ? '–' : e.table %></td><td class="seat"><%= e.seat %></td><td><%= e.opponent %></td></tr>
<% }) %>
</tbody></table></div>
</section>
`;

const STANDINGS = `<% layout('@layout') %>
<h1><%= it.tournamentName %> — <%= it.s.standings %></h1>
<p class="print-hint"><%= it.s.printHint %></p>
<% it.divisions.forEach(function (d) { %>
<section class="division" aria-labelledby="st-<%= d.division %>">
<h2 id="st-<%= d.division %>"><%= it.s.division %> <%= d.division %></h2>
<p class="meta"><%= d.through %><% if (d.inProgress) { %> · <%= d.inProgress %><% } %></p>
<div class="scroll" tabindex="0" role="region" aria-labelledby="st-<%= d.division %>"><table class="standings">
<thead><tr><th scope="col" class="num"><%= it.s.rank %></th><th scope="col"><%= it.s.player %></th><th scope="col" class="num"><%= it.s.score %></th><th scope="col"><%= it.s.wdl %></th>
<% if (d.showSpread) { %><th scope="col" class="num wide"><%= it.s.spread %></th><% } %>
<% d.tieBreaks.forEach(function (tb) { %><th scope="col" class="num"><%= tb.label %></th><% }) %>
<th scope="col" class="num wide"><%= it.s.penalty %></th></tr></thead>
<tbody>
<% d.rows.forEach(function (row) { %><tr><td class="num"><%= row.rank %></td><td><a href="<%= it.playerHref(row.player) %>"><%= row.name %></a><% if (row.withdrawn) { %> (<%= it.s.withdrawn %>)<% } %></td><td class="num"><%= row.score %></td><td><%= row.wdl %></td>
<% if (d.showSpread) { %><td class="num wide"><%= row.spread %></td><% } %>
<% row.tieBreaks.forEach(function (v) { %><td class="num"><%= v %></td><% }) %>
<td class="num wide"><%= row.penalty %></td></tr>
<% }) %>
</tbody></table></div>
<p class="meta"><%= it.s.tieBreakLegend %>: <%= d.tieBreaks.map(function (tb) { return tb.label; }).join(' › ') %></p>
</section>
<% }) %>
`;

const CROSSTABLE = `<% layout('@layout') %>
<h1><%= it.tournamentName %> — <%= it.s.crosstable %></h1>
<% it.divisions.forEach(function (d) { %>
<section class="division" aria-labelledby="ct-<%= d.division %>">
<h2 id="ct-<%= d.division %>"><%= it.s.division %> <%= d.division %></h2>
<div class="scroll" tabindex="0" role="region" aria-labelledby="ct-<%= d.division %>"><table class="crosstable">
<thead><tr><th scope="col" class="num"><%= it.s.rank %></th><th scope="col"><%= it.s.player %></th>
<% d.rounds.forEach(function (label) { %><th scope="col"><%= label %></th><% }) %>
<th scope="col" class="num"><%= it.s.total %></th></tr></thead>
<tbody>
<% d.rows.forEach(function (row) { %><tr><td class="num"><%= row.rank %></td><th scope="row"><a href="<%= it.playerHref(row.player) %>"><%= row.name %></a></th>
<% row.cells.forEach(function (c) { %><td><%= c.text %></td><% }) %>
<td class="num"><%= row.total %></td></tr>
<% }) %>
</tbody></table></div>
</section>
<% }) %>
`;

const PLAYER = `<% layout('@layout') %>
<h1><%= it.p.name %></h1>
<p class="meta"><%= it.s.division %> <%= it.p.division %><% if (it.p.standing) { %> · <%= it.s.rank %> <%= it.p.standing.rank %> · <%= it.s.score %> <%= it.p.standing.score %> · <%= it.s.wdl %> <%= it.p.standing.wdl %><% } %></p>
<h2 id="games"><%= it.s.games %></h2>
<div class="scroll" tabindex="0" role="region" aria-labelledby="games"><table id="player-games">
<thead><tr><th scope="col"><%= it.s.rounds %></th><th scope="col" class="num"><%= it.s.table %></th><th scope="col"><%= it.s.seat %></th><th scope="col"><%= it.s.opponent %></th><th scope="col"><%= it.s.result %></th><th scope="col" class="num"><%= it.s.after %></th><th scope="col"><%= it.s.record %></th></tr></thead>
<tbody>
<% it.p.games.forEach(function (g) { %><tr><td><%= g.label %></td><td class="num"><%= g.table === null ? '–' : g.table %></td><td class="seat"><%= g.seat %></td>
<td><% if (g.opponent) { %><a href="<%= it.playerHref(g.opponent.id) %>"><%= g.opponent.name %></a><% } %><% g.tableMates.forEach(function (m, i) { %><%= i ? ', ' : '' %><a href="<%= it.playerHref(m.id) %>"><%= m.name %></a><% }) %></td>
<td><%= g.result %></td><td class="num"><%= g.running %></td><td><% g.records.forEach(function (r, i) { %><%= i ? ' · ' : '' %><a href="<%= r.page %>"><%= r.pageLabel %></a> · <a href="<%= r.href %>"><%= r.format %></a><% }) %></td></tr>
<% }) %>
</tbody></table></div>
`;

/** The template engine with the pages' templates loaded (compiled once, on first use). */
export function pageTemplates(): Eta {
  const eta = new Eta({ autoEscape: true, autoTrim: false, cache: true });
  eta.loadTemplate('@layout', LAYOUT);
  eta.loadTemplate('@tournament', TOURNAMENT);
  eta.loadTemplate('@round', ROUND);
  eta.loadTemplate('@standings', STANDINGS);
  eta.loadTemplate('@crosstable', CROSSTABLE);
  eta.loadTemplate('@player', PLAYER);
  eta.loadTemplate('@tournaments', TOURNAMENTS);
  eta.loadTemplate('@appeal', APPEAL);
  eta.loadTemplate('@ratings', RATINGS);
  eta.loadTemplate('@rated-player', RATED_PLAYER);
  eta.loadTemplate('@game', GAME);
  return eta;
}

/**
 * Progressive enhancement for a projected page (issue 35): the tournament's public SSE stream (GET /v1/tournaments/:id/live,
 * redacted as the public views are) tells the page that something public changed; it fetches itself again once the
 * read models have the event (?waitFor=) and swaps in the new <main> when it differs. Without JavaScript the page is
 * the same, only not live. It reads the stream's URL from data-live (no data is ever written into the script).
 */
export const LIVE_SCRIPT = `(function () {
  var main = document.getElementById('main');
  if (!main || !window.EventSource || !window.fetch || !window.DOMParser) return;
  var types = ['tournament.RoundPublished', 'tournament.ResultRecorded', 'tournament.ResultCorrected', 'tournament.RoundLocked',
    'tournament.PlayerRegistered', 'tournament.PlayerWithdrawn', 'tournament.PenaltyApplied'];
  var source = new EventSource(main.getAttribute('data-live'));
  var position = 0, timer = null;
  function refresh() {
    var url = new URL(window.location.href);
    url.searchParams.set('waitFor', String(position));
    fetch(url.toString(), { headers: { accept: 'text/html' } }).then(function (r) { return r.ok ? r.text() : null; }).then(function (html) {
      if (!html) return;
      var next = new DOMParser().parseFromString(html, 'text/html').getElementById('main');
      if (next && next.innerHTML !== main.innerHTML) main.innerHTML = next.innerHTML;
    }).catch(function () {});
  }
  types.forEach(function (type) {
    source.addEventListener(type, function (e) {
      try { position = Math.max(position, JSON.parse(e.data).position || 0); } catch (_) {}
      clearTimeout(timer);
      timer = setTimeout(refresh, 250);
    });
  });
})();`;

export { PAGE_CSS };
