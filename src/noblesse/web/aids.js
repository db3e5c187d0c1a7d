// The player aid of a table's game (issue #19): a drawer opened from the header with what
// a player looks up during play, all read from the game's rules file and catalog
// (/api/games/{game}/rules, its "aid" parts; core/rules_page.py): Heads of State what each
// rank needs, Fief the turn's phases with the current one marked, the price list and how
// a battle is fought, the other games their scoring. Passages the table's options change
// read as the table plays them (as on the rules page).
import { el, pick } from "/static/i18n.js";
import { blocks, changedBy } from "/static/prose.js";

const WORDS = {
  en: { aid: "Player aid", aidOf: "Player aid: what you look up during play", close: "Close",
    now: "now", needs: "Needs", changed: "changed for this table", yes: "yes", no: "no", none: "none" },
  "zh-TW": { aid: "提示卡", aidOf: "玩家提示卡：遊戲中常查的規則", close: "關閉",
    now: "目前階段", needs: "需要", changed: "本桌改變了這項設定", yes: "是", no: "否", none: "無" },
};
const words = (lang) => WORDS[lang] || WORDS.en;

let page = null;        // the game's rules page (its aid parts), once loaded
let tableOptions = null;
let loading = null;
let last = { lang: "", phase: "", game: "" };
let ctxNow = null;

function load(game, tableId) {
  if (!loading) {
    loading = (async () => {
      const res = await fetch(`/api/games/${encodeURIComponent(game)}/rules`);
      page = res.ok ? await res.json() : null;
      const opts = await fetch(`/api/tables/${encodeURIComponent(tableId)}/options`);
      if (opts.ok) tableOptions = (await opts.json()).options;
      last = { lang: "", phase: "", game: "" };
      if (ctxNow) drawAid(ctxNow);
    })();
  }
  return loading;
}

function value(v, lang) {
  const w = words(lang);
  if (v === true) return w.yes;
  if (v === false) return w.no;
  if (Array.isArray(v)) return v.join(lang === "zh-TW" ? "、" : ", ");
  if (v === "" || v == null) return w.none;
  return String(v);
}

function entriesPart(part, lang) {
  const zh = lang === "zh-TW";
  return el("ul", { class: "aid-entries" }, part.entries.map((e) => el("li", { class: "aid-entry", "data-key": e.key },
    el("div", { class: "aid-entry-head" },
      el("strong", { class: "aid-name" }, pick(e.name, lang)),
      pick(e.badge, lang) ? el("span", { class: "aid-badge", "data-value": e.value ?? "" }, pick(e.badge, lang)) : ""),
    e.list ? el("div", { class: "aid-list" }, `${words(lang).needs}${zh ? "：" : ": "}`,
      e.list[lang].map((name, i) => el("span", { class: "aid-chip", "data-key": e.list.keys[i] }, name))) : "",
    pick(e.facts, lang) ? el("div", { class: "aid-facts" }, pick(e.facts, lang)) : "")));
}

function phasesPart(part, lang, phase, changes) {
  const w = words(lang);
  return el("ol", { class: "aid-phases" }, part.entries.map((e) => {
    const current = e.phases.includes(phase);
    return el("li", { class: `aid-phase${current ? " aid-current" : ""}`, "data-phases": e.phases.join(" "),
      "aria-current": current ? "step" : null },
    el("details", { open: current ? true : null },
      el("summary", {}, el("strong", {}, pick(e.name, lang)), current ? el("span", { class: "aid-now" }, w.now) : ""),
      blocks(e.blocks[lang] || e.blocks.en, changes, w.changed)));
  }));
}

function drawPanel(panel, ctx) {
  const { lang } = ctx;
  const w = words(lang);
  const phase = ctx.msg && ctx.msg.view ? ctx.msg.view.phase || "" : "";
  const changes = (section) => (section ? changedBy(page, section, tableOptions, lang, (v) => value(v, lang)) : []);
  const parts = page.aid.map((part) => el("section", { class: "aid-part", "data-part": part.key, "data-kind": part.kind },
    el("h3", {}, pick(part.title, lang)),
    pick(part.intro, lang) ? el("p", { class: "aid-intro" }, pick(part.intro, lang)) : "",
    part.kind === "entries" ? entriesPart(part, lang)
      : part.kind === "phases" ? phasesPart(part, lang, phase, changes(part.section))
        : blocks(part.blocks[lang] || part.blocks.en, changes(part.section), w.changed)));
  panel.setAttribute("aria-label", w.aidOf);
  panel.replaceChildren(
    el("div", { class: "aid-head" }, el("h2", {}, `${w.aid} · ${pick(page.title, lang)}`),
      el("button", { id: "aid-close", type: "button", onclick: () => toggle(false) }, w.close)),
    ...parts);
  panel.dataset.phase = phase;
}

function toggle(open) {
  const panel = document.getElementById("aid-panel");
  const button = document.getElementById("aid-button");
  if (!panel || !button) return;
  panel.hidden = !open;
  button.setAttribute("aria-expanded", open ? "true" : "false");
  if (open) {
    last = { lang: "", phase: "", game: "" };
    if (ctxNow) drawAid(ctxNow);
    document.getElementById("aid-close")?.focus();
  } else {
    button.focus();
  }
}

// The aid's button in the header and its drawer, drawn for the table's state `ctx`
// ({msg, lang, tableId}); called on every render of the table.
export function drawAid(ctx) {
  ctxNow = ctx;
  if (!ctx.msg || !ctx.msg.game) return;
  const w = words(ctx.lang);
  let button = document.getElementById("aid-button");
  if (!button) {
    button = el("button", { id: "aid-button", class: "aid-button", type: "button", "aria-controls": "aid-panel",
      "aria-expanded": "false", onclick: () => toggle(document.getElementById("aid-panel").hidden) });
    document.getElementById("rules-link").before(button);
    const panel = el("div", { id: "aid-panel", class: "aid-panel", role: "dialog", hidden: true,
      onkeydown: (ev) => { if (ev.key === "Escape") toggle(false); } });
    document.body.append(panel);
  }
  button.textContent = w.aid;
  button.title = w.aidOf;
  if (!page) { load(ctx.msg.game, ctx.tableId); button.hidden = true; return; }
  button.hidden = !page.aid || !page.aid.length;
  const panel = document.getElementById("aid-panel");
  const phase = ctx.msg.view ? ctx.msg.view.phase || "" : "";
  if (panel.hidden || (last.lang === ctx.lang && last.phase === phase && last.game === ctx.msg.game)) return;
  last = { lang: ctx.lang, phase, game: ctx.msg.game };
  drawPanel(panel, ctx);
  document.body.dataset.aid = "drawn";  // for tests
}
