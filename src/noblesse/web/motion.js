// Cards move (issue 19, "Following the table"): when the board is drawn again, each card
// that is still on it slides from where it was to where it is now, so a reader sees the
// line shift and a card travel to a pile instead of things vanishing and appearing.
// FLIP: the First places of the cards, by name, before the board is drawn again
// (`measure`); their Last places after it; each card Inverted to its first place with a
// transform; then Played back to none with a CSS transition (`slide`). Nothing moves
// for a reader who asks the system for reduced motion.

const CARDS = ".card, .rb-card, .cl-card";
const SLIDE_MS = 400;
const DURATION = `${SLIDE_MS}ms`;
const SETTLE_MS = 200;
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

// Each card of the board by a key that stays the same from one drawing to the next: its
// name (the catalog key where the renderer gives it, else the name it shows), and which
// card of that name it is in page order. A card without a name (face down) is left out.
function cards(root) {
  const count = new Map();
  const out = new Map();
  for (const node of root.querySelectorAll(CARDS)) {
    if (node.parentElement && node.parentElement.closest(CARDS)) continue;  // a card inside a card
    const name = node.dataset.card || node.querySelector(".name")?.textContent.trim();
    if (!name) continue;
    const i = count.get(name) || 0;
    count.set(name, i + 1);
    out.set(`${name}#${i}`, node);
  }
  return out;
}

// Where a card is drawn now, from the corner of the board (a panel opening above the
// board moves the whole board, not a card on it); null if it is not shown (a closed drawer).
function place(node, origin) {
  const r = node.getBoundingClientRect();
  return r.width && r.height ? { x: r.left - origin.left, y: r.top - origin.top } : null;
}

// First: every card's place before the board is drawn again (null: nothing will move).
export function measure(root) {
  if (reduced.matches) return null;
  const origin = root.getBoundingClientRect();
  const first = new Map();
  for (const [key, node] of cards(root)) {
    const at = place(node, origin);
    if (at) first.set(key, at);
  }
  return first;
}

// Last, Invert, Play: each card drawn again away from its first place starts there and
// slides to its new one; it carries the class `flip-moving` while it moves.
export function slide(root, first) {
  if (!first || !first.size || reduced.matches) return;
  const origin = root.getBoundingClientRect();
  const moving = [];
  for (const [key, node] of cards(root)) {
    const was = first.get(key);
    const now = was && place(node, origin);
    if (!now) continue;
    const dx = was.x - now.x;
    const dy = was.y - now.y;
    if (Math.abs(dx) < 4 && Math.abs(dy) < 4) continue;  // still (a card lifted 2 px to be clicked)
    node.style.transition = "none";
    node.style.transform = `translate(${dx}px, ${dy}px)`;
    moving.push(node);
  }
  if (!moving.length) return;
  root.getBoundingClientRect();  // lay the cards out at their first places before they move
  for (const node of moving) {
    const finish = () => {
      node.classList.remove("flip-moving");
      node.style.transition = "";
      node.removeEventListener("transitionend", done);
      node.removeEventListener("transitioncancel", done);
    };
    const done = (ev) => {
      if (ev.target === node && ev.propertyName === "transform") finish();
    };
    // A slide that ends with no event (the card hidden, or drawn again, meanwhile) is
    // over once no transform transition runs on the card any more.
    const settle = () => {
      if (!node.classList.contains("flip-moving")) return;
      if (node.getAnimations().some((a) => a.transitionProperty === "transform")) {
        setTimeout(settle, SETTLE_MS);
      } else {
        finish();
      }
    };
    node.addEventListener("transitionend", done);
    node.addEventListener("transitioncancel", done);
    node.classList.add("flip-moving");
    node.style.transition = `transform ${DURATION} ease-out`;
    node.style.transform = "";
    setTimeout(settle, SLIDE_MS + SETTLE_MS);
  }
}
