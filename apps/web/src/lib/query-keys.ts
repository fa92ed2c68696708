/**
 * Everything whose answer depends on who is signed in lives under `['me', userId, …]` (userId null
 * for a visitor), so a cached answer can never be shown to someone else: the session provider drops
 * every `['me', …]` entry of any other user whenever the signed-in user changes.
 */
const mine = (userId: string | null) => ['me', userId] as const;

/** Every TanStack Query key comes from here, so invalidation never relies on scattered literals. */
export const queryKeys = {
  session: ['session'] as const,
  config: ['config'] as const,
  me: ['me'] as const,
  mine,
  myProfile: (userId: string) => [...mine(userId), 'profile'] as const,
  collection: (userId: string) => [...mine(userId), 'collection'] as const,
  rateLater: (userId: string) => [...mine(userId), 'rate-later'] as const,
  myAlbumRatings: (userId: string, albumId: string) => [...mine(userId), 'album-ratings', albumId] as const,
  /** Holds "am I following", so it belongs to the viewer as much as to the profile. */
  followState: (viewerId: string | null, userId: string) => [...mine(viewerId), 'follows', userId] as const,
  /** Admins only (401/403 for anyone else). */
  adminFeaturedPlaylists: (userId: string) => [...mine(userId), 'featured-playlists', 'admin'] as const,
  /** Who may join, and the invitations (admins only). */
  adminRegistration: (userId: string) => [...mine(userId), 'admin', 'registration'] as const,
  /** Servers blocked from this site (admins only, with FEDERATION on). */
  adminBlockedDomains: (userId: string) => [...mine(userId), 'admin', 'blocked-domains'] as const,
  /** People of other servers silenced here (admins only, with FEDERATION on). */
  adminSilencedPeople: (userId: string) => [...mine(userId), 'admin', 'silenced-people'] as const,
  adminMembersAll: (userId: string) => [...mine(userId), 'admin', 'members'] as const,
  adminMembers: (userId: string, q: string, status: string) =>
    [...mine(userId), 'admin', 'members', q, status] as const,
  adminPostsAll: (userId: string) => [...mine(userId), 'admin', 'posts'] as const,
  adminPosts: (userId: string, type: string) => [...mine(userId), 'admin', 'posts', type] as const,
  /** Open reports grouped per item, and the audit log (admins only). */
  adminReports: (userId: string) => [...mine(userId), 'admin', 'reports'] as const,
  adminAuditLog: (userId: string) => [...mine(userId), 'admin', 'audit-log'] as const,
  /** Whether new accounts are open, by invitation or closed (public). */
  registration: ['registration'] as const,
  profiles: ['profiles'] as const,
  profile: (displayName: string) => ['profiles', 'by-name', displayName.toLowerCase()] as const,
  /** Followers or following of a person, page by page; a follow anywhere moves them (under `profiles`). */
  people: (userId: string, which: 'followers' | 'following') => ['profiles', 'people', userId, which] as const,
  /**
   * A person's rating stats (public). Every rating write invalidates it for the rater: a song
   * rating, a chosen album rating, the collection's and a review's rating edits.
   */
  userStats: (userId: string) => ['profiles', 'stats', userId] as const,
  /** A person's year in music (public but for a private profile); under `profiles`, so a profile's reload moves it. */
  yearReview: (userId: string, year: number) => ['profiles', 'year', userId, year] as const,
  /** A person's favourite albums shelf (public). */
  favouriteAlbums: (userId: string) => ['profiles', 'favourites', userId] as const,
  /** What the people the signed-in user follows did (the home page's feed), page by page. */
  feed: (userId: string) => [...mine(userId), 'feed'] as const,
  /** Everyone's recent activity (public), page by page. */
  recentActivity: ['activity', 'recent'] as const,
  /** The account's signed-in browsers. */
  sessions: (userId: string) => [...mine(userId), 'sessions'] as const,
  /** Whom the member blocked or muted (Settings), and who asks to follow their locked profile. */
  blocks: (userId: string) => [...mine(userId), 'blocks'] as const,
  mutes: (userId: string) => [...mine(userId), 'mutes'] as const,
  followRequests: (userId: string) => [...mine(userId), 'follow-requests'] as const,
  userPostsAll: (userId: string) => ['posts', 'by-user', userId] as const,
  userPosts: (userId: string, filter: string) => ['posts', 'by-user', userId, filter] as const,
  userSearch: (term: string, limit: number) => ['search', 'users', term, limit] as const,
  fediversePerson: (handle: string) => ['search', 'fediverse', handle] as const,
  albumSearch: (term: string, limit: number) => ['search', 'albums', term, limit] as const,
  songSearch: (term: string, limit: number) => ['search', 'songs', term, limit] as const,
  /** Every album answer (an album's reviews say whether the viewer liked them). */
  albums: ['albums'] as const,
  album: (albumId: string) => ['albums', albumId] as const,
  albumCommunity: (albumId: string) => ['albums', albumId, 'community'] as const,
  topMusic: ['music', 'top'] as const,
  topAlbums: ['music', 'top', 'albums'] as const,
  topSongs: ['music', 'top', 'songs'] as const,
  /**
   * Under `topMusic`, so a rating (which invalidates it) refreshes every chart too. `query` is the
   * chart's API query without the cursor (`genre=rock&year=1997`): one entry per chart, all its pages.
   */
  chart: (kind: 'albums' | 'songs', query: string) => ['music', 'top', 'charts', kind, query] as const,
  genres: ['genres'] as const,
  /** Discover's filtered albums (`query` is the API's query string); under `topMusic`, so a rating refreshes it. */
  browseAlbums: (query: string) => ['music', 'top', 'browse', query] as const,
  newReleases: (limit: number) => ['music', 'new-releases', limit] as const,
  artists: ['artists'] as const,
  artist: (artistId: string) => ['artists', artistId] as const,
  /** People the viewer follows who rated the album. */
  friendRatings: (userId: string, albumId: string) => [...mine(userId), 'friend-ratings', albumId] as const,
  /** Whether others' scores stay hidden until the member rates an album. */
  spoilerFree: (userId: string) => [...mine(userId), 'spoiler-free'] as const,
  userCollection: (userId: string) => ['collection', 'of', userId] as const,
  userCollections: ['collection', 'of'] as const,
  userRateLater: (userId: string) => ['rate-later', 'of', userId] as const,
  posts: ['posts'] as const,
  /** One note or review (its page): under `posts`, so a like, a comment or an edit refreshes it. */
  post: (postId: string) => ['posts', 'one', postId] as const,
  /** What someone liked (their Likes tab): under `posts`, so a like anywhere refreshes it. */
  likedBy: (userId: string) => ['posts', 'liked-by', userId] as const,
  /** Every thread of comments (a block or mute changes whose comments each shows). */
  allComments: ['comments'] as const,
  /** The comments on a post or a list. */
  comments: (subjectType: 'post' | 'list', subjectId: string) => ['comments', subjectType, subjectId] as const,
  /** The signed-in user's bell: its unread count, and its pages under the same prefix. */
  notifications: (userId: string) => [...mine(userId), 'notifications'] as const,
  unreadNotifications: (userId: string) => [...mine(userId), 'notifications', 'unread'] as const,
  /** The signed-in listener's listens of one album (the album page's 'Your listens'). */
  myListens: (userId: string, albumId: string) => [...mine(userId), 'listens', albumId] as const,
  /** Someone's listening diary, page by page (public). */
  diary: (userId: string) => ['diary', userId] as const,
  /** Everything about the signed-in user's imports: the list, each job, their rows. */
  imports: (userId: string) => [...mine(userId), 'imports'] as const,
  /** Their last imports, newest first. */
  importList: (userId: string) => [...mine(userId), 'imports', 'list'] as const,
  importJob: (userId: string, importId: string) => [...mine(userId), 'imports', 'job', importId] as const,
  /** One job's rows of one status, page by page. */
  importRows: (userId: string, importId: string, status: string) =>
    [...mine(userId), 'imports', 'rows', importId, status] as const,
  featuredPlaylists: ['featured-playlists'] as const,
  /** Every list answer; any list change invalidates them all (they are small and few per page). */
  lists: ['lists'] as const,
  list: (listId: string) => ['lists', 'one', listId] as const,
  /** Someone's lists as this viewer sees them: the owner also sees their unlisted ones. */
  userLists: (viewerId: string | null, userId: string) => ['lists', 'by-user', userId, viewerId] as const,
  publicLists: (sort: 'recent' | 'popular') => ['lists', 'public', sort] as const,
  albumLists: (albumId: string) => ['lists', 'with-album', albumId] as const,
};
