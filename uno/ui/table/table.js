// The Uno table: draws the view model that Python built (uno.academy.table) and sends back
// actions in the engine's notation ("0: play R7", "1: challenge"). It decides nothing about the
// rules: every lit card, every button and every refusal comes from the model.
//
// A game screen (model.fill): the others compact at the top, the piles, the last move and the
// story in the middle (the newest line in view), the message and the hand at the bottom; the
// table fills the window below the page's header, so the hand is always in view. A wall
// (model.wall, a projector) sizes everything for the back of a classroom.
//
// Contract for tests: the root has data-testid="uno-table"; each card of the hand is a <button>
// with data-card, data-seat and data-playable; colour choices carry data-color; the message
// region has role="status"; the story's lines are the <li> of .story ol (the newest last).
// Text from the model is only ever set with textContent.

const KEY_HELP_ID = "uno-keys";

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") node.textContent = value;
    else if (name === "class") node.className = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) if (child) node.appendChild(child);
  return node;
}

function cardImage(images, code, cls) {
  return el("img", { src: images[code] || images.back, alt: "", class: cls || "", draggable: "false" });
}

// -- the hand: a fan when the row is too narrow -------------------------------------------------

// Each card keeps at least this much of its left edge in view (its corner index and some of its
// face): a phone shows seven or eight cards at once, a longer hand still scrolls sideways.
const FAN_MIN_STEP = 30;

function fanHand(row) {
  row.classList.remove("fanned");
  row.style.removeProperty("--fan-overlap");
  const cards = row.querySelectorAll("button.card");
  if (cards.length < 2 || row.scrollWidth <= row.clientWidth) return;
  const style = getComputedStyle(row);
  const free = row.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const width = cards[0].offsetWidth;
  const step = Math.max(FAN_MIN_STEP, Math.floor((free - width) / (cards.length - 1)));
  if (step >= width) return;
  row.classList.add("fanned");
  row.style.setProperty("--fan-overlap", `${width - step}px`);
}

// -- the game screen: the table fills the window below the page's header ----------------------

function headerHeight(root) {
  const doc = root.ownerDocument || document;
  const header = doc.querySelector('[data-testid="stHeader"]');
  if (!header) return 0;
  const box = header.getBoundingClientRect();
  return box.height > 0 && getComputedStyle(header).display !== "none" ? Math.ceil(box.bottom) : 0;
}

function fitScreen(root, model) {
  if (!model.fill) {
    root.style.removeProperty("--uno-offset");
    return;
  }
  // A wall has no header: the table starts below the page's padding and ends above its edge.
  const top = Math.ceil(root.getBoundingClientRect().top + (window.scrollY || 0));
  const offset = model.wall ? Math.max(top, 0) + 12 : headerHeight(root) + 8;
  root.style.setProperty("--uno-offset", `${offset}px`);
}

// -- one render ------------------------------------------------------------------------------

function seatChip(seat, model, images) {
  const L = model.labels;
  const item = el("li", {
    class: "seat" + (seat.turn ? " turn" : ""),
    "data-seat": seat.seat,
    "aria-current": seat.turn ? "true" : null,
  });
  const head = el("div", { class: "seat-head" });
  head.appendChild(el("span", { class: "name", text: seat.name }));
  if (seat.bot !== null && seat.bot !== undefined) {
    head.appendChild(el("span", { class: "who", text: seat.bot ? `${L.bot} · ${seat.bot}` : L.bot }));
  }
  item.appendChild(head);
  const info = el("div", { class: "seat-info" });
  info.appendChild(el("span", { class: "count", text: seat.count_text }));
  if (seat.score_text) info.appendChild(el("span", { class: "count score", text: seat.score_text }));
  if (seat.turn) info.appendChild(el("span", { class: "badge turn-badge", text: L.turn }));
  if (seat.uno === "said") info.appendChild(el("span", { class: "badge uno-said", text: L.said_uno }));
  if (seat.uno === "forgot") info.appendChild(el("span", { class: "badge uno-forgot", text: L.forgot_uno }));
  item.appendChild(info);
  const row = el("div", { class: "seat-cards", "aria-hidden": seat.cards ? null : "true" });
  if (seat.cards) {
    for (const card of seat.cards) {
      row.appendChild(el("span", { class: "mini", "data-card": card.code, role: "img", "aria-label": card.label }, cardImage(images, card.code)));
    }
  } else {
    // A game screen shows a few backs (the count says the rest); a page shows up to ten.
    const most = model.fill ? 5 : 10;
    const shown = Math.min(seat.count, most);
    for (let i = 0; i < shown; i += 1) row.appendChild(el("span", { class: "mini back", "data-card": "back" }, cardImage(images, "back")));
    if (seat.count > shown) row.appendChild(el("span", { class: "more", text: `+${seat.count - shown}` }));
  }
  item.appendChild(row);
  return item;
}

