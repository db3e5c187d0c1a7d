// The table page: one seat (with its token), a spectator, or a replay of a finished game.
import { BOT_SPEEDS, el, getLang, pick, seatKindLabel, seatLabel, setLang, t } from "/static/i18n.js";
import { applyPatch } from "/static/vendor/fast-json-patch/core.mjs";
import { arrowKeys, fitNames, nameThings } from "/static/board.js";
import { drawAlerts, turnBegan } from "/static/alerts.js";
import { drawAid } from "/static/aids.js";
import { measure, slide } from "/static/motion.js";
import {
  changed, drawLog, endPanel, lastTurn, seatColour, snapshot, startsStep, startsTurn, summaryPanel, withHelp, words,
  youLine,
} from "/static/follow.js";

const params = new URLSearchParams(location.search);
const tableId = location.pathname.split("/").pop();
const seat = params.has("seat") ? Number(params.get("seat")) : null;
const token = params.get("token");
const replayMode = params.get("replay") === "1";
const hostToken = params.get("host") || localStorage.getItem(`noblesse.host.${tableId}`);
if (params.get("host")) localStorage.setItem(`noblesse.host.${tableId}`, params.get("host"));

let lang = getLang();
let msg = null;
let logEntries = [];
let socket = null;
let renderer = null;
let catalog = null;
let replayStep = 0;
let gameInfo = null;     // this table's game, from /api/games (its title in both languages)
let online = false;      // the board takes moves only while the page holds the server's state
let refused = 0;         // this page's link was refused (403 / 404): drawn without a board
let ownBase = null;      // msg.n when this page last acted: the next change is its own move
let errorText = "";      // a string, or {en, zh-TW} picked again when the language changes
let lastMove = null;     // another seat's last change: {n, lines, fresh, carry, keys} (follow.js)

function showError(text) {
  errorText = text || "";
  const bar = document.getElementById("error");
  bar.textContent = pick(errorText, lang);
  bar.hidden = !errorText;
}

function send(obj) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(obj));
}

function act(action) {
  if (!online && !replayMode) return;  // disconnected: the board is greyed out and inert
  showError("");
  ownBase = msg ? msg.n : null;
  send({ type: "act", action });
}

// While disconnected the board is greyed out and takes no clicks nor keys; live again
// once the page holds the server's state anew.
function setOnline(on) {
  online = on;
  const area = document.getElementById("game-area");
  area.classList.toggle("offline", !on);
  area.inert = !on;
  area.setAttribute("aria-busy", on ? "false" : "true");
  document.getElementById("bar-actions").inert = !on && !replayMode;
  document.body.classList.toggle("offline", !on);
  if (msg) renderStatus();
}

// The game's name, and the tab's title and icon, which say when it is your turn.
const gameTitle = () => (gameInfo ? pick(gameInfo.title, lang) : "");
const myTurn = () => !!msg && seat !== null && !msg.over && !replayMode && msg.to_act.includes(seat);
function icon(mine) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${mine ? "#ffb300" : "#2b2118"}"/>`
    + `<path d="M6 24 L8 10 L13 16 L16 7 L19 16 L24 10 L26 24 Z" fill="${mine ? "#8c1c13" : "#f6f1e7"}"/>`
    + (mine ? "<circle cx=\"25\" cy=\"7\" r=\"6\" fill=\"#d32f2f\" stroke=\"#fff\" stroke-width=\"1.5\"/>" : "") + "</svg>";
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
let wasMine = null;       // whether it was this seat's turn when the page last drew (null: not drawn yet)
function updateTitle() {
  const mine = myTurn();
  const name = gameTitle();
  if (mine && wasMine === false) {
    turnBegan(`${t("yourTurn", lang)} · ${name || "noblesse"}`, pick(msg.prompt, lang), `noblesse-${tableId}`);
  }
  if (msg) wasMine = mine;
  document.title = `${mine ? `${t("yourTurn", lang)} · ` : ""}${name ? `${name} · ` : ""}noblesse`;
  const link = document.getElementById("favicon");
  const href = icon(mine);
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
  document.body.dataset.turn = mine ? "mine" : "";
}

