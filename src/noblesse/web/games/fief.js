// Fief's table: the map drawn from the data file's positions (villages coloured by
// fief, roads, who controls what, troops, lords, mills, strongholds and cities, siege
// engines, disasters and bonuses per bishopric), the families with their money, titles
// and lords, your hand. Every legal action is something to click: a village to start
// in, place a lord in, move to, fight, besiege or pillage; a lord to move, to name as
// title holder, to lose or to make Joan d'Arc; a card of yours to play or discard; the
// rest (buying, passage answers, battle choices) are buttons. In the Cards phase the
// step (discard, draw, play, hand limit) follows the phase's name. Offers (diplomacy)
// are made and answered in their own panel.
import { bind, otherChoices, thing, withHelp } from "/static/board.js";
import { el } from "/static/i18n.js";
import Panzoom from "/static/vendor/panzoom/panzoom.es.mjs";

const SEAT_COLOURS = ["#c62828", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f"];
const FIEF_COLOURS = ["#f3e2b3", "#d9ead3", "#d0e0f0", "#f4cccc", "#e6d7f0", "#fce5cd", "#d9d2e9", "#cfe8e3"];
// The village actions, in the order a click on a village means them.
const VILLAGE_ACTIONS = ["start", "place", "move", "battle", "siege", "pillage", "city"];
const SVG = "http://www.w3.org/2000/svg";
// A tap target on the map, in map units: 44 CSS px or more wherever the map is drawn at
// 5.5 px a unit or larger (a phone's map is 594 px wide, 5.6 px a unit; a desktop's
// about 6.9). Villages are 13 units apart or more, so their targets never overlap.
const HIT = 8;
const LINE = 2.3;  // the lines of troops and lords under a village

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children.flat()) {
    if (c === "" || c === null || c === undefined) continue;
    node.append(typeof c === "string" ? document.createTextNode(c) : c);
  }
  return node;
}

function seatDot(seat) {
  return el("span", { style: `display:inline-block;width:.8em;height:.8em;border-radius:50%;background:${SEAT_COLOURS[seat % 6]};margin-right:.2em` });
}

function cardHelp(ctx, key) {
  const card = ctx.catalog.cards[key];
  return card && card.text ? ctx.pick(card.text) : "";
}

function name(ctx, key) {
  const card = ctx.catalog.cards[key];
  return card ? ctx.pick(card) : key;
}

