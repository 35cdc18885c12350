// End to end: tags in the trail editor's tag picker. A person types a tag nobody has, presses
// Enter (the tag is created), saves, and sees it on the trail page after a reload; on a second
// trail a prefix typed in another case finds that tag, picked with the keyboard, and no second
// tag is made; the trail page's tag lists the trails that have it; a chip is removed from the
// keyboard; the new-trail form on a phone sends a chosen tag. Self-contained: it makes its own
// person and trails through the API.
import {join} from 'node:path';
import {audit, auditContext, failing, formatViolations} from './lib/a11y.mjs';
import {DESKTOP, PHONE} from './lib/browser.mjs';
import {apiClient, signUp} from './lib/server.mjs';
import {expect, step, watchPage} from './lib/steps.mjs';

const PASSWORD = 'tags-e2e-secret';
const TAG = 'Via Ferrata Ridge';

// Waits for the app's answer to `method` on the tag routes.
function tagAnswer(page, method) {
  return page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/tag' && r.request().method() === method);
}

// The trail's tag names as the API has them (expand=tags).
async function tagNamesOf(client, id) {
  const answer = await client.call('GET', `/trail/${id}?expand=tags`);
  expect(answer.status, 200, `the trail ${id} reads back`);
  return (answer.data.expand?.tags || []).map((tag) => tag.name);
}

