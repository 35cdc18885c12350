#!/usr/bin/env node
// A Fediverse test peer built on Fedify, for Cairn's federation tests: one actor on loopback over
// plain http, every activity it receives recorded, and a JSON control API under /control/* that
// makes it follow, reply, like, post and send hand-signed (and deliberately broken) requests.
//
//   node peer.mjs --port 0 [--handle fedi] [--follow-policy accept|reject|manual]
//                 [--first-knock draft-cavage-http-signatures-12|rfc9421] [--signed-fetch]
//                 [--key-bits 2048|3072|4096] [--verbose] [--watch-stdin]
//
// Once listening it prints one JSON line on stdout:
//   {"origin":"http://127.0.0.1:PORT","actor":"...","handle":"@fedi@127.0.0.1:PORT",...}
// See README.md for the control API.

import { outgoing, isLoopbackHostname } from "./loopback-guard.mjs";

import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import http from "node:http";
import { parseArgs } from "node:util";

import {
  createExponentialBackoffPolicy,
  createFederation,
  InProcessMessageQueue,
  MemoryKvStore,
} from "@fedify/fedify";
import {
  Accept,
  Activity,
  Announce,
  Create,
  Delete,
  Endpoints,
  Follow,
  isActor,
  Like,
  Mention,
  Note,
  Person,
  PUBLIC_COLLECTION,
  Reject,
  Tombstone,
  Undo,
  Update,
} from "@fedify/fedify/vocab";
import { Temporal } from "@js-temporal/polyfill";
import { BasicTracerProvider } from "@opentelemetry/sdk-trace-base";

// Fedify 2.3 declares Node >= 22. On Node 20 it runs because the jsonld build it loads brings
// core-js polyfills, among them ArrayBuffer.prototype.transfer, which Fedify's base64 encoder
// (byte-encodings) needs for every signature and digest. Refuse to start if that ever changes,
// rather than fail later on the first signature.
if (typeof ArrayBuffer.prototype.transfer !== "function") {
  process.stderr.write(
    `fedify-peer: this Node.js (${process.version}) lacks ArrayBuffer.prototype.transfer even after ` +
      "loading Fedify; signatures would fail. Use Node.js 22 or pin another Fedify (see README.md).\n",
  );
  process.exit(3);
}

const PEER_VERSION = "1.0.0";
const AS_CONTEXT = "https://www.w3.org/ns/activitystreams";
const MAX_BODY = 8 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Command line

const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: "0" },
    handle: { type: "string", default: "fedi" },
    "follow-policy": { type: "string", default: "accept" },
    "first-knock": { type: "string", default: "draft-cavage-http-signatures-12" },
    "signed-fetch": { type: "boolean", default: false },
    "key-bits": { type: "string", default: "2048" },
    verbose: { type: "boolean", default: false },
    "watch-stdin": { type: "boolean", default: false },
  },
  strict: true,
});
const port = Number(args.port);
const handle = args.handle;
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`bad --port ${args.port}`);
if (!/^[a-z0-9_]+$/i.test(handle)) fail(`bad --handle ${handle}`);
if (!["draft-cavage-http-signatures-12", "rfc9421"].includes(args["first-knock"])) {
  fail(`bad --first-knock ${args["first-knock"]}`);
}
const keyBits = Number(args["key-bits"]);
if (![2048, 3072, 4096].includes(keyBits)) fail(`bad --key-bits ${args["key-bits"]}`);
let followPolicy = args["follow-policy"];
/** Mastodon's "authorized fetch": the actor, objects and outbox only for signed reads. */
let authorizedFetch = false;
if (!["accept", "reject", "manual"].includes(followPolicy)) fail(`bad --follow-policy ${followPolicy}`);

function fail(message) {
  process.stderr.write(`fedify-peer: ${message}\n`);
  process.exit(2);
}

if (args.verbose) {
  const { configure, getConsoleSink } = await import("@logtape/logtape");
  await configure({
    sinks: { console: getConsoleSink({ console: { ...console, log: console.error, info: console.error, debug: console.error } }) },
    loggers: [
      { category: "fedify", lowestLevel: "debug", sinks: ["console"] },
      { category: ["logtape", "meta"], lowestLevel: "warning", sinks: ["console"] },
    ],
  });
}

// ---------------------------------------------------------------------------------------------
// State (all in memory; the peer lives as long as one test)

/** Every inbox delivery Fedify let through, and every one it refused, in arrival order. */
const received = [];
/** Every request made to this server other than /control/*, in arrival order (bounded). */
const incoming = [];
/** Outbox delivery failures reported by Fedify. */
const outboxErrors = [];
/** Followers: actor IRI -> { actor, inbox, sharedInbox, follow, since }. */
const followers = new Map();
/** Follow requests waiting under --follow-policy manual: actor IRI -> { follow, actor }. */
const pendingFollowers = new Map();
/** Whom we follow: actor IRI -> { actor, follow (id), state: pending|accepted|rejected, ... }. */
const following = new Map();
/** Objects and activities this actor published, by IRI (served by the object dispatchers). */
const published = new Map();
/** The public Creates, newest last (the outbox). */
const outboxItems = [];
/** Likes we sent, by liked object IRI. */
const sentLikes = new Map();
let seq = 0;

// Per-request store: the inbox span Fedify opened for this request and the raw body.
const requestStore = new AsyncLocalStorage();