// "My tables": the seats whose links this browser opened, for the lobby to list.
const MINE_KEY = "noblesse.mine";
function remember() {
  if (seat === null || !token || replayMode || !msg) return;
  const state = msg.over ? "over" : msg.to_act.includes(seat) ? "turn" : "waiting";
  let list = [];
  try { list = JSON.parse(localStorage.getItem(MINE_KEY) || "[]"); } catch (err) { list = []; }
  if (!Array.isArray(list)) list = [];
  const old = list.find((e) => e.id === tableId && e.seat === seat);
  if (old && old.state === state && old.token === token) return;
  const entry = { id: tableId, game: msg.game || (gameInfo && gameInfo.id), seat, token,
    link: `/table/${tableId}?seat=${seat}&token=${encodeURIComponent(token)}`, state,
    at: old ? old.at : Date.now() };
  list = [entry, ...list.filter((e) => !(e.id === tableId && e.seat === seat))].slice(0, 30);
  localStorage.setItem(MINE_KEY, JSON.stringify(list));
}

// "Copy my link": the seat's link, to open it on another device or after closing this tab.
async function copyLink() {
  const button = document.getElementById("copy-link");
  const url = new URL(`/table/${tableId}?seat=${seat}&token=${encodeURIComponent(token)}`, location.origin).href;
  try {
    await navigator.clipboard.writeText(url);
    button.textContent = `✓ ${t("copied", lang)}`;
    setTimeout(() => { button.textContent = t("copyLink", lang); }, 2000);
  } catch (err) {  // no clipboard here (plain HTTP, or refused): show the link to copy by hand
    const box = document.getElementById("copy-box");
    box.hidden = false;
    const input = el("input", { readonly: true, value: url, size: 40, "aria-label": t("copyLink", lang) });
    box.replaceChildren(t("copyHere", lang), " ", input);
    input.select();
  }
}

// Read out (politely) the newest log line of another seat's move.
function announce(entry) {
  const box = document.getElementById("announce");
  box.textContent = youLine(pick(entry, lang), msg, seat, lang);
}

// What every page draws, the refused one too: the header, the language button, titles.
function drawChrome() {
  document.getElementById("lang-toggle").textContent = t("language", lang);
  document.getElementById("log-title").textContent = t("log", lang);
  const name = gameTitle();
  const title = document.getElementById("table-title");
  title.replaceChildren(name ? el("span", { id: "game-name" }, ` · ${name}`) : "",
    el("span", { class: "table-id" }, ` · ${tableId}`));
  const copy = document.getElementById("copy-link");
  copy.hidden = seat === null || !token || replayMode || refused;
  copy.textContent = t("copyLink", lang);
  const alerts = document.getElementById("alerts");
  alerts.hidden = seat === null || !token || replayMode || !!refused;
  if (!alerts.hidden && alerts.dataset.lang !== lang) {  // drawn once a language: a click keeps its focus
    drawAlerts(alerts, lang);
    alerts.dataset.lang = lang;
  }
  updateTitle();
  if (errorText) showError(errorText);
}

// A refused link (wrong token, no such table): say so, and offer the ways on.
function drawRefused(status = refused) {
  refused = status || 404;
  drawChrome();
  document.getElementById("status").replaceChildren();
  document.getElementById("side").replaceChildren(
    el("h2", {}, t("error", lang)),
    refused === 403 ? el("p", { id: "refused-text" }, t("badLink", lang)) : "",
    refused === 403 ? el("p", {}, el("a", { href: `/table/${tableId}`, id: "refused-watch" }, t("watch", lang))) : "",
    el("p", {}, el("a", { href: "/", id: "refused-lobby" }, t("toLobby", lang))));
  document.getElementById("game-area").replaceChildren();
  document.getElementById("bar-actions").replaceChildren();
}

const zh = () => lang === "zh-TW";

// A player's name: the one chosen at the table, else "Seat 1" / 「玩家1」; yours with
// "(you)" / 「（你）」. The same name in a sentence and in a list (docs/zh-TW.md).
function seatName(i) {
  const s = msg.seats[i];
  const base = s && s.name ? s.name : seatLabel(i, lang);
  if (i === seat) return zh() ? `${base}（${t("you", lang)}）` : `${base} (${t("you", lang)})`;
  return base;
}

