// End to end, feature by feature: what the product promises beyond the main scenario, each
// driven in the browser the way a person uses it and checked by what they rely on. The module
// makes its own people and trails through the API, so it needs nothing from the main scenario
// but a running server and a browser:
//
//   trails list (search, difficulty, sort, pages), units, API tokens, password change, the
//   trail share dialog with a link share, GPX export, deleting a trail, the manual trail form,
//   waypoints on the edit page, lists (reorder, avatar, an `edit` share), and the overview map's
//   markers and clusters for trails too small to see, with the range sliders' ends from the server.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {DESKTOP} from './lib/browser.mjs';
import {apiClient, signUp} from './lib/server.mjs';
import {equatorGpx, landscapePng, shortGpx} from './lib/fixtures.mjs';
import {expect, step, report, watchPage} from './lib/steps.mjs';
import {colorBox} from './lib/canvas.mjs';
import {audit, failing, formatViolations} from './lib/a11y.mjs';

const PASSWORD = 'features-e2e-secret';

// Same shapes (and so the same numbers) as the main scenario's two tracks, but elsewhere on the
// equator: 10 018.8 m / 900 m / 1 h 15 min in 901 points, and 13.4 km / 600 m / 1 h 00 min.
const GRANITE_LON = 20.0;
const granite = equatorGpx({name: 'Granite Ridge', startLon: GRANITE_LON, points: 901, lonStep: 0.0001, lowEle: 500, highEle: 1400, stepSeconds: 5});
const valley = equatorGpx({name: 'Valley Loop', startLon: 20.2, points: 601, lonStep: 0.0002, lowEle: 800, highEle: 1400, stepSeconds: 6});
const GRANITE_POINTS = 901;
// The colours the maps draw with (web/lib/map.js TRACK_COLOR; the new-waypoint marker).
const TRACK_RGB = [194, 65, 12];
const NEW_PIN_RGB = [29, 78, 216];

// Five short walks on three continents (two in the Alps 7 km apart, two in the American West,
// one in New Zealand): a few hundred metres each, so each line is a dot or less at world zoom.
const WORLD_TRAILS = [
  {name: 'Eiger Steps', lat: 46.58, lon: 8.0, metres: 60, climb: 20},
  {name: 'Lauterbrunnen Stair', lat: 46.6, lon: 7.91, metres: 80, climb: 60},
  {name: 'Flatirons Scramble', lat: 39.99, lon: -105.29, metres: 200, climb: 120},
  {name: 'Yosemite Mist', lat: 37.73, lon: -119.55, metres: 400, climb: 200},
  {name: 'Tongariro Crater', lat: -39.13, lon: 175.64, metres: 250, climb: 90},
];

// The overview map's markers and clusters: [{count, name, x}] (a marker counts 1 and has its
// trail's name; a cluster has its count), and how many trails they stand for in all.
async function mapIcons(map) {
  const icons = await map.locator('.leaflet-marker-icon').evaluateAll((elements) =>
    elements.map((icon) => {
      const marker = icon.classList.contains('trail-marker');
      return {count: marker ? 1 : Number(icon.dataset.count || 0), name: marker ? icon.getAttribute('aria-label') : null, x: icon.getBoundingClientRect().x};
    }));
  return {icons, trails: icons.reduce((n, icon) => n + icon.count, 0)};
}

// Waits until the map's markers and clusters stand for `n` trails; fails saying what they show.
async function waitForMapTrails(page, map, n, what) {
  let last = null;
  for (let i = 0; i < 200; i++) {
    last = await mapIcons(map);
    if (last.trails === n) return last;
    await page.waitForTimeout(50);
  }
  throw new Error(`${what}: the map's markers stand for ${last.trails} trails, not ${n} (${JSON.stringify(last.icons)})`);
}

// A context signed in through the API's login (it sets the same HttpOnly cookie the login page
// gets), so each feature starts on its own page without going through the form again.
async function signedInContext(browser, origin, username, password, options = {}) {
  const context = await browser.newContext({viewport: DESKTOP, reducedMotion: 'reduce', ...options});
  const response = await context.request.post(`${origin}/api/v1/auth/login`, {data: {username, password}});
  expect(response.status(), 200, `${username} signs in`);
  return context;
}

// Uploads a GPX as the whole body; returns the trail record.
async function uploadGpx(client, name, gpx) {
  const answer = await client.call('PUT', `/trail/upload?name=${encodeURIComponent(name)}`, new Uint8Array(Buffer.from(gpx)), {'Content-Type': 'application/gpx+xml'});
  expect(answer.status, 200, `${name} uploads`);
  return answer.data;
}

// Waits until the map's drawing of `rgb` is there and stays the same over two frames (the map
// has fitted its view and finished drawing).
async function settledColorBox(page, locator, rgb, what) {
  let last = null;
  for (let i = 0; i < 300; i++) {
    const now = await colorBox(locator, rgb);
    if (now.n > 0 && last && JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  }
  throw new Error(`${what} never settled on the map (last: ${JSON.stringify(last)})`);
}

// The trail cards' titles, in order.
async function cardTitles(page) {
  return page.getByRole('list', {name: 'Trails'}).getByRole('listitem').locator('.trail-card-title').allInnerTexts();
}

// Waits for the trails page's answer to a change (matching `test` on its query) to be on screen.
async function trailsAnswer(page, test) {
  return page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/v1/trail' && url.searchParams.has('expand') && test(url.searchParams);
  });
}
async function trailsShown(page) {
  await page.locator('.trails-results:not([aria-busy="true"])').waitFor();
}

function textOf(text) {
  return text.replace(/\s+/g, ' ');
}

