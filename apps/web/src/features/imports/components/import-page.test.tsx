import {
  type AlbumSummary,
  IMPORT_MAX_BYTES,
  IMPORT_NOT_FOUND,
  IMPORT_TOO_LARGE,
  IMPORT_WRONG_FORMAT,
  type ImportJob,
  type ImportRow,
} from '@liner/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { ImportPage } from './import-page.tsx';

// jsdom has no PointerEvent; Base UI's radio makes one when its row is clicked.
if (!('PointerEvent' in window)) Object.assign(window, { PointerEvent: MouseEvent });

const job = (overrides: Partial<ImportJob> = {}): ImportJob => ({
  id: 'j1',
  source: 'rym',
  fileName: 'ratings.csv',
  status: 'done',
  totalRows: 300,
  doneRows: 300,
  matched: 280,
  unmatched: 12,
  skipped: 0,
  errors: 8,
  listens: 0,
  listenAlbums: 0,
  message: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  finishedAt: '2026-11-20T10:02:00.000Z',
  ...overrides,
});

const album = (id: string, name: string, artistName: string, releaseDate: string | null): AlbumSummary => ({
  id,
  name,
  artistName,
  artistId: `artist-${id}`,
  imageUrl: `/covers/${id}.svg`,
  releaseDate,
  genre: null,
  listeners: { average: null, count: 0 },
});

const okComputer = album('a1', 'OK Computer', 'Radiohead', '1997-05-21');

const row = (rowNumber: number, overrides: Partial<ImportRow> = {}): ImportRow => ({
  rowNumber,
  line: rowNumber + 1,
  status: 'unmatched',
  artist: 'Radiohead',
  title: 'OK Computer (Collector’s Edition)',
  year: 1997,
  summary: 'Rated 4.5 stars, with a review',
  message: 'No album with this title by this artist',
  album: null,
  candidates: [okComputer],
  ...overrides,
});

/** A stand-in for /api/imports: a list of jobs, each answered in turn by its queue of states (the last repeats). */
let jobs: ImportJob[];
let states: Record<string, ImportJob[]>;
let unmatched: ImportRow[];
let upload: (call: FetchCall) => Response | Promise<Response>;
let calls: FetchCall[];

beforeEach(() => {
  jobs = [];
  states = {};
  unmatched = [];
  upload = () => json(job({ status: 'queued', totalRows: 0, doneRows: 0, matched: 0, unmatched: 0, errors: 0 }), 201);
  calls = stubFetch((call) => {
    const { method, path, url } = call;
    if (method === 'GET' && path === '/api/imports') return json(jobs);
    if (method === 'POST' && path === '/api/imports') return upload(call);
    const one = path.match(/^\/api\/imports\/([^/]+)$/);
    if (method === 'GET' && one?.[1]) {
      const queue = states[one[1]];
      if (!queue?.length) return json({ error: { code: 'NOT_FOUND', message: IMPORT_NOT_FOUND } }, 404);
      return json(queue.length > 1 ? queue.shift() : queue[0]);
    }
    if (method === 'GET' && url === '/api/imports/j1/rows?status=unmatched') {
      return json({ rows: unmatched, nextCursor: null });
    }
    const action = path.match(/^\/api\/imports\/j1\/rows\/(\d+)\/(resolve|skip)$/);
    if (method === 'POST' && action) {
      const settled = unmatched.find((r) => r.rowNumber === Number(action[1])) as ImportRow;
      unmatched = unmatched.filter((r) => r !== settled);
      const current = states.j1?.[0] as ImportJob;
      const resolved = action[2] === 'resolve';
      states.j1 = [
        {
          ...current,
          unmatched: current.unmatched - 1,
          matched: current.matched + (resolved ? 1 : 0),
          skipped: current.skipped + (resolved ? 0 : 1),
        },
      ];
      return json(
        resolved
          ? { ...settled, status: 'imported', album: okComputer, candidates: [] }
          : { ...settled, status: 'skipped', candidates: [] },
      );
    }
    return undefined;
  });
});

afterEach(() => {
  vi.useRealTimers();
});

const renderPage = () =>
  renderWithProviders(<ImportPage userId="u1" />, { user: makeUser({ id: 'u1' }), path: '/import' });

const requests = (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);

