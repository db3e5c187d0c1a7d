// Following the game (issue #19), alike for every game: the log written for the reader
// ("You" / 「你」 for your own seat, a colour per seat, grouped by turn, routine lines
// folded), the last move of another seat highlighted on the board, and the end's score
// table. The log's words come from each game (describe_event); a line's marks (its event
// `kind` and the `seat` it is about) and the message's `result` from server/follow.py.
import { el } from "/static/i18n.js";

const WORDS = {
  en: { you: "You", your: "Your", yourTurn: "Your turn", lastMove: "Last move", finalScores: "Final scores",
    player: "Player", points: "Points", winner: "Winner", routine: (n) => `${n} routine line${n === 1 ? "" : "s"}`,
    tall: "Show the whole log", short: "Show less", close: "Close", setup: "Setup", replay: "Watch the replay",
    earlier: (n) => `${n} earlier turn${n === 1 ? "" : "s"} not shown`,
    rematch: "Rematch with the same seats", toRematch: "Go to the rematch", watchRematch: "Watch the rematch",
    nothing: "Nothing changed hands.", whatHappened: "What just happened?",
    step: (i, n) => `Move ${i} of ${n}`, earlierMove: "◀ Earlier", laterMove: "Later ▶", now: "Back to now" },
  "zh-TW": { you: "你", your: "你的", yourTurn: "輪到你", lastMove: "上一步", finalScores: "最終分數",
    player: "玩家", points: "分數", winner: "獲勝", routine: (n) => `另有${n}行例行紀錄`,
    tall: "展開完整紀錄", short: "收合紀錄", close: "關閉", setup: "開局", replay: "觀看重播",
    earlier: (n) => `較早的${n}個回合未顯示`,
    rematch: "同樣的座位再來一局", toRematch: "前往下一局", watchRematch: "觀看下一局",
    nothing: "沒有任何變化。", whatHappened: "剛才發生了什麼？",
    step: (i, n) => `第${i}步（共${n}步）`, earlierMove: "◀往前", laterMove: "往後▶", now: "回到現在" },
};
export const words = (lang) => WORDS[lang] || WORDS.en;

