// End to end: maps that say something without tiles. With `--tiles none`, and on a server whose
// tile server cannot be reached, every map draws the Natural Earth base compiled into the binary
// (land, coastlines, borders, a faint graticule), a scale bar and its credit, never an empty
// attribution box; the 1:50m data comes only once the person zooms in. With `--tiles-file`, a
// raster PMTiles archive that this test builds tile by tile is drawn from range requests.
// Self-contained: it starts its own servers (`binary`) and makes its own person and trail.
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {DESKTOP, PHONE} from './lib/browser.mjs';
import {apiClient, signUp, startServer} from './lib/server.mjs';
import {colorPixels} from './lib/canvas.mjs';
import {shortGpx} from './lib/fixtures.mjs';
import {decodePng, rasterPmtiles, solidPng} from './lib/pmtiles.mjs';
import {expect, report, step, watchPage} from './lib/steps.mjs';
import {audit, failing, formatViolations} from './lib/a11y.mjs';

const PASSWORD = 'nora-reads-the-coast';
// web/lib/base_map.js: the land's fill, the coastline and the borders between countries.
const LAND = [246, 244, 238];
const BORDER = [181, 172, 156];
// Central Europe at zoom 5: land, the Mediterranean and the Atlantic, many borders.
const EUROPE = '/trails?map=5/46/8';
// The archive's tiles: one colour per zoom, so the screenshot tells which zoom was drawn.
const ZOOM_COLORS = [[200, 40, 40], [40, 160, 60], [230, 150, 20], [150, 40, 190]];

// A person with one short trail by Lake Geneva, signed in in a fresh context.
async function personWithTrail(browser, origin, username, viewport) {
  await signUp(origin, username, PASSWORD);
  const client = await apiClient(origin, username, PASSWORD);
  const gpx = shortGpx({name: 'Lavaux Terraces', lat: 46.49, lon: 6.74, metres: 2000});
  const upload = await client.call('PUT', '/trail/upload?name=Lavaux%20Terraces', new Uint8Array(Buffer.from(gpx)), {'Content-Type': 'application/gpx+xml'});
  expect(upload.status, 200, 'the trail uploads');
  // bypassCSP: pages accept axe's injected script (lib/a11y.mjs).
  const context = await browser.newContext({viewport, reducedMotion: 'reduce', bypassCSP: true});
  const login = await context.request.post(`${origin}/api/v1/auth/login`, {data: {username, password: PASSWORD}});
  expect(login.status(), 200, `${username} signs in`);
  return {context, trailId: upload.data.id};
}

// The trails page's map, opened on phones with its "Show map" button.
async function trailsMap(page) {
  const toggle = page.getByRole('button', {name: 'Show map'});
  const map = page.getByRole('region', {name: 'Map of the matching trails'});
  await toggle.or(map).first().waitFor();
  if (await toggle.isVisible()) await toggle.click();
  await map.waitFor();
  return map;
}

// The base map is drawn at `scale` ("110m" or "50m") in `map`.
async function baseDrawn(map, scale) {
  // The map's container says which scale it drew (the trails page has one map).
  await map.page().locator(`[data-base-map="${scale}"]`).first().waitFor({timeout: 15000});
}

// What the map shows of the base: land and border pixels as shares of its area, the scale bar's
// text and every attribution box's text (visible ones only).
async function baseFacts(map) {
  const land = await colorPixels(map, LAND);
  const borders = await colorPixels(map, BORDER);
  const area = land.width * land.height;
  const scale = await map.locator('.leaflet-control-scale-line').first().innerText();
  const credits = await map.locator('.leaflet-control-attribution').evaluateAll((boxes) =>
    boxes.filter((box) => box.getBoundingClientRect().height > 0).map((box) => box.textContent.trim()),
  );
  return {land: land.points.length / area, borders: borders.points.length, scale, credits};
}

