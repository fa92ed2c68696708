import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Modal } from './modal.tsx';

function WithModal() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal title="Create New Note" onClose={() => setOpen(false)}>
          <input aria-label="Title" />
          <button type="button">Save</button>
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  it('takes the focus in, keeps Tab inside, and gives it back to the opener on Escape', async () => {
    renderWithProviders(<WithModal />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Create New Note' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    for (let i = 0; i < 5; i++) {
      await userEvent.tab();
      // Past the last control, a focus guard sends focus back to the first.
      await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    }
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('closes with its close button, focus back on the opener', async () => {
    renderWithProviders(<WithModal />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

/** A button that opens a confirmation, as the members list does. */
function WithConfirm() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Suspend bea
      </button>
      {open && (
        <ConfirmDialog
          title="Suspend bea?"
          message="bea will be signed out."
          confirmLabel="Suspend"
          onConfirm={() => setOpen(false)}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}

describe('ConfirmDialog', () => {
  it('is an alertdialog that starts on Cancel and cancels on Escape', async () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    renderWithProviders(
      <ConfirmDialog
        title="Delete playlist?"
        message="It leaves the home page."
        confirmLabel="Delete"
        danger
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete playlist?' });
    expect(dialog).toHaveAccessibleDescription('It leaves the home page.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('gives the focus back to the button that opened it', async () => {
    renderWithProviders(<WithConfirm />);
    const opener = screen.getByRole('button', { name: 'Suspend bea' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