// A colour per seat (the game's own, e.g. Ruse & Bruise's card backs, when it has them).
// The same as Heads of State's and Fief's boards.
const PALETTE = ["#c62828", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f"];
export function seatColour(ctx, seat) {
  const own = ctx.renderer && ctx.renderer.seatColour ? ctx.renderer.seatColour(ctx, seat) : null;
  return own || PALETTE[seat % PALETTE.length];
}

// The plain name of a seat in the log's words: the name chosen at the table, else
// "Seat 3" / 「玩家3」 (core/text.py seat_name).
function plainName(msg, seat, lang) {
  const s = msg.seats[seat];
  if (s && s.name) return s.name;
  return lang === "zh-TW" ? `玩家${seat + 1}` : `Seat ${seat + 1}`;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const IRREGULAR = { is: "are", has: "have", does: "do", goes: "go", was: "were" };

// An English verb after "You": "draws" → "draw", "carries" → "carry", "passes" → "pass".
function secondPerson(verb) {
  if (IRREGULAR[verb]) return IRREGULAR[verb];
  if (!/^[a-z]+s$/.test(verb) || verb.endsWith("ss")) return verb;
  if (verb.endsWith("ies") && verb.length > 4) return `${verb.slice(0, -3)}y`;
  if (/(ch|sh|ss|x|z|o)es$/.test(verb)) return verb.slice(0, -2);
  return verb.slice(0, -1);
}

// A log line with the reader's own seat written "You" / 「你」: 「玩家1抽到「逃亡英倫」」 →
// 「你抽到「逃亡英倫」」; "Seat 1 draws Trip" → "You draw Trip"; "Seat 1's turn" → "Your
// turn"; "Seat 2 targets Seat 1" → "Seat 2 targets you".
export function youLine(text, msg, viewer, lang) {
  if (viewer == null || !msg.seats[viewer] || !text) return text;
  const name = escape(plainName(msg, viewer, lang));
  const w = words(lang);
  if (lang === "zh-TW") {
    return text.replace(new RegExp(`${name}(?![0-9])`, "g"), w.you);
  }
  // A sentence starts "You"; a clause after ";", "," or "before" starts "you"; both take
  // the verb's second person ("draws" → "draw"), as does a verb after "and" in the same clause.
  const cap = "(^|[.:!?—]\\s+|\\n)";
  const low = "([;,]\\s+|\\b(?:before|after|when|until|while|then|if)\\s+)";
  const subject = (pre, also, space, verb, word) => `${pre}${word}${also || ""}${space}${also ? verb : secondPerson(verb)}`;
  const verbAfter = `(?![0-9'])(\\s+(?:and|or)\\s+[^,.;:]+?)?(\\s+)([a-z]+)\\b`;
  return text
    .replace(new RegExp(`${cap}${name}'s turn(?![0-9])`, "g"), (m, pre) => `${pre}${w.yourTurn}`)
    .replace(new RegExp(`${cap}${name}'s(?![0-9])`, "g"), (m, pre) => `${pre}${w.your}`)
    .replace(new RegExp(`${name}'s(?![0-9])`, "g"), "your")
    .replace(new RegExp(`${cap}${name}${verbAfter}`, "g"), (m, pre, also, sp, verb) => subject(pre, also, sp, verb, w.you))
    .replace(new RegExp(`${low}${name}${verbAfter}`, "g"), (m, pre, also, sp, verb) => subject(pre, also, sp, verb, "you"))
    .replace(new RegExp(`${cap}${name}(?![0-9'])`, "g"), (m, pre) => `${pre}${w.you}`)
    .replace(new RegExp(`${name}(?![0-9'])`, "g"), "you")
    .replace(/\b(You|you)( [a-z]+ [^.;,:]*? and )([a-z]+s)\b/g, (m, who, mid, verb) => `${who}${mid}${secondPerson(verb)}`)
    .replace(/\b(You|you)(\s+\w+\s+)themselves\b/g, "$1$2yourself")
    .replace(/\b(You|you)(\s+\w+\s+)their\b/g, "$1$2your")
    .replace(/\bof you(?=\.?$)/, "of yours");
}

// ---------------------------------------------------------------------------- the log
// Lines that start a group: a turn (its line is the group's heading), and the larger
// steps of a game (a day, a round, a phase, a century), which head a group too.
const TURN_KINDS = new Set(["turn"]);
const STEP_KINDS = new Set(["day", "round", "phase", "rebuild", "settlement"]);
// Routine lines, folded under their group unless they are about the reader.
const ROUTINE_KINDS = new Set(["draw", "draw_treachery", "cube_draw", "refill", "refill_treachery", "reshuffle",
  "treachery_reshuffle", "shuffle_back"]);

// The log as groups: [{head: entry | null, seat, turn, step, entries: [...], start: index}].
// A seat's turn (its line the heading) holds every line until the next turn; a day, a
// round, a phase or a turn of the whole table heads a group of its own; outside a seat's
// turn, the lines are grouped by the seat they are about, as they come.
export function groupLog(entries) {
  const groups = [];
  let current = null;
  entries.forEach((e, index) => {
    const kind = e.kind || "";
    if (TURN_KINDS.has(kind) || STEP_KINDS.has(kind)) {
      const turn = TURN_KINDS.has(kind) && e.seat != null;
      current = { head: e, seat: turn ? e.seat : null, turn, step: !turn, entries: [], start: index };
      groups.push(current);
      return;
    }
    if (!current || (!current.turn && e.seat != null && current.seat !== e.seat)) {
      current = { head: null, seat: e.seat ?? null, turn: false, step: false, entries: [], start: index };
      groups.push(current);
    }
    current.entries.push(e);
  });
  return groups;
}

const MAX_GROUPS = 120;  // the page draws the last ones; the rest are summarised

// ------------------------------------------------------- card names in the log
// A card named in a log line shows its rules text (the catalog's `text`) on hover (its
// title), on focus and on a tap (a bubble under it), and to screen readers (its
// description). English names are matched as whole words, Chinese ones inside 「」.
const namesOf = new WeakMap();
function cardNames(catalog, lang) {
  if (!catalog) return null;
  if (!namesOf.has(catalog)) namesOf.set(catalog, {});
  const known = namesOf.get(catalog);
  if (known[lang] !== undefined) return known[lang];
  // every card's name, those without a text too: "Land Lord" is a card, not "Lord"
  const help = new Map();
  const all = new Set();
  const hasText = (entry) => entry && typeof entry === "object" && entry.text && typeof entry.text === "object";
  for (const section of Object.values(catalog)) {
    if (!section || typeof section !== "object" || Array.isArray(section)) continue;
    if (!Object.values(section).some(hasText)) continue;  // names of other things: icons, reasons
    for (const entry of Object.values(section)) {
      if (!entry || typeof entry !== "object" || typeof entry[lang] !== "string" || !entry[lang]) continue;
      all.add(entry[lang]);
      const text = entry.text && typeof entry.text === "object" ? entry.text[lang] : "";
      if (text && !help.has(entry[lang])) help.set(entry[lang], text);
    }
  }
  const names = [...all].sort((a, b) => b.length - a.length).map(escape).join("|");
  known[lang] = !help.size ? null : {
    help,
    pattern: lang === "zh-TW" ? new RegExp(`(?<=「)(?:${names})(?=」)`, "g")
      : new RegExp(`(?<![\\p{L}\\p{N}])(?:${names})(?![\\p{L}\\p{N}])`, "gu"),
  };
  return known[lang];
}

let bubble = null;
function hideHelp() { if (bubble) { bubble.remove(); bubble = null; } }
function showHelp(node) {
  hideHelp();
  bubble = el("div", { class: "help-bubble", id: "log-help", role: "tooltip" }, node.dataset.help);
  document.body.append(bubble);
  const at = node.getBoundingClientRect();
  const left = Math.max(8, Math.min(at.left, window.innerWidth - bubble.offsetWidth - 8));
  const below = at.bottom + 6;
  bubble.style.left = `${left}px`;
  bubble.style.top = `${below + bubble.offsetHeight > window.innerHeight - 8 ? Math.max(8, at.top - bubble.offsetHeight - 6) : below}px`;
}

// A line's text as text and card names with their help.
function withCardHelp(text, names) {
  if (!names || !text) return [text];
  const out = [];
  let last = 0;
  for (const m of text.matchAll(names.pattern)) {
    const help = names.help.get(m[0]);
    if (!help) continue;
    out.push(text.slice(last, m.index), el("span", { class: "log-card", tabindex: "0", title: help,
      "aria-description": help, "data-help": help, onfocus: (ev) => showHelp(ev.currentTarget), onblur: hideHelp,
      onclick: (ev) => { if (document.activeElement === ev.currentTarget) showHelp(ev.currentTarget); else ev.currentTarget.focus(); } }, m[0]));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

// A text of the game (the log's words) with the cards it names showing their help.
export const withHelp = (text, ctx) => withCardHelp(text, cardNames(ctx.catalog, ctx.lang));

// The log drawn into `box`: each group with its heading and colour, routine lines
// folded (opened folds stay open while the page lives), repeated lines as "×3".
const openFolds = new Set();
export function drawLog(box, entries, ctx) {
  const { msg, seat: viewer, lang, pick, seatName } = ctx;
  const w = words(lang);
  const say = (e) => youLine(pick(e), msg, viewer, lang);
  const names = cardNames(ctx.catalog, lang);
  hideHelp();
  const groups = groupLog(entries);
  const shown = groups.slice(-MAX_GROUPS);
  const nodes = [];
  if (groups.length > shown.length) nodes.push(el("div", { class: "log-earlier" }, w.earlier(groups.length - shown.length)));
  for (const g of shown) {
    const colour = g.seat != null ? seatColour(ctx, g.seat) : "";
    let heading;
    if (g.head) heading = say(g.head);
    else if (g.seat != null) heading = g.seat === viewer ? w.you : seatName(g.seat);
    else heading = w.setup;
    const lines = [];
    const folded = [];
    let last = null;
    for (const e of g.entries) {
      const text = say(e);
      const routine = ROUTINE_KINDS.has(e.kind) && e.seat !== viewer;
      if (last && last.text === text && last.routine === routine) {
        last.count += 1;
        last.node.dataset.count = `×${last.count}`;
        continue;
      }
      const node = el("div", { class: "log-line", "data-kind": e.kind || "",
        "data-seat": e.seat ?? "", style: e.seat != null ? `--seat-c: ${seatColour(ctx, e.seat)}` : null },
      withCardHelp(text, names));
      last = { text, routine, count: 1, node };
      (routine ? folded : lines).push(node);
    }
    const key = String(g.start);
    const fold = folded.length ? el("details", { class: "log-fold", open: openFolds.has(key) ? true : null,
      ontoggle: (ev) => { if (ev.target.open) openFolds.add(key); else openFolds.delete(key); } },
    el("summary", {}, w.routine(folded.length)), ...folded) : "";
    nodes.push(el("div", { class: `log-group${g.step ? " log-step" : ""}${g.seat === viewer && viewer != null ? " log-mine" : ""}`,
      "data-seat": g.seat ?? "", style: colour ? `--seat-c: ${colour}` : null },
    el("div", { class: "log-head" }, heading), ...lines, fold));
  }
  box.replaceChildren(...nodes);
}

// ------------------------------------------------------------------ the last move
// The things on a board the page can tell apart between two messages: cards, a row's
// places, a map's villages. A thing is known by its zone (where it sits in the page)
// and its name; what a move touched is what is new in its zone or moved within it.
const THINGS = ".card, .rb-card, .cl-card, .cl-land, .slot, .rb-score, g[data-village]";

function zoneOf(node, root) {
  const parts = [];
  for (let p = node.parentElement; p && p !== root; p = p.parentElement) {
    if (p.id) { parts.push(`#${p.id}`); break; }
    const seat = p.dataset.seat ?? p.dataset.row ?? p.dataset.country ?? "";
    const index = p.parentElement ? [...p.parentElement.children].indexOf(p) : 0;
    parts.push(`${p.tagName}${seat !== "" ? `[${seat}]` : `:${index}`}`);
  }
  return parts.reverse().join("/");
}

// What a thing is, whatever the reader may do with it now (clickable, chosen) and
// wherever it sits ("#3" in a line): its kind (its classes) and its name and points.
const PASSING = /^(clickable|chosen|last-move|last-move-new|flip-moving)$/;
function nameOf(node) {
  const pts = node.querySelector(".pts")?.textContent || "";
  if (node.dataset.card) return `${node.dataset.card}|${pts}`;
  const kind = [...node.classList].filter((c) => !PASSING.test(c)).sort().join(".");
  // a card's name, not its points (some change at the end: Palace Guard); a score tile's
  // symbol and value, not its count of cards
  const name = node.querySelector(".name");
  const value = node.querySelector(".val");
  const label = name ? name.textContent
    : value ? `${node.querySelector(".sym")?.textContent || ""}${value.textContent}` : node.textContent;
  return `${kind}|${label.trim()}`;
}

// Every thing of the board: zone → [{node, name}] in page order.
export function snapshot(root) {
  const zones = new Map();
  for (const node of root.querySelectorAll(THINGS)) {
    if (node.parentElement && node.parentElement.closest(THINGS)) continue;  // a thing inside a thing
    const zone = zoneOf(node, root);
    if (!zones.has(zone)) zones.set(zone, []);
    zones.get(zone).push({ node, name: nameOf(node) });
  }
  return zones;
}

// The longest common subsequence of two lists of names: which of `after` stayed in place.
function kept(before, after) {
  const n = before.length;
  const m = after.length;
  if (n * m > 40000) return after.map((a, j) => before[j] === a);
  const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      table[i][j] = before[i] === after[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
    }
  }
  const out = new Array(m).fill(false);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[i] === after[j]) { out[j] = true; i += 1; j += 1; } else if (table[i + 1][j] >= table[i][j + 1]) i += 1;
    else j += 1;
  }
  return out;
}

// The things of `after` that are new in their zone or moved within it (`moved`), and
// the others each with the thing it was in `before` (`stayed`: [before node, after node]).
export function changed(before, after) {
  const moved = [];
  const stayed = [];
  for (const [zone, things] of after) {
    // a zone not drawn before: a thing put where there was none (a first card in a
    // pile), or a whole new panel (a round's summary, another's hand shown), not a move
    if (!before.has(zone) && things.length > 2) continue;
    const old = before.get(zone) || [];
    const same = kept(old.map((t) => t.name), things.map((t) => t.name));
    const olds = old.filter((t) => things.some((u) => u.name === t.name));
    let k = 0;
    things.forEach((t, i) => {
      if (!same[i]) { moved.push(t.node); return; }
      while (k < olds.length && olds[k].name !== t.name) k += 1;
      if (k < olds.length) { stayed.push([olds[k].node, t.node]); k += 1; }
    });
  }
  return { moved, stayed };
}

// The last move told in words: the newest turn in the log that has lines other than
// routine ones, unless it is the reader's own ({seat, lines} or null).
export function lastTurn(entries, viewer) {
  const groups = groupLog(entries);
  for (let i = groups.length - 1; i >= 0; i -= 1) {
    const g = groups[i];
    const lines = g.entries.filter((e) => !ROUTINE_KINDS.has(e.kind) || e.seat === viewer);
    if (!lines.length) continue;
    if (viewer != null && g.seat === viewer) return null;
    return { seat: g.seat, lines };
  }
  return null;
}
export const startsTurn = (e) => TURN_KINDS.has(e.kind) || STEP_KINDS.has(e.kind);
// A day, round or phase begins: the board is dealt anew, nobody's move to ring.
export const startsStep = (e) => STEP_KINDS.has(e.kind);

// ------------------------------------------------------------------ summaries
// A step of the game that ends (Guillotine's day, Fief's income and each battle, Heads
// of State's century) is summed up above the board until the reader closes it: the
// step's lines that tell what it brought, from the game's own events. A game names its
// steps in its renderer's `summaries`: [{name, start: kinds, end: kinds, keep: kinds
// (none: every line that is not routine), title: {en, "zh-TW"}}]; the step runs from
// the last line of a `start` kind to the line of an `end` kind, both included.
const closedSummaries = new Set();

export function summaryOf(steps, entries) {
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const step = steps.find((st) => st.end.includes(entries[i].kind));
    if (!step) continue;
    let from = i;
    while (from > 0 && !step.start.includes(entries[from].kind)) from -= 1;
    const lines = entries.slice(from, i + 1).filter((e) => (step.keep ? step.keep.includes(e.kind)
      : !ROUTINE_KINDS.has(e.kind)));
    return { step, at: i, lines };
  }
  return null;
}

