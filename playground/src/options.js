// The variant's options (kozel/publish/playground/choices.py), chosen once for both the 1,000
// matches and the table, as `--option NAME=VALUE` is for kozel simulate and kozel play. An
// option the variant gives no default must be chosen before either can run: it starts at
// «выберите…», and Python refuses a run without it in the page's language. An option and its
// values are shown in the file's words (its `say` words), as plain text: a shared link brings
// somebody else's variant, and nothing of its words is read as markup.
import { el } from "./dom.js";

export class Options {
  constructor(python, t, lang) {
    this.python = python;
    this.t = t;
    this.lang = lang;
    this.controls = new Map(); // option name → its <select> or <input>
    this.list = el("div", { class: "kz-pg-row kz-pg-option-list" });
    this.element = el("div", { class: "kz-pg-options" }, this.list);
  }

  /** Ask for the options of a valid text; keep what the reader chose where it still applies. */
  async refresh(text) {
    const found = await this.python.call("options", text, this.lang);
    const chosen = this.values();
    this.controls.clear();
    this.list.replaceChildren(...found.map((option) => this.control(option, chosen[option.name])));
    if (!found.length) this.list.append(el("span", {}, this.t.noOptions));
  }

  control(option, chosen) {
    // Python's None arrives as undefined (Pyodide's toJs), never as null
    const required = option.default === null || option.default === undefined;
    let input;
    if (option.values.length) {
      input = el("select", { name: `option-${option.name}`, required },
        required ? el("option", { value: "" }, this.t.choose) : null,
        ...option.values.map((value, i) => el("option", { value }, option.words[i])));
      const keep = option.values.includes(chosen) ? chosen : option.default;
      input.value = keep ?? "";
    } else {
      input = el("input", { type: "number", name: `option-${option.name}`, min: option.low,
        max: option.high, value: chosen ?? option.default ?? "", class: "kz-pg-seed" });
    }
    this.controls.set(option.name, input);
    return el("label", { class: "kz-pg-option" }, `${option.label}: `, input);
  }

  /** {name: value} of every option given a value (the others are left to their default). */
  values() {
    const values = {};
    for (const [name, input] of this.controls) if (input.value !== "") values[name] = input.value;
    return values;
  }
}