// The map: roads, then villages with their contents.
function drawMap(ctx, bound) {
  const v = ctx.view;
  const cat = ctx.catalog;
  const zh = ctx.lang === "zh-TW";
  const at = Object.fromEntries(cat.villages.map((x) => [x.key, x]));
  const fiefIndex = Object.fromEntries(Object.keys(cat.fiefs).map((k, i) => [k, i]));
  const lordLayer = [];
  const lordsAt = {};
  for (const lord of v.lords) {
    if (lord.village) (lordsAt[lord.village] = lordsAt[lord.village] || []).push(lord);
  }
  const roads = cat.roads.map(([a, b]) => svg("line", {
    x1: at[a].x, y1: at[a].y, x2: at[b].x, y2: at[b].y, stroke: "#a08c6a", "stroke-width": 0.5,
  }));
  const villages = v.villages.map((vil, i) => {
    const info = cat.villages[i];
    const ctrl = vil.controller;
    const r = info.principal ? 3.6 : 2.9;
    const parts = [svg("circle", {
      cx: info.x, cy: info.y, r, fill: FIEF_COLOURS[fiefIndex[info.fief] % 8],
      stroke: ctrl === null ? "#8a7452" : SEAT_COLOURS[ctrl % 6], "stroke-width": ctrl === null ? 0.4 : 1.1,
    })];
    const action = VILLAGE_ACTIONS.map((kind) => `${kind}:${info.key}`).find((a) => ctx.legal.has(a));
    // a clickable village takes a tap anywhere in a circle of HIT units across
    if (action) parts.push(svg("circle", { cx: info.x, cy: info.y, r: Math.max(r, HIT / 2), class: "hit" }));
    if (vil.stronghold || vil.city) {
      parts.push(svg("rect", { x: info.x - 1.2, y: info.y - 1.2, width: 2.4, height: 2.4,
        fill: vil.city ? "#5d4a2e" : "#9c8157" }));
    }
    if (vil.besieged) parts.push(svg("circle", { cx: info.x, cy: info.y, r: r + 1, fill: "none", stroke: "#000", "stroke-dasharray": "0.8 0.6", "stroke-width": 0.3 }));
    parts.push(svg("text", { x: info.x, y: info.y - r - 0.8, "font-size": 2.3, "text-anchor": "middle", fill: "#3b2f1e" },
      ctx.pick(info) + (vil.mills ? ` ⚙${vil.mills > 1 ? vil.mills : ""}` : "")));
    // troops per family, then the lords, under the village
    let line = 0;
    vil.knights.forEach((k, seat) => {
      const m = vil.men_at_arms[seat];
      const e = vil.siege_engines[seat];
      if (!k && !m && !e) return;
      parts.push(svg("text", { x: info.x, y: info.y + r + 2.4 + 2.3 * line++, "font-size": 2, "text-anchor": "middle", fill: SEAT_COLOURS[seat % 6] },
        [k ? (zh ? `騎${k}` : `K${k}`) : "", m ? (zh ? `兵${m}` : `M${m}`) : "", e ? `⚒+${e}` : ""]
          .filter(Boolean).join(zh ? "·" : " ")));
    });
    // The lords: on a layer above every village, so that a lord's target is never under
    // a neighbour's. Each lord to choose from has a target HIT units tall and at least as
    // wide; when a village has several, they stand side by side on one line.
    const here = lordsAt[info.key] || [];
    const text = (lord) => `${lord.captive_of !== null ? "⛓" : "♞"}${name(ctx, lord.key)}`;
    const width = (lord) => Math.max(HIT, textWidth(text(lord), 2) + 1);
    const picking = here.filter((lord) => lordAction(lord.key, ctx)).length > 1;
    let x = info.x - (picking ? here.reduce((w, lord) => w + width(lord) + 0.5, -0.5) / 2 : 0);
    let y = info.y + r + 2.4 + LINE * line;
    for (const lord of here) {
      const w = width(lord);
      const cx = picking ? x + w / 2 : info.x;
      const where = lord.captive_of !== null ? (zh ? `${ctx.seatName(lord.captive_of)}的俘虜` : `captive of ${ctx.seatName(lord.captive_of)}`)
        : zh ? `在${ctx.pick(info)}` : `at ${ctx.pick(info)}`;
      // a lord without a move says why on hover or long-press (the engine's reason, §4.5)
      const why = lord.no_move ? svg("title", {}, `${name(ctx, lord.key)}${zh ? "：" : ": "}${ctx.pick(lord.no_move)}`) : null;
      const label = svg("text", { x: cx, y, "font-size": 2, "text-anchor": "middle",
        fill: SEAT_COLOURS[lord.seat % 6], "font-weight": "bold", "data-lord": lord.key,
        ...(lord.no_move ? { "data-no-move": lord.no_move.reason } : {}) }, why, text(lord));
      if (lordAction(lord.key, ctx)) {
        const hit = svg("rect", { x: cx - w / 2, y: y - 0.7 - HIT / 2, width: w, height: HIT, rx: 1, class: "hit" });
        lordLayer.push(bindLord(thing(svg("g", { "data-lord": lord.key, class: "lord" }, hit, label), name(ctx, lord.key), where),
          lord.key, ctx, bound));
      } else {
        lordLayer.push(thing(label, name(ctx, lord.key), where));
      }
      if (picking) x += w + 0.5;
      else y += LINE;
    }
    const holder = ctrl === null ? (zh ? "無人控制" : "held by no one")
      : zh ? `${ctx.seatName(ctrl)}控制` : `held by ${ctx.seatName(ctrl)}`;
    const group = thing(svg("g", { "data-village": info.key }, parts), ctx.pick(info), holder);
    if (action) bind(group, action, ctx, bound);
    return group;
  });
  return svg("svg", { viewBox: "-3 -6 106 102", id: "map" }, borders(ctx), roads, villages, lordLayer);
}

// The bishoprics and fiefs on the map, as on a map of regions: every point of the board
// belongs to its nearest village (the village's Voronoi cell), a bishopric is the cells of
// its villages, tinted, bounded by a solid line and named with its number and what lies
// on it (a disaster, a bonus); fiefs are bounded by dashes inside a bishopric.
const BISHOPRIC_TINTS = ["#c9a96e", "#7fa86a", "#6f93bd", "#c07a70", "#9a82b8"];
const BISHOPRIC_MARKS = { heavy_rain: "heavy_rain", famine: "famine", plague: "plague",
  harvest: "bountiful_harvest", good_weather: "good_weather" };
const BOARD_BOX = [[-45, -6], [148, -6], [148, 96], [-45, 96]];  // wider than the board: a wide screen shows more

// The polygon's part nearer to `a` than to `b` (Sutherland–Hodgman against the bisector).
function nearer(poly, a, b) {
  const side = ([x, y]) => (x - a[0]) ** 2 + (y - a[1]) ** 2 - (x - b[0]) ** 2 - (y - b[1]) ** 2;
  const out = [];
  poly.forEach((p, i) => {
    const q = poly[(i + 1) % poly.length];
    const sp = side(p);
    const sq = side(q);
    if (sp <= 0) out.push(p);
    if ((sp < 0 && sq > 0) || (sp > 0 && sq < 0)) {
      const t = sp / (sp - sq);
      out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
    }
  });
  return out;
}

let cellsOf = null;  // the villages' cells, once: the board does not change
function cells(villages) {
  if (cellsOf && cellsOf.villages === villages) return cellsOf.cells;
  const at = villages.map((v) => [v.x, v.y]);
  const out = at.map((p, i) => at.reduce((poly, q, j) => (j === i ? poly : nearer(poly, p, q)), BOARD_BOX));
  cellsOf = { villages, cells: out };
  return out;
}

