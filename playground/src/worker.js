// The playground's Python: Pyodide in a module worker, so the page stays responsive while the
// project's own modules parse, check, simulate and play. Everything is loaded from this
// folder of the site (the runtime files and kozel-python.zip are copied here by the build);
// nothing is requested from any other host.
//
// Messages: {id, call: NAME, args: [...]} → {id, result} or {id, error}; NAME is a function
// of kozel/publish/playground/api.py (the contract). The first message out is {ready: seconds}
// or {failed: text}.
//
// Started as `worker.js?checker`, it is the checking worker: the same Python, with Z3 (the
// Pyodide wheel of its Python bindings), Hypothesis and the checker's modules that need them
// (kozel-checker.zip) loaded too. The page starts one for each check with Z3 and ends it after
// (or when the text changes): each check starts in a fresh Python, as `kozel check` does in a
// fresh process, and the page's own worker never loads Z3.

/* global KOZEL_WHEELS */
const HERE = new URL("./", import.meta.url).href;
const HOME = "/home/pyodide/kozel";

const TABLES = `${HOME}/grammar.tables`;
const CHECKER = new URL(import.meta.url).searchParams.has("checker");

async function fetched(name) {
  const response = await fetch(`${HERE}${name}`);
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// Z3 and Hypothesis as Pyodide wheels (KOZEL_WHEELS: their file names, from the build), from
// this folder of the site; then the checker's modules that need them.
async function addChecker(pyodide) {
  const [checker] = await Promise.all([fetched("kozel-checker.zip"),
    pyodide.loadPackage(KOZEL_WHEELS.map((name) => `${HERE}${name}`), { messageCallback: () => {} })]);
  pyodide.unpackArchive(checker, "zip", { extractDir: HOME });
}

async function start() {
  const started = performance.now();
  const { loadPyodide } = await import(`${HERE}pyodide.mjs`);
  const [pyodide, bundle, tables] = await Promise.all([
    // No cache folder: kozel's writes its entries through os.link, which Pyodide's file
    // system lacks, and a page's memory is gone when it closes anyway. The parser's tables
    // come made (interpreter/language/lark_shipped.py): building them is seconds here.
    loadPyodide({ indexURL: HERE, packageBaseUrl: HERE,
      env: { KOZEL_CACHE_DIR: "", KOZEL_GRAMMAR_TABLES: TABLES },
      stdout: () => {}, stderr: () => {} }),
    fetched("kozel-python.zip"),
    fetched("grammar.tables").catch(() => null), // without them the parser is built
  ]);
  pyodide.unpackArchive(bundle, "zip", { extractDir: HOME });
  if (tables) pyodide.FS.writeFile(TABLES, new Uint8Array(tables));
  if (CHECKER) await addChecker(pyodide);
  const sys = pyodide.pyimport("sys");
  sys.path.insert(0, HOME);
  const api = pyodide.pyimport("kozel.publish.playground.api");
  return { api, pyodide, seconds: (performance.now() - started) / 1000 };
}

// A Python dict or list becomes plain JavaScript objects and arrays; a str stays a string.
function plain(value) {
  if (value && typeof value.toJs === "function") {
    const converted = value.toJs({ dict_converter: Object.fromEntries, create_proxies: false });
    value.destroy();
    return converted;
  }
  return value;
}

const loaded = start();
loaded.then(({ seconds }) => postMessage({ ready: seconds }),
  (error) => postMessage({ failed: String(error && error.message || error) }));

onmessage = async ({ data }) => {
  const { id, call, args } = data;
  try {
    const { api, pyodide } = await loaded;
    // An object (the options) becomes a Python dict; numbers and strings pass as they are.
    const given = args.map((a) => (a !== null && typeof a === "object" ? pyodide.toPy(a) : a));
    postMessage({ id, result: plain(api[call](...given)) });
  } catch (error) {
    postMessage({ id, error: String(error && error.message || error) });
  }
};
