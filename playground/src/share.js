// The variant's text in the page's address: `#v=` + base64url of the deflate-raw'd UTF-8
// text (the browser's own CompressionStream), so a link opens the same variant; and files
// the reader downloads.
//
// A link is bounded like a rule file (KOZEL_MAX_FILE_BYTES, defined by the build from
// rule_file.py's limit): a 389 kB link can inflate to 300 MB, so the text is inflated a slice
// at a time and refused as soon as it passes the limit, never inflated whole first.
/* global KOZEL_MAX_FILE_BYTES */
const PREFIX = "#v=";
// Compressed bytes handed to the inflater at a time: deflate expands at most ~1,032 times, so
// one slice makes at most about 1 MB before the next look at the size.
const SLICE = 1024;

/** A shared text larger than a rule file may be; `inflated` is how many bytes were made. */
export class TooLarge extends Error {
  constructor(limit, inflated) {
    super(`the shared text passes ${limit} bytes`);
    this.limit = limit;
    this.inflated = inflated;
  }
}

async function squeeze(bytes, stream) {
  const piped = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

/** Feed `bytes` to `writable` a slice at a time (each waits until the last was taken). */
async function feed(writable, bytes) {
  const writer = writable.getWriter();
  for (let at = 0; at < bytes.length; at += SLICE) {
    await writer.write(bytes.subarray(at, at + SLICE));
  }
  await writer.close();
}

/** The deflate-raw `bytes` inflated, or TooLarge once the output passes `limit` bytes. */
export async function inflateBounded(bytes, limit) {
  const stream = new DecompressionStream("deflate-raw");
  const feeding = feed(stream.writable, bytes);
  feeding.catch(() => {}); // a cancelled read ends the feeding too; the reader reports it
  const reader = stream.readable.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new TooLarge(limit, size);
    }
    parts.push(value);
  }
  await feeding;
  const whole = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/** The address fragment that holds `text`. */
export async function encodeText(text) {
  const bytes = await squeeze(new TextEncoder().encode(text), new CompressionStream("deflate-raw"));
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  const base64 = btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return PREFIX + base64;
}

/** The text a `#v=` fragment holds, or null when the address holds none (or a broken one);
 *  throws TooLarge when the text would pass `limit` bytes (a rule file's limit). */
export async function decodeText(hash, limit = KOZEL_MAX_FILE_BYTES) {
  if (!hash.startsWith(PREFIX)) return null;
  try {
    const base64 = hash.slice(PREFIX.length).replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder().decode(await inflateBounded(bytes, limit));
  } catch (error) {
    if (error instanceof TooLarge) throw error;
    return null;
  }
}

/** Whether `text` fits in a rule file (a link to a larger one would be refused). */
export function fitsInLink(text, limit = KOZEL_MAX_FILE_BYTES) {
  return new TextEncoder().encode(text).length <= limit;
}

/** Offer `text` as a file download named `name`. */
export function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
