// Headless Debian Chromium through playwright-core (no browser download): the flags keep it
// from reaching for Google's services, which a closed network refuses.
import {chromium} from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

export async function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const PHONE = {width: 390, height: 844};
export const DESKTOP = {width: 1366, height: 900};