export function summaryPanel(ctx, entries) {
  const steps = ctx.renderer && ctx.renderer.summaries;
  if (!steps || ctx.msg.over) return null;  // at the end, the score table says it all
  const found = summaryOf(steps, entries);
  if (!found || closedSummaries.has(found.at)) return null;
  const { msg, seat: viewer, lang, pick } = ctx;
  const w = words(lang);
  const names = cardNames(ctx.catalog, lang);
  const lines = found.lines.map((e) => el("li", { class: "summary-line", "data-kind": e.kind || "",
    style: e.seat != null ? `--seat-c: ${seatColour(ctx, e.seat)}` : null },
  withCardHelp(youLine(pick(e), msg, viewer, lang), names)));
  const close = el("button", { class: "summary-close", "aria-label": w.close, onclick: () => {
    closedSummaries.add(found.at);
    document.getElementById("summary-panel")?.remove();
  } }, "×");
  return el("section", { id: "summary-panel", class: "summary-panel", "data-step": found.step.name,
    "aria-labelledby": "summary-title" },
  el("div", { class: "summary-head" }, el("h2", { id: "summary-title" }, pick(found.step.title)), close),
  lines.length ? el("ul", { class: "summary-lines" }, lines) : el("p", { class: "summary-none" }, w.nothing));
}

