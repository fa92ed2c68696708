import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { ErrorScreen } from './error-screen.tsx';

it('shows the heading, the three suggestions and a Reload Page button', () => {
  render(<ErrorScreen />);
  expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  expect(screen.getByText(/Refreshing the page/)).toBeInTheDocument();
  expect(screen.getByText(/internet connection/)).toBeInTheDocument();
  expect(screen.getByText(/Logging out and logging back in/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
});
