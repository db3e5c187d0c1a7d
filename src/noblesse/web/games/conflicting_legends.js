// Conflicting Legends' table: the territory deck (its top card), the war under way with
// its announcements and throws, the players with their tokens, territories (white or
// yellow side up) and table areas, your hand. Every legal action is something to click:
// a card in your hand, the top territory (expand), a territory (attack, develop, build),
// a table card (Nobel, Darwin), a gesture (announce, or throw in secret); the few
// choices that are not things on the table (pass, decline, a token type) are buttons.
import { bind, otherChoices, thing } from "/static/board.js";
import { el } from "/static/i18n.js";

const WORDS = {
  en: { round: "Round", start: "start player", lands: "Territory deck", top: "top", deck: "Character deck",
    discard: "Discard pile", hand: "Your hand", table: "Table area", armed: "armed", passed: "passed",
    glory: "glory", continent: "continent", continents: "continents", card: "card", cards: "cards", war: "War", attacks: "attacks", for: "for",
    throwNo: "Throw", ties: "ties in a row", announced: "announced", silent: "nothing", throwNow: "Throw in secret",
    announce: "Announce (binds no one)", yourThrow: "Your secret throw", waiting: "Waiting for the other throw",
    bothSecret: "Both throw in secret; the throws are shown once both are in.", noPaper: "Hannibal: no Paper for the defender",
    attacker: "attacker", defender: "defender", tie: "tie", mil: "military", build: "build", white: "white",
    yellow: "yellow", triggers: "wins at 2 ties", gandhi: "Gandhi: first lost throw → tie", charlemagne: "Charlemagne ready",
    revealed: "Revealed", empty: "(empty)", with: "with" },
  "zh-TW": { round: "回合", start: "起始玩家", lands: "領土卡牌堆", top: "最上方", deck: "人物卡牌堆",
    discard: "棄牌堆", hand: "你的手牌", table: "面前桌上", armed: "待命", passed: "已PASS",
    glory: "榮耀", continents: "大洲", cards: "張", war: "戰爭", attacks: "攻打", for: "要搶奪",
    throwNo: "猜拳", ties: "連續平手", announced: "宣告", silent: "不宣告", throwNow: "秘密出拳",
    announce: "宣告（不具約束力）", yourThrow: "你已秘密出拳", waiting: "等待對方出拳",
    bothSecret: "雙方秘密出拳，都出拳後才同時公開。", noPaper: "漢尼拔：守方此次不能出布",
    attacker: "攻方", defender: "守方", tie: "平手", mil: "武力需求", build: "建設需求", white: "白色面",
    yellow: "黃色面", triggers: "連續2次平手獲勝", gandhi: "甘地：第一次落敗改為平手", charlemagne: "查理曼可用",
    revealed: "公開", empty: "（空）", with: "支付" },
};
const GESTURE_ICON = { rock: "●", paper: "▭", scissors: "✂" };
const TOKEN_CSS = { military: "#c62828", culture: "#2e7d32", technology: "#1565c0", people: "#757575" };

const STYLE = `
.cl-chip { display: inline-block; min-width: 1.6rem; padding: .05rem .35rem; margin-right: .2rem; border-radius: 10px;
  color: #fff; font-weight: bold; font-size: .8rem; text-align: center; }
.cl-land { width: 104px; min-height: 86px; border-radius: 8px; border: 2px solid #9e9e9e; background: #fafafa;
  padding: .25rem; font-size: .75rem; display: flex; flex-direction: column; }
.cl-land.yellow { background: #fff3c4; border-color: #f9a825; }
.cl-land.target { outline: 3px solid #8c1c13; outline-offset: 1px; }
.cl-land .name { font-weight: bold; } .cl-land .cont { color: var(--muted); font-size: .68rem; }
.cl-land .nums { display: flex; justify-content: space-between; margin-top: auto; font-size: .7rem; }
.cl-land .glory { font-size: 1rem; font-weight: bold; text-align: right; }
.cl-land button { font-size: .68rem; padding: .1rem .25rem; margin-top: .15rem; }
.cl-card { width: 96px; min-height: 112px; border-radius: 8px; border: 3px solid var(--c); background: #fffdf8;
  padding: .25rem; font-size: .76rem; display: flex; flex-direction: column; }
.cl-card .name { font-weight: bold; color: var(--c); } .cl-card .type { font-size: .7rem; color: var(--muted); }
.cl-card .text { font-size: .62rem; color: var(--muted); margin-top: .15rem; }
.cl-card.small { width: 90px; min-height: 44px; } .cl-card.armed { box-shadow: 0 0 0 3px #6a1b9a; }
.cl-war { border: 2px solid #8c1c13; border-radius: 8px; padding: .5rem; margin: .5rem 0; background: #fff6f4; }
.cl-war h3 { margin: 0 0 .3rem; font-size: 1rem; }
.cl-gestures { display: flex; gap: .5rem; margin: .3rem 0; flex-wrap: wrap; }
.cl-gestures button { font-size: 1rem; padding: .35rem .7rem; }
.cl-throws { font-size: .85rem; } .cl-note { font-size: .8rem; color: var(--muted); }
.cl-secret { font-weight: bold; color: #6a1b9a; }
`;

