// The playground page: an editor holding one variant (playground.kozel), its problems
// underlined as you type, its rulebook redrawn when it is valid, 1,000 matches simulated, a
// table against bots, and the text shared in the page's address. All of it asks the project's
// own Python (kozel/publish/playground/api.py), running in a worker (worker.js).
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection } from "@codemirror/view";
import { EditorState } from "@codemirror/state";
import { syntaxHighlighting, defaultHighlightStyle, indentOnInput, bracketMatching } from "@codemirror/language";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { closeBrackets, closeBracketsKeymap } from "@codemirror/autocomplete";
import { linter, lintGutter } from "@codemirror/lint";
import { kozel } from "./kozel-mode.js";
import { WORDS } from "./words.js";
import { el, numberSelect } from "./dom.js";
import { Python } from "./python.js";
import { TooLarge, decodeText, download, encodeText, fitsInLink } from "./share.js";
import { Options } from "./options.js";
import { Table } from "./table.js";
import { Checker } from "./checker.js";

const HERE = new URL("./", import.meta.url).href;
const LINT_DELAY_MS = 500;
const MATCHES = 1000;

function addStylesheet() {
  document.head.append(el("link", { rel: "stylesheet", href: `${HERE}playground.css` }));
}

async function loadStarts() {
  const response = await fetch(`${HERE}starts.json`);
  return response.json(); // {seeds: [{name, text}], tutorial: text}
}

class Playground {
  constructor(root, starts, lang, python) {
    this.root = root;
    this.lang = lang;
    this.t = WORDS[lang];
    this.starts = starts;
    this.python = python;
    this.lastValid = null;
    this.build();
  }

  build() {
    const t = this.t;
    this.status = el("p", { class: "kz-pg-status", role: "status" }, t.loading);
    this.start = el("select", { name: "start" },
      ...this.starts.seeds.map((s) => el("option", { value: `seed:${s.name}` }, t.seed(s.name))),
      el("option", { value: "tutorial" }, t.tutorial));
    this.problemList = el("ul", { class: "kz-pg-problems" });
    this.problemCount = el("p", { class: "kz-pg-count" }, t.checking);
    this.previewNote = el("p", { class: "kz-pg-note" }, t.previewNone);
    this.preview = el("div", { class: "kz-pg-rulebook" });
    // the printed rulebook (rules only) is printed from a frame of its own: the page around it
    // and the preview's scroll box would cut it (kozel/publish/printed.py)
    this.printFrame = el("iframe", { class: "kz-pg-print-frame", title: t.print, tabindex: -1 });
    this.printButton = el("button", { type: "button", class: "md-button kz-pg-print",
      onclick: () => this.print() }, t.print);
    this.shareLink = el("input", { class: "kz-pg-link", readonly: true, hidden: true, "aria-label": t.share });
    this.simText = el("pre", { class: "kz-pg-simtext" });
    this.plots = el("div", { class: "kz-pg-plots" });
    this.simSeed = el("input", { type: "number", name: "sim-seed", value: 1, min: 0, class: "kz-pg-seed" });
    this.simButton = el("button", { type: "button", class: "md-button md-button--primary",
      onclick: () => this.simulate() }, t.simulate);
    this.editorBox = el("div", { class: "kz-pg-editor" });
    this.options = new Options(this.python, t, this.lang);
    this.table = new Table(this.python, t, this.lang, () => this.text(), () => this.options.values());
    this.checker = new Checker(new URL("worker.js?checker", HERE), t, this.lang, () => this.text(),
      (from) => this.goTo(from));
    this.root.replaceChildren(
      this.status,
      el("div", { class: "kz-pg-row" }, el("label", {}, `${t.startFrom} `, this.start),
        el("button", { type: "button", class: "md-button", onclick: () => this.openStart() }, t.open)),
      el("div", { class: "kz-pg-work" },
        el("section", { class: "kz-pg-edit" },
          el("h2", {}, t.editor, " ", el("code", {}, "playground.kozel")), this.editorBox,
          this.problemCount, this.problemList,
          el("h3", {}, t.z3Title), this.checker.element,
          el("div", { class: "kz-pg-row" },
            el("button", { type: "button", class: "md-button", onclick: () => this.share() }, t.share),
            el("button", { type: "button", class: "md-button", onclick: () => this.downloadText() }, t.download)),
          this.shareLink),
        el("section", { class: "kz-pg-view" }, el("h2", {}, t.preview),
          el("div", { class: "kz-pg-row" }, this.printButton), this.previewNote, this.preview,
          this.printFrame)),
      el("section", { class: "kz-pg-opts" }, el("h2", {}, t.options), this.options.element),
      el("section", { class: "kz-pg-sim" }, el("h2", {}, t.simulate),
        el("div", { class: "kz-pg-row" }, el("label", {}, `${t.seedLabel} `, this.simSeed), this.simButton),
        this.simText, this.plots),
      el("section", { class: "kz-pg-bots" }, el("h2", {}, t.bots), this.table.element));
  }

