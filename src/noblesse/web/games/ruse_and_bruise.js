// Ruse & Bruise's table: one row of characters beside each score card, the players
// with their won score cards, your hand. Every legal action is something to click:
// a card in your hand (to play it, or to tuck it under your Cloak), a row (to place
// the chosen card there), a score card (the Traitor's swap); the rest are buttons.
import { bind, otherChoices, thing } from "/static/board.js";
import { el } from "/static/i18n.js";

const WORDS = {
  en: { round: "Round", starts: "starts", rows: "Rows (score card at the left)", closed: "closed by Storm",
    suppressed: "3 Musketeers", full: "full", faceDown: "face down", under: "under the Cloak",
    won: "Won", last: "Last round", nobody: "nobody", unclaimed: "Unclaimed", chosen: "Chosen",
    hand: "hand", deck: "deck", discard: "discard", yourDiscard: "Your discard pile", removed: "does not count",
    scored: "Round scored", close: "Close" },
  "zh-TW": { round: "第", starts: "先出牌", rows: "牌列（左邊為分數卡）", closed: "「暴風」封閉",
    suppressed: "「三劍客」", full: "已滿", faceDown: "蓋著", under: "「披風」下方",
    won: "分數卡", last: "上一輪結算", nobody: "無人獲得", unclaimed: "無人獲得的分數卡", chosen: "已選",
    hand: "手牌", deck: "牌堆", discard: "棄牌堆", yourDiscard: "你的棄牌堆", removed: "不列入計算",
    scored: "本輪結算", close: "關閉" },
};

// A number of cards: 「3張」, "3 cards", "1 card"; nothing in its own words.
function cards(n, zh) {
  if (zh) return n ? `${n}張` : "沒有";
  return n ? `${n} card${n === 1 ? "" : "s"}` : "none";
}

// "Label: " / 「標籤：」
const COLON = { en: ": ", "zh-TW": "：" };

const STYLE = `
.rb-row { display: flex; align-items: stretch; gap: .35rem; padding: .35rem; border-radius: 8px;
  border: 1px dashed transparent; margin-bottom: .35rem; flex-wrap: wrap; }
.rb-row.clickable { border-color: #ffb300; }
.rb-score { width: 92px; min-height: 96px; border-radius: 8px; background: #3b2f22; color: #fff;
  display: flex; flex-direction: column; align-items: center; justify-content: center; padding: .3rem; }
.rb-score .sym { font-size: 1.6rem; } .rb-score .val { font-size: 1.3rem; font-weight: bold; }
.rb-score .cnt { font-size: .75rem; opacity: .85; }
.rb-score.closed { background: #455a64; } .rb-score.suppressed { outline: 3px solid #8c1c13; }
.rb-card { width: 84px; min-height: 96px; border-radius: 8px; border: 3px solid var(--c);
  background: #fffdf8; padding: .25rem; font-size: .78rem; display: flex; flex-direction: column; }
.rb-card .name { font-weight: bold; } .rb-card .pts { margin-top: auto; text-align: right; font-weight: bold; }
.rb-card .text { font-size: .62rem; color: var(--muted); }
.rb-card.down { background: repeating-linear-gradient(45deg, var(--c), var(--c) 6px, #0002 6px, #0002 12px); color: #fff; }
.rb-card.down.mine { background: repeating-linear-gradient(45deg, #fffdf8, #fffdf8 7px, var(--c) 7px, var(--c) 9px);
  color: var(--ink); }
.rb-card.down.mine .name, .rb-card.down.mine .text { background: #fffdf8; }
.rb-card.tucked { transform: rotate(-4deg); min-height: 70px; width: 70px; }
.rb-card.chosen { box-shadow: 0 0 0 3px #2e7d32; }
.rb-card.concealed { border-style: dashed; }
.rb-card.removed { opacity: .45; text-decoration: line-through; }
.rb-swatch { display: inline-block; width: .9rem; height: .9rem; border-radius: 3px; background: var(--c);
  border: 1px solid #0004; vertical-align: middle; }
.rb-mini { display: inline-block; padding: .05rem .3rem; margin: .1rem; border-radius: 4px; background: #3b2f22;
  color: #fff; font-size: .75rem; }
.rb-badge { font-size: .65rem; background: #efe4d0; color: #3b2f22; border-radius: 4px; padding: 0 .25rem;
  margin-top: .15rem; text-align: center; }
.rb-scored { border: 2px solid #8c1c13; }
.rb-scored summary { display: flex; align-items: baseline; gap: .5rem; }
.rb-close { margin-left: auto; }
.rb-last td, .rb-last th { padding: .15rem .4rem; font-size: .8rem; text-align: left; }
`;

// The view's notation (see views.py): "+king@1" face up, "-queen@2" face down (the name
// only for its owner, "-?@2" for others), "~explorer@0" a jumped Explorer; "corn:3" a
// score card; in the last round "+king@1=20" ("+" live, "-" concealed, "^" tucked, "x" removed).
function parseCard(text) {
  const m = /^([-+~^x])([a-z_?]+)@(\d+)(?:=(-?[\d.]+))?$/.exec(text);
  return { how: m[1], key: m[2] === "?" ? null : m[2], owner: Number(m[3]), value: m[4] != null ? Number(m[4]) : null };
}

