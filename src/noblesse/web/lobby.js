import {
  BOT_SPEEDS, el, getLang, pick, policyLabel, seatKindLabel, seatLabel, setLang, t,
} from "/static/i18n.js";

let lang = getLang();
let gamesList = [];

async function api(path, options = {}) {
  const res = await fetch(path, { headers: { "Content-Type": "application/json" }, ...options });
  const body = await res.json();
  if (!res.ok) throw new Error(pick(body.message, lang) || res.statusText);
  return body;
}

// A colon in the reader's language.
const colon = () => (lang === "zh-TW" ? "：" : ": ");

// Two lines on each game, in both languages.
const ABOUT = {
  guillotine: {
    en: ["Paris during the Revolution: nobles queue for the guillotine, and the players take turns collecting the one at the front.",
      "Play an action card first to reorder the line; after 3 days the most points win."],
    "zh-TW": ["大革命時的巴黎：人物排隊走上斷頭臺，玩家輪流處決隊列最前面的人物。",
      "處決前可以先打出行動牌改變隊列順序；3天後分數最高的玩家獲勝。"],
  },
  ruse_and_bruise: {
    en: ["Play characters face down at the end of rows of score cards; each new card reveals the one it covers, whose power acts at once.",
      "When every row is full, the strongest characters take the score cards; the most points win."],
    "zh-TW": ["把角色牌蓋著打在各列的末端；新打出的牌會翻開它蓋住的牌，翻開的角色能力立刻生效。",
      "每列都滿了就計分，最強的角色拿走分數卡；總分最高的玩家獲勝。"],
  },
  heads_of_state: {
    en: ["The noble houses of Europe until 1789: take attribute cards and spend them to ennoble your nobles in its cities.",
      "Treachery cards strike at rivals; majorities score at the end of each century."],
    "zh-TW": ["到1789年為止的歐洲貴族世家：拿取屬性牌，用來在各城市冊封你的貴族。",
      "背叛牌可以打擊對手；每個世紀結束時依多數計分。"],
  },
  conflicting_legends: {
    en: ["Legends of history meet in rock-paper-scissors throws to win territories on six continents.",
      "Build military, culture and technology; the first to 10 glory or to conquer all six continents wins."],
    "zh-TW": ["歷史上的偉人以猜拳對決，爭奪六大洲的領土。",
      "建設武力、文化和科技；率先累計10分榮耀或征服六大洲的玩家獲勝。"],
  },
  fief: {
    en: ["France, 1429: the lords and ladies of your family marry, buy villages and raise troops to take fiefs and bishoprics.",
      "Make alliances, win the crown or the papacy; the family with the most victory points wins."],
    "zh-TW": ["1429年的法國：你家族的貴族聯姻、購買村莊、招募部隊，奪取封地和教區。",
      "結盟、稱王或當選教宗；勝利點數最多的家族獲勝。"],
  },
};

// How long a game lasts (shared/specs: the publishers' and reviewers' figures).
const LENGTH = {
  guillotine: { en: "about 30 minutes", "zh-TW": "約30分鐘" },
  ruse_and_bruise: { en: "about 30 minutes", "zh-TW": "約30分鐘" },
  heads_of_state: { en: "90–120 minutes", "zh-TW": "90-120分鐘" },
  conflicting_legends: { en: "30–50 minutes", "zh-TW": "30-50分鐘" },
  fief: { en: "2–3 hours", "zh-TW": "2-3小時" },
};

// "2–5 players · about 30 minutes" / 「2-5名玩家 · 約30分鐘」
function facts(g) {
  const players = lang === "zh-TW" ? `${g.min_players}-${g.max_players}名玩家` : `${g.min_players}–${g.max_players} players`;
  return [players, LENGTH[g.id] ? pick(LENGTH[g.id], lang) : ""].filter(Boolean).join(" · ");
}

// The tables whose seat links this browser opened (table.js keeps them).
function myTables() {
  try {
    const list = JSON.parse(localStorage.getItem("noblesse.mine") || "[]");
    return Array.isArray(list) ? list.filter((e) => e && e.id && e.link) : [];
  } catch (err) {
    return [];
  }
}

