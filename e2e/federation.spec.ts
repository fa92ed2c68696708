import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, request as newRequest, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { accessibilityProblems, SIZES } from './accessibility.ts';
import { becomeAdmin, expect, newAccount, signUpWithProfileViaApi, test } from './fixtures.ts';

/**
 * Another liner site on this machine (the same bundle, its own port and database), federating with
 * the one the journeys run against: a member finds someone there by address, follows them, and
 * reads their review in her feed.
 */

// No other journey uses this album; both sites say MusicBrainz matched it to the same release group.
const ALBUM = 'weather-report-heavy-weather';
const MBID = '6e335887-60ba-38f0-95af-fae7774336bf';
const OTHER_PORT = Number(process.env.E2E_PORT ?? 3210) + 7;
const OTHER = `http://127.0.0.1:${OTHER_PORT}`;

// Two servers, a follow across them and four axe passes at two sizes.
test.describe.configure({ timeout: 90_000 });

let other: ChildProcess | undefined;
let otherDataDir = '';

test.beforeAll(async () => {
  otherDataDir = mkdtempSync(path.join(tmpdir(), 'liner-e2e-other-'));
  other = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(OTHER_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: otherDataDir,
      PUBLIC_URL: OTHER,
      FEDERATION: 'on',
      FEDERATION_ALLOW_PRIVATE: 'on',
      MUSICBRAINZ: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'inherit',
  });
  await expect
    .poll(async () => (await fetch(`${OTHER}/api/health`).catch(() => undefined))?.status, { timeout: 30_000 })
    .toBe(200);
  for (const dataDir of [otherDataDir, String(process.env.E2E_DATA_DIR)]) {
    const db = new Database(path.join(dataDir, 'liner.db'));
    try {
      db.prepare('update albums set mbid = ? where id = ?').run(MBID, ALBUM);
    } finally {
      db.close();
    }
  }
});

test.afterAll(async () => {
  other?.kill('SIGTERM');
});

async function onOtherSite(): Promise<{ api: APIRequestContext; name: string }> {
  const api = await newRequest.newContext({ baseURL: OTHER, extraHTTPHeaders: { origin: OTHER } });
  const account = newAccount('bea');
  const signUp = await api.post('/api/auth/sign-up/email', {
    data: { name: account.name, email: account.email, password: account.password },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const profile = await api.put('/api/users/me/profile', {
    data: { displayName: account.name, bio: 'Art rock on the other server.', completeSetup: true },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return { api, name: account.name };
}

/** E2E_SCREENSHOTS=dir keeps a picture of each page checked, at each size, to look at. */
async function problemsPictured(page: Page, label: string): Promise<string[]> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) {
    await page.screenshot({ path: path.join(dir, `federation-${label.replace(/\s+/g, '-')}.png`), fullPage: true });
  }
  return accessibilityProblems(page, label);
}

test('a member finds someone on another liner by address, follows them, and reads their review in her feed', async ({
  page,
}) => {
  const bea = await onOtherSite();
  const handle = `@${bea.name}@127.0.0.1:${OTHER_PORT}`;
  await signUpWithProfileViaApi(page, newAccount('ana'), 'Listening across servers.');

  // The header search takes the address; its results page asks the other server.
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill(handle);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=/);
  const found = page.getByRole('region', { name: 'On the fediverse' });
  const card = found.getByRole('link', { name: new RegExp(`${bea.name}@127\\.0\\.0\\.1:${OTHER_PORT}`) });
  await expect(card).toBeVisible({ timeout: 15_000 });
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    problems.push(...(await problemsPictured(page, `search ${size.width}`)));
  }
  await page.setViewportSize(SIZES[0]);

  // Their profile here: following asks their server, which accepts.
  await card.click();
  await expect(page.getByRole('heading', { name: `${bea.name}@127.0.0.1:${OTHER_PORT}`, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: /Requested|Following/ })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('button', { name: 'Following' })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    problems.push(...(await problemsPictured(page, `remote profile ${size.width}`)));
  }
  await page.setViewportSize(SIZES[0]);

  // She reviews an album on her server; it reaches his feed here, from the fediverse.
  const album = await (await bea.api.get(`/api/music/albums/${ALBUM}`)).json();
  expect(
    (await bea.api.put(`/api/albums/${ALBUM}/tracks/${album.tracks[0].id}/rating`, { data: { rating: 10 } })).status(),
  ).toBe(200);
  const added = await bea.api.post('/api/users/me/collection', {
    data: { albumId: ALBUM, review: 'Birdland, and the rest of it.', reviewVisibility: 'public' },
  });
  expect(added.status(), await added.text()).toBe(201);

  await expect(async () => {
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'Your feed' }).getByText('Heavy Weather').first()).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });
  const entry = page.getByRole('list', { name: 'Your feed' }).getByRole('listitem').filter({ hasText: 'reviewed' });
  await expect(entry).toContainText(`${bea.name}@127.0.0.1:${OTHER_PORT}`);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    problems.push(...(await problemsPictured(page, `feed ${size.width}`)));
  }

  // The album's page shows it under "From the fediverse".
  await page.setViewportSize(SIZES[0]);
  await page.goto(`/album/${ALBUM}`);
  const fromFediverse = page.getByRole('region', { name: 'From the fediverse' });
  await expect(fromFediverse.getByText('Birdland, and the rest of it.')).toBeVisible();
  await expect(fromFediverse.getByRole('link', { name: `View on 127.0.0.1:${OTHER_PORT}` })).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    problems.push(...(await problemsPictured(page, `album ${size.width}`)));
  }
  expect(problems).toEqual([]);
  await bea.api.dispose();
});