// -------------------------------------------------------------------- the end
// A seat's breakdown, its parts kept whole on a line: "nobles 15 · Civic Support +1".
function parts(more, zh) {
  if (!Array.isArray(more)) return more;
  return more.flatMap((text, i) => [i ? (zh ? "、" : " · ") : "", el("span", { class: "end-part" }, text)]);
}

// The final score table: every seat by its points, the reader as "You", the winners
// marked; a game may add each seat's breakdown (its renderer's endDetails: a text, or
// a list of parts).
export function endPanel(ctx) {
  const { msg, seat: viewer, lang, seatName, seatKind } = ctx;
  const result = msg.result;
  if (!msg.over || !result) return null;
  const w = words(lang);
  const zh = lang === "zh-TW";
  // winners first (a game may break a tie of points: Fief), then by points, then by seat
  const won = (i) => (result.winners.includes(i) ? 1 : 0);
  const order = result.scores.map((v, i) => i)
    .sort((a, b) => won(b) - won(a) || result.scores[b] - result.scores[a] || a - b);
  const details = ctx.renderer && ctx.renderer.endDetails;
  const rows = order.map((i) => {
    const won = result.winners.includes(i);
    const name = i === viewer ? [el("strong", {}, w.you), " ", el("small", {}, plainName(msg, i, lang))] : [seatName(i)];
    const kind = seatKind(i);
    const more = details ? details(ctx, i) : null;
    const points = result.scores[i];
    return el("tr", { class: `end-row${won ? " end-winner" : ""}${i === viewer ? " end-mine" : ""}`, "data-seat": i },
      el("td", { class: "end-name" }, el("span", { class: "end-dot", style: `background: ${seatColour(ctx, i)}` }),
        ...name, kind ? el("small", { class: "seat-kind" }, kind) : "",
        more ? el("div", { class: "end-details" }, parts(more, zh)) : ""),
      el("td", { class: "end-points", "data-points": points }, zh ? `${points}分` : String(points)),
      el("td", { class: "end-won" }, won ? `★ ${w.winner}` : ""));
  });
  return el("section", { id: "end-panel", class: "end-panel", "aria-labelledby": "end-title" },
    el("h2", { id: "end-title" }, w.finalScores),
    el("table", { class: "end-table" },
      el("thead", {}, el("tr", {}, el("th", {}, w.player), el("th", { class: "end-points" }, w.points),
        el("th", {}, ""))),
      el("tbody", {}, rows)),
    ctx.replayLink || ctx.rematch ? el("p", { class: "end-links" },
      ctx.replayLink ? el("a", { id: "end-replay", href: ctx.replayLink }, w.replay) : "",
      rematchControl(ctx, w)) : "");
}

