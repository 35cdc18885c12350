// End to end: the route planner with tiles off. A person plans a three-point route on the base
// map, with straight legs (this server has no router), sees its distance, gain and an elevation
// profile from a terrain tile the test makes and imports, saves it, and opens it as a trail
// that shows the same numbers; edits its line. Then, on a second server whose --routing-url is a
// stand-in Valhalla, legs follow the router's line, and a leg it refuses is straight with a note.
// Self-contained: its own people, tile, trails and servers.
import {execFileSync} from 'node:child_process';
import {createServer} from 'node:http';
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {DESKTOP} from './lib/browser.mjs';
import {signUp, startServer} from './lib/server.mjs';
import {expect, report, step, watchPage} from './lib/steps.mjs';
import {audit, failing, formatViolations} from './lib/a11y.mjs';
import {runTerrainHeightSteps} from './terrain_heights.mjs';

const PASSWORD = 'petra-plans-the-pass';

// An SRTM 3" tile N46E008 (1201 x 1201 big-endian int16, rows north to south) of a plane that
// rises 2 m a row northwards and 1 m a column eastwards: about 22 m a km north, 14 m a km east.
function planeTile() {
  const samples = 1201;
  const bytes = Buffer.alloc(samples * samples * 2);
  for (let r = 0; r < samples; r++) {
    for (let c = 0; c < samples; c++) bytes.writeInt16BE(500 + 2 * (samples - 1 - r) + c, 2 * (r * samples + c));
  }
  const dir = mkdtempSync(join(tmpdir(), 'cairn-e2e-dem-'));
  const path = join(dir, 'N46E008.hgt');
  writeFileSync(path, bytes);
  return path;
}

// The figure shown for `name` in the planner ("distance", "gain", ...).
const figure = (page, name) => page.locator(`[data-figure="${name}"]`).innerText();
// The value of the trail page's statistic `field`.
const statistic = (page, field) => page.locator(`[data-field="${field}"] dd`).first().innerText();

