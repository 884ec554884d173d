import type { RouteObject } from 'react-router-dom';
import { Layout } from '../components/layout/Layout';
import { NotFoundPage } from '../components/NotFoundPage';
import { PlaceholderPage } from '../components/PlaceholderPage';
import { HomePage } from '../features/home/HomePage';
import { paths } from './paths';

/**
 * Screens not built yet, with the title their placeholder shows. A feature replaces its entry with a route to
 * `features/<feature>/<Name>Page.tsx`.
 */
const placeholderPages: readonly { path: string; title: string }[] = [
  { path: paths.login, title: 'Log in' },
  { path: paths.signup, title: 'Sign up' },
  { path: paths.createPassword, title: 'Create Password' },
  { path: paths.studentVerification, title: 'Student Verification' },
  { path: paths.otpVerification, title: 'Verify Your Student Email' },
  { path: paths.documentVerification, title: 'Document Verification' },
  { path: paths.dashboard, title: 'Dashboard' },
  { path: paths.forMerchants, title: 'Join as a Merchant' },
  { path: paths.contactUs, title: 'Contact Us' },
  { path: paths.privacyPolicy, title: 'Privacy Policy' },
  { path: paths.termsOfService, title: 'Terms of Service' },
  { path: paths.forgotPassword, title: 'Reset Password' },
  { path: paths.howItWorks, title: 'How It Works' },
];

export const NOT_FOUND_ROUTE_ID = 'not-found';

/** The route table (SPEC §2): every page inside the shared layout, and a fallback for every other path. */
export const routes: RouteObject[] = [
  {
    id: 'layout',
    element: <Layout />,
    children: [
      { id: 'home', path: paths.home, element: <HomePage /> },
      ...placeholderPages.map(({ path, title }) => ({
        id: path.slice(1),
        path,
        element: <PlaceholderPage title={title} />,
      })),
      { id: NOT_FOUND_ROUTE_ID, path: '*', element: <NotFoundPage /> },
    ],
  },
];
