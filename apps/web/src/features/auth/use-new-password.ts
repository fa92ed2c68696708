import { useState } from 'react';
import { newPasswordProblem } from './auth-errors.ts';

/** A new password typed twice (NewPasswordFields). */
export interface NewPassword {
  password: string;
  confirm: string;
}

const EMPTY: NewPassword = { password: '', confirm: '' };

/**
 * The state of a new password typed twice, and what was wrong with it when the form was last sent:
 * `check()` records that (null when nothing) and returns it, so the form can stop there; a form
 * with more rules (sign-up also checks the name) passes in the first problem it found itself.
 */
export function useNewPassword() {
  const [value, setValue] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  return {
    value,
    onChange: setValue,
    problem,
    check: (found = newPasswordProblem(value.password, value.confirm)) => {
      setProblem(found);
      return found;
    },
    clear: () => setValue(EMPTY),
  };
}
