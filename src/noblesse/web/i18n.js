// Interface text in English and Traditional Chinese. Card names and game texts come
// from the server (catalog, labels, log) in both languages.
const TEXT = {
  en: {
    title: "noblesse", lobby: "Lobby", newTable: "New table", game: "Game", players: "Players",
    seat: "Seat", human: "Human", easy: "Bot (easy)", normal: "Bot (medium)", hard: "Bot (hard)", policy: "Trained policy",
    random: "Bot (easy)", greedy: "Bot (medium)", ismcts: "Bot (hard)",
    seed: "Practice seed (optional: a known deal, only for one human with bots)",
    seats: "Players", moves: "Moves", scores: "Scores", create: "Create table", openTables: "Tables in play", finishedTables: "Finished tables",
    links: "Links for this table", play: "Play", watch: "Watch", replay: "Watch again",
    hostLink: "Host link (hand seats to bots)", copy: "Copy", yourTurn: "Your turn",
    waitingFor: "Waiting for", over: "Game over", winner: "Winner", winners: "Winners", noWinner: "No winner",
    and: " and ", log: "Log", undo: "Take back",
    hand: "Your hand", inHand: "in your hand", playable: "playable", line: "The line (guillotine at the left)", discard: "Action discard pile",
    nobleDiscard: "Noble discard pile", deck: "Deck", score: "pts", cards: "cards",
    pile: "Score pile", inFront: "In front", day: "Day", you: "you", spectator: "Spectator",
    toBot: "Hand to bot", connected: "online", options: "Options", none: "none",
    step: "Step", first: "First", prev: "Back", next: "Forward", last: "Last", language: "中文",
    hidden: "hidden support", rush: "Rush Job", confusion: "Confusion in Line",
    noTables: "No tables yet.", error: "Error", name: "Name", peek: "You see",
    theirHand: "Their hand", actions: "Other choices", noble: "noble", empty: "(empty)",
    reconnecting: "Connection lost — reconnecting…",
    deal: "Deal", dealTitle: "Commitment to this deal (SHA-256 of seed:salt), fixed before the first card",
    knownDeal: "Known deal (practice)", dealRevealed: "Deal revealed", dealSeed: "seed", dealSalt: "salt",
    dealOk: "✓ checked in this browser: SHA-256 of seed:salt matches the commitment shown at the start",
    dealBad: "✗ does NOT match the commitment shown at the start",
    noCrypto: "this browser cannot compute SHA-256 here (crypto.subtle is missing: it needs HTTPS or localhost); check it with the command below",
    dealChecking: "checking…", record: "Download the game record", verifyWith: "Check it yourself:",
    myTables: "My tables", state: "State", stateTurn: "Your turn", stateWaiting: "Waiting", stateOver: "Finished",
    stateGone: "Not found", back: "Back to the table", copyLink: "Copy my link", copied: "Copied",
    copyHere: "Copy this link:", advanced: "Advanced rules", about: "About",
    badLink: "This seat link is not valid here: ask the host for your own link, or watch the table.",
    rules: "Rules", rulesOf: "Rules of this game (opens a new tab)",
    toLobby: "Back to the lobby", offline: "Disconnected: the board takes no moves until the connection is back.",
    open: "Open seat (anyone may join)", openSeat: "Open seat", freeSeats: "Open seats", join: "Join",
    alerts: "Alerts", soundOnTurn: "Play a sound when it is my turn",
    notifyOnTurn: "Notify me when it is my turn while this tab is hidden",
    notifyBlocked: "This browser blocks notifications from this site: allow them in its settings.",
    moreBelow: "More buttons below: scroll them ↓",
    botSpeed: "Bot speed", fast: "Fast", slow: "Slow", speedNormal: "Normal",
    botSpeedAbout: "How long the bots wait before each move: slow gives time to see what they do.",
  },
  "zh-TW": {
    title: "noblesse", lobby: "大廳", newTable: "開新牌桌", game: "遊戲", players: "玩家人數",
    seat: "玩家", human: "真人", easy: "電腦（簡單）", normal: "電腦（普通）", hard: "電腦（困難）", policy: "訓練策略",
    random: "電腦（簡單）", greedy: "電腦（普通）", ismcts: "電腦（困難）",
    seed: "練習用種子（選填：指定公開的牌局，限一位真人搭配電腦）",
    seats: "玩家", moves: "步數", scores: "分數", create: "建立牌桌", openTables: "進行中的牌桌", finishedTables: "已完成的牌桌",
    links: "這張牌桌的連結", play: "入座", watch: "旁觀", replay: "重播",
    hostLink: "房主連結（可把座位交給電腦）", copy: "複製", yourTurn: "輪到你了",
    waitingFor: "等待", over: "遊戲結束", wins: "獲勝", winsTogether: "並列獲勝", noWinner: "沒有人獲勝",
    and: "和", log: "紀錄", undo: "收回",
    hand: "你的手牌", inHand: "在你的手牌中", playable: "可選", line: "人物隊列（斷頭臺在左）", discard: "行動牌棄牌堆",
    nobleDiscard: "人物牌棄牌堆", deck: "牌疊", score: "分", cards: "張",
    pile: "分數欄", inFront: "面前", day: "第", you: "你", spectator: "旁觀者",
    toBot: "交給電腦", connected: "線上", options: "選項", none: "無",
    step: "步", first: "開頭", prev: "上一步", next: "下一步", last: "結尾", language: "English",
    hidden: "暗置支持", rush: "趕工", confusion: "隊列混亂",
    noTables: "還沒有牌桌。", error: "錯誤", name: "名字", peek: "你看到",
    theirHand: "對方手牌", actions: "其他選擇", noble: "人物", empty: "（空）",
    reconnecting: "連線中斷，重新連線中……",
    deal: "發牌", dealTitle: "這副牌的承諾（seed:salt的SHA-256），在發第一張牌前就已確定",
    knownDeal: "公開的牌局（練習）", dealRevealed: "已公開發牌", dealSeed: "種子（seed）", dealSalt: "鹽值（salt）",
    dealOk: "✓ 已在這個瀏覽器驗證：seed:salt的SHA-256與開局時顯示的承諾相符",
    dealBad: "✗ 與開局時顯示的承諾不符",
    noCrypto: "這個瀏覽器無法在這裡計算SHA-256（沒有crypto.subtle，需要HTTPS或localhost）；請用下方指令自行驗證",
    dealChecking: "驗證中……", record: "下載牌局紀錄", verifyWith: "自行驗證：",
    myTables: "我的牌桌", state: "狀態", stateTurn: "輪到你了", stateWaiting: "等待中", stateOver: "已結束",
    stateGone: "找不到牌桌", back: "回到牌桌", copyLink: "複製我的連結", copied: "已複製",
    copyHere: "複製這個連結：", advanced: "進階規則", about: "簡介",
    badLink: "這個座位連結在這裡無效：請向房主索取你自己的連結，或旁觀這張牌桌。",
    rules: "規則", rulesOf: "這個遊戲的規則（在新分頁開啟）",
    toLobby: "回到大廳", offline: "連線中斷：恢復連線前，牌桌不接受任何動作。",
    open: "空位（任何人都可以入座）", openSeat: "空位", freeSeats: "空位", join: "入座",
    alerts: "提醒", soundOnTurn: "輪到我時發出提示音",
    notifyOnTurn: "這個分頁不在前景時，輪到我就通知我",
    notifyBlocked: "這個瀏覽器封鎖了本站的通知：請在瀏覽器設定中允許。",
    moreBelow: "下方還有更多按鈕：請向下捲動↓",
    botSpeed: "電腦玩家速度", fast: "快", slow: "慢", speedNormal: "普通",
    botSpeedAbout: "電腦玩家每一步之前等待多久：選「慢」就看得清楚它們做了什麼。",
  },
};