// Registers and runs the steps; `out` is the run's output folder (screens go to out/screens).
// A failing step throws, as in the main scenario.
export async function runFeatureSteps({browser, origin, out}) {
  const started = Date.now();
  // A whole-page shot from the top: scrolled, the sticky top bar would be drawn mid-page.
  const shot = async (page, name, fullPage = true) => {
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({path: join(out, 'screens', `${name}.png`), fullPage});
  };
  const ids = {};
  let carol;
  let dave;
  let carolContext;

  await step('features: carol, dave, erin and pat with their trails, made through the API', async () => {
    for (const name of ['carol', 'dave', 'erin', 'pat']) await signUp(origin, name, PASSWORD);
    carol = await apiClient(origin, 'carol', PASSWORD);
    dave = await apiClient(origin, 'dave', PASSWORD);
    const erin = await apiClient(origin, 'erin', PASSWORD);
    // Valley Loop first: the newest-first default then shows it last, so sorting must move it.
    ids.valley = (await uploadGpx(carol, 'Valley Loop', valley.gpx)).id;
    ids.granite = (await uploadGpx(carol, 'Granite Ridge', granite.gpx)).id;
    // The difficulty filter needs one trail with a difficulty.
    const hard = await carol.call('POST', `/trail/${ids.granite}`, {name: 'Granite Ridge', difficulty: 'hard'});
    expect(hard.status, 200, 'Granite Ridge is set to hard');
    // A photo, which a link share must show to a visitor.
    const form = new FormData();
    form.append('photos', new Blob([landscapePng(320, 200)], {type: 'image/png'}), 'granite.png');
    const photo = await fetch(`${origin}/api/v1/trail/${ids.granite}/file`, {method: 'POST', headers: {Authorization: `Bearer ${carol.token}`}, body: form});
    expect(photo.status, 200, 'a photo is added to Granite Ridge');
    const meadow = await dave.call('PUT', '/trail', {name: "Dave's Meadow", author: dave.user.id, public: false, lat: 0, lon: 21, distance: 4200});
    expect(meadow.status, 200, "Dave's Meadow is created");
    ids.meadow = meadow.data.id;
    // 30 small trails for erin: more than one page of 24.
    const made = await Promise.all(
      Array.from({length: 30}, (_, i) => erin.call('PUT', '/trail', {name: `Pager ${String(i + 1).padStart(2, '0')}`, author: erin.user.id, public: false, lat: 1, lon: 22 + i / 100, distance: 1000 + i * 100})),
    );
    expect(made.filter((r) => r.status === 200).length, 30, 'erin has 30 trails');
    carolContext = await signedInContext(browser, origin, 'carol', PASSWORD, {permissions: ['clipboard-read', 'clipboard-write']});
  });
  const page = watchPage(await carolContext.newPage(), 'carol');

  try {
    await step('trails list: typing "Valley" leaves one card, puts the query in the URL, and a reload keeps it', async () => {
      await page.goto(`${origin}/trails`);
      await page.getByRole('list', {name: 'Trails'}).getByRole('listitem').first().waitFor();
      expect((await cardTitles(page)).length >= 2, true, 'carol sees her trails before searching');
      const answered = trailsAnswer(page, (q) => q.get('q') === 'Valley');
      await page.getByLabel('Search trails').fill('Valley');
      await answered;
      await page.getByRole('status').filter({hasText: '1–1 of 1 trail'}).waitFor();
      expect((await cardTitles(page)).join(), 'Valley Loop', 'only Valley Loop is left');
      expect(new URL(page.url()).searchParams.get('q'), 'Valley', 'the URL holds the search');
      await page.reload();
      await page.getByRole('status').filter({hasText: '1–1 of 1 trail'}).waitFor();
      expect(await page.getByLabel('Search trails').inputValue(), 'Valley', 'the search box shows the query after a reload');
      expect((await cardTitles(page)).join(), 'Valley Loop', 'still only Valley Loop after a reload');
    });

    await step('trails list: the Hard difficulty filter keeps only the hard trail', async () => {
      await page.goto(`${origin}/trails`);
      await page.getByRole('list', {name: 'Trails'}).getByRole('listitem').first().waitFor();
      const answered = trailsAnswer(page, (q) => (q.get('filter') || '').includes('difficulty = "hard"'));
      await page.getByRole('checkbox', {name: 'Hard', exact: true}).check();
      await answered;
      await trailsShown(page);
      expect((await cardTitles(page)).join(), 'Granite Ridge', 'only the hard trail is left');
      await page.getByRole('list', {name: 'Trails'}).getByRole('listitem').first().locator('.badge.hard', {hasText: 'Hard'}).waitFor();
      expect(new URL(page.url()).searchParams.get('difficulty'), 'hard', 'the URL holds the difficulty');
      const cleared = trailsAnswer(page, (q) => !(q.get('filter') || '').includes('difficulty'));
      await page.getByRole('checkbox', {name: 'Hard', exact: true}).uncheck();
      await cleared;
      await trailsShown(page);
      expect((await cardTitles(page)).length >= 2, true, 'unchecked, the other trails are back');
      expect((await cardTitles(page))[0], 'Granite Ridge', 'newest first by default');
    });

    await step('trails list: sorting by distance, longest first, puts the 13.4 km trail first', async () => {
      const answered = trailsAnswer(page, (q) => q.get('sort') === '-distance');
      await page.getByLabel('Sort by').selectOption({label: 'Distance, longest first'});
      await answered;
      await trailsShown(page);
      const cards = page.getByRole('list', {name: 'Trails'}).getByRole('listitem');
      expect((await cardTitles(page))[0], 'Valley Loop', 'the longest trail is first');
      expect(textOf(await cards.first().innerText()).includes('13.4 km'), true, 'the first card shows 13.4 km');
      expect(textOf(await cards.nth(1).innerText()).includes('10.0 km'), true, 'a 10.0 km trail comes next');
      expect(new URL(page.url()).searchParams.get('sort'), '-distance', 'the URL holds the sort');
      const reverse = trailsAnswer(page, (q) => q.get('sort') === 'distance');
      await page.getByLabel('Sort by').selectOption({label: 'Distance, shortest first'});
      await reverse;
      await trailsShown(page);
      const titles = await cardTitles(page);
      expect(titles[titles.length - 1], 'Valley Loop', 'shortest first puts it last');
    });

    await step('trails list: 30 trails make two pages; Next page shows 25–30 and page 2 is in the URL', async () => {
      const context = await signedInContext(browser, origin, 'erin', PASSWORD);
      const erin = watchPage(await context.newPage(), 'erin');
      await erin.goto(`${origin}/trails`);
      await erin.getByRole('list', {name: 'Trails'}).getByRole('listitem').first().waitFor();
      // Only her own, so public trails of others do not change the count.
      const mine = trailsAnswer(erin, (q) => (q.get('filter') || '').startsWith('author = '));
      await erin.getByLabel('Show', {exact: true}).selectOption({label: 'Mine'});
      await mine;
      await erin.getByRole('status').filter({hasText: '1–24 of 30 trails'}).waitFor();
      expect((await cardTitles(erin)).length, 24, '24 cards on the first page');
      const pager = erin.getByRole('navigation', {name: 'Pagination'});
      expect(await pager.getByRole('link', {name: 'Page 1'}).getAttribute('aria-current'), 'page', 'page 1 is the current one');
      const second = trailsAnswer(erin, (q) => q.get('page') === '2');
      await pager.getByRole('link', {name: 'Next page'}).click();
      await second;
      await erin.getByRole('status').filter({hasText: '25–30 of 30 trails'}).waitFor();
      const titles = await cardTitles(erin);
      expect(titles.length, 6, 'six cards on page 2');
      expect(titles.every((t) => t.startsWith('Pager ')), true, `page 2 holds erin's trails (${titles.join(', ')})`);
      const url = new URL(erin.url());
      expect([url.searchParams.get('page'), url.searchParams.get('scope')].join(), '2,mine', 'the URL holds page 2 (and the scope)');
      expect(await pager.getByRole('link', {name: 'Page 2'}).getAttribute('aria-current'), 'page', 'page 2 is marked current');
      await shot(erin, 'trails-page-2-desktop');
      await erin.reload();
      await erin.getByRole('status').filter({hasText: '25–30 of 30 trails'}).waitFor();
      // Back returns to page 1.
      await erin.goBack();
      await erin.getByRole('status').filter({hasText: '1–24 of 30 trails'}).waitFor();
      await context.close();
    });

    await step('units: imperial in Settings → Preferences shows miles and feet on the trail page, and back', async () => {
      await page.goto(`${origin}/settings`);
      const preferences = page.getByRole('region', {name: 'Preferences'});
      await preferences.getByRole('radio', {name: 'Imperial (mi, ft)'}).check();
      await preferences.getByRole('button', {name: 'Save preferences'}).click();
      await preferences.getByText('Preferences saved. Distances now show in miles and feet.').waitFor();
      await page.goto(`${origin}/trail/${ids.granite}`);
      await page.getByRole('heading', {level: 1, name: 'Granite Ridge'}).waitFor();
      // 10 018.8 m = 6.23 mi; 900 m = 2 953 ft (thousands with a narrow space, which \s matches);
      // the profile adds the lowest and highest points, 500 m = 1 640 ft and 1 400 m = 4 593 ft.
      const stats = page.locator('.stats').first();
      await stats.getByText('Highest point').waitFor();
      const text = textOf(await stats.innerText());
      for (const wanted of ['6.23 mi', '2 953 ft', '1 640 ft', '4 593 ft', 'mph']) expect(text.includes(wanted), true, `imperial statistics show "${wanted}" (${text})`);
      for (const unwanted of [' km', '900 m']) expect(text.includes(unwanted), false, `no metric "${unwanted}" left (${text})`);
      await shot(page, 'trail-imperial-desktop', false);
      await page.goto(`${origin}/trails`);
      const card = page.getByRole('list', {name: 'Trails'}).getByRole('listitem').filter({hasText: 'Granite Ridge'});
      expect(textOf(await card.innerText()).includes('6.23 mi'), true, 'the card is in miles too');
      await page.goto(`${origin}/settings`);
      await preferences.getByRole('radio', {name: 'Metric (km, m)'}).check();
      await preferences.getByRole('button', {name: 'Save preferences'}).click();
      await preferences.getByText('Preferences saved. Distances now show in kilometres and metres.').waitFor();
      await page.goto(`${origin}/trail/${ids.granite}`);
      await page.locator('.stats').first().getByText('Highest point').waitFor();
      const metric = textOf(await page.locator('.stats').first().innerText());
      for (const wanted of ['10.0 km', '900 m', '1 400 m', 'km/h']) expect(metric.includes(wanted), true, `metric again: "${wanted}" (${metric})`);
    });

    await step('private account: people search finds carol only by her exact username, until she unticks it', async () => {
      const search = async (q) => (await dave.call('GET', `/search/actor?q=${q}`)).data.map((u) => u.username);
      expect((await search('car')).join(), 'carol', 'a public account is found by its first letters');
      await page.goto(`${origin}/settings`);
      const preferences = page.getByRole('region', {name: 'Preferences'});
      const box = preferences.getByRole('checkbox', {name: 'Private account'});
      await box.check();
      await preferences.getByRole('button', {name: 'Save preferences'}).click();
      await preferences.getByText(/Preferences saved/).waitFor();
      expect((await search('car')).join(), '', 'a private account is not found by its first letters');
      expect((await search('carol')).join(), 'carol', 'but by its exact username');
      await page.reload();
      expect(await preferences.getByRole('checkbox', {name: 'Private account'}).isChecked(), true, 'the box stays ticked after a reload');
      await preferences.getByRole('checkbox', {name: 'Private account'}).uncheck();
      await preferences.getByRole('button', {name: 'Save preferences'}).click();
      await preferences.getByText(/Preferences saved/).waitFor();
      expect((await search('car')).join(), 'carol', 'found by her first letters again');
    });

    await step('API tokens: "phone sync" is shown once, works as a Bearer token, and stops at revoke', async () => {
      await page.goto(`${origin}/settings`);
      const tokens = page.getByRole('region', {name: 'API tokens'});
      await tokens.getByText(/^You have no API tokens\./).waitFor();
      await tokens.getByLabel('Token name').fill('phone sync');
      await tokens.getByRole('button', {name: 'Create token'}).click();
      const box = tokens.getByRole('textbox', {name: 'New token'});
      await box.waitFor();
      const token = await box.inputValue();
      expect(/^cairn_\S{20,}$/.test(token), true, `the token is shown (${token.slice(0, 10)}…)`);
      await tokens.getByText('Token “phone sync” created.').waitFor();
      await shot(page, 'settings-token-created-desktop');
      const trailsWith = async (auth) => {
        const response = await fetch(`${origin}/api/v1/trail?perPage=100&fields=id,name,public,author`, {headers: auth ? {Authorization: `Bearer ${auth}`} : {}});
        return {status: response.status, body: response.ok ? await response.json() : null};
      };
      const withToken = await trailsWith(token);
      expect(withToken.status, 200, 'GET /api/v1/trail with the token');
      const privateMine = withToken.body.items.filter((t) => !t.public && t.author === carol.user.id).map((t) => t.name).sort();
      expect(privateMine.join(), 'Granite Ridge,Valley Loop', "the token reads carol's private trails");
      const anonymous = await trailsWith(null);
      expect(anonymous.body.items.some((t) => t.id === ids.granite), false, 'without the token they are hidden');
      await page.reload();
      await tokens.getByRole('list', {name: 'Your API tokens'}).getByText('phone sync').waitFor();
      expect(await tokens.getByRole('textbox', {name: 'New token'}).count(), 0, 'after a reload the token is not shown again');
      expect((await tokens.innerText()).includes(token), false, 'the token text is nowhere on the page');
      await tokens.getByRole('button', {name: 'Revoke token phone sync'}).click();
      const confirm = page.getByRole('dialog', {name: 'Revoke this token?'});
      await confirm.getByRole('button', {name: 'Revoke token'}).click();
      await tokens.getByText(/^You have no API tokens\./).waitFor();
      expect((await trailsWith(token)).status, 401, 'the revoked token is refused');
    });

    await step('password change: a wrong current password is shown at its field; then the new one is the only one', async () => {
      const context = await signedInContext(browser, origin, 'pat', PASSWORD);
      const pat = watchPage(await context.newPage(), 'pat');
      await pat.goto(`${origin}/settings`);
      const section = pat.getByRole('region', {name: 'Password', exact: true});
      await section.getByLabel('Current password').fill('not-my-password');
      await section.getByLabel('New password').fill('pats-new-secret-1');
      await section.getByLabel('Confirm password').fill('pats-new-secret-1');
      await section.getByRole('button', {name: 'Change password'}).click();
      const current = section.getByLabel('Current password');
      await section.locator('[name="oldPassword"][aria-invalid="true"]').waitFor();
      const errorId = (await current.getAttribute('aria-describedby')).split(' ').find((id) => id.endsWith('-error'));
      expect(await pat.locator(`[id="${errorId}"]`).innerText(), 'Missing or invalid old password.', 'the error is next to "Current password"');
      expect(await section.getByLabel('New password').inputValue(), 'pats-new-secret-1', 'the new password stays typed');
      await shot(pat, 'settings-password-error-desktop');
      await current.fill(PASSWORD);
      await section.getByRole('button', {name: 'Change password'}).click();
      await section.getByText('Password changed. Other devices and browsers are signed out.').waitFor();
      expect(await pat.locator('[name="oldPassword"][aria-invalid="true"]').count(), 0, 'no error left');
      // This browser's session was renewed with the change: still signed in.
      await pat.reload();
      await pat.getByRole('heading', {level: 1, name: 'Profile and settings'}).waitFor();
      await context.close();

      const fresh = await browser.newContext({viewport: DESKTOP});
      const login = watchPage(await fresh.newPage(), 'pat-login');
      await login.goto(`${origin}/login`);
      await login.getByLabel('Username or email').fill('pat');
      await login.getByLabel('Password').fill(PASSWORD);
      await login.getByRole('button', {name: 'Sign in'}).click();
      await login.locator('.form-error').getByText('Wrong username or password.').waitFor();
      await login.getByLabel('Password').fill('pats-new-secret-1');
      await login.getByRole('button', {name: 'Sign in'}).click();
      await login.waitForURL(`${origin}/trails`);
      await fresh.close();
    });

    await step('trail share dialog: dave can view, a link shows the private trail and its photo until deleted', async () => {
      await page.goto(`${origin}/trail/${ids.granite}`);
      await page.getByRole('heading', {level: 1, name: 'Granite Ridge'}).waitFor();
      await page.getByRole('button', {name: 'Share', exact: true}).click();
      const dialog = page.getByRole('dialog', {name: 'Share “Granite Ridge”'});
      await dialog.getByText('Only you can see this trail, unless it is public.').waitFor();
      await dialog.getByText(/^No links yet\./).waitFor();
      // A name nobody has: said next to the username box, which keeps it.
      await dialog.getByLabel('Username').fill('nobody-by-this-name');
      await dialog.getByRole('button', {name: 'Add person'}).click();
      await dialog.locator('[name="username"][aria-invalid="true"]').waitFor();
      await dialog.getByText('There is no user called “nobody-by-this-name”.').waitFor();
      expect(await dialog.getByLabel('Username').inputValue(), 'nobody-by-this-name', 'the typed name stays');
      await dialog.getByLabel('Username').fill('dave');
      await dialog.getByLabel('Permission', {exact: true}).selectOption({label: 'Can view'});
      await dialog.getByRole('button', {name: 'Add person'}).click();
      await dialog.getByRole('button', {name: 'Stop sharing with dave'}).waitFor();
      expect(await dialog.getByLabel('Permission for dave').inputValue(), 'view', 'dave can view');
      await dialog.getByRole('button', {name: 'Create link'}).click();
      const linkBox = dialog.getByRole('textbox', {name: 'Share link'});
      await linkBox.waitFor();
      const link = await linkBox.inputValue();
      expect(link.startsWith(`${origin}/trail/${ids.granite}?share=`), true, `the link opens this trail (${link})`);
      await dialog.getByRole('button', {name: 'Copy link'}).click();
      await dialog.getByText('Link copied.').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText()), link, 'the clipboard holds the link');
      await shot(page, 'trail-share-dialog-desktop', false);
      await page.keyboard.press('Escape');

      const daveContext = await signedInContext(browser, origin, 'dave', PASSWORD);
      const davePage = watchPage(await daveContext.newPage(), 'dave');
      await davePage.goto(`${origin}/trail/${ids.granite}`);
      await davePage.getByRole('heading', {level: 1, name: 'Granite Ridge'}).waitFor();
      await davePage.getByText('Shared with you', {exact: true}).waitFor();
      expect(await davePage.getByRole('link', {name: 'Edit', exact: true}).count(), 0, 'dave has no Edit');
      expect(await davePage.getByRole('button', {name: 'Delete', exact: true}).count(), 0, 'dave has no Delete');
      await daveContext.close();

      const visitorContext = await browser.newContext({viewport: DESKTOP});
      const visitor = watchPage(await visitorContext.newPage(), 'link-visitor');
      await visitor.goto(`${origin}/trail/${ids.granite}`);
      await visitor.getByRole('heading', {level: 1, name: 'Not found'}).waitFor();
      await visitor.goto(link);
      await visitor.getByRole('heading', {level: 1, name: 'Granite Ridge'}).waitFor();
      await visitor.getByText('You are viewing this trail through a shared link.').waitFor();
      const photo = visitor.getByRole('button', {name: 'Open photo 1 of 1'}).locator('img');
      await photo.scrollIntoViewIfNeeded();
      await visitor.waitForFunction((img) => img.complete && img.naturalWidth > 0, await photo.elementHandle());
      await shot(visitor, 'trail-link-share-visitor-desktop');

      await page.getByRole('button', {name: 'Share', exact: true}).click();
      const again = page.getByRole('dialog', {name: 'Share “Granite Ridge”'});
      await again.getByRole('button', {name: 'Delete link'}).click();
      await again.getByText(/^No links yet\./).waitFor();
      await page.keyboard.press('Escape');
      await visitor.goto(link);
      await visitor.getByRole('heading', {level: 1, name: 'Not found'}).waitFor();
      await visitorContext.close();
    });

    await step('Export GPX: the download is a .gpx file with every uploaded track point', async () => {
      await page.goto(`${origin}/trail/${ids.granite}`);
      await page.getByRole('heading', {level: 1, name: 'Granite Ridge'}).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', {name: 'Export GPX'}).click()]);
      const name = download.suggestedFilename();
      expect(name.endsWith('.gpx'), true, `the file name ends in .gpx (${name})`);
      const text = readFileSync(await download.path(), 'utf8');
      expect((text.match(/<trkpt\b/g) || []).length, GRANITE_POINTS, 'as many <trkpt as were uploaded');
      // Parsed as XML by the browser: a GPX root, no parser error, the points and the name.
      const parsed = await page.evaluate((xml) => {
        const doc = new DOMParser().parseFromString(xml, 'application/xml');
        return {
          root: doc.documentElement.localName,
          error: doc.getElementsByTagName('parsererror').length,
          points: doc.getElementsByTagNameNS('*', 'trkpt').length,
          name: doc.getElementsByTagNameNS('*', 'name')[0]?.textContent,
          first: doc.getElementsByTagNameNS('*', 'trkpt')[0]?.getAttribute('lon'),
        };
      }, text);
      expect(`${parsed.root} ${parsed.error} ${parsed.points}`, `gpx 0 ${GRANITE_POINTS}`, 'the file parses as GPX with its points');
      expect(parsed.name, 'Granite Ridge', "the GPX carries the trail's name");
      expect(Math.abs(Number(parsed.first) - GRANITE_LON) < 1e-6, true, `the track starts where it was recorded (${parsed.first})`);
    });

    await step('deleting a trail from its page: Cancel keeps it, confirming removes it and lands on /trails', async () => {
      const doomed = await carol.call('PUT', '/trail', {name: 'Doomed Trail', author: carol.user.id, public: false, lat: 0, lon: 20.5});
      expect(doomed.status, 200, 'a trail to delete');
      await page.goto(`${origin}/trail/${doomed.data.id}`);
      await page.getByRole('heading', {level: 1, name: 'Doomed Trail'}).waitFor();
      await page.getByRole('button', {name: 'Delete', exact: true}).click();
      const dialog = page.getByRole('dialog', {name: 'Delete this trail?'});
      await dialog.getByText('“Doomed Trail” is deleted with its track').waitFor();
      await dialog.getByRole('button', {name: 'Cancel'}).click();
      await dialog.waitFor({state: 'detached'});
      expect(page.url(), `${origin}/trail/${doomed.data.id}`, 'Cancel stays on the trail');
      expect((await carol.call('GET', `/trail/${doomed.data.id}`)).status, 200, 'Cancel keeps the trail');
      await page.getByRole('button', {name: 'Delete', exact: true}).click();
      await dialog.getByRole('button', {name: 'Delete trail'}).click();
      await page.waitForURL(`${origin}/trails`);
      await page.getByRole('list', {name: 'Trails'}).getByRole('listitem').first().waitFor();
      await trailsShown(page);
      expect((await cardTitles(page)).includes('Doomed Trail'), false, 'the trail is gone from the list');
      expect((await carol.call('GET', `/trail/${doomed.data.id}`)).status, 404, 'and from the server');
    });

    await step('manual trail form: a bad distance is shown at its field with the input kept; then it is created', async () => {
      await page.goto(`${origin}/trail/new`);
      await page.getByRole('tab', {name: 'Create without a GPS file'}).click();
      const form = page.getByRole('tabpanel', {name: 'Create without a GPS file'});
      await form.getByLabel('Name', {exact: true}).fill('Hand Drawn Hill');
      await form.getByLabel('Distance (km)').fill('twelve');
      await form.getByLabel('Duration (h:mm)').fill('3:45');
      await form.getByLabel('Elevation gain (m)').fill('850');
      await form.getByRole('button', {name: 'Create trail'}).click();
      const distance = form.getByLabel('Distance (km)');
      await form.locator('[name="distance"][aria-invalid="true"]').waitFor();
      const errorId = (await distance.getAttribute('aria-describedby')).split(' ').find((id) => id.endsWith('-error'));
      expect(await page.locator(`[id="${errorId}"]`).innerText(), 'Enter the distance in km, like 12.5.', 'the error is next to the distance');
      expect(await form.getByLabel('Name', {exact: true}).inputValue(), 'Hand Drawn Hill', 'the name is kept');
      expect(await distance.inputValue(), 'twelve', 'what was typed stays');
      expect(await page.evaluate(() => document.activeElement?.name), 'distance', 'focus is on the field to fix');
      await shot(page, 'trail-new-manual-error-desktop');
      await distance.fill('12.5');
      await form.getByRole('button', {name: 'Create trail'}).click();
      await page.waitForURL(/\/trail\/[a-z0-9]{15}\/edit$/);
      await page.getByRole('heading', {level: 1, name: 'Edit Hand Drawn Hill'}).waitFor();
      ids.manual = page.url().split('/').slice(-2, -1)[0];
      await page.goto(`${origin}/trails`);
      const card = page.getByRole('list', {name: 'Trails'}).getByRole('listitem').filter({hasText: 'Hand Drawn Hill'});
      await card.waitFor();
      const text = textOf(await card.innerText());
      for (const wanted of ['12.5 km', '850 m', '3 h 45 min']) expect(text.includes(wanted), true, `the card shows "${wanted}" (${text})`);
    });

    await step('waypoints: a click on the edit map opens a form at that spot; saved, it is on the trail page; then deleted', async () => {
      await page.goto(`${origin}/trail/${ids.granite}/edit`);
      await page.getByRole('heading', {level: 1, name: 'Edit Granite Ridge'}).waitFor();
      const map = page.getByRole('region', {name: 'Map of the track and its waypoints'});
      await map.scrollIntoViewIfNeeded();
      const track = await settledColorBox(page, map, TRACK_RGB, 'the track');
      // The line runs east along the equator from GRANITE_LON over (901 - 1) × 0.0001°; its
      // drawn ends stick out by half the line's width (2 px) each. Near the equator a pixel is the
      // same angle north as east, so a click 40 px above the line's middle is known in degrees.
      const degreesPerPixel = (900 * 0.0001) / (track.maxX - track.minX - 4);
      const at = {x: (track.minX + track.maxX) / 2, y: track.cy - 40};
      const expected = {lat: 40 * degreesPerPixel, lon: GRANITE_LON + 0.045};
      const box = await map.boundingBox();
      await page.mouse.click(box.x + at.x, box.y + at.y);
      const form = page.locator('form.waypoint-form');
      await form.getByRole('heading', {name: 'New waypoint'}).waitFor();
      const lat = Number(await form.getByLabel('Latitude').inputValue());
      const lon = Number(await form.getByLabel('Longitude').inputValue());
      const tolerance = 3 * degreesPerPixel;
      expect(Math.abs(lat - expected.lat) < tolerance && Math.abs(lon - expected.lon) < tolerance, true, `the form holds the clicked spot (${lat}, ${lon}; expected ${expected.lat.toFixed(5)}, ${expected.lon.toFixed(5)} ± ${tolerance.toFixed(5)})`);
      const pin = await settledColorBox(page, map, NEW_PIN_RGB, 'the new waypoint pin');
      expect(Math.hypot(pin.cx - at.x, pin.cy - at.y) < 3, true, `a pin marks the clicked spot (${pin.cx.toFixed(1)}, ${pin.cy.toFixed(1)} vs ${at.x.toFixed(1)}, ${at.y.toFixed(1)})`);
      await form.getByLabel('Waypoint name').fill('Cold Spring');
      await form.getByLabel('Waypoint description').fill('Water all summer.');
      await shot(page, 'trail-edit-waypoint-form-desktop', false);
      await form.getByRole('button', {name: 'Add waypoint'}).click();
      const list = page.getByRole('list', {name: 'Waypoints'});
      await list.getByRole('button', {name: 'Delete waypoint Cold Spring'}).waitFor();
      expect(await page.locator('form.waypoint-form').count(), 0, 'the form closes after saving');
      const coords = `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
      expect(textOf(await list.innerText()).includes(coords), true, `the list gives its coordinates ${coords}`);

      await page.goto(`${origin}/trail/${ids.granite}`);
      const section = page.getByRole('region', {name: /^Waypoints/});
      await section.getByText('Cold Spring').waitFor();
      const shown = textOf(await section.innerText());
      expect(shown.includes('Water all summer.') && shown.includes(coords), true, `the trail page lists the waypoint (${shown})`);
      await section.getByRole('button', {name: 'Show on map: Cold Spring'}).waitFor();
      // Its pin opens the popup from the keyboard; the popup takes the focus and Escape gives it back.
      const pinButton = page.getByRole('region', {name: 'Map of the trail'}).getByRole('button', {name: 'Cold Spring', exact: true});
      await pinButton.focus();
      await page.keyboard.press('Enter');
      await page.locator('.leaflet-popup-content').getByText('Water all summer.').waitFor();
      const focused = await page.waitForFunction(() => Boolean(document.activeElement?.closest('.leaflet-popup')), null, {timeout: 2000}).then(() => true, () => false);
      expect(focused, true, 'the popup takes the focus');
      await page.keyboard.press('Escape');
      await page.locator('.leaflet-popup').waitFor({state: 'detached'});
      expect(await pinButton.evaluate((el) => el === document.activeElement), true, 'the pin has the focus again');

      await page.goto(`${origin}/trail/${ids.granite}/edit`);
      await page.getByRole('button', {name: 'Delete waypoint Cold Spring'}).click();
      await page.getByRole('dialog', {name: 'Delete this waypoint?'}).getByRole('button', {name: 'Delete waypoint'}).click();
      await page.getByText(/^No waypoints yet\./).waitFor();
      await page.goto(`${origin}/trail/${ids.granite}`);
      await page.getByRole('heading', {level: 1, name: 'Granite Ridge'}).waitFor();
      await page.locator('.stats').first().waitFor();
      expect(await page.getByText('Cold Spring').count(), 0, 'the trail page no longer shows it');
    });

    await step('lists: Move down survives a reload, the list avatar shows, an edit share adds but cannot delete', async () => {
      const created = await carol.call('PUT', '/list', {name: 'Carol picks', author: carol.user.id, trails: [ids.granite, ids.valley]});
      expect(created.status, 200, 'a list with two trails');
      const listId = created.data.id;
      const rowNames = () => page.locator('.list-trails .list-trail h3').allInnerTexts();
      await page.goto(`${origin}/list/${listId}`);
      await page.getByRole('heading', {level: 1, name: 'Carol picks'}).waitFor();
      await page.locator('.list-trails .list-trail').nth(1).waitFor();
      expect((await rowNames()).join(), 'Granite Ridge,Valley Loop', 'the order it was made in');
      expect(await page.getByRole('button', {name: 'Move Granite Ridge up'}).isDisabled(), true, 'the first cannot move up');
      const saved = page.waitForResponse((r) => r.url().endsWith(`/api/v1/list/${listId}`) && r.request().method() === 'POST');
      await page.getByRole('button', {name: 'Move Granite Ridge down'}).click();
      expect((await saved).status(), 200, 'the new order is saved');
      expect((await rowNames()).join(), 'Valley Loop,Granite Ridge', 'moved down at once');
      await page.reload();
      await page.locator('.list-trails .list-trail').nth(1).waitFor();
      expect((await rowNames()).join(), 'Valley Loop,Granite Ridge', 'the order survives a reload');

      await page.getByRole('button', {name: 'Edit', exact: true}).click();
      const edit = page.getByRole('dialog', {name: 'Edit list'});
      // Not an image, whatever its name says: refused with the reason beside the picker.
      await edit.getByLabel('List avatar').setInputFiles({name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('just some text')});
      const refused = edit.locator('.avatar-picker .field-error');
      await refused.filter({hasText: /\S/}).waitFor();
      expect(/PNG, JPEG, WEBP or SVG/.test(await refused.innerText()), true, `the reason names the accepted images (${await refused.innerText()})`);
      expect(await edit.locator('.avatar-preview img').count(), 0, 'no avatar after the refused file');
      await edit.getByLabel('List avatar').setInputFiles({name: 'avatar.png', mimeType: 'image/png', buffer: landscapePng(200, 200)});
      await edit.getByText('Avatar saved.').waitFor();
      expect(await refused.innerText(), '', 'the earlier error is gone');
      await edit.locator('.avatar-preview img').waitFor();
      await edit.getByRole('button', {name: 'Remove avatar'}).waitFor();
      await page.keyboard.press('Escape');
      const loaded = () => page.waitForFunction(() => {
        const img = document.querySelector('.list-head img.avatar');
        return img && img.complete && img.naturalWidth > 0;
      });
      await loaded();
      await page.reload();
      await page.getByRole('heading', {level: 1, name: 'Carol picks'}).waitFor();
      await loaded();
      await shot(page, 'list-avatar-desktop');

      const share = await carol.call('PUT', '/list-share', {list: listId, user: dave.user.id, permission: 'edit'});
      expect(share.status, 200, 'the list is shared with dave for editing');
      const daveContext = await signedInContext(browser, origin, 'dave', PASSWORD);
      const davePage = watchPage(await daveContext.newPage(), 'dave-list');
      await davePage.goto(`${origin}/list/${listId}`);
      await davePage.getByRole('heading', {level: 1, name: 'Carol picks'}).waitFor();
      await davePage.getByText('Shared with you · can edit').waitFor();
      for (const name of ['Delete list', 'Share']) expect(await davePage.getByRole('button', {name, exact: true}).count(), 0, `dave has no "${name}"`);
      await davePage.getByRole('button', {name: 'Add trails'}).click();
      const add = davePage.getByRole('dialog', {name: 'Add trails'});
      const searched = davePage.waitForResponse((r) => (new URL(r.url()).searchParams.get('filter') || '').includes('Meadow'));
      await add.getByLabel('Search trails').fill('Meadow');
      await searched;
      await add.getByText('1 trail found.').waitFor();
      await add.getByRole('button', {name: "Add Dave's Meadow"}).click();
      await add.getByRole('button', {name: "Dave's Meadow added"}).waitFor();
      await davePage.keyboard.press('Escape');
      const daveRows = () => davePage.locator('.list-trails .list-trail h3').allInnerTexts();
      expect((await daveRows()).join(), "Valley Loop,Granite Ridge,Dave's Meadow", 'the trail is added at the end');
      await shot(davePage, 'list-edit-share-desktop');
      await davePage.reload();
      await davePage.locator('.list-trails .list-trail').nth(2).waitFor();
      expect((await daveRows()).join(), "Valley Loop,Granite Ridge,Dave's Meadow", 'and is still there after a reload');
      await daveContext.close();
    });

    await step('a nameless TCX ride is named from its sport and date, filed under Biking, and says what the device says', async () => {
      // 11 points 100 m apart northward (about 1.1 km) under a lap that says 1 500 m.
      const points = Array.from({length: 11}, (_, i) =>
        `<Trackpoint><Time>2020-10-25T07:${String(i).padStart(2, '0')}:00Z</Time><Position><LatitudeDegrees>${(47.3 + i * 0.0009).toFixed(4)}</LatitudeDegrees><LongitudeDegrees>11.2</LongitudeDegrees></Position><AltitudeMeters>${700 + i}</AltitudeMeters></Trackpoint>`).join('');
      const tcx = `<?xml version="1.0"?><TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="Biking"><Id>2020-10-25T07:00:00Z</Id><Lap StartTime="2020-10-25T07:00:00Z"><TotalTimeSeconds>600</TotalTimeSeconds><DistanceMeters>1500</DistanceMeters><Track>${points}</Track></Lap></Activity></Activities></TrainingCenterDatabase>`;
      const answer = await carol.call('PUT', '/trail/upload', new Uint8Array(Buffer.from(tcx)), {'Content-Type': 'application/vnd.garmin.tcx+xml'});
      expect(answer.status, 200, 'the TCX uploads');
      expect(answer.data.name, 'Cycling, 25 Oct 2020', 'named from the sport and the local date');
      expect(answer.data.device_distance, 1500, 'the lap distance is the device distance');
      await page.goto(`${origin}/trail/${answer.data.id}`);
      await page.getByRole('heading', {level: 1, name: 'Cycling, 25 Oct 2020'}).waitFor();
      const stats = page.locator('.stats').first();
      await stats.getByText('device says 1.50 km').waitFor();
      expect(await page.getByText('Biking').count() > 0, true, 'the category is shown');
      await shot(page, 'trail-device-says-desktop', false);
    });

    await step('overview map: five short trails on three continents are markers and clusters at world zoom; a range slider from the server filters, and a reload keeps it', async () => {
      await signUp(origin, 'wanda', PASSWORD);
      const wanda = await apiClient(origin, 'wanda', PASSWORD);
      const gains = {};
      for (const walk of WORLD_TRAILS) gains[walk.name] = (await uploadGpx(wanda, walk.name, shortGpx(walk))).elevation_gain;
      const context = await signedInContext(browser, origin, 'wanda', PASSWORD, {bypassCSP: true});
      const world = watchPage(await context.newPage(), 'wanda');
      try {
        await world.goto(`${origin}/trails?scope=mine`);
        await world.getByRole('status').filter({hasText: '1–5 of 5 trails'}).waitFor();
        const map = world.getByRole('region', {name: 'Map of the matching trails'});
        const {icons} = await waitForMapTrails(world, map, 5, 'at world zoom');
        // Fitted to all five, the map shows the world: each continent apart, the Alps' two and
        // the American two in a cluster each, New Zealand's one alone; no line is drawn.
        const clusters = icons.filter((icon) => !icon.name).map((icon) => icon.count).sort();
        expect(clusters.join(), '2,2', `a cluster of two in the Alps and one in the American West (${JSON.stringify(icons)})`);
        expect(icons.filter((icon) => icon.name).map((icon) => icon.name).join(), 'Tongariro Crater', 'New Zealand\'s trail is a marker of its own');
        expect((await colorBox(map)).n, 0, 'no line is drawn: at this zoom each would be a dot or less');
        const xs = icons.map((icon) => icon.x);
        const {width} = await map.boundingBox();
        expect(Math.max(...xs) - Math.min(...xs) > width / 2, true, `the markers spread over the world (${xs.map(Math.round).join(', ')} in ${Math.round(width)} px)`);
        await shot(world, 'trails-world-markers-desktop', false);
        const violations = await audit(world);
        if (violations.length) console.log(formatViolations('trails with markers and clusters', violations));
        expect(failing(violations).map((v) => v.id).join(), '', 'no serious or critical accessibility violations with markers, clusters and sliders');

        // A click on the Alps' cluster (the eastern one) zooms in on its two trails.
        const clusterIcons = await map.locator('.marker-cluster').all();
        const east = [];
        for (const icon of clusterIcons) east.push({icon, x: (await icon.boundingBox()).x});
        east.sort((a, b) => b.x - a.x);
        await east[0].icon.click();
        const eiger = map.getByRole('button', {name: 'Eiger Steps', exact: true});
        await eiger.waitFor();
        await map.getByRole('button', {name: 'Lauterbrunnen Stair', exact: true}).waitFor();
        // A marker opens its trail as a line does, and from the keyboard: Enter opens the popup,
        // whose link has the focus.
        await eiger.focus();
        await world.keyboard.press('Enter');
        const link = world.locator('.leaflet-popup').getByRole('link', {name: 'Eiger Steps'});
        await link.waitFor();
        expect(await link.evaluate((el) => el === document.activeElement), true, 'the popup\'s link has the focus');
        await world.keyboard.press('Enter');
        await world.getByRole('heading', {level: 1, name: 'Eiger Steps'}).waitFor();

        // The sliders' ends are the server's ranges over the trails wanda may see.
        await world.goto(`${origin}/trails?scope=mine`);
        await world.getByRole('status').filter({hasText: '1–5 of 5 trails'}).waitFor();
        const ranges = (await wanda.call('GET', '/trail/filter')).data;
        const slider = world.getByRole('slider', {name: 'Elevation gain from'});
        await slider.waitFor();
        const [min, max, stepSize] = await Promise.all(['min', 'max', 'step'].map(async (name) => Number(await slider.getAttribute(name))));
        expect(min <= ranges.min_elevation_gain && ranges.min_elevation_gain < min + stepSize, true, `the slider starts at the lowest gain, ${ranges.min_elevation_gain} m (${min}, step ${stepSize})`);
        expect(max >= ranges.max_elevation_gain && ranges.max_elevation_gain > max - stepSize, true, `the slider ends at the highest gain, ${ranges.max_elevation_gain} m (${max})`);
        expect(await slider.getAttribute('aria-valuetext'), 'no minimum', 'untouched, it sets no minimum');
        // Moved with the keyboard to 100 m or just above.
        let chosen = null;
        const answered = trailsAnswer(world, (q) => chosen !== null && (q.get('filter') || '').includes(`elevation_gain >= ${chosen}`));
        await slider.focus();
        for (let i = 0; i < 300 && Number(await slider.inputValue()) < 100; i++) await world.keyboard.press('ArrowRight');
        chosen = await slider.inputValue();
        const wanted = WORLD_TRAILS.map((walk) => walk.name).filter((name) => gains[name] >= Number(chosen)).sort();
        expect(wanted.join(), 'Flatirons Scramble,Yosemite Mist', `the trails with at least ${chosen} m of gain (${JSON.stringify(gains)})`);
        await answered;
        await world.getByRole('status').filter({hasText: '1–2 of 2 trails'}).waitFor();
        expect(new URL(world.url()).searchParams.get('gmin'), chosen, 'the URL holds the minimum gain');
        expect(await world.getByLabel('Minimum elevation gain (m)', {exact: true}).inputValue(), chosen, 'the number box shows it');
        await world.reload();
        await world.getByRole('status').filter({hasText: '1–2 of 2 trails'}).waitFor();
        expect((await cardTitles(world)).sort().join(), wanted.join(), 'the same two trails after a reload');
        expect(await world.getByLabel('Minimum elevation gain (m)', {exact: true}).inputValue(), chosen, 'the number box keeps the minimum');
        await world.waitForFunction((value) => document.querySelector('.trails-slider:not([hidden]) input[aria-label="Elevation gain from"]')?.value === value, chosen);
        expect(await slider.getAttribute('aria-valuetext'), `${chosen} m`, 'the slider stands at it again');
        await waitForMapTrails(world, map, 2, 'filtered');
      } finally {
        await context.close();
      }
    });
  } finally {
    await carolContext?.close();
  }
  report(`feature steps took ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
