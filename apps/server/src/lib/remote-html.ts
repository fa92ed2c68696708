import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';

/**
 * HTML from other servers (a bio, a post, a reply) is never trusted. It is either reduced to the
 * subset Mastodon itself renders (paragraphs, line breaks, links, emphasis, lists, quotes, code),
 * with links forced to http(s) and marked as not ours, or turned into plain text.
 */
const SAFE_SUBSET: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'a',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'del',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
  ],
  // rel and target are set by the transform below, whatever the remote HTML said.
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer ugc', target: '_blank' }),
  },
  // Script and style bodies go with their tags, not into the text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title'],
};

export function safeRemoteHtml(html: string): string {
  return sanitizeHtml(html, SAFE_SUBSET);
}

/** The text a reader sees, with paragraphs and line breaks kept as new lines. */
export function remoteHtmlToText(html: string): string {
  const marked = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p\s*>/gi, '\n\n');
  const stripped = sanitizeHtml(marked, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: SAFE_SUBSET.nonTextTags,
  });
  return decodeHTML(stripped)
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
