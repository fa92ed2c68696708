import type { Generated } from 'kysely';

/** Row types of every table, one schema for both dialects (DESIGN.md, Data). Timestamps are ISO-8601 UTC text. */

export interface ArtistTable {
  id: string;
  name: string;
  sort_name: string;
  /** Normalized words for search (migration 003); written by catalog-writes.repository.ts. */
  search_text: string;
  /** MusicBrainz artist id, when known (migration 013). */
  mbid: string | null;
}

export interface AlbumTable {
  id: string;
  title: string;
  artist_id: string;
  artist_name: string;
  release_date: string | null;
  genre: string | null;
  cover_url: string | null;
  source: string;
  external_id: string | null;
  popularity: number;
  created_at: string;
  search_text: string;
  /** album, ep, single, live or compilation (migration 013). */
  primary_type: string;
  /** MusicBrainz release-group id, when matched (migration 013). */
  mbid: string | null;
  /** Kept with the tracks by catalog-writes.repository.ts (migration 013). */
  track_count: number;
  runtime_ms: number | null;
  /** When MusicBrainz was last asked about it, null: never (migration 014, ADR 31). Optional: only the matcher writes it. */
  mb_checked_at?: string | null;
}

export interface TrackTable {
  id: string;
  album_id: string;
  position: number;
  title: string;
  duration_ms: number | null;
  search_text: string;
  /** The album's popularity, copied for ranking track searches (migration 011). */
  popularity: number;
  /** MusicBrainz recording id, when known (migration 013). */
  mbid: string | null;
}

export interface GenreTable {
  slug: string;
  name: string;
}

/** An album's genres, position 0 being its main one (migration 013). */
export interface AlbumGenreTable {
  album_id: string;
  genre_slug: string;
  position: number;
}

/** Better Auth's user table (its migrations create it); we read and update a few columns. */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  image: string | null;
  role: string | null;
  /** Set while an admin has suspended the account (ADR 30): no session is made or honoured. */
  suspendedAt: string | Date | null;
  createdAt: string | Date;
  updatedAt: string | Date;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: string | Date;
  createdAt: string | Date;
  updatedAt: string | Date;
  userAgent: string | null;
}

/** Better Auth's account table: one row per sign-in method ('credential' holds a password). */
export interface AccountTable {
  id: string;
  userId: string;
  providerId: string;
}

export interface ProfileTable {
  user_id: string;
  display_name: string;
  display_name_key: string;
  bio: string;
  picture_url: string | null;
  setup_complete: number | null;
  follower_count: Generated<number>;
  following_count: Generated<number>;
  created_at: string;
  /** 0 or 1: a locked profile turns follows into requests and shows its content to followers only (migration 025). */
  locked: Generated<number>;
  /** The audience a member's new reviews, notes and lists start with (migration 025). */
  default_audience: Generated<Audience>;
  /** 0 or 1: others' scores of an album stay hidden until the member rates it (migration 037). */
  spoiler_free: Generated<number>;
}

/** Who may read a review, note or list (migration 025, ADR 41): everyone, the owner's followers, or the owner. */
export type Audience = 'public' | 'followers' | 'private';

export interface PostTable {
  id: string;
  user_id: string;
  type: 'note' | 'review';
  title: string;
  content: string;
  album_id: string | null;
  rating_tenths: number | null;
  likes_count: Generated<number>;
  comments_count: Generated<number>;
  created_at: string;
  updated_at: string;
  audience: Generated<Audience>;
  /** People of other servers who shared it (Announce, migration 033). */
  boosts_count: Generated<number>;
}

/** A server an admin blocked (migration 034): a host, with its port where it has one. */
export interface BlockedDomainTable {
  domain: string;
  created_at: string;
  /** 'block' or 'silence' (migration 036). */
  severity: Generated<'block' | 'silence'>;
}

export interface BoostTable {
  user_id: string;
  post_id: string;
  created_at: string;
}

export interface FollowTable {
  follower_id: string;
  following_id: string;
  created_at: string;
}

