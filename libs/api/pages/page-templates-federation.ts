/**
 * The federation's pages' Eta templates (issue 35): the tournament list, the rating lists, a final appeal decision.
 * Same rules as page-templates.ts: `<%= %>` escapes; nothing prints raw but the chart (built by ratingChartSvg, which
 * escapes its own text).
 */
export const TOURNAMENTS = `<% layout('@layout') %>
<h1><%= it.s.tournaments %></h1>
<% if (it.tournaments.length === 0) { %><p><%= it.s.noTournaments %></p><% } else { %>
<div class="scroll" tabindex="0" role="region" aria-labelledby="main-title"><table id="tournament-list">
<caption id="main-title"><%= it.s.tournaments %></caption>
<thead><tr><th scope="col"><%= it.s.tournament %></th><th scope="col"><%= it.s.discipline %></th><th scope="col"><%= it.s.divisions %></th><th scope="col" class="num"><%= it.s.players %></th><th scope="col" class="num"><%= it.s.roundsPublished %></th></tr></thead>
<tbody>
<% it.tournaments.forEach(function (t) { %><tr><td><a href="<%= t.href %>"><%= t.name %></a></td><td><%= t.discipline %></td><td><%= t.divisions %></td><td class="num"><%= t.players %></td><td class="num"><%= t.roundsPublished %></td></tr>
<% }) %>
</tbody></table></div>
<% } %>
`;

export const APPEAL = `<% layout('@layout') %>
<h1><%= it.a.title %></h1>
<p class="meta"><a href="<%= it.links.tournament %>"><%= it.tournamentName %></a></p>
<dl class="decision" id="appeal-decision">
<dt><%= it.s.appeal.contested %></dt><dd><%= it.a.contested %></dd>
<dt><%= it.s.appeal.outcome %></dt><dd><strong><%= it.a.outcome %></strong></dd>
<dt><%= it.s.appeal.reasons %></dt><dd class="reasons"><%= it.a.reasons %></dd>
<dt><%= it.s.appeal.remedies %></dt><dd><% if (it.a.remedies.length === 0) { %><%= it.s.appeal.noRemedies %><% } else { %><ul id="remedies">
<% it.a.remedies.forEach(function (r) { %><li><%= r %></li>
<% }) %></ul><% } %></dd>
<dt><%= it.s.appeal.decidedAt %></dt><dd><time datetime="<%= it.a.at %>"><%= it.a.atText %></time></dd>
</dl>
<p><%= it.a.final %></p>
`;

export const RATINGS = `<% layout('@layout') %>
<h1><%= it.r.title %></h1>
<% if (!it.r.list) { %><p><%= it.s.ratings.none %></p><% } else { %>
<p class="meta"><%= it.r.list.caption %> · <%= it.r.list.shown %></p>
<div class="scroll" tabindex="0" role="region" aria-labelledby="rating-caption"><table id="rating-list">
<caption id="rating-caption"><%= it.r.title %></caption>
<thead><tr><th scope="col" class="num"><%= it.s.rank %></th><th scope="col"><%= it.s.player %></th><th scope="col"><%= it.s.ratings.country %></th><th scope="col" class="num"><%= it.s.ratings.rating %></th><th scope="col" class="num"><%= it.s.ratings.games %></th><th scope="col" class="num wide"><%= it.s.ratings.change %></th></tr></thead>
<tbody>
<% it.r.list.rows.forEach(function (e) { %><tr><td class="num"><%= e.rank %></td><td><a href="<%= e.href %>"><%= e.name %></a><% if (e.note) { %> (<%= e.note %>)<% } %></td><td><%= e.country %></td><td class="num"><%= e.rating %></td><td class="num"><%= e.games %></td><td class="num wide"><%= e.change %></td></tr>
<% }) %>
</tbody></table></div>
<% if (it.r.list.nextHref) { %><p><a href="<%= it.r.list.nextHref %>" rel="next"><%= it.s.ratings.next %></a></p><% } %>
<% } %>
`;

export const RATED_PLAYER = `<% layout('@layout') %>
<h1><%= it.p.name %></h1>
<p class="meta"><%= it.p.country %> · <%= it.p.federationId %></p>
<% if (it.p.disciplines.length === 0) { %><p><%= it.s.ratings.notRated %></p><% } %>
<% it.p.disciplines.forEach(function (d) { %>
<section class="division" aria-labelledby="h-<%= d.id %>">
<h2 id="h-<%= d.id %>"><%= d.name %> — <%= it.s.ratings.history %></h2>
<figure class="chart"><%~ d.svg %><figcaption><%= it.s.ratings.chartAlt %></figcaption></figure>
<div class="scroll" tabindex="0" role="region" aria-labelledby="h-<%= d.id %>"><table id="history-<%= d.id %>">
<thead><tr><th scope="col"><%= it.s.ratings.period %></th><th scope="col"><%= it.s.ratings.closesOn %></th><th scope="col" class="num"><%= it.s.ratings.version %></th><th scope="col" class="num"><%= it.s.ratings.rating %></th><th scope="col" class="num"><%= it.s.ratings.change %></th><th scope="col" class="num"><%= it.s.ratings.games %></th><th scope="col" class="num"><%= it.s.rank %></th></tr></thead>
<tbody>
<% d.points.forEach(function (x) { %><tr><td><%= x.period %></td><td><%= x.closesOn %></td><td class="num"><%= x.version %></td><td class="num"><%= x.rating %><% if (x.provisional) { %> (<%= it.s.ratings.provisional %>)<% } %></td><td class="num"><%= x.change %></td><td class="num"><%= x.games %></td><td class="num"><%= x.rank %></td></tr>
<% }) %>
</tbody></table></div>
</section>
<% }) %>
`;
