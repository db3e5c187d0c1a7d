// What every game's renderer shares: making a thing on the board the way to take a
// legal action, and buttons for the legal actions that are not things on the board.
import { el } from "/static/i18n.js";

// Make `node` clickable for `action` if it is legal now; remember it in `bound`.
// It is reachable with Tab and taken with Enter or Space too, named by the action's label.
export function bind(node, action, ctx, bound) {
  if (ctx.legal.has(action)) {
    node.classList.add("clickable");
    node.dataset.action = action;
    node.addEventListener("click", (ev) => { ev.stopPropagation(); ctx.act(action); });
    const legal = ctx.legal.get(action);
    const label = legal && legal.label ? ctx.pick(legal.label) : "";
    if (label) node.setAttribute("aria-label", label);
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
