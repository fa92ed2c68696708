import { Route, Routes } from 'react-router';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { lazyPage } from './router.tsx';

const Lists = lazyPage(() => import('./routes/lists.tsx'));
const List = lazyPage(() => import('./routes/list.tsx'));
const Search = lazyPage(() => import('./routes/search.tsx'));
const Share = lazyPage(() => import('./routes/share.tsx'));
const Music = lazyPage(() => import('./routes/music.tsx'));
const Charts = lazyPage(() => import('./routes/charts.tsx'));
const Album = lazyPage(() => import('./routes/album.tsx'));
const Artist = lazyPage(() => import('./routes/artist.tsx'));
const Post = lazyPage(() => import('./routes/post.tsx'));
const Login = lazyPage(() => import('./routes/auth/login.tsx'));
const CreateAccount = lazyPage(() => import('./routes/auth/create-account.tsx'));
const ForgotPassword = lazyPage(() => import('./routes/auth/forgot-password.tsx'));
const ResetPassword = lazyPage(() => import('./routes/auth/reset-password.tsx'));
const EmailVerified = lazyPage(() => import('./routes/email-verified.tsx'));
const Profile = lazyPage(() => import('./routes/profile.tsx'));
const Followers = lazyPage(async () => ({ Component: (await import('./routes/profile-people.tsx')).Followers }));
const Following = lazyPage(async () => ({ Component: (await import('./routes/profile-people.tsx')).Following }));
const YearReview = lazyPage(() => import('./routes/year-review.tsx'));
const OwnProfile = lazyPage(async () => ({ Component: (await import('./routes/profile.tsx')).OwnProfileRedirect }));
const EditProfile = lazyPage(async () => ({ Component: (await import('./routes/profile.tsx')).EditProfileRedirect }));
const ProfileSetup = lazyPage(() => import('./routes/profile-setup.tsx'));
const Collection = lazyPage(() => import('./routes/collection.tsx'));
const Settings = lazyPage(() => import('./routes/settings.tsx'));
const Notifications = lazyPage(() => import('./routes/notifications.tsx'));
const FollowRequests = lazyPage(() => import('./routes/follow-requests.tsx'));
const Import = lazyPage(() => import('./routes/import.tsx'));
const Sorter = lazyPage(() => import('./routes/sorter.tsx'));
const Admin = lazyPage(() => import('./routes/admin.tsx'));
const NotFound = lazyPage(() => import('./routes/not-found.tsx'));

/**
 * Every route but the home page's (app/router.tsx), with what loads each page: a list of every
 * page's code and the files it needs, which the home route has no use for (DESIGN.md budget). The
 * paths are absolute, as in paths.ts; under the root's `*` route they match the whole address.
 */
export function Component() {
  return (
    <Routes>
      <Route path="/lists" element={<Lists />} />
      <Route path="/lists/:listId" element={<List />} />
      <Route path="/search" element={<Search />} />
      <Route path="/share" element={<Share />} />
      <Route path="/music" element={<Music />} />
      <Route path="/charts" element={<Charts />} />
      <Route path="/album/:albumId" element={<Album />} />
      <Route path="/artist/:artistId" element={<Artist />} />
      <Route path="/post/:postId" element={<Post />} />
      <Route path="/login" element={<Login />} />
      <Route path="/create-account" element={<CreateAccount />} />
      <Route path="/forgot-password" element={<ForgotPassword />} />
      <Route path="/reset-password" element={<ResetPassword />} />
      <Route path="/email-verified" element={<EmailVerified />} />
      <Route path="/profile/:username" element={<Profile />} />
      <Route path="/profile/:username/followers" element={<Followers />} />
      <Route path="/profile/:username/following" element={<Following />} />
      <Route path="/profile/:username/year/:year" element={<YearReview />} />
      <Route path="/profile" element={<OwnProfile />} />
      <Route path="/edit-profile" element={<EditProfile />} />
      <Route element={<RequireAuth />}>
        <Route path="/profile-setup" element={<ProfileSetup />} />
        <Route path="/collection" element={<Collection />} />
        <Route path="/settings" element={<Settings />} />
        <Route path="/notifications" element={<Notifications />} />
        <Route path="/follow-requests" element={<FollowRequests />} />
        <Route path="/import" element={<Import />} />
      </Route>
      <Route path="/sorter" element={<Sorter />} />
      <Route element={<RequireAdmin />}>
        <Route path="/admin" element={<Admin />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