async function loadMine() {
  const box = document.getElementById("mine");
  const list = myTables();
  box.hidden = list.length === 0;
  if (!list.length) { box.replaceChildren(); return; }
  const title = (id) => pick((gamesList.find((g) => g.id === id) || { title: id }).title, lang);
  const stateText = { turn: "stateTurn", waiting: "stateWaiting", over: "stateOver", gone: "stateGone" };
  const cells = list.map(() => el("td", { class: "mine-state" }, "…"));
  const draw = (i, state) => {
    cells[i].replaceChildren(state === "turn" ? el("strong", {}, t(stateText[state], lang)) : t(stateText[state] || "stateWaiting", lang));
    cells[i].dataset.state = state;
  };
  list.forEach((e, i) => draw(i, e.state || "waiting"));
  box.replaceChildren(el("h2", {}, t("myTables", lang)),
    el("table", { class: "list", id: "mine-list" },
      el("tr", {}, ["game", "seat", "state", null].map((k) => el("th", { scope: "col" }, k ? t(k, lang) : ""))),
      list.map((e, i) => el("tr", { "data-table": e.id, "data-seat": e.seat },
        el("td", { class: "game-cell" }, emblem(e.game, 24), title(e.game)), el("td", {}, seatLabel(e.seat, lang)), cells[i],
        el("td", {}, el("a", { href: e.link, class: "mine-link" }, t("back", lang)))))));
  // Their state now, from the table's public state.
  await Promise.all(list.map(async (e, i) => {
    try {
      const res = await fetch(`/api/tables/${e.id}/watch`);
      if (res.status === 404) { draw(i, "gone"); return; }
      if (!res.ok) return;
      const w = await res.json();
      draw(i, w.over ? "over" : (w.to_act || []).includes(e.seat) ? "turn" : "waiting");
    } catch (err) { /* keep the last known state */ }
  }));
}

// Each game's emblem (web/emblems/, drawn for noblesse), beside its name.
const emblem = (id, size) => el("img", { class: "emblem", src: `/static/emblems/${id}.svg`, alt: "",
  width: size, height: size, "data-game": id });