function storyLine(line) {
  const item = el("li", {});
  item.appendChild(el("span", { class: "line-text", text: line.text }));
  for (const link of line.links || []) {  // the ruling it applies, the lesson that teaches it
    item.appendChild(document.createTextNode(" "));
    item.appendChild(el("a", { class: "rule", href: link.href, target: "_self", "data-kind": link.kind, "data-rule": line.rule, text: link.label }));
  }
  return item;
}

function board(model, ui, send, images) {
  const L = model.labels;
  const pile = model.pile;
  const wrap = el("div", { class: "board" });
  const discard = el("figure", { class: "discard", role: "img", "aria-label": pile.discard_aria });
  discard.appendChild(cardImage(images, "top", "top-card"));
  discard.appendChild(el("figcaption", { text: pile.caption }));
  if (pile.color_label) {
    const named = el("div", { class: "named", "data-named": pile.color });
    named.appendChild(el("span", { class: "named-title", text: L.named }));
    named.appendChild(el("span", { class: `shape shape-${pile.color}`, "aria-hidden": "true" }));
    named.appendChild(el("span", { class: "named-name", text: pile.color_label }));
    discard.appendChild(named);
  }
  wrap.appendChild(discard);
  const drawAble = Boolean(pile.lit);  // a move to make now (a lesson lights none)
  const drawButton = el("button", {
    type: "button",
    class: "draw" + (drawAble ? " lit" : ""),
    "data-action": "draw",
    "data-playable": drawAble ? "true" : "false",
    "aria-label": pile.draw_aria,
    onclick: () => tapPile(model, ui, send),
  });
  drawButton.appendChild(cardImage(images, "back", "back-card"));
  drawButton.appendChild(el("span", { class: "draw-text", text: `${L.draw_pile} · ${pile.draw_text}` }));
  if (!pile.tap) drawButton.disabled = true;
  wrap.appendChild(drawButton);
  wrap.appendChild(el("div", { class: "direction", "data-direction": model.direction, text: `${model.direction === 1 ? "↻" : "↺"} ${model.direction_label}` }));
  return wrap;
}

function resultPanel(result, model, images) {
  const panel = el("section", { class: "result", "aria-label": result.title });
  panel.appendChild(el("h3", { class: "result-title", text: result.title }));
  if (result.points_line) panel.appendChild(el("p", { class: "result-points", text: result.points_line }));
  const list = el("ul", { class: "result-rows" });
  for (const row of result.rows) {
    const item = el("li", { class: "result-row" + (row.winner ? " winner" : ""), "data-seat": row.seat });
    const head = el("div", { class: "result-head" });
    head.appendChild(el("span", { class: "name", text: row.name }));
    head.appendChild(el("span", { class: "points", text: row.points_text }));
    if (result.totals && row.total !== null) {
      head.appendChild(el("span", { class: "total", text: `${result.labels.total}: ${row.total}` }));
    }
    item.appendChild(head);
    const cards = el("div", { class: "result-cards" });
    if (!row.cards.length) cards.appendChild(el("span", { class: "none", text: row.cards_text }));
    for (const card of row.cards) {
      cards.appendChild(el("span", { class: "mini", "data-card": card.code, role: "img", "aria-label": card.label }, cardImage(images, card.code)));
    }
    item.appendChild(cards);
    list.appendChild(item);
  }
  panel.appendChild(list);
  return panel;
}