// Fedify reports how it authenticated an incoming activity as an event on its "activitypub.inbox"
// span; a span processor hands that span to the request being served so listeners can read it.
const tracerProvider = new BasicTracerProvider({
  spanProcessors: [
    {
      onStart(span) {
        if (span.name === "activitypub.inbox") {
          const store = requestStore.getStore();
          if (store != null && store.inboxSpan == null) store.inboxSpan = span;
        }
      },
      onEnd() {},
      forceFlush: async () => {},
      shutdown: async () => {},
    },
  ],
});

function verificationOfCurrentRequest() {
  const store = requestStore.getStore();
  const event = store?.inboxSpan?.events?.findLast?.((e) => e.name === "activitypub.activity.received");
  const attrs = event?.attributes ?? {};
  return {
    verified: attrs["activitypub.activity.verified"] === true,
    httpSignatureVerified: attrs["http_signatures.verified"] === true,
    ldSignatureVerified: attrs["ld_signatures.verified"] === true,
    keyId: attrs["http_signatures.key_id"] || store?.signature?.keyId || null,
    signatureSpec: store?.signature?.spec ?? null,
    failureReason: attrs["http_signatures.failure_reason"] ?? null,
  };
}

function parseSignatureHeaders(headers) {
  const input = headers.get("signature-input");
  if (input != null) {
    const m = /keyid="([^"]*)"/i.exec(input);
    return { spec: "rfc9421", keyId: m?.[1] ?? null };
  }
  const sig = headers.get("signature");
  if (sig != null) {
    const m = /keyId="([^"]*)"/.exec(sig);
    const alg = /algorithm="([^"]*)"/.exec(sig);
    const hdrs = /headers="([^"]*)"/.exec(sig);
    return { spec: "draft-cavage", keyId: m?.[1] ?? null, algorithm: alg?.[1] ?? null, headers: hdrs?.[1] ?? null };
  }
  return { spec: null, keyId: null };
}

// ---------------------------------------------------------------------------------------------
// Keys: one RSASSA-PKCS1-v1_5 / SHA-256 pair made at start, 2048-bit unless --key-bits (Fedify's
// own generateCryptoKeyPair makes 4096-bit keys, which take seconds to generate on a busy machine).

const keyPair = await crypto.subtle.generateKey(
  { name: "RSASSA-PKCS1-v1_5", modulusLength: keyBits, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
  true,
  ["sign", "verify"],
);
const privateKeyObject = crypto.KeyObject.from(keyPair.privateKey);
let unrelatedKeyObject = null; // for raw-post tamper "wrong-key", made when first needed
let keyIdOfActor = null; // the key's IRI as Fedify publishes it (set at start)

// ---------------------------------------------------------------------------------------------
// The HTTP server comes first so that the origin (with its port) is known before Fedify is set up.

const server = http.createServer((req, res) => {
  handleNodeRequest(req, res).catch((error) => {
    process.stderr.write(`fedify-peer: ${error?.stack ?? error}\n`);
    if (!res.headersSent) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: String(error?.message ?? error) }));
    } else {
      res.destroy();
    }
  });
});
await new Promise((resolve, reject) => {
  server.once("error", reject);
  server.listen(port, "127.0.0.1", resolve);
});
const origin = `http://127.0.0.1:${server.address().port}`;
const host = new URL(origin).host;

// ---------------------------------------------------------------------------------------------
// Fedify

const federation = createFederation({
  kv: new MemoryKvStore(),
  // Outgoing deliveries (the Accept of a Follow, and control calls with "queue": true) go through
  // Fedify's in-process queue; incoming activities are processed while the request waits, so a
  // 2xx from this peer's inbox means the activity is already in /control/received.
  queue: { outbox: new InProcessMessageQueue(), fanout: new InProcessMessageQueue() },
  // The canonical origin: IRIs are built from it whatever Host header a request carries.
  origin,
  // Loopback/private addresses are refused by default (SSRF protection); tests need them. The
  // loopback guard keeps every request on 127.0.0.0/8 instead.
  allowPrivateAddress: true,
  // Fedify's default is RFC 9421 first, draft-cavage on a 4xx (double knock); Cairn speaks
  // draft-cavage, so that is the first knock unless --first-knock rfc9421.
  firstKnock: args["first-knock"],
  signatureTimeWindow: { hours: 1 },
  outboxRetryPolicy: createExponentialBackoffPolicy({
    maxAttempts: 4,
    initialDelay: { seconds: 1 },
    maxDelay: { seconds: 5 },
  }),
  circuitBreaker: false,
  userAgent: { software: `cairn-fedify-peer/${PEER_VERSION}` },
  tracerProvider,
  onOutboxError: (error, activity) => {
    outboxErrors.push({
      at: new Date().toISOString(),
      activity: activity?.id?.href ?? null,
      type: activity == null ? null : activityTypeName(activity),
      error: String(error?.message ?? error),
    });
  },
});

federation
  .setActorDispatcher("/users/{identifier}", async (ctx, identifier) => {
    if (identifier !== handle) return null;
    const keys = await ctx.getActorKeyPairs(identifier);
    return new Person({
      id: ctx.getActorUri(identifier),
      preferredUsername: identifier,
      name: `Fedify test peer ${identifier}`,
      summary: "An independent ActivityPub implementation (Fedify) used by Cairn's tests.",
      url: new URL(`/@${identifier}`, origin),
      inbox: ctx.getInboxUri(identifier),
      outbox: ctx.getOutboxUri(identifier),
      followers: ctx.getFollowersUri(identifier),
      following: ctx.getFollowingUri(identifier),
      endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
      manuallyApprovesFollowers: followPolicy === "manual",
      discoverable: true,
      publicKey: keys[0].cryptographicKey,
      assertionMethods: keys.map((k) => k.multikey),
    });
  })
  .setKeyPairsDispatcher(async (_ctx, identifier) => {
    if (identifier !== handle) return [];
    return [keyPair];
  })
  .authorize(async (ctx) => isAuthorizedRead(ctx));

