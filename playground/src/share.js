// The variant's text in the page's address: `#v=` + base64url of the deflate-raw'd UTF-8
// text (the browser's own CompressionStream), so a link opens the same variant; and files
// the reader downloads.
const PREFIX = "#v=";

async function squeeze(bytes, stream) {
  const piped = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
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

/** The text a `#v=` fragment holds, or null when the address holds none (or a broken one). */
export async function decodeText(hash) {
  if (!hash.startsWith(PREFIX)) return null;
  try {
    const base64 = hash.slice(PREFIX.length).replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder().decode(await squeeze(bytes, new DecompressionStream("deflate-raw")));
  } catch {
    return null;
  }
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