/** The blocker no longer reaches, or is reached by, the blocked person (migration 025). */
export interface BlockTable {
  blocker_id: string;
  blocked_id: string;
  created_at: string;
}

/** The muted person leaves the muter's feed, bell and comment threads, and is not told (migration 025). */
export interface MuteTable {
  muter_id: string;
  muted_id: string;
  created_at: string;
}

/** One person's report of a post, comment, list or profile (migration 026, ADR 42). */
export interface ReportTable {
  id: string;
  reporter_id: string;
  subject_type: 'post' | 'comment' | 'list' | 'user';
  subject_id: string;
  /** The item's author when it was reported; null once their account is gone. */
  owner_id: string | null;
  reason: 'spam' | 'harassment' | 'hate' | 'sexual' | 'other';
  text: string | null;
  status: Generated<'open' | 'closed'>;
  resolution: 'dismiss' | 'remove' | 'suspend' | null;
  created_at: string;
  resolved_at: string | null;
}

/** Every admin action: who, what, on what, why, when (migration 026); rows are never deleted. */
export interface AuditLogTable {
  id: string;
  /** Null once the admin's account is deleted; `actor_name` keeps who it was. */
  actor_id: string | null;
  actor_name: string;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  subject_label: string | null;
  note: string | null;
  detail: string | null;
  created_at: string;
}

/** Someone asking to follow a locked profile, until its owner approves or declines (migration 025). */
export interface FollowRequestTable {
  requester_id: string;
  target_id: string;
  created_at: string;
}

export interface ActivityTable {
  id: string;
  user_id: string;
  action: 'followed_user' | 'new_review' | 'new_note' | 'rated_album' | 'created_list';
  target_id: string;
  data: string;
  created_at: string;
  /** The album an entry is about (rated_album, new_review), for its current title and cover. */
  album_id: string | null;
  /** rated_album only: the UTC day (YYYY-MM-DD) its one entry per album covers. */
  day: string | null;
}

export type SubjectType = 'post' | 'list';

/** One person's like of a post or a list (migration 016). */
export interface LikeTable {
  user_id: string;
  subject_type: SubjectType;
  subject_id: string;
  created_at: string;
}

export interface CommentTable {
  id: string;
  subject_type: SubjectType;
  subject_id: string;
  user_id: string;
  content: string;
  created_at: string;
  updated_at: string;
}

/** What the bell shows its recipient (migration 017). */
export interface NotificationTable {
  id: string;
  user_id: string;
  /** Null for a handled report: the moderator stays anonymous (migration 025). */
  actor_id: string | null;
  kind: 'followed' | 'liked' | 'commented' | 'follow_requested' | 'follow_accepted' | 'report_handled';
  subject_type: SubjectType | 'report' | null;
  subject_id: string | null;
  comment_id: string | null;
  created_at: string;
  read_at: string | null;
}

export interface FeaturedPlaylistTable {
  /** The provider's playlist id. */
  id: string;
  url: string;
  title: string;
  description: string | null;
  type: Generated<string>;
  is_active: Generated<number>;
  image_url: string | null;
  position: number;
  created_at: string;
}

export interface TrackRatingTable {
  user_id: string;
  track_id: string;
  album_id: string;
  rating: number;
  updated_at: string;
}

export interface AlbumRatingTable {
  user_id: string;
  album_id: string;
  rating_tenths: number;
  updated_at: string;
}

/** An album rating set by the person themselves (migration 009, ADR 21). */
export interface ChosenAlbumRatingTable {
  user_id: string;
  album_id: string;
  rating_tenths: number;
  updated_at: string;
}

/** An album whose scores a spoiler-free member chose to see before rating it (migration 037). */
export interface ScoreRevealTable {
  user_id: string;
  album_id: string;
  created_at: string;
}

export interface CollectionEntryTable {
  user_id: string;
  album_id: string;
  rating_tenths: number;
  review_post_id: string | null;
  date_added: string;
}

