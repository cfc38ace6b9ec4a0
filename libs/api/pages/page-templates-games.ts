/**
 * The game page's template (issue 35): the players, the position's facts, the move navigation (links, no script), the
 * board as a table (or the xiguaqi SVG, or the mahjong score card), the moves each linked to its position.
 * `<%~ %>` prints only the SVG, built by the API's board renderer, which escapes every text it writes.
 */
export const GAME = `<% layout('@layout') %>
<h1><%= it.heading %></h1>
<dl class="decision" id="game-players">
<% it.g.players.forEach(function (p) { %><dt><%= p.side %></dt><dd><%= p.name %></dd>
<% }) %></dl>
<% if (it.g.games.length > 0) { %><nav aria-label="<%= it.s.game.matchGames %>"><ul class="move-nav" id="match-games">
<% it.g.games.forEach(function (x) { %><li><a href="<%= x.href %>"<% if (x.current) { %> aria-current="page"<% } %>><%= x.label %></a></li>
<% }) %></ul></nav><% } %>
<p class="meta" id="game-at"><%= it.g.at %></p>
<nav aria-label="<%= it.s.game.moveNav %>"><ul class="move-nav" id="move-nav">
<% it.g.nav.forEach(function (k) { %><li><% if (k.href) { %><a href="<%= k.href %>"<% if (k.rel) { %> rel="<%= k.rel %>"<% } %>><%= k.label %></a><% } else { %><span class="off"><%= k.label %></span><% } %></li>
<% }) %></ul></nav>
<% if (it.g.facts.length > 0) { %><dl class="decision" id="game-facts">
<% it.g.facts.forEach(function (f) { %><dt><%= f.term %></dt><dd><%= f.value %></dd>
<% }) %></dl><% } %>
<% if (it.g.grid) { var grid = it.g.grid; %>
<div class="scroll" tabindex="0" role="region" aria-label="<%= grid.caption %>"><table class="<%= grid.cls %>" id="board">
<caption><%= grid.caption %></caption>
<thead><tr><td></td><% grid.cols.forEach(function (c) { %><th scope="col"><%= c %></th><% }) %></tr></thead>
<tbody>
<% grid.rows.forEach(function (row) { %><tr><th scope="row"><%= row.label %></th><% row.cells.forEach(function (c) { %><td<% if (c.cls) { %> class="<%= c.cls %>"<% } %><% Object.keys(c.data).forEach(function (k) { %> data-<%= k %>="<%= c.data[k] %>"<% }) %>><% if (c.label) { %><span role="img" aria-label="<%= c.label %>" title="<%= c.label %>"><%= c.text %></span><% } %></td><% }) %></tr>
<% }) %></tbody></table></div>
<% } %>
<% if (it.g.svg) { %><figure class="chart board-svg" id="board"><%~ it.g.svg %></figure><% } %>
<% if (it.g.card) { var card = it.g.card; %>
<h2 id="card-title"><%= it.g.movesTitle %></h2>
<div class="scroll" tabindex="0" role="region" aria-labelledby="card-title"><table id="score-card">
<thead><tr><th scope="col"><%= it.s.game.hand %></th><th scope="col" class="num"><%= it.s.game.windRound %></th><th scope="col"><%= it.s.game.dealer %></th><th scope="col"><%= it.s.game.outcome %></th><th scope="col"><%= it.s.game.winner %></th><th scope="col"><%= it.s.game.discarder %></th><th scope="col" class="num"><%= it.s.game.points %></th>
<% card.players.forEach(function (p) { %><th scope="col" class="num"><%= p %></th><% }) %></tr></thead>
<tbody>
<% card.hands.forEach(function (h) { %><tr<% if (h.current) { %> class="current"<% } %>><td><a href="<%= h.href %>"<% if (h.current) { %> aria-current="step"<% } %>><%= h.hand %></a></td><td class="num"><%= h.round %></td><td><%= h.dealer %></td><td><%= h.outcome %></td><td><%= h.winner %></td><td><%= h.from %></td><td class="num"><%= h.points %></td>
<% h.payments.forEach(function (p) { %><td class="num"><%= p > 0 ? '+' + p : p %></td><% }) %></tr>
<% }) %></tbody>
<tfoot>
<% card.totals.forEach(function (t) { %><tr><th scope="row" colspan="7"><%= t.label %></th><% t.values.forEach(function (v) { %><td class="num"><%= v %></td><% }) %></tr>
<% }) %></tfoot></table></div>
<% } %>
<% if (it.g.moves.length > 0) { %>
<h2 id="moves-title"><%= it.g.movesTitle %></h2>
<ol class="moves" id="moves" aria-labelledby="moves-title">
<% it.g.moves.forEach(function (m) { %><li><a href="<%= m.href %>"<% if (m.current) { %> aria-current="step"<% } %>><%= m.text %></a></li>
<% }) %></ol>
<% } else if (!it.g.card && it.g.nav.length > 0) { %><p><%= it.s.game.noMoves %></p><% } %>
<% if (it.records.length > 0) { %><p><%= it.s.game.record %>: <% it.records.forEach(function (r, i) { %><%= i ? ' · ' : '' %><a href="<%= r.href %>"><%= r.format %></a><% }) %></p><% } %>
`;