// The place of a bishopric's label: the point of a grid over the board, inside the
// bishopric, with the most room (kept per label: the board does not change).
const spots = new Map();
function labelSpot(key, label, w, clearance) {
  if (!spots.has(label)) {
    let spot = null;
    let best = -1;
    for (let y = -3; y <= 93; y += 2) {
      for (let x = -3 + w / 2; x <= 103 - w / 2; x += 2) {
        const score = clearance([x, y], w, key);
        if (score > best) { best = score; spot = [x, y]; }
      }
    }
    spots.set(label, spot);
  }
  return spots.get(label);
}

const polygon = (points) => points.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(" ");

function toSegment(p, a, b) {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len)) : 0;
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

function borders(ctx) {
  const cat = ctx.catalog;
  const vs = cat.villages;
  const at = vs.map((v) => [v.x, v.y]);
  const shapes = cells(vs);
  const bishoprics = Object.keys(cat.bishoprics);
  const tint = (key) => BISHOPRIC_TINTS[bishoprics.indexOf(key) % BISHOPRIC_TINTS.length];
  const fills = shapes.map((shape, i) => svg("polygon", { points: polygon(shape), fill: tint(vs[i].bishopric),
    "fill-opacity": 0.16, stroke: "none", "data-cell": vs[i].key }));
  // each edge of a cell once, with the village on its other side (the nearest but this one)
  const lines = [];
  shapes.forEach((shape, i) => shape.forEach((p, k) => {
    const q = shape[(k + 1) % shape.length];
    const mid = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
    let j = -1;
    let best = Infinity;
    at.forEach((v, n) => {
      const d = (v[0] - mid[0]) ** 2 + (v[1] - mid[1]) ** 2;
      if (n !== i && d < best) { best = d; j = n; }
    });
    const mine = (mid[0] - at[i][0]) ** 2 + (mid[1] - at[i][1]) ** 2;
    if (j < i || Math.abs(best - mine) > 0.01) return;  // drawn from the other side, or the board's edge
    const other = vs[j].bishopric !== vs[i].bishopric;
    if (!other && vs[j].fief === vs[i].fief) return;
    lines.push(svg("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1], class: other ? "bishopric-border" : "fief-border",
      stroke: other ? "#6d5a3d" : "#8f7a58", "stroke-width": other ? 0.6 : 0.3,
      "stroke-dasharray": other ? null : "1.2 0.8" }));
  }));
  // a bishopric's name where it is clearest: of points inside its villages' cells, the one
  // whose label stands farthest from every village, village name and road
  const marks = Object.fromEntries((ctx.view.bishoprics || []).map((b) => [b.key, b]));
  const zh = ctx.lang === "zh-TW";
  const segments = [
    ...cat.roads.map(([a, b]) => { const p = vs.find((v) => v.key === a); const q = vs.find((v) => v.key === b); return [[p.x, p.y], [q.x, q.y]]; }),
    ...vs.map((v) => { const w = textWidth(ctx.pick(v), 2.3) / 2 + 0.5; const y = v.y - (v.principal ? 3.6 : 2.9) - 1.6; return [[v.x - w, y], [v.x + w, y]]; }),
    ...vs.map((v) => [[v.x, v.y], [v.x, v.y + 6]]),  // the village, its troops and lords under it
  ];
  const nearest = (p) => vs.reduce((a, v) => ((v.x - p[0]) ** 2 + (v.y - p[1]) ** 2 < (a.x - p[0]) ** 2 + (a.y - p[1]) ** 2 ? v : a));
  const clearance = ([x, y], w, key) => {
    let least = Infinity;
    for (const dx of [-w / 2 - 0.5, -w / 4, 0, w / 4, w / 2 + 0.5]) {
      for (const dy of [-1.6, 0, 2.3]) {
        if (nearest([x + dx, y + dy]).bishopric !== key) return -1;  // all of it inside its bishopric
        for (const [a, b] of segments) least = Math.min(least, toSegment([x + dx, y + dy], a, b));
      }
    }
    return least;
  };
  const names = bishoprics.map((key) => {
    const b = cat.bishoprics[key];
    // "2. Tournus" (the board numbers its bishoprics; the whole name in the tooltip)
    const label = zh ? `${b.number}.${ctx.pick(b)}` : `${b.number}. ${ctx.pick(b).replace(/^Bishopric of /, "")}`;
    const w = textWidth(label, 2.1);
    const spot = labelSpot(key, label, w, clearance);
    const on = Object.keys(BISHOPRIC_MARKS).filter((k) => marks[key] && marks[key][k]).map((k) => name(ctx, BISHOPRIC_MARKS[k]));
    return svg("g", { class: "bishopric", "data-bishopric": key }, svg("title", {}, ctx.pick(b)),
      svg("text", { x: spot[0], y: spot[1], "font-size": 2.1, "text-anchor": "middle", fill: "#5b4a33", "font-style": "italic" },
        label),
      on.length ? svg("text", { x: spot[0], y: spot[1] + 2.3, "font-size": 1.9, "text-anchor": "middle", fill: "#b00020",
        class: "bishopric-marks" }, on.join(zh ? "、" : ", ")) : "");
  });
  return svg("g", { class: "borders", "pointer-events": "none" }, fills, lines, names);
}

