// Imported before anything else by peer.mjs: every HTTP request this process makes goes through
// globalThis.fetch (Fedify's document loader, WebFinger client and deliveries all do), and this
// wrapper refuses any address outside loopback, then logs what went out.
//
// Fedify is told to allow private addresses (it refuses them by default), so this guard is what
// keeps the test peer on 127.0.0.1: a request to any other host fails before it is made.

const realFetch = globalThis.fetch;

/** Outgoing requests, newest last (bounded). */
export const outgoing = [];
const MAX_LOG = 2000;

export function isLoopbackHostname(hostname) {
  const h = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "localhost" || h === "::1" || h === "0:0:0:0:0:0:0:1") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

function signatureSpecOf(headers) {
  if (headers.has("signature-input")) return "rfc9421";
  if (headers.has("signature")) return "draft-cavage";
  return null;
}

globalThis.fetch = async function loopbackOnlyFetch(input, init) {
  const request = new Request(input, init);
  const url = new URL(request.url);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`fedify-peer: refusing ${url.protocol} URL ${url.href}`);
  }
  if (!isLoopbackHostname(url.hostname)) {
    const entry = { at: new Date().toISOString(), method: request.method, url: url.href, refused: true };
    outgoing.push(entry);
    throw new TypeError(`fedify-peer: refusing to reach ${url.host}: only loopback addresses are allowed`);
  }
  const entry = {
    at: new Date().toISOString(),
    method: request.method,
    url: url.href,
    accept: request.headers.get("accept"),
    contentType: request.headers.get("content-type"),
    signature: signatureSpecOf(request.headers),
    signatureHeader: request.headers.get("signature"),
    signatureInput: request.headers.get("signature-input"),
    status: null,
  };
  outgoing.push(entry);
  if (outgoing.length > MAX_LOG) outgoing.splice(0, outgoing.length - MAX_LOG);
  try {
    const response = await realFetch(request);
    entry.status = response.status;
    entry.responseContentType = response.headers.get("content-type");
    return response;
  } catch (error) {
    entry.error = String(error?.cause ?? error);
    throw error;
  }
};