// Who plays a seat, if a bot: "Bot (medium)" / 「電腦（普通）」; "Open seat" / 「空位」; "" for a person.
function seatKind(i) {
  const s = msg.seats[i];
  if (s && s.open) return t("openSeat", lang);  // no one yet: taken from the lobby
  if (!s || s.kind === "human") return "";
  return seatKindLabel(s.kind, lang);  // a bot's level, or a trained policy with its name
}

// Chinese punctuation in Chinese: a full-width colon, and 、 between the items of a list.
const colon = () => (zh() ? "：" : ": ");
const listSep = () => (zh() ? "、" : ", ");
// Names as a phrase: "A, B and C" / 「甲、乙和丙」.
function joinAnd(names) {
  if (names.length < 2) return names.join("");
  return names.slice(0, -1).join(listSep()) + t("and", lang) + names[names.length - 1];
}

// 「遊戲結束。玩家1（你）獲勝」 / "Game over. Winner: Seat 1 (you)".
function gameOverText(winners) {
  const who = joinAnd(winners.map(seatName));
  if (!winners.length) return `${t("over", lang)}${zh() ? "。" : ". "}${t("noWinner", lang)}`;
  if (zh()) return `${t("over", lang)}。${who}${t(winners.length > 1 ? "winsTogether" : "wins", lang)}`;
  return `${t("over", lang)}. ${t(winners.length > 1 ? "winners" : "winner", lang)}: ${who}`;
}

function renderStatus() {
  const box = document.getElementById("status");
  box.classList.toggle("mine", msg.to_act.includes(seat) && (online || replayMode));
  if (!online && !replayMode && !msg.over) {
    box.textContent = t("offline", lang);
  } else if (msg.over) {
    box.textContent = gameOverText(msg.view.winners || []);
  } else if (msg.to_act.includes(seat)) {
    box.textContent = `${t("yourTurn", lang)}${colon()}${pick(msg.prompt, lang)}`;
  } else {
    const who = joinAnd(msg.to_act.map(seatName));
    const prompt = msg.prompt ? `${zh() ? "——" : " — "}${pick(msg.prompt, lang)}` : "";
    box.textContent = `${t("waitingFor", lang)}${zh() ? "" : " "}${who}${prompt}`;
  }
}

function renderSide() {
  const side = document.getElementById("side");
  const rows = msg.seats.map((s, i) => el("div", { class: "seat-row" },
    el("span", { class: "seat-dot", style: `background: ${seatColour(followCtx(), i)}` }),
    el("span", { class: "seat-name" }, seatName(i)),
    seatKind(i) ? el("small", { class: "seat-kind" }, seatKind(i)) : "",
    s.connected ? el("small", { class: "seat-online" }, t("connected", lang)) : "",
    hostToken && !replayMode && !msg.over && s.kind === "human" && !s.connected ? el("button", {
      class: "to-bot", "data-seat": i, onclick: async () => {
        const res = await fetch(`/api/tables/${tableId}/seats/${i}/bot?host=${encodeURIComponent(hostToken)}`,
          { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ kind: "normal" }) });
        if (!res.ok) showError((await res.json()).message);
      } }, t("toBot", lang)) : "",
    seat === null && s.open && !replayMode && !msg.over ? el("button", {  // a spectator takes an open seat
      class: "join", "data-seat": i, onclick: async () => {
        const res = await fetch(`/api/tables/${tableId}/seats/${i}/join`, { method: "POST" });
        const body = await res.json();
        if (res.ok) location.href = body.link;
        else showError(body.message);
      } }, t("join", lang)) : ""));
  const undo = msg.undo ? el("button", { id: "undo", onclick: () => send({ type: "undo" }) }, t("undo", lang)) : "";
  side.replaceChildren(el("h2", {}, seat === null ? t("spectator", lang) : seatName(seat)), ...rows, undo);
}