// About how wide a line of map text is, in map units (no layout needed): a Chinese
// character is as wide as the font is high, a Latin letter about 0.6 of it.
function textWidth(text, size) {
  return [...text].reduce((w, ch) => w + (/[\u2e80-\uffff]/.test(ch) ? size : size * 0.6), 0);
}

function lordAction(key, ctx) {
  return LORD_ACTIONS.map((kind) => `${kind}:${key}`).find((a) => ctx.legal.has(a));
}

const LORD_ACTIONS = ["lord", "holder", "dies", "ransom", "release", "joan", "escape", "cardinal", "grant_to", "biretta"];

function bindLord(node, key, ctx, bound) {
  const action = lordAction(key, ctx);
  return action ? bind(node, action, ctx, bound) : node;
}

function bishopricPanel(ctx) {
  const v = ctx.view;
  const zh = ctx.lang === "zh-TW";
  // each mark by the name of its card, as the log and the seed name it (暴雨, 飢荒, 大豐收…)
  const marks = { heavy_rain: "heavy_rain", famine: "famine", plague: "plague",
    harvest: "bountiful_harvest", good_weather: "good_weather" };
  const rows = v.bishoprics.map((b) => {
    const on = Object.keys(marks).filter((k) => b[k]).map((k) => name(ctx, marks[k]));
    const info = ctx.catalog.bishoprics[b.key];
    return el("div", { class: "meta", "data-bishopric": b.key }, zh
      ? `${info.number}.${ctx.pick(info)}：${on.length ? on.join("、") : "無"}`
      : `${info.number}. ${ctx.pick(info)}: ${on.length ? on.join(", ") : "none"}`);
  });
  return el("div", {}, el("div", { class: "zone-title" }, zh ? "教區" : "Bishoprics"), rows);
}

function families(ctx, bound) {
  const v = ctx.view;
  const zh = ctx.lang === "zh-TW";
  const fiefsOf = {};
  for (const [fief, lord] of Object.entries(v.fief_titles)) if (lord) (fiefsOf[lord] = fiefsOf[lord] || []).push(fief);
  return v.players.map((p) => {
    const lords = v.lords.filter((l) => l.seat === p.seat).map((l) => {
      const where = l.village ? ctx.pick(ctx.catalog.villages.find((x) => x.key === l.village)) : (zh ? "場外" : "off board");
      const titles = (fiefsOf[l.key] || []).map((f) => ctx.pick(ctx.catalog.fiefs[f])).join(zh ? "、" : ", ");
      const bits = [where];
      if (titles) bits.push((zh ? "封地：" : "fief: ") + titles);
      if (l.captive_of !== null) bits.push(zh ? `被${ctx.seatName(l.captive_of)}俘虜` : `captive of ${ctx.seatName(l.captive_of)}`);
      if (l.carrying && (l.carrying[0] || l.carrying[1])) bits.push(troops(zh, l.carrying[0], l.carrying[1]));
      if (l.no_move) bits.push(ctx.pick(l.no_move));
      else if (l.moves_left) bits.push(zh ? `還可移動${l.moves_left}次` : `${l.moves_left} ${l.moves_left === 1 ? "move" : "moves"} left`);
      for (const office of offices(ctx, l)) bits.push(office);
      const row = el("div", { class: "meta", "data-lord": l.key, "data-no-move": l.no_move && l.no_move.reason }, el("b", {}, name(ctx, l.key)), ` · ${bits.join(" · ")}`);
      return bindLord(row, l.key, ctx, bound);
    });
    const turn = v.to_act.includes(p.seat) && !v.over;
    const handZh = p.hand_count ? `${p.hand_count}張手牌` : "沒有手牌";
    return el("div", { class: `player${turn ? " turn" : ""}`, "data-seat": p.seat },
      el("h3", {}, seatDot(p.seat), ctx.seatName(p.seat), el("span", { class: "meta" },
        zh ? `勝利點數${p.vp} · ${p.money}元 · ${handZh} · 外交標記${p.diplomacy_markers}個`
          : `${p.vp} VP · ${p.money} D · ${p.hand_count} ${p.hand_count === 1 ? "card" : "cards"} · diplomacy markers ${p.diplomacy_markers}`)),
      lords);
  });
}

// Troops a lord carries: 「帶著1名騎士和2名士兵」 / "carrying a knight and 2 men-at-arms",
// without a zero part.
function troops(zh, k, m) {
  const parts = zh
    ? [k ? `${k}名騎士` : "", m ? `${m}名士兵` : ""]
    : [k ? (k === 1 ? "a knight" : `${k} knights`) : "", m ? (m === 1 ? "a man-at-arms" : `${m} men-at-arms`) : ""];
  return (zh ? "帶著" : "carrying ") + parts.filter(Boolean).join(zh ? "和" : " and ");
}

