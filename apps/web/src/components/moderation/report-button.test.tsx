import { ALREADY_REPORTED } from '@liner/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../testing/render.tsx';
import { ReportButton } from './report-button.tsx';

// jsdom has no PointerEvent; Base UI's radio makes one when its row is clicked.
if (!('PointerEvent' in window)) Object.assign(window, { PointerEvent: MouseEvent });

let sent: unknown[];
let refuse: boolean;

beforeEach(() => {
  sent = [];
  refuse = false;
  stubFetch(({ method, path, body }) => {
    if (path !== '/api/reports' || method !== 'POST') return undefined;
    if (refuse) return json({ error: { code: 'CONFLICT', message: ALREADY_REPORTED } }, 409);
    sent.push(body);
    return json({ id: 'r1', subjectType: 'comment', subjectId: 'c1', createdAt: '2026-11-27T10:00:00.000Z' }, 201);
  });
});

const member = makeUser({ id: 'u2', name: 'bo' });

async function openDialog() {
  renderWithProviders(<ReportButton subjectType="comment" subjectId="c1" what="the comment by ana" />, {
    user: member,
  });
  await userEvent.click(screen.getByRole('button', { name: 'Report the comment by ana' }));
  return screen.findByRole('dialog', { name: 'Report the comment by ana' });
}

describe('ReportButton', () => {
  it('needs a reason, counts the words, sends the report and says so', async () => {
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Report reason is required');
    expect(sent).toEqual([]);

    const reasons = within(dialog).getByRole('radiogroup', { name: 'Reason' });
    expect(within(reasons).getAllByRole('radio')).toHaveLength(5);
    await userEvent.click(within(reasons).getByRole('radio', { name: 'Hateful content' }));
    await userEvent.type(within(dialog).getByLabelText(/Anything else/), 'Slurs in it');
    expect(within(dialog).getByText('11/1000')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText(/Report sent/)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Report the comment by ana' })).not.toBeInTheDocument(),
    );
    expect(sent).toEqual([{ subjectType: 'comment', subjectId: 'c1', reason: 'hate', text: 'Slurs in it' }]);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    refuse = true;
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(ALREADY_REPORTED)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Report the comment by ana' })).toBeInTheDocument();
  });
});
