// End to end: the small things a trial with real archives found, and pages at scale. Days are
// written YYYY-MM-DD; a wrong password says so; unknown numbers are "–"; "Export GPX" needs a
// track; the owner sees "Shared with N people"; phones get a one-row header that hides while
// scrolling down; trail and list pages show their title and placeholders at once; empty lists
// say what to do; 40 waypoints collapse into a list and cluster on the map with their icons; a
// photo placed on the map by hand shows in the trail map's photo layer.
// Self-contained: it makes its own people and trails through the API.
import {join} from 'node:path';
import {DESKTOP, PHONE} from './lib/browser.mjs';
import {apiClient, signUp} from './lib/server.mjs';
import {landscapePng, shortGpx} from './lib/fixtures.mjs';
import {expect, step, watchPage} from './lib/steps.mjs';
import {audit, failing, formatViolations} from './lib/a11y.mjs';

const PASSWORD = 'pia-polishes-things';
const WAYPOINTS = 40;
const ICONS = ['mountain', 'house', 'droplet', 'binoculars', 'campground'];

async function signedIn(browser, origin, viewport, username = 'pia') {
  const context = await browser.newContext({viewport, reducedMotion: 'reduce', bypassCSP: true});
  const response = await context.request.post(`${origin}/api/v1/auth/login`, {data: {username, password: PASSWORD}});
  expect(response.status(), 200, `${username} signs in`);
  return context;
}

async function expectAccessible(page, within, what) {
  const bad = failing(await audit(page, {within}));
  if (bad.length) console.log(formatViolations(what, bad));
  expect(bad.map((v) => v.id).join(', '), '', `${what}: no serious or critical accessibility violations`);
}