// A lord's offices, spouse and excommunication (the Announcements phase).
function offices(ctx, l) {
  const v = ctx.view;
  const zh = ctx.lang === "zh-TW";
  const out = [];
  if (v.king === l.key) out.push(zh ? "國王" : "King");
  if (v.queen === l.key) out.push(v.regent ? (zh ? "攝政女王" : "Queen Regent") : (zh ? "皇后" : "Queen"));
  if (v.crown_prince === l.key) out.push(zh ? "皇儲" : "Crown Prince");
  if (v.pope === l.key) out.push(zh ? "教宗" : "Pope");
  if (l.cardinal) out.push(zh ? "紅衣主教" : "Cardinal");
  if (l.bishop_of) {
    const b = ctx.catalog.bishoprics[l.bishop_of];
    const where = b ? ctx.pick(b) : l.bishop_of;  // "Bishopric of X" already
    out.push(zh ? `${where}主教` : `Bishop (${where})`);
  }
  if (l.spouse) out.push((zh ? "配偶：" : "married to ") + name(ctx, l.spouse));
  if (l.excommunicated) out.push(zh ? "被逐出教會" : "excommunicated");
  return out;
}

// The Announcements' step, the election being held, who has voted, one's own ballot.
function announcementLine(ctx) {
  const a = ctx.view.announcements;
  const zh = ctx.lang === "zh-TW";
  if (!a || !a.candidates.length) return "";
  const b = a.bishopric ? ctx.catalog.bishoprics[a.bishopric] : null;
  const bits = [
    (zh ? "候選人：" : "Candidates: ") + a.candidates.map((k) => name(ctx, k)).join(zh ? "、" : ", "),
    b ? ctx.pick(b) : "",
    a.voters.length ? (zh ? "已投票：" : "voted: ") + (a.voted.map((s) => ctx.seatName(s)).join(zh ? "、" : ", ") || (zh ? "還沒有人" : "nobody yet")) : "",
    a.my_ballot ? (zh ? "你的選票：" : "your ballot: ") + (a.my_ballot === "abstain" ? (zh ? "棄權" : "abstain") : name(ctx, a.my_ballot)) : "",
  ];
  return el("div", { class: "zone-title", id: "election" }, bits.filter(Boolean).join(" · "));
}

// The reaction windows (spec §4.12, the green cards "any time"): a family that could
// play a green card is asked after every public event. A player may stop being asked
// (this device remembers it): the page then passes those windows for them, and the cards
// stay playable beside their own decisions. The switch shows while a window asks this
// seat, and while it is off.
const ASK_KEY = "noblesse.fief.askAtWindows";
const askAtWindows = () => localStorage.getItem(ASK_KEY) !== "0";
let passedAt = null;  // the table's version whose window this page passed

function askedAtWindow(ctx) {
  const d = ctx.view.decision;
  return !!d && d.kind === "intrigue_window" && d.seat === ctx.seat && ctx.legal.has("pass");
}

function passWindow(ctx) {
  if (passedAt === ctx.msg.n) return;
  passedAt = ctx.msg.n;
  ctx.act("pass");
}

function windowSwitch(ctx) {
  if (!askedAtWindow(ctx) && askAtWindows()) return "";
  const zh = ctx.lang === "zh-TW";
  const box = el("input", { type: "checkbox", id: "ask-windows", checked: askAtWindows() });
  box.addEventListener("change", () => {
    localStorage.setItem(ASK_KEY, box.checked ? "1" : "0");
    if (!box.checked && askedAtWindow(ctx)) passWindow(ctx);
  });
  return el("label", { class: "alert-switch", id: "ask-windows-switch" }, box,
    zh ? "每次公開事件後都問我要不要打出綠色閃電牌（關閉時：只在輪到我決定時可打出）"
      : "Ask me after every public event whether to play a green card (off: only beside my own decisions)");
}

function handPanel(ctx, bound) {
  const v = ctx.view;
  if (!v.hand) return "";
  const cards = v.hand.map((key) => {
    const card = withHelp(el("div", { class: `card small${ctx.catalog.cards[key]?.deck === "lord" ? "" : " action"}`, "data-card": key },
      el("span", { class: "name" }, name(ctx, key))), cardHelp(ctx, key));
    if (!bind(card, `play:${key}`, ctx, bound).classList.contains("clickable")) bind(card, `discard:${key}`, ctx, bound);
    return card;
  });
  return el("div", {}, el("div", { class: "zone-title" }, ctx.t("hand")),
    el("div", { class: "row", id: "hand" }, cards.length ? cards : el("span", {}, ctx.t("empty"))),
    windowSwitch(ctx));
}

// Diplomacy (spec §7.4): the offer being made (to its author, and once sent to its
// recipient), the choices to open, compose, send, drop, accept or refuse one (terms,
// promises and promises asked of the other family alike), and the promises recorded
// between this seat and the others, each with its fate (open, kept, broken, lapsed).
const OFFER_ACTION = /^(offer|term|promise|ask_promise):/;

