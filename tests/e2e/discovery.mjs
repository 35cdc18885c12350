// End to end: finding trails again. The top bar's search shows a trail within the first
// keystrokes and forgives a typo; the trails page's overview map, panned so that only the middle
// of a long trail is in view (its start and end off-screen, and the trail not among the cards),
// brings it in and draws it; the date range, done-or-not and a range slider survive a reload.
// Self-contained: it makes its own person and trails through the API.
//
// Some steps need the server's search index and map-area queries; against a server without
// them those steps are skipped, or their server-side checks are, saying why.
import {join} from 'node:path';
import {DESKTOP} from './lib/browser.mjs';
import {apiClient, signUp} from './lib/server.mjs';
import {colorBox} from './lib/canvas.mjs';
import {expect, report, skip, step, watchPage} from './lib/steps.mjs';
import {audit, failing, formatViolations} from './lib/a11y.mjs';

const PASSWORD = 'greta-finds-everything';
// The long trail runs along the 45th parallel from 0° to 6° east (about 470 km); the map is
// opened at zoom 9 north of its middle (3° E), where its line is out of view.
const LONG = {lat: 45, west: 0, east: 6, points: 601};
const START_VIEW = {zoom: 9, lat: 47.5, lon: 3};
// More trails than a page of cards (24), made after the long one: newest first, it is on page 2,
// so the map can only have it from its own area's query.
const FILLERS = 25;

// A straight track along a parallel.
function parallelGpx({name, lat, west, east, points}) {
  const rows = [];
  for (let i = 0; i < points; i++) {
    const lon = west + ((east - west) * i) / (points - 1);
    rows.push(`<trkpt lat="${lat.toFixed(6)}" lon="${lon.toFixed(6)}"><ele>${(300 + 50 * Math.sin(i / 20)).toFixed(1)}</ele></trkpt>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="cairn-e2e" xmlns="http://www.topografix.com/GPX/1/1">
<trk><name>${name}</name><trkseg>
${rows.join('\n')}
</trkseg></trk></gpx>
`;
}

// The y of a latitude in Web Mercator pixels at `zoom` (Leaflet's 256-pixel tiles).
function mercatorY(lat, zoom) {
  const sin = Math.sin((lat * Math.PI) / 180);
  return 256 * 2 ** zoom * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI));
}

// What the server offers: the search index (`POST /search/multi`) and map-area queries (`bbox`,
// refused when malformed) and `completed` on the trail list.
async function serverFeatures(client) {
  const multi = await client.call('POST', '/search/multi', {queries: [{indexUid: 'trails', q: 'x', limit: 1}]});
  const badBox = await client.call('GET', '/trail?bbox=north-pole&perPage=1');
  return {search: multi.status === 200, bbox: badBox.status === 400};
}

async function signedInContext(browser, origin, username, password) {
  // bypassCSP: pages accept axe's injected script (lib/a11y.mjs).
  const context = await browser.newContext({viewport: DESKTOP, reducedMotion: 'reduce', bypassCSP: true});
  const response = await context.request.post(`${origin}/api/v1/auth/login`, {data: {username, password}});
  expect(response.status(), 200, `${username} signs in`);
  return context;
}

async function cardTitles(page) {
  return page.getByRole('list', {name: 'Trails'}).getByRole('listitem').locator('.trail-card-title').allInnerTexts();
}

// Waits for the trails page's answer (the cards' request carries `expand`) matching `test`.
function cardsAnswer(page, test) {
  return page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/v1/trail' && url.searchParams.has('expand') && test(url.searchParams);
  });
}