federation
  .setFollowersDispatcher("/users/{identifier}/followers", async (_ctx, identifier) => {
    if (identifier !== handle) return null;
    return {
      items: [...followers.values()].map((f) => ({
        id: new URL(f.actor),
        inboxId: new URL(f.inbox),
        endpoints: f.sharedInbox == null ? null : { sharedInbox: new URL(f.sharedInbox) },
      })),
    };
  })
  .setCounter((_ctx, identifier) => (identifier === handle ? followers.size : null));

federation
  .setFollowingDispatcher("/users/{identifier}/following", async (_ctx, identifier) => {
    if (identifier !== handle) return null;
    return {
      items: [...following.values()].filter((f) => f.state === "accepted").map((f) => new URL(f.actor)),
    };
  })
  .setCounter((_ctx, identifier) =>
    identifier === handle ? [...following.values()].filter((f) => f.state === "accepted").length : null,
  );

/** Whether a read may be answered: always, or under authorized fetch when signed by a key whose owner Fedify could fetch. */
async function isAuthorizedRead(ctx) {
  if (!authorizedFetch) return true;
  const owner = await ctx.getSignedKeyOwner({ documentLoader: await documentLoader(ctx) });
  authorizedReads.push({ url: ctx.request.url, owner: owner?.id?.href ?? null });
  return owner != null;
}
/** Reads checked under authorized fetch: {url, owner (the signer's actor IRI, or null)}. */
const authorizedReads = [];

federation
  .setOutboxDispatcher("/users/{identifier}/outbox", async (_ctx, identifier) => {
    if (identifier !== handle) return null;
    return { items: outboxItems.slice().reverse() };
  })
  .setCounter((_ctx, identifier) => (identifier === handle ? outboxItems.length : null));

// What this actor publishes is dereferenceable at its IRI.
for (const [cls, segment] of [
  [Note, "notes"],
  [Create, "creates"],
  [Follow, "follows"],
  [Accept, "accepts"],
  [Reject, "rejects"],
  [Undo, "undos"],
  [Like, "likes"],
  [Announce, "announces"],
  [Delete, "deletes"],
]) {
  federation
    .setObjectDispatcher(cls, `/users/{identifier}/${segment}/{id}`, (ctx, values) => {
      const object = published.get(ctx.getObjectUri(cls, values).href);
      return object instanceof cls ? object : null;
    })
    .authorize(async (ctx) => isAuthorizedRead(ctx));
}

federation.setNodeInfoDispatcher("/nodeinfo/2.1", () => ({
  software: { name: "cairn-fedify-peer", version: PEER_VERSION },
  protocols: ["activitypub"],
  openRegistrations: false,
  usage: { users: { total: 1, activeMonth: 1, activeHalfyear: 1 }, localPosts: outboxItems.length, localComments: 0 },
}));

federation
  .setInboxListeners("/users/{identifier}/inbox", "/inbox")
  .on(Follow, async (ctx, follow) => {
    const entry = record(ctx, follow);
    if (follow.objectId == null || follow.actorId == null) return;
    const parsed = ctx.parseUri(follow.objectId);
    if (parsed?.type !== "actor" || parsed.identifier !== handle) return;
    const actor = await follow.getActor(ctx);
    if (actor == null || actor.inboxId == null) return;
    if (followPolicy === "manual") {
      pendingFollowers.set(actor.id.href, { follow, actor });
      entry.followDecision = "pending";
      return;
    }
    entry.followDecision = followPolicy === "accept" ? "accepted" : "rejected";
    await answerFollow(ctx, follow, actor, followPolicy === "accept", { queue: true });
  })
  .on(Accept, async (ctx, accept) => {
    record(ctx, accept);
    settleFollowing(accept, "accepted");
  })
  .on(Reject, async (ctx, reject) => {
    record(ctx, reject);
    settleFollowing(reject, "rejected");
  })
  .on(Undo, async (ctx, undo) => {
    const entry = record(ctx, undo);
    const actor = undo.actorId?.href;
    const pending = actor == null ? null : pendingFollowers.get(actor);
    if (pending != null && pending.follow.id?.href === undo.objectId?.href) pendingFollowers.delete(actor);
    const f = actor == null ? null : followers.get(actor);
    if (f != null && f.follow != null && f.follow === undo.objectId?.href) {
      // The Undo names the very Follow we accepted (embedded or by IRI).
      followers.delete(actor);
      pendingFollowers.delete(actor);
      return;
    }
    const object = entry.objectType === "Follow" ? null : await safeGetObject(ctx, undo);
    if (object instanceof Follow || entry.objectType === "Follow") {
      if (f != null) followers.delete(actor);
      if (actor != null) pendingFollowers.delete(actor);
    }
  })
  .on(Create, async (ctx, create) => {
    record(ctx, create);
  })
  .on(Update, async (ctx, update) => {
    record(ctx, update);
  })
  .on(Delete, async (ctx, del) => {
    const entry = record(ctx, del);
    // A Delete of the actor itself: forget it as a follower.
    if (del.actorId != null && entry.object === del.actorId.href) followers.delete(del.actorId.href);
  })
  .on(Like, async (ctx, like) => {
    record(ctx, like);
  })
  .on(Announce, async (ctx, announce) => {
    record(ctx, announce);
  })
  .on(Activity, async (ctx, activity) => {
    // Any other type (Add, Remove, Block, Move, Flag, ...): recorded only.
    record(ctx, activity);
  })
  .onUnverifiedActivity((ctx, activity, reason) => {
    // Fedify has already decided to refuse this one (401 unless we answer otherwise); record it.
    const store = requestStore.getStore();
    const entry = {
      seq: ++seq,
      at: new Date().toISOString(),
      inbox: store?.path ?? null,
      type: activityTypeName(activity),
      id: activity.id?.href ?? null,
      actor: activity.actorId?.href ?? null,
      object: activity.objectId?.href ?? null,
      verified: false,
      rejected: true,
      reason: reason.type,
      keyId: reason.keyId?.href ?? store?.signature?.keyId ?? null,
      signatureSpec: store?.signature?.spec ?? null,
      body: store?.json ?? null,
    };
    if (reason.type === "keyFetchError") {
      entry.keyFetch = "status" in reason.result ? { status: reason.result.status } : { error: String(reason.result.error) };
    }
    received.push(entry);
    if (store != null) store.entries.push(entry);
  })
  .onError((_ctx, error) => {
    process.stderr.write(`fedify-peer: inbox listener error: ${error?.stack ?? error}\n`);
  });