test('an admin blocks a server and silences another from the Fediverse tab, and lifts both', async ({ page }) => {
  await becomeAdmin(page);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Fediverse' }).click();
  const section = page.getByRole('region', { name: 'Fediverse' });
  await expect(section.getByText('No server is blocked or silenced.')).toBeVisible();
  await section.getByLabel('Block or silence a server').fill('Spam.Example');
  await section.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(section.getByText('Blocked spam.example.')).toBeVisible();
  await expect(section.getByRole('listitem').filter({ hasText: 'spam.example' })).toContainText('Blocked');

  await section.getByLabel('Block or silence a server').fill('loud.example');
  await section.getByRole('radio', { name: /^Silence/ }).click();
  await section.getByRole('button', { name: 'Silence', exact: true }).click();
  await expect(section.getByText('Silenced loud.example.')).toBeVisible();
  await expect(section.getByRole('listitem').filter({ hasText: 'loud.example' })).toContainText('Silenced');

  // One person at a time, by their address; someone never seen here is refused.
  const people = page.getByRole('region', { name: 'Silenced people' });
  await expect(people.getByText('Nobody is silenced.')).toBeVisible();
  await people.getByLabel('Silence a person of another server').fill('nobody@nowhere.example');
  await people.getByRole('button', { name: 'Silence', exact: true }).click();
  await expect(people.getByText('No one of another server is known here by that address')).toBeVisible();

  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    problems.push(...(await problemsPictured(page, `admin fediverse ${size.width}`)));
  }
  await page.setViewportSize(SIZES[0]);
  await section.getByRole('button', { name: 'Unblock spam.example' }).click();
  await expect(section.getByText('Unblocked spam.example.')).toBeVisible();
  await section.getByRole('button', { name: 'Lift silence loud.example' }).click();
  await expect(section.getByText('Lifted the silence of loud.example.')).toBeVisible();
  await expect(section.getByText('No server is blocked or silenced.')).toBeVisible();
  expect(problems).toEqual([]);

  // On a phone, the tab row opened on the Fediverse tab scrolls it into view.
  await page.setViewportSize(SIZES[1]);
  await page.goto('/admin?tab=fediverse');
  const tab = await page.getByRole('tab', { name: 'Fediverse' }).boundingBox();
  expect(tab && tab.x >= 0 && tab.x + tab.width <= SIZES[1].width).toBe(true);
});