export async function runPlannerSteps({browser, origin, server, binary, out, webDir}) {
  await step('planner: a terrain tile is imported into the running server', async () => {
    const output = execFileSync(binary, ['dem', 'add', planeTile(), '--dir', join(server.dir, 'data')], {encoding: 'utf8'});
    expect(/1 tile\(s\) imported/.test(output), true, `cairn dem add imports the tile (${output.trim()})`);
  });

  await signUp(origin, 'petra', PASSWORD);
  // bypassCSP: pages accept axe's injected script (lib/a11y.mjs).
  const context = await browser.newContext({viewport: DESKTOP, reducedMotion: 'reduce', bypassCSP: true});
  const login = await context.request.post(`${origin}/api/v1/auth/login`, {data: {username: 'petra', password: PASSWORD}});
  expect(login.status(), 200, 'petra signs in');
  const page = watchPage(await context.newPage(), 'petra');
  const planned = {};

  await step('planner: three clicks plan a route with straight legs, its distance and a profile from the terrain', async () => {
    await page.goto(`${origin}/plan?map=14/46.5/8.5`);
    await page.getByRole('heading', {name: 'Plan a route'}).waitFor();
    await page.getByText('This server has no router: legs are straight lines.').waitFor();
    expect(await page.getByLabel('Snap to paths').isDisabled(), true, 'snapping is off without a router');
    const map = page.getByRole('region', {name: 'Map: click to add a point'});
    const box = await map.boundingBox();
    // South-west to north to north-east: the plane climbs all the way.
    for (const [x, y] of [[0.3, 0.8], [0.35, 0.25], [0.75, 0.2]]) {
      await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    }
    await expectCount(page.locator('.plan-pin'), 3, 'three pins on the map');
    await page.locator('.plan-profile canvas').waitFor();
    planned.distance = await figure(page, 'distance');
    planned.gain = await figure(page, 'gain');
    planned.loss = await figure(page, 'loss');
    await page.screenshot({path: join(out, 'screens', 'planner-three-points.png'), fullPage: true});
    report(`planned: ${planned.distance}, gain ${planned.gain}, loss ${planned.loss}`);
    expect(/km$/.test(planned.distance), true, `a distance in km (${planned.distance})`);
    expect(Number.parseInt(planned.gain, 10) > 10, true, `the route climbs the plane (${planned.gain})`);
    expect(planned.loss, '0 m', 'and never descends');
    expect(await page.locator('.plan-note').filter({hasText: 'terrain model'}).count(), 0, 'every point has a height');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', {name: 'Export GPX'}).click()]);
    const gpx = readFileSync(await download.path(), 'utf8');
    expect(download.suggestedFilename(), 'Planned route.gpx', 'the export is named for the route');
    expect((gpx.match(/<trkpt /g) || []).length > 100, true, 'the export holds the line, densified');
    expect(/<ele>2\d{3}(\.\d)?<\/ele>/.test(gpx), true, 'with the terrain heights');
    const violations = failing(await audit(page));
    if (violations.length) console.log(formatViolations('planner', violations));
    expect(violations.length, 0, 'the planner: no serious or critical axe violations');
  });

  await step('planner: undo and redo with the keyboard and the buttons', async () => {
    await page.getByRole('button', {name: 'Undo'}).click();
    await expectCount(page.locator('.plan-pin'), 2, 'undo removes the last point');
    await page.keyboard.press('Control+Shift+Z');
    await expectCount(page.locator('.plan-pin'), 3, 'Ctrl+Shift+Z puts it back');
    await page.keyboard.press('Control+Z');
    await expectCount(page.locator('.plan-pin'), 2, 'Ctrl+Z takes it away');
    await page.getByRole('button', {name: 'Redo'}).click();
    await expectCount(page.locator('.plan-pin'), 3, 'redo again');
    await page.locator('.plan-profile canvas').waitFor();
    await page.waitForFunction((d) => document.querySelector('[data-figure="distance"]').textContent === d, planned.distance);
  });

  await step('planner: a drag moves a pin, a drag of a leg\'s middle inserts a point, Remove and right-click remove; undo puts all back', async () => {
    const drag = async (locator, dx, dy) => {
      const box = await locator.boundingBox();
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx / 2, y + dy / 2, {steps: 5});
      await page.mouse.move(x + dx, y + dy, {steps: 5});
      await page.mouse.up();
    };
    await drag(page.locator('.plan-pin').nth(1), -120, 0);
    await page.waitForFunction((d) => document.querySelector('[data-figure="distance"]').textContent !== d, planned.distance);
    expect(await page.locator('.plan-pin').count(), 3, 'a drag moves a pin, adds none');
    await drag(page.locator('.plan-middle').first(), 80, 0);
    await expectCount(page.locator('.plan-pin'), 4, 'a drag of the middle handle adds a point');
    await page.getByRole('button', {name: 'Undo'}).click();
    await page.getByRole('button', {name: 'Undo'}).click();
    await expectCount(page.locator('.plan-pin'), 3, 'two undos');
    await page.getByRole('button', {name: 'Remove point 2'}).click();
    await page.waitForFunction(() => document.querySelectorAll('.plan-pin').length === 2);
    await page.locator('.plan-pin').nth(1).click({button: 'right'});
    await page.waitForFunction(() => document.querySelectorAll('.plan-pin').length === 1);
    await page.keyboard.press('Control+Z');
    await page.keyboard.press('Control+Z');
    await expectCount(page.locator('.plan-pin'), 3, 'a Remove button and a right-click remove points; undo brings them back');
    await page.waitForFunction((d) => document.querySelector('[data-figure="distance"]').textContent === d, planned.distance);
    await page.locator('.plan-profile canvas').waitFor();
  });

  await step('planner: the route is saved as a trail with the same numbers', async () => {
    await page.getByLabel('Name').fill('Plane Pass');
    await page.getByRole('button', {name: 'Save as trail'}).click();
    await page.waitForURL(/\/trail\/[a-z0-9]+$/);
    await page.getByRole('heading', {name: 'Plane Pass'}).waitFor();
    expect(await statistic(page, 'distance'), planned.distance, 'the trail has the planned distance');
    expect(await statistic(page, 'elevation_gain'), planned.gain, 'and the planned gain');
    await page.locator('.trail-profile canvas').waitFor();
    await page.screenshot({path: join(out, 'screens', 'planner-saved-trail.png'), fullPage: true});
  });

  await step('planner: "Edit line" opens the trail in the planner with its line', async () => {
    await page.getByRole('link', {name: 'Edit line'}).click();
    await page.getByRole('heading', {name: 'Edit the line of Plane Pass'}).waitFor();
    await page.locator('.plan-profile canvas').waitFor();
    expect(await figure(page, 'distance'), planned.distance, 'the loaded line has the same distance');
    expect(await page.locator('.plan-pin').count(), 3, 'and the three points that were placed');
  });

  await step('planner: a point added from the keyboard lengthens the line, saved as the trail\'s new track', async () => {
    const pins = await page.locator('.plan-pin').count();
    await page.getByRole('region', {name: 'Map: click to add a point'}).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await page.getByRole('button', {name: 'Add the map centre'}).click();
    await expectCount(page.locator('.plan-pin'), pins + 1, 'one more pin');
    await page.waitForFunction((d) => document.querySelector('[data-figure="distance"]').textContent !== d, planned.distance);
    const longer = await figure(page, 'distance');
    await page.getByRole('button', {name: 'Save the line'}).click();
    await page.waitForURL(/\/trail\/[a-z0-9]+$/);
    await page.getByRole('heading', {name: 'Plane Pass'}).waitFor();
    await page.waitForFunction((d) => document.querySelector('[data-field="distance"] dd')?.textContent.startsWith(d), longer);
    report(`edited: ${longer}`);
  });
  await runTerrainHeightSteps({page, context, origin});
  await context.close();
  await runSnappingSteps({browser, binary, webDir});
}

