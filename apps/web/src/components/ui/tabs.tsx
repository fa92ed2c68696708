import { Tabs as BaseTabs } from '@base-ui/react/tabs';
import { type ReactNode, useEffect, useRef } from 'react';
import './tabs.css';

/** Room left beside a tab brought into view, so the next one shows there is more. */
const SCROLL_MARGIN = 24;

/**
 * A row that scrolls sideways (a phone) brings its chosen tab into view, when the page opens on it
 * (`?tab=`) or the keyboard moves to it; only the row scrolls, never the page.
 */
function useChosenTabInView(value: string) {
  const list = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the chosen tab changes; the row's DOM says which it is once rendered
  useEffect(() => {
    const row = list.current;
    const chosen = row?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!row || !chosen || row.scrollWidth <= row.clientWidth) return;
    const rowBox = row.getBoundingClientRect();
    const tabBox = chosen.getBoundingClientRect();
    if (tabBox.left < rowBox.left) row.scrollLeft -= rowBox.left - tabBox.left + SCROLL_MARGIN;
    else if (tabBox.right > rowBox.right) row.scrollLeft += tabBox.right - rowBox.right + SCROLL_MARGIN;
  }, [value]);
  return list;
}

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  /** Shown, announced as unavailable (aria-disabled), and skipped when choosing. */
  disabled?: boolean;
}

/**
 * A row of tabs on Base UI's Tabs (ADR 22): one Tab stop, arrow keys move between the tabs and
 * Enter or Space chooses one. The row scrolls sideways on its own when it does not fit (a phone),
 * so the page never does.
 */
export function TabRow<T extends string>({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const list = useChosenTabInView(value);
  return (
    <BaseTabs.Root value={value} onValueChange={(next) => onChange(next as T)}>
      <BaseTabs.List ref={list} className="tabs" aria-label={label}>
        {tabs.map((tab) => (
          <BaseTabs.Tab key={tab.value} value={tab.value} disabled={tab.disabled}>
            {tab.label}
          </BaseTabs.Tab>
        ))}
      </BaseTabs.List>
    </BaseTabs.Root>
  );
}

export interface TabSection<T extends string> {
  value: T;
  label: ReactNode;
  /** Rendered only while its tab is chosen, so a section fetches nothing until it is opened. */
  content: ReactNode;
}

/**
 * Tabs that each show a section of the page (Base UI's Tabs with Panels): the chosen tab's panel
 * is labelled by its tab; `value` is the caller's, so it can live in the address.
 */
export function TabSections<T extends string>({
  label,
  sections,
  value,
  onChange,
}: {
  label: string;
  sections: TabSection<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const list = useChosenTabInView(value);
  return (
    <BaseTabs.Root value={value} onValueChange={(next) => onChange(next as T)}>
      <BaseTabs.List ref={list} className="tabs" aria-label={label}>
        {sections.map((section) => (
          <BaseTabs.Tab key={section.value} value={section.value}>
            {section.label}
          </BaseTabs.Tab>
        ))}
      </BaseTabs.List>
      {sections.map((section) => (
        <BaseTabs.Panel key={section.value} value={section.value} className="tabs__panel">
          {section.content}
        </BaseTabs.Panel>
      ))}
    </BaseTabs.Root>
  );
}
