import type { ListVisibility } from '@liner/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { VisibilityPicker } from './visibility-picker.tsx';

function ListPicker({ start }: { start: ListVisibility }) {
  const [value, setValue] = useState(start);
  return <VisibilityPicker kind="list" value={value} onChange={setValue} />;
}

describe('VisibilityPicker', () => {
  it('offers the three audiences for a review or note', () => {
    render(<VisibilityPicker kind="item" value="public" onChange={() => {}} />);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Public', 'Followers only', 'Only me']);
  });

  it('offers unlisted too for a list, and says what the choice means', async () => {
    render(<ListPicker start="public" />);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Public',
      'Unlisted (anyone with the link)',
      'Followers only',
      'Only me',
    ]);
    const picker = screen.getByRole('combobox', { name: 'Who can see this' });
    expect(picker).toHaveAccessibleDescription('Anyone who can see your profile; shown on it and in lists');
    await userEvent.selectOptions(picker, 'Unlisted (anyone with the link)');
    expect(picker).toHaveAccessibleDescription(
      'Not shown on your profile or in lists; anyone with the address can open it',
    );
  });
});
