#!/usr/bin/env node
// Proves the Fedify test peer on its own, without Cairn: two peers on loopback follow, post, like,
// reply, undo and delete across each other through the control API, and every hand-tampered
// delivery is refused. Prints one line per check and "N passed, N failed"; exits 1 on a failure.
//
//   node selftest.mjs [--verbose]

import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const verbose = process.argv.includes("--verbose");
const DEADLINE_MS = 120_000;

let passed = 0;
let failed = 0;
const children = [];

function check(name, ok, detail) {
  if (ok) {
    passed++;
    console.log(`ok - ${name}`);
  } else {
    failed++;
    console.log(`not ok - ${name}${detail === undefined ? "" : `\n    ${typeof detail === "string" ? detail : JSON.stringify(detail)}`}`);
  }
  return ok;
}

async function startPeer(handle) {
  const child = spawn(process.execPath, [path.join(here, "peer.mjs"), "--port", "0", "--handle", handle, "--watch-stdin", ...(verbose ? ["--verbose"] : [])], {
    stdio: ["pipe", "pipe", verbose ? "inherit" : "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += d;
  });
  const lines = readline.createInterface({ input: child.stdout });
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const first = await Promise.race([
    once(lines, "line").then(([line]) => line),
    once(child, "exit").then(([code]) => {
      throw new Error(`peer ${handle} exited with ${code} before listening:\n${stderr}`);
    }),
  ]);
  clearTimeout(timer);
  const info = JSON.parse(first);
  info.child = child;
  return info;
}

async function control(peer, method, route, body) {
  const response = await fetch(`${peer.origin}/control/${route}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} /control/${route} -> ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

async function waitFor(what, probe, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  let last;
  while (Date.now() < end) {
    last = await probe();
    if (last) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function receivedOf(peer, type, predicate = () => true) {
  const items = await control(peer, "GET", `received?type=${encodeURIComponent(type)}`);
  return items.find((e) => !e.rejected && predicate(e)) ?? null;
}

function summarize(entry) {
  if (entry == null) return "nothing recorded";
  const { body: _body, ...rest } = entry;
  return rest;
}

async function main() {
  const [a, b] = await Promise.all([startPeer("alice"), startPeer("bob")]);
  console.log(`# peer A ${a.actor}\n# peer B ${b.actor}`);

  // Discovery served by Fedify over plain http on loopback.
  {
    const wf = await fetch(`${b.origin}/.well-known/webfinger?resource=${encodeURIComponent(`acct:bob@${new URL(b.origin).host}`)}`);
    const jrd = await wf.json();
    check("WebFinger answers acct:bob@127.0.0.1:PORT with the actor IRI",
      wf.ok && jrd.links?.some((l) => l.rel === "self" && l.href === b.actor), jrd);
    const ni = await (await fetch(`${b.origin}/.well-known/nodeinfo`)).json();
    const href = ni.links?.[0]?.href;
    const nodeinfo = href ? await (await fetch(href)).json() : null;
    check("NodeInfo 2.1 is linked from /.well-known/nodeinfo", nodeinfo?.version === "2.1" && nodeinfo?.software?.name === "cairn-fedify-peer", ni);
    const actorResponse = await fetch(b.actor, { headers: { accept: "application/activity+json" } });
    const actor = await actorResponse.json();
    check("the actor is served as application/activity+json with an RSA publicKey and a shared inbox",
      /application\/activity\+json/.test(actorResponse.headers.get("content-type")) &&
        actor.type === "Person" && actor.publicKey?.id === b.keyId && /BEGIN PUBLIC KEY/.test(actor.publicKey?.publicKeyPem ?? "") &&
        actor.endpoints?.sharedInbox === b.sharedInbox && actor.inbox === b.inbox,
      actor);
    const viaLocalhost = await (await fetch(b.actor.replace("127.0.0.1", "localhost"), { headers: { accept: "application/activity+json" } })).json();
    check("IRIs stay on the canonical origin when the Host header says localhost", viaLocalhost.id === b.actor, viaLocalhost.id);
  }

  // A follows B by handle (WebFinger over http), B accepts.
  const follow = await control(a, "POST", "follow", { target: b.handle });
  check("A's Follow resolves B's handle to B's actor", follow.actor === b.actor, follow);
  const accepted = await waitFor("A's follow to be accepted", async () =>
    (await control(a, "GET", "following")).find((f) => f.actor === b.actor && f.state === "accepted"),
  ).catch(() => null);
  check("A's Follow of B is accepted", accepted != null, await control(a, "GET", "following"));
  const followAtB = await receivedOf(b, "Follow", (e) => e.id === follow.id);
  // Fedify signs its own activities twice: a draft-cavage HTTP signature and, with an RSA key, a
  // Linked Data signature in the body. A receiving Fedify that verifies the latter skips the former.
  check("B received A's Follow (signed draft-cavage), verified",
    followAtB?.verified === true && (followAtB.httpSignatureVerified || followAtB.ldSignatureVerified) &&
      followAtB.signatureSpec === "draft-cavage" && followAtB.actor === a.actor,
    summarize(followAtB));
  check("Fedify's own deliveries carry a Linked Data signature (RsaSignature2017) in the body",
    followAtB?.body?.signature?.type === "RsaSignature2017", followAtB?.body?.signature);
  const acceptAtA = await receivedOf(a, "Accept", (e) => e.object === follow.id);
  check("A received B's Accept of that Follow, verified", acceptAtA?.verified === true && acceptAtA.actor === b.actor, summarize(acceptAtA));
  const bFollowers = await control(b, "GET", "followers");
  check("B lists A as a follower", bFollowers.followers.some((f) => f.actor === a.actor && f.follow === follow.id), bFollowers);
  const bFollowersCollection = await (await fetch(`${b.actor}/followers`, { headers: { accept: "application/activity+json" } })).json();
  check("B's followers collection counts A", bFollowersCollection.totalItems === 1, bFollowersCollection);

  // B posts a public note: it reaches A (a follower).
  const note = await control(b, "POST", "create-note", { content: "<p>Hello from B</p>" });
  const createAtA = await waitFor("A to receive B's Create", () => receivedOf(a, "Create", (e) => e.id === note.id)).catch(() => null);
  check("A received B's Create of a public Note, verified",
    createAtA?.verified === true && createAtA.object === note.note && createAtA.objectType === "Note" && createAtA.content === "<p>Hello from B</p>",
    summarize(createAtA));
  const noteDoc = await (await fetch(note.note, { headers: { accept: "application/activity+json" } })).json();
  check("B's Note is dereferenceable at its IRI", noteDoc.id === note.note && noteDoc.type === "Note", noteDoc);

  // A likes and replies to B's note.
  const like = await control(a, "POST", "like", { object: note.note, to: b.actor });
  const likeAtB = await receivedOf(b, "Like", (e) => e.id === like.id);
  check("B received A's Like of its Note, verified", likeAtB?.verified === true && likeAtB.object === note.note && likeAtB.actor === a.actor, summarize(likeAtB));
  const reply = await control(a, "POST", "reply", { inReplyTo: note.note, content: "<p>Nice one</p>", to: b.actor });
  const replyAtB = await receivedOf(b, "Create", (e) => e.id === reply.id);
  check("B received A's reply (Create Note inReplyTo B's Note), verified",
    replyAtB?.verified === true && replyAtB.inReplyTo === note.note && replyAtB.object === reply.note, summarize(replyAtB));
  const undoLike = await control(a, "POST", "undo-like", { object: note.note, to: b.actor });
  const undoLikeAtB = await receivedOf(b, "Undo", (e) => e.id === undoLike.id);
  check("B received A's Undo of the Like, verified", undoLikeAtB?.verified === true && undoLikeAtB.object === like.id && undoLikeAtB.objectType === "Like", summarize(undoLikeAtB));

  // B deletes its note: A (a follower) hears of it.
  const del = await control(b, "POST", "delete", { object: note.note });
  const deleteAtA = await waitFor("A to receive B's Delete", () => receivedOf(a, "Delete", (e) => e.id === del.id)).catch(() => null);
  check("A received B's Delete of the Note, verified", deleteAtA?.verified === true && deleteAtA.object === note.note, summarize(deleteAtA));
  const gone = await fetch(note.note, { headers: { accept: "application/activity+json" } });
  check("the deleted Note is no longer served", gone.status === 404 || gone.status === 410, gone.status);

  // A unfollows B.
  const unfollow = await control(a, "POST", "unfollow", { target: b.actor });
  const undoAtB = await receivedOf(b, "Undo", (e) => e.id === unfollow.id);
  check("B received A's Undo of the Follow, verified", undoAtB?.verified === true && undoAtB.object === follow.id && undoAtB.objectType === "Follow", summarize(undoAtB));
  const bFollowersAfter = await control(b, "GET", "followers");
  check("B no longer lists A as a follower", bFollowersAfter.followers.length === 0, bFollowersAfter);

  // Hand-signed deliveries (draft-cavage, bypassing Fedify's signer) from A to B's inbox.
  const likeActivity = () => ({
    "@context": "https://www.w3.org/ns/activitystreams",
    id: `${a.actor}/raw/${crypto.randomUUID()}`,
    type: "Create",
    actor: a.actor,
    object: {
      id: `${a.actor}/raw-notes/${crypto.randomUUID()}`,
      type: "Note",
      attributedTo: a.actor,
      content: "<p>hand signed</p>",
      to: b.actor,
    },
    to: b.actor,
  });
  const expectRefused = ["body", "digest", "wrong-key", "stale-date", "future-date", "no-signature", "actor-mismatch", "no-digest"];
  for (const inbox of [b.inbox, b.sharedInbox]) {
    const where = inbox === b.inbox ? "B's inbox" : "B's shared inbox";
    const activity = likeActivity();
    const ok = await control(a, "POST", "raw-post", { inbox, activity, tamper: "none" });
    const okAtB = await receivedOf(b, "Create", (e) => e.id === activity.id);
    check(`raw-post tamper=none to ${where} -> ${ok.status}, accepted and verified`,
      ok.status >= 200 && ok.status < 300 && okAtB?.verified === true && okAtB.httpSignatureVerified, { status: ok.status, body: ok.body, received: summarize(okAtB) });
    for (const tamper of expectRefused) {
      const bad = likeActivity();
      const r = await control(a, "POST", "raw-post", { inbox, activity: bad, tamper, otherActor: b.actor });
      const leaked = await receivedOf(b, "Create", (e) => e.id === bad.id);
      check(`raw-post tamper=${tamper} to ${where} -> ${r.status}, refused`, r.status >= 400 && r.status < 500 && leaked == null,
        { status: r.status, body: r.body, leaked: summarize(leaked) });
    }
  }
  const rejections = (await control(b, "GET", "received")).filter((e) => e.rejected);
  check(`B recorded every refused delivery with Fedify's reason and status (${expectRefused.length * 2})`,
    rejections.length === expectRefused.length * 2 &&
      rejections.every((e) => typeof e.reason === "string" && e.status === 401 && e.verified === false),
    rejections.map((e) => ({ type: e.type, reason: e.reason, status: e.status })));

  // What went over the wire: Fedify's own deliveries signed with draft-cavage first.
  const { outgoing } = await control(a, "GET", "requests");
  const posts = outgoing.filter((r) => r.method === "POST" && !/raw-post/.test(r.url) && r.signature != null);
  check("A's Fedify deliveries were signed with draft-cavage (firstKnock)", posts.length > 0 && posts.every((r) => r.signature === "draft-cavage"),
    posts.map((r) => ({ url: r.url, signature: r.signature, status: r.status })));
  if (verbose) console.log(JSON.stringify(posts.slice(0, 2), null, 2));

  // The peer never reaches outside loopback.
  let refused = false;
  try {
    await control(a, "POST", "follow", { target: "https://example.com/users/x" });
  } catch (error) {
    refused = /loopback/.test(String(error));
  }
  check("a non-loopback target is refused without a request", refused);
}

const deadline = setTimeout(() => {
  console.log("not ok - selftest timed out");
  failed++;
  finish(1);
}, DEADLINE_MS);

function finish(code) {
  clearTimeout(deadline);
  for (const child of children) child.kill("SIGTERM");
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(code);
}

main().then(
  () => finish(failed === 0 ? 0 : 1),
  (error) => {
    failed++;
    console.log(`not ok - selftest stopped: ${error?.stack ?? error}`);
    finish(1);
  },
);
