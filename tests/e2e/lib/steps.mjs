// A minimal step runner: each step prints ✓ or ✗ with its time; the first failure stops the
// run (later steps build on earlier ones) after a screenshot of every open page.
import {join} from 'node:path';

export const steps = {failed: 0, passed: 0, skipped: 0, out: 'build/e2e'};
const pages = new Set();
const pageErrors = [];

export function expect(actual, expected, message) {
  if (actual !== expected) throw new Error(`${message}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

// Records uncaught exceptions in the page (a step fails on any) and prints console errors other
// than failed loads, which the scenario provokes on purpose (401 before sign-in, tiles offline).
export function watchPage(page, label) {
  pages.add({page, label});
  page.on('pageerror', (error) => pageErrors.push(`[${label}] ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      console.log(`  [${label} console.error] ${message.text()}`);
    }
  });
  page.setDefaultTimeout(15000);
  return page;
}

export async function step(name, action) {
  const started = Date.now();
  try {
    await action();
    if (pageErrors.length) throw new Error(`uncaught errors in the page: ${pageErrors.splice(0).join('; ')}`);
    steps.passed += 1;
    console.log(`✓ ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    steps.failed += 1;
    console.log(`✗ ${name} (${Date.now() - started} ms)\n  ${error.message.split('\n').join('\n  ')}`);
    let n = 0;
    for (const {page, label} of pages) {
      if (page.isClosed()) continue;
      n += 1;
      await page.screenshot({path: join(steps.out, `failure-${n}-${label}.png`), fullPage: true}).catch(() => {});
    }
    throw error;
  }
}

// A step that cannot run against this server, said with why (it neither passes nor fails).
export function skip(name, reason) {
  steps.skipped += 1;
  console.log(`- ${name} (skipped: ${reason})`);
}

export function report(line) {
  console.log(`» ${line}`);
}
