import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { YourDataCard } from './your-data-card.tsx';

describe('YourDataCard', () => {
  it('offers the JSON export and the CSV zip as downloads, and the import page, each with what it holds', () => {
    render(
      <MemoryRouter>
        <YourDataCard />
      </MemoryRouter>,
    );
    const card = screen.getByRole('region', { name: 'Your data' });
    const json = screen.getByRole('link', { name: 'Download my data' });
    expect(card).toContainElement(json);
    expect(json).toHaveAttribute('href', '/api/users/me/export');
    expect(json).toHaveAttribute('download');
    expect(json).toHaveAccessibleDescription(/as one JSON file/);

    const zip = screen.getByRole('link', { name: 'Download CSV files (zip)' });
    expect(card).toContainElement(zip);
    expect(zip).toHaveAttribute('href', '/api/users/me/export.zip');
    expect(zip).toHaveAttribute('download');
    expect(zip).toHaveAccessibleDescription(/ratings, reviews, collection, rate later, diary and lists as CSV files/);
    expect(zip).toHaveAccessibleDescription(/rym-ratings\.csv is in RateYourMusic's export format/);

    const importLink = screen.getByRole('link', { name: 'Import from RateYourMusic, ListenBrainz or Last.fm' });
    expect(card).toContainElement(importLink);
    expect(importLink).toHaveAttribute('href', '/import');
    expect(importLink).toHaveAccessibleDescription(/ratings, reviews and wishlist from RateYourMusic/);
  });
});
