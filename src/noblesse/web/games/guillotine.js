// Guillotine's table: the line of nobles, the players with their score piles and
// in-front cards, your hand. Every legal action is something to click: a card in
// your hand, a noble in the line, a player, a noble in a pile; the few choices that
// are not things on the table (play no card, a distance) are buttons.
import { bind, ordinal, otherChoices, thing } from "/static/board.js";
import { el } from "/static/i18n.js";

// Cut a text at a word (or, in Chinese, a character) before `max`, with an ellipsis
// (「……」 in Chinese); the whole text stays in the card's tooltip.
function shorten(text, max, zh) {
  if (text.length <= max) return text;
  const cut = zh ? -1 : text.lastIndexOf(" ", max);
  return `${text.slice(0, cut > max / 2 ? cut : max)}${zh ? "……" : "…"}`;
}

// A number of cards: 「5張」, "5 cards", "1 card"; nothing in its own words.
function cards(n, zh) {
  if (zh) return n ? `${n}張` : "沒有";
  return n ? `${n} card${n === 1 ? "" : "s"}` : "none";
}

function nobleCard(key, ctx, extra = {}) {
  const n = ctx.catalog.nobles[key];
  const varies = n.effect === "palace_guard" ? "1~5" : n.effect === "tragic_figure" ? "-1~-7" : null;
  // at the end, what the card scored in its pile (Palace Guard's and Tragic Figure's vary)
  const scored = extra.scored != null && (varies || extra.scored !== n.points);
  const pts = scored ? String(extra.scored) : varies || String(n.points);
  return el("div", { class: `card noble ${n.colour}`, title: ctx.pick(n.text) || "", ...extra.attrs },
    extra.pos ? el("span", { class: "pos" }, extra.pos) : "",
    el("span", { class: "name" }, ctx.pick(n)),
    n.text && ctx.pick(n.text) ? el("span", { class: "text" }, shorten(ctx.pick(n.text), 60, ctx.lang === "zh-TW")) : "",
    el("span", { class: `pts${scored ? " scored" : ""}`, title: scored && varies ? varies : null }, pts));
}

// The end's score table (follow.js): what a seat's nobles and cards scored, e.g.
// "nobles 15 · Church Support +3 · Count and Countess +4" / 「人物15分、「教會支持」+3分」.
export function endDetails(ctx, seat) {
  const p = ctx.view.players && ctx.view.players[seat];
  if (!p || !p.end_points) return null;
  const zh = ctx.lang === "zh-TW";
  const nobles = p.end_points.pile.reduce((a, b) => a + b, 0);
  const sign = (v) => (v > 0 ? `+${v}` : String(v));
  const parts = [zh ? `人物${nobles}分` : `nobles ${nobles}`];
  for (const [key, value] of p.end_points.cards) {
    const names = key === "count_countess" ? [ctx.catalog.nobles.count, ctx.catalog.nobles.countess]
      : [ctx.catalog.actions[key]];
    const name = names.map((c) => (zh ? `「${ctx.pick(c)}」` : ctx.pick(c))).join(zh ? "和" : " and ");
    parts.push(zh ? `${name}${sign(value)}分` : `${name} ${sign(value)}`);
  }
  return parts;
}

function actionCard(key, ctx, small = false, attrs = {}) {
  const a = ctx.catalog.actions[key];
  return el("div", { class: `card action${small ? " small" : ""}`, title: ctx.pick(a.text), ...attrs },
    el("span", { class: "name" }, ctx.pick(a)),
    small ? "" : el("span", { class: "text" }, ctx.pick(a.text)));
}

// A hidden support card: its name to its owner (and to all at the end), else that there is one.
function hiddenSupport(p, ctx, zh) {
  if (!p.hidden_support) return zh ? "一張暗置支持牌" : "a hidden support card";
  const name = ctx.pick(ctx.catalog.actions[p.hidden_support]);
  return zh ? `暗置支持牌：「${name}」` : `${ctx.t("hidden")}: ${name}`;
}

