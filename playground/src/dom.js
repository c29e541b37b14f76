// One way to make an element: el("button", {class: "x", onclick}, "text", child, ...).
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "html") element.innerHTML = value;
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  element.append(...children.filter((c) => c !== null && c !== undefined));
  return element;
}

/** A <select> of numbers lo..hi with `value` chosen. */
export function numberSelect(lo, hi, value, attributes = {}) {
  const select = el("select", attributes);
  for (let n = lo; n <= hi; n++) select.append(el("option", { value: n, selected: n === value }, String(n)));
  return select;
}