// 「第2次猜拳」, 「手牌3張」 … or, for nothing, its own words (「尚未猜拳」): never a 0 with a counter.
function counted(n, before, after, none) {
  return n ? before + n + after : none;
}

function chip(type, n) {
  return el("span", { class: "cl-chip", style: `background:${TOKEN_CSS[type]}` }, String(n));
}

function tokenName(ctx, type) { return ctx.pick(ctx.catalog.tokens[type]); }

function characterCard(key, ctx, { small = false, armed = false } = {}) {
  const c = ctx.catalog.characters[key];
  const type = c.type === "none" ? "" : ctx.lang === "zh-TW" ? c.type_zh : c.type;  // no Chinese glyph in English
  return el("div", { class: `cl-card${small ? " small" : ""}${armed ? " armed" : ""}`,
    style: `--c:${TOKEN_CSS[c.colour]}`, title: ctx.pick(c.text) },
  el("span", { class: "name" }, ctx.pick(c)),
  type ? el("span", { class: "type" }, type) : "",
  small ? "" : el("span", { class: "text" }, ctx.pick(c.text)));
}

function landCard(key, yellow, ctx, w) {
  const t = ctx.catalog.territories[key];
  const glory = t.glory[yellow ? 1 : 0];
  return el("div", { class: `cl-land${yellow ? " yellow" : ""}`, title: ctx.lang === "zh-TW" ? `${ctx.pick(t)}（${t.code}）` : `${ctx.pick(t)} (${t.code})` },
    el("span", { class: "name" }, ctx.pick(t)),
    el("span", { class: "cont" }, `${ctx.pick(ctx.catalog.continents[t.continent])} · ${yellow ? w.yellow : w.white}`),
    el("span", { class: "glory" }, `${glory >= 0 ? "+" : ""}${glory}★`),
    el("span", { class: "nums" }, el("span", { title: w.mil }, `⚔${t.military}`), el("span", { title: w.build }, `⌂${t.build}`)));
}

function gestureButton(ctx, action, gesture, bound) {
  const label = `${GESTURE_ICON[gesture]} ${ctx.pick(ctx.catalog.gestures[gesture])}`;
  return bind(el("button", { class: "primary" }, label), action, ctx, bound);
}

