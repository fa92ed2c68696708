import { todayUtc } from '@liner/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ReviewModal } from './review-modal.tsx';

function open() {
  const onConfirm = vi.fn();
  renderWithProviders(
    <ReviewModal
      albumName="Kind of Blue"
      albumRating={4}
      busy={false}
      error={null}
      onConfirm={onConfirm}
      onSkip={() => {}}
    />,
  );
  return onConfirm;
}

describe("the review dialog's 'Log a listen'", () => {
  it('sends no listen unless ticked', async () => {
    const onConfirm = open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Review' }), 'So good');
    expect(screen.queryByLabelText('Listened on')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Review & Add to Collection' }));
    expect(onConfirm).toHaveBeenCalledWith('So good', undefined);
  });

  it('sends a listen of today when ticked, or of the day and flag chosen', async () => {
    const onConfirm = open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Review' }), 'Again');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Log a listen' }));
    expect(screen.getByLabelText('Listened on')).toHaveValue(todayUtc());
    await userEvent.click(screen.getByRole('checkbox', { name: 'Relisten' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Review & Add to Collection' }));
    expect(onConfirm).toHaveBeenCalledWith('Again', undefined, { listenedOn: todayUtc(), relisten: true });
  });

  it('refuses a day before 1900 without confirming', async () => {
    const onConfirm = open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Review' }), 'Old');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Log a listen' }));
    const day = screen.getByLabelText('Listened on');
    await userEvent.clear(day);
    await userEvent.type(day, '1899-12-31');
    await userEvent.click(screen.getByRole('button', { name: 'Create Review & Add to Collection' }));
    expect(await screen.findByText('A listen cannot be before 1900')).toBeVisible();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe("the review dialog's limit", () => {
  it('disables the submit over 2,000 characters and enables it at 2,000', async () => {
    open();
    const review = await screen.findByRole('textbox', { name: 'Review' });
    const submit = screen.getByRole('button', { name: 'Create Review & Add to Collection' });
    await userEvent.click(review);
    await userEvent.paste('a'.repeat(2001));
    expect(screen.getByText('2001/2000 characters')).toBeVisible();
    expect(submit).toBeDisabled();
    await userEvent.type(review, '{Backspace}');
    expect(screen.getByText('2000/2000 characters')).toBeVisible();
    expect(submit).toBeEnabled();
  });
});