/** One album heard on one day (migration 020, the diary): listened_on is 'YYYY-MM-DD'. */
export interface ListenTable {
  id: string;
  user_id: string;
  album_id: string;
  listened_on: string;
  /** 0 or 1. */
  relisten: Generated<number>;
  created_at: string;
}

/** A song heard in a diary entry (migration 023). */
export interface ListenSongTable {
  listen_id: string;
  track_id: string;
}

export interface RateLaterTable {
  user_id: string;
  album_id: string;
  added_at: string;
}

/** Settings an admin changes at run time (migration 012): `registration` → open, invite, closed. */
export interface InstanceSettingTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
}

/** One instance at a time runs a named background job (migration 014, ADR 31). */
export interface JobLeaseTable {
  name: string;
  holder: string;
  expires_at: string;
}

/** An invitation to join while registration is by invitation (migration 012, ADR 30). */
export interface InviteTable {
  code: string;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_by: string | null;
}

/** A place on a profile's "Favourite albums" shelf, 1–4 (migration 021). */
export interface FavouriteAlbumTable {
  user_id: string;
  album_id: string;
  position: number;
  created_at: string;
}

/** An uploaded file being imported (migration 022, ADR 38). */
export interface ImportJobTable {
  id: string;
  user_id: string;
  source: string;
  file_name: string;
  status: string;
  total_rows: number;
  done_rows: number;
  matched: number;
  unmatched: number;
  skipped: number;
  errors: number;
  /** Listens in a listening-history file, and the albums they group into (migration 024). */
  listens: number;
  listen_albums: number;
  message: string | null;
  lease_holder: string | null;
  lease_until: string | null;
  created_at: string;
  finished_at: string | null;
}

/** One row of an import: an album, an album's listens, a loved song or a bad line (migration 022). */
export interface ImportRowTable {
  job_id: string;
  row_no: number;
  line: number;
  status: string;
  artist: string;
  title: string;
  year: number | null;
  data: string;
  album_id: string | null;
  message: string | null;
  candidates: string | null;
}

/** Fedify's key–value store (migration 029): the key path and the value as JSON text. */
export interface FedifyKvTable {
  key: string;
  value: string;
  /** ISO time after which the entry is gone; null for never. */
  expires_at: string | null;
}

/** An actor's signing keys as JWK (migration 030): `actor` is a user id, or 'instance'. */
export interface ActorKeyTable {
  actor: string;
  user_id: string | null;
  algorithm: 'RSASSA-PKCS1-v1_5' | 'Ed25519';
  public_jwk: string;
  private_jwk: string;
  created_at: string;
}

/** A person on another server, kept as a member who cannot sign in (migration 030, ADR 53). */
export interface RemoteActorTable {
  user_id: string;
  uri: string;
  /** Their preferredUsername, and the host of their WebFinger address: `@handle@host`. */
  handle: string;
  host: string;
  inbox_uri: string;
  shared_inbox_uri: string | null;
  followers_uri: string | null;
  profile_url: string | null;
  fetched_at: string;
  /** Where the picture shown for them here was copied from (migration 035). */
  icon_uri: string | null;
  /** When an admin silenced this person (migration 036). */
  silenced_at: string | null;
  /** 1 while their server is silenced (migration 036), kept by the admin's change of it. */
  server_silenced: Generated<number>;
}

/** The Follow activity behind a follow or follow request that crossed servers (migration 030). */
export interface RemoteFollowTable {
  follower_id: string;
  following_id: string;
  activity_uri: string;
  created_at: string;
}

/** A member's post, list or album rating that changed, waiting to be told to other servers (migration 031). */
export interface FederationOutboxTable {
  id: Generated<number>;
  object_type: FederatedObjectType;
  /** A post's or list's id; for a rating, `{user id}/{album id}/{UTC day}`. */
  object_id: string;
  user_id: string;
  created_at: string;
  claimed_until: string | null;
}

export type FederatedObjectType = 'post' | 'list' | 'rating';

