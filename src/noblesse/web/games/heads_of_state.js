// Heads of State's table: the four countries with their boxes and spaces, the
// attribute and treachery displays, the players with their markers and noble
// cards, your hands. Every legal action is something to click: an empty space to
// ennoble, a rival's noble to assassinate, a displayed card or a deck to take
// from, a card of yours to discard or to play; the rest (the option, how to pay,
// end the turn) are buttons.
import { bind, otherChoices, thing, withHelp } from "/static/board.js";
import { el } from "/static/i18n.js";

const SEAT_COLOURS = ["#c62828", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a"];
const ATTR_COLOURS = {
  gold: "#8a6d12", land: "#55702f", troops: "#8d3b2f", title: "#5b4a9e", castle: "#6d6d6d",
  duelling: "#a33b6b", bishop: "#2f5f8d", marriage: "#a8455f", courtesan: "#111",
};

function attrCard(key, ctx, count = 1) {
  const a = ctx.catalog.attributes[key];
  const colour = ATTR_COLOURS[key] || "#555";
  return withHelp(el("div", { class: "card small", "data-card": key, style: `border-color:${colour};min-height:48px;width:84px` },
    el("span", { class: "name", style: `color:${colour}` }, ctx.pick(a)),
    count > 1 ? el("span", { class: "pts" }, `×${count}`) : ""), a.text && ctx.pick(a.text));
}

function treacheryCard(key, ctx, count = 1) {
  const tr = ctx.catalog.treachery[key];
  const where = tr.country ? ctx.pick(ctx.catalog.countries[tr.country]) : (ctx.lang === "zh-TW" ? "任何國家" : "anywhere");
  return withHelp(el("div", { class: "card small action", "data-card": key, style: "min-height:48px;width:84px" },
    el("span", { class: "name" }, ctx.pick(tr)), el("span", { class: "text" }, where),
    count > 1 ? el("span", { class: "pts" }, `×${count}`) : ""), tr.text && ctx.pick(tr.text));
}

// 「屬性牌庫44張」, 「屬性牌庫已空」 (or 「沒有屬性牌」): a count with its counter, never 0張.
function deckZh(name, n, none = "") {
  return n ? `${name}${n}張` : none ? `${none}${name}` : `${name}已空`;
}

function seatDot(seat, ctx) {
  return el("span", { style: `display:inline-block;width:.8em;height:.8em;border-radius:50%;background:${SEAT_COLOURS[seat % 5]};margin-right:.2em` });
}

export function render(root, ctx) {
  const v = ctx.view;
  const zh = ctx.lang === "zh-TW";
  const bound = new Set();
  const cat = ctx.catalog;
  const slotIndex = new Map(cat.slots.map((s, i) => [s.key, i]));
  const dead = {};
  for (const [slot, owner] of v.dead) {
    const box = cat.slots[slotIndex.get(slot)].box;
    (dead[box] = dead[box] || []).push([slot, owner]);
  }

  const head = el("div", { class: "zone-title" },
    zh ? `${v.century}年 · ${deckZh("屬性牌庫", v.attribute_deck)} · ${deckZh("革命牌庫", v.revolution_deck)} · ${deckZh("背叛牌庫", v.treachery_deck)}`
      : `${v.century} · attribute deck ${v.attribute_deck} · revolution deck ${v.revolution_deck} · treachery deck ${v.treachery_deck}`);

  // ---- the board: four countries, their boxes, their spaces
  const centuryIndex = v.centuries.indexOf(v.century);
  const countries = Object.entries(cat.countries).map(([ckey, c]) => {
    const boxes = cat.boxes.filter((b) => b.country === ckey).map((b) => {
      const first = v.initial_markers[b.key];
      const slots = b.slots.map((skey) => {
        const i = slotIndex.get(skey);
        const s = cat.slots[i];
        const owner = v.board[i];
        const rank = ctx.pick(cat.ranks[s.rank]);
        const rankHelp = cat.ranks[s.rank].text ? ctx.pick(cat.ranks[s.rank].text) : "";
        // the space's help: its rank, its influence at century scoring, what the rank needs
        const where = zh ? `${rank}的格子，世紀結束時有${s.influence}點影響力。` : `${rank} space: influence ${s.influence} at century scoring.`;
        const tile = withHelp(el("div", {
          class: "slot", "data-slot": skey, "data-rank": s.rank,
          style: `border:1px solid #8a7452;border-radius:6px;padding:.15rem .35rem;min-width:70px;font-size:.8rem;`
            + (owner === null ? "background:#fffdf7;" : `background:${SEAT_COLOURS[owner % 5]};color:#fff;`),
        }, `${rank}`, owner === null ? "" : el("span", { style: "font-size:.7rem" }, ` ${ctx.seatName(owner)}`)),
        rankHelp ? `${where}${zh ? "" : " "}${rankHelp}` : where);
        thing(tile, rank, owner === null ? (zh ? "空格" : "empty") : zh ? `${ctx.seatName(owner)}的人物` : `held by ${ctx.seatName(owner)}`);
        bind(tile, `ennoble:${skey}`, ctx, bound);
        bind(tile, `assassinate:${skey}`, ctx, bound);
        return tile;
      });
      const graves = (dead[b.key] || []).map(([slot, owner]) =>
        el("span", { title: ctx.pick(cat.ranks[cat.slots[slotIndex.get(slot)].rank]), style: "font-size:.75rem" }, "†", seatDot(owner, ctx)));
      return el("div", {
        class: "box",
        style: `border:${b.capital ? "3px" : "1px"} solid #5d4a2e;border-radius:6px;padding:.25rem;margin:.2rem 0;background:#f7efe0`,
      },
      el("div", { style: "font-size:.8rem;font-weight:bold" }, ctx.pick(b), " ",
        el("span", { style: "font-weight:normal;color:#7a6a55" },
          first === null ? `⬡${b.initial}` : ["⬡", seatDot(first, ctx)])),
      el("div", { class: "row", style: "gap:.25rem" }, slots), graves.length ? el("div", {}, graves) : "");
    });
    const marks = v.century_markers[centuryIndex][ckey];
    const cm = v.country_markers[ckey];
    const [hi, lo] = c.century_markers[centuryIndex];
    const info = el("div", { style: "font-size:.72rem;color:#7a6a55" },
      (zh ? "國家分數標記：" : "country: ") + c.country_marker.map((m, k) => cm[k] !== undefined ? `${m}✓` : `${m}`).join("/"),
      " · ", (zh ? `${v.century}年回合結束分數標記：` : `${v.century}: `), `${hi}/${lo}`, marks ? "✓" : "");
    return el("div", { class: "country", style: "border:1px solid #d8c8a8;border-radius:8px;padding:.4rem;background:#fffaf0" },
      el("div", { style: "font-weight:bold" }, ctx.pick(c)), info, boxes);
  });
  const board = el("div", { id: "board", style: "display:grid;grid-template-columns:repeat(auto-fit,minmax(170px,1fr));gap:.5rem" }, countries);

  // ---- the displays and the decks
  const attrDisplay = el("div", { class: "row", id: "attribute-display" },
    v.attribute_display.map((key) => bind(attrCard(key, ctx), `take:${key}`, ctx, bound)),
    bind(el("div", { class: "card small", style: "min-height:48px;width:72px;background:#e8dcc4" },
      el("span", { class: "name" }, zh ? "屬性牌庫" : "Deck"), el("span", { class: "pts" }, String(v.attribute_deck + v.revolution_deck))),
    "draw", ctx, bound));
  const trDisplay = el("div", { class: "row", id: "treachery-display" },
    v.treachery_display.map((key) => bind(treacheryCard(key, ctx), `take:${key}`, ctx, bound)),
    bind(el("div", { class: "card small action", style: "min-height:48px;width:72px;background:#e8dcc4" },
      el("span", { class: "name" }, zh ? "背叛牌庫" : "Deck"), el("span", { class: "pts" }, String(v.treachery_deck))),
    "draw_treachery", ctx, bound));

  // ---- your hands
  let hand = "";
  if (v.hand) {
    const attrs = Object.entries(v.hand).map(([key, n]) => bind(attrCard(key, ctx, n), `discard:${key}`, ctx, bound));
    const trs = Object.entries(v.treachery_hand).map(([key, n]) => {
      const card = treacheryCard(key, ctx, n);
      bind(card, `with:${key}`, ctx, bound);
      return bind(card, `discard:${key}`, ctx, bound);
    });
    hand = el("div", {}, el("div", { class: "zone-title" }, ctx.t("hand")),
      el("div", { class: "row", id: "hand" }, attrs.length || trs.length ? [...attrs, ...trs] : el("span", {}, ctx.t("empty"))));
  }

  // ---- players
  const players = v.players.map((p) => {
    const sep = zh ? "、" : ", ";
    const times = (name, n) => (n > 1 ? `${name}×${n}` : name);
    const nobles = Object.entries(p.noble_cards).map(([r, n]) => times(ctx.pick(cat.ranks[r]), n)).join(sep);
    const known = Object.entries(p.known_attributes)
      .map(([k, n]) => times(zh ? `「${ctx.pick(cat.attributes[k])}」` : ctx.pick(cat.attributes[k]), n)).join(sep);
    const none = zh ? "無" : "-";
    return el("div", { class: `player${v.player === p.seat && !v.over ? " turn" : ""}`, "data-seat": p.seat },
      el("h3", {}, seatDot(p.seat, ctx), ctx.seatName(p.seat), el("span", { class: "meta" },
        zh ? `${p.score}分 · ${deckZh("屬性牌", p.attribute_count, "沒有")} · ${deckZh("背叛牌", p.treachery_count, "沒有")}`
          : ` ${p.score} pts · ${p.attribute_count} attribute, ${p.treachery_count} treachery`)),
      el("div", { class: "meta" }, (zh ? "分數標記：" : "markers: ") + (p.markers.join(sep) || none)),
      el("div", { class: "meta" }, (zh ? "貴族卡：" : "noble cards: ") + (nobles || none)),
      known ? el("div", { class: "meta" }, (zh ? "已知手牌：" : "seen in hand: ") + known) : "");
  });

  // Everything still unbound is a button (the option, how to pay, end the turn, ...).
  const buttons = otherChoices(ctx, bound, ["end_turn"]);
  const prompt = ctx.msg && ctx.msg.prompt ? el("div", { class: "zone-title" }, ctx.pick(ctx.msg.prompt)) : "";

  root.replaceChildren(
    el("section", {}, head, prompt, buttons.length ? el("div", { class: "choices", id: "choices" }, buttons) : "", hand,
      el("div", { class: "zone-title" }, zh ? "翻開的屬性牌" : "Attribute display"), attrDisplay,
      el("div", { class: "zone-title" }, zh ? "翻開的背叛牌" : "Treachery display"), trDisplay),
    el("section", {}, board),
    el("section", { id: "players" }, players,
      el("div", { class: "meta" }, zh ? `剩下的貴族世家分數標記：${v.noble_house_left.join("、") || "無"}`
        : `noble-house markers left: ${v.noble_house_left.join(", ") || "none"}`)));
}

// The end's score table (follow.js): where a seat's points came from, "initial markers 17 ·
// century markers 60 · most Prince cards +14" / 「最先分數標記17分、國家分數標記6分、親王卡最多+14分」.
export function endDetails(ctx, seat) {
  const p = ctx.view.players && ctx.view.players[seat];
  const e = p && p.end_points;
  if (!e) return null;
  const zh = ctx.lang === "zh-TW";
  const markers = [["initial", "initial markers", "最先分數標記"], ["country", "country markers", "國家分數標記"],
    ["century", "century markers", "回合結束分數標記"], ["noble_house", "noble house marker", "貴族世家分數標記"]];
  const parts = markers.filter(([key]) => e[key]).map(([key, en, zhName]) => (zh ? `${zhName}${e[key]}分` : `${en} ${e[key]}`));
  for (const [rank, points] of e.majority) {
    const name = ctx.pick(ctx.catalog.ranks[rank]);
    parts.push(zh ? `${name}卡最多+${points}分` : `most ${name} cards +${points}`);
  }
  return parts.length ? parts : null;
}

// The century's summary (follow.js): each country's influence and the markers it gave.
export const summaries = [{ name: "century", start: ["revolution"], end: ["rebuild"], keep: ["influence", "century_marker"],
  title: { en: "The century is over: influence and markers", "zh-TW": "世紀結束：影響力與分數標記" } }];
