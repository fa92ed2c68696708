import { t } from '@lingui/core/macro';
import './layout.css';

/** The id of the page's main landmark, the skip link's target. */
export const MAIN_ID = 'main';

/**
 * "Skip to content", the first Tab stop of every page: hidden until focused, it moves
 * focus to the main landmark without changing the address (a `#main` hash would be a navigation).
 */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
    >
      {t`Skip to content`}
    </a>
  );
}