function warPanel(ctx, w, words, bound) {
  const v = ctx.view;
  const land = ctx.catalog.territories[w.land];
  const card = ctx.catalog.characters[w.card];
  const said = (g) => (g == null ? "—" : g === "silent" ? words.silent
    : `${GESTURE_ICON[g]} ${ctx.pick(ctx.catalog.gestures[g])}`);
  const me = ctx.seat;
  const side = me === w.attacker ? "attacker" : me === w.defender ? "defender" : null;
  const kind = v.decision ? v.decision.kind : null;
  const zh = ctx.lang === "zh-TW";
  const name = (k) => (zh ? `「${ctx.pick(ctx.catalog.characters[k])}」` : ctx.pick(ctx.catalog.characters[k]));
  const winner = (r) => (r === "tie" ? words.tie : r === "attacker" ? words.attacker : words.defender);
  const parts = zh ? [
    el("h3", {}, `戰爭：${ctx.seatName(w.attacker)}打出「${ctx.pick(card)}」，攻打${ctx.seatName(w.defender)}，要搶奪「${ctx.pick(land)}」`),
    el("div", { class: "cl-note" }, [counted(w.throw, "第", "次猜拳", "尚未猜拳"), counted(w.ties, "連續平手", "次", "尚未平手")].join(" · ")),
    el("div", {}, `攻方宣告：${said(w.announced.attacker)} · 守方宣告：${said(w.announced.defender)}`),
    el("div", { class: "cl-throws" }, w.throws.map((t, i) => el("div", {},
      `第${i + 1}次：${said(t.attacker)}對${said(t.defender)}，${t.result === "tie" ? words.tie : winner(t.result) + "獲勝"}`))),
  ] : [
    el("h3", {}, `${words.war}: ${ctx.seatName(w.attacker)} (${ctx.pick(card)}) ${words.attacks} ${ctx.seatName(w.defender)} — ${words.for} ${ctx.pick(land)}`),
    el("div", { class: "cl-note" }, `${words.throwNo} ${w.throw} · ${words.ties} ${w.ties}`),
    el("div", {}, `${words.attacker} ${words.announced}: ${said(w.announced.attacker)} · ${words.defender} ${words.announced}: ${said(w.announced.defender)}`),
    el("div", { class: "cl-throws" }, w.throws.map((t, i) => el("div", {},
      `#${i + 1}: ${said(t.attacker)} / ${said(t.defender)} → ${winner(t.result)}`))),
  ];
  const colon = zh ? "：" : ": ";
  if (w.revealed) parts.push(el("div", {}, `${words.revealed}${colon}${said(w.revealed.attacker)} / ${said(w.revealed.defender)}`));
  const notes = [];
  const sep = zh ? "、" : ", ";
  const because = (list) => (zh ? `${list.map(name).join(sep)}（${words.triggers}）` : `${list.map(name).join(sep)} (${words.triggers})`);
  if (w.triggers.attacker.length) notes.push(`${words.attacker}${colon}${because(w.triggers.attacker)}`);
  if (w.triggers.defender.length) notes.push(`${words.defender}${colon}${because(w.triggers.defender)}`);
  if (w.gandhi) notes.push(words.gandhi);
  if (w.charlemagne) notes.push(words.charlemagne);
  if (w.defender_may_not) notes.push(words.noPaper);
  if (notes.length) parts.push(el("div", { class: "cl-note" }, notes.join(" · ")));
  if (kind === "announce" && ctx.legal.has("silent")) {
    parts.push(el("div", { class: "cl-note" }, words.announce), el("div", { class: "cl-gestures" },
      ["rock", "paper", "scissors"].map((g) => gestureButton(ctx, `announce:${g}`, g, bound)),
      bind(el("button", {}, words.silent), "silent", ctx, bound)));
  }
  if (kind === "throw") {
    parts.push(el("div", { class: "cl-note" }, words.bothSecret));
    if (side && w.my_throw) {
      parts.push(el("div", { class: "cl-secret" }, `${words.yourThrow}${colon}${said(w.my_throw)} · ${words.waiting}`));
    } else if (side) {
      parts.push(el("div", { class: "cl-secret" }, words.throwNow), el("div", { class: "cl-gestures" },
        ["rock", "paper", "scissors"].map((g) => gestureButton(ctx, `throw:${g}`, g, bound))));
    }
  }
  return el("div", { class: "cl-war", id: "war" }, ...parts);
}

