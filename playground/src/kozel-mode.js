// The kozel rule language for CodeMirror: a StreamLanguage whose words are the grammar's.
// KOZEL_GRAMMAR is defined by the build (kozel/publish/playground/build_site.py) from
// interpreter/language/highlight.py's words of both spellings (English and Russian), the same
// words Pygments highlights on the site, so a word added to grammar.lark or to the table of
// spellings is highlighted here without touching this file.
import { StreamLanguage } from "@codemirror/language";

/* global KOZEL_GRAMMAR */
const WORDS = KOZEL_GRAMMAR;

const escape = (word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const alternation = (words) => words.map((w) => w.split(" ").map(escape).join("\\s+")).join("|");

// JavaScript's \b and \w know only ASCII letters: a word of the Russian spelling ends where
// no letter, digit, `_` or `-` follows.
const END = "(?![\\p{L}\\p{N}_-])";
const NAME = "[\\p{L}_][\\p{L}\\p{N}_]*";
// A slot at the start of a rule (`lead tile:`), a house rule naming one (`replace lead tile`).
const SLOT = new RegExp(`^(?:${alternation(WORDS.slots)})(?=\\s*:)`, "u");
const CHANGED_SLOT = new RegExp(
  `^(?:${alternation(WORDS.edits)})\\s+(?:${alternation(WORDS.slots)})${END}`, "u");
const DECLARATION = new RegExp(`^(?:${alternation(WORDS.declarations)})${END}`, "u");
const CLAIM = new RegExp(
  `^(?:${alternation(WORDS.claims)})\\s+(?:${alternation(WORDS.contexts)})${END}`, "u");
const VARIANT_NAME = "[\\p{L}_][\\p{L}\\p{N}_-]*";
const NAMED = new RegExp(`^(?:${alternation(WORDS.named)})\\s+${VARIANT_NAME}`, "u");
const HYPHENATED = new RegExp(`^(?:${alternation(WORDS.hyphenated)})${END}`, "u");
const WORD = new RegExp(`^${NAME}`, "u");
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
  if (stream.match(HYPHENATED)) return "keyword";  // `по-русски`, before its `по`
  const word = stream.match(WORD);
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