function joinPanel(join, model) {
  const L = model.labels;
  const panel = el("aside", { class: "join", "aria-label": L.join_title });
  panel.appendChild(el("p", { class: "join-title", text: L.join_title }));
  if (join.qr) panel.appendChild(el("img", { class: "join-qr", src: join.qr, alt: join.qr_alt || "" }));
  if (join.how) panel.appendChild(el("p", { class: "join-how", text: join.how }));
  panel.appendChild(el("p", { class: "join-code", text: join.code }));
  if (join.link) panel.appendChild(el("p", { class: "join-link", text: join.link }));
  return panel;
}

function render(root, model, ui, send) {
  const L = model.labels;
  const images = model.images || {};
  const oldRow = root.querySelector(".hand-row");
  if (oldRow) ui.scroll = oldRow.scrollLeft;  // a redraw keeps the hand where the finger left it
  root.className = ["uno-table", `size-${model.size}`, model.over ? "over" : "", model.fill ? "fill" : "",
    model.wall ? "wall" : "", model.you_turn ? "your-turn" : "", model.join ? "joining" : ""].filter(Boolean).join(" ");
  root.replaceChildren();

  // -- the top: the other seats, compact, the one to play marked; the page's menu --------------
  const top = el("header", { class: "top" });
  const seats = el("ul", { class: "seats", "aria-label": model.status });
  for (const seat of model.seats) {
    if (model.hand && seat.seat === model.hand.seat) continue;
    seats.appendChild(seatChip(seat, model, images));
  }
  top.appendChild(seats);
  if (model.menu) {
    top.appendChild(el("button", {
      type: "button",
      class: "menu",
      "data-action": "menu",
      title: model.menu.help,
      "aria-label": model.menu.help,
      text: `☰ ${model.menu.label}`,
      onclick: () => ui.menu(),
    }));
  }
  root.appendChild(top);

  // -- the middle: the piles, the last move (large), the story (the newest line in view) --------
  const middle = el("div", { class: "middle" });
  middle.appendChild(board(model, ui, send, images));
  const side = el("div", { class: "side" });
  if (model.newest) {
    const newest = el("p", { class: "newest", "aria-hidden": "true" });
    newest.appendChild(el("span", { class: "newest-title", text: `${L.newest}: ` }));
    newest.appendChild(el("span", { class: "newest-text", text: model.newest.text }));
    side.appendChild(newest);
  }
  const story = el("section", { class: "story", "aria-label": L.story });
  story.appendChild(el("h4", { text: L.story }));
  const list = el("ol", { "aria-live": "polite", "aria-relevant": "additions" });
  for (const line of model.story) list.appendChild(storyLine(line));
  story.appendChild(list);
  side.appendChild(story);
  middle.appendChild(side);
  if (model.join) middle.appendChild(joinPanel(model.join, model));
  root.appendChild(middle);

  // -- the bottom: what happens now, the message at the hand, the moves, the hand ---------------
  const bottom = el("div", { class: "bottom" });
  const status = model.thinking ? `${model.status} ${L.thinking}` : model.status;
  bottom.appendChild(el("p", { class: "status" + (model.you_turn ? " you" : ""), text: status }));
  const message = ui.localMessage || model.message;
  const box = el("div", { class: "message" + (message ? ` ${message.kind}` : ""), role: "status", "aria-live": "polite" });
  if (message) {
    box.appendChild(el("span", { class: "message-text", text: message.text }));
    (message.links || []).forEach((link, index) => {
      // "Rule R-PLAY-1 · Lesson 3": two links, not one run of words.
      box.appendChild(document.createTextNode(index ? " · " : " "));
      box.appendChild(el("a", { href: link.href, target: "_self", text: link.label }));
    });
  }
  bottom.appendChild(box);
  if (model.result) bottom.appendChild(resultPanel(model.result, model, images));

  // A question the tap needs answered first: a colour, a seat, "Uno" or not.
  const ask = ui.ask || model.ask;
  if (ask) bottom.appendChild(askPanel(ask, model, ui, send));

  // The moves offered beside the hand, exactly those the engine allows, and the page's tools
  // (the coach, a computer player's next step), which are not moves.
  if (model.buttons.length || (model.tools || []).length) {
    const bar = el("div", { class: "buttons" });
    for (const button of model.buttons) {
      bar.appendChild(el("button", {
        type: "button",
        class: "move" + (button.primary ? " primary" : "") + (button.verb === "uno" ? " uno-button" : ""),
        "data-verb": button.verb,
        "data-action": button.send || null,
        text: button.label,
        onclick: () => {
          if (button.card) tapCard(button.card, model, ui, send);
          else send(button.send);
        },
      }));
    }
    for (const tool of model.tools || []) {
      bar.appendChild(el("button", { type: "button", class: "move tool", "data-tool": tool.id, text: tool.label, onclick: () => ui.tool(tool.id) }));
    }
    bottom.appendChild(bar);
  }

  // The hand: one row of card buttons (a fan, or scrolling sideways, when long).
  if (model.hand) {
    const hand = model.hand;
    const section = el("section", { class: "hand" + (hand.active ? " active" : ""), "aria-label": hand.title, "data-seat": hand.seat });
    const title = el("div", { class: "hand-title" });
    title.appendChild(el("span", { text: hand.title }));
    const me = model.seats[hand.seat];
    if (me) {
      title.appendChild(el("span", { class: "count", text: me.count_text }));
      if (me.score_text) title.appendChild(el("span", { class: "count score", text: me.score_text }));
      if (me.turn) title.appendChild(el("span", { class: "badge turn-badge", text: model.personal ? L.your_turn : L.turn }));
      if (me.uno === "said") title.appendChild(el("span", { class: "badge uno-said", text: L.said_uno }));
      if (me.uno === "forgot") title.appendChild(el("span", { class: "badge uno-forgot", text: L.forgot_uno }));
    }
    section.appendChild(title);
    const row = el("div", { class: "hand-row", role: "group", "aria-label": hand.title });
    hand.cards.forEach((card, index) => {
      const button = el("button", {
        type: "button",
        class: "card" + (card.lit ? " lit" : "") + (card.hint ? " hint" : "") + (card.drawn ? " drawn" : ""),
        "data-card": card.code,
        "data-seat": hand.seat,
        "data-playable": card.lit ? "true" : "false",
        "aria-label": index < 9 ? `${index + 1}. ${card.label}` : card.label,
        tabindex: index === ui.focus ? "0" : "-1",
        onclick: () => tapCard(card.code, model, ui, send),
        onfocus: () => { ui.focus = index; },
      }, cardImage(images, card.code));
      if (!hand.active) button.setAttribute("aria-disabled", "true");
      row.appendChild(button);
    });
    section.appendChild(row);
    bottom.appendChild(section);
  }
  // The keys play a hand: a screen with no hand (a projector, the teacher's) has none to tell.
  if (model.hand) bottom.appendChild(el("p", { class: "keys", id: KEY_HELP_ID, text: L.keys }));
  root.appendChild(bottom);

  fitScreen(root, model);
  const row = root.querySelector(".hand-row");
  if (row) {
    fanHand(row);
    if (ui.scroll) row.scrollLeft = ui.scroll;
  }
  pinStory(root, list);
}