// How long the bots wait before each move, under the seats: the host changes it here,
// the others read it. Its box is drawn once and updated in place, so a bot's move does
// not close the host's open list.
function renderBotSpeed() {
  let box = document.getElementById("speed-panel");
  if (!box) {
    box = el("section", { id: "speed-panel", class: "bot-speed" });
    document.getElementById("side").after(box);
  }
  box.hidden = replayMode || msg.over || !msg.bot_speed || !msg.seats.some((s) => s.kind !== "human");
  if (box.hidden) return;
  const name = (value) => t((BOT_SPEEDS.find(([v]) => v === value) || [value, value])[1], lang);
  if (!hostToken) {
    box.textContent = `${t("botSpeed", lang)}${colon()}${name(msg.bot_speed)}`;
    return;
  }
  let select = document.getElementById("table-bot-speed");
  if (!select) {
    select = el("select", { id: "table-bot-speed", onchange: async () => {
      const res = await fetch(`/api/tables/${tableId}/bot_speed?host=${encodeURIComponent(hostToken)}`,
        { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ speed: select.value }) });
      if (!res.ok) { showError((await res.json()).message); select.value = msg.bot_speed; }
    } }, BOT_SPEEDS.map(([value]) => el("option", { value })));
    box.replaceChildren(el("label", {}, el("span", { id: "bot-speed-name" }), select));
  }
  document.getElementById("bot-speed-name").textContent = t("botSpeed", lang);
  box.title = t("botSpeedAbout", lang);
  for (const option of select.options) option.textContent = name(option.value);
  if (document.activeElement !== select) select.value = msg.bot_speed;
}

// What follow.js needs of this page.
const followCtx = () => ({ msg, seat, lang, renderer, catalog, view: msg.view, seatName, seatKind,
  pick: (o) => pick(o, lang), t: (k) => t(k, lang), replayLink: replayMode ? null : `/table/${tableId}?replay=1`,
  rematch: replayMode ? null : { tableId, seat, token, host: hostToken } });

function renderLog() {
  const title = document.getElementById("log-title");
  const box = document.getElementById("log");
  const w = words(lang);
  const tall = box.classList.contains("tall");
  const toggle = el("button", { id: "log-toggle", class: "log-toggle", "aria-expanded": tall ? "true" : "false",
    onclick: () => { box.classList.toggle("tall"); renderLog(); } }, tall ? w.short : w.tall);
  title.textContent = t("log", lang);
  // beside the drawer's summary, not inside it: a button inside a summary is a control
  // inside a control, which screen readers cannot reach
  const old = document.getElementById("log-toggle");
  if (old) old.replaceWith(toggle);
  else title.closest("summary").after(toggle);
  drawLog(box, logEntries, followCtx());
  box.scrollTop = box.scrollHeight;
}

// The last move of another seat, in words under the status line ("Last move: Seat 3
// plays Trip · …"): the newest turn of the log, unless it is yours; routine lines left out.
function renderLastMove() {
  let line = document.getElementById("last-move");
  if (!line) {
    line = el("div", { id: "last-move", class: "last-move-line" });
    document.getElementById("status").after(line);
  }
  const turn = lastTurn(logEntries, seat);
  if (!turn) { line.hidden = true; line.replaceChildren(); renderRewindButton(); return; }
  // in Chinese the lines are joined by "；", so a line's closing "。" goes
  const texts = turn.lines.map((e) => youLine(pick(e, lang), msg, seat, lang))
    .map((text) => (zh() ? text.replace(/。$/, "") : text));
  const sep = zh() ? "；" : " · ";
  const said = texts.length > 4 ? `${texts.slice(0, 2).join(sep)}${zh() ? "……" : " … "}${texts.slice(-2).join(sep)}`
    : texts.join(sep);
  line.hidden = false;
  line.style.setProperty("--seat-c", turn.seat != null ? seatColour(followCtx(), turn.seat) : "var(--muted)");
  line.replaceChildren(el("strong", {}, `${words(lang).lastMove}${colon()}`), ...withHelp(said, followCtx()));
  renderRewindButton();
}

// The end's score table, under the status line (above the deal's reveal and the board).
// The summary of a step that just ended (a day, an income, a battle, a century), above
// the board until closed (follow.js).
function renderSummary() {
  const old = document.getElementById("summary-panel");
  const panel = replayMode ? null : summaryPanel(followCtx(), logEntries);
  if (!panel) { if (old) old.remove(); return; }
  if (old) old.replaceWith(panel);
  else document.querySelector("main .board").before(panel);
}

