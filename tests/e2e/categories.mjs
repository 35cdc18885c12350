// End to end: category preferences in Settings. A person hides a category and moves another up
// with the keyboard, then drags one to the top; the trails page's category filter and the new
// trail form follow the order without the hidden one, and everything survives a reload. Then
// subcategories: one picked in the new-trail form and in the editor shows beside the category
// on the trail page; one hidden in Settings leaves the editor's choice (but not the trail that
// has it); the trails page's subcategory filter survives a reload. Self-contained: it makes its
// own person through the API.
import {join} from 'node:path';
import {audit, auditContext, failing, formatViolations} from './lib/a11y.mjs';
import {DESKTOP, PHONE} from './lib/browser.mjs';
import {apiClient, signUp} from './lib/server.mjs';
import {expect, step, watchPage} from './lib/steps.mjs';

const PASSWORD = 'categories-e2e-secret';

function preferenceAnswer(page, method, path = '/api/v1/user-category-preference') {
  return page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === method);
}

async function settingsOrder(page) {
  const rows = page.getByRole('list', {name: 'Categories in your order'}).locator('.category-name');
  await rows.first().waitFor();
  return (await rows.allTextContents()).join(', ');
}

// The texts of a select's options, in order ("—" for none).
async function optionTexts(select) {
  return (await select.locator('option').allTextContents()).join(', ');
}

// The category badge of the trail page ("Hiking · Via ferrata").
async function categoryBadge(page) {
  const badge = page.locator('.trail-badges .trail-category');
  await badge.waitFor();
  return badge.innerText();
}

async function filterOptions(page) {
  const select = page.getByLabel('Category', {exact: true});
  await select.locator('option').nth(1).waitFor({state: 'attached'});
  return (await select.locator('option').allTextContents()).join(', ');
}

export async function runCategorySteps({browser, origin, out}) {
  const shot = (page, name) => page.screenshot({path: join(out, 'screens', `${name}.png`), fullPage: true});
  await signUp(origin, 'cleo', PASSWORD);
  // Pages that take axe's injected script, for the audits of the subcategory controls.
  const context = await auditContext(browser, {viewport: DESKTOP, reducedMotion: 'reduce'});
  const login = await context.request.post(`${origin}/api/v1/auth/login`, {data: {username: 'cleo', password: PASSWORD}});
  expect(login.status(), 200, 'cleo signs in');
  const page = watchPage(await context.newPage(), 'cleo');
  try {
    await step('categories: hiding one and moving one up with the keyboard in Settings is saved and survives a reload', async () => {
      await page.goto(`${origin}/settings`);
      await page.getByRole('heading', {level: 2, name: 'Categories'}).waitFor();
      expect(await settingsOrder(page), 'Biking, Canoeing, Climbing, Hiking, Skiing, Walking', 'the server order at first');
      const hidden = preferenceAnswer(page, 'PUT');
      await page.getByRole('checkbox', {name: 'Show Climbing'}).uncheck();
      expect((await hidden).status(), 200, 'hiding Climbing is saved');
      const up = page.getByRole('button', {name: 'Move Skiing up'});
      await up.focus();
      for (let i = 0; i < 4; i++) {
        const saved = preferenceAnswer(page, 'POST', '/api/v1/user-category-preference/reorder');
        await page.keyboard.press('Enter');
        expect((await saved).status(), 200, `move ${i + 1} is saved`);
      }
      expect(await settingsOrder(page), 'Skiing, Biking, Canoeing, Climbing, Hiking, Walking', 'Skiing is first');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Move Skiing down', 'focus stays on the moved row');
      await page.getByRole('status').filter({hasText: 'Skiing moved to position 1 of 6'}).waitFor();
      await page.reload();
      expect(await settingsOrder(page), 'Skiing, Biking, Canoeing, Climbing, Hiking, Walking', 'the order after a reload');
      expect(await page.getByRole('checkbox', {name: 'Show Climbing'}).isChecked(), false, 'Climbing stays hidden');
      await shot(page, 'settings-categories-desktop');
    });

    await step('categories: the trails filter follows the order and leaves the hidden category out, also after a reload', async () => {
      await page.goto(`${origin}/trails`);
      expect(await filterOptions(page), 'Any category, Skiing, Biking, Canoeing, Hiking, Walking', 'the filter follows the order');
      await page.reload();
      expect(await filterOptions(page), 'Any category, Skiing, Biking, Canoeing, Hiking, Walking', 'the same after a reload');
    });

    await step('categories: a dragged row moves to where it is dropped, and a new trail starts with the first shown category', async () => {
      await page.goto(`${origin}/settings`);
      const rows = page.getByRole('list', {name: 'Categories in your order'}).locator('.category-row');
      await rows.first().waitFor();
      const saved = preferenceAnswer(page, 'POST', '/api/v1/user-category-preference/reorder');
      await rows.filter({hasText: 'Walking'}).dragTo(rows.filter({hasText: 'Skiing'}));
      expect((await saved).status(), 200, 'the drop is saved');
      expect(await settingsOrder(page), 'Walking, Skiing, Biking, Canoeing, Climbing, Hiking', 'Walking is first');
      await page.goto(`${origin}/trail/new?manual=1`);
      const select = page.getByRole('tabpanel').getByLabel('Category', {exact: true});
      await select.locator('option', {hasText: 'Walking'}).waitFor({state: 'attached'});
      expect(await select.inputValue(), 'walkingcategory', 'the first shown category is the default');
      const offered = (await select.locator('option').allTextContents()).join(', ');
      expect(offered, 'No category, Walking, Skiing, Biking, Canoeing, Hiking', 'the picker follows the order without Climbing');
    });

    await subcategorySteps({page, origin, shot});
  } finally {
    await context.close();
  }
}