export function render(root, ctx) {
  const v = ctx.view;
  const d = v.decision;
  const kind = d && d.seat === ctx.seat ? d.kind : null;
  const bound = new Set();
  const zh = ctx.lang === "zh-TW";

  const head = el("div", { class: "zone-title" },
    zh ? `第${v.day}/${v.days}天 · 人物牌疊：${cards(v.noble_deck, zh)} · 行動牌疊：${cards(v.action_deck, zh)}`
      : `Day ${v.day}/${v.days} · noble deck: ${cards(v.noble_deck, zh)} · action deck: ${cards(v.action_deck, zh)}`);

  const line = el("div", { class: "row", id: "line" }, el("span", { class: "guillotine-mark", title: zh ? "斷頭臺" : "guillotine" }, "⚔"),
    v.line.length === 0 ? el("span", {}, ctx.t("empty")) : "",
    v.line.map((key, i) => bind(thing(nobleCard(key, ctx, { pos: `#${i + 1}` }), null,
      zh ? `隊列第${i + 1}位` : `in the line, ${ordinal(i + 1)}`), `noble:${i + 1}`, ctx, bound)));

  const extras = [];
  if (kind === "peek" && d.nobles) {
    extras.push(el("div", { class: "zone-title" }, ctx.t("peek")),
      el("div", { class: "row" }, d.nobles.map((key, i) => bind(nobleCard(key, ctx), `peek:${i + 1}`, ctx, bound))));
  }
  if (kind === "look_discard" && d.hand) {
    extras.push(el("div", { class: "zone-title" }, ctx.t("theirHand")),
      el("div", { class: "row" }, d.hand.map((key) => bind(actionCard(key, ctx, true), `card:${key}`, ctx, bound))));
  }

  const players = v.players.map((p) => {
    const panel = el("div", { class: `player${v.player === p.seat && !v.over ? " turn" : ""}`, "data-seat": p.seat },
      el("h3", {}, ctx.seatName(p.seat), el("span", { class: "meta" },
        zh ? `${p.score}分 · 手牌：${cards(p.hand_size, zh)}`
          : `${p.score} pt${p.score === 1 ? "" : "s"} · hand: ${cards(p.hand_size, zh)}`)),
      p.has_hidden_support ? el("div", { class: "meta" }, hiddenSupport(p, ctx, zh)) : "",
      p.rush_job ? el("div", { class: "meta" }, ctx.t("rush")) : "",
      p.confusion ? el("div", { class: "meta" }, ctx.t("confusion")) : "",
      el("div", { class: "zone-title" }, ctx.t("pile")),
      el("div", { class: "row", "data-zone": zh ? `${ctx.seatName(p.seat)}的分數欄` : `in the score pile of ${ctx.seatName(p.seat)}` },
        p.pile.map((key, i) => {
        const card = nobleCard(key, ctx, { scored: p.end_points ? p.end_points.pile[i] : null });
        card.classList.add("small");
        return (kind === "pile" || kind === "pile_back") && d.target === p.seat ? bind(card, `pile:${i + 1}`, ctx, bound) : card;
      })),
      p.front.length ? el("div", { class: "zone-title" }, ctx.t("inFront")) : "",
      el("div", { class: "row", "data-zone": zh ? `在${ctx.seatName(p.seat)}面前` : `in front of ${ctx.seatName(p.seat)}` },
        p.front.map((key) => {
        const card = actionCard(key, ctx, true);
        if (kind === "front_card" && d.target === p.seat) return bind(card, `card:${key}`, ctx, bound);
        if (key === "callous_guards" && p.seat === ctx.seat) return bind(card, "discard_callous", ctx, bound);
        return card;
      })));
    if (kind === "seat" || kind === "clown") bind(panel, `seat:${p.seat}`, ctx, bound);
    return panel;
  });

  const hand = v.hand ? el("div", {}, el("div", { class: "zone-title" }, ctx.t("hand")),
    el("div", { class: "row", id: "hand" }, v.hand.map((key) => {
      const card = actionCard(key, ctx);
      return bind(card, kind === "discard" ? `card:${key}` : `play:${key}`, ctx, bound);
    }))) : "";

  const discard = el("details", { open: kind === "take" ? true : null },
    el("summary", { class: "zone-title" }, zh ? `${ctx.t("discard")}（${cards(v.action_discard.length, zh)}）`
      : `${ctx.t("discard")} (${cards(v.action_discard.length, zh)})`),
    el("div", { class: "row", "data-zone": zh ? "在行動牌棄牌堆中" : "in the action discard pile" }, [...new Set(v.action_discard)].map((key) =>
      kind === "take" ? bind(actionCard(key, ctx, true), `card:${key}`, ctx, bound) : actionCard(key, ctx, true))));

  // Everything still unbound is a button (play no card, a distance, ...).
  const buttons = otherChoices(ctx, bound);

  root.replaceChildren(el("section", {}, head, el("div", { class: "zone-title" }, ctx.t("line")), line, ...extras,
    buttons.length ? el("div", { class: "choices", id: "choices" }, buttons) : "", hand),
  el("section", { id: "players" }, players), el("section", {}, discard));
}

// The day's summary (follow.js): who collected which nobles, once the day ends.
export const summaries = [{ name: "day", start: ["day"], end: ["day_end"], keep: ["collect"],
  title: { en: "The day is over: the nobles collected", "zh-TW": "這一天結束：被處決的人物" } }];