describe('ImportPage: starting an import', () => {
  it('uploads the chosen source before the file, shows Uploading… meanwhile, then the new import', async () => {
    let answer: (response: Response) => void = () => {};
    upload = () => new Promise((resolve) => (answer = resolve));
    states.j1 = [job({ status: 'running', totalRows: 300, doneRows: 10, matched: 10, unmatched: 0, errors: 0 })];
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Import your history', level: 1 })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'RateYourMusic' }));
    const file = new File(['RYM Album, First Name,Last Name\n'], 'ratings.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('File'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));

    const busy = await screen.findByRole('button', { name: 'Uploading…' });
    expect(busy).toBeDisabled();
    const [sent] = requests('POST', '/api/imports');
    const form = sent?.body as FormData;
    expect([...form.keys()]).toEqual(['source', 'file']);
    expect(form.get('source')).toBe('rym');
    expect((form.get('file') as File).name).toBe('ratings.csv');

    act(() =>
      answer(json(job({ status: 'queued', totalRows: 0, doneRows: 0, matched: 0, unmatched: 0, errors: 0 }), 201)),
    );
    const heading = await screen.findByRole('heading', { name: 'RateYourMusic: ratings.csv' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's message when the file is not the chosen service's export", async () => {
    upload = () => json({ error: { code: 'BAD_REQUEST', message: IMPORT_WRONG_FORMAT.lastfm } }, 400);
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: 'Last.fm' }));
    // A RateYourMusic export, taken for a Last.fm one.
    const file = new File(['RYM Album, First Name,Last Name\n'], 'ratings.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('File'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_WRONG_FORMAT.lastfm);
    expect(requests('POST', '/api/imports')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: /ratings\.csv/ })).toBeNull();
  });

  it('refuses a file over 20 MB without uploading it', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: 'ListenBrainz' }));
    const big = new File(['x'], 'listenbrainz.zip', { type: 'application/zip' });
    Object.defineProperty(big, 'size', { value: IMPORT_MAX_BYTES + 1 });
    await userEvent.upload(screen.getByLabelText('File'), big);
    expect(screen.getByRole('alert')).toHaveTextContent(IMPORT_TOO_LARGE);
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert')).toHaveTextContent(IMPORT_TOO_LARGE);
    expect(requests('POST', '/api/imports')).toEqual([]);
  });
});