// Take an open seat of a listed table: the server gives its link to this browser alone,
// once; the table page keeps it in "My tables".
let joinError = null;  // why the last join was refused ({en, zh-TW}), shown above the list
async function joinSeat(tableId, seat) {
  const res = await fetch(`/api/tables/${tableId}/seats/${seat}/join`, { method: "POST" });
  const body = await res.json();
  if (res.ok) { location.href = body.link; return; }
  joinError = body.message || { en: res.statusText, "zh-TW": res.statusText };
  loadTables();
}

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
  const numbersBox = el("span", { id: "number-options" });  // beside the player count
  const speedSel = el("select", { id: "bot-speed", "aria-describedby": "bot-speed-about" },
    BOT_SPEEDS.map(([value, key]) => el("option", { value }, t(key, lang))));
  speedSel.value = BOT_SPEEDS.some(([v]) => v === localStorage.getItem("noblesse.botSpeed"))
    ? localStorage.getItem("noblesse.botSpeed") : "normal";
  speedSel.addEventListener("change", () => localStorage.setItem("noblesse.botSpeed", speedSel.value));
  const speedBox = el("div", { id: "bot-speed-box" }, el("label", {}, t("botSpeed", lang), speedSel),
    el("p", { id: "bot-speed-about", class: "about" }, t("botSpeedAbout", lang)));
  // shown while a seat is a bot's
  const showSpeed = () => {
    speedBox.hidden = ![...seatsBox.querySelectorAll("select[data-seat]")].some((s) => !["human", "open"].includes(s.value));
  };
  seatsBox.addEventListener("change", showSpeed);
  const seedInput = el("input", { id: "seed", type: "number", min: "0" });
  const errorBox = el("div", { class: "error-bar", hidden: true });
  const aboutBox = el("div", { id: "about", class: "about" });
  const optionsTitle = el("div", { class: "zone-title" }, t("options", lang));
  const rulesLink = el("a", { id: "rules-link", class: "rules-link" }, t("rules", lang));  // the chosen game's rules

  function fillPlayers() {
    const g = gamesList.find((x) => x.id === gameSel.value);
    playersSel.replaceChildren(...Array.from({ length: g.max_players - g.min_players + 1 },
      (_, i) => el("option", { value: g.min_players + i }, g.min_players + i)));
    playersSel.value = Math.min(4, g.max_players);
    // Numbers (Fief's turn limit) beside the player count; the rule switches folded under "Advanced rules".
    const entries = Object.entries(g.options);
    const plain = entries.filter(([, v]) => typeof v !== "boolean").map(([name, value]) =>
      el("label", {}, optionLabel(g, name), el("input", { "data-option": name, value, type: typeof value === "number" ? "number" : "text", min: typeof value === "number" ? "0" : null })));
    const switches = entries.filter(([, v]) => typeof v === "boolean").map(([name, value]) =>
      el("label", { class: "switch" }, el("input", { type: "checkbox", "data-option": name, checked: value }), optionLabel(g, name)));
    numbersBox.replaceChildren(...plain);
    optionsBox.replaceChildren(switches.length
      ? el("details", { id: "advanced" }, el("summary", {}, lang === "zh-TW" ? `${t("advanced", lang)}（${switches.length}）`
        : `${t("advanced", lang)} (${switches.length})`),
        el("div", { class: "switches" }, switches))
      : "");
    optionsTitle.hidden = switches.length === 0;
    rulesLink.href = `/rules/${g.id}`;
    rulesLink.dataset.game = g.id;
    const about = ABOUT[g.id] && (ABOUT[g.id][lang] || ABOUT[g.id].en);
    aboutBox.replaceChildren(emblem(g.id, 56), el("div", {}, ...(about ? about.map((line) => el("p", {}, line)) : []),
      el("div", { class: "facts", id: "facts" }, facts(g))));
    fillSeats();
  }
  // A seat is a person, a bot of a level (easy, normal, hard) or a trained policy the
  // server offers for this game, each described in a line.
  function fillSeats() {
    const g = gamesList.find((x) => x.id === gameSel.value);
    const n = Number(playersSel.value);
    const levels = [...(g.levels || []), ...(g.policies || [])];
    const about = Object.fromEntries(levels.map((l) => [l.id, pick(l.about, lang)]));
    const names = Object.fromEntries((g.policies || []).map((p) => [p.id, policyLabel(p.name, lang)]));
    const label = (k) => names[k] || t(k, lang);
    const kinds = ["human", ...(levels.length ? levels.map((l) => l.id) : g.bots), "open"];
    seatsBox.replaceChildren(...Array.from({ length: n }, (_, i) => el("label", {},
      seatLabel(i, lang),
      el("select", { "data-seat": i },
        kinds.map((k) => el("option", { value: k, title: about[k] || null, selected: (i === 0) === (k === "human") && (i === 0 || k === "normal") }, label(k)))),
      el("input", { "data-name": i, placeholder: t("name", lang), size: 10 }))),
    levels.length ? el("div", { id: "levels", class: "about" },
      levels.map((l) => el("p", { "data-level": l.id }, el("strong", {}, label(l.id)), `${colon()}${about[l.id]}`))) : "");
    showSpeed();
  }
  const lastGame = localStorage.getItem("noblesse.game");  // the game chosen last time
  if (gamesList.some((g) => g.id === lastGame)) gameSel.value = lastGame;
  else if (gamesList.some((g) => g.id === "guillotine")) gameSel.value = "guillotine";
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
    for (const input of box.querySelectorAll("[data-option]")) {
      const g = gamesList.find((x) => x.id === gameSel.value);
      const kind = typeof g.options[input.dataset.option];
      options[input.dataset.option] = input.type === "checkbox" ? input.checked
        : kind === "number" ? Number(input.value) : input.value;
    }
    const body = { game: gameSel.value, seats, names, options, bot_speed: speedSel.value };
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
    el("label", {}, t("game", lang), gameSel), rulesLink, aboutBox, el("div", { id: "count-row" }, el("label", {}, t("players", lang), playersSel), numbersBox),
    seatsBox, speedBox, el("div", {}, optionsTitle, optionsBox),
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
        `${seatLabel(s.seat, lang)}${colon()}`, el("a", { href: s.link, class: "seat-link", "data-seat": s.seat }, t("play", lang)),
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
  const errorBox = el("div", { class: "error-bar", id: "join-error", role: "alert", hidden: !joinError },
    joinError ? `${t("error", lang)}${colon()}${pick(joinError, lang)}` : "");
  // the open seats of a table in play, each a button that takes it
  const freeSeats = (r) => {
    const open = r.seats.map((s, i) => (s.open ? i : null)).filter((i) => i !== null);
    return open.length ? el("td", { class: "free-seats", "data-label": t("freeSeats", lang) }, open.map((i) => el("button", {
      class: "join", "data-table": r.id, "data-seat": i, onclick: () => joinSeat(r.id, i),
    }, `${t("join", lang)}${lang === "zh-TW" ? "" : " "}${seatLabel(i, lang)}`))) : el("td", {}, "");
  };
  const rows = (list, finished) => list.length === 0 ? el("p", {}, t("noTables", lang)) :
    el("table", { class: "list" },
      el("tr", {}, ["game", "seats", ...(finished ? [] : ["freeSeats"]), "moves", ...(finished ? ["scores"] : []), null]
        .map((k) => el("th", keep, k ? t(k, lang) : ""))),
      list.map((r) => el("tr", { "data-table": r.id },
        el("td", { ...keep, class: "game-cell" }, emblem(r.game, 24), title(r.game)),
        el("td", { "data-label": t("seats", lang) }, r.seats.map((s, i) => [i ? sep : "",
          el("span", keep, s.open ? t("openSeat", lang) : seatKindLabel(s.kind, lang))]).flat()),
        finished ? null : freeSeats(r),
        el("td", { "data-label": t("moves", lang) }, `${r.actions}`),
        finished ? el("td", { "data-label": t("scores", lang) }, r.result ? r.result.scores.join(sep) : "") : null,
        el("td", { ...keep, class: "watch-cell" }, el("a", { href: finished ? `/table/${r.id}?replay=1` : `/table/${r.id}` },
          finished ? t("replay", lang) : t("watch", lang))))));
  box.replaceChildren(el("h2", {}, t("openTables", lang)), errorBox, rows(data.open, false),
    el("h2", {}, t("finishedTables", lang)), rows(data.finished, true));
}

function renderAll() {
  document.getElementById("lang-toggle").textContent = t("language", lang);
  document.getElementById("brand").textContent = t("title", lang);
  renderForm();
  loadMine();
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
