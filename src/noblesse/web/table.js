// The table page: one seat (with its token), a spectator, or a replay of a finished game.
import { el, getLang, pick, setLang, t } from "/static/i18n.js";
import { applyPatch } from "/static/vendor/fast-json-patch/core.mjs";

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

function showError(text) {
  const bar = document.getElementById("error");
  bar.textContent = text;
  bar.hidden = !text;
}

function send(obj) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(obj));
}

function act(action) {
  showError("");
  send({ type: "act", action });
}

const zh = () => lang === "zh-TW";

// A player's name: the one chosen at the table, else "Seat 1" / 「玩家1」; yours with
// "(you)" / 「（你）」. The same name in a sentence and in a list (docs/zh-TW.md).
function seatName(i) {
  const s = msg.seats[i];
  const base = s && s.name ? s.name : zh() ? `${t("seat", lang)}${i + 1}` : `${t("seat", lang)} ${i + 1}`;
  if (i === seat) return zh() ? `${base}（${t("you", lang)}）` : `${base} (${t("you", lang)})`;
  return base;
}

// Who plays a seat, if a bot: "Bot (medium)" / 「電腦（普通）」; "" for a person.
function seatKind(i) {
  const s = msg.seats[i];
  return s && s.kind !== "human" ? t(s.kind.split(":")[0], lang) : "";
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
  box.classList.toggle("mine", msg.to_act.includes(seat));
  if (msg.over) {
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
    el("span", { class: "seat-name" }, seatName(i)),
    seatKind(i) ? el("small", { class: "seat-kind" }, seatKind(i)) : "",
    s.connected ? el("small", { class: "seat-online" }, t("connected", lang)) : "",
    hostToken && !replayMode && !msg.over && s.kind === "human" ? el("button", {
      class: "to-bot", "data-seat": i, onclick: async () => {
        const res = await fetch(`/api/tables/${tableId}/seats/${i}/bot?host=${encodeURIComponent(hostToken)}`,
          { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ kind: "greedy" }) });
        if (!res.ok) showError(pick((await res.json()).message, lang));
      } }, t("toBot", lang)) : ""));
  const undo = msg.undo ? el("button", { id: "undo", onclick: () => send({ type: "undo" }) }, t("undo", lang)) : "";
  side.replaceChildren(el("h2", {}, seat === null ? t("spectator", lang) : seatName(seat)), ...rows, undo);
}

function renderLog() {
  document.getElementById("log-title").textContent = t("log", lang);
  const box = document.getElementById("log");
  box.replaceChildren(...logEntries.map((e) => el("div", {}, pick(e, lang))));
  box.scrollTop = box.scrollHeight;
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
  document.getElementById("lang-toggle").textContent = t("language", lang);
  document.getElementById("table-title").textContent = ` · ${tableId}`;
  renderStatus();
  renderSide();
  renderLog();
  renderDeal();
  const legal = new Map(msg.legal.map((l) => [l.action, l]));
  renderer.render(document.getElementById("game-area"), {
    msg, view: msg.view, legal, catalog, lang, seat, act, seatName, seatKind,
    t: (k) => t(k, lang), pick: (o) => pick(o, lang),
  });
  if (msg.error) showError(msg.error);
}

function receive(data) {
  if (data.type === "error") {
    showError(pick(data.message, lang));
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
  } else {
    msg = data;
  }
  logEntries.push(...data.log);
  render();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const path = seat === null ? `/ws/tables/${tableId}/watch`
    : `/ws/tables/${tableId}/seats/${seat}?token=${encodeURIComponent(token || "")}`;
  socket = new WebSocket(`${proto}://${location.host}${path}`);
  socket.addEventListener("message", (ev) => receive(JSON.parse(ev.data)));
  socket.addEventListener("open", () => showError(""));
  socket.addEventListener("close", async (ev) => {
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
          showError(pick((await res.json()).message, lang) + (res.status === 403 ? (zh() ? "（403）" : " (403)") : ""));
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
  if (!res.ok) { showError(pick(data.message, lang)); return; }
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

document.getElementById("lang-toggle").addEventListener("click", () => {
  lang = lang === "en" ? "zh-TW" : "en";
  setLang(lang);
  if (replayMode) loadReplay(replayStep); else render();
});

setLang(lang);
const info = await (await fetch(replayMode ? `/api/tables/${tableId}/replay?step=0` : `/api/tables/${tableId}/watch`)).json();
if (info.type === "error") {
  showError(pick(info.message, lang));
} else {
  renderer = await import(`/static/games/${info.game}.js`);
  catalog = await (await fetch(`/api/games/${info.game}/catalog`)).json();
  if (replayMode) loadReplay(0); else connect();
}
