import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubAuthServer } from '../../../testing/auth-server.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ChangePasswordCard } from './change-password-card.tsx';

async function change(current: string, next: string, confirm = next) {
  await userEvent.type(screen.getByLabelText('Current password'), current);
  await userEvent.type(screen.getByLabelText('New password'), next);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordCard', () => {
  it('refuses a confirmation that does not match without asking the server', async () => {
    const calls = stubAuthServer({});
    renderWithProviders(<ChangePasswordCard />);
    await change('vinyl-forever', 'new-vinyl-forever', 'new-vinyl-forevr');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(calls).toEqual([]);
  });

  it("says a wrong current password in the spec's words, then confirms a change that worked", async () => {
    const calls = stubAuthServer({
      '/change-password': [
        { status: 400, body: { code: 'INVALID_PASSWORD', message: 'Invalid password' } },
        { status: 200, body: { token: null } },
      ],
    });
    renderWithProviders(<ChangePasswordCard />);
    await change('not-my-password', 'new-vinyl-forever');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is not right');
    expect(screen.queryByRole('status')).toBeNull();

    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'vinyl-forever');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(calls.map((call) => call.body)).toEqual([
      { currentPassword: 'not-my-password', newPassword: 'new-vinyl-forever' },
      { currentPassword: 'vinyl-forever', newPassword: 'new-vinyl-forever' },
    ]);
  });
});
