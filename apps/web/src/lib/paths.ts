/**
 * Every in-app address, so links and redirects are typed and encoded in one place. The router's
 * patterns (app/router.tsx) are the other side of these.
 */
const segment = encodeURIComponent;

export const paths = {
  home: () => '/',
  music: () => '/music',
  lists: () => '/lists',
  list: (listId: string) => `/lists/${segment(listId)}`,
  /** `query` is appended as is (already a URLSearchParams string, without the `?`). */
  charts: (query = '') => `/charts${query ? `?${query}` : ''}`,
  collection: () => '/collection',
  settings: () => '/settings',
  admin: () => '/admin',
  login: () => '/login',
  notifications: () => '/notifications',
  /** Who asks to follow the signed-in member's locked profile. */
  followRequests: () => '/follow-requests',
  /** Bringing one's history in from RateYourMusic, ListenBrainz or Last.fm. */
  imports: () => '/import',
  createAccount: () => '/create-account',
  forgotPassword: () => '/forgot-password',
  resetPassword: () => '/reset-password',
  emailVerified: () => '/email-verified',
  profileSetup: () => '/profile-setup',
  editProfile: () => '/edit-profile',
  /** The signed-in user's own profile (redirects to /profile/:name, or to log in). */
  profileRoot: () => '/profile',
  album: (albumId: string) => `/album/${segment(albumId)}`,
  /** A note's or a review's own page, the address feeds, the bell and shares lead to. */
  post: (postId: string) => `/post/${segment(postId)}`,
  artist: (artistId: string) => `/artist/${segment(artistId)}`,
  /** `query` is appended as is (already a URLSearchParams string, without the `?`). */
  profile: (displayName: string, query = '') => `/profile/${segment(displayName)}${query ? `?${query}` : ''}`,
  /** Who follows this person, or whom they follow. */
  people: (displayName: string, which: 'followers' | 'following') => `/profile/${segment(displayName)}/${which}`,
  /** A person's year in music. */
  yearReview: (displayName: string, year: number) => `/profile/${segment(displayName)}/year/${year}`,
  search: (term: string) => `/search?q=${segment(term)}`,
  sorter: (albumId?: string) => (albumId === undefined ? '/sorter' : `/sorter?album=${segment(albumId)}`),
};
