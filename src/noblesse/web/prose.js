// The rules prose of a game (core/rules_page.py's blocks) drawn for the rules page and
// the table's player aid: paragraphs, lists, subheadings, **bold**; a passage the table's
// options change (the rules file's [[option]]) replaced by what the table plays and marked.
import { el, pick } from "/static/i18n.js";

// **bold** inside a line of prose; a changed passage (between two \u0001) marked.
function inline(text, changedTitle) {
  if (text.includes("\u0001")) {
    return text.split("\u0001").map((part, i) => (i % 2 ? el("mark", { class: "rules-changed", title: changedTitle },
      inline(part, changedTitle)) : inline(part, changedTitle)));
  }
  return text.split(/\*\*(.+?)\*\*/).map((part, i) => (i % 2 ? el("strong", {}, part) : part));
}

// The passages of `section` that the table's options (`tableOptions`, null: none) change,
// as [passage, what the table plays]; `value` writes an option's value in words.
export function changedBy(page, section, tableOptions, lang, value) {
  if (!tableOptions) return [];
  return (page.option_prose || []).filter((o) => o.section === section && o.key in page.options
    && tableOptions[o.key] !== page.options[o.key] && pick(o.replace, lang))
    .map((o) => [pick(o.replace, lang), pick(o.with, lang).replaceAll("{value}", value(tableOptions[o.key]))]);
}

export function blocks(list, changes = [], changedTitle = "") {
  const say = (text) => changes.reduce((t, [from, to]) => t.replace(from, `\u0001${to}\u0001`), text);
  return list.map((b) => {
    if (b.kind === "h3") return el("h3", {}, inline(b.text, changedTitle));
    if (b.kind === "ul" || b.kind === "ol") {
      return el(b.kind, {}, b.items.map((item) => el("li", {}, inline(say(item), changedTitle))));
    }
    return el("p", {}, inline(say(b.text), changedTitle));
  });
}