function renderEnd() {
  const old = document.getElementById("end-panel");
  const panel = endPanel(followCtx());
  if (!panel) { if (old) old.remove(); return; }
  if (old) old.replaceWith(panel);
  else document.getElementById("deal-reveal").before(panel);
}

// The deal: its commitment from the start; at the end the seed and salt, checked here
// against the commitment this page first saw (kept per table in localStorage).
let dealCheck = { key: "", result: "" };

function firstCommitment(current) {
  const key = `noblesse.deal.${tableId}`;
  const seen = localStorage.getItem(key);
  if (seen) return seen;
  if (current) localStorage.setItem(key, current);
  return current;
}

async function checkDeal(deal, expected) {
  const key = `${deal.seed}:${deal.salt}`;
  if (dealCheck.key === key) return;
  dealCheck = { key, result: "checking" };
  if (!(window.crypto && crypto.subtle)) {
    dealCheck.result = "noCrypto";
  } else {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    dealCheck.result = hex === expected && hex === deal.commitment ? "ok" : "bad";
  }
  renderDeal();
}

function renderDeal() {
  const deal = msg && msg.deal;
  const head = document.getElementById("deal");
  const box = document.getElementById("deal-reveal");
  if (!deal || !deal.commitment) { head.replaceChildren(); box.hidden = true; return; }
  const expected = firstCommitment(deal.commitment);
  head.replaceChildren(deal.known
    ? el("span", { id: "deal-known" }, ` · ${t("knownDeal", lang)}${colon()}${deal.seed}`)
    : el("span", { id: "deal-commitment", title: `${t("dealTitle", lang)}${colon()}${deal.commitment}` },
      ` · ${t("deal", lang)}${zh() ? "：" : " "}${deal.commitment.slice(0, 12)}…`));
  if (!msg.over || deal.seed == null || deal.salt == null || replayMode) { box.hidden = true; return; }
  if (dealCheck.key !== `${deal.seed}:${deal.salt}`) checkDeal(deal, expected);
  const verdict = { ok: "dealOk", bad: "dealBad", noCrypto: "noCrypto" }[dealCheck.result] || "dealChecking";
  const file = `${msg.game}-${tableId}.jsonl`;
  box.hidden = false;
  box.replaceChildren(
    el("strong", {}, deal.known ? t("knownDeal", lang) : t("dealRevealed", lang)),
    el("div", {}, `${t("dealSeed", lang)}${colon()}`, el("code", { id: "deal-seed" }, String(deal.seed))),
    el("div", {}, `${t("dealSalt", lang)}${colon()}`, el("code", { id: "deal-salt" }, deal.salt)),
    el("div", { id: "deal-check", class: `deal-${dealCheck.result || "checking"}` }, t(verdict, lang)),
    el("div", {}, el("a", { id: "deal-record", href: `/api/tables/${tableId}/record`, download: file },
      t("record", lang))),
    el("div", {}, t("verifyWith", lang), " ", el("code", {}, `noblesse verify ${file}`)));
}

function render() {
  if (!msg) return;
  document.body.dataset.n = msg.n;  // how many actions the page has seen (for tests)
  drawChrome();
  remember();
  renderStatus();
  renderSide();
  renderBotSpeed();
  renderLog();
  renderDeal();
  renderLastMove();
  renderEnd();
  renderSummary();
  drawAid({ msg, lang, tableId });
  const legal = new Map(msg.legal.map((l) => [l.action, l]));
  const area = document.getElementById("game-area");
  const before = lastMove && lastMove.fresh ? snapshot(area) : null;
  const first = rewound === null ? measure(area) : null;  // where the cards were (motion.js)
  renderer.render(area, {
    msg, view: msg.view, legal, catalog, lang, seat, act, seatName, seatKind,
    t: (k) => t(k, lang), pick: (o) => pick(o, lang),
  });
  dockChoices();  // before the snapshot: the docked buttons are not part of the board
  seatsDrawer(area);
  fitNames(area);
  nameThings(area, lang);
  markLastMove(area, before);
  slide(area, first);  // the cards still on the board move to their new places
  if (rewound !== null) showFrame(rewound);  // the page drawn again (a language change) while rewound
  if (msg.error) showError(msg.error);
}