/** What other servers were last told of an object (migration 031): its audience, null once deleted there. */
export interface FederatedObjectTable {
  object_type: FederatedObjectType;
  object_id: string;
  user_id: string;
  audience: 'public' | 'followers' | null;
  generation: Generated<number>;
  sent_at: string;
}

/** Something a person of another server made here, by the address of their object (migration 032). */
export interface RemoteObjectTable {
  uri: string;
  user_id: string;
  kind: 'comment' | 'post';
  local_id: string;
  created_at: string;
}

/** Fedify's queue (migration 029). */
export interface FedifyMessageTable {
  id: Generated<number>;
  /** The message as JSON text. */
  payload: string;
  ordering_key: string | null;
  /** ISO time before which the message is not handled (a delay, a retry's backoff). */
  not_before: string;
  /** While a listener handles it: until when it is theirs (ISO); null while it waits. */
  claimed_until: string | null;
}

export interface Database {
  artists: ArtistTable;
  albums: AlbumTable;
  tracks: TrackTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  profiles: ProfileTable;
  featured_playlists: FeaturedPlaylistTable;
  posts: PostTable;
  follows: FollowTable;
  blocks: BlockTable;
  mutes: MuteTable;
  follow_requests: FollowRequestTable;
  reports: ReportTable;
  audit_log: AuditLogTable;
  activities: ActivityTable;
  likes: LikeTable;
  comments: CommentTable;
  notifications: NotificationTable;
  track_ratings: TrackRatingTable;
  album_ratings: AlbumRatingTable;
  chosen_album_ratings: ChosenAlbumRatingTable;
  collection_entries: CollectionEntryTable;
  rate_later: RateLaterTable;
  favourite_albums: FavouriteAlbumTable;
  score_reveals: ScoreRevealTable;
  import_jobs: ImportJobTable;
  import_rows: ImportRowTable;
  listens: ListenTable;
  fedify_kv: FedifyKvTable;
  fedify_messages: FedifyMessageTable;
  actor_keys: ActorKeyTable;
  remote_actors: RemoteActorTable;
  remote_follows: RemoteFollowTable;
  federation_outbox: FederationOutboxTable;
  federated_objects: FederatedObjectTable;
  remote_objects: RemoteObjectTable;
  boosts: BoostTable;
  blocked_domains: BlockedDomainTable;
  listen_songs: ListenSongTable;
  instance_settings: InstanceSettingTable;
  job_leases: JobLeaseTable;
  genres: GenreTable;
  album_genres: AlbumGenreTable;
  invites: InviteTable;
  album_stats: AlbumStatsTable;
  lists: ListTable;
  list_entries: ListEntryTable;
  track_stats: TrackStatsTable;
}

/** Community rating totals; sums are in half stars (1–10 per rating). */
export interface AlbumStatsTable {
  album_id: string;
  ratings_count: number;
  ratings_sum: number;
  /** People with an album rating (ADR 21) and its sum in tenths (migration 013): what charts rank. */
  listeners: Generated<number>;
  listener_tenths: Generated<number>;
}

export interface TrackStatsTable {
  track_id: string;
  album_id: string;
  ratings_count: number;
  ratings_sum: number;
}

/** A list of albums or songs (migration 019, ADR 33). */
export interface ListTable {
  id: string;
  user_id: string;
  title: string;
  description: string;
  kind: 'album' | 'song';
  /** 0 or 1 on both dialects. */
  ranked: number;
  /** Whether it is listed in public places (its audience may still narrow who reads it). */
  visibility: 'public' | 'unlisted';
  audience: Generated<Audience>;
  entries_count: Generated<number>;
  likes_count: Generated<number>;
  comments_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One entry of a list: item_id is the album id (album lists) or the track id (song lists). */
export interface ListEntryTable {
  list_id: string;
  item_id: string;
  album_id: string;
  track_id: string | null;
  position: number;
  note: Generated<string>;
  added_at: string;
}