export async function runTagSteps({browser, origin, out}) {
  const shot = (page, name) => page.screenshot({path: join(out, 'screens', `${name}.png`), fullPage: true});
  await signUp(origin, 'tess', PASSWORD);
  const tess = await apiClient(origin, 'tess', PASSWORD);
  const made = [];
  for (const name of ['Tag Test North', 'Tag Test South']) {
    const answer = await tess.call('PUT', '/trail', {name, author: tess.user.id, public: false, lat: 2, lon: 30 + made.length / 10});
    expect(answer.status, 200, `${name} is created`);
    made.push(answer.data.id);
  }
  const [north, south] = made;
  // Pages that take axe's injected script, for the audit of the open picker.
  const context = await auditContext(browser, {viewport: DESKTOP, reducedMotion: 'reduce'});
  const login = await context.request.post(`${origin}/api/v1/auth/login`, {data: {username: 'tess', password: PASSWORD}});
  expect(login.status(), 200, 'tess signs in');
  const page = watchPage(await context.newPage(), 'tess');

  try {
    await step('tags: a new tag typed in the editor is created on Enter, saved with the trail and shown on its page', async () => {
      await page.goto(`${origin}/trail/${north}/edit`);
      await page.getByRole('heading', {level: 1, name: 'Edit Tag Test North'}).waitFor();
      const box = page.getByRole('combobox', {name: 'Tags'});
      await box.fill(TAG);
      const created = tagAnswer(page, 'PUT');
      await box.press('Enter');
      expect((await created).status(), 200, 'Enter creates the tag');
      const chips = page.getByRole('list', {name: 'Chosen tags'});
      await chips.getByText(TAG, {exact: true}).waitFor();
      expect(await box.inputValue(), '', 'the box is empty again');
      await chips.getByRole('button', {name: `Remove tag ${TAG}`}).waitFor();
      expect(page.url(), `${origin}/trail/${north}/edit`, 'Enter did not send the form');
      await page.getByRole('button', {name: 'Save details'}).click();
      await page.getByText(/Saved at/).waitFor();
      expect((await tagNamesOf(tess, north)).join(), TAG, 'the trail has the tag');
      await page.goto(`${origin}/trail/${north}`);
      await page.reload();
      await page.getByRole('heading', {level: 1, name: 'Tag Test North'}).waitFor();
      await page.getByRole('list', {name: 'Tags'}).getByText(TAG, {exact: true}).waitFor();
      await shot(page, 'trail-tags-desktop');
    });

    await step('tags: on a second trail a prefix in another case finds the tag, ↓ and Enter pick it, none is created', async () => {
      const creates = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/v1/tag' && r.method() === 'PUT') creates.push(r.url());
      });
      await page.goto(`${origin}/trail/${south}/edit`);
      await page.getByRole('heading', {level: 1, name: 'Edit Tag Test South'}).waitFor();
      const box = page.getByRole('combobox', {name: 'Tags'});
      const searched = tagAnswer(page, 'GET');
      await box.pressSequentially('via f', {delay: 30});
      const search = new URL((await searched).url()).searchParams;
      expect(`${search.get('sort')} ${search.get('perPage')}`, 'name 10', 'suggestions are asked for by name, ten at most');
      const option = page.getByRole('listbox', {name: 'Tags found'}).getByRole('option', {name: TAG});
      await option.waitFor();
      expect(await box.getAttribute('aria-expanded'), 'true', 'the combobox says its list is open');
      await shot(page, 'trail-edit-tag-picker-desktop');
      await box.press('ArrowDown');
      expect(await option.getAttribute('aria-selected'), 'true', 'ArrowDown highlights the tag');
      expect(await box.getAttribute('aria-activedescendant'), await option.getAttribute('id'), 'the box points at the highlighted option');
      const violations = await audit(page, {within: '.tag-picker'});
      if (violations.length) console.log(formatViolations('open tag picker', violations));
      expect(failing(violations).map((v) => v.id).join(), '', 'axe finds nothing serious in the open tag picker');
      await box.press('Enter');
      await page.getByRole('list', {name: 'Chosen tags'}).getByText(TAG, {exact: true}).waitFor();
      await page.getByRole('button', {name: 'Save details'}).click();
      await page.getByText(/Saved at/).waitFor();
      await page.goto(`${origin}/trail/${south}`);
      await page.getByRole('list', {name: 'Tags'}).getByText(TAG, {exact: true}).waitFor();
      expect(creates.length, 0, 'no tag was created for the second trail');
      const same = await tess.call('GET', `/tag?filter=${encodeURIComponent('name ~ "via ferrata"')}`);
      expect(same.data.length, 1, 'one tag of that name exists');
      expect((await tagNamesOf(tess, south)).join(), TAG, 'the second trail has the same tag');
    });

    await step("tags: a trail page's tag lists the trails that have it; removing the tag filter lists all again", async () => {
      await page.getByRole('list', {name: 'Tags'}).getByRole('link', {name: `Trails tagged ${TAG}`}).click();
      await page.waitForURL(/\/trails\?tag=[a-z0-9]{15}$/);
      const status = page.getByRole('status').filter({hasText: /of 2 trails/});
      await status.waitFor();
      const titles = await page.getByRole('list', {name: 'Trails'}).getByRole('listitem').locator('.trail-card-title').allInnerTexts();
      expect(titles.sort().join(), 'Tag Test North,Tag Test South', 'both tagged trails, and only them');
      const remove = page.getByRole('button', {name: `Remove the tag filter ${TAG}`});
      await remove.waitFor();
      await shot(page, 'trails-tag-filter-desktop');
      await remove.click();
      await page.waitForURL(`${origin}/trails`);
      await page.locator('.trails-results:not([aria-busy="true"])').waitFor();
      expect(await remove.count(), 0, 'the tag filter is gone');
    });

    await step('tags: a chip is removed from the keyboard, and saving clears the tag from the trail', async () => {
      await page.goto(`${origin}/trail/${north}/edit`);
      const remove = page.getByRole('button', {name: `Remove tag ${TAG}`});
      await remove.focus();
      await page.keyboard.press('Enter');
      await remove.waitFor({state: 'detached'});
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'combobox', 'the focus goes on to the tag box');
      await page.getByRole('button', {name: 'Save details'}).click();
      await page.getByText(/Saved at/).waitFor();
      expect((await tagNamesOf(tess, north)).length, 0, 'the trail has no tags left');
    });

    await step('tags: the picker on a phone, and the new-trail form sends the chosen tag', async () => {
      const phoneContext = await browser.newContext({viewport: PHONE, reducedMotion: 'reduce', storageState: await context.storageState()});
      const phone = watchPage(await phoneContext.newPage(), 'tess-phone');
      await phone.goto(`${origin}/trail/new?manual=1`);
      const form = phone.getByRole('tabpanel', {name: 'Create without a GPS file'});
      await form.getByLabel('Name', {exact: true}).fill('Tag Test Hand Made');
      const box = form.getByRole('combobox', {name: 'Tags'});
      await box.pressSequentially('RIDGE', {delay: 30});
      await phone.getByRole('option', {name: TAG}).waitFor();
      await shot(phone, 'trail-new-tag-picker-phone');
      await phone.getByRole('option', {name: TAG}).click();
      await form.getByRole('list', {name: 'Chosen tags'}).getByText(TAG, {exact: true}).waitFor();
      await form.getByRole('button', {name: 'Create trail'}).click();
      await phone.waitForURL(/\/trail\/[a-z0-9]{15}\/edit$/);
      const id = phone.url().split('/').slice(-2, -1)[0];
      expect((await tagNamesOf(tess, id)).join(), TAG, 'the new trail was created with the tag');
      await phone.getByRole('list', {name: 'Chosen tags'}).getByText(TAG, {exact: true}).waitFor();
      await shot(phone, 'trail-edit-tags-phone');
      await phoneContext.close();
    });
  } finally {
    await context.close();
  }
}