/** Now, to the millisecond (a bare Temporal.Now.instant() would be serialized with 9 fraction digits). */
function now() {
  return Temporal.Now.instant().round({ smallestUnit: "millisecond", roundingMode: "floor" });
}

function activityTypeName(object) {
  const id = object?.constructor?.typeId?.href;
  if (id == null) return object?.constructor?.name ?? null;
  return id.replace(/^https:\/\/www\.w3\.org\/ns\/activitystreams#/, "");
}

/** Records an activity Fedify accepted into the inbox (called first in every listener). */
function record(ctx, activity) {
  const store = requestStore.getStore();
  const object = store?.json?.object;
  const entry = {
    seq: ++seq,
    at: new Date().toISOString(),
    inbox: store?.path ?? null,
    sharedInbox: ctx.recipient == null,
    recipient: ctx.recipient ?? null,
    type: activityTypeName(activity),
    id: activity.id?.href ?? null,
    actor: activity.actorId?.href ?? null,
    object: activity.objectId?.href ?? null,
    objectType: object != null && typeof object === "object" ? (object.type ?? null) : null,
    inReplyTo: object != null && typeof object === "object" ? (object.inReplyTo ?? null) : null,
    content: object != null && typeof object === "object" ? (object.content ?? null) : null,
    ...verificationOfCurrentRequest(),
    rejected: false,
    body: store?.json ?? null,
  };
  received.push(entry);
  store?.entries.push(entry);
  return entry;
}

async function safeGetObject(ctx, activity) {
  try {
    return await activity.getObject(ctx);
  } catch {
    return null;
  }
}

function settleFollowing(activity, state) {
  const objectId = activity.objectId?.href;
  let entry = [...following.values()].find((f) => f.follow === objectId);
  // Some servers answer with an Accept whose object has no id (or only the actor): match the actor.
  if (entry == null && activity.actorId != null) entry = following.get(activity.actorId.href);
  if (entry == null) return;
  entry.state = state;
  entry.settledAt = new Date().toISOString();
  entry.settledBy = activity.id?.href ?? null;
}

async function answerFollow(ctx, follow, actor, accept, { queue }) {
  if (accept) {
    followers.set(actor.id.href, {
      actor: actor.id.href,
      inbox: actor.inboxId.href,
      sharedInbox: actor.endpoints?.sharedInbox?.href ?? null,
      follow: follow.id?.href ?? null,
      since: new Date().toISOString(),
    });
  }
  const cls = accept ? Accept : Reject;
  const answer = new cls({
    id: ctx.getObjectUri(cls, { identifier: handle, id: crypto.randomUUID() }),
    actor: ctx.getActorUri(handle),
    object: follow,
    to: actor.id,
  });
  published.set(answer.id.href, answer);
  await ctx.sendActivity({ identifier: handle }, actor, answer, { immediate: !queue });
  return answer;
}

// ---------------------------------------------------------------------------------------------
// Node http <-> fetch API

async function readBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) throw Object.assign(new Error("body too large"), { status: 413 });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function handleNodeRequest(req, res) {
  const body = req.method === "GET" || req.method === "HEAD" ? null : await readBody(req);
  const path = req.url ?? "/";
  if (path === "/control" || path.startsWith("/control/")) {
    const out = await handleControl(req.method, new URL(path, origin), body);
    res.writeHead(out.status, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(out.body));
    return;
  }
  // The request as Fedify sees it: the Host the client sent (signatures cover it), this server's path.
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const requestHost = headers.get("host") ?? host;
  const request = new Request(`http://${requestHost}${path}`, {
    method: req.method,
    headers,
    body: body == null || body.length === 0 ? undefined : body,
  });
  let json = null;
  if (body != null && body.length > 0) {
    try {
      json = JSON.parse(body.toString("utf8"));
    } catch {
      json = null;
    }
  }
  const logEntry = {
    at: new Date().toISOString(),
    method: req.method,
    path,
    host: requestHost,
    accept: headers.get("accept"),
    contentType: headers.get("content-type"),
    userAgent: headers.get("user-agent"),
    signature: parseSignatureHeaders(headers),
    digest: headers.get("digest"),
    contentDigest: headers.get("content-digest"),
    date: headers.get("date"),
    activityType: json?.type ?? null,
    activityId: json?.id ?? null,
    status: null,
  };
  incoming.push(logEntry);
  if (incoming.length > 2000) incoming.splice(0, incoming.length - 2000);

  const store = { path, json, signature: logEntry.signature, inboxSpan: null, entries: [] };
  const response = await requestStore.run(store, () =>
    federation.fetch(request, {
      contextData: undefined,
      onNotFound: () => new Response("Not found.\n", { status: 404, headers: { "content-type": "text/plain" } }),
      onNotAcceptable: (r) => {
        if (new URL(r.url).pathname === `/users/${handle}`) return profilePage();
        return new Response("Not acceptable.\n", { status: 406, headers: { "content-type": "text/plain" } });
      },
    }),
  );
  logEntry.status = response.status;
  logEntry.responseContentType = response.headers.get("content-type");
  for (const entry of store.entries) entry.status = response.status;
  if (req.method === "POST" && isInboxPath(path) && response.status >= 400 && store.entries.length === 0) {
    // Refused before any hook saw it (actor/key owner mismatch, unparsable JSON, unknown inbox...).
    const text = (await response.clone().text()).slice(0, 500);
    received.push({
      seq: ++seq,
      at: new Date().toISOString(),
      inbox: path,
      type: typeof json?.type === "string" ? json.type : null,
      id: typeof json?.id === "string" ? json.id : null,
      actor: typeof json?.actor === "string" ? json.actor : (json?.actor?.id ?? null),
      object: typeof json?.object === "string" ? json.object : (json?.object?.id ?? null),
      verified: false,
      rejected: true,
      reason: `http ${response.status}: ${text.trim()}`,
      keyId: logEntry.signature.keyId,
      signatureSpec: logEntry.signature.spec,
      status: response.status,
      body: json,
    });
  }
  const responseHeaders = {};
  response.headers.forEach((value, name) => {
    responseHeaders[name] = value;
  });
  const responseBody = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, responseHeaders);
  res.end(req.method === "HEAD" ? undefined : responseBody);
}