describe('ImportPage: progress', () => {
  it('shows the counts as they move, announces the end, and stops asking once done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const running = job({ status: 'running', doneRows: 100, matched: 90, unmatched: 4, errors: 6, finishedAt: null });
    jobs = [running];
    states.j1 = [
      { ...running, doneRows: 200, matched: 185, unmatched: 8, errors: 7 },
      job({ matched: 280, unmatched: 12, errors: 8 }),
    ];
    renderPage();
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('value', '100');
    expect(bar).toHaveAttribute('max', '300');
    expect(screen.getByText('100 of 300 rows read · 90 matched · 4 to resolve · 0 skipped · 6 errors')).toBeVisible();

    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(
      await screen.findByText('200 of 300 rows read · 185 matched · 8 to resolve · 0 skipped · 7 errors'),
    ).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('value', '200');

    await act(() => vi.advanceTimersByTimeAsync(1_500));
    const progress = screen.getByRole('region', { name: 'RateYourMusic: ratings.csv' });
    await waitFor(() =>
      expect(within(progress).getByRole('status')).toHaveTextContent(
        'Import finished: 280 matched, 12 to resolve, 8 errors',
      ),
    );
    expect(screen.getByText('300 of 300 rows read · 280 matched · 12 to resolve · 0 skipped · 8 errors')).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
    // The rows to resolve come once every row is read.
    expect(await screen.findByRole('heading', { name: 'Rows to resolve' })).toBeInTheDocument();

    const asked = requests('GET', '/api/imports/j1').length;
    expect(asked).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(requests('GET', '/api/imports/j1')).toHaveLength(asked);
  });

  it('counts a listening history in listens and albums, in the import and the list of past ones', async () => {
    const history = job({
      source: 'lastfm',
      fileName: 'scrobbles.csv',
      listens: 296,
      listenAlbums: 32,
      totalRows: 40,
      doneRows: 40,
      matched: 30,
      unmatched: 2,
      errors: 8,
    });
    jobs = [history];
    states.j1 = [history];
    renderPage();
    expect(
      await screen.findByText(
        '296 listens in 32 albums · 40 of 40 rows read · 30 matched · 2 to resolve · 0 skipped · 8 errors',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: /Last\.fm: scrobbles\.csv/ })).toHaveTextContent(
      '296 listens in 32 albums',
    );
  });

  it('shows why a failed import stopped', async () => {
    jobs = [job({ status: 'failed', doneRows: 120, message: 'The import stopped: the database was not reachable' })];
    states.j1 = [...jobs];
    renderPage();
    expect(await screen.findByText('The import stopped: the database was not reachable')).toBeVisible();
    expect(screen.getByText('Failed')).toBeVisible();
  });

  it('shows a past import when it is chosen', async () => {
    jobs = [
      job({ id: 'j2', source: 'lastfm', fileName: 'scrobbles.csv', unmatched: 0, errors: 0 }),
      job({ id: 'j1', source: 'listenbrainz', fileName: 'listenbrainz.zip', unmatched: 0, errors: 0 }),
    ];
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Last.fm: scrobbles.csv' })).toBeInTheDocument();
    const past = screen.getByRole('region', { name: 'Past imports' });
    await userEvent.click(within(past).getByRole('button', { name: /ListenBrainz: listenbrainz\.zip/ }));
    const heading = await screen.findByRole('heading', { name: 'ListenBrainz: listenbrainz.zip' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('heading', { name: 'Last.fm: scrobbles.csv' })).toBeNull();
    expect(within(past).getByRole('button', { name: /ListenBrainz: listenbrainz\.zip/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });
});

describe('ImportPage: rows to resolve', () => {
  beforeEach(() => {
    jobs = [job({ unmatched: 2, errors: 0, matched: 298 })];
    states.j1 = [...jobs];
    unmatched = [
      row(1),
      row(2, {
        artist: 'Björk',
        title: 'Homogenic (Live)',
        year: null,
        summary: '3 listens on 2024-05-01',
        candidates: [],
      }),
    ];
  });

  const rowNamed = (name: string) => screen.getByRole('article', { name });

  it('resolves a row with a candidate: the row leaves, the counts follow, focus moves to the next row', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Rows to resolve' });
    const first = await screen.findByRole('article', { name: 'Radiohead — OK Computer (Collector’s Edition) (1997)' });
    expect(first).toHaveTextContent('Line 2: Rated 4.5 stars, with a review');
    expect(first).toHaveTextContent('No album with this title by this artist');
    expect(first.querySelector('img')).toHaveAttribute('src', '/covers/a1.svg');

    await userEvent.click(within(first).getByRole('button', { name: 'Use OK Computer by Radiohead (1997)' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: /Radiohead/ })).toBeNull());
    expect(requests('POST', '/api/imports/j1/rows/1/resolve').map((c) => c.body)).toEqual([{ albumId: 'a1' }]);
    expect(
      await screen.findByText('300 of 300 rows read · 299 matched · 1 to resolve · 0 skipped · 0 errors'),
    ).toBeVisible();
    const next = within(rowNamed('Björk — Homogenic (Live)')).getByRole('heading');
    await waitFor(() => expect(next).toHaveFocus());
    expect(
      screen.getByText('Radiohead — OK Computer (Collector’s Edition) (1997): imported as OK Computer by Radiohead'),
    ).toBeInTheDocument();
  });

  it('skips a row, and says so once none is left', async () => {
    unmatched = unmatched.slice(1);
    jobs = [job({ unmatched: 1, errors: 0, matched: 299 })];
    states.j1 = [...jobs];
    renderPage();
    const only = await screen.findByRole('article', { name: 'Björk — Homogenic (Live)' });
    expect(within(only).getByRole('button', { name: 'Search for the album' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    await userEvent.click(within(only).getByRole('button', { name: 'Skip Björk — Homogenic (Live)' }));

    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
    expect(requests('POST', '/api/imports/j1/rows/2/skip')).toHaveLength(1);
    expect(await screen.findByText('Every row is resolved or skipped.')).toBeVisible();
    expect(screen.getByText(/1 skipped/)).toBeVisible();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Rows to resolve' })).toHaveFocus());
  });
});
