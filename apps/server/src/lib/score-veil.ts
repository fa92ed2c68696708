/**
 * Spoiler-free scores: what others think of an album, taken out of an answer for a member who has
 * not rated it yet. The scores are found by their shapes, wherever an answer holds them, so a new
 * route that shows an album card cannot forget them:
 * - a community score, `listeners` or an album's `community` (`{ …, average }`): the average goes,
 *   the count stays (how many people listened is not what they thought);
 * - an album's community answer (`albumId` with `histogram` and `ranks`): the averages, the
 *   histogram, the chart positions, and the ratings of the reviews shown with it;
 * - someone else's rating of it: a review's stars, a feed entry's album rating, the ratings of
 *   the people one follows (`albumId` with `ratings` and `total`).
 * The answer is copied before it changes: a service may hand the same object to everyone.
 */

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;
const idOf = (value: unknown): string | undefined =>
  isNode(value) && typeof value.id === 'string' ? value.id : undefined;
const hasAverage = (value: unknown): value is Node & { average: unknown } => isNode(value) && 'average' in value;

/** The album an object holding a community score is about: a song's or an entry's, else its own. */
function albumOf(node: Node): string | undefined {
  if (typeof node.albumId === 'string') return node.albumId;
  const song = node.song;
  if (isNode(song) && typeof song.albumId === 'string') return song.albumId;
  return idOf(node.album) ?? idOf(node);
}

const isCommunityAnswer = (node: Node) => typeof node.albumId === 'string' && 'histogram' in node && 'ranks' in node;
const isReview = (node: Node) => node.type === 'review' && typeof node.userId === 'string' && 'rating' in node;
const isFriendsRatings = (node: Node) =>
  typeof node.albumId === 'string' && Array.isArray(node.ratings) && 'total' in node;
const isFeedEntry = (node: Node) => isNode(node.actor) && isNode(node.album) && 'rating' in node.album;

/** Each place in `body` where an album's score lies, with how to take it out. */
function visitScores(body: unknown, viewerId: string, visit: (albumId: string | undefined, hide: () => void) => void) {
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (!isNode(value)) return;
    const node = value;
    if (isCommunityAnswer(node)) {
      visit(node.albumId as string, () => hideCommunityAnswer(node));
    } else if (isFriendsRatings(node)) {
      visit(node.albumId as string, () => {
        node.ratings = [];
        node.scoresHidden = true;
      });
    } else {
      const { listeners, community } = node;
      if (hasAverage(listeners)) visit(albumOf(node), () => (listeners.average = null));
      if (hasAverage(community)) visit(idOf(node), () => (community.average = null));
    }
    if (isReview(node) && node.userId !== viewerId) {
      visit(idOf(node.album), () => (node.rating = null));
    }
    if (isFeedEntry(node) && idOf(node.actor) !== viewerId) {
      const album = node.album as Node;
      visit(idOf(album), () => (album.rating = null));
    }
    for (const child of Object.values(node)) walk(child);
  };
  walk(body);
}

function hideCommunityAnswer(node: Node): void {
  const { album, listeners, tracks } = node;
  if (hasAverage(album)) album.average = null;
  if (hasAverage(listeners)) listeners.average = null;
  node.histogram = [];
  node.ranks = { year: null, genre: null };
  if (isNode(tracks)) for (const track of Object.values(tracks)) if (hasAverage(track)) track.average = null;
  node.scoresHidden = true;
}

/** The albums whose scores `body` holds; null when it holds none. */
export function scoredAlbums(body: unknown, viewerId: string): Set<string> | null {
  let found = false;
  const albums = new Set<string>();
  visitScores(body, viewerId, (albumId) => {
    found = true;
    if (albumId !== undefined) albums.add(albumId);
  });
  return found ? albums : null;
}

/**
 * `body` without the scores of albums not in `shown`. A score whose album cannot be told is taken
 * out too: an unknown shape must not leak.
 */
export function veilScores<T>(body: T, viewerId: string, shown: ReadonlySet<string>): T {
  const copy = structuredClone(body);
  visitScores(copy, viewerId, (albumId, hide) => {
    if (albumId === undefined || !shown.has(albumId)) hide();
  });
  return copy;
}