function expectBase(facts, where) {
  expect(facts.land > 0.2 && facts.land < 0.95, true, `${where}: land drawn over part of the map, sea over the rest (${(facts.land * 100).toFixed(0)}% land)`);
  expect(facts.borders > 50, true, `${where}: country borders drawn (${facts.borders} pixels)`);
  expect(/^\d+ (km|m)$/.test(facts.scale), true, `${where}: a metric scale bar ("${facts.scale}")`);
  expect(facts.credits.length, 1, `${where}: one attribution box`);
  expect(facts.credits.every((text) => text.length > 0), true, `${where}: no empty attribution box (${JSON.stringify(facts.credits)})`);
  expect(facts.credits.some((text) => text.includes('Natural Earth')), true, `${where}: the base map's credit`);
}

async function expectClean(page, where) {
  const violations = failing(await audit(page));
  if (violations.length) console.log(formatViolations(where, violations));
  expect(violations.length, 0, `${where}: no serious or critical axe violations`);
}

export async function runBasemapSteps({browser, origin, out, binary, webDir}) {
  const extra = webDir ? ['--web-dir', webDir] : [];
  const offline = await startServer(binary, ['--tiles', 'none', ...extra]);
  let archiveServer = null;
  try {
    await step('basemap: with --tiles none the map draws Natural Earth land, borders, a scale bar and its credit', async () => {
      const {context} = await personWithTrail(browser, offline.origin, 'nora', DESKTOP);
      const page = watchPage(await context.newPage(), 'nora');
      const world = [];
      page.on('request', (request) => {
        if (request.url().includes('/vendor/world-atlas/')) world.push(request.url().split('/').pop());
      });
      await page.goto(`${offline.origin}${EUROPE}`);
      const map = await trailsMap(page);
      await baseDrawn(map, '110m');
      await page.waitForTimeout(300);
      const facts = await baseFacts(map);
      expectBase(facts, '--tiles none');
      expect(world.join(','), 'countries-110m.json', 'only the world-scale data is loaded at first');
      await page.screenshot({path: join(out, 'screens', 'basemap-none-desktop.png'), fullPage: true});
      await expectClean(page, 'trails page with the base map, desktop');

      // The person zooms in: now the regional data comes, and the map redraws with it.
      await map.getByRole('button', {name: 'Zoom in'}).click();
      await baseDrawn(map, '50m');
      expect(world.includes('countries-50m.json'), true, 'the 1:50m data is loaded once the person zooms in');
      await page.waitForTimeout(300);
      const closer = await baseFacts(map);
      expect(closer.land > 0.2, true, `zoomed in: land still drawn (${(closer.land * 100).toFixed(0)}%)`);
      await page.screenshot({path: join(out, 'screens', 'basemap-none-zoomed-desktop.png'), fullPage: true});
      await context.close();
    });

    await step('basemap: on a phone the trail page draws the base around the track, with its scale bar', async () => {
      const context = await browser.newContext({viewport: PHONE, reducedMotion: 'reduce', bypassCSP: true, isMobile: true, hasTouch: true});
      const login = await context.request.post(`${offline.origin}/api/v1/auth/login`, {data: {username: 'nora', password: PASSWORD}});
      expect(login.status(), 200, 'nora signs in on her phone');
      const page = watchPage(await context.newPage(), 'nora-phone');
      await page.goto(`${offline.origin}${EUROPE}`);
      const map = await trailsMap(page);
      await baseDrawn(map, '110m');
      await page.waitForTimeout(300);
      expectBase(await baseFacts(map), '--tiles none, phone');
      await page.screenshot({path: join(out, 'screens', 'basemap-none-phone.png'), fullPage: true});
      await expectClean(page, 'trails page with the base map, phone');
      await context.close();
    });

    await step('basemap: where the tile server cannot be reached the same base shows', async () => {
      // The main run's server points its tiles at a closed port.
      const {context} = await personWithTrail(browser, origin, 'olek', DESKTOP);
      const page = watchPage(await context.newPage(), 'olek');
      await page.goto(`${origin}${EUROPE}`);
      const map = await trailsMap(page);
      await baseDrawn(map, '110m');
      await page.waitForTimeout(300);
      const facts = await baseFacts(map);
      expectBase(facts, 'tiles failing');
      expect(facts.credits[0].includes('OpenStreetMap'), true, 'the tile server is still credited');
      await page.screenshot({path: join(out, 'screens', 'basemap-tiles-failing-desktop.png'), fullPage: true});
      await context.close();
    });

    await step('basemap: a raster PMTiles archive built by the test is drawn from range requests', async () => {
      const tiles = [];
      for (let z = 0; z < ZOOM_COLORS.length; z++) {
        const png = solidPng(ZOOM_COLORS[z]);
        for (let x = 0; x < 2 ** z; x++) for (let y = 0; y < 2 ** z; y++) tiles.push({z, x, y, data: png});
      }
      const dir = mkdtempSync(join(tmpdir(), 'cairn-e2e-pmtiles-'));
      const file = join(dir, 'world.pmtiles');
      writeFileSync(file, rasterPmtiles(tiles, {center: [8, 46, 3]}));
      archiveServer = await startServer(binary, ['--tiles-file', file, ...extra]);

      const {context} = await personWithTrail(browser, archiveServer.origin, 'pia', DESKTOP);
      const page = watchPage(await context.newPage(), 'pia');
      const statuses = [];
      page.on('response', (response) => {
        if (response.url().endsWith('/tiles/map.pmtiles')) statuses.push(response.status());
      });
      // Colour at a few points of the map's screenshot, away from the track and the controls.
      const colorsAt = async (map) => {
        const shot = decodePng(await map.screenshot());
        const points = [[0.5, 0.3], [0.3, 0.7], [0.7, 0.6]].map(([fx, fy]) => [Math.round(shot.width * fx), Math.round(shot.height * fy)]);
        return points.map(([x, y]) => shot.at(x, y));
      };
      const near = (a, b) => a.every((v, i) => Math.abs(v - b[i]) <= 8);
      const waitForColor = async (map, zoom) => {
        for (let i = 0; i < 50; i++) {
          if ((await colorsAt(map)).every((c) => near(c, ZOOM_COLORS[zoom]))) return true;
          await page.waitForTimeout(200);
        }
        return false;
      };

      await page.goto(`${archiveServer.origin}/trails?map=3/46/8`);
      const map = await trailsMap(page);
      const drawn = await waitForColor(map, 3);
      expect(drawn, true, `the zoom-3 tiles are drawn (colours seen: ${JSON.stringify(await colorsAt(map))})`);
      await page.screenshot({path: join(out, 'screens', 'basemap-pmtiles-desktop.png'), fullPage: true});
      await map.getByRole('button', {name: 'Zoom out'}).click();
      expect(await waitForColor(map, 2), true, `zoomed out, the zoom-2 tiles are drawn (colours seen: ${JSON.stringify(await colorsAt(map))})`);
      expect(statuses.length > 0 && statuses.every((s) => s === 206), true, `the archive is read by range requests, each answered 206 (${statuses.join(', ')})`);
      const credits = await map.locator('.leaflet-control-attribution').innerText();
      expect(credits.includes('OpenStreetMap') && credits.includes('Natural Earth'), true, `the archive and the base are credited ("${credits}")`);
      const scale = await map.locator('.leaflet-control-scale-line').first().innerText();
      expect(/^\d+ (km|m)$/.test(scale), true, `a scale bar over the archive ("${scale}")`);
      await expectClean(page, 'trails page over a PMTiles archive');

      // The route itself: a range is answered 206 with Content-Range, a range past the end 416.
      const size = rasterPmtiles(tiles).length;
      const part = await fetch(`${archiveServer.origin}/tiles/map.pmtiles`, {headers: {Range: 'bytes=0-126'}});
      expect(part.status, 206, 'a range of the archive is answered 206');
      expect(part.headers.get('content-range'), `bytes 0-126/${size}`, 'with its Content-Range');
      expect(Buffer.from(await part.arrayBuffer()).subarray(0, 7).toString(), 'PMTiles', 'the header comes first');
      const past = await fetch(`${archiveServer.origin}/tiles/map.pmtiles`, {headers: {Range: `bytes=${size}-`}});
      expect(past.status, 416, 'a range past the end is answered 416');
      report(`PMTiles archive of ${tiles.length} tiles (${size} bytes) drawn from ${statuses.length} range requests`);
      await context.close();
    });
  } finally {
    await offline.stop();
    await archiveServer?.stop();
  }
}
