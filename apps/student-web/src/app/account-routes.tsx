import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from '../components/PlaceholderPage';
import { paths } from './paths';

/** The account side of the app: sign-in and sign-up, verification, the dashboard, contact and the legal pages. */
const pages: readonly { path: string; title: string }[] = [
  { path: paths.login, title: 'Log in' },
  { path: paths.signup, title: 'Sign up' },
  { path: paths.createPassword, title: 'Create Password' },
  { path: paths.studentVerification, title: 'Student Verification' },
  { path: paths.otpVerification, title: 'Verify Your Student Email' },
  { path: paths.documentVerification, title: 'Document Verification' },
  { path: paths.dashboard, title: 'Dashboard' },
  { path: paths.contactUs, title: 'Contact Us' },
  { path: paths.privacyPolicy, title: 'Privacy Policy' },
  { path: paths.termsOfService, title: 'Terms of Service' },
  { path: paths.forgotPassword, title: 'Reset Password' },
];

export const accountRoutes: RouteObject[] = pages.map(({ path, title }) => ({
  id: path.slice(1),
  path,
  element: <PlaceholderPage title={title} />,
}));