// precision 6 polyline of [[lat, lon], ...], as Valhalla's `shape`.
function encodeShape(points) {
  const one = (value) => {
    let v = value < 0 ? ~(value << 1) : value << 1;
    let text = '';
    for (; v >= 0x20; v >>= 5) text += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
    return text + String.fromCharCode(v + 63);
  };
  let lat = 0;
  let lon = 0;
  return points
    .map(([a, b]) => {
      const [la, lo] = [Math.round(a * 1e6), Math.round(b * 1e6)];
      const text = one(la - lat) + one(lo - lon);
      [lat, lon] = [la, lo];
      return text;
    })
    .join('');
}

// A stand-in Valhalla: each leg bends 500 m east of its middle; from the third request on it
// refuses, as Valhalla does far from any road.
async function fakeValhalla() {
  const requests = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const route = JSON.parse(body);
      requests.push({path: request.url, route});
      response.setHeader('Content-Type', 'application/json');
      if (requests.length > 2) {
        response.statusCode = 400;
        return response.end(JSON.stringify({error_code: 171, error: 'No suitable edges near location', status_code: 400}));
      }
      const [a, b] = route.locations.map(({lat, lon}) => [lat, lon]);
      const bend = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2 + 0.0065];
      response.end(JSON.stringify({trip: {legs: [{shape: encodeShape([a, bend, b])}], summary: {length: 1}, units: 'kilometers'}}));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {url: `http://127.0.0.1:${server.address().port}`, requests, close: () => new Promise((r) => server.close(r))};
}

async function runSnappingSteps({browser, binary, webDir}) {
  const valhalla = await fakeValhalla();
  const routed = await startServer(binary, ['--tiles', 'none', '--routing-url', valhalla.url, ...(webDir ? ['--web-dir', webDir] : [])]);
  try {
    await signUp(routed.origin, 'rudi', PASSWORD);
    const context = await browser.newContext({viewport: DESKTOP, reducedMotion: 'reduce'});
    await context.request.post(`${routed.origin}/api/v1/auth/login`, {data: {username: 'rudi', password: PASSWORD}});
    const page = watchPage(await context.newPage(), 'rudi');
    await step('planner: with a router the legs follow its line; a leg it refuses is straight, with a note', async () => {
      await page.goto(`${routed.origin}/plan?map=14/46.5/8.5`);
      const snap = page.getByLabel('Snap to paths');
      await snap.waitFor();
      expect(await snap.isChecked(), true, 'snapping is on where the server routes');
      const box = await page.getByRole('region', {name: 'Map: click to add a point'}).boundingBox();
      await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.8);
      await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.2);
      await page.waitForFunction(() => document.querySelector('[data-figure="distance"]').textContent !== '–');
      await expectPoll(() => valhalla.requests.length === 1, 'one leg, one route request');
      expect(valhalla.requests[0].path, '/route', 'the request goes to {routing-url}/route');
      expect(valhalla.requests[0].route.costing, 'pedestrian', 'on foot');
      await page.waitForTimeout(600);
      const snapped = await figure(page, 'distance');
      // This server has no terrain model: the heights are missing, not 0, and the note says why.
      await page.locator('.plan-note').filter({hasText: 'terrain model'}).waitFor();
      expect(await figure(page, 'gain'), '–', 'no gain without heights');
      expect(await page.locator('.plan-profile canvas').count(), 0, 'and no profile');
      await snap.uncheck();
      await page.waitForFunction((d) => document.querySelector('[data-figure="distance"]').textContent !== d, snapped);
      const straight = await figure(page, 'distance');
      report(`snapped ${snapped}, straight ${straight}`);
      expect(Number.parseFloat(snapped) > Number.parseFloat(straight), true, 'the snapped line is the longer, bent one');
      await snap.check();
      await page.waitForFunction((d) => document.querySelector('[data-figure="distance"]').textContent === d, snapped);
      expect(valhalla.requests.length, 1, 'a leg already snapped is not asked again');
      // The fake answers the second leg and refuses the third: that one is straight.
      await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.2);
      await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.6);
      await page.getByText('Some legs could not be snapped to paths and are straight: No suitable edges near location').waitFor();
    });
    await context.close();
  } finally {
    await routed.stop();
    await valhalla.close();
  }
}

async function expectPoll(check, message, timeout = 5000) {
  const deadline = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${message}: not within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function expectCount(locator, count, message) {
  await locator.nth(count - 1).waitFor();
  expect(await locator.count(), count, message);
}
