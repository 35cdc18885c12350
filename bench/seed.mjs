// Seeds a server with N trails over HTTP, 16 requests in flight. Used by bench/run.sh.
// usage: node seed.mjs <cairn|pocketbase> <base_url> <token> <author_id> <count>
const [kind, base, token, author, countText] = process.argv.slice(2);
const count = Number(countText);
const url = kind === "cairn" ? `${base}/api/v1/trail` : `${base}/api/collections/trails/records`;
const method = kind === "cairn" ? "PUT" : "POST";
const auth = kind === "cairn" ? `Bearer ${token}` : token;
let next = 0;
let failed = 0;
async function worker() {
  while (next < count) {
    const i = next++;
    const body = {
      name: `Trail ${i}`, public: i % 4 !== 0, author, description: "Seeded for the benchmark",
      distance: 1000 + (i % 300) * 97, duration: 3600 + i % 7200, elevation_gain: i % 1500,
      elevation_loss: i % 1400, lat: 47 + (i % 1000) / 1000, lon: 11 + (i % 700) / 1000,
      difficulty: ["easy", "moderate", "hard"][i % 3], location: "Bench", date: "2024-06-01",
    };
    const r = await fetch(url, { method, headers: { "content-type": "application/json", authorization: auth }, body: JSON.stringify(body) });
    if (!r.ok) { failed++; if (failed < 3) console.error(r.status, await r.text()); } else { await r.arrayBuffer(); }
  }
}
await Promise.all(Array.from({ length: 16 }, worker));
if (failed) { console.error(`${failed} of ${count} seed requests failed`); process.exit(1); }