// A table's bot speeds (the server's BotSpeed: how long its bots wait before each move),
// each with the key of its name.
export const BOT_SPEEDS = [["fast", "fast"], ["normal", "speedNormal"], ["slow", "slow"]];

export function getLang() {
  const saved = localStorage.getItem("noblesse.lang");
  if (saved === "en" || saved === "zh-TW") return saved;
  return (navigator.language || "").toLowerCase().startsWith("zh") ? "zh-TW" : "en";
}

export function setLang(lang) {
  localStorage.setItem("noblesse.lang", lang);
  document.documentElement.lang = lang;
}

export function t(key, lang = getLang()) {
  return (TEXT[lang] && TEXT[lang][key]) || TEXT.en[key] || key;
}

// "Seat 1" / 「玩家1」.
export function seatLabel(i, lang = getLang()) {
  return lang === "zh-TW" ? `${t("seat", lang)}${i + 1}` : `${t("seat", lang)} ${i + 1}`;
}

// A trained policy the server offers: "Trained policy ppo" / 訓練策略「ppo」.
export function policyLabel(name, lang = getLang()) {
  return lang === "zh-TW" ? `${t("policy", lang)}「${name}」` : `${t("policy", lang)} ${name}`;
}

// Who plays a seat, named from its kind: a bot's level ("Bot (medium)" / 「電腦（普通）」),
// "human", or a trained policy with its name ("policy:ppo").
export function seatKindLabel(kind, lang = getLang()) {
  const [level, name] = kind.split(":");
  return level === "policy" ? policyLabel(name, lang) : t(level, lang);
}

// Pick the right language out of a {en, "zh-TW"} object.
export function pick(obj, lang = getLang()) {
  if (obj == null) return "";
  if (typeof obj === "string") return obj;
  return obj[lang] ?? obj.en ?? "";
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}