function isInboxPath(path) {
  const pathname = path.split("?")[0];
  return pathname === "/inbox" || /^\/users\/[^/]+\/inbox$/.test(pathname);
}

function profilePage() {
  return new Response(`<!doctype html><title>${handle}</title><h1>@${handle}@${host}</h1>\n`, {
    headers: { "content-type": "text/html; charset=utf-8" },
  });
}

// ---------------------------------------------------------------------------------------------
// Control API

class ControlError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function requireString(input, name) {
  const value = input?.[name];
  if (typeof value !== "string" || value === "") throw new ControlError(400, `"${name}" (a string) is required`);
  return value;
}

function requireLoopbackUrl(value, name) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new ControlError(400, `"${name}" is not a URL: ${value}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ControlError(400, `"${name}" must be http(s)`);
  if (!isLoopbackHostname(url.hostname)) throw new ControlError(400, `"${name}" must be on loopback: ${value}`);
  return url;
}

function controlContext() {
  return federation.createContext(new URL(origin), undefined);
}

async function documentLoader(ctx) {
  return args["signed-fetch"] ? await ctx.getDocumentLoader({ identifier: handle }) : ctx.documentLoader;
}

/** "@user@host:port", "user@host:port" or "acct:user@host:port" -> actor IRI, by WebFinger over http. */
async function webfinger(target) {
  const m = /^(?:acct:|@)?([^@/\s]+)@([^@/\s]+)$/.exec(target);
  if (m == null) throw new ControlError(400, `not a handle: ${target}`);
  const [, user, hostPart] = m;
  const url = new URL(`http://${hostPart}/.well-known/webfinger`);
  url.searchParams.set("resource", `acct:${user}@${hostPart}`);
  requireLoopbackUrl(url.href, "target");
  const response = await fetch(url, { headers: { accept: "application/jrd+json" } });
  if (!response.ok) throw new ControlError(502, `WebFinger ${url.href} answered ${response.status}`);
  const jrd = await response.json();
  const link = (jrd.links ?? []).find(
    (l) =>
      l.rel === "self" &&
      typeof l.href === "string" &&
      (l.type === "application/activity+json" || /^application\/ld\+json/.test(l.type ?? "")),
  );
  if (link == null) throw new ControlError(502, `WebFinger for ${target} has no self link of an ActivityPub type`);
  return { iri: link.href, jrd };
}