// axe finds nothing serious or critical inside `within`.
async function expectAccessible(page, within, what) {
  const violations = await audit(page, {within});
  if (violations.length) console.log(formatViolations(what, violations));
  expect(failing(violations).map((v) => v.id).join(', '), '', `no serious accessibility violations in ${what}`);
}

// The subcategory steps, on from where the category steps left cleo (Walking first, Climbing
// hidden).
async function subcategorySteps({page, origin, shot}) {
  const cleo = await apiClient(origin, 'cleo', PASSWORD);
  const ids = {};

  await step('subcategories: one picked in the new-trail form and in the editor shows beside the category on the trail page', async () => {
    await page.goto(`${origin}/trail/new?manual=1`);
    const form = page.getByRole('tabpanel');
    const category = form.getByLabel('Category', {exact: true});
    const subcategory = form.getByLabel('Subcategory', {exact: true});
    await category.locator('option', {hasText: 'Walking'}).waitFor({state: 'attached'});
    expect(await optionTexts(subcategory), '—, City walk, Coastal walk, Nordic walking', "the default category's subcategories");
    await category.selectOption({label: 'Hiking'});
    expect(await optionTexts(subcategory), '—, Day hike, Multi-day, Via ferrata', "another category's, by name without preferences");
    expect(await subcategory.inputValue(), '', 'none chosen');
    await subcategory.selectOption({label: 'Via ferrata'});
    await form.getByLabel('Name', {exact: true}).fill('Ferrata Day');
    await form.getByRole('button', {name: 'Create trail'}).click();
    await page.getByRole('heading', {level: 1, name: 'Edit Ferrata Day'}).waitFor();
    ids.ferrata = page.url().split('/').at(-2);
    const stored = await cleo.call('GET', `/trail/${ids.ferrata}`);
    expect(`${stored.data.category} ${stored.data.subcategory}`, 'hikingcategory1 hikingviaferrat', 'the trail is stored with both');
    await page.goto(`${origin}/trail/${ids.ferrata}`);
    expect(await categoryBadge(page), 'Hiking · Via ferrata', 'the trail page names both');

    const made = await cleo.call('PUT', '/trail', {name: 'Gravel Loop', author: cleo.user.id, public: false, category: 'hikingcategory1', subcategory: 'hikingdayhike01', lat: 1, lon: 31});
    expect(made.status, 200, 'a second trail is made through the API');
    ids.gravel = made.data.id;
    await page.goto(`${origin}/trail/${ids.gravel}/edit`);
    const editCategory = page.getByLabel('Category', {exact: true});
    const editSubcategory = page.getByLabel('Subcategory', {exact: true});
    await page.getByRole('heading', {level: 1, name: 'Edit Gravel Loop'}).waitFor();
    expect(await editSubcategory.inputValue(), 'hikingdayhike01', "the editor shows the trail's subcategory");
    await editCategory.selectOption({label: 'Biking'});
    expect(await editSubcategory.inputValue(), '', "another category clears a subcategory that is not one of its own");
    expect(await optionTexts(editSubcategory), '—, Gravel, Mountain, Road, Touring', "the new category's subcategories");
    await editSubcategory.selectOption({label: 'Gravel'});
    await page.getByRole('button', {name: 'Save details'}).click();
    await page.getByText(/Saved at/).waitFor();
    await page.goto(`${origin}/trail/${ids.gravel}`);
    expect(await categoryBadge(page), 'Biking · Gravel', 'the trail page shows the new pair');
    await shot(page, 'trail-subcategory-desktop');
  });

  await step('subcategories: one hidden, one moved by keyboard and one dragged in Settings are saved; the editor leaves the hidden one out, except for the trail that has it', async () => {
    await page.goto(`${origin}/settings`);
    const open = page.getByRole('button', {name: 'Subcategories of Hiking'});
    await open.click();
    expect(await open.getAttribute('aria-expanded'), 'true', 'the button says the list is open');
    const list = page.getByRole('list', {name: 'Subcategories of Hiking in your order'});
    const names = async () => (await list.locator('.subcategory-name').allTextContents()).join(', ');
    expect(await names(), 'Day hike, Multi-day, Via ferrata', 'by name at first');
    const hidden = preferenceAnswer(page, 'PUT', '/api/v1/user-subcategory-preference');
    await list.getByRole('checkbox', {name: 'Show Via ferrata'}).uncheck();
    expect((await hidden).status(), 200, 'hiding Via ferrata is saved');
    await list.getByRole('button', {name: 'Move Multi-day up'}).focus();
    const moved = preferenceAnswer(page, 'POST', '/api/v1/user-subcategory-preference/reorder');
    await page.keyboard.press('Enter');
    expect((await moved).status(), 200, 'the move is saved');
    expect(await names(), 'Multi-day, Day hike, Via ferrata', 'Multi-day is first');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Move Multi-day down', 'focus stays on the moved row');
    const categoriesBefore = await settingsOrder(page);
    const dropped = preferenceAnswer(page, 'POST', '/api/v1/user-subcategory-preference/reorder');
    const rows = list.locator('.subcategory-row');
    await rows.filter({hasText: 'Via ferrata'}).dragTo(rows.filter({hasText: 'Multi-day'}));
    expect((await dropped).status(), 200, 'the drop is saved');
    expect(await names(), 'Via ferrata, Multi-day, Day hike', 'a dragged subcategory moves to where it is dropped');
    expect(await settingsOrder(page), categoriesBefore, 'and its category stays where it was');
    await page.setViewportSize(PHONE);
    await shot(page, 'settings-subcategories-phone');
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await page.getByRole('button', {name: 'Subcategories of Hiking'}).click();
    expect(await names(), 'Via ferrata, Multi-day, Day hike', 'the order after a reload');
    expect(await list.getByRole('checkbox', {name: 'Show Via ferrata'}).isChecked(), false, 'Via ferrata stays hidden');
    await shot(page, 'settings-subcategories-desktop');
    await expectAccessible(page, '#categories', 'Settings with open subcategories');

    await page.goto(`${origin}/trail/${ids.gravel}/edit`);
    const category = page.getByLabel('Category', {exact: true});
    const subcategory = page.getByLabel('Subcategory', {exact: true});
    await page.getByRole('heading', {level: 1, name: 'Edit Gravel Loop'}).waitFor();
    await category.selectOption({label: 'Hiking'});
    expect(await optionTexts(subcategory), '—, Multi-day, Day hike', 'the picker follows the order without Via ferrata');
    await page.goto(`${origin}/trail/${ids.ferrata}/edit`);
    await page.getByRole('heading', {level: 1, name: 'Edit Ferrata Day'}).waitFor();
    expect(await optionTexts(subcategory), '—, Via ferrata, Multi-day, Day hike', 'the trail that has it keeps it choosable');
    expect(await subcategory.inputValue(), 'hikingviaferrat', 'and chosen');
    await expectAccessible(page, '.edit-section form', "the editor's details with the subcategory choice");
  });

  await step("subcategories: the trails page's subcategory filter narrows the list, is kept in the URL and survives a reload", async () => {
    await page.goto(`${origin}/trails`);
    const category = page.getByLabel('Category', {exact: true});
    const subcategory = page.getByLabel('Subcategory', {exact: true});
    await category.locator('option', {hasText: 'Biking'}).waitFor({state: 'attached'});
    await category.selectOption({label: 'Biking'});
    expect(await optionTexts(subcategory), 'Any subcategory, Gravel, Mountain, Road, Touring', "the category's subcategories");
    const answered = page.waitForResponse((r) => (new URL(r.url()).searchParams.get('filter') || '').includes('subcategory = "bikinggravel001"'));
    await subcategory.selectOption({label: 'Gravel'});
    expect((await answered).status(), 200, 'the list is asked for with the subcategory');
    await page.waitForURL((url) => url.searchParams.get('subcategory') === 'bikinggravel001' && url.searchParams.get('category') === 'bikingcategory1');
    const cards = page.getByRole('list', {name: 'Trails'}).getByRole('listitem');
    await cards.first().waitFor();
    expect((await cards.allInnerTexts()).filter((text) => text.includes('Gravel Loop')).length, 1, 'Gravel Loop is listed');
    expect(await cards.count(), 1, 'and nothing else');
    await page.reload();
    await cards.first().waitFor();
    expect(await cards.count(), 1, 'one card after a reload');
    await subcategory.locator('option', {hasText: 'Gravel'}).waitFor({state: 'attached'});
    expect(`${await category.inputValue()} ${await subcategory.inputValue()}`, 'bikingcategory1 bikinggravel001', 'the filters show the URL after a reload');
    await shot(page, 'trails-subcategory-filter-desktop');
  });
}
