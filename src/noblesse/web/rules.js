// The rules page of one game (/rules/{game}, ?table=ID from a table): the game's rules
// for players, every card of its catalog with its text, the house rules (the readings
// its data file settles) and the options a table sets, in English and 繁體中文.
import { el, getLang, pick, setLang, t } from "/static/i18n.js";
import { blocks, changedBy } from "/static/prose.js";

const TEXT = {
  en: {
    rules: "Rules", contents: "Contents", cards: "Every card", house: "House rules",
    options: "Table options", yes: "yes", no: "no", none: "none",
    houseIntro: "Where the rulebooks are silent, this table plays these readings (they are set in the game's data file):",
    optionsTable: "This table was created with these options:",
    optionsLobby: "A table chooses these options when it is created (the rulebook's reading is the default):",
    noOptions: "This game has no table options: it is played as described above.",
    changed: "changed for this table", byDefault: "default",
    players: "players", unknown: "There are no rules for this game here.",
    table: "Table", watch: "watch it",
  },
  "zh-TW": {
    rules: "規則", contents: "目錄", cards: "所有的牌", house: "本桌的規則解讀",
    options: "牌桌選項", yes: "是", no: "否", none: "無",
    houseIntro: "規則書沒有說清楚的地方，本桌採用以下解讀（寫在遊戲的資料檔中）：",
    optionsTable: "這張牌桌建立時選擇了以下選項：",
    optionsLobby: "開新牌桌時可以選擇以下選項（預設是規則書的玩法）：",
    noOptions: "這個遊戲沒有牌桌選項，照上面的規則進行。",
    changed: "本桌改變了這項設定", byDefault: "預設",
    players: "人", unknown: "這裡沒有這個遊戲的規則。",
    table: "牌桌", watch: "旁觀",
  },
};

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const params = new URLSearchParams(location.search);
const tableId = params.get("table");
let lang = getLang();
let page = null;
let tableInfo = null;

const say = (key) => (TEXT[lang] && TEXT[lang][key]) || TEXT.en[key] || key;
const zh = () => lang === "zh-TW";

const changes = (section) => changedBy(page, section, tableInfo ? tableInfo.options : null, lang, value);

function value(v) {
  if (v === true) return say("yes");
  if (v === false) return say("no");
  if (Array.isArray(v)) return v.join(zh() ? "、" : ", ");
  if (v === "" || v == null) return say("none");
  return String(v);
}

// Cards with the same text (Fief's lords, Guillotine's Lady and Lord) share one box, where
// the first of them stands.
function folded(entries) {
  const boxes = new Map();
  entries.forEach((e, i) => {
    const text = pick(e.text, lang);
    const key = text ? JSON.stringify([text, pick(e.badge, lang), pick(e.facts, lang), e.colour]) : `#${i}`;
    if (!boxes.has(key)) boxes.set(key, []);
    boxes.get(key).push(e);
  });
  return [...boxes.values()];
}

function cardGroup(group) {
  const sep = zh() ? "、" : " · ";
  return el("section", { class: "rules-group", id: `cards-${group.group}`, "data-group": group.group },
    el("h3", {}, pick(group.title, lang)),
    pick(group.intro, lang) ? el("p", { class: "rules-intro" }, pick(group.intro, lang)) : "",
    el("div", { class: "rules-cards" }, folded(group.entries).map((box) => el("div", { class: "rules-card", "data-colour": box[0].colour || null },
      el("div", { class: "rules-card-head" },
        el("span", {}, box.map((e, i) => [i ? sep : "", el("strong", { class: "rules-card-name", "data-card": e.key },
          pick(e.name, lang))]).flat()),
        pick(box[0].badge, lang) ? el("span", { class: "rules-card-badge" }, pick(box[0].badge, lang)) : ""),
      pick(box[0].facts, lang) ? el("p", { class: "rules-card-facts" }, pick(box[0].facts, lang)) : "",
      pick(box[0].text, lang) ? el("p", { class: "rules-card-text" }, pick(box[0].text, lang)) : ""))));
}