export async function runDiscoverySteps({browser, origin, out}) {
  const started = Date.now();
  const ids = {};
  let greta;
  let features;

  await step('discovery: greta with a long trail, dated and done trails and a page of others, made through the API', async () => {
    await signUp(origin, 'greta', PASSWORD);
    greta = await apiClient(origin, 'greta', PASSWORD);
    features = await serverFeatures(greta);
    report(`the server has ${features.search ? '' : 'no '}search index and ${features.bbox ? '' : 'no '}map-area queries`);
    const gpx = parallelGpx({name: 'Long Traverse', ...LONG});
    const long = await greta.call('PUT', '/trail/upload?name=Long%20Traverse', new Uint8Array(Buffer.from(gpx)), {'Content-Type': 'application/gpx+xml'});
    expect(long.status, 200, 'the long trail uploads');
    ids.long = long.data.id;
    const made = async (body) => {
      const answer = await greta.call('PUT', '/trail', {author: greta.user.id, public: false, ...body});
      expect(answer.status, 200, `${body.name} is created`);
      return answer.data.id;
    };
    ids.zugspitze = await made({name: 'Zugspitze Traverse', location: 'Garmisch-Partenkirchen', lat: 47.42, lon: 10.98, distance: 21500, date: '2019-07-14 06:00:00.000Z'});
    ids.alpspitze = await made({name: 'Alpspitze Ferrata', location: 'Garmisch-Partenkirchen', lat: 47.41, lon: 11.05, distance: 9000, date: '2019-09-02 07:00:00.000Z'});
    ids.winter = await made({name: 'Winter Loop', lat: 47.3, lon: 11.2, distance: 6000, date: '2021-01-10 09:00:00.000Z'});
    // Markup in a name the search finds: text on screen, never an element.
    ids.markup = await made({name: 'Zugvogel <img src=x id=search-xss onerror="window.__xss=1">', lat: 47.5, lon: 11.3});
    const log = await greta.call('PUT', '/summit-log', {trail: ids.zugspitze, author: greta.user.id, date: '2019-07-14 12:00:00.000Z', text: 'Top.'});
    expect(log.status, 200, 'a summit log makes Zugspitze Traverse done');
    for (let i = 0; i < FILLERS; i++) await made({name: `Filler ${String(i + 1).padStart(2, '0')}`, lat: -30, lon: -60 + i / 10});
  });

  const context = await signedInContext(browser, origin, 'greta', PASSWORD);
  const page = watchPage(await context.newPage(), 'greta');
  try {
    await step('discovery: the top bar search popup (answers made up in the browser) groups trails and lists, marks words, keeps markup text, and works from the keyboard', async () => {
      // The server's answer shape, with the marks the app asks for and markup in a name.
      const hit = (id, name, marked, extra = {}) => ({id, name, ...extra, _formatted: {id, name: marked, ...extra}});
      await page.route('**/api/v1/search/multi', (route) => {
        const {queries} = route.request().postDataJSON();
        const q = queries[0].q;
        expect(queries.map((query) => `${query.indexUid}:${query.highlightPreTag === '\u0002'}`).join(), 'trails:true,lists:true', 'both indexes, marked with control characters');
        route.fulfill({json: {results: [
          {indexUid: 'trails', query: q, estimatedTotalHits: 2, hits: [
            hit(ids.zugspitze, 'Zugspitze Traverse', '\u0002Zug\u0003spitze Traverse', {location: 'Garmisch-Partenkirchen', author_name: 'greta'}),
            hit(ids.markup, 'Zugvogel <img src=x id=stub-xss onerror="window.__xss=1">', '\u0002Zug\u0003vogel <img src=x id=stub-xss onerror="window.__xss=1">', {author_name: 'greta'}),
          ]},
          {indexUid: 'lists', query: q, estimatedTotalHits: 1, hits: [hit('abcdefghij12345', 'Zugspitze days', '\u0002Zug\u0003spitze days', {trails: 3, author_name: 'greta'})]},
        ]}});
      });
      try {
        await page.goto(`${origin}/lists`);
        const box = page.getByRole('combobox', {name: 'Find trails and lists'});
        await box.click();
        await page.keyboard.type('Zug', {delay: 40});
        const results = page.getByRole('listbox', {name: 'Search results'});
        await results.getByRole('option', {name: 'All trails matching “Zug”'}).waitFor();
        expect(await box.getAttribute('aria-expanded'), 'true', 'the combobox says it is open');
        const groups = await results.getByRole('group').evaluateAll((all) => all.map((g) => document.getElementById(g.getAttribute('aria-labelledby')).textContent));
        expect(groups.join(), 'Trails,Lists', 'trails and lists grouped');
        expect((await results.locator('mark').allInnerTexts()).join(), 'Zug,Zug,Zug', 'each matched word is a <mark>');
        expect(await page.locator('#stub-xss').count(), 0, 'markup in a hit makes no element');
        await page.getByRole('status').filter({hasText: '2 trails and 1 list found'}).waitFor();
        const violations = await audit(page, {within: '.top-bar'});
        if (violations.length) console.log(formatViolations('the open search popup', violations));
        expect(failing(violations).map((v) => v.id).join(), '', 'no serious or critical accessibility violations in the open popup');
        await shot(page, out, 'header-search-popup-desktop', false);
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('ArrowDown');
        const second = results.getByRole('option', {name: /Zugvogel/});
        expect(await second.getAttribute('aria-selected'), 'true', 'two arrows choose the second option');
        expect(await box.getAttribute('aria-activedescendant'), await second.getAttribute('id'), 'the combobox points at it');
        await page.keyboard.press('Escape');
        expect(await box.getAttribute('aria-expanded'), 'false', 'Escape closes the popup');
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await page.getByRole('heading', {level: 1, name: 'Zugspitze Traverse'}).waitFor();
        expect(new URL(page.url()).pathname, `/trail/${ids.zugspitze}`, 'Enter opens the first trail in place');
        expect(await box.inputValue(), '', 'the field is emptied');
        expect(await page.evaluate(() => window.__xss), undefined, 'no script ran');
      } finally {
        await page.unroute('**/api/v1/search/multi');
      }
    });

    const searchStep = 'discovery: the top bar search shows the trail after three letters, forgives a typo, and Enter opens it';
    if (!features?.search) {
      skip(searchStep, 'the server has no POST /api/v1/search/multi yet (the search index is being built on main)');
    } else {
      await step(searchStep, async () => {
        await page.goto(`${origin}/trails`);
        await page.locator('.trail-grid li').first().waitFor();
        const box = page.getByRole('combobox', {name: 'Find trails and lists'});
        const results = page.getByRole('listbox', {name: 'Search results'});
        const zugspitze = results.getByRole('option', {name: /Zugspitze Traverse/});
        await box.click();
        const typedAt = Date.now();
        await page.keyboard.type('Zug', {delay: 60});
        // The answer to the three letters (not to fewer) is on screen.
        await results.getByRole('option', {name: 'All trails matching “Zug”'}).waitFor({timeout: 3000});
        await zugspitze.waitFor({timeout: 1000});
        const shownMs = Date.now() - typedAt;
        const marked = await zugspitze.locator('mark').first().innerText();
        expect(/^zug/i.test(marked), true, `the typed letters are marked in the name (${marked})`);
        // The trail whose name holds markup is listed as text.
        await results.getByRole('option', {name: /Zugvogel <img/}).waitFor();
        expect(await page.locator('#search-xss').count(), 0, 'no element made from a hit');
        expect(await page.evaluate(() => window.__xss), undefined, 'no script ran from a hit');
        await shot(page, out, 'header-search-desktop');
        // A typo in a long word still finds it.
        await box.fill('');
        await box.pressSequentially('Zugspitse', {delay: 30});
        await results.getByRole('option', {name: 'All trails matching “Zugspitse”'}).waitFor({timeout: 3000});
        await zugspitze.waitFor({timeout: 1000});
        expect((await results.getByRole('option').first().innerText()).startsWith('Zugspitze Traverse'), true, 'it is the first option');
        await page.keyboard.press('ArrowDown');
        expect(await zugspitze.getAttribute('aria-selected'), 'true', 'the arrow chooses the first option');
        await page.keyboard.press('Enter');
        await page.getByRole('heading', {level: 1, name: 'Zugspitze Traverse'}).waitFor();
        expect(new URL(page.url()).pathname, `/trail/${ids.zugspitze}`, 'Enter opens the trail page');
        report(`header search: the trail listed ${shownMs} ms after the first of three keystrokes (60 ms apart)`);
      });
    }

    await step('discovery: panning the map to the middle of a long trail whose ends are off-screen brings it in and draws it', async () => {
      const map = page.getByRole('region', {name: 'Map of the matching trails'});
      const areaAnswer = (test) => page.waitForResponse((r) => {
        const url = new URL(r.url());
        return url.pathname === '/api/v1/trail' && url.searchParams.has('bbox') && test(url.searchParams);
      });
      const first = areaAnswer(() => true);
      await page.goto(`${origin}/trails?map=${START_VIEW.zoom}/${START_VIEW.lat}/${START_VIEW.lon}`);
      await page.locator('.trail-grid li').first().waitFor();
      expect((await cardTitles(page)).includes('Long Traverse'), false, 'the long trail is not among the cards (page 2)');
      const firstIds = ((await (await first).json()).items || []).map((t) => t.id);
      // No canvas yet when no line is drawn (Leaflet makes it for the first line).
      await map.locator('.leaflet-map-pane').waitFor({state: 'attached'});
      if (features.bbox) {
        expect(firstIds.includes(ids.long), false, 'the first area (north of the trail) does not hold it');
        expect((await colorBox(map)).n, 0, 'nothing is drawn before the pan');
      }
      // Drag the map up until the 45th parallel is in the middle of the view, a few hundred pixels
      // at a time (a drag ends inside the map).
      const rect = await map.boundingBox();
      let left = Math.round(mercatorY(LONG.lat, START_VIEW.zoom) - mercatorY(START_VIEW.lat, START_VIEW.zoom));
      const x = rect.x + rect.width / 2;
      // The answer for an area holding the 45th parallel (moves on the way may ask for others).
      const brought = areaAnswer((q) => {
        const [, south, , north] = q.get('bbox').split(',').map(Number);
        return south <= LONG.lat && LONG.lat <= north;
      }).then(async (r) => (await r.json()).items.map((t) => t.id));
      while (left > 0) {
        const by = Math.min(left, rect.height - 120);
        await page.mouse.move(x, rect.y + rect.height - 50);
        await page.mouse.down();
        for (let i = 1; i <= 10; i++) await page.mouse.move(x, rect.y + rect.height - 50 - (by * i) / 10);
        await page.mouse.up();
        left -= by;
      }
      if (features.bbox) expect((await brought).includes(ids.long), true, "the new area's answer holds the long trail");
      // Drawn across the whole width of the map: its ends are far off on both sides.
      let line = {n: 0};
      for (let i = 0; i < 100 && !(line.n > 0 && line.maxX - line.minX > rect.width * 0.9); i++) {
        await page.waitForTimeout(50);
        line = await colorBox(map);
      }
      expect(line.n > 0 && line.maxX - line.minX > rect.width * 0.9, true, `the long trail's line crosses the map (${JSON.stringify(line)} in ${Math.round(rect.width)} px)`);
      const position = new URL(page.url()).searchParams.get('map') || '';
      const [zoom, lat, lon] = position.split('/').map(Number);
      expect(zoom === START_VIEW.zoom && Math.abs(lat - LONG.lat) < 0.3 && Math.abs(lon - START_VIEW.lon) < 0.1, true, `the URL holds the map's new position (${position})`);
      await shot(page, out, 'trails-map-panned-desktop', false);
      // A reload opens the map where it was left, the line drawn again.
      await page.reload();
      await page.locator('.trail-grid li').first().waitFor();
      line = {n: 0};
      for (let i = 0; i < 100 && !(line.n > 0 && line.maxX - line.minX > rect.width * 0.9); i++) {
        await page.waitForTimeout(50);
        line = await colorBox(map);
      }
      expect(line.n > 0, true, 'after a reload the map is where it was, with the line');
      expect(new URL(page.url()).searchParams.get('map'), position, 'the position is kept');
    });

    await step('discovery: a date range, done or not, and a distance slider filter the list and survive a reload', async () => {
      // Only her own: public trails of others have dates too.
      await page.goto(`${origin}/trails?scope=mine`);
      await page.locator('.trail-grid li').first().waitFor();
      const dated = cardsAnswer(page, (q) => (q.get('filter') || '').includes('date <= "2019-12-31 23:59:59.999Z"'));
      await page.getByLabel('Trail date from').fill('2019-01-01');
      await page.getByLabel('Trail date up to').fill('2019-12-31');
      await dated;
      await page.getByRole('status').filter({hasText: '1–2 of 2 trails'}).waitFor();
      expect((await cardTitles(page)).sort().join(), 'Alpspitze Ferrata,Zugspitze Traverse', 'the trails of 2019');
      const done = cardsAnswer(page, (q) => q.get('completed') === 'true');
      await page.getByLabel('Done', {exact: true}).selectOption({label: 'Done (summit logged)'});
      await done;
      if (features.bbox) {
        await page.getByRole('status').filter({hasText: '1–1 of 1 trail'}).waitFor();
        expect((await cardTitles(page)).join(), 'Zugspitze Traverse', 'only the trail with a summit log');
      }
      // The distance slider, moved with the keyboard off its lower end.
      const slider = page.getByRole('slider', {name: 'Distance from'});
      await slider.waitFor();
      const moved = cardsAnswer(page, (q) => (q.get('filter') || '').includes('distance >= '));
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      await moved;
      const dmin = await page.getByLabel('Minimum distance (km)', {exact: true}).inputValue();
      expect(Number(dmin) > 0 && Number(dmin) < 21.5, true, `the slider sets a minimum below the Zugspitze's 21.5 km (${dmin})`);
      await page.locator('.trails-results:not([aria-busy="true"])').waitFor();
      const before = await cardTitles(page);
      const url = new URL(page.url());
      expect(
        ['from', 'to', 'completed', 'dmin', 'scope'].map((k) => url.searchParams.get(k)).join(),
        `2019-01-01,2019-12-31,yes,${dmin},mine`,
        'the URL holds every filter',
      );
      await page.reload();
      await page.locator('.trail-grid li').first().waitFor();
      expect(await page.getByLabel('Trail date from').inputValue(), '2019-01-01', 'the first day is kept');
      expect(await page.getByLabel('Trail date up to').inputValue(), '2019-12-31', 'the last day is kept');
      expect(await page.getByLabel('Done', {exact: true}).inputValue(), 'yes', 'done or not is kept');
      expect(await page.getByLabel('Minimum distance (km)', {exact: true}).inputValue(), dmin, 'the minimum distance is kept');
      await page.waitForFunction((value) => document.querySelector('.trails-slider:not([hidden]) input[aria-label="Distance from"]')?.value === value, dmin);
      expect((await cardTitles(page)).join(), before.join(), 'the same cards after the reload');
      expect((await page.locator('.trails-filters-toggle').textContent()).trim(), 'Filters (4)', 'four filters are counted');
      await shot(page, out, 'trails-filters-dates-done-desktop', false);
    });
  } finally {
    await context.close();
  }
  report(`discovery steps took ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// A screenshot from the top: scrolled, the sticky top bar would be drawn mid-page.
async function shot(page, out, name, fullPage = true) {
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({path: join(out, 'screens', `${name}.png`), fullPage});
}
