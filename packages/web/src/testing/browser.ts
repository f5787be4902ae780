/**
 * A real Chromium for the end-to-end tests: Debian's `chromium` (which `.ci/run` installs) driven by
 * `playwright-core`, headless, with no network beyond the loopback server the test starts. Playwright gives each
 * launch a fresh profile of its own (its own `--user-data-dir` in a temporary folder, removed on close): it refuses
 * the flag given by hand, which only a persistent context takes, and a test needs several contexts at once.
 */
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = process.env['TACTICA_CHROMIUM'] ?? '/usr/bin/chromium';

export interface LaunchedBrowser {
  readonly browser: Browser;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<LaunchedBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}