export function render(root, ctx) {
  const v = ctx.view;
  const w = ctx.lang === "zh-TW" ? WORDS["zh-TW"] : WORDS.en;
  const zh = ctx.lang === "zh-TW";
  const d = v.decision;
  const kind = d && v.to_act.includes(ctx.seat) ? d.kind : null;
  const bound = new Set();

  const head = el("div", { class: "zone-title" },
    zh ? [`第${v.round}回合`, `起始玩家：${ctx.seatName(v.start)}`, counted(v.deck, "人物卡牌堆", "張", "人物卡牌堆已空"),
      counted(v.discard.length, "棄牌堆", "張", "棄牌堆沒有牌")].join(" · ")
      : `${w.round} ${v.round} · ${w.start}: ${ctx.seatName(v.start)} · ${w.deck} ${v.deck} · ${w.discard} ${v.discard.length}`);

  const top = v.land_top ? landCard(v.land_top, false, ctx, w) : el("span", {}, w.empty);
  if (v.land_top) {
    bind(top, kind === "take_top" ? "use" : "expand", ctx, bound);
  }
  const deckRow = el("div", { class: "row", id: "land-deck" },
    el("div", { class: "zone-title" }, zh ? (v.land_deck ? `領土卡牌堆（${v.land_deck}張）· 最上方：` : "領土卡牌堆已空") : `${w.lands} (${v.land_deck}) · ${w.top}:`), top);

  const players = v.players.map((p) => {
    const lands = p.lands.map((t) => {
      // its state for a screen reader: whose territory it is (board.js nameThings)
      const card = thing(landCard(t.key, t.yellow, ctx, w), null,
        zh ? `${ctx.seatName(p.seat)}的領土` : `territory of ${ctx.seatName(p.seat)}`);
      if (v.war && v.war.land === t.key) card.classList.add("target");
      if (kind === "target") bind(card, `target:${t.key}`, ctx, bound);
      if ((kind === "develop" || kind === "augustus") && p.seat === ctx.seat) bind(card, `develop:${t.key}`, ctx, bound);
      if (kind === "act" && p.seat === ctx.seat) {
        for (const type of ["culture", "technology"]) {
          const action = `build:${t.key}:${type}`;
          if (ctx.legal.has(action)) {
            const cost = ctx.catalog.territories[t.key].build;
            card.append(bind(el("button", { style: `border-color:${TOKEN_CSS[type]}` },
              zh ? `建設：支付${cost}點${tokenName(ctx, type)}` : `${w.build} ${w.with} ${cost} ${tokenName(ctx, type)}`), action, ctx, bound));
          }
        }
      }
      return card;
    });
    const tableCards = p.tableau.map((key) => {
      const card = thing(characterCard(key, ctx, { small: true, armed: p.armed.includes(key) }), null,
        zh ? `在${ctx.seatName(p.seat)}的桌面上` : `on the table of ${ctx.seatName(p.seat)}`);
      if ((kind === "nobel" && v.war && v.war.defender === p.seat) || (kind === "darwin" && p.seat === ctx.seat)) {
        bind(card, `card:${key}`, ctx, bound);
      }
      return card;
    });
    const tk = p.tokens;
    return el("div", { class: `player${v.active === p.seat && !v.over ? " turn" : ""}`, "data-seat": p.seat },
      el("h3", {}, ctx.seatName(p.seat), el("span", { class: "meta" },
        zh ? [`榮耀${p.glory}分`, counted(p.continents, "", "個大洲", "尚無大洲"), counted(p.hand_size, "手牌", "張", "沒有手牌"),
          ...(p.passed ? ["已PASS"] : [])].join(" · ")
          : ` ${p.glory} ${w.glory} · ${p.continents} ${p.continents === 1 ? w.continent : w.continents}`
            + ` · ${p.hand_size} ${p.hand_size === 1 ? w.card : w.cards}${p.passed ? ` · ${w.passed}` : ""}`)),
      el("div", {}, chip("military", tk.military), chip("culture", tk.culture), chip("technology", tk.technology)),
      el("div", { class: "row" }, lands.length ? lands : el("span", { class: "cl-note" }, w.empty)),
      tableCards.length ? el("div", { class: "zone-title" }, w.table) : "",
      el("div", { class: "row" }, tableCards));
  });

  const hand = v.hand ? el("div", {}, el("div", { class: "zone-title" }, w.hand),
    el("div", { class: "row", id: "hand" }, v.hand.map((key) => {
      const card = characterCard(key, ctx);
      return bind(card, kind === "qin" || kind === "gutenberg" ? `card:${key}` : `play:${key}`, ctx, bound);
    }))) : "";

  const war = v.war ? warPanel(ctx, v.war, w, bound) : "";

  const discard = el("details", {},
    el("summary", { class: "zone-title" }, zh ? (v.discard.length ? `棄牌堆（${v.discard.length}張）` : "棄牌堆（沒有牌）") : `${w.discard} (${v.discard.length})`),
    el("div", { class: "row" }, v.discard.map((key) => characterCard(key, ctx, { small: true }))));

  // Everything still unbound is a button (pass, decline, a token type, ...).
  const buttons = otherChoices(ctx, bound);

  root.replaceChildren(el("style", {}, STYLE),
    el("section", {}, head, deckRow, war,
      buttons.length ? el("div", { class: "choices", id: "choices" }, buttons) : "", hand),
    el("section", { id: "players" }, players), el("section", {}, discard));
}

// The end's score table (follow.js): the glory of each territory a seat holds, "West
// Africa +3 · Egypt +1" / 「「西非」+3分、「埃及」+1分」, and how many continents.
export function endDetails(ctx, seat) {
  const p = ctx.view.players && ctx.view.players[seat];
  if (!p || !p.lands || !p.lands.length) return null;
  const zh = ctx.lang === "zh-TW";
  const sign = (v) => (v > 0 ? `+${v}` : String(v));
  const parts = p.lands.map((land) => {
    const t = ctx.catalog.territories[land.key];
    const glory = t.glory[land.yellow ? 1 : 0];
    return zh ? `「${ctx.pick(t)}」${sign(glory)}分` : `${ctx.pick(t)} ${sign(glory)}`;
  });
  const n = p.continents;
  parts.push(zh ? `${n}個大洲` : `${n} continent${n === 1 ? "" : "s"}`);
  return parts;
}
