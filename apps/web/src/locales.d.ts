/** A PO catalogue, compiled by the Lingui Vite plugin into its messages. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
