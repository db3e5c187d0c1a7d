// Your turn, noticed from another tab: a short tone made with WebAudio and a browser
// notification, both off until the player turns them on (each choice kept in this
// browser's localStorage). The notification is asked for only on the player's click, and
// shown only while the page is hidden.
import { el, t } from "/static/i18n.js";

const SOUND_KEY = "noblesse.sound";
const NOTIFY_KEY = "noblesse.notify";
let audio = null;  // one AudioContext, made on the player's click (browsers start it only then)

const soundOn = () => localStorage.getItem(SOUND_KEY) === "1";
const notifyOn = () => localStorage.getItem(NOTIFY_KEY) === "1" && "Notification" in window
  && Notification.permission === "granted";

function context() {
  if (!audio) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    audio = new Ctx();
  }
  if (audio.state === "suspended") audio.resume();
  return audio;
}

// Two short soft notes, rising (about a third of a second).
export function chime() {
  const ctx = context();
  if (!ctx) return;
  const now = ctx.currentTime;
  [[660, 0], [880, 0.14]].forEach(([freq, at]) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + at);
    gain.gain.exponentialRampToValueAtTime(0.18, now + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.18);
    osc.connect(gain).connect(ctx.destination);
    osc.start(now + at);
    osc.stop(now + at + 0.2);
  });
  document.body.dataset.chimes = String(Number(document.body.dataset.chimes || 0) + 1);
}

// It has just become this seat's turn: the tone, and (page hidden) the notification.
export function turnBegan(title, body, tag) {
  if (soundOn()) chime();
  if (notifyOn() && document.hidden) {
    const note = new Notification(title, { body, tag, renotify: true });
    note.onclick = () => { window.focus(); note.close(); };
  }
}

// A browser keeps the AudioContext of a page reloaded with the sound on suspended until
// the player's next click or key: made then.
for (const kind of ["pointerdown", "keydown"]) {
  window.addEventListener(kind, () => { if (soundOn()) context(); }, { once: true, capture: true });
}

// The two switches, drawn again when the language changes.
export function drawAlerts(box, lang) {
  const sound = el("input", { type: "checkbox", id: "sound-toggle", checked: soundOn() });
  sound.addEventListener("change", () => {
    localStorage.setItem(SOUND_KEY, sound.checked ? "1" : "0");
    if (sound.checked) chime();  // on the click: the browser lets the page sound, and the player hears it
  });
  const parts = [el("h2", { id: "alerts-title" }, t("alerts", lang)),
    el("label", { class: "alert-switch" }, sound, t("soundOnTurn", lang))];
  if ("Notification" in window) {
    const blocked = Notification.permission === "denied";
    const notify = el("input", { type: "checkbox", id: "notify-toggle", checked: notifyOn(), disabled: blocked });
    notify.addEventListener("change", async () => {
      if (notify.checked && Notification.permission !== "granted") {
        await Notification.requestPermission();
      }
      localStorage.setItem(NOTIFY_KEY, notify.checked && Notification.permission === "granted" ? "1" : "0");
      drawAlerts(box, lang);
    });
    parts.push(el("label", { class: "alert-switch" }, notify, t("notifyOnTurn", lang)));
    if (blocked) parts.push(el("p", { class: "alert-note", id: "notify-blocked" }, t("notifyBlocked", lang)));
  }
  box.replaceChildren(...parts);
}
