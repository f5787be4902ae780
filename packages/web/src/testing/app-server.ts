/**
 * The server the browser tests of online play run against: a real `tactica serve` on loopback with the built app,
 * its own data folder, cheap password hashing and rate limits out of the way (the tests sign up and act quickly);
 * and the sign-up every such test starts with. Test support only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer, type ServeOptions } from '@tactica/server';
import { launchChromium, type LaunchedBrowser } from './browser.js';
import { APP_DIR, buildApp } from './build-app.js';

interface AppServer {
  readonly server: RunningServer;
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Starts the server on a fresh data folder named after `name` (with `options` besides the tests' own, such as its
 * endgame databases' folder); `close` stops it and removes the folder.
 */
async function startAppServer(name: string, options: ServeOptions = {}): Promise<AppServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `tactica-web-${name}-`));
  const server = await startServer({
    port: 0,
    dataDir,
    webRoot: APP_DIR,
    passwordCost: { log2N: 10, r: 8, p: 1 },
    rateLimits: { auth: 10_000, moves: 10_000, challenges: 10_000, chat: 10_000, imports: 10_000 },
    ...options,
  });
  return {
    server,
    url: server.url,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs `name` up on the app's online screen and waits until the page says so. */
export async function signUpOnline(page: Page, url: string, name: string): Promise<void> {
  await page.goto(`${url}/#online`);
  await page.fill('#auth-name', name);
  await page.fill('#auth-password', 'a long enough password');
  await page.click('button:text-is("Sign up")');
  await page.waitForSelector('text=Signed in as');
}

/**
 * A call of the server's API beside the browser (to set up what the pages then show): `token` sent as a bearer,
 * `body` as JSON. A reply that is not ok is an error naming it.
 */
async function callApi<T = unknown>(
  url: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const r = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const data = (await r.json()) as T;
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(data)}`);
  return data;
}

/** What a test file of online play works with: the built app's server and one Chromium. */
export interface OnlineApp {
  readonly app: AppServer;
  readonly chromium: LaunchedBrowser;
  /** `callApi` on the app's server. */
  call<T = unknown>(method: string, path: string, token?: string, body?: unknown): Promise<T>;
}

/**
 * Builds the app, starts its server (named after `name`) and a Chromium before the file's tests, and stops both
 * after them: the set-up every e2e file of online play shares.
 */
export function useOnlineApp(name: string, options: ServeOptions = {}): OnlineApp {
  let app: AppServer | undefined;
  let chromium: LaunchedBrowser | undefined;
  beforeAll(async () => {
    await buildApp();
    app = await startAppServer(name, options);
    chromium = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await chromium?.close();
    await app?.close();
  });
  const started = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('the app is started in beforeAll');
    return v;
  };
  return {
    get app() {
      return started(app);
    },
    get chromium() {
      return started(chromium);
    },
    call: (method, path, token, body) => callApi(started(app).url, method, path, token, body),
  };
}
