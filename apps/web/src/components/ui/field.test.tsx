import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Field, TextAreaField } from './field.tsx';

function Bio({ hideLabel = false }: { hideLabel?: boolean }) {
  const [bio, setBio] = useState('');
  return (
    <TextAreaField
      label="Bio"
      hideLabel={hideLabel}
      value={bio}
      onChange={(e) => setBio(e.target.value)}
      counter={{ max: 500, unit: 'characters' }}
    />
  );
}

describe('Field and TextAreaField', () => {
  it('count as the server does: an emoji is one character, not two UTF-16 units', async () => {
    render(<Bio />);
    expect(screen.getByText('0/500 characters')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Bio'), 'jazz 🎷');
    expect(screen.getByText('6/500 characters')).toBeInTheDocument();
  });

  it('mark a count past the limit, for a field that does not stop there', () => {
    const { rerender } = render(
      <TextAreaField
        label="Review"
        value={'x'.repeat(2000)}
        onChange={() => {}}
        counter={{ max: 2000, unit: 'characters' }}
      />,
    );
    expect(screen.getByText('2000/2000 characters')).not.toHaveClass('field__hint--over');
    rerender(
      <TextAreaField
        label="Review"
        value={'x'.repeat(2001)}
        onChange={() => {}}
        counter={{ max: 2000, unit: 'characters' }}
      />,
    );
    expect(screen.getByText('2001/2000 characters')).toHaveClass('field__hint--over');
  });

  it('keep a hidden label as the accessible name', () => {
    render(<Bio hideLabel />);
    expect(screen.getByRole('textbox', { name: 'Bio' })).toBeInTheDocument();
    expect(screen.getByText('Bio')).toHaveClass('visually-hidden');
  });

  it('show a hint when there is no counter, and a bare count when the counter has no unit', () => {
    render(
      <>
        <Field label="Display Name" value="ana" onChange={() => {}} hint="Your profile address" />
        <Field label="Title" value="Loveless" onChange={() => {}} counter={{ max: 100 }} />
      </>,
    );
    expect(screen.getByText('Your profile address')).toBeInTheDocument();
    expect(screen.getByText('8/100')).toBeInTheDocument();
  });
});