  startText(value) {
    if (value === "tutorial") return this.starts.tutorial[this.lang];
    return this.starts.seeds.find((s) => `seed:${s.name}` === value).text;
  }

  openStart() {
    this.setText(this.startText(this.start.value));
  }

  makeEditor(text) {
    this.view = new EditorView({
      parent: this.editorBox,
      state: EditorState.create({
        doc: text,
        extensions: [
          lineNumbers(), history(), drawSelection(), highlightActiveLine(), indentOnInput(),
          bracketMatching(), closeBrackets(), kozel, syntaxHighlighting(defaultHighlightStyle),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
          lintGutter(), linter((view) => this.lint(view), { delay: LINT_DELAY_MS }),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ "aria-label": this.t.editor }),
        ],
      }),
    });
  }

  text() {
    return this.view.state.doc.toString();
  }

  goTo(from) {
    const at = Math.min(from, this.view.state.doc.length);
    this.view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
    this.view.focus();
  }

  setText(text) {
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: text } });
  }

  /** The linter's source: the file's problems, listed too; the rulebook when there are none. */
  async lint(view) {
    const text = view.state.doc.toString();
    this.checker.edited(text);
    let found;
    try {
      found = await this.python.call("problems", text, this.lang);
    } catch (error) {
      this.problemCount.textContent = String(error.message || error);
      return [];
    }
    if (view.state.doc.toString() !== text) return []; // typed on meanwhile: the next run counts
    this.listProblems(found);
    if (!found.some((p) => p.severity === "error")) this.redraw(text);
    else this.previewNote.textContent = this.lastValid === null ? this.t.previewNone : this.t.previewStale;
    const length = view.state.doc.length;
    return found.map((p) => ({
      from: Math.min(p.from, length),
      to: Math.min(Math.max(p.to, p.from + 1), length),
      severity: p.severity,
      message: p.hint ? `${p.message}\n${p.hint}` : p.message,
    }));
  }

  listProblems(found) {
    this.problemCount.textContent = this.t.problems(found.length);
    this.problemList.replaceChildren(...found.map((p) => el("li", { class: `kz-pg-${p.severity}` },
      el("code", {}, `${p.line}:${p.column}`), ` ${p.message}`,
      p.hint ? el("span", { class: "kz-pg-hint" }, ` ${p.hint}`) : null)));
  }

  async redraw(text) {
    let book;
    try {
      book = await this.python.call("rulebook", text, this.lang);
    } catch (error) {
      this.previewNote.textContent = String(error.message || error);
      return;
    }
    if (!book.ok || this.text() !== text) return;
    this.lastValid = text;
    this.previewNote.textContent = "";
    const held = fitsInLink(text) ? await encodeText(text) : ""; // the text, for a link
    if (this.text() !== text) return;
    this.preview.innerHTML = book.html;
    this.relink(this.preview, held);
    await this.options.refresh(text);
  }

  /** Print the rulebook of the last valid text, rules only, in the page's language, by the
   *  browser's own print of the printed rulebook's page (the frame's). */
  async print() {
    if (this.lastValid === null) {
      this.previewNote.textContent = this.t.previewNone;
      return;
    }
    const book = await this.python.call("printable", this.lastValid, this.lang);
    if (!book.ok) return;
    await new Promise((done) => {
      this.printFrame.onload = done;
      this.printFrame.srcdoc = book.html;
    });
    this.printFrame.contentWindow.focus();
    this.printFrame.contentWindow.print();
  }

  /** The rulebook's links are written from its own page (variants/NAME/ of this language's
   *  site), and its Markdown links name pages (`minsk.md`): point them where they lead. The
   *  editor's variant has no page of its own: its language switch leads to this playground
   *  in the other language, holding the same text (`held`: its link's `#v=…`, or ""). */
  relink(box, held) {
    const root = new URL("../", HERE);
    const base = new URL(`${this.lang === "en" ? "" : `${this.lang}/`}variants/playground/`, root);
    for (const link of box.querySelectorAll("a[href]")) {
      const href = link.getAttribute("href");
      if (href.startsWith("#") || /^[a-z]+:/i.test(href)) continue;
      const page = href.endsWith(".md") ? `../${href.slice(0, -3)}/` : href;
      link.setAttribute("href", new URL(page, base).href);
    }
    const other = this.lang === "en" ? "ru" : "en";
    for (const link of box.querySelectorAll(".kz-switch a[hreflang]")) {
      link.setAttribute("href", new URL(`${other === "en" ? "" : `${other}/`}playground/${held}`, root).href);
    }
  }

  async simulate() {
    this.simButton.disabled = true;
    this.simText.textContent = this.t.simulating;
    this.plots.replaceChildren();
    try {
      const ran = await this.python.call("simulate", this.text(), MATCHES,
        Number(this.simSeed.value) || 0, this.lang, this.options.values());
      this.simText.textContent = ran.text;
      this.plots.innerHTML = (ran.plots || []).join("\n");
    } catch (error) {
      this.simText.textContent = String(error.message || error);
    } finally {
      this.simButton.disabled = false;
    }
  }

  async share() {
    if (!fitsInLink(this.text())) {
      this.status.textContent = this.t.shareTooLarge;
      return;
    }
    const hash = await encodeText(this.text());
    window.history.replaceState(null, "", hash); // window.: `history` is the editor's undo
    this.shareLink.hidden = false;
    this.shareLink.value = location.href;
    this.shareLink.select();
    this.status.textContent = this.t.shareDone;
  }

  downloadText() {
    download("playground.kozel", this.text(), "text/plain");
  }

  /** The text a shared link holds; null (and a word why) when it holds none to open. */
  async sharedText() {
    try {
      return await decodeText(location.hash);
    } catch (error) {
      if (!(error instanceof TooLarge)) throw error;
      this.root.prepend(el("p", { class: "kz-pg-refused", role: "alert" }, this.t.linkTooLarge));
      return null;
    }
  }

  async run() {
    const shared = await this.sharedText();
    this.makeEditor(shared ?? this.startText(this.start.value));
    this.root.dataset.state = "loading";
    try {
      const seconds = await this.python.ready;
      this.status.textContent = this.t.ready(seconds);
      this.root.dataset.state = "ready";
      this.root.dataset.seconds = seconds.toFixed(2);
    } catch (error) {
      this.status.textContent = this.t.failed(error.message || error);
      this.root.dataset.state = "failed";
    }
  }
}

async function main() {
  const root = document.getElementById("kz-playground");
  if (!root) return;
  const lang = root.dataset.lang in WORDS ? root.dataset.lang : "en";
  const t = WORDS[lang];
  if (location.protocol === "file:") { root.textContent = t.fileUrl; return; }
  if (typeof CompressionStream === "undefined") { root.textContent = t.noWorker; return; }
  // Python first: its start is most of the wait, and needs nothing of the page around it
  const python = new Python(new URL("worker.js", HERE));
  addStylesheet();
  new Playground(root, await loadStarts(), lang, python).run();
}

main();