export async function runPolishSteps({browser, origin, out}) {
  const shot = (page, name) => page.screenshot({path: join(out, 'screens', `${name}.png`)});
  const ids = {};
  let pia;

  await step('polish: pia with a tracked trail, a trail without a track, a trail with 40 waypoints and one with a photo, made through the API', async () => {
    await signUp(origin, 'pia', PASSWORD);
    await signUp(origin, 'quinn', PASSWORD);
    pia = await apiClient(origin, 'pia', PASSWORD);
    const quinn = await apiClient(origin, 'quinn', PASSWORD);
    const gpx = shortGpx({name: 'Ridge Walk', lat: 46.5, lon: 8.0, metres: 2000, points: 41});
    const tracked = await pia.call('PUT', '/trail/upload?name=Ridge%20Walk', new Uint8Array(Buffer.from(gpx)), {'Content-Type': 'application/gpx+xml'});
    expect(tracked.status, 200, 'the tracked trail uploads');
    ids.tracked = tracked.data.id;
    const bare = await pia.call('PUT', '/trail', {name: 'Plan for Spring', author: pia.user.id, public: false, lat: 46.6, lon: 8.1});
    expect(bare.status, 200, 'the trail without a track is made');
    ids.bare = bare.data.id;
    const many = await pia.call('PUT', '/trail/upload?name=Forty%20Stops', new Uint8Array(Buffer.from(shortGpx({name: 'Forty Stops', lat: 46.7, lon: 8.2, metres: 3000, points: 61}))), {'Content-Type': 'application/gpx+xml'});
    expect(many.status, 200, 'the waypoint trail uploads');
    ids.many = many.data.id;
    for (let i = 0; i < WAYPOINTS; i++) {
      // Along the track about 75 m apart: the whole trail's view clusters them, a closer one
      // shows each.
      const w = await pia.call('PUT', '/waypoint', {trail: ids.many, author: pia.user.id, name: `Stop ${i + 1}`, description: `Stop number ${i + 1} on the way`, lat: 46.7 + i * 0.00067, lon: 8.2, icon: ICONS[i % ICONS.length]});
      expect(w.status, 200, `waypoint ${i + 1} is made`);
    }
    const form = new FormData();
    form.append('photos', new Blob([landscapePng()], {type: 'image/png'}), 'lake.png');
    const photo = await fetch(`${origin}/api/v1/trail/${ids.tracked}/file`, {method: 'POST', headers: {Authorization: `Bearer ${pia.token}`}, body: form});
    expect(photo.status, 200, 'a photo without a position is added to the tracked trail');
    const share = await pia.call('PUT', '/trail-share', {trail: ids.tracked, user: quinn.user.id, permission: 'view'});
    expect(share.status, 200, 'the tracked trail is shared with quinn');
    const list = await pia.call('PUT', '/list', {name: 'Someday', author: pia.user.id, public: false, trails: [ids.bare]});
    expect(list.status, 200, 'a list holding only the trail without a track');
    ids.list = list.data.id;
  });

  await step('polish: a wrong password says "Wrong username or password"; the username stays', async () => {
    const context = await browser.newContext({viewport: DESKTOP});
    const page = watchPage(await context.newPage(), 'pia-login');
    await page.goto(`${origin}/login`);
    await page.getByLabel('Username or email').fill('pia');
    await page.getByLabel('Password').fill('not-her-password');
    await page.getByRole('button', {name: 'Sign in'}).click();
    await page.locator('.form-error').getByText('Wrong username or password.').waitFor();
    expect(await page.getByLabel('Username or email').inputValue(), 'pia', 'the username is kept');
    await context.close();
  });

  const desktop = await signedIn(browser, origin, DESKTOP);
  const page = watchPage(await desktop.newPage(), 'pia');
  try {
    await step('polish: days are written YYYY-MM-DD in the editor and the filters, and a day written otherwise is refused at its field', async () => {
      await page.goto(`${origin}/trail/${ids.bare}/edit`);
      const date = page.getByLabel('Date', {exact: true});
      await date.waitFor();
      expect(await date.getAttribute('type'), 'text', 'the date is a text field, not the browser\'s locale-ordered one');
      expect(await date.getAttribute('placeholder'), 'YYYY-MM-DD', 'it shows the format');
      await date.fill('31.07.2024');
      await page.getByRole('button', {name: 'Save details'}).click();
      await page.getByText('Write the date as YYYY-MM-DD, for example 2024-07-31.').waitFor();
      expect(await date.getAttribute('aria-invalid'), 'true', 'the field is marked');
      await date.fill('2024-07-31');
      await page.getByRole('button', {name: 'Save details'}).click();
      await page.getByText(/^Saved at /).waitFor();
      await page.goto(`${origin}/trail/${ids.bare}`);
      await page.locator('.trail-meta').getByText('2024-07-31').waitFor();
      await page.goto(`${origin}/trails`);
      const from = page.getByLabel('Trail date from');
      await from.waitFor({state: 'attached'});
      expect(await from.getAttribute('placeholder'), 'YYYY-MM-DD', 'the filter\'s days show the format too');
    });

    await step('polish: a trail without a track has no "Export GPX" and no "0 m"; a list of such trails totals "–"', async () => {
      await page.goto(`${origin}/trail/${ids.bare}`);
      await page.getByRole('heading', {level: 1, name: 'Plan for Spring'}).waitFor();
      expect(await page.getByRole('button', {name: 'Export GPX'}).count(), 0, 'no Export GPX without a track');
      expect(/\b0 m\b/.test(await page.locator('main').innerText()), false, 'no "0 m" on the page');
      await page.goto(`${origin}/trail/${ids.tracked}`);
      await page.getByRole('heading', {level: 1, name: 'Ridge Walk'}).waitFor();
      await page.getByRole('button', {name: 'Export GPX'}).waitFor();
      await page.goto(`${origin}/list/${ids.list}`);
      await page.getByLabel('Totals of the trails in this list').waitFor();
      const text = (await page.getByLabel('Totals of the trails in this list').innerText()).replace(/\s+/g, ' ');
      expect(text.includes('Total distance –'), true, `unknown totals are "–" (${text})`);
      expect(/\b0 m\b/.test(text), false, 'no "0 m" in the totals');
    });

    await step('polish: the owner sees "Shared with 1 person" on the shared trail', async () => {
      await page.goto(`${origin}/trail/${ids.tracked}`);
      await page.locator('.trail-badges').getByText('Shared with 1 person').waitFor();
    });

    await step('polish: trail and list pages show their title and placeholders at once, before their data', async () => {
      // Hold the trail's record back: what the page shows meanwhile is what a slow Pi shows.
      let release;
      const held = new Promise((resolve) => {
        release = resolve;
      });
      await page.route(`**/api/v1/trail/${ids.many}?*`, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${origin}/trails`);
      await page.getByRole('link', {name: 'Forty Stops'}).first().click();
      await page.getByRole('heading', {level: 1, name: 'Forty Stops'}).waitFor();
      expect(await page.locator('article[aria-busy="true"] .placeholder-box.trail-map').count(), 1, 'a placeholder where the map will be');
      expect(await page.locator('.placeholder-stats').count(), 1, 'placeholders where the numbers will be');
      await shot(page, 'trail-loading-desktop');
      release();
      await page.locator('.trail-map.leaflet-container').waitFor();
      await page.unroute(`**/api/v1/trail/${ids.many}?*`);
      expect(await page.locator('.placeholder-stats').count(), 0, 'the numbers took the placeholders\' place');
      await page.route(`**/api/v1/list/${ids.list}?*`, async (route) => {
        await new Promise((r) => setTimeout(r, 800));
        await route.continue();
      });
      await page.goto(`${origin}/lists`);
      await page.getByRole('link', {name: 'Someday'}).click();
      await page.getByRole('heading', {level: 1, name: 'Someday'}).waitFor();
      expect(await page.locator('article[aria-busy="true"] .placeholder-box.list-map').count(), 1, 'the list page shows a map placeholder at once');
      await page.getByLabel('Totals of the trails in this list').waitFor();
      await page.unroute(`**/api/v1/list/${ids.list}?*`);
    });

    await step(`polish: ${WAYPOINTS} waypoints collapse into a compact list with "Show all" and cluster on the map with their icons`, async () => {
      await page.goto(`${origin}/trail/${ids.many}`);
      const section = page.locator('section[aria-labelledby="waypoints-title"]');
      await section.getByRole('button', {name: `Show all ${WAYPOINTS} waypoints`}).waitFor();
      expect(await section.locator('.waypoint-row:visible').count(), 10, 'ten waypoints are shown at first');
      await page.locator('.trail-map .marker-cluster').first().waitFor();
      const clusters = await page.locator('.trail-map .marker-cluster').count();
      expect(clusters > 0 && clusters < WAYPOINTS, true, `the pins gather into clusters (${clusters})`);
      expect(await page.locator('.trail-map .pin.waypoint svg.wp-icon').count() + clusters > 0, true, 'pins carry icons');
      await shot(page, 'trail-waypoints-collapsed-desktop');
      await section.getByRole('button', {name: `Show all ${WAYPOINTS} waypoints`}).click();
      expect(await section.locator('.waypoint-row:visible').count(), WAYPOINTS, 'all are shown after "Show all"');
      await section.getByRole('button', {name: 'Show on map: Stop 37'}).click();
      await page.locator('.leaflet-popup').getByText('Stop 37', {exact: true}).waitFor();
      expect(await page.locator('.trail-map .pin.waypoint svg.wp-icon').count() > 0, true, 'an opened cluster shows pins with icons');
      await expectAccessible(page, 'main', 'trail page with 40 waypoints');
    });

    await step('polish: a photo placed on the map by hand shows on the trail map\'s photo layer', async () => {
      await page.goto(`${origin}/trail/${ids.tracked}/edit`);
      await page.getByRole('button', {name: 'Place on map: photo 1'}).click();
      const dialog = page.getByRole('dialog', {name: 'Place photo 1 on the map'});
      await dialog.waitFor();
      await dialog.locator('.photo-place-map.leaflet-container').waitFor();
      await expectAccessible(page, '.photo-place-dialog', 'the place-photo dialog');
      await shot(page, 'photo-place-dialog-desktop');
      const box = await dialog.locator('.photo-place-map').boundingBox();
      await page.mouse.click(box.x + box.width / 2 + 20, box.y + box.height / 2 + 10);
      await dialog.getByText(/^Here: /).waitFor();
      const saved = page.waitForResponse((r) => r.url().includes(`/api/v1/trail/${ids.tracked}`) && r.request().method() === 'POST');
      await dialog.getByRole('button', {name: 'Save position'}).click();
      const answer = await saved;
      expect(answer.status(), 200, 'the position is saved');
      const positions = (await answer.json()).photo_positions || {};
      expect(Object.keys(positions).length, 1, 'the trail holds the photo\'s position');
      await page.getByRole('button', {name: 'Move on map: photo 1'}).waitFor();
      await page.goto(`${origin}/trail/${ids.tracked}`);
      await page.locator('.trail-map .pin.photo-pin, .trail-map .marker-cluster').first().waitFor();
      await page.locator('.leaflet-control-layers').getByText('Photos').waitFor();
      await page.locator('.trail-map .pin.photo-pin').first().click();
      await page.locator('dialog.photo-viewer[open]').waitFor();
      await shot(page, 'trail-photo-layer-desktop');
      await page.keyboard.press('Escape');
    });

    await step('polish: empty lists say what to do', async () => {
      await page.goto(`${origin}/trail/${ids.bare}`);
      await page.getByText(/^No comments yet\. Write the first one below/).waitFor();
      await page.getByText(/^Nobody has logged this trail yet\. Done it\?/).waitFor();
      await page.goto(`${origin}/trail/${ids.bare}/edit`);
      await page.getByText(/^No waypoints yet\. Move the map/).waitFor();
      await page.getByText(/^No photos yet\. Drop photos here/).waitFor();
    });
  } finally {
    await desktop.close();
  }

  await step('polish: on a phone the header is one row, hides while scrolling down and comes back on the way up', async () => {
    const context = await signedIn(browser, origin, PHONE);
    const phone = watchPage(await context.newPage(), 'pia-phone');
    try {
      await phone.goto(`${origin}/trail/${ids.many}`);
      await phone.getByRole('button', {name: `Show all ${WAYPOINTS} waypoints`}).click();
      const bar = phone.locator('.top-bar');
      const height = (await bar.boundingBox()).height;
      expect(height < 64, true, `one row (${Math.round(height)} px)`);
      await shot(phone, 'header-phone-top');
      const top = async () => (await bar.boundingBox()).y;
      await phone.mouse.wheel(0, 900);
      await phone.waitForFunction(() => document.querySelector('.top-bar').getBoundingClientRect().bottom <= 0);
      expect(await top() < 0, true, 'scrolled down, the bar is out of sight');
      await shot(phone, 'header-phone-scrolled');
      await phone.mouse.wheel(0, -300);
      await phone.waitForFunction(() => document.querySelector('.top-bar').getBoundingClientRect().top >= 0);
      expect(await top() >= 0, true, 'scrolled up, the bar is back');
      await phone.getByRole('button', {name: 'Menu'}).click();
      await phone.getByRole('link', {name: 'Lists'}).waitFor();
      await shot(phone, 'header-phone-menu');
      await expectAccessible(phone, '.top-bar', 'the phone header with its menu open');
      await phone.keyboard.press('Escape');
      expect(await phone.getByRole('button', {name: 'Menu'}).getAttribute('aria-expanded'), 'false', 'Escape closes the menu');
      await phone.goto(`${origin}/trail/${ids.many}`);
      await phone.getByRole('button', {name: `Show all ${WAYPOINTS} waypoints`}).waitFor();
      await shot(phone, 'trail-waypoints-collapsed-phone');
      await phone.goto(`${origin}/trail/${ids.tracked}`);
      await phone.locator('.trail-map .pin.photo-pin, .trail-map .marker-cluster').first().waitFor();
      await shot(phone, 'trail-photo-layer-phone');
      await phone.goto(`${origin}/trail/${ids.tracked}/edit`);
      await phone.getByRole('button', {name: 'Move on map: photo 1'}).click();
      await phone.getByRole('dialog', {name: 'Place photo 1 on the map'}).locator('.leaflet-container').waitFor();
      await shot(phone, 'photo-place-dialog-phone');
      await expectAccessible(phone, '.photo-place-dialog', 'the place-photo dialog on a phone');
      await phone.keyboard.press('Escape');
    } finally {
      await context.close();
    }
  });
}