// The newest move stays in view: the story's list is scrolled to its end now, and again
// whenever its box changes size (the screen fitted below the header, a phone turned, the
// component laid out after it was drawn).
function pinStory(root, list) {
  list.scrollTop = list.scrollHeight;
  if (typeof ResizeObserver === "undefined") return;
  if (!root.__storyWatch) {
    root.__storyWatch = new ResizeObserver((entries) => {
      for (const entry of entries) entry.target.scrollTop = entry.target.scrollHeight;
    });
  }
  root.__storyWatch.disconnect();
  root.__storyWatch.observe(list);
}

function askPanel(ask, model, ui, send) {
  const L = model.labels;
  const panel = el("div", { class: "ask", role: "group", "aria-label": ask.ask === "color" ? L.choose_color : ask.ask === "seat" ? L.choose_seat : L.uno });
  panel.appendChild(el("p", { class: "ask-title", text: ask.ask === "color" ? L.choose_color : ask.ask === "seat" ? L.choose_seat : L.uno }));
  const withUno = ask.choices.some((c) => c.send_uno);
  const choices = el("div", { class: "choices" });
  for (const choice of ask.choices) {
    if (ask.ask === "uno") break;
    const button = el("button", {
      type: "button",
      class: "choice" + (choice.color ? ` color-${choice.color}` : ""),
      "data-color": choice.color || null,
      "data-target": choice.seat === undefined ? null : choice.seat,
      onclick: () => {
        const unoBox = panel.querySelector("input.say-uno");
        const sayUno = unoBox ? unoBox.checked : false;
        ui.ask = null;
        send(sayUno && choice.send_uno ? choice.send_uno : choice.send);
      },
    });
    if (choice.color) button.appendChild(el("span", { class: `shape shape-${choice.color}`, "aria-hidden": "true" }));
    button.appendChild(el("span", { text: choice.label }));
    choices.appendChild(button);
  }
  if (ask.ask === "uno") {
    const choice = ask.choices[0];
    choices.appendChild(el("button", { type: "button", class: "choice primary uno-button", "data-action": choice.send_uno, text: L.play_and_uno, onclick: () => { ui.ask = null; send(choice.send_uno); } }));
    choices.appendChild(el("button", { type: "button", class: "choice", "data-action": choice.send, text: L.play_without_uno, onclick: () => { ui.ask = null; send(choice.send); } }));
  }
  panel.appendChild(choices);
  if (withUno && ask.ask !== "uno") {
    const label = el("label", { class: "uno-toggle" });
    label.appendChild(el("input", { type: "checkbox", class: "say-uno", checked: true }));
    label.appendChild(el("span", { text: L.uno }));
    panel.appendChild(label);
  }
  if (ui.ask) {
    panel.appendChild(el("button", { type: "button", class: "cancel", text: L.cancel, onclick: () => { ui.ask = null; ui.redraw(); } }));
  }
  return panel;
}

