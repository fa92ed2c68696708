import type { DiaryEntry, DiarySong } from '@liner/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-double.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ProfileDiary } from './profile-diary.tsx';

const songs = (...names: string[]): DiarySong[] => names.map((name, i) => ({ id: `t${i + 1}`, name, position: i + 1 }));

const entry = (id: string, listenedOn: string, heard: DiarySong[]): DiaryEntry => ({
  id,
  userId: 'u1',
  albumId: 'ok',
  listenedOn,
  relisten: false,
  createdAt: `${listenedOn}T10:00:00.000Z`,
  album: {
    id: 'ok',
    name: 'OK Computer',
    artistName: 'Radiohead',
    artistId: 'radiohead',
    imageUrl: '/api/music/covers/ok.svg',
    releaseDate: '1997-05-21',
    genre: null,
    listeners: { count: 0, average: null },
  },
  rating: null,
  songs: heard,
});

function diaryOf(entries: DiaryEntry[]) {
  stubFetch(({ method, path }) =>
    method === 'GET' && path === '/api/users/u1/diary' ? jsonResponse({ entries, nextCursor: null }) : undefined,
  );
  renderWithProviders(<ProfileDiary userId="u1" isOwner={false} />);
}

describe('ProfileDiary: the songs heard', () => {
  it('names up to three songs on the row, and none when the listen names none', async () => {
    diaryOf([entry('l1', '2026-11-02', songs('Airbag', 'Lucky')), entry('l2', '2026-11-01', [])]);
    const rows = await screen.findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Songs heard: Airbag · Lucky');
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(rows[1]).not.toHaveTextContent('Songs heard');
  });

  it('folds more than three behind a button that says how many, and unfolds them', async () => {
    const heard = songs('Airbag', 'Paranoid Android', 'Subterranean Homesick Alien', 'Exit Music', 'Let Down');
    diaryOf([entry('l1', '2026-11-02', heard)]);
    const more = await screen.findByRole('button', { name: '+2 more songs of OK Computer (5 in all)' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    const names = document.getElementById(more.getAttribute('aria-controls') ?? '');
    expect(names).toHaveTextContent(/^Airbag · Paranoid Android · Subterranean Homesick Alien$/);
    await userEvent.click(more);
    expect(screen.getByRole('button', { name: 'Show fewer songs of OK Computer' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(names).toHaveTextContent(
      /^Airbag · Paranoid Android · Subterranean Homesick Alien · Exit Music · Let Down$/,
    );
  });
});
