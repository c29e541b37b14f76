// The kozel rule language for CodeMirror: a StreamLanguage whose words are the grammar's.
// KOZEL_GRAMMAR is defined by the build (docs/gen/playground/build_site.py) from
// interpreter/language/highlight.py's grammar_words(), the same words Pygments highlights on
// the site, so a word added to grammar.lark is highlighted here without touching this file.
import { StreamLanguage } from "@codemirror/language";

/* global KOZEL_GRAMMAR */
const WORDS = KOZEL_GRAMMAR;

const escape = (word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const alternation = (words) => words.map((w) => w.split(" ").map(escape).join("\\s+")).join("|");

// A slot at the start of a rule (`lead tile:`), a house rule naming one (`replace lead tile`).
const SLOT = new RegExp(`^(?:${alternation(WORDS.slots)})(?=\\s*:)`);
const CHANGED_SLOT = new RegExp(`^(?:replace|add|drop)\\s+(?:${alternation(WORDS.slots)})\\b`);
const DECLARATION = new RegExp(`^(?:${alternation(WORDS.declarations)})\\b`);
const CLAIM = new RegExp(`^claim\\s+(?:${alternation(WORDS.contexts)})\\b`);
const NAMED = /^(?:variant|extends)\s+[^\W\d][\w-]*/u;
const sets = {
  operator: new Set(WORDS.operators),
  atom: new Set(WORDS.constants),
  keyword: new Set(WORDS.keywords),
};

function token(stream, state) {
  if (stream.sol()) state.lineStart = true;
  if (stream.eatSpace()) return null;
  const first = state.lineStart;
  state.lineStart = false;
  if (first && (stream.match(SLOT) || stream.match(CHANGED_SLOT))) return "keyword";
  if (first && stream.match(DECLARATION)) return "definitionKeyword";
  if (stream.match(/^(--|#).*/)) return "comment";
  if (stream.eat('"')) return string(stream);
  if (stream.match(CLAIM) || stream.match(NAMED)) return "definitionKeyword";
  if (stream.match(/^[0-6]-[0-6](?![0-9])/)) return "number";
  if (stream.match(/^[0-9]+/)) return "number";
  const word = stream.match(/^[^\W\d]\w*/u);
  if (word) {
    for (const [style, words] of Object.entries(sets)) if (words.has(word[0])) return style;
    return stream.match(/^\s*\(/, false) ? "variableName.function" : "variableName";
  }
  if (stream.match(/^(\.\.|<=|>=|!=|[=<>+\-*|])/)) return "operator";
  stream.next();
  return "punctuation";
}

// A string ends on its line (the grammar has no string across lines).
function string(stream) {
  while (!stream.eol()) {
    const ch = stream.next();
    if (ch === "\\") stream.next();
    else if (ch === '"') break;
  }
  return "string";
}

export const kozel = StreamLanguage.define({
  name: "kozel",
  startState: () => ({ lineStart: true }),
  token,
  languageData: { commentTokens: { line: "--" } },
});