// The things another seat's last move touched, ringed on the board: found by comparing
// the board before and after its change (follow.js), ringed again while the page draws
// the same message (a language change, a seat coming or going).
function markLastMove(area, before) {
  if (!lastMove) return;
  if (before) {
    const after = snapshot(area);
    const { moved, stayed } = changed(before, after);
    if (!lastMove.lines.some(startsStep)) for (const node of moved) node.classList.add("last-move", "last-move-new");
    // the same turn goes on: what it touched before stays ringed
    if (lastMove.carry) for (const [old, now] of stayed) if (old.classList.contains("last-move")) now.classList.add("last-move");
    lastMove.keys = [];
    for (const [zone, things] of after) {
      things.forEach((thing, i) => { if (thing.node.classList.contains("last-move")) lastMove.keys.push(`${zone}#${i}`); });
    }
    lastMove.fresh = false;
    document.body.dataset.lastMove = String(lastMove.n);
    return;
  }
  const keys = new Set(lastMove.keys || []);
  if (!keys.size) return;
  for (const [zone, things] of snapshot(area)) {
    things.forEach((thing, i) => { if (keys.has(`${zone}#${i}`)) thing.node.classList.add("last-move"); });
  }
}


// The sticky bar (layout): the decision's buttons (each renderer's #choices, and what
// it marks data-dock, as Fief's offer) stay beside the prompt at the top of the window
// while the board scrolls under them.
function dockChoices() {
  const docked = document.querySelectorAll("#game-area #choices, #game-area [data-dock]");
  document.getElementById("bar-actions").replaceChildren(...docked);
  moreObserver.disconnect();  // the boxes drawn before are gone
  for (const box of docked) cueMore(box);
}

// A box of the bar's buttons taller than the room the bar gives it scrolls inside the
// bar: its lower edge fades and a line under it says more buttons are below, until it
// is scrolled to its end.
const moreObserver = new ResizeObserver((entries) => {
  for (const entry of entries) moreCues.get(entry.target)?.();
});
const moreCues = new WeakMap();  // a box (or a button in it) -> what updates its cue
function cueMore(box) {
  const cue = el("div", { class: "more-cue", "aria-hidden": "true", hidden: true }, t("moreBelow", lang));
  box.after(cue);
  const update = () => {
    const more = box.scrollHeight - box.clientHeight - box.scrollTop > 1;
    box.classList.toggle("more-below", more);
    cue.hidden = !more;
  };
  box.addEventListener("scroll", update, { passive: true });
  for (const node of [box, ...box.children]) {
    moreCues.set(node, update);
    moreObserver.observe(node);
  }
  update();
}

// The seats' panels (each renderer's #players) are a drawer, as the log is: open beside
// the board on a wide screen, folded on a phone, and opened by the page when a decision
// has its targets in them (a seat, a card of a seat's pile). The reader's own opening or
// closing is kept while the page draws the table again.
let seatsOpen = null;      // the reader's choice, or null: the screen's default
let seatsOpenedFor = null; // msg.n of the decision the page opened the drawer for
function seatsDrawer(area) {
  const section = area.querySelector("#players");
  if (!section) return;
  if (section.querySelector("[data-action]") && seatsOpenedFor !== msg.n) {
    seatsOpenedFor = msg.n;
    seatsOpen = true;
  }
  const open = seatsOpen ?? !window.matchMedia("(max-width: 800px)").matches;
  const summary = el("summary", {}, el("h2", { id: "seats-title" }, t("seats", lang),
    el("span", { class: "drawer-count" }, zh() ? `（${msg.seats.length}）` : ` (${msg.seats.length})`)));
  const drawer = el("details", { id: "seats-panel", class: "drawer", open: open || null }, summary, ...section.childNodes);
  summary.addEventListener("click", () => { seatsOpen = !drawer.open; });
  section.replaceChildren(drawer);
}

// The log is a drawer: open beside the board on a wide screen, folded on a phone.
if (window.matchMedia("(max-width: 800px)").matches) document.getElementById("log-panel").open = false;

