import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';

type Active = { active: string | null; setActive: (id: string) => void };

const ActiveSection = createContext<Active>({ active: null, setActive: () => {} });

/** Holds which settings card was used last, so an older card's success message can step aside. */
export function SettingsSections({ children }: { children: ReactNode }) {
  const [active, setActive] = useState<string | null>(null);
  return <ActiveSection.Provider value={{ active, setActive }}>{children}</ActiveSection.Provider>;
}

/**
 * A settings card's part in that: the returned handlers mark it used on any focus or press inside
 * it, and `onLeave` runs when another card is used (cards pass their mutation's `reset`, so "Your
 * password has been changed." does not linger beside the e-mail card being filled in).
 */
export function useSettingsSection(id: string, onLeave: () => void) {
  const { active, setActive } = useContext(ActiveSection);
  const leave = useRef(onLeave);
  leave.current = onLeave;
  useEffect(() => {
    if (active !== null && active !== id) leave.current();
  }, [active, id]);
  const use = () => setActive(id);
  return { onFocusCapture: use, onPointerDownCapture: use };
}
