import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-double.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { YourDataCard } from './your-data-card.tsx';

describe('YourDataCard', () => {
  let saved: { name: string; size: number }[];

  beforeEach(() => {
    saved = [];
    // What the browser would save: the name the link gives and the file behind it.
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, size: 0 });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('offers the JSON export and the CSV zip, each with what it holds, and the import page', () => {
    stubFetch(() => jsonResponse({}));
    renderWithProviders(<YourDataCard />);
    const card = screen.getByRole('region', { name: 'Your data' });
    const json = within(card).getByRole('button', { name: 'Download my data' });
    expect(json).toHaveAccessibleDescription(/as one JSON file/);
    const zip = within(card).getByRole('button', { name: 'Download CSV files (zip)' });
    expect(zip).toHaveAccessibleDescription(/ratings, reviews, collection, rate later, diary and lists as CSV files/);
    expect(zip).toHaveAccessibleDescription(/rym-ratings\.csv is in RateYourMusic's export format/);
    const importLink = within(card).getByRole('link', { name: 'Import from RateYourMusic, ListenBrainz or Last.fm' });
    expect(importLink).toHaveAttribute('href', '/import');
    expect(importLink).toHaveAccessibleDescription(/ratings, reviews and wishlist from RateYourMusic/);
  });

  it('says the file is being prepared, then saves it under the name the server gives', async () => {
    let answer: (response: Response) => void = () => {};
    const calls = stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderWithProviders(<YourDataCard />);
    const zip = screen.getByRole('button', { name: 'Download CSV files (zip)' });
    await userEvent.click(zip);
    expect(await screen.findByText('Preparing your file…')).toBeVisible();
    expect(zip).toHaveAttribute('aria-disabled', 'true');
    // A second press while it is prepared asks nothing more.
    await userEvent.click(zip);
    expect(calls.filter((call) => call.url.endsWith('/api/users/me/export.zip'))).toHaveLength(1);
    answer(
      new Response(new Uint8Array([80, 75, 5, 6]), {
        headers: { 'content-disposition': 'attachment; filename="liner-export-2026-11-27.zip"' },
      }),
    );
    await waitFor(() => expect(saved).toEqual([{ name: 'liner-export-2026-11-27.zip', size: 0 }]));
    await waitFor(() => expect(screen.queryByText('Preparing your file…')).toBeNull());
    expect(zip).toHaveAttribute('aria-disabled', 'false');
  });

  it("shows the server's reason when an export is refused, and saves nothing", async () => {
    stubFetch(() =>
      jsonResponse({ error: { code: 'RATE_LIMITED', message: 'Too many exports. Try again in 42 minutes.' } }, 429),
    );
    renderWithProviders(<YourDataCard />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many exports. Try again in 42 minutes.');
    expect(saved).toEqual([]);
  });
});