function receive(data) {
  if (data.type === "error") {
    showError(data.message);
    return;
  }
  if (data.type === "presence") {  // a seat's player came or went
    if (msg) data.connected.forEach((on, i) => { if (msg.seats[i]) msg.seats[i].connected = on; });
    if (msg) renderSide();
    return;
  }
  if (data.type !== "state" && data.type !== "change") return;
  if (data.log_from === 0) logEntries = [];
  else if (data.log_from !== logEntries.length) { send({ type: "sync" }); return; }
  if (data.type === "change") {
    // What changed since the message this page holds: out of step, ask for everything.
    if (!msg || msg.n !== data.base) { send({ type: "sync" }); return; }
    try {
      applyPatch(msg, data.patch);
    } catch (err) {
      send({ type: "sync" });
      return;
    }
    for (const key of ["n", "seat", "over", "to_act", "legal"]) msg[key] = data[key];
    const own = ownBase !== null && data.base === ownBase;
    if (own) ownBase = null;
    if (!own && data.log.length) announce(data.log[data.log.length - 1]);
    // a turn that goes on (no new turn told since the last change) keeps its rings
    const carry = !!lastMove && !lastMove.lines.some(startsTurn);
    lastMove = own ? null : { n: data.n, lines: data.log, fresh: true, carry, keys: [] };
  } else {
    msg = data;
    ownBase = null;
    lastMove = null;
  }
  logEntries.push(...data.log);
  rememberFrame(data);
  if (!online) setOnline(true);
  render();
}

// ------------------------------------------------------- what just happened
// The page keeps the boards of the last moves it was told (this seat's own views: nothing
// it was not shown); "What just happened?" steps back through them on the board, each
// move's lines told above it and what it changed ringed, until "Back to now".
const FRAMES = 20;
let frames = [];     // [{n, view, seats, lines}]: the table after each change, the lines it told
let rewound = null;  // the frame shown, or null: the table as it is now

function rememberFrame(data) {
  if (data.type === "state") frames = [];
  frames.push({ n: msg.n, view: structuredClone(msg.view), seats: msg.seats, lines: data.type === "state" ? [] : data.log });
  if (frames.length > FRAMES) frames.shift();
  rewound = null;
  document.getElementById("rewind")?.remove();
  document.getElementById("game-area").classList.remove("rewound");
}

function drawFrame(area, f) {
  renderer.render(area, {
    msg: { ...msg, n: f.n, view: f.view, seats: f.seats, legal: [] }, view: f.view, legal: new Map(), catalog, lang,
    seat, act: () => {}, seatName, seatKind, t: (k) => t(k, lang), pick: (o) => pick(o, lang),
  });
  seatsDrawer(area);
}

function showFrame(i) {
  rewound = i;
  const area = document.getElementById("game-area");
  drawFrame(area, frames[i - 1]);
  const before = snapshot(area);
  drawFrame(area, frames[i]);
  fitNames(area);
  nameThings(area, lang);
  for (const node of changed(before, snapshot(area)).moved) node.classList.add("last-move");
  area.classList.add("rewound");
  const w = words(lang);
  let bar = document.getElementById("rewind");
  if (!bar) {
    bar = el("section", { id: "rewind", class: "rewind", "aria-live": "polite" });
    document.querySelector("main .board").before(bar);
  }
  const last = frames.length - 1;
  const lines = frames[i].lines.map((e) => youLine(pick(e, lang), msg, seat, lang));
  bar.dataset.n = String(frames[i].n);
  bar.replaceChildren(
    el("div", { class: "rewind-head" }, el("strong", { id: "rewind-step" }, w.step(i, last)),
      el("button", { id: "rewind-back", disabled: i <= 1 ? true : null, onclick: () => showFrame(i - 1) }, w.earlierMove),
      el("button", { id: "rewind-forward", disabled: i >= last ? true : null, onclick: () => showFrame(i + 1) }, w.laterMove),
      el("button", { id: "rewind-now", onclick: leaveFrames }, w.now)),
    el("ul", { class: "rewind-lines" }, lines.map((text) => el("li", {}, text))));
  renderRewindButton();
}