/** The game page's styles: the boards as tables of fixed squares, on screen and on paper. */
export const GAME_CSS = `
table.board { width: auto; border-collapse: collapse; margin: 0.5rem 0 1rem; }
table.board caption { font-weight: 400; color: var(--muted); }
table.board th { background: none; font-weight: 400; color: var(--muted); padding: 0 0.2rem; text-align: center; font-size: 0.8rem; border: 0; }
table.board thead td { background: none; border: 0; }
table.board td { width: 1.7rem; height: 1.7rem; padding: 0; text-align: center; vertical-align: middle; border: 1px solid #8a7a5a; line-height: 1; }
/* Go: stones on the intersections. Each square carries the two lines through its centre; edge squares the half inside. */
table.go td { border: 0; font-size: 1.35rem; background-color: #e3c27a; background-repeat: no-repeat;
  background-image: linear-gradient(#5a4a2a, #5a4a2a), linear-gradient(#5a4a2a, #5a4a2a); background-size: 100% 1px, 1px 100%; background-position: center, center; }
table.go tbody tr:first-child td { background-size: 100% 1px, 1px 50%; background-position: center, bottom; }
table.go tbody tr:last-child td { background-size: 100% 1px, 1px 50%; background-position: center, top; }
table.go tbody td:nth-child(2) { background-size: 50% 1px, 1px 100%; background-position: right, center; }
table.go tbody td:last-child { background-size: 50% 1px, 1px 100%; background-position: left, center; }
table.go tbody tr:first-child td:nth-child(2) { background-size: 50% 1px, 1px 50%; background-position: right, bottom; }
table.go tbody tr:first-child td:last-child { background-size: 50% 1px, 1px 50%; background-position: left, bottom; }
table.go tbody tr:last-child td:nth-child(2) { background-size: 50% 1px, 1px 50%; background-position: right, top; }
table.go tbody tr:last-child td:last-child { background-size: 50% 1px, 1px 50%; background-position: left, top; }
table.go td.last span { outline: 2px solid #b00020; border-radius: 50%; }
table.chess td { width: 2.4rem; height: 2.4rem; font-size: 1.8rem; border: 0; }
table.chess td.light { background: #f0d9b5; }
table.chess td.dark { background: #c49a6c; }
table.chess td.last { box-shadow: inset 0 0 0 3px #1f6f43; }
table.scrabble td { width: 1.9rem; height: 1.9rem; font-size: 0.7rem; background: #f7f5ee; }
table.scrabble td.tile { background: #f3dfa6; font-size: 1.05rem; font-weight: 700; }
table.scrabble td.tile.blank { font-weight: 400; font-style: italic; }
table.scrabble td.tile.last { box-shadow: inset 0 0 0 2px #1f6f43; }
table.scrabble td.tw { background: #f6b4b4; }
table.scrabble td.dw { background: #f9d3d3; }
table.scrabble td.tl { background: #a9cdee; }
table.scrabble td.dl { background: #d4e7f7; }
figure.board-svg svg { max-width: 100%; height: auto; }
ul.move-nav { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; list-style: none; padding: 0; margin: 0.5rem 0; }
ul.move-nav .off { color: var(--muted); }
ol.moves { columns: 14rem; column-gap: 1.5rem; list-style: none; padding-left: 0; }
ol.moves a[aria-current], #score-card a[aria-current], ul.move-nav a[aria-current] { font-weight: 700; color: var(--fg); }
#score-card tr.current td { background: var(--band); }
@media print { ul.move-nav, ol.moves { display: none; } table.board td { border-color: #000; } }
`;
