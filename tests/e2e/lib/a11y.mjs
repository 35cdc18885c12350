// Accessibility audits with axe-core (pinned in package.json), run inside a Playwright page.
// The app's CSP allows only same-origin scripts, so axe's inline script tag needs a context made
// with `bypassCSP: true` (see auditContext).
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
// Beyond those tags: WCAG 2.2's minimum target size (24 px; the app aims at 40 px for touch).
const EXTRA_RULES = ['target-size'];
export const FAILING_IMPACTS = new Set(['serious', 'critical']);

// A browser context whose pages accept the injected axe script.
export function auditContext(browser, options = {}) {
  return browser.newContext({...options, bypassCSP: true});
}

// Runs axe on the whole document (or `within`, a CSS selector) and returns its violations as
// [{id, impact, help, count, targets: ['selector', ...]}], minus the rules in `ignore`
// ({ruleId: 'why'}), which are left out of the run.
export async function audit(page, {within = null, ignore = {}} = {}) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.addScriptTag({content: AXE_SOURCE});
  const rules = Object.fromEntries([...EXTRA_RULES.map((id) => [id, {enabled: true}]), ...Object.keys(ignore).map((id) => [id, {enabled: false}])]);
  const violations = await page.evaluate(
    async ({within, tags, rules}) => {
      const result = await window.axe.run(within ? document.querySelector(within) : document, {runOnly: {type: 'tag', values: tags}, rules, resultTypes: ['violations']});
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        count: v.nodes.length,
        targets: v.nodes.map((n) => n.target.flat(Infinity).join(' ')),
        details: v.nodes.map((n) => n.failureSummary || ''),
      }));
    },
    {within, tags: TAGS, rules},
  );
  return violations;
}

// One line per violation and one per element, for the log.
export function formatViolations(where, violations) {
  const lines = [];
  for (const v of violations) {
    lines.push(`  [${where}] ${v.impact} ${v.id} (${v.count}): ${v.help}`);
    v.targets.forEach((target, i) => lines.push(`      ${target}${v.details[i] ? ` — ${v.details[i].replace(/\s+/g, ' ').slice(0, 200)}` : ''}`));
  }
  return lines.join('\n');
}

export const failing = (violations) => violations.filter((v) => FAILING_IMPACTS.has(v.impact));

// Audits every page in `pages` ([{name, path, signedIn, open?: async (page) => {}}]) at each
// viewport and returns [{where, violations}]. `open` puts the page in the state to audit (a
// dialog open); without it the page is audited once its <h1> and data are there.
// `watch(page, label)` sees each new page first (the e2e runner's error watch).
export async function auditPages(browser, origin, {pages, viewports, storageState, ignore = {}, watch = (page) => page}) {
  const results = [];
  for (const [width, viewport] of Object.entries(viewports)) {
    for (const signedIn of [true, false]) {
      const context = await auditContext(browser, {viewport, storageState: signedIn ? storageState : undefined});
      const page = watch(await context.newPage(), `a11y-${width}`);
      page.setDefaultTimeout(15000);
      for (const entry of pages.filter((p) => Boolean(p.signedIn) === signedIn)) {
        await page.goto(origin + entry.path);
        await page.getByRole('heading', {level: 1}).first().waitFor();
        await page.waitForLoadState('networkidle');
        if (entry.open) await entry.open(page);
        results.push({where: `${entry.name} ${width}`, violations: await audit(page, {ignore})});
      }
      await context.close();
    }
  }
  return results;
}
