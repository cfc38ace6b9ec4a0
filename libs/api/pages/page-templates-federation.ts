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
