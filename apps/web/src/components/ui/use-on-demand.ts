import { useCallback, useEffect, useRef, useState } from 'react';

export interface OnDemand<T> {
  /** The module, once loaded. */
  current: T | undefined;
  load: () => Promise<T>;
}

/** A module fetched once, the first time someone asks for it (a dynamic `import()`). */
export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let pending: Promise<T> | undefined;
  const loader: OnDemand<T> = {
    current: undefined,
    load: () => {
      pending ??= importer().then((value) => {
        loader.current = value;
        return value;
      });
      return pending;
    },
  };
  return loader;
}

/**
 * A component's code loaded the first time someone shows they are about to use it (pointer over,
 * focus, touch, a key press), so that the home route's first JavaScript stays small (ADR 22). Until
 * it arrives a look-alike made of plain elements stands in; `request()` starts the load and
 * resolves with the module once this component has re-rendered with it.
 */
export function useOnDemand<T>(loader: OnDemand<T>): { module: T | undefined; request: () => Promise<T> } {
  const [module, setModule] = useState(loader.current);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const request = useCallback(async () => {
    const value = await loader.load();
    if (mounted.current) setModule(() => value);
    return value;
  }, [loader]);
  return { module, request };
}