function leaveFrames() {
  rewound = null;
  document.getElementById("rewind")?.remove();
  document.getElementById("game-area").classList.remove("rewound");
  render();
}

// The way into the last moves, under the "Last move" line.
function renderRewindButton() {
  let button = document.getElementById("rewind-open");
  if (!button) {
    button = el("button", { id: "rewind-open", class: "rewind-open", onclick: () => showFrame(frames.length - 1) });
    document.getElementById("last-move").after(button);
  }
  button.textContent = words(lang).whatHappened;
  button.hidden = replayMode || frames.length < 2 || rewound !== null;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const path = seat === null ? `/ws/tables/${tableId}/watch`
    : `/ws/tables/${tableId}/seats/${seat}?token=${encodeURIComponent(token || "")}`;
  socket = new WebSocket(`${proto}://${location.host}${path}`);
  socket.addEventListener("message", (ev) => receive(JSON.parse(ev.data)));
  socket.addEventListener("open", () => showError(""));
  socket.addEventListener("close", async (ev) => {
    setOnline(false);
    // 4000: this page fell behind and was dropped: reconnect at once, the server resends all.
    if (ev.code === 4000) { connect(); return; }
    // 4029: over a connection limit (the server said why just before): try again later.
    if (ev.code === 4029) { setTimeout(connect, 15000); return; }
    // A refused handshake and a server that is briefly down look alike to a browser:
    // ask the server whether this link is valid before trying again.
    if (seat !== null) {
      try {
        const res = await fetch(`/api/tables/${tableId}/seats/${seat}?token=${encodeURIComponent(token || "")}`);
        if (res.status === 403 || res.status === 404) {
          const message = (await res.json()).message || {};
          const code = res.status === 403 ? { en: " (403)", "zh-TW": "（403）" } : { en: "", "zh-TW": "" };
          showError({ en: pick(message, "en") + code.en, "zh-TW": pick(message, "zh-TW") + code["zh-TW"] });
          drawRefused(res.status);
          return;
        }
      } catch (err) { /* the server is down: retry below */ }
    }
    showError(t("reconnecting", lang));
    setTimeout(connect, 1000);
  });
}

async function loadReplay(step) {
  const res = await fetch(`/api/tables/${tableId}/replay?step=${step}`);
  const data = await res.json();
  if (!res.ok) { showError(data.message); return; }
  replayStep = data.step;
  logEntries = data.log;
  msg = data;
  render();
  const box = document.getElementById("replay-controls");
  box.hidden = false;
  const button = (label, to, id) => el("button", { id, onclick: () => loadReplay(Math.max(0, Math.min(data.steps, to))) }, label);
  box.replaceChildren(button(t("first", lang), 0, "replay-first"), button(t("prev", lang), replayStep - 1, "replay-prev"),
    el("span", { id: "replay-step", style: "margin: 0 .5em" }, zh() ? `第${replayStep}/${data.steps}${t("step", lang)}`
      : `${t("step", lang)} ${replayStep} / ${data.steps}`),
    button(t("next", lang), replayStep + 1, "replay-next"), button(t("last", lang), data.steps, "replay-last"));
}

document.getElementById("copy-link").addEventListener("click", copyLink);
arrowKeys(document.getElementById("game-area"));
arrowKeys(document.getElementById("bar-actions"));
document.getElementById("lang-toggle").addEventListener("click", () => {
  lang = lang === "en" ? "zh-TW" : "en";
  setLang(lang);
  if (replayMode) loadReplay(replayStep);
  else if (refused) drawRefused();
  else { drawChrome(); render(); }
});

setLang(lang);
drawChrome();
const info = await (await fetch(replayMode ? `/api/tables/${tableId}/replay?step=0` : `/api/tables/${tableId}/watch`)).json();
if (info.type === "error") {
  showError(info.message);
  drawRefused(404);
} else {
  gameInfo = (await (await fetch("/api/games")).json()).find((g) => g.id === info.game) || null;
  renderer = await import(`/static/games/${info.game}.js`);
  drawChrome();
  catalog = await (await fetch(`/api/games/${info.game}/catalog`)).json();
  if (replayMode) { setOnline(true); loadReplay(0); } else connect();
}
