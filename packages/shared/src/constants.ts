/** Business constants and limits of spec §9, shared by server and web so both enforce the same numbers. */
export const PRODUCT_NAME = 'liner';

export const SEARCH_DEBOUNCE_MS = 300;
export const DROPDOWN_MIN_CHARS = 2;
export const HEADER_SEARCH_RESULTS = 3;
export const USER_SEARCH_DEFAULT_LIMIT = 20;
export const USER_SEARCH_SCAN_FACTOR = 3;
export const SEARCH_PAGE_SIZE = 20;
export const TOP_ALBUM_PAGES = 5;
export const POSTS_PAGE_SIZE = 20;
export const POST_TITLE_MAX = 100;
export const POST_CONTENT_MAX = 2000;
/** A comment on a post or a list. */
export const COMMENT_MAX = 2000;
export const REVIEW_MAX = 2000;
export const STAR_COUNT = 5;
export const MIN_PASSWORD_LENGTH = 8;
/** The length rule's one wording: checked by the web before sending, enforced by the server. */
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const PASSWORD_TOO_COMMON = 'That password is too common. Please choose a less common one.';
export const ALBUM_LOAD_RETRIES = 3;
export const ALBUM_LOAD_RETRY_DELAY_MS = 1000;
export const COLLECTION_ERROR_DISPLAY_MS = 5000;
export const BACK_ONLINE_BANNER_MS = 5000;
export const MIGRATION_RELOAD_DELAY_MS = 2000;
export const API_TIMEOUT_MS = 10_000;
export const CAROUSEL_DRAG_THRESHOLD_PX = 8;
export const CAROUSEL_EDGE_ZONE_PX = 100;
export const CAROUSEL_SCROLL_FRACTION = 0.8;
export const PROFILE_PLACEHOLDER_PX = 150;
export const IMAGE_CAPTURE_TIMEOUT_MS = 15_000;

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