async function resolveActor(ctx, target) {
  let iri = target;
  let jrd = null;
  if (!/^https?:\/\//.test(target)) ({ iri, jrd } = await webfinger(target));
  requireLoopbackUrl(iri, "target");
  let actor;
  try {
    actor = await ctx.lookupObject(iri, { documentLoader: await documentLoader(ctx) });
  } catch (error) {
    throw new ControlError(502, `could not fetch ${iri}: ${error?.message ?? error}`);
  }
  if (actor == null || !isActor(actor)) throw new ControlError(502, `${iri} is not an actor Fedify can read`);
  if (actor.inboxId == null) throw new ControlError(502, `${iri} has no inbox`);
  return { actor, jrd };
}

async function send(ctx, recipients, activity, input, options = {}) {
  published.set(activity.id.href, activity);
  try {
    await ctx.sendActivity({ identifier: handle }, recipients, activity, {
      immediate: input?.queue !== true,
      ...options,
    });
  } catch (error) {
    throw new ControlError(502, `delivery of ${activity.id.href} failed: ${error?.message ?? error}`);
  }
}

async function toJson(object) {
  return await object.toJsonLd({ format: "compact", contextLoader: controlContext().contextLoader });
}

function newId(ctx, cls) {
  return ctx.getObjectUri(cls, { identifier: handle, id: crypto.randomUUID() });
}

async function handleControl(method, url, body) {
  let input = null;
  if (body != null && body.length > 0) {
    try {
      input = JSON.parse(body.toString("utf8"));
    } catch {
      return { status: 400, body: { error: "body is not JSON" } };
    }
  }
  const route = `${method} ${url.pathname}`;
  try {
    const handler = controlRoutes[route];
    if (handler == null) return { status: 404, body: { error: `no control route ${route}` } };
    return { status: 200, body: await handler(input ?? {}, url) };
  } catch (error) {
    if (error instanceof ControlError) return { status: error.status, body: { error: error.message } };
    return { status: 500, body: { error: String(error?.stack ?? error) } };
  }
}

const controlRoutes = {
  "GET /control/info": async () => info(),

  "GET /control/received": async (_input, url) => {
    let items = received;
    const type = url.searchParams.get("type");
    const since = Number(url.searchParams.get("since") ?? 0);
    if (type) items = items.filter((e) => e.type === type);
    if (since) items = items.filter((e) => e.seq > since);
    return items;
  },
  "GET /control/requests": async () => ({ incoming, outgoing }),
  "GET /control/outbox-errors": async () => outboxErrors,
  "POST /control/clear": async () => {
    received.length = 0;
    incoming.length = 0;
    outgoing.length = 0;
    outboxErrors.length = 0;
    return { cleared: true };
  },

  "GET /control/followers": async () => ({
    followers: [...followers.values()],
    pending: [...pendingFollowers.values()].map((p) => ({ actor: p.actor.id.href, follow: p.follow.id?.href ?? null })),
  }),
  "GET /control/following": async () => [...following.values()],

  "POST /control/follow-policy": async (input) => {
    const policy = requireString(input, "policy");
    if (!["accept", "reject", "manual"].includes(policy)) throw new ControlError(400, "policy: accept|reject|manual");
    followPolicy = policy;
    return { policy };
  },
  "POST /control/authorized-fetch": async (input) => {
    if (typeof input?.on !== "boolean") throw new ControlError(400, "on: true|false");
    authorizedFetch = input.on;
    return { authorizedFetch, reads: authorizedReads };
  },
  "GET /control/authorized-reads": async () => authorizedReads,
  "POST /control/accept-follower": async (input) => decidePending(input, true),
  "POST /control/reject-follower": async (input) => decidePending(input, false),

  "POST /control/lookup": async (input) => {
    const ctx = controlContext();
    const target = requireString(input, "target");
    let iri = target;
    if (!/^https?:\/\//.test(target)) iri = (await webfinger(target)).iri;
    requireLoopbackUrl(iri, "target");
    let object;
    try {
      object = await ctx.lookupObject(iri, { documentLoader: await documentLoader(ctx) });
    } catch (error) {
      throw new ControlError(502, `could not fetch ${iri}: ${error?.message ?? error}`);
    }
    if (object == null) throw new ControlError(502, `Fedify could not read ${iri} as an ActivityStreams object`);
    return { type: activityTypeName(object), id: object.id?.href ?? null, object: await toJson(object) };
  },

  "POST /control/follow": async (input) => {
    const ctx = controlContext();
    const target = requireString(input, "target");
    const { actor } = await resolveActor(ctx, target);
    const follow = new Follow({ id: newId(ctx, Follow), actor: ctx.getActorUri(handle), object: actor.id, to: actor.id });
    following.set(actor.id.href, {
      actor: actor.id.href,
      target,
      inbox: actor.inboxId.href,
      follow: follow.id.href,
      state: "pending",
      since: new Date().toISOString(),
    });
    await send(ctx, actor, follow, input);
    return { id: follow.id.href, actor: actor.id.href, inbox: actor.inboxId.href, activity: await toJson(follow) };
  },

  "POST /control/unfollow": async (input) => {
    const ctx = controlContext();
    const target = requireString(input, "target");
    const { actor } = await resolveActor(ctx, target);
    const entry = following.get(actor.id.href);
    if (entry == null) throw new ControlError(409, `not following ${actor.id.href}`);
    const follow = published.get(entry.follow);
    const undo = new Undo({ id: newId(ctx, Undo), actor: ctx.getActorUri(handle), object: follow, to: actor.id });
    await send(ctx, actor, undo, input);
    following.delete(actor.id.href);
    return { id: undo.id.href, follow: entry.follow, activity: await toJson(undo) };
  },

  "POST /control/reply": async (input) => {
    const ctx = controlContext();
    const inReplyTo = requireLoopbackUrl(requireString(input, "inReplyTo"), "inReplyTo");
    const content = requireString(input, "content");
    const { actor } = await resolveActor(ctx, requireString(input, "to"));
    const isPublic = input.public !== false;
    const note = new Note({
      id: newId(ctx, Note),
      attribution: ctx.getActorUri(handle),
      content,
      replyTarget: inReplyTo,
      published: now(),
      to: actor.id,
      ccs: isPublic ? [PUBLIC_COLLECTION, ctx.getFollowersUri(handle)] : [],
      tags: [new Mention({ href: actor.id, name: mentionName(actor) })],
      url: null,
    });
    const create = new Create({
      id: newId(ctx, Create),
      actor: ctx.getActorUri(handle),
      object: note,
      published: note.published,
      to: actor.id,
      ccs: note.ccIds,
    });
    published.set(note.id.href, note);
    if (isPublic) outboxItems.push(create);
    await send(ctx, actor, create, input);
    return { id: create.id.href, note: note.id.href, activity: await toJson(create) };
  },

  "POST /control/create-note": async (input) => {
    const ctx = controlContext();
    const content = requireString(input, "content");
    const extra = [];
    for (const target of input.to == null ? [] : Array.isArray(input.to) ? input.to : [input.to]) {
      extra.push((await resolveActor(ctx, target)).actor);
    }
    const note = new Note({
      id: newId(ctx, Note),
      attribution: ctx.getActorUri(handle),
      content,
      replyTarget: input.inReplyTo == null ? null : requireLoopbackUrl(input.inReplyTo, "inReplyTo"),
      published: now(),
      to: PUBLIC_COLLECTION,
      ccs: [ctx.getFollowersUri(handle), ...extra.map((a) => a.id)],
      tags: extra.map((a) => new Mention({ href: a.id, name: mentionName(a) })),
    });
    const create = new Create({
      id: newId(ctx, Create),
      actor: ctx.getActorUri(handle),
      object: note,
      published: note.published,
      to: PUBLIC_COLLECTION,
      ccs: note.ccIds,
    });
    published.set(note.id.href, note);
    outboxItems.push(create);
    await send(ctx, "followers", create, input, { preferSharedInbox: input.preferSharedInbox !== false });
    if (extra.length > 0) await send(ctx, extra, create, input);
    return { id: create.id.href, note: note.id.href, followers: followers.size, activity: await toJson(create) };
  },

  "POST /control/like": async (input) => {
    const ctx = controlContext();
    const object = requireLoopbackUrl(requireString(input, "object"), "object");
    const { actor } = await resolveActor(ctx, requireString(input, "to"));
    const like = new Like({ id: newId(ctx, Like), actor: ctx.getActorUri(handle), object, to: actor.id });
    sentLikes.set(object.href, like);
    await send(ctx, actor, like, input);
    return { id: like.id.href, activity: await toJson(like) };
  },

  "POST /control/undo-like": async (input) => {
    const ctx = controlContext();
    const object = requireString(input, "object");
    const like = sentLikes.get(object);
    if (like == null) throw new ControlError(409, `no Like of ${object} was sent`);
    const { actor } = await resolveActor(ctx, requireString(input, "to"));
    const undo = new Undo({ id: newId(ctx, Undo), actor: ctx.getActorUri(handle), object: like, to: actor.id });
    await send(ctx, actor, undo, input);
    sentLikes.delete(object);
    return { id: undo.id.href, like: like.id.href, activity: await toJson(undo) };
  },

  "POST /control/announce": async (input) => {
    const ctx = controlContext();
    const object = requireLoopbackUrl(requireString(input, "object"), "object");
    const { actor } = await resolveActor(ctx, requireString(input, "to"));
    const announce = new Announce({
      id: newId(ctx, Announce),
      actor: ctx.getActorUri(handle),
      object,
      published: now(),
      to: PUBLIC_COLLECTION,
      ccs: [actor.id, ctx.getFollowersUri(handle)],
    });
    await send(ctx, actor, announce, input);
    return { id: announce.id.href, activity: await toJson(announce) };
  },

  "POST /control/delete": async (input) => {
    const ctx = controlContext();
    const object = requireString(input, "object");
    const note = published.get(object);
    if (!(note instanceof Note)) throw new ControlError(404, `${object} is not a Note this peer published`);
    const recipients = [];
    for (const target of input.to == null ? [] : Array.isArray(input.to) ? input.to : [input.to]) {
      recipients.push((await resolveActor(ctx, target)).actor);
    }
    // Whoever the Note was addressed to directly hears of its deletion too.
    for (const id of [...note.toIds, ...note.ccIds]) {
      const iri = id.href;
      if (iri === PUBLIC_COLLECTION.href || iri === ctx.getFollowersUri(handle).href) continue;
      if (recipients.some((a) => a.id.href === iri)) continue;
      try {
        recipients.push((await resolveActor(ctx, iri)).actor);
      } catch {
        // not an actor (a collection, say): skipped
      }
    }
    const del = new Delete({
      id: newId(ctx, Delete),
      actor: ctx.getActorUri(handle),
      object: new Tombstone({ id: note.id }),
      to: PUBLIC_COLLECTION,
      ccs: [ctx.getFollowersUri(handle), ...recipients.map((a) => a.id)],
    });
    published.delete(object);
    const index = outboxItems.findIndex((c) => c.objectId?.href === object);
    if (index >= 0) outboxItems.splice(index, 1);
    await send(ctx, "followers", del, input, { preferSharedInbox: true });
    if (recipients.length > 0) await send(ctx, recipients, del, input);
    return { id: del.id.href, activity: await toJson(del) };
  },

  "POST /control/raw-post": async (input) => rawPost(input),
};

function mentionName(actor) {
  const user = actor.preferredUsername ?? "";
  return user ? `@${user}@${actor.id.host}` : null;
}

async function decidePending(input, accept) {
  const actorIri = requireString(input, "actor");
  const pending = pendingFollowers.get(actorIri);
  if (pending == null) throw new ControlError(404, `no pending Follow from ${actorIri}`);
  pendingFollowers.delete(actorIri);
  const ctx = controlContext();
  let answer;
  try {
    answer = await answerFollow(ctx, pending.follow, pending.actor, accept, { queue: input.queue === true });
  } catch (error) {
    throw new ControlError(502, `delivery failed: ${error?.message ?? error}`);
  }
  return { id: answer.id.href, activity: await toJson(answer) };
}

// ---------------------------------------------------------------------------------------------
// Hand-signed deliveries (draft-cavage-http-signatures-12), bypassing Fedify, for tampering tests.

const TAMPER_MODES = [
  "none", // signed properly: must be accepted
  "body", // Digest and signature of the original body; a different body is sent
  "digest", // body changed and Digest recomputed for it, but the signature covers the old Digest
  "wrong-key", // signed by an unrelated key, under this actor's keyId
  "stale-date", // Date two hours old, signed properly
  "future-date", // Date two hours ahead, signed properly
  "no-signature", // Digest and Date but no Signature header
  "actor-mismatch", // signed properly by this actor, but the activity names another actor
  "no-digest", // signed properly over (request-target) host date, no Digest header at all
];

function tamperBody(activity) {
  const copy = structuredClone(activity);
  if (copy.object != null && typeof copy.object === "object" && typeof copy.object.content === "string") {
    copy.object.content += " <p>(tampered)</p>";
  } else {
    copy.summary = "tampered";
  }
  return copy;
}

async function rawPost(input) {
  const inbox = requireLoopbackUrl(requireString(input, "inbox"), "inbox");
  const tamper = input.tamper ?? "none";
  if (!TAMPER_MODES.includes(tamper)) throw new ControlError(400, `tamper: one of ${TAMPER_MODES.join(", ")}`);
  if (input.activity == null || typeof input.activity !== "object") throw new ControlError(400, `"activity" (an object) is required`);
  const actorIri = `${origin}/users/${handle}`;
  const activity = structuredClone(input.activity);
  if (activity["@context"] == null) activity["@context"] = AS_CONTEXT;
  if (activity.id == null) activity.id = `${actorIri}/raw/${crypto.randomUUID()}`;
  if (activity.actor == null) activity.actor = actorIri;
  if (tamper === "actor-mismatch") {
    if (typeof input.otherActor !== "string") throw new ControlError(400, `tamper "actor-mismatch" needs "otherActor"`);
    activity.actor = input.otherActor;
  }
  const keyId = typeof input.keyId === "string" ? input.keyId : keyIdOfActor;

  const signedBody = Buffer.from(JSON.stringify(activity));
  let sentBody = signedBody;
  if (tamper === "body" || tamper === "digest") sentBody = Buffer.from(JSON.stringify(tamperBody(activity)));
  const digestOf = (buf) => `SHA-256=${crypto.createHash("sha256").update(buf).digest("base64")}`;

  let date = new Date();
  if (tamper === "stale-date") date = new Date(date.getTime() - 2 * 3600 * 1000);
  if (tamper === "future-date") date = new Date(date.getTime() + 2 * 3600 * 1000);
  const dateHeader = date.toUTCString();
  const hostHeader = inbox.host;
  const requestTarget = `post ${inbox.pathname}${inbox.search}`;
  const signedDigest = digestOf(signedBody);
  const signedHeaders = tamper === "no-digest" ? ["(request-target)", "host", "date"] : ["(request-target)", "host", "date", "digest"];
  const values = { "(request-target)": requestTarget, host: hostHeader, date: dateHeader, digest: signedDigest };
  const signingString = signedHeaders.map((h) => `${h}: ${values[h]}`).join("\n");

  let signingKey = privateKeyObject;
  if (tamper === "wrong-key") {
    unrelatedKeyObject ??= crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    signingKey = unrelatedKeyObject;
  }
  const signature = crypto.sign("sha256", Buffer.from(signingString), signingKey).toString("base64");

  const headers = {
    host: hostHeader,
    date: dateHeader,
    "content-type": input.contentType ?? "application/activity+json",
    accept: "application/activity+json",
    "user-agent": `cairn-fedify-peer/${PEER_VERSION} (raw-post)`,
  };
  if (tamper !== "no-digest") headers.digest = tamper === "digest" ? digestOf(sentBody) : signedDigest;
  if (tamper !== "no-signature") {
    headers.signature =
      `keyId="${keyId}",algorithm="rsa-sha256",headers="${signedHeaders.join(" ")}",signature="${signature}"`;
  }
  const response = await fetch(inbox, { method: "POST", headers, body: sentBody });
  const text = await response.text();
  return {
    status: response.status,
    ok: response.ok,
    body: text.slice(0, 2000),
    tamper,
    sent: { headers, body: sentBody.toString("utf8"), signingString },
  };
}

// ---------------------------------------------------------------------------------------------
// Start

function info() {
  const actor = `${origin}/users/${handle}`;
  return {
    origin,
    actor,
    handle: `@${handle}@${host}`,
    inbox: `${actor}/inbox`,
    sharedInbox: `${origin}/inbox`,
    keyId: keyIdOfActor,
    publicKeyPem: crypto.createPublicKey(privateKeyObject).export({ type: "spki", format: "pem" }),
    followPolicy,
    firstKnock: args["first-knock"],
    keyBits,
    signedFetch: args["signed-fetch"],
    node: process.version,
    pid: process.pid,
  };
}

// The actor IRI and key id Fedify builds must be the ones announced.
{
  const announced = `${origin}/users/${handle}`;
  const built = controlContext().getActorUri(handle).href;
  if (built !== announced) fail(`Fedify built actor IRI ${built}, expected ${announced}`);
  const [first] = await controlContext().getActorKeyPairs(handle);
  keyIdOfActor = first.keyId.href;
}

const { publicKeyPem: _pem, ...startup } = info();
process.stdout.write(`${JSON.stringify(startup)}\n`);

function shutdown() {
  server.close();
  server.closeAllConnections?.();
  process.exit(0);
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
if (args["watch-stdin"]) {
  process.stdin.on("end", shutdown);
  process.stdin.on("close", shutdown);
  process.stdin.resume();
}