// The offer's buttons: docked in the sticky bar (table.js, data-dock) beside the
// decision's own, so that writing an offer of many terms never scrolls back up.
function offerChoices(ctx, bound) {
  const choices = [...ctx.legal.values()].filter((l) => OFFER_ACTION.test(l.action)).map((l) => {
    bound.add(l.action);
    const quiet = l.action === "offer:cancel" || l.action === "offer:refuse";
    return el("button", { class: quiet ? "" : "primary", "data-action": l.action,
      onclick: () => ctx.act(l.action) }, ctx.pick(l.label));
  });
  if (!choices.length) return "";
  const title = ctx.lang === "zh-TW" ? "外交" : "Diplomacy";
  return el("div", { class: "choices offer-choices", id: "offer-choices", "data-dock": "", role: "group",
    "aria-label": title }, el("span", { class: "dock-title", "aria-hidden": "true" }, title), choices);
}

function offerPanel(ctx) {
  const v = ctx.view;
  const zh = ctx.lang === "zh-TW";
  const parts = [];
  const o = v.offer;
  if (o) {
    const head = zh ? `${ctx.seatName(o.from)}給${ctx.seatName(o.to)}的協議${o.sent ? "" : "（擬定中）"}`
      : `Offer from ${ctx.seatName(o.from)} to ${ctx.seatName(o.to)}${o.sent ? "" : " (being written)"}`;
    parts.push(el("div", { class: "meta", id: "offer-head" }, head));
    parts.push(el("ul", { id: "offer-terms" }, o.terms.map((x) => el("li", { "data-term": x.term }, ctx.pick(x)))));
  }
  if (v.promises && v.promises.length) {
    parts.push(el("div", { class: "zone-title" }, zh ? "承諾（不具約束力）" : "Promises (not binding)"));
    parts.push(el("ul", { id: "promises" }, v.promises.map((p) => el("li", {},
      zh ? `${ctx.seatName(p.from)} → ${ctx.seatName(p.to)}：${ctx.pick(p)}（第${p.turn}回合起，至第${p.until}回合）· ${ctx.pick(p.state_text)}`
        : `${ctx.seatName(p.from)} → ${ctx.seatName(p.to)}: ${ctx.pick(p)} (turn ${p.turn}, until turn ${p.until}) · ${ctx.pick(p.state_text)}`))));
  }
  if (!parts.length) return "";
  return el("div", { id: "offers" }, el("div", { class: "zone-title" }, zh ? "外交" : "Diplomacy"), parts);
}

// The final order on the game-over screen: the winners, then VP and the tie-break.
function rankingLine(ctx) {
  const v = ctx.view;
  const zh = ctx.lang === "zh-TW";
  if (!v.over || !v.ranking) return "";
  const vp = (seat) => (v.players.find((p) => p.seat === seat) || {}).vp;
  const places = v.ranking.map((seat, i) => zh
    ? `第${i + 1}名是${ctx.seatName(seat)}，得${vp(seat)}分`
    : `${i + 1}. ${ctx.seatName(seat)}, ${vp(seat)} VP`);
  return el("div", { class: "zone-title", id: "ranking" }, (zh ? "最終名次：" : "Final ranking: ") + places.join(zh ? "；" : "; "));
}

// The battle being fought: where, who against whom (with their sides), the round.
function battleLine(ctx) {
  const b = ctx.view.battle;
  const zh = ctx.lang === "zh-TW";
  const where = ctx.pick(ctx.catalog.villages.find((x) => x.key === b.village));
  const sideOf = (which) => b.sides.map((s, seat) => [s, seat]).filter(([s]) => s === which).map(([, seat]) => ctx.seatName(seat));
  const att = sideOf(1).length ? sideOf(1) : [ctx.seatName(b.attacker)];
  const def = sideOf(2).length ? sideOf(2) : [ctx.seatName(b.defender)];
  const bits = zh
    ? [`「${where}」的${b.cavalcade ? "急行軍" : "戰鬥"}：${att.join("、")}對${def.join("、")}`, `第${b.round}輪`,
      b.penalty ? `攻城懲罰：攻方少擲${b.penalty}顆骰子` : "", b.quiet_rounds ? `已連續${b.quiet_rounds}輪無人傷亡` : ""]
    : [`${b.cavalcade ? "Cavalcade" : "Battle"} at ${where}: ${att.join(", ")} against ${def.join(", ")}`, `round ${b.round}`,
      b.penalty ? `fortification: ${b.penalty} ${b.penalty === 1 ? "die" : "dice"} fewer` : "",
      b.quiet_rounds ? `${b.quiet_rounds} ${b.quiet_rounds === 1 ? "quiet round" : "quiet rounds"}` : ""];
  return el("div", { class: "zone-title", id: "battle" }, bits.filter(Boolean).join(" · "));
}