function house() {
  const rows = page.assumed.filter((a) => pick(a.text, lang));
  return el("section", { id: "house", class: "rules-section" },
    el("h2", {}, say("house")),
    el("p", {}, say("houseIntro")),
    el("dl", { class: "rules-readings" }, rows.flatMap((a) => [
      el("dt", { "data-reading": a.key }, pick(a.text, lang)),
      el("dd", {}, value(a.value))])));
}

function options() {
  const names = Object.keys(page.options);
  const label = (name) => pick((page.option_labels || {})[name], lang) || name;
  const set = tableInfo ? tableInfo.options : page.options;
  const keys = tableInfo ? [...new Set([...names, ...Object.keys(set)])] : names;
  return el("section", { id: "options", class: "rules-section" },
    el("h2", {}, say("options")),
    tableInfo ? el("p", { id: "options-table" }, `${say("table")} `, el("code", {}, tableInfo.table),
      zh() ? "：" : ": ", el("a", { href: `/table/${tableInfo.table}` }, say("watch"))) : "",
    keys.length === 0 ? el("p", {}, say("noOptions")) : [
      el("p", {}, say(tableInfo ? "optionsTable" : "optionsLobby")),
      el("dl", { class: "rules-readings", id: "options-list" }, keys.flatMap((name) => {
        const changed = tableInfo && name in page.options && set[name] !== page.options[name];
        return [el("dt", { "data-option": name, class: changed ? "changed" : null }, label(name)),
          el("dd", {}, value(set[name]), changed ? el("small", {}, ` (${say("changed")})`) : "")];
      }))]);
}

function render() {
  document.documentElement.lang = lang;
  document.getElementById("lang-toggle").textContent = t("language", lang);
  const body = document.getElementById("rules-body");
  const toc = document.getElementById("rules-toc");
  if (!page) {
    document.getElementById("rules-title").textContent = ` · ${say("rules")}`;
    toc.replaceChildren();
    body.replaceChildren(el("p", { class: "error-bar" }, say("unknown")));
    return;
  }
  const title = pick(page.title, lang);
  document.title = `${title} · ${say("rules")} · noblesse`;
  document.getElementById("rules-title").textContent = ` · ${title} · ${say("rules")}`;
  const parts = [...page.sections.map((s) => [s.key, pick(s.title, lang)]),
    ["cards", say("cards")], ["house", say("house")], ["options", say("options")]];
  const [low, high] = page.players;
  document.getElementById("rules-head").replaceChildren(
    el("h1", { id: "rules-heading" }, title),
    el("p", { class: "rules-players" }, zh() ? `${low}-${high}${say("players")}` : `${low}-${high} ${say("players")}`));
  toc.replaceChildren(el("strong", {}, say("contents")),
    el("ol", {}, parts.map(([key, name]) => el("li", {}, el("a", { href: `#${key}` }, name)))));
  body.replaceChildren(
    ...page.sections.map((s) => el("section", { id: s.key, class: "rules-section" },
      el("h2", {}, pick(s.title, lang)), blocks(s.blocks[lang] || s.blocks.en, changes(s.key), say("changed")))),
    el("section", { id: "cards", class: "rules-section" }, el("h2", {}, say("cards")), page.cards.map(cardGroup)),
    house(), options());
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}

document.getElementById("lang-toggle").addEventListener("click", () => {
  lang = lang === "en" ? "zh-TW" : "en";
  setLang(lang);
  render();
});

setLang(lang);
const res = await fetch(`/api/games/${encodeURIComponent(gameId)}/rules`);
page = res.ok ? await res.json() : null;
if (page && tableId) {
  const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}/options`);
  if (answer.ok) tableInfo = await answer.json();
  if (tableInfo && tableInfo.game !== page.game) tableInfo = null;  // another game's table
}
render();
document.body.dataset.ready = "1";  // drawn (for tests)
