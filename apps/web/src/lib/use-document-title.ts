import { PRODUCT_NAME } from '@liner/shared';
import { useEffect } from 'react';

/** Every page's title ends in the product name (spec §2). */
export function formatTitle(page?: string): string {
  return page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = formatTitle(page);
  }, [page]);
}
