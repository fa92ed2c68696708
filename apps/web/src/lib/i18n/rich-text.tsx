import { Fragment, type ReactNode } from 'react';

/** What goes where a message marks `<0>…</0>`: given the words the translation put inside. */
export type RichPart = (words: string) => ReactNode;

const TAG = /<(\d+)>(.*?)<\/\1>/gs;

/**
 * A translated sentence with elements inside it, such as links: the message marks each one with a
 * numbered tag (`<0>Discover music</0> or go back <1>home</1>.`), so the sentence stays one message
 * a translator can reorder, and `parts[n]` makes the element for tag n from the words inside.
 * Anything else in the message stays text; a tag with no part keeps its words as plain text.
 */
export function richText(message: string, parts: readonly RichPart[]): ReactNode {
  const nodes: ReactNode[] = [];
  let at = 0;
  for (const match of message.matchAll(TAG)) {
    const [whole, index = '', words = ''] = match;
    if (match.index > at) nodes.push(message.slice(at, match.index));
    const part = parts[Number(index)];
    nodes.push(<Fragment key={`${index}:${match.index}`}>{part ? part(words) : words}</Fragment>);
    at = match.index + whole.length;
  }
  if (at < message.length) nodes.push(message.slice(at));
  return nodes;
}
