import { el, getLang, pick, setLang, t } from "/static/i18n.js";

let lang = getLang();
let gamesList = [];

async function api(path, options = {}) {
  const res = await fetch(path, { headers: { "Content-Type": "application/json" }, ...options });
  const body = await res.json();
  if (!res.ok) throw new Error(pick(body.message, lang) || res.statusText);
  return body;
}

// "Seat 1" / 「玩家1」, and a colon in the reader's language.
const seatLabel = (i) => (lang === "zh-TW" ? `${t("seat", lang)}${i + 1}` : `${t("seat", lang)} ${i + 1}`);
const colon = () => (lang === "zh-TW" ? "：" : ": ");

function optionLabel(game, name) {
  return pick((game.option_labels || {})[name], lang) || name;
}

function renderForm() {
  const box = document.getElementById("new-table");
  box.replaceChildren();
  const gameSel = el("select", { id: "game" },
    gamesList.map((g) => el("option", { value: g.id }, pick(g.title, lang))));
  const playersSel = el("select", { id: "players" });
  const seatsBox = el("div", { id: "seats" });
  const optionsBox = el("div", { id: "options" });
  const seedInput = el("input", { id: "seed", type: "number", min: "0" });
  const errorBox = el("div", { class: "error-bar", hidden: true });

  function fillPlayers() {
    const g = gamesList.find((x) => x.id === gameSel.value);
    playersSel.replaceChildren(...Array.from({ length: g.max_players - g.min_players + 1 },
      (_, i) => el("option", { value: g.min_players + i }, g.min_players + i)));
    playersSel.value = Math.min(4, g.max_players);
    optionsBox.replaceChildren(...Object.entries(g.options).map(([name, value]) =>
      typeof value === "boolean"
        ? el("label", {}, el("input", { type: "checkbox", "data-option": name, checked: value }), optionLabel(g, name))
        : el("label", {}, optionLabel(g, name), el("input", { "data-option": name, value }))));
    fillSeats();
  }
  function fillSeats() {
    const g = gamesList.find((x) => x.id === gameSel.value);
    const n = Number(playersSel.value);
    seatsBox.replaceChildren(...Array.from({ length: n }, (_, i) => el("label", {},
      seatLabel(i),
      el("select", { "data-seat": i },
        ["human", ...g.bots].map((k) => el("option", { value: k, selected: (i === 0) === (k === "human") && (i === 0 || k === "greedy") }, t(k, lang)))),
      el("input", { "data-name": i, placeholder: t("name", lang), size: 10 }))));
  }
  const lastGame = localStorage.getItem("noblesse.game");  // the game chosen last time
  if (gamesList.some((g) => g.id === lastGame)) gameSel.value = lastGame;
  gameSel.addEventListener("change", () => {
    localStorage.setItem("noblesse.game", gameSel.value);
    fillPlayers();
  });
  playersSel.addEventListener("change", fillSeats);

  const create = el("button", { class: "primary", id: "create", onclick: async () => {
    errorBox.hidden = true;
    const seats = [...seatsBox.querySelectorAll("select[data-seat]")].map((s) => s.value);
    const names = [...seatsBox.querySelectorAll("input[data-name]")].map((s) => s.value.trim());
    const options = {};
    for (const input of optionsBox.querySelectorAll("[data-option]")) {
      const g = gamesList.find((x) => x.id === gameSel.value);
      const kind = typeof g.options[input.dataset.option];
      options[input.dataset.option] = input.type === "checkbox" ? input.checked
        : kind === "number" ? Number(input.value) : input.value;
    }
    const body = { game: gameSel.value, seats, names, options };
    if (seedInput.value !== "") body.seed = Number(seedInput.value);
    try {
      const table = await api("/api/tables", { method: "POST", body: JSON.stringify(body) });
      localStorage.setItem(`noblesse.host.${table.id}`, table.host_token);
      showCreated(table);
      loadTables();
    } catch (err) {
      errorBox.textContent = `${t("error", lang)}${colon()}${err.message}`;
      errorBox.hidden = false;
    }
  } }, t("create", lang));

  box.append(el("h2", {}, t("newTable", lang)),
    el("label", {}, t("game", lang), gameSel), el("label", {}, t("players", lang), playersSel),
    seatsBox, el("div", {}, el("span", { class: "zone-title" }, t("options", lang)), optionsBox),
    el("label", {}, t("seed", lang), seedInput), el("div", {}, create), errorBox);
  fillPlayers();
}

function showCreated(table) {
  const box = document.getElementById("created");
  box.hidden = false;
  const abs = (p) => new URL(p, location.origin).href;
  box.replaceChildren(el("h2", {}, t("links", lang)),
    el("div", { class: "links" },
      table.seats.filter((s) => s.link).map((s) => el("p", {},
        `${seatLabel(s.seat)}${colon()}`, el("a", { href: s.link, class: "seat-link", "data-seat": s.seat }, t("play", lang)),
        " ", el("code", {}, abs(s.link)))),
      el("p", {}, `${t("watch", lang)}${colon()}`, el("a", { href: table.watch_link }, abs(table.watch_link))),
      el("p", {}, `${t("hostLink", lang)}${colon()}`, el("code", {}, abs(table.host_link)))));
}

async function loadTables() {
  const box = document.getElementById("tables");
  const data = await api("/api/tables");
  const title = (id) => pick((gamesList.find((g) => g.id === id) || { title: id }).title, lang);
  const sep = lang === "zh-TW" ? "、" : ", ";
  const keep = { style: "white-space: nowrap" };
  const rows = (list, finished) => list.length === 0 ? el("p", {}, t("noTables", lang)) :
    el("table", { class: "list" },
      el("tr", {}, ["game", "seats", "moves", ...(finished ? ["scores"] : []), null]
        .map((k) => el("th", keep, k ? t(k, lang) : ""))),
      list.map((r) => el("tr", {},
        el("td", keep, title(r.game)),
        el("td", {}, r.seats.map((s, i) => [i ? sep : "", el("span", keep, t(s.kind.split(":")[0], lang))]).flat()),
        el("td", {}, `${r.actions}`),
        finished ? el("td", {}, r.result ? r.result.scores.join(sep) : "") : null,
        el("td", keep, el("a", { href: finished ? `/table/${r.id}?replay=1` : `/table/${r.id}` },
          finished ? t("replay", lang) : t("watch", lang))))));
  box.replaceChildren(el("h2", {}, t("openTables", lang)), rows(data.open, false),
    el("h2", {}, t("finishedTables", lang)), rows(data.finished, true));
}

function renderAll() {
  document.getElementById("lang-toggle").textContent = t("language", lang);
  document.getElementById("brand").textContent = t("title", lang);
  renderForm();
  loadTables();
}

document.getElementById("lang-toggle").addEventListener("click", () => {
  lang = lang === "en" ? "zh-TW" : "en";
  setLang(lang);
  renderAll();
});

setLang(lang);
gamesList = await api("/api/games");
renderAll();
