// The table page's link to the rules of its game, with this table's options
// (/rules/{game}?table={id}); it opens in a new tab so that the table stays open.
import { getLang, t } from "/static/i18n.js";

const tableId = location.pathname.split("/").pop();
const link = document.getElementById("rules-link");

function label() {
  const lang = getLang();
  link.textContent = t("rules", lang);
  link.title = t("rulesOf", lang);
}

const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/options`);
if (res.ok) {
  const info = await res.json();
  link.href = `/rules/${info.game}?table=${encodeURIComponent(tableId)}`;
  link.dataset.game = info.game;
  label();
  link.hidden = false;
  // table.js switches the language on the same button (its listener runs first)
  document.getElementById("lang-toggle").addEventListener("click", label);
}