function parseScore(text) {
  if (!text) return null;
  const [icon, value] = text.split(":");
  return { icon, value: Number(value) };
}

// Each seat's colour, its card backs' (follow.js colours the log and the score table by it).
export function seatColour(ctx, seat) {
  const p = ctx.view && ctx.view.players && ctx.view.players[seat];
  return p && ctx.catalog && ctx.catalog.colours[p.colour] ? ctx.catalog.colours[p.colour].css : null;
}

// The end's score table (follow.js): the score cards a seat won, "Lyre 4 · Coin 3" /
// 「琴4分、金幣3分」.
export function endDetails(ctx, seat) {
  const p = ctx.view.players && ctx.view.players[seat];
  if (!p || !p.won || !p.won.length) return null;
  const zh = ctx.lang === "zh-TW";
  return p.won.map(parseScore).map((sc) => {
    const icon = ctx.catalog.icons[sc.icon];
    return zh ? `${ctx.pick(icon)}${sc.value}分` : `${ctx.pick(icon)} ${sc.value}`;
  });
}

// The round just scored stays open above the rows until the reader closes it (the
// rounds closed, kept while the page lives); an earlier round's scoring is folded below.
const closedRounds = new Set();

function colourOf(ctx, seat) {
  const p = ctx.view.players[seat];
  return ctx.catalog.colours[p.colour].css;
}

function scoreTile(text, ctx) {
  const zh = ctx.lang === "zh-TW";
  const score = parseScore(text);
  if (!score) return el("span", { class: "rb-mini" }, zh ? "沒有分數卡" : "no score card");
  const icon = ctx.catalog.icons[score.icon];
  return el("span", { class: "rb-mini", title: ctx.pick(icon) },
    zh ? `${icon.symbol}${ctx.pick(icon)}${score.value}分` : `${icon.symbol} ${ctx.pick(icon)} ${score.value}`);
}

function characterCard(key, owner, ctx, opts = {}) {
  const style = `--c: ${colourOf(ctx, owner)}`;
  const classes = ["rb-card"];
  if (opts.down) classes.push("down");
  if (opts.mine) classes.push("mine");
  if (opts.tucked) classes.push("tucked");
  if (opts.extra) classes.push(opts.extra);
  if (!key) {
    return thing(el("div", { class: classes.join(" "), style, title: ctx.seatName(owner) }, el("span", { class: "name" }, "?")),
      ctx.lang === "zh-TW" ? `${ctx.seatName(owner)}的蓋牌` : `a face-down card of ${ctx.seatName(owner)}`);
  }
  const c = ctx.catalog.characters[key];
  return el("div", { class: classes.join(" "), style, title: ctx.pick(c.text) },
    el("span", { class: "name" }, ctx.pick(c)),
    opts.down ? el("span", { class: "text" }, opts.note || "") : el("span", { class: "text" }, opts.small ? "" : ctx.pick(c.text)),
    el("span", { class: "pts" }, opts.value != null ? String(opts.value) : String(c.value)));
}

