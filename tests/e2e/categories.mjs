// End to end: category preferences in Settings. A person hides a category and moves another up
// with the keyboard, then drags one to the top; the trails page's category filter and the new
// trail form follow the order without the hidden one, and everything survives a reload.
// Self-contained: it makes its own person through the API.
import {join} from 'node:path';
import {DESKTOP} from './lib/browser.mjs';
import {signUp} from './lib/server.mjs';
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

async function filterOptions(page) {
  const select = page.getByLabel('Category', {exact: true});
  await select.locator('option').nth(1).waitFor({state: 'attached'});
  return (await select.locator('option').allTextContents()).join(', ');
}

export async function runCategorySteps({browser, origin, out}) {
  const shot = (page, name) => page.screenshot({path: join(out, 'screens', `${name}.png`), fullPage: true});
  await signUp(origin, 'cleo', PASSWORD);
  const context = await browser.newContext({viewport: DESKTOP, reducedMotion: 'reduce'});
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
  } finally {
    await context.close();
  }
}