// The rematch (a new table of the same game, options and seats): a person of the table
// starts it, or goes to it once someone has, with their own link (the same token); a
// spectator watches it.
function rematchControl(ctx, w) {
  const { msg, lang } = ctx;
  const r = ctx.rematch;
  if (!r) return "";
  const mine = r.host ? `host=${encodeURIComponent(r.host)}`
    : r.seat != null && r.token ? `seat=${r.seat}&token=${encodeURIComponent(r.token)}` : null;
  if (msg.rematch) {
    return el("a", { id: "end-rematch", class: "end-rematch", href: `/table/${msg.rematch}${mine ? `?${mine}` : ""}` },
      mine ? w.toRematch : w.watchRematch);
  }
  if (!mine) return "";
  const said = el("span", { class: "end-error", role: "alert" });
  const button = el("button", { id: "end-rematch", class: "end-rematch", onclick: async () => {
    button.disabled = true;
    const body = r.host ? { host: r.host } : { seat: r.seat, token: r.token };
    const res = await fetch(`/api/tables/${r.tableId}/rematch`,
      { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const answer = await res.json().catch(() => ({}));
    if (res.ok) { location.href = answer.link; return; }
    button.disabled = false;
    const m = answer.message;
    said.textContent = m && typeof m === "object" ? (m[lang] || m.en) : String(m || res.status);
  } }, w.rematch);
  return [button, said];
}