export function render(root, ctx) {
  const v = ctx.view;
  const d = v.decision;
  const kind = d && d.seat === ctx.seat ? d.kind : null;
  const bound = new Set();
  const w = WORDS[ctx.lang] || WORDS.en;
  const zh = ctx.lang === "zh-TW";
  const colon = COLON[ctx.lang] || COLON.en;

  const head = el("div", { class: "zone-title" },
    zh ? `第${v.round}/${v.rounds}輪 · ${ctx.seatName(v.starter)}${w.starts}`
      : `${w.round} ${v.round}/${v.rounds} · ${ctx.seatName(v.starter)} ${w.starts}`);

  const rows = v.rows.map((row) => {
    const score = parseScore(row.score);
    const icon = score ? ctx.catalog.icons[score.icon] : null;
    const tile = el("div", { class: `rb-score${row.closed ? " closed" : ""}${row.suppressed ? " suppressed" : ""}`,
      title: icon ? ctx.pick(icon) : "" },
    el("span", { class: "sym" }, icon ? icon.symbol : "–"),
    el("span", { class: "val" }, score ? String(score.value) : ""),
    el("span", { class: "cnt" }, icon ? `${ctx.pick(icon)} · ${row.count}/${score.value}` : ""),
    row.closed ? el("span", { class: "rb-badge" }, w.closed) : "",
    row.suppressed ? el("span", { class: "rb-badge" }, w.suppressed) : "",
    row.satisfied && !row.closed ? el("span", { class: "rb-badge" }, w.full) : "");
    thing(tile, icon ? `${ctx.pick(icon)} ${score.value}` : zh ? `第${row.row}牌列` : `row ${row.row}`,
      icon ? (zh ? `${row.count}/${score.value}張` : `${row.count} of ${score.value} cards`) : "");
    if (kind === "traitor") bind(tile, `swap:${row.row}`, ctx, bound);
    const cards = row.cards.map((text, i) => {
      const c = parseCard(text);
      const mine = c.owner === ctx.seat;
      const node = characterCard(c.key, c.owner, ctx, { down: c.how !== "+", mine, small: true,
        note: c.key ? w.faceDown : "" });
      const tucks = row.tucks.filter(([under]) => under === i + 1).map(([, t]) => parseCard(t)).map((t) =>
        characterCard(t.key, t.owner, ctx, { down: true, tucked: true, mine: t.owner === ctx.seat, note: w.under }));
      return tucks.length ? el("div", { class: "row" }, node, ...tucks) : node;
    });
    const strip = thing(el("div", { class: "rb-row", "data-row": row.row }, tile, ...cards),
      ctx.lang === "zh-TW" ? `第${row.row}牌列` : `row ${row.row}`);
    if (kind === "row") bind(strip, `row:${row.row}`, ctx, bound);
    return strip;
  });

  const hand = v.hand ? el("div", {}, el("div", { class: "zone-title" }, ctx.t("hand")),
    el("div", { class: "row", id: "hand" }, v.hand.map((key) => {
      const chosen = kind === "row" && d.card === key;
      const card = characterCard(key, ctx.seat, ctx, { extra: chosen ? "chosen" : "" });
      if (kind === "card") return bind(card, `play:${key}`, ctx, bound);
      if (kind === "cloak") return bind(card, `tuck:${key}`, ctx, bound);
      return card;
    }))) : "";

  const players = v.players.map((p) => el("div", {
    class: `player${v.player === p.seat && !v.over ? " turn" : ""}`, "data-seat": p.seat },
  el("h3", {}, el("span", { class: "rb-swatch", style: `--c: ${ctx.catalog.colours[p.colour].css}` }),
    ctx.seatName(p.seat), el("span", { class: "meta" },
      zh ? `${p.score}分 · ${w.hand}：${cards(p.hand_size, zh)} · ${w.deck}：${cards(p.deck_size, zh)} · ${w.discard}：${cards(p.discard_size, zh)}`
        : `${p.score} pt${p.score === 1 ? "" : "s"} · ${w.hand}: ${cards(p.hand_size, zh)} · ${w.deck}: ${cards(p.deck_size, zh)} · ${w.discard}: ${cards(p.discard_size, zh)}`)),
  el("div", {}, `${w.won}${colon}`, p.won.length ? p.won.map((s) => scoreTile(s, ctx)) : (zh ? "沒有" : "none"))));

  const extras = [];
  if (v.unclaimed.length) {
    extras.push(el("div", { class: "meta" }, `${w.unclaimed}${colon}`, v.unclaimed.map((s) => scoreTile(s, ctx))));
  }
  if (v.discard && v.discard.length) {
    extras.push(el("details", {}, el("summary", { class: "zone-title" }, zh ? `${w.yourDiscard}（${cards(v.discard.length, zh)}）` : `${w.yourDiscard} (${cards(v.discard.length, zh)})`),
      el("div", {}, v.discard.map((key) => el("span", { class: "rb-mini" }, ctx.pick(ctx.catalog.characters[key]))))));
  }

  let last = "";
  let fresh = false;  // the round just scored, still open above the rows
  if (v.last_round) {
    const lr = v.last_round;
    fresh = !v.over && !closedRounds.has(lr.round) && lr.round === v.round - 1;
    const close = fresh ? el("button", { class: "rb-close", id: "round-close",
      onclick: (ev) => { ev.preventDefault(); closedRounds.add(lr.round); render(root, ctx); } }, w.close) : "";
    last = el("details", { open: v.over || fresh ? true : null, id: "last-round", class: fresh ? "rb-fresh" : null },
      el("summary", { class: "zone-title" }, zh ? `${fresh ? w.scored : w.last}（第${lr.round}輪）`
        : `${fresh ? w.scored : w.last} (${w.round} ${lr.round})`, close),
      ...lr.rows.map((row) => el("div", { class: "rb-row" },
        el("div", { class: "rb-score" }, scoreTile(row.score, ctx),
          el("span", { class: "cnt" }, row.winner != null ? ctx.seatName(row.winner) : w.nobody),
          el("span", { class: "cnt" }, ctx.pick(ctx.catalog.reasons[row.reason]))),
        ...row.cards.map(parseCard).map((c) => characterCard(c.key, c.owner, ctx, { small: true,
          value: c.value, tucked: c.how === "^", extra: { x: "removed", "-": "concealed" }[c.how] || "" })))));
  }

  // Everything still unbound is a button (tuck nothing, swap nothing, ...).
  const buttons = otherChoices(ctx, bound, []);

  root.replaceChildren(el("style", {}, STYLE),
    fresh ? el("section", { class: "rb-scored" }, last) : "",
    el("section", {}, head, v.over ? "" : el("div", { class: "zone-title" }, w.rows),
      v.over ? "" : el("div", { id: "rows" }, rows),
      buttons.length ? el("div", { class: "choices", id: "choices" }, buttons) : "", hand),
    el("section", { id: "players" }, players, ...extras),
    last && !fresh ? el("section", {}, last) : "");
}
