import { accessibilityProblems, SIZES } from './accessibility.ts';
import { expect, newAccount, signUpWithProfileViaApi, test } from './fixtures.ts';

// liner in the reader's language: German from a German browser, Spanish chosen in Settings, and
// the journeys' key pages whole and accessible in each (ADR 56).

const ALBUM = 'radiohead-ok-computer';

async function axeAtBothSizes(page: import('@playwright/test').Page, label: string, ready: () => Promise<void>) {
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await ready();
    problems.push(...(await accessibilityProblems(page, `${label} at ${size.width}px`)));
  }
  return problems;
}

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('gets liner in German, dates and numbers too', async ({ page }) => {
    // Two pages checked by axe at two sizes.
    test.setTimeout(60_000);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Entdecken. Bewerten. Teilen.' })).toBeVisible();
    await expect(page).toHaveTitle(/Entdecken\. Bewerten\. Teilen\./);
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav.getByRole('link', { name: 'Musik' })).toBeVisible();
    const problems = await axeAtBothSizes(page, 'home in German', () =>
      expect(page.getByRole('heading', { name: 'Top-Alben' })).toBeVisible(),
    );

    await page.goto(`/album/${ALBUM}`);
    await expect(page.getByRole('heading', { name: 'Songs', level: 2 })).toBeVisible();
    await expect(page.getByText('21. Mai 1997')).toBeVisible();
    await expect(page.getByText(/^12 Songs, 53 Min\.$/)).toBeVisible();
    problems.push(
      ...(await axeAtBothSizes(page, 'album page in German', () =>
        expect(page.getByRole('region', { name: 'Bewertungen' })).toBeVisible(),
      )),
    );
    expect(problems).toEqual([]);
  });
});

test('a listener chooses Spanish in Settings, and goes back to the browser language', async ({ page }) => {
  // Three pages checked by axe at two sizes, and two reloads.
  test.setTimeout(90_000);
  await signUpWithProfileViaApi(page, newAccount('idioma'), 'Escucho de todo.');
  await page.goto('/settings');
  const language = page.getByRole('region', { name: 'Language' });
  const select = language.getByLabel('Language of liner');
  await expect(select).toHaveValue('browser');
  await Promise.all([page.waitForEvent('load'), select.selectOption({ label: 'Español' })]);

  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Ajustes' })).toBeVisible();
  const idioma = page.getByRole('region', { name: 'Idioma' });
  await expect(idioma.getByLabel('Idioma de liner')).toHaveValue('es');
  await expect(page.getByRole('switch', { name: 'Valoraciones sin spoilers' })).toBeVisible();
  const problems = await axeAtBothSizes(page, 'settings in Spanish', () =>
    expect(page.getByRole('region', { name: 'Privacidad' })).toBeVisible(),
  );

  // It holds from page to page (it is kept in this browser).
  await page.setViewportSize(SIZES[0]);
  await page.goto('/');
  await expect(
    page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Música' }),
  ).toBeVisible();
  problems.push(
    ...(await axeAtBothSizes(page, 'home in Spanish', () =>
      expect(page.getByRole('heading', { name: 'Álbumes destacados' })).toBeVisible(),
    )),
  );
  await page.goto(`/album/${ALBUM}`);
  await expect(page.getByText('21 de mayo de 1997')).toBeVisible();
  problems.push(
    ...(await axeAtBothSizes(page, 'album page in Spanish', () =>
      expect(page.getByRole('heading', { name: 'Canciones', level: 2 })).toBeVisible(),
    )),
  );
  expect(problems).toEqual([]);

  await page.goto('/settings');
  const choice = page.getByLabel('Idioma de liner');
  await expect(choice.locator('option[value="browser"]')).toHaveText('El idioma de este navegador (English)');
  await Promise.all([page.waitForEvent('load'), choice.selectOption('browser')]);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

type Language = 'de' | 'es';

/** A key page of the journeys, and a heading (or a tab) whose words show it came in the language. */
interface KeyPage {
  path: (name: string) => string;
  heading: Record<Language, string>;
  role?: 'heading' | 'tab';
}

const SIGNED_OUT_PAGES: KeyPage[] = [
  { path: () => '/charts', heading: { de: 'Charts', es: 'Listas de éxitos' } },
  { path: () => '/music', heading: { de: 'Musik entdecken', es: 'Descubre música' } },
  {
    path: () => '/search?q=blue',
    heading: { de: 'Suchergebnisse für „blue“', es: 'Resultados de búsqueda para «blue»' },
  },
  { path: () => '/artist/miles-davis', heading: { de: 'Top-Songs', es: 'Canciones destacadas' } },
  { path: () => '/login', heading: { de: 'Anmelden', es: 'Iniciar sesión' } },
];

const SIGNED_IN_PAGES: KeyPage[] = [
  { path: (name) => `/profile/${name}`, heading: { de: 'Notizen', es: 'Notas' }, role: 'tab' },
  { path: () => '/collection', heading: { de: 'Deine Sammlung', es: 'Tu colección' } },
  { path: () => '/lists', heading: { de: 'Deine Listen', es: 'Tus listas' } },
  { path: () => '/notifications', heading: { de: 'Benachrichtigungen', es: 'Notificaciones' } },
];

/** Opens each page in `language` and checks it with axe at both sizes; the problems found. */
async function checkKeyPages(page: import('@playwright/test').Page, language: Language, pages: KeyPage[], name = '') {
  const problems: string[] = [];
  for (const keyPage of pages) {
    const path = keyPage.path(name);
    await page.setViewportSize(SIZES[0]);
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const heading = page.getByRole(keyPage.role ?? 'heading', { name: keyPage.heading[language], exact: true }).first();
    problems.push(...(await axeAtBothSizes(page, `${path} in ${language}`, () => expect(heading).toBeVisible())));
  }
  return problems;
}

// Each language's key pages at both sizes; the four journeys share nothing, so both workers take them.
test.describe('key pages in each language', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const [language, locale] of [
    ['de', 'de-DE'],
    ['es', 'es-ES'],
  ] as const) {
    test.describe(language, () => {
      test.use({ locale });

      test(`signed out, the key pages are in ${language} and pass axe at both sizes`, async ({ page }) => {
        test.setTimeout(90_000);
        expect(await checkKeyPages(page, language, SIGNED_OUT_PAGES)).toEqual([]);
      });

      test(`signed in, the key pages are in ${language} and pass axe at both sizes`, async ({ page }) => {
        test.setTimeout(90_000);
        const account = newAccount(`keys_${language}`);
        await signUpWithProfileViaApi(page, account, 'Ich höre alles. Escucho de todo.');
        expect(await checkKeyPages(page, language, SIGNED_IN_PAGES, account.name)).toEqual([]);
      });
    });
  }
});