export function render(root, ctx) {
  const v = ctx.view;
  const zh = ctx.lang === "zh-TW";
  const bound = new Set();
  const phases = {
    setup: ["Setup", "開局"], announcements: ["Announcements", "宣告"], cards: ["Cards", "卡片"], income: ["Income", "收入"],
    ransoms: ["Ransoms", "贖金"], purchase: ["Purchase", "購買"], movement: ["Movement", "移動"], battles: ["Battles", "戰鬥"],
    pillage: ["Pillage", "掠奪"], end_of_turn: ["End of turn", "回合結束"],
  };
  const steps = {
    discard: ["discard", "棄牌"], draw: ["draw", "抽牌"], disasters: ["disasters", "災難"],
    play: ["play", "出牌"], hand_limit: ["hand limit", "手牌上限"],
    marriages: ["marriages", "婚姻"], pope_decrees: ["the Pope", "教宗"], annulments: ["annulments", "婚姻無效"],
    bishop_candidates: ["Bishop candidates", "主教候選人"], bishop_ballot: ["Bishop ballot", "主教選舉"],
    pope_ballot: ["Pope ballot", "教宗選舉"], king_ballot: ["King ballot", "國王選舉"],
  };
  const stepKey = v.cards_step || (v.announcements && v.announcements.step);
  const step = stepKey && steps[stepKey] ? (zh ? `（${steps[stepKey][1]}）` : ` (${steps[stepKey][0]})`) : "";
  const ended = { victory: ["Game over (victory)", "遊戲結束（勝利）"], turn_limit: ["Game over (turn limit)", "遊戲結束（回合上限）"] };
  const phase = v.over && ended[v.ended_by] ? ended[v.ended_by][zh ? 1 : 0]
    : (phases[v.phase] ? phases[v.phase][zh ? 1 : 0] : v.phase) + step;
  const limitZh = v.max_turns ? `（共${v.max_turns}回合）` : "";
  const head = el("div", { class: "zone-title", id: "turn" },
    zh ? `第${v.turn}回合${limitZh} · ${phase} · 貴族牌庫${v.lord_deck}張 · 財富災難牌庫${v.fortune_deck}張`
      : `Turn ${v.turn}${v.max_turns ? ` of ${v.max_turns}` : ""} · ${phase} · lord deck ${v.lord_deck} · fortune deck ${v.fortune_deck}`);
  const map = drawMap(ctx, bound);
  const hand = handPanel(ctx, bound);
  const players = families(ctx, bound);
  const battle = v.battle ? battleLine(ctx) : announcementLine(ctx);
  const offerButtons = offerChoices(ctx, bound);
  const offers = offerPanel(ctx);
  const buttons = otherChoices(ctx, bound, ["pass", "lord_done", "stay", "let_go", "city:none"]);
  const prompt = ctx.msg && ctx.msg.prompt ? el("div", { class: "zone-title" }, ctx.pick(ctx.msg.prompt)) : "";
  root.replaceChildren(
    el("section", {}, head, rankingLine(ctx), prompt, battle, buttons.length ? el("div", { class: "choices", id: "choices" }, buttons) : "", offerButtons, offers, hand),
    el("section", {}, mapBox(map, ctx)),
    el("section", { id: "players" }, players, bishopricPanel(ctx)));
  fitTargets();
  panAndZoom();
  if (askedAtWindow(ctx) && !askAtWindows()) passWindow(ctx);
}

// Pan and zoom (vendor/panzoom): drag or swipe sideways to move the map, pinch, Ctrl+wheel
// or the buttons to zoom, ⟲ to see it whole again. The view is kept from one render to
// the next. One finger moving up or down scrolls the page unless the map is zoomed in.
let view = null;       // {scale, x, y} of the map's last view on this page
let panzoom = null;

function mapBox(map, ctx) {
  const zh = ctx.lang === "zh-TW";
  const button = (id, text, label, run) => el("button", { id, type: "button", "aria-label": label, title: label,
    onclick: () => { if (panzoom) run(panzoom); } }, text);
  return el("div", { class: "map-box" },
    el("div", { id: "map-view", role: "group", "aria-label": zh ? "地圖" : "Map" }, el("div", { id: "map-pan" }, map)),
    el("div", { class: "map-zoom" }, el("span", { class: "map-hint" },
      zh ? "拖曳移動地圖，用兩指或Ctrl加滾輪縮放" : "Drag to move the map; pinch or Ctrl+wheel to zoom"),
      button("map-zoom-in", "+", zh ? "放大地圖" : "Zoom in", (pz) => pz.zoomIn()),
      button("map-zoom-out", "−", zh ? "縮小地圖" : "Zoom out", (pz) => pz.zoomOut()),
      button("map-reset", "⟲", zh ? "顯示整張地圖" : "Show the whole map", (pz) => {
        const box = document.getElementById("map-view");
        const pan = document.getElementById("map-pan");
        pz.zoom(Math.min(1, box.clientWidth / pan.offsetWidth), { animate: true });
        setTimeout(() => pz.pan(0, 0, { animate: true }));
      })));
}

// The region of the pending decision: when its targets on the map change (villages to
// move to, lords to choose), the view fits them, as large as fits up to twice the map's
// size and never smaller than it (where a target is 44 px or more). A view the player
// moves stays until the next decision's targets.
let targetsKey = "";

