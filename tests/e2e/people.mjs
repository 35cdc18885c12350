// End to end: people (issue 19). amy follows ben from his profile; ben adds a trail, amy finds it
// in her feed and likes it; ben's bell counts the like and its panel leads to the trail. ben's
// profile shows statistics whose totals are the seeded trails' (hand-computed from the GPX
// fixtures), with bars, the calendar and the places map. ben merges two duplicate recordings on
// the "Find duplicates" page and finds the photos and summit logs of both on the kept trail.
// Self-contained: it makes its own people and trails through the API.
import {join} from 'node:path';
import {DESKTOP} from './lib/browser.mjs';
import {apiClient, signUp} from './lib/server.mjs';
import {equatorGpx, landscapePng} from './lib/fixtures.mjs';
import {expect, step, watchPage} from './lib/steps.mjs';

const PASSWORD = 'people-e2e-secret';

// Two tracks along the equator with known numbers (fixtures.mjs): 10.0 km / 900 m and
// 13.4 km / 600 m, on different days.
const ridge = equatorGpx({name: 'Ben Ridge', startLon: 30.8, points: 901, lonStep: 0.0001, lowEle: 500, highEle: 1400, stepSeconds: 5, start: '2024-06-01T07:00:00Z'});
const valley = equatorGpx({name: 'Ben Valley', startLon: 30.95, points: 601, lonStep: 0.0002, lowEle: 800, highEle: 1400, stepSeconds: 6, start: '2024-07-10T07:00:00Z'});
// One outing recorded by two devices: the same line twice.
const twin = equatorGpx({name: 'Twin Peak', startLon: 32.5, points: 301, lonStep: 0.0001, lowEle: 900, highEle: 1200, stepSeconds: 5, start: '2024-08-03T07:00:00Z'});

// Text as the app writes numbers (a narrow no-break space between thousands), with plain spaces.
const plain = (text) => text.replace(/[\s\u202f\u00a0]+/g, ' ');

async function signedInPage(browser, origin, username, label) {
  const context = await browser.newContext({viewport: DESKTOP, reducedMotion: 'reduce'});
  const login = await context.request.post(`${origin}/api/v1/auth/login`, {data: {username, password: PASSWORD}});
  expect(login.status(), 200, `${username} signs in`);
  return {context, page: watchPage(await context.newPage(), label)};
}

async function uploadTrail(client, fixture, name, {duplicate = false} = {}) {
  const query = `name=${encodeURIComponent(name)}${duplicate ? '&ignoreDuplicates=true' : ''}`;
  const made = await client.call('PUT', `/trail/upload?${query}`, new Uint8Array(Buffer.from(fixture.gpx)), {'Content-Type': 'application/gpx+xml'});
  expect(made.status, 200, `${name} is uploaded`);
  const id = made.data.id || made.data.trail?.id;
  // An update names the trail again (name is required on every write).
  const shown = await client.call('POST', `/trail/${id}`, {name, public: true});
  expect(shown.status, 200, `${name} is made public`);
  return id;
}

async function addPhoto(origin, client, trailId, name) {
  const form = new FormData();
  form.append('photos', new Blob([landscapePng(320, 200)], {type: 'image/png'}), name);
  const answer = await fetch(`${origin}/api/v1/trail/${trailId}/file`, {method: 'POST', headers: {Authorization: `Bearer ${client.token}`}, body: form});
  expect(answer.status, 200, `photo ${name} is added`);
}