// -- taps ------------------------------------------------------------------------------------

function act(tap, model, ui, send) {
  if (!tap) return;
  if (tap.refuse) {
    ui.localMessage = tap.refuse;  // the engine's reason, at the hand; nothing changes
    ui.ask = null;
    ui.redraw();
    return;
  }
  ui.localMessage = null;
  if (tap.ask) {
    ui.ask = tap;
    ui.redraw();
    const first = ui.root.querySelector(".ask button");
    if (first) first.focus();
    return;
  }
  if (tap.send_uno) {
    ui.ask = { ask: "uno", choices: [tap] };
    ui.redraw();
    const first = ui.root.querySelector(".ask button");
    if (first) first.focus();
    return;
  }
  send(tap.send);
}

function tapCard(code, model, ui, send) {
  if (!model.hand) return;
  act(model.hand.taps[code], model, ui, send);
}

function tapPile(model, ui, send) {
  act(model.pile.tap, model, ui, send);
}

// -- keyboard: arrows and Enter (or 1-9) choose a card, D draws, U says Uno --------------------

function onKey(event, ui) {
  const model = ui.model;
  if (!model || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return;
  const cards = Array.from(ui.root.querySelectorAll(".hand-row button.card"));
  const key = event.key;
  if (key === "ArrowRight" || key === "ArrowLeft") {
    if (!cards.length) return;
    const step = key === "ArrowRight" ? 1 : -1;
    ui.focus = (Math.max(0, ui.focus) + step + cards.length) % cards.length;
    cards.forEach((c, i) => c.setAttribute("tabindex", i === ui.focus ? "0" : "-1"));
    cards[ui.focus].focus();
    event.preventDefault();
  } else if (/^[1-9]$/.test(key)) {
    const index = Number(key) - 1;
    if (index < cards.length) {
      ui.focus = index;
      cards[index].click();
      event.preventDefault();
    }
  } else if (key === "d" || key === "D") {
    const draw = ui.root.querySelector("button.draw");
    if (draw && !draw.disabled) { draw.click(); event.preventDefault(); }
  } else if (key === "u" || key === "U") {
    const uno = ui.root.querySelector("button.uno-button");
    if (uno) { uno.click(); event.preventDefault(); }
  } else if (key === "Escape" && ui.ask) {
    ui.ask = null;
    ui.redraw();
    event.preventDefault();
  }
}

// -- focus: a redraw replaces every node; the keyboard's place in the table is kept ------------

function focusedPlace(root) {
  const active = root.getRootNode().activeElement || document.activeElement;
  if (!active || !root.contains(active)) return null;
  if (active.matches && active.matches(".hand-row button.card")) return { card: true };
  for (const name of ["data-color", "data-target", "data-verb", "data-action"]) {
    const value = active.getAttribute && active.getAttribute(name);
    if (value !== null && value !== undefined) return { selector: `[${name}="${CSS.escape(value)}"]` };
  }
  return { root: true };
}

function restoreFocus(root, place, ui) {
  if (!place) return;
  let target = null;
  if (place.selector) target = root.querySelector(place.selector);
  if (!target && (place.card || place.selector)) {
    target = root.querySelector(`.hand-row button.card[tabindex="0"]`);
  }
  (target || root).focus({ preventScroll: true });
}

// -- the component ----------------------------------------------------------------------------

export default function (component) {
  const { data, setTriggerValue, parentElement } = component;
  let root = parentElement.querySelector('[data-testid="uno-table"]');
  if (!root) {
    root = el("div", { "data-testid": "uno-table", tabindex: "-1" });
    parentElement.appendChild(root);
  }
  const ui = root.__uno || (root.__uno = { ask: null, localMessage: null, focus: 0, version: null, sent: null, menus: 0 });
  ui.root = root;
  ui.model = data;
  root.dataset.version = String(data.version);  // tests and benchmarks watch it change
  ui.sent = null;  // Python answered: a new tap may go
  if (ui.version !== data.version) {
    // A new state: the old question and the old refusal no longer apply.
    ui.ask = null;
    ui.localMessage = null;
    ui.version = data.version;
    const cards = data.hand ? data.hand.cards.length : 0;
    ui.focus = Math.min(ui.focus, Math.max(cards - 1, 0));
  }
  const send = (action) => {
    if (!action || ui.sent === data.version) return;  // one move per state: no double taps
    ui.sent = data.version;
    root.classList.add("sending");
    setTriggerValue("action", { action, version: data.version });
  };
  ui.menu = () => { ui.menus += 1; setTriggerValue("menu", { n: ui.menus }); };
  ui.tool = (id) => { ui.menus += 1; setTriggerValue("tool", { id, n: ui.menus }); };
  // Every redraw (a refusal, a question, Escape, Python's answer) keeps the keyboard's place.
  ui.redraw = () => {
    const place = focusedPlace(root);
    render(root, ui.model, ui, send);
    restoreFocus(root, place, ui);
  };
  if (!root.__fan) {
    // A phone turned, a window resized: the hand is fanned again, the screen fitted again.
    root.__fan = () => {
      const row = root.querySelector(".hand-row");
      if (row) fanHand(row);
      if (ui.model) fitScreen(root, ui.model);
    };
    window.addEventListener("resize", root.__fan);
  }
  if (!root.__keys) {
    root.__keys = (event) => onKey(event, ui);
    root.addEventListener("keydown", root.__keys);
  }
  ui.redraw();
  if (data.land) {
    // A new game: the screen lands on the table (below the page's header).
    requestAnimationFrame(() => root.scrollIntoView({ block: "start", behavior: "instant" }));
  }
  // Computer players move one at a time: ask Python for the next move after a short pause.
  clearTimeout(root.__timer);
  if (data.thinking && typeof data.pause_ms === "number") {
    const version = data.version;
    root.__timer = setTimeout(() => setTriggerValue("tick", { version }), data.pause_ms);
  }
  return () => clearTimeout(root.__timer);
}
