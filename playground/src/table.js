// "Play against bots": a table of the variant in the editor, drawn with the site's tiles
// (the SVGs the API returns), the reader's hand clickable, the bots' moves shown one by one,
// the score sheet after each round and the record downloadable (kozel-record/1).
import { el, numberSelect } from "./dom.js";
import { download } from "./share.js";

const BOT_PAUSE_MS = 180; // between two bot moves shown, so a reader sees them come

export class Table {
  constructor(python, t, lang, getText, getOptions) {
    this.python = python;
    this.getOptions = getOptions;
    this.t = t;
    this.lang = lang;
    this.getText = getText;
    this.state = null;
    this.players = numberSelect(2, 4, 4, { name: "players" });
    this.seat = numberSelect(1, 4, 1, { name: "seat" });
    this.seed = el("input", { type: "number", name: "table-seed", value: 1, min: 0, class: "kz-pg-seed" });
    this.status = el("p", { class: "kz-pg-table-status", role: "status" });
    this.events = el("ul", { class: "kz-pg-events", "aria-label": t.events });
    this.line = el("div", { class: "kz-pg-line", "aria-label": t.line });
    this.others = el("p", { class: "kz-pg-others" });
    this.hand = el("div", { class: "kz-pg-hand", "aria-label": t.hand });
    this.choices = el("div", { class: "kz-pg-choices" });
    this.score = el("div", { class: "kz-pg-score" });
    this.next = el("button", { type: "button", class: "md-button", hidden: true, onclick: () => this.nextRound() }, t.nextRound);
    this.record = el("button", { type: "button", class: "md-button", disabled: true, onclick: () => this.downloadRecord() }, t.record);
    this.sit = el("button", { type: "button", class: "md-button md-button--primary", onclick: () => this.sitDown() }, t.sitDown);
    this.board = el("div", { class: "kz-pg-board", hidden: true },
      this.status, this.line, this.others, el("h3", {}, t.hand), this.hand, this.choices,
      el("div", { class: "kz-pg-row" }, this.next, this.record),
      el("h3", {}, t.events), this.events, el("h3", {}, t.score), this.score);
    this.element = el("div", { class: "kz-pg-table" },
      el("div", { class: "kz-pg-row" },
        el("label", {}, `${t.players} `, this.players), el("label", {}, `${t.yourSeat} `, this.seat),
        el("label", {}, `${t.seedLabel} `, this.seed), this.sit),
      this.board);
  }

  async sitDown() {
    this.sit.disabled = true;
    this.events.replaceChildren();
    this.score.replaceChildren();
    this.status.textContent = this.t.dealing;
    this.next.hidden = true; // until this table's first round has ended
    this.board.hidden = false;
    try {
      const args = [this.getText(), Number(this.players.value), Number(this.seat.value),
        Number(this.seed.value) || 0, this.lang, this.getOptions()];
      await this.show(await this.python.call("new_table", ...args));
    } catch (error) {
      this.status.textContent = String(error.message || error);
    } finally {
      this.sit.disabled = false;
    }
  }

  async play(move) {
    this.lock();
    await this.show(await this.python.call("play_tile", this.state.id, move));
  }

  async nextRound() {
    this.next.hidden = true;
    this.score.replaceChildren();
    this.lock();
    await this.show(await this.python.call("next_round", this.state.id));
  }

  async downloadRecord() {
    const text = await this.python.call("table_record", this.state.id);
    download("playground.record.json", text, "application/json");
  }

  lock() {
    for (const button of this.hand.querySelectorAll("button")) button.disabled = true;
    this.choices.replaceChildren();
  }

  /** Show a state: its events one by one, then the table; let the bots move while it is theirs. */
  async show(state) {
    if (!state.id) { // new_table on a text with errors, or a table that could not be opened
      this.status.textContent = state.error || this.t.failed;
      return;
    }
    this.state = state;
    for (const event of state.events || []) {
      this.events.append(el("li", {}, event));
      this.events.scrollTop = this.events.scrollHeight;
      await new Promise((resolve) => setTimeout(resolve, BOT_PAUSE_MS));
    }
    this.draw(state);
    if (!state.your_turn && !state.round_over && !state.match_over && !state.error) {
      await this.show(await this.python.call("bots_move", state.id));
    }
  }

  draw(state) {
    const t = this.t;
    this.record.disabled = false;
    this.line.innerHTML = state.line_svg || "";
    const others = state.others.map((o) => t.others(o.seat, o.tiles));
    if (state.stock) others.push(t.stock(state.stock));
    this.others.textContent = others.join(" · ");
    this.status.textContent = state.error || (state.match_over ? t.matchOver
      : state.round_over ? t.roundOver : state.your_turn ? t.yourTurn : t.toMove(state.turn));
    this.hand.replaceChildren(...state.hand.map((tile) => el("button", {
      type: "button", class: "kz-pg-tile", "data-tile": tile.tile, "aria-label": tile.tile,
      disabled: !(state.your_turn && tile.playable), html: tile.svg,
      onclick: () => this.chooseEnd(tile),
    })));
    this.choices.replaceChildren();
    if (state.your_turn && state.pass_move !== null && state.pass_move !== undefined) {
      const passing = state.moves.find((m) => m.move === state.pass_move);
      this.choices.append(el("button", { type: "button", class: "md-button kz-pg-pass",
        onclick: () => this.play(state.pass_move) }, passing ? passing.text : t.pass));
    }
    this.next.hidden = !state.round_over || state.match_over;
    if (state.round_over || state.match_over) this.score.innerHTML = state.score_html || "";
  }

  /** A tile that goes on one end is played; one that goes on two asks which. */
  chooseEnd(tile) {
    const moves = this.state.moves.filter((m) => m.tile === tile.tile && m.move !== this.state.pass_move);
    if (moves.length <= 1) { this.play(moves.length ? moves[0].move : tile.move); return; }
    this.choices.replaceChildren(el("span", {}, this.t.chooseEnd), ...moves.map((m) =>
      el("button", { type: "button", class: "md-button kz-pg-end", onclick: () => this.play(m.move) }, m.text)));
  }
}