export async function runPeopleSteps({browser, origin, out}) {
  const shot = (page, name) => page.screenshot({path: join(out, 'screens', `${name}.png`), fullPage: true});
  await signUp(origin, 'amy', PASSWORD);
  await signUp(origin, 'ben', PASSWORD);
  const amy = await apiClient(origin, 'amy', PASSWORD);
  const ben = await apiClient(origin, 'ben', PASSWORD);
  const ids = {};
  ids.valley = await uploadTrail(ben, valley, 'Ben Valley');

  const {context: amyContext, page: amyPage} = await signedInPage(browser, origin, 'amy', 'amy');
  const {context: benContext, page: benPage} = await signedInPage(browser, origin, 'ben', 'ben');
  try {
    await step('people: amy opens ben’s profile from an author link and follows him', async () => {
      await amyPage.goto(`${origin}/trail/${ids.valley}`);
      await amyPage.locator('.trail-meta').getByRole('link', {name: 'ben'}).click();
      await amyPage.waitForURL(`${origin}/profile/@ben`);
      await amyPage.getByRole('heading', {level: 1, name: 'ben'}).waitFor();
      await amyPage.getByText('0 followers').waitFor();
      await amyPage.getByRole('button', {name: 'Follow', exact: true}).click();
      await amyPage.getByRole('button', {name: 'Following', exact: true}).waitFor();
      await amyPage.getByRole('button', {name: '1 follower', exact: true}).waitFor();
      const follows = await amy.call('GET', `/follow?filter=${encodeURIComponent(`followee='${ben.user.id}'`)}`);
      expect(follows.status, 200, 'amy reads her follows');
      const items = Array.isArray(follows.data) ? follows.data : follows.data.items;
      expect(items.length === 1 && items[0].status === 'accepted', true, 'amy follows ben (accepted: his account is public)');
      await amyPage.reload();
      await amyPage.getByText('1 follower', {exact: true}).waitFor();
      await shot(amyPage, 'people-profile-desktop');
    });

    await step('people: ben adds a trail and amy sees it in her feed', async () => {
      ids.ridge = await uploadTrail(ben, ridge, 'Ben Ridge');
      await amyPage.goto(`${origin}/feed`);
      const entry = amyPage.locator('.feed-entry').filter({hasText: 'Ben Ridge'});
      await entry.waitFor();
      expect(plain(await entry.locator('.feed-entry-head').innerText()).startsWith('ben added a trail'), true, 'the entry says who added it');
      await shot(amyPage, 'people-feed-desktop');
    });

    await step('people: amy finds ben from the feed by name; the hit says she follows him', async () => {
      const box = amyPage.getByRole('region', {name: 'Find people'});
      await box.getByLabel('Name or handle').fill('be');
      await box.getByRole('button', {name: 'Find', exact: true}).click();
      const hit = box.locator('.people-hit').filter({hasText: 'ben'});
      await hit.getByRole('button', {name: 'Following', exact: true}).waitFor();
      expect(await hit.getByRole('link', {name: 'ben'}).getAttribute('href'), '/profile/@ben', 'the hit links to ben’s profile');
      await box.getByLabel('Name or handle').fill('nobody-here');
      await box.getByRole('button', {name: 'Find', exact: true}).click();
      await box.getByText('No one found by that name.').waitFor();
    });

    await step('people: amy likes the trail in her feed; the heart stays filled after a reload', async () => {
      const heart = amyPage.getByRole('button', {name: /^Like Ben Ridge/});
      await heart.click();
      await amyPage.getByRole('button', {name: 'Unlike Ben Ridge, 1 like'}).waitFor();
      await amyPage.waitForTimeout(300);
      await amyPage.reload();
      const liked = amyPage.getByRole('button', {name: 'Unlike Ben Ridge, 1 like'});
      await liked.waitFor();
      expect(await liked.getAttribute('aria-pressed'), 'true', 'the heart is pressed');
      const trail = await ben.call('GET', `/trail/${ids.ridge}`);
      expect(trail.data.like_count, 1, 'the trail counts one like');
    });

    await step('people: ben’s bell counts the follow and the like; its panel says so and leads to the trail', async () => {
      await benPage.goto(`${origin}/trails`);
      const bell = benPage.getByRole('button', {name: 'Notifications, 2 unseen'});
      await bell.waitFor();
      await bell.click();
      const panel = benPage.getByRole('region', {name: 'Notifications'});
      await panel.getByRole('link', {name: 'amy now follows you'}).waitFor();
      const like = panel.getByRole('link', {name: 'amy likes your trail “Ben Ridge”'});
      await like.waitFor();
      await shot(benPage, 'people-notifications-desktop');
      await like.click();
      await benPage.waitForURL(`${origin}/trail/${ids.ridge}`);
      await benPage.getByRole('heading', {level: 1, name: 'Ben Ridge'}).waitFor();
      // Opening the like marked it seen: the follow is left.
      await benPage.getByRole('button', {name: 'Notifications, 1 unseen'}).waitFor();
      const unseen = await ben.call('GET', '/notification?filter=seen%3Dfalse');
      expect(unseen.data.items.map((n) => n.type).join(), 'new_follower', 'only the follow is unseen');
    });

    await step('people: ben’s statistics show the seeded totals, bars, calendar and places', async () => {
      await amyPage.goto(`${origin}/profile/@ben`);
      const totals = amyPage.locator('.stats-totals');
      await totals.waitFor();
      const distance = ((ridge.distance + valley.distance) / 1000).toFixed(1);
      const text = plain(await totals.innerText());
      for (const wanted of ['Trails 2', `Distance ${distance} km`, 'Elevation gain 1 500 m', 'Duration 2 h 15 min', 'Active days 2']) {
        expect(text.includes(wanted), true, `the totals show "${wanted}" (text: ${text})`);
      }
      expect(await amyPage.locator('.bar-chart .bar rect').count() >= 12, true, 'the month bars are drawn');
      await amyPage.getByRole('combobox', {name: 'Year'}).selectOption('2024');
      await amyPage.getByText('Active days (2)').waitFor();
      expect(await amyPage.locator('.calendar-chart rect.day:not(.level-0)').count(), 2, 'two active days on the 2024 calendar');
      const june = await amyPage.locator('.calendar-chart rect[data-date="2024-06-01"] title').textContent();
      expect(plain(june).startsWith('2024-06-01: 1 trail, 10.0 km'), true, `the day says what was done (${june})`);
      await amyPage.getByRole('region', {name: 'Map of visited places'}).locator('canvas, svg').first().waitFor();
      await amyPage.getByRole('list', {name: 'Trails of ben'}).getByText('Ben Ridge').waitFor();
      await shot(amyPage, 'people-statistics-desktop');
    });

    await step('people: ben merges two recordings of one outing and the kept trail holds both photos and logs', async () => {
      ids.twinA = await uploadTrail(ben, twin, 'Twin Peak (watch)', {duplicate: true});
      ids.twinB = await uploadTrail(ben, twin, 'Twin Peak (phone)', {duplicate: true});
      await addPhoto(origin, ben, ids.twinA, 'watch.png');
      await addPhoto(origin, ben, ids.twinB, 'phone.png');
      for (const [trail, text] of [[ids.twinA, 'Log on the watch one'], [ids.twinB, 'Log on the phone one']]) {
        const log = await ben.call('PUT', '/summit-log', {trail, author: ben.user.id, date: '2024-08-03 12:00:00.000Z', text});
        expect(log.status, 200, `summit log "${text}" is added`);
      }
      await benPage.goto(`${origin}/duplicates`);
      const group = benPage.locator('.merge-group').filter({hasText: 'Twin Peak (watch)'});
      await group.getByRole('region', {name: 'Map of the trails of this group'}).locator('canvas').first().waitFor();
      await group.getByRole('radio', {name: /Twin Peak \(watch\)/}).check();
      await group.locator('.merge-preview').getByText('“Twin Peak (phone)” becomes a summit log on “Twin Peak (watch)”').waitFor();
      expect(plain(await group.locator('.merge-preview').innerText()).includes('1 summit log, 1 photo'), true, 'the preview counts what moves');
      await shot(benPage, 'people-duplicates-desktop');
      await group.getByRole('button', {name: /^Merge 1 trail into/}).click();
      await benPage.getByRole('dialog', {name: 'Merge these trails?'}).getByRole('button', {name: 'Merge'}).click();
      await group.getByText(/Merged 1 trail into/).waitFor();
      const kept = await ben.call('GET', `/trail/${ids.twinA}`);
      expect(kept.data.photos.length, 2, 'the kept trail has both photos');
      const logs = await ben.call('GET', `/summit-log?filter=${encodeURIComponent(`trail='${ids.twinA}'`)}&perPage=50`);
      const texts = (Array.isArray(logs.data) ? logs.data : logs.data.items).map((l) => l.text || '');
      for (const wanted of ['Log on the watch one', 'Log on the phone one']) expect(texts.includes(wanted), true, `the kept trail has the log "${wanted}" (${texts.join(' | ')})`);
      const gone = await ben.call('GET', `/trail/${ids.twinB}`);
      expect(gone.status, 404, 'the merged trail is deleted');
      await benPage.goto(`${origin}/trail/${ids.twinA}`);
      await benPage.getByRole('heading', {name: 'Photos (2)'}).waitFor();
      await benPage.getByText('Log on the phone one').waitFor();
    });
  } finally {
    await amyContext.close();
    await benContext.close();
  }
}
