// The check with Z3 (`kozel check playground.kozel`): asked by a button, run in a worker of its
// own started for that one check (worker.js?checker: Pyodide with Z3's wheel) and ended after
// it, or as soon as the text changes. Each check so starts in a fresh Python, as the command
// line's does in a fresh process; the page's own worker, and its time to ready, never load Z3.
import { el } from "./dom.js";
import { Python } from "./python.js";

export class Checker {
  constructor(url, t, lang, text, goTo) {
    this.url = url;
    this.t = t;
    this.lang = lang;
    this.text = text; // () => the editor's text
    this.goTo = goTo; // (from) => put the editor's cursor there
    this.python = null; // the running check's worker
    this.running = null; // the text it checks
    this.checked = null; // the text the findings shown are of
    this.button = el("button", { type: "button", class: "md-button", onclick: () => this.check() }, t.z3Check);
    this.note = el("p", { class: "kz-pg-z3-note", role: "status" }, t.z3About);
    this.list = el("ul", { class: "kz-pg-findings" });
    this.element = el("div", { class: "kz-pg-z3" }, el("div", { class: "kz-pg-row" }, this.button),
      this.note, this.list);
  }

  async check() {
    this.stop();
    const text = this.text();
    const python = new Python(this.url);
    this.python = python;
    this.running = text;
    this.button.disabled = true;
    this.list.replaceChildren();
    this.note.textContent = this.t.z3Loading;
    const started = performance.now();
    try {
      await python.ready;
      if (python !== this.python) return;
      this.note.textContent = this.t.z3Checking;
      const answer = await python.call("findings", text, this.lang);
      if (python !== this.python) return;
      this.checked = text;
      this.show(answer, (performance.now() - started) / 1000);
    } catch (error) {
      if (python === this.python) this.note.textContent = this.t.z3Failed(error.message || error);
    } finally {
      if (python === this.python) this.stop();
    }
  }

  /** End the running check, if any (its worker and all it loaded go with it). */
  stop() {
    if (this.python) this.python.worker.terminate();
    this.python = null;
    this.button.disabled = false;
  }

  /** The editor's text is `text` (the linter says so after each edit, a moment later): a
   *  check of another text is of an old one, and so is a list shown. */
  edited(text) {
    if (this.python && text !== this.running) {
      this.stop();
      this.note.textContent = this.t.z3Stopped;
    } else if (!this.python && this.checked !== null && text !== this.checked) {
      this.note.textContent = this.t.z3Stale;
      this.checked = null;
    }
  }

  show(answer, seconds) {
    if (answer["not checked"] !== undefined) {
      this.note.textContent = this.t.z3NotChecked(answer["not checked"]);
      return;
    }
    const found = answer.variants.flatMap((v) => v.findings);
    this.note.textContent = this.t.z3Done(found.length, seconds);
    const inherited = answer.variants.filter((v) => v.inherited).map((v) => el("li", { class: "kz-pg-hint" }, v.inherited));
    this.list.replaceChildren(...found.map((f) => this.item(f)), ...inherited);
  }

  item(f) {
    const place = el("a", { href: "#", onclick: (event) => { event.preventDefault(); this.goTo(f.from); } },
      `${f.shown_line}:${f.shown_column}`);
    return el("li", { class: `kz-pg-${f.severity}`, "data-kind": f.kind, "data-line": f.shown_line },
      el("code", {}, place), ` ${f.message}`,
      ...f.witness.map((w) => el("span", { class: "kz-pg-witness" }, w)));
  }
}
