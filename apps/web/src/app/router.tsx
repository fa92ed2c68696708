import { type ComponentType, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/ui/error-boundary.tsx';
import { ErrorScreen } from '../components/ui/error-screen.tsx';
import { loadWhenOnline } from '../lib/network-status.ts';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { AppLayout } from './layout.tsx';

/**
 * A page's code, fetched when it is first shown. A page whose code cannot load while offline waits
 * for the connection instead of failing; navigations are transitions, so the current page stays
 * on screen meanwhile.
 */
export function lazyPage(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(async () => ({ default: (await loadWhenOnline(load)).Component }));
}

const Home = lazyPage(() => import('./routes/home.tsx'));
const Lists = lazyPage(() => import('./routes/lists.tsx'));
const List = lazyPage(() => import('./routes/list.tsx'));
const Search = lazyPage(() => import('./routes/search.tsx'));
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
 * Every page is loaded lazily so the home route's JavaScript stays small (DESIGN.md budget), and the
 * routes are React Router's declarative ones rather than its data router, whose code alone would
 * take a quarter of that budget (ADR 24). A page that fails shows ErrorScreen inside the layout
 * (app/layout.tsx); a layout that fails shows it alone.
 */
export function AppRoutes() {
  return (
    <ErrorBoundary fallback={<ErrorScreen />}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/" element={<Home />} />
          <Route path="/lists" element={<Lists />} />
          <Route path="/lists/:listId" element={<List />} />
          <Route path="/search" element={<Search />} />
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
        </Route>
      </Routes>
    </ErrorBoundary>
  );
}
