// The replay page's script: it lays out the document that tarot/ui/replay_page.py computed
// (embedded above as JSON) and moves from step to step. It knows no rule of the game:
// every figure, every name and every card it shows is in the document.
(function () {
  "use strict";
  const doc = JSON.parse(document.getElementById("replay-data").textContent);
  // Every word the page writes, in the page's language (tarot/ui/page_html.py gives them):
  // a field is "{name}"; a plural is its two forms, the first for one (French: and zero).
  const words = JSON.parse(document.getElementById("replay-labels").textContent);
  // Each step holds only what changed since the step before (the first of each deal holds
  // everything): the table at each step is the step laid over the one before.
  const steps = [];
  for (const change of doc.steps) {
    steps.push(Object.assign({}, steps.length ? steps[steps.length - 1] : {}, change));
  }
  const seats = doc.seats;
  const manyDeals = doc.deals.length > 1;
  let current = 0;
  // The called card (five players), marked wherever the page shows it.
  let called = null;
  // Where each seat sits around the table, in play order from South (counter-clockwise):
  // the template lays out four; three and five are laid out here.
  const places = {
    3: ["south", "north-east", "north-west"],
    5: ["south", "east", "north-east", "north-west", "west"],
  };

  function byId(id) { return document.getElementById(id); }

  function make(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
    return node;
  }

  // A card: its face for the eye (the suit by symbol and colour), its name in words for a
  // screen reader; "down" marks a card the table has not seen yet.
  function card(code, down) {
    const face = doc.cards[code];
    const node = make("span", "card " + face[2] + (down ? " down" : "") +
      (code === called ? " called" : ""));
    node.dataset.code = code;
    const shown = make("span", null, face[0]);
    shown.setAttribute("aria-hidden", "true");
    node.appendChild(shown);
    node.appendChild(make("span", "vh", face[1] + (down ? words.face_down : "")));
    node.title = down ? t(words.face_down_title, {card: face[1]}) : face[1];
    return node;
  }

  // Cards as the page writes them in its text (A21, not the code T21), one space apart.
  function faces(codes) {
    return codes.map(function (code) { return doc.cards[code][0]; }).join(" ");
  }

  function cardList(codes, seen) {
    const list = make("ul", "cards");
    for (const code of codes) {
      const item = make("li");
      item.appendChild(card(code, seen !== undefined && seen.indexOf(code) < 0));
      list.appendChild(item);
    }
    return list;
  }

  function t(text, fields) {
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return fields && name in fields ? String(fields[name]) : whole;
    });
  }

  function tn(forms, count, fields) {
    const one = words.language === "fr" ? count <= 1 : count === 1;
    return t(forms[one ? 0 : 1], Object.assign({count: count}, fields || {}));
  }

  // A sentence with nodes in it: its text split at the fields, each replaced by its node.
  function sentence(text, nodes) {
    return text.split(/(\{\w+\})/).map(function (part) {
      const name = part.replace(/^\{(\w+)\}$/, "$1");
      return part !== name && name in nodes ? nodes[name] : part;
    });
  }

  function renderSeat(step, seat) {
    const box = clear(byId("seat-" + seat));
    box.classList.toggle("to-play", step.turn === seat);
    const title = make("p", "seat-name", seats[seat]);
    const deal = doc.deals[step.deal];
    if (deal.players) {
      const player = deal.players[seat];
      title.appendChild(make("span", "player", " (" + (words.levels[player] || player) + ")"));
    }
    const badges = [];
    if (doc.as_seat === seat) badges.push(words.seen_from_here);
    if (step.dealer === seat) badges.push(words.dealer);
    if (step.taker === seat) badges.push(words.taker);
    // At five players: the partner from the moment the page may name him, or the taker
    // alone (step.attack is absent or null until then).
    if (step.attack && step.attack.length === 1 && step.taker === seat) badges.push(words.alone);
    if (step.attack && step.attack.length > 1 && step.taker !== seat &&
        step.attack.indexOf(seat) >= 0) badges.push(words.partner);
    if (step.turn === seat) badges.push(words.to_play);
    for (const text of badges) title.appendChild(make("span", "badge", text));
    box.appendChild(title);
    const hand = step.hands[seat];
    if (typeof hand === "number") {
      box.appendChild(make("p", "hidden-hand", tn(words.hidden_hand, hand)));
    } else if (hand.length === 0) {
      box.appendChild(make("p", "hidden-hand", words.no_cards));
    } else {
      const list = cardList(hand);
      list.setAttribute("aria-label", tn(words.hand, hand.length, {seat: seats[seat]}));
      box.appendChild(list);
    }
  }

  function renderTrick(step) {
    const trick = step.trick;
    const title = byId("trick-title");
    title.textContent = trick ?
      t(trick.done ? words.trick_taken : words.trick, {number: trick.number}) : "";
    for (const spot of document.querySelectorAll("#trick .spot")) {
      const seat = Number(spot.dataset.seat);
      clear(spot);
      spot.appendChild(make("span", "mark", seats[seat]));
      if (!trick) continue;
      const code = trick.cards[seat];
      if (code) {
        const shown = card(code, false);
        if (trick.done && trick.winner === seat) shown.classList.add("won");
        spot.appendChild(shown);
      } else if (step.turn === seat) {
        spot.appendChild(make("span", "mark", words.to_play));
      }
      const marks = [];
      if (code && trick.leader === seat) marks.push(words.led);
      if (code && trick.winner === seat) marks.push(trick.done ? words.wins : words.winning);
      if (marks.length) spot.appendChild(make("span", "mark", marks.join(", ")));
    }
  }

  function renderContract(step) {
    const contract = byId("contract");
    contract.textContent = step.contract
      ? t(step.chelem ? words.contract_chelem : words.contract,
        {contract: step.contract, seat: seats[step.taker]})
      : words.no_contract;
    if (step.called) {
      contract.appendChild(document.createTextNode(" · "));
      contract.append.apply(contract, sentence(words.called, {card: card(step.called, false)}));
    }
    const points = clear(byId("points"));
    if (!step.points) return;
    const p = step.points;
    const taker = make("span", null, p.taker);
    taker.id = "points-taker";
    const defence = make("span", null, p.defence);
    defence.id = "points-defence";
    const said = p.attack ? words.points_attack :
      p.partner_unknown ? words.points_partner_unknown : words.points;
    points.append.apply(points, sentence(said, {
      taker: taker, defence: defence, target: make("span", null, p.target),
      taker_bouts: faces(p.taker_bouts) || words.no_bouts,
      defence_bouts: faces(p.defence_bouts) || words.no_bouts}));
  }

  function renderAuction(step) {
    const list = clear(byId("auction"));
    if (!step.bids.length) list.appendChild(make("li", null, words.no_bid));
    for (const [seat, name] of step.bids) {
      list.appendChild(make("li", null, t(words.bid, {seat: seats[seat], bid: name || words.pass})));
    }
  }

  function renderPile(parent, label, pile) {
    const box = make("div", "pile");
    const shown = pile.cards.length;
    const hidden = pile.count - shown;
    let caption = label;
    if (shown && pile.public.length < shown) caption = t(words.dashed, {pile: caption});
    if (hidden > 0) {
      caption = tn(shown ? words.pile_some_down : words.pile_down, hidden, {pile: caption});
    }
    box.appendChild(make("p", "pile-title", caption));
    if (shown) box.appendChild(cardList(pile.cards, pile.public));
    parent.appendChild(box);
  }

  function renderPiles(step) {
    const piles = clear(byId("piles"));
    renderPile(piles, words.chien, step.chien);
    if (step.discard) renderPile(piles, t(words.discard_of, {seat: seats[step.taker]}), step.discard);
  }

  function renderAnnouncements(step) {
    const list = clear(byId("announcements"));
    if (step.chelem) list.appendChild(make("li", null, t(words.chelem, {seat: seats[step.taker]})));
    for (const [seat, name, codes] of step.poignees) {
      const item = make("li", null, t(words.poignee, {seat: seats[seat], poignee: name.toLowerCase()}));
      item.appendChild(cardList(codes));
      list.appendChild(item);
    }
    if (!list.firstChild) list.appendChild(make("li", null, words.none));
  }

  function renderTricks(step) {
    const table = clear(byId("tricks"));
    const deal = doc.deals[step.deal];
    const head = make("tr");
    head.appendChild(make("th", "num", "#"));
    for (const name of seats) head.appendChild(make("th", null, name));
    const thead = make("thead");
    thead.appendChild(head);
    table.appendChild(thead);
    const body = make("tbody");
    for (const trick of deal.tricks.slice(0, step.tricks_done)) {
      const row = make("tr");
      row.appendChild(make("td", "num", String(trick.number)));
      for (let seat = 0; seat < seats.length; seat++) {
        const cell = make("td");
        const shown = card(trick.cards[seat], false);
        cell.appendChild(shown);
        if (trick.leader === seat) {
          shown.classList.add("led");
          cell.appendChild(make("span", "vh", words.led_hidden));
        }
        if (trick.winner === seat) cell.appendChild(make("span", "winner", " ✓"));
        row.appendChild(cell);
      }
      body.appendChild(row);
    }
    if (!step.tricks_done) {
      const row = make("tr");
      const cell = make("td", null, words.no_trick);
      cell.colSpan = seats.length + 1;
      row.appendChild(cell);
      body.appendChild(row);
    }
    table.appendChild(body);
  }

  function renderSettlement(step) {
    const deal = doc.deals[step.deal];
    const section = byId("settlement");
    section.hidden = !(step.over && deal.audit);
    if (section.hidden) return;
    const list = clear(byId("audit"));
    for (const line of deal.audit) list.appendChild(make("li", null, line));
    const table = clear(byId("scores"));
    const head = make("tr");
    const row = make("tr");
    head.appendChild(make("th", null, words.seat));
    row.appendChild(make("th", null, words.score));
    for (let seat = 0; seat < seats.length; seat++) {
      head.appendChild(make("th", "num", seats[seat]));
      const cell = make("td", "num", (deal.scores[seat] > 0 ? "+" : "") + deal.scores[seat]);
      cell.dataset.seat = String(seat);
      row.appendChild(cell);
    }
    table.appendChild(head);
    // At three and five players, each seat's camp above its score (the shares of the
    // settlement differ by camp: the audit's last lines say how).
    if (deal.camps) {
      const camps = make("tr");
      camps.appendChild(make("th", null, words.camp));
      for (const camp of deal.camps) camps.appendChild(make("td", "num", words["camp_" + camp]));
      table.appendChild(camps);
    }
    table.appendChild(row);
  }

  function renderSheet() {
    const section = byId("sheet");
    if (!doc.sheet) return;
    const rows = doc.sheet.rows.filter(function (row) { return row.from_step <= current; });
    section.hidden = rows.length === 0;
    const table = clear(byId("sheet-table"));
    const head = make("tr");
    for (const title of words.sheet_heads) {
      head.appendChild(make("th", null, title));
    }
    for (const name of seats) head.appendChild(make("th", "num", name));
    table.appendChild(head);
    const signed = function (n) { return (n > 0 ? "+" : "") + n; };
    for (const row of rows) {
      const line = make("tr");
      for (const text of [row.deal, row.dealer, row.taker, row.contract, row.result]) {
        line.appendChild(make("td", null, String(text)));
      }
      for (const score of row.scores) line.appendChild(make("td", "num", signed(score)));
      table.appendChild(line);
    }
    if (rows.length) {
      const total = make("tr");
      total.appendChild(make("th", null, words.total));
      for (let i = 0; i < 4; i++) total.appendChild(make("td"));
      for (const score of rows[rows.length - 1].totals) {
        total.appendChild(make("td", "num", signed(score)));
      }
      table.appendChild(total);
    }
  }

  // A reviewed page's verdicts on this step's decision (made in Python, in the reader's
  // language): a mistake (? or ??) highlighted, with the reasons beneath.
  function renderReview(step) {
    const box = clear(byId("review"));
    const verdicts = step.review || [];
    box.hidden = verdicts.length === 0;
    for (const verdict of verdicts) {
      const kind = verdict.mark === "??" ? " mistake blunder" : verdict.mark ? " mistake" : "";
      const item = make("div", "verdict" + kind, verdict.line);
      if (verdict.mark) item.dataset.mark = verdict.mark;
      if (verdict.mark && verdict.reasons.length) {
        const list = make("ul");
        for (const reason of verdict.reasons) {
          list.appendChild(make("li", null, reason.charAt(0).toUpperCase() + reason.slice(1)));
        }
        item.appendChild(list);
      }
      box.appendChild(item);
    }
  }

  function render() {
    const step = steps[current];
    const deal = doc.deals[step.deal];
    called = step.called || null;
    byId("position").textContent = (manyDeals ? deal.title + " · " : "") + t(words.position,
      {step: current + 1, steps: steps.length, seq: step.seq,
       type: words.event_types[step.type] || step.type});
    const say = clear(byId("say"));
    for (const line of step.say) say.appendChild(make("li", null, line));
    renderReview(step);
    for (let seat = 0; seat < seats.length; seat++) renderSeat(step, seat);
    renderTrick(step);
    renderContract(step);
    renderAuction(step);
    renderPiles(step);
    renderAnnouncements(step);
    renderTricks(step);
    renderSettlement(step);
    renderSheet();
    document.body.dataset.step = String(current);
    document.body.dataset.seq = String(step.seq);
  }

  // A table of three or five: its seats' boxes and their places at the trick, in the
  // template's stead (the template holds the four-seat table).
  function layTable() {
    const where = places[seats.length];
    if (!where) return;
    const table = document.querySelector("section.table");
    const trick = byId("trick");
    table.classList.add("seats-" + seats.length);
    trick.classList.add("seats-" + seats.length);
    for (const node of table.querySelectorAll(".seat")) node.remove();
    for (const node of trick.querySelectorAll(".spot")) node.remove();
    where.forEach(function (place, seat) {
      const box = make("div", "seat " + place);
      box.id = "seat-" + seat;
      box.dataset.seat = String(seat);
      table.appendChild(box);
      const spot = make("div", "spot " + place);
      spot.dataset.seat = String(seat);
      trick.appendChild(spot);
    });
  }

  function fragment(index) {
    const step = steps[index];
    return "#" + (manyDeals ? "deal=" + (step.deal + 1) + "&" : "") + "seq=" + step.seq;
  }

  function go(index) {
    current = Math.max(0, Math.min(steps.length - 1, index));
    render();
    const wanted = fragment(current);
    if (location.hash !== wanted) history.replaceState(null, "", wanted);
  }

  function trickStep(direction) {
    for (let i = current + direction; i >= 0 && i < steps.length; i += direction) {
      if (steps[i].type === "trick") return i;
    }
    return direction > 0 ? steps.length - 1 : 0;
  }

  // "#seq=42" (a match's page: "#deal=2&seq=42"): the step of that event, or null.
  function fromFragment() {
    const fields = {};
    for (const part of location.hash.replace(/^#/, "").split("&")) {
      const pair = part.split("=");
      if (pair.length === 2) fields[pair[0]] = pair[1];
    }
    if (!/^\d+$/.test(fields.seq || "")) return null;
    const seq = Number(fields.seq);
    const deal = /^\d+$/.test(fields.deal || "") ? Number(fields.deal) - 1 : 0;
    for (let i = 0; i < steps.length; i++) {
      if (steps[i].deal === deal && steps[i].seq === seq) return i;
    }
    return null;
  }

  const actions = {
    "first": function () { go(0); },
    "prev-trick": function () { go(trickStep(-1)); },
    "prev": function () { go(current - 1); },
    "next": function () { go(current + 1); },
    "next-trick": function () { go(trickStep(1)); },
    "last": function () { go(steps.length - 1); },
  };
  for (const id of Object.keys(actions)) byId(id).addEventListener("click", actions[id]);

  const keys = {
    "ArrowLeft": "prev", "ArrowRight": "next", "ArrowUp": "prev-trick",
    "ArrowDown": "next-trick", "PageUp": "prev-trick", "PageDown": "next-trick",
    "Home": "first", "End": "last",
  };
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    actions[action]();
  });
  window.addEventListener("hashchange", function () {
    const index = fromFragment();
    if (index !== null && index !== current) go(index);
  });

  const asSeat = doc.as_seat === null ? words.face_up :
    t(words.seen_from, {seat: seats[doc.as_seat]});
  byId("subtitle").textContent = tn(words.subtitle, steps.length,
    {rules: doc.deals[0].rules, view: asSeat});
  layTable();
  const start = fromFragment();
  go(start === null ? 0 : start);
}());