function fitTargets() {
  const targets = [...document.querySelectorAll("#map [data-action]")];
  const key = targets.map((t) => t.dataset.action).sort().join(" ");
  if (!targets.length || key === targetsKey) { if (targets.length) targetsKey = key; return; }
  targetsKey = key;
  // Where the targets lie in the map's own box (drawn, not yet moved by Panzoom), then
  // the view (the next Panzoom starts at it) that puts their middle in the view's middle:
  // Panzoom's transform is scale(s) translate(x, y) about the middle o of that box.
  const points = targets.flatMap((t) => {
    const b = t.getBBox();
    const ctm = t.getCTM();
    return [new DOMPoint(b.x, b.y).matrixTransform(ctm), new DOMPoint(b.x + b.width, b.y + b.height).matrixTransform(ctm)];
  });
  const left = Math.min(...points.map((p) => p.x)), right = Math.max(...points.map((p) => p.x));
  const top = Math.min(...points.map((p) => p.y)), bottom = Math.max(...points.map((p) => p.y));
  const box = document.getElementById("map-view");
  const pan = document.getElementById("map-pan");
  const o = { x: pan.offsetWidth / 2, y: pan.offsetHeight / 2 };
  const scale = Math.max(1, Math.min(2, 0.9 * Math.min(box.clientWidth / (right - left), box.clientHeight / (bottom - top))));
  box.scrollLeft = box.scrollTop = 0;
  view = { scale, x: (box.clientWidth / 2 - o.x) / scale - ((left + right) / 2 - o.x),
    y: (box.clientHeight / 2 - o.y) / scale - ((top + bottom) / 2 - o.y) };
}

function panAndZoom() {
  const pan = document.getElementById("map-pan");
  const box = document.getElementById("map-view");
  if (panzoom) panzoom.destroy();
  // first view: the map's middle at its own size (on a phone it is wider than the screen)
  if (!view) view = { scale: 1, x: Math.min(0, (box.clientWidth - pan.offsetWidth) / 2), y: 0 };
  panzoom = Panzoom(pan, { canvas: true, minScale: 0.4, maxScale: 5, step: 0.25, cursor: "grab",
    startScale: view.scale, startX: view.x, startY: view.y, touchAction: view.scale > 1.05 ? "none" : "pan-y",
    handleStartEvent: (ev) => { if (ev.pointerType === "mouse") ev.preventDefault(); } });
  // Panzoom moves a new map to its start in later frames (the scale first, then the
  // pan): put it there now, so that no frame shows it elsewhere under a finger.
  pan.style.transform = `scale(${view.scale}) translate(${view.x}px, ${view.y}px)`;
  panzoom.pan(view.x, view.y, { animate: false, force: true });
  pan.addEventListener("panzoomchange", (ev) => {
    if (!pan.isConnected) return;  // a map drawn over since: its last frames are not the view
    view = { scale: ev.detail.scale, x: ev.detail.x, y: ev.detail.y };
    box.style.touchAction = pan.style.touchAction = view.scale > 1.05 ? "none" : "pan-y";
  });
  box.addEventListener("wheel", (ev) => { if (ev.ctrlKey || ev.metaKey) panzoom.zoomWithWheel(ev); }, { passive: false });
  // a drag ends with no click on what it started on
  let down = null;
  box.addEventListener("pointerdown", (ev) => { down = [ev.clientX, ev.clientY]; }, true);
  box.addEventListener("click", (ev) => {
    const from = down;
    down = null;
    if (from && Math.hypot(ev.clientX - from[0], ev.clientY - from[1]) > 8) { ev.stopPropagation(); ev.preventDefault(); }
  }, true);
}

// The end's score table (follow.js): where a family's victory points came from, "title of
// Bourg +1 · King +1" / 「「布爾格」封地爵位+1分、國王+1分」.
const OFFICE_WORDS = { king: ["King", "國王"], pope: ["Pope", "教宗"], queen_regent: ["Queen Regent", "攝政女王"] };
export function endDetails(ctx, seat) {
  const p = ctx.view.players && ctx.view.players[seat];
  const e = p && p.end_points;
  if (!e) return null;
  const zh = ctx.lang === "zh-TW";
  const parts = e.fief_titles.map(([key, points]) => {
    const fief = ctx.pick(ctx.catalog.fiefs[key]);
    return zh ? `「${fief}」封地爵位+${points}分` : `title of ${fief} +${points}`;
  });
  for (const [key, [en, zhName]] of Object.entries(OFFICE_WORDS)) {
    if (e[key]) parts.push(zh ? `${zhName}+${e[key]}分` : `${en} +${e[key]}`);
  }
  return parts.length ? parts : null;
}

// Summaries (follow.js): the Income phase's taxes and each family's income; a battle,
// from the attack to its end.
export const summaries = [
  { name: "income", start: ["phase"], end: ["income"], keep: ["tallage", "tithe", "tithe_all", "income"],
    title: { en: "Income", "zh-TW": "收入" } },
  { name: "battle", start: ["battle"], end: ["battle_end"],
    title: { en: "The battle", "zh-TW": "戰鬥經過" } },
];
