// Guillotine's table: the line of nobles, the players with their score piles and
// in-front cards, your hand. Every legal action is something to click: a card in
// your hand, a noble in the line, a player, a noble in a pile; the few choices that
// are not things on the table (play no card, a distance) are buttons.
import { bind, otherChoices } from "/static/board.js";
import { el } from "/static/i18n.js";

// Cut a text at a word (or, in Chinese, a character) before `max`, with an ellipsis;
// the whole text stays in the card's tooltip.
function shorten(text, max) {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(" ", max);
  return `${text.slice(0, cut > max / 2 ? cut : max)}…`;
}

function nobleCard(key, ctx, extra = {}) {
  const n = ctx.catalog.nobles[key];
  const pts = n.effect === "palace_guard" ? "1~5" : n.effect === "tragic_figure" ? "-1~-7" : String(n.points);
  return el("div", { class: `card noble ${n.colour}`, title: ctx.pick(n.text) || "", ...extra.attrs },
    extra.pos ? el("span", { class: "pos" }, extra.pos) : "",
    el("span", { class: "name" }, ctx.pick(n)),
    n.text && ctx.pick(n.text) ? el("span", { class: "text" }, shorten(ctx.pick(n.text), 60)) : "",
    el("span", { class: "pts" }, pts));
}

function actionCard(key, ctx, small = false, attrs = {}) {
  const a = ctx.catalog.actions[key];
  return el("div", { class: `card action${small ? " small" : ""}`, title: ctx.pick(a.text), ...attrs },
    el("span", { class: "name" }, ctx.pick(a)),
    small ? "" : el("span", { class: "text" }, ctx.pick(a.text)));
}

export function render(root, ctx) {
  const v = ctx.view;
  const d = v.decision;
  const kind = d && d.seat === ctx.seat ? d.kind : null;
  const bound = new Set();
  const zh = ctx.lang === "zh-TW";

  const head = el("div", { class: "zone-title" },
    zh ? `第${v.day}/${v.days}天 · 人物牌疊 ${v.noble_deck} · 行動牌疊 ${v.action_deck}`
      : `Day ${v.day}/${v.days} · noble deck ${v.noble_deck} · action deck ${v.action_deck}`);

  const line = el("div", { class: "row", id: "line" }, el("span", { class: "guillotine-mark", title: "guillotine" }, "⚔"),
    v.line.length === 0 ? el("span", {}, ctx.t("empty")) : "",
    v.line.map((key, i) => bind(nobleCard(key, ctx, { pos: `#${i + 1}` }), `noble:${i + 1}`, ctx, bound)));

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
        `${p.score} ${ctx.t("score")} · ${p.hand_size} ${ctx.t("cards")}`)),
      p.has_hidden_support ? el("div", { class: "meta" }, `${ctx.t("hidden")}: ${p.hidden_support ? ctx.pick(ctx.catalog.actions[p.hidden_support]) : "?"}`) : "",
      p.rush_job ? el("div", { class: "meta" }, ctx.t("rush")) : "",
      p.confusion ? el("div", { class: "meta" }, ctx.t("confusion")) : "",
      el("div", { class: "zone-title" }, ctx.t("pile")),
      el("div", { class: "row" }, p.pile.map((key, i) => {
        const card = nobleCard(key, ctx, {});
        card.classList.add("small");
        return (kind === "pile" || kind === "pile_back") && d.target === p.seat ? bind(card, `pile:${i + 1}`, ctx, bound) : card;
      })),
      p.front.length ? el("div", { class: "zone-title" }, ctx.t("inFront")) : "",
      el("div", { class: "row" }, p.front.map((key) => {
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
    el("summary", { class: "zone-title" }, `${ctx.t("discard")} (${v.action_discard.length})`),
    el("div", { class: "row" }, [...new Set(v.action_discard)].map((key) =>
      kind === "take" ? bind(actionCard(key, ctx, true), `card:${key}`, ctx, bound) : actionCard(key, ctx, true))));

  // Everything still unbound is a button (play no card, a distance, ...).
  const buttons = otherChoices(ctx, bound);

  root.replaceChildren(el("section", {}, head, el("div", { class: "zone-title" }, ctx.t("line")), line, ...extras,
    buttons.length ? el("div", { class: "choices", id: "choices" }, buttons) : "", hand),
  el("section", { id: "players" }, players), el("section", {}, discard));
}
