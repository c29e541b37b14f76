/** An exception Python raised: its message is the traceback's last line, the whole in `trace`. */
export class PythonError extends Error {
  constructor(trace) {
    const lines = String(trace).trim().split("\n");
    super(lines[lines.length - 1]);
    this.trace = trace;
  }
}

// The page's side of the worker (worker.js): each call to the contract's functions is a
// promise of its answer, so the page never waits on Python.
export class Python {
  constructor(url) {
    this.worker = new Worker(url, { type: "module" });
    this.pending = new Map();
    this.next = 1;
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = ({ data }) => {
        if ("ready" in data) resolve(data.ready);
        else if ("failed" in data) reject(new Error(data.failed));
        else this.answer(data);
      };
      this.worker.onerror = (event) => reject(new Error(event.message || "worker error"));
    });
  }

  answer({ id, result, error }) {
    const waiting = this.pending.get(id);
    this.pending.delete(id);
    if (!waiting) return;
    if (error !== undefined) waiting.reject(new PythonError(error));
    else waiting.resolve(result);
  }

  /** Call a function of kozel/publish/playground/api.py with JSON-ready arguments. */
  call(name, ...args) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, call: name, args });
    });
  }
}
