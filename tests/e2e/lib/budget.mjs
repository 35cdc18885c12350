// Page weight and time to interactive of a cold first visit, measured through Chrome's own
// network events (bytes on the wire, after compression), tiles excluded.

// Loads `url` in a fresh context (empty cache) and waits for `readySelector`.
// Returns {bytes, requests, interactiveMs, byType, baseMapBytes} (the last: the Natural Earth data
// of the map's base, drawn when tiles fail).
export async function measureFirstLoad(browser, url, readySelector, viewport) {
  const context = await browser.newContext({viewport});
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', {cacheDisabled: true});
  const origin = new URL(url).origin;
  const requests = new Map();
  let bytes = 0;
  let count = 0;
  const byType = {};
  let baseMapBytes = 0;
  cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, {url: e.request.url, type: e.type}));
  cdp.on('Network.loadingFinished', (e) => {
    const request = requests.get(e.requestId);
    if (!request || !request.url.startsWith(origin)) return;  // tiles and anything foreign
    bytes += e.encodedDataLength;
    count += 1;
    byType[request.type] = (byType[request.type] || 0) + e.encodedDataLength;
    if (request.url.includes('/vendor/world-atlas/')) baseMapBytes += e.encodedDataLength;
  });
  await page.goto(url);
  await page.waitForSelector(readySelector);
  const interactiveMs = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle');
  await context.close();
  return {bytes, requests: count, interactiveMs, byType, baseMapBytes};
}

// Three cold loads of `url` (measureFirstLoad each). Returns {runs, bytes, interactiveMs}: the
// runs and the medians of their bytes and times.
export async function measureColdLoads(browser, url, readySelector, viewport) {
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await measureFirstLoad(browser, url, readySelector, viewport));
  return {runs, bytes: median(runs.map((r) => r.bytes)), interactiveMs: median(runs.map((r) => r.interactiveMs))};
}

// Median of the numbers.
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
