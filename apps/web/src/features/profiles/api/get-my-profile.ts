// Read by forms outside this feature too (the default audience), so it lives in lib/.
export { getMyProfile, myProfileQueryOptions, useMyProfile } from '../../../lib/my-profile.ts';
