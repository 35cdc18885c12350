// End to end: gaps are gaps. A track of two segments with a 2 km hole between them is drawn as
// two lines on the trail page's map, on the trails page's overview map and on its card, never as
// a walked straight line across the hole; the elevation profile breaks there too.
// Self-contained: it makes its own person and trail through the API.
import {join} from 'node:path';
import {DESKTOP, PHONE} from './lib/browser.mjs';
import {apiClient, signUp} from './lib/server.mjs';
import {colorPixels, countRuns, trackPixelColumns} from './lib/canvas.mjs';
import {expect, report, step, watchPage} from './lib/steps.mjs';

const PASSWORD = 'gaia-minds-the-gap';
const NAME = 'Gap Crossing';
// Along the 10th parallel: 31 points from 30.00° E to 30.03° at 300 m, a hole of 0.02° (2.2 km)
// that no one walked, then 31 points from 30.05° to 30.08° at 700 m.
const LAT = 10;
const SEGMENTS = [{west: 30, ele: 300}, {west: 30.05, ele: 700}];
const SPAN = 0.03;
const HOLE = 0.02;
const PROFILE_LINE = [47, 93, 80];  // LINE in web/features/trail/elevation_profile.js

function twoSegmentGpx() {
  const segments = SEGMENTS.map(({west, ele}, s) => {
    const rows = [];
    for (let i = 0; i <= 30; i++) {
      const time = new Date(Date.parse('2024-07-01T08:00:00Z') + (s * 3600 + i * 20) * 1000).toISOString().replace('.000Z', 'Z');
      rows.push(`<trkpt lat="${LAT}" lon="${(west + (SPAN * i) / 30).toFixed(6)}"><ele>${ele}</ele><time>${time}</time></trkpt>`);
    }
    return `<trkseg>\n${rows.join('\n')}\n</trkseg>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="cairn-e2e" xmlns="http://www.topografix.com/GPX/1/1">
<trk><name>${NAME}</name>${segments.join('\n')}</trk></gpx>
`;
}

// The runs of track-coloured columns, as [first, last] column pairs (gaps of 3 or fewer bridged,
// as countRuns does).
function runsOf(columns) {
  const runs = [];
  columns.forEach((count, x) => {
    if (!count) return;
    const last = runs[runs.length - 1];
    if (last && x - last[1] <= 4) last[1] = x;
    else runs.push([x, x]);
  });
  return runs;
}

// Two lines with the hole between them: the empty stretch between the runs is the hole's share
// of the drawn width (0.02 of 0.08 degrees), give or take the lines' round caps.
function expectTwoLinesWithHole(columns, where) {
  const runs = runsOf(columns);
  expect(countRuns(columns), 2, `${where}: two lines, nothing drawn across the hole (runs ${JSON.stringify(runs)})`);
  const span = runs[1][1] - runs[0][0];
  const gap = runs[1][0] - runs[0][1];
  const expected = (HOLE / (2 * SPAN + HOLE)) * span;
  expect(gap > expected * 0.8 && gap < expected * 1.2, true, `${where}: the gap is the hole's width (${gap} px of ${span}, expected about ${expected.toFixed(0)})`);
  return {gap, span};
}

async function signedInContext(browser, origin, viewport) {
  const context = await browser.newContext({viewport, reducedMotion: 'reduce'});
  const response = await context.request.post(`${origin}/api/v1/auth/login`, {data: {username: 'gaia', password: PASSWORD}});
  expect(response.status(), 200, 'gaia signs in');
  return context;
}

export async function runGapSteps({browser, origin, out}) {
  let id = '';
  let trail = null;

  await step('a two-segment track uploaded through the API keeps its break in every map line', async () => {
    await signUp(origin, 'gaia', PASSWORD);
    const gaia = await apiClient(origin, 'gaia', PASSWORD);
    const created = await gaia.call('PUT', '/trail/upload?ignoreDuplicates=true', new Uint8Array(Buffer.from(twoSegmentGpx())), {'Content-Type': 'application/gpx+xml'});
    expect(created.status, 200, 'the upload is accepted');
    trail = created.data;
    id = trail.id;
    const breaks = trail.line_breaks || {};
    for (const field of ['polyline', 'preview', 'sketch']) {
      expect(Array.isArray(breaks[field]) && breaks[field].length, 1, `${field} has one break (${JSON.stringify(breaks)})`);
    }
    const profile = await gaia.call('GET', `/trail/${id}/profile?points=800`);
    expect(JSON.stringify(profile.data.breaks), '[31]', 'the profile breaks at the second segment\'s first point');
  });

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    await step(`trail page (${label}): the map leaves the hole empty and the profile breaks`, async () => {
      const context = await signedInContext(browser, origin, viewport);
      const page = watchPage(await context.newPage(), `gaps-${label}`);
      await page.goto(`${origin}/trail/${id}`);
      await page.getByRole('heading', {level: 1, name: NAME}).waitFor();
      const map = page.getByRole('region', {name: 'Map of the trail'});
      await map.locator('canvas').first().waitFor();
      await page.waitForTimeout(300);  // the fit to the track settles
      const {gap, span} = expectTwoLinesWithHole(await trackPixelColumns(map), `trail map (${label})`);

      // The profile: a line at 300 m and one at 700 m, nothing drawn between them at the break.
      const profile = page.locator('.profile-box');
      await profile.locator('canvas').waitFor();
      await profile.scrollIntoViewIfNeeded();
      const {height, points} = await colorPixels(profile, PROFILE_LINE);
      const rows = new Array(Math.ceil(height)).fill(0);
      for (const [, y] of points) rows[Math.floor(y)] += 1;
      expect(points.length > 0, true, 'the profile is drawn');
      expect(countRuns(rows), 2, `the profile is two level lines, not joined at the break (rows ${JSON.stringify(runsOf(rows))})`);
      await page.screenshot({path: join(out, 'screens', `gaps-trail-${label}.png`), fullPage: true});
      report(`trail map (${label}): gap of ${gap} px in a ${span} px line; profile rows ${JSON.stringify(runsOf(rows))}`);
      await context.close();
    });

    await step(`trails page (${label}): the overview map and the card draw two lines`, async () => {
      const context = await signedInContext(browser, origin, viewport);
      const page = watchPage(await context.newPage(), `gaps-list-${label}`);
      await page.goto(`${origin}/trails?q=${encodeURIComponent('Gap Crossing')}`);
      await page.locator('.trail-grid li').first().waitFor();
      const card = page.locator('.trail-grid li').filter({hasText: NAME});
      // The card's drawing moves to the second part's start instead of drawing a line to it.
      const path = await card.locator('svg.track-preview path').first().getAttribute('d');
      expect((path.match(/M/g) || []).length, 2, 'the card\'s drawing is two lines');
      const map = page.getByRole('region', {name: 'Map of the matching trails'});
      // On phones the map starts folded.
      const show = page.getByRole('button', {name: 'Show map'});
      if (await show.isVisible()) await show.click();
      await map.locator('canvas').first().waitFor();
      await map.scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      await page.mouse.move(2, 2);  // off the cards: a hovered card turns its line blue
      // The map draws once its area's trails are in; wait for the line, then for it to settle.
      for (let waited = 0; waited < 10000 && !countRuns(await trackPixelColumns(map)); waited += 200) await page.waitForTimeout(200);
      await page.waitForTimeout(400);
      const {gap, span} = expectTwoLinesWithHole(await trackPixelColumns(map), `overview map (${label})`);
      await page.screenshot({path: join(out, 'screens', `gaps-trails-${label}.png`)});
      report(`overview map (${label}): gap of ${gap} px in a ${span} px line`);
      await context.close();
    });
  }
}
