import { t } from '@lingui/core/macro';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { onDemand, useOnDemand } from '../../../components/ui/use-on-demand.ts';
import { paths } from '../../../lib/paths.ts';
import './header-search.css';
import '../../../components/layouts/top-bar.css';

// The combobox is Base UI (ADR 22); its code arrives when someone points at or focuses the box.
const comboboxCode = onDemand(() => import('./header-search-combobox.tsx'));

/**
 * The top bar's search box (spec §2, §4): submitting goes to /search?q=…; typing 2+ characters
 * opens a dropdown of up to 3 users and 3 albums after a 300 ms pause. Until the combobox's code has
 * arrived a plain search box stands in (and already submits); the term typed so far carries over,
 * and so does the focus.
 */
export function HeaderSearch({ onDone }: { onDone?: () => void }) {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const { module, request } = useOnDemand(comboboxCode);
  const focused = useRef(false);
  const load = () => void request();
  return (
    <form
      className="top-bar__search header-search"
      aria-label={t`Site search`}
      onPointerEnter={load}
      onSubmit={(event) => {
        event.preventDefault();
        const q = term.trim();
        if (!q) return;
        navigate(paths.search(q));
        onDone?.();
      }}
    >
      {module ? (
        <module.HeaderSearchCombobox term={term} onTermChange={setTerm} onDone={onDone} autoFocus={focused.current} />
      ) : (
        <input
          className="input"
          type="search"
          placeholder={t`Search albums and people`}
          aria-label={t`Search`}
          // The same role as the combobox that replaces it, so the box is one thing to assistive tech.
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="list"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          onFocus={() => {
            focused.current = true;
            load();
          }}
          onBlur={() => {
            focused.current = false;
          }}
        />
      )}
    </form>
  );
}
