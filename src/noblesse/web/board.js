// What every game's renderer shares: making a thing on the board the way to take a
// legal action, and buttons for the legal actions that are not things on the board.
import { el, t } from "/static/i18n.js";

// Make `node` clickable for `action` if it is legal now; remember it in `bound`.
// It is reachable with Tab and taken with Enter or Space too, named by the action's label.
export function bind(node, action, ctx, bound) {
  if (ctx.legal.has(action)) {
    node.classList.add("clickable");
    node.dataset.action = action;
    node.addEventListener("click", (ev) => { ev.stopPropagation(); ctx.act(action); });
    const legal = ctx.legal.get(action);
    const label = legal && legal.label ? ctx.pick(legal.label) : "";
    if (label) {
      node.setAttribute("aria-label", label);
      node.dataset.label = label;  // read by nameThings after the board is drawn
    }
    if (!(node instanceof HTMLButtonElement)) {  // a button does all this itself
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      if (!node.dataset.keys) {  // one key handler however many actions a thing has
        node.dataset.keys = "1";
        node.addEventListener("keydown", (ev) => {
          if (ev.target !== node || (ev.key !== "Enter" && ev.key !== " ")) return;
          ev.preventDefault();
          ev.stopPropagation();
          node.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
        });
      }
    }
    bound.add(action);
  }
  return node;
}

// A button for every legal action left unbound, so that each one can be taken;
// the actions in `quiet` (declining, ending a turn) get a plain button.
export function otherChoices(ctx, bound, quiet = ["pass"]) {
  return [...ctx.legal.values()].filter((l) => !bound.has(l.action)).map((l) =>
    el("button", { class: quiet.includes(l.action) ? "" : "primary", "data-action": l.action,
      onclick: () => ctx.act(l.action) }, ctx.pick(l.label)));
}

// Help one hover or long-press away: the data file's text as the element's tooltip
// (title), read by screen readers through aria-describedby (a hidden copy), and shown
// in a bubble while a finger rests on the element (touch screens have no hover).
let helpCount = 0;

export function withHelp(node, text) {
  if (!text) return node;
  const id = `help-${++helpCount}`;
  node.setAttribute("title", text);
  node.setAttribute("aria-describedby", id);
  node.dataset.help = text;
  node.append(el("span", { class: "help-text", id }, text));
  let timer = null;
  let bubble = null;
  const hide = () => { clearTimeout(timer); timer = null; if (bubble) { bubble.remove(); bubble = null; } };
  node.addEventListener("touchstart", (e) => {
    const touch = e.touches[0];
    timer = setTimeout(() => {
      bubble = el("div", { class: "help-bubble", role: "tooltip" }, text);
      document.body.append(bubble);
      const left = Math.max(8, Math.min(touch.clientX - 150, window.innerWidth - bubble.offsetWidth - 8));
      bubble.style.left = `${left}px`;
      bubble.style.top = `${Math.max(8, touch.clientY - bubble.offsetHeight - 24)}px`;
    }, 450);
  }, { passive: true });
  node.addEventListener("touchend", (e) => { if (bubble) e.preventDefault(); hide(); });
  node.addEventListener("touchmove", hide, { passive: true });
  node.addEventListener("touchcancel", hide);
  node.addEventListener("contextmenu", (e) => { if (timer || bubble) e.preventDefault(); });
  return node;
}

// Arrow keys inside a row: Left/Right (and Up/Down) move the focus to the previous or
// next legal action among the focused one's siblings (a hand, the line, the map's
// villages), wrapping at the ends; Tab still goes from row to row.
export function arrowKeys(root) {
  root.addEventListener("keydown", (ev) => {
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[ev.key];
    const here = ev.target;
    if (!step || ev.altKey || ev.ctrlKey || ev.metaKey || !(here instanceof Element) || !here.matches("[data-action]")) return;
    const items = [...here.parentElement.children].filter((e) => e.matches("[data-action]"));
    if (items.length < 2) return;
    ev.preventDefault();
    items[(items.indexOf(here) + step + items.length) % items.length].focus();
  });
}

// Every card and board space names itself to a screen reader: its name, its state
// (where it lies, whose it is) and, if a legal action takes it, "playable" and that
// action, e.g. "Marie Antoinette, in the line, 5th" or "Count, in your hand, playable,
// Play Count". A game gives a thing its name and state with `thing`; without one, the
// name is the card's .name text and the state the zone it lies in (`data-zone` on a
// row, or the hand).
export const THINGS = ".card, .rb-card, .cl-card, .cl-land, .slot, .rb-score, [data-village], "
  + "[data-lord]:not([data-lord] [data-lord]), [data-action]:not(button)";

export function thing(node, name, state) {
  if (name) node.dataset.name = name;
  if (state) node.dataset.state = state;
  return node;
}

export function nameThings(root, lang) {
  const comma = lang === "zh-TW" ? "，" : ", ";
  for (const node of root.querySelectorAll(THINGS)) {
    if (node instanceof HTMLButtonElement) continue;
    const name = node.dataset.name || node.querySelector(".name")?.textContent
      || [...node.childNodes].filter((c) => !c.classList?.contains("help-text")).map((c) => c.textContent).join("").trim();
    const zone = node.parentElement?.closest("[data-zone]")?.dataset.zone
      || (node.closest("#hand") ? t("inHand", lang) : "");
    const parts = [name, node.dataset.state || zone];
    if (node.dataset.action) parts.push(t("playable", lang), node.dataset.label);
    else node.setAttribute("role", "group");
    node.setAttribute("aria-label", parts.filter(Boolean).join(comma));
  }
}

// "1st", "2nd", "3rd", "11th", "22nd".
export function ordinal(n) {
  const tail = n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th";
  return `${n}${tail}`;
}

// A card's name wraps only between words, never inside one ("Robespier re"): a word wider
// than its card makes the name smaller, down to 60 % of its size, rather than be cut.
export const CARD_NAMES = ".card .name, .rb-card .name, .cl-card .name, .cl-land .name";
export function fitNames(root) {
  for (const name of root.querySelectorAll(CARD_NAMES)) {
    name.style.fontSize = "";
    if (name.scrollWidth <= name.clientWidth + 0.5) continue;
    let size = parseFloat(getComputedStyle(name).fontSize);
    const least = size * 0.6;
    while (name.scrollWidth > name.clientWidth + 0.5 && size > least) {
      size -= 0.5;
      name.style.fontSize = `${size}px`;
    }
  }
}
