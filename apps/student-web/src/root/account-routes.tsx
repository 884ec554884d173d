import type { RouteObject } from 'react-router-dom';
import { onDemand } from '@tullab/web-kit/components/on-demand';
import { paths } from '../app/paths';

const LoginPage = onDemand(() => import('../features/auth/LoginPage').then((m) => m.LoginPage));
const SignupPage = onDemand(() => import('../features/auth/SignupPage').then((m) => m.SignupPage));
const CreatePasswordPage = onDemand(() =>
  import('../features/auth/CreatePasswordPage').then((m) => m.CreatePasswordPage),
);
const ForgotPasswordPage = onDemand(() =>
  import('../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
);
const StudentVerificationPage = onDemand(() =>
  import('../features/verification/StudentVerificationPage').then((m) => m.StudentVerificationPage),
);
const OtpVerificationPage = onDemand(() =>
  import('../features/verification/OtpVerificationPage').then((m) => m.OtpVerificationPage),
);
const DocumentVerificationPage = onDemand(() =>
  import('../features/verification/DocumentVerificationPage').then((m) => m.DocumentVerificationPage),
);
const DashboardPage = onDemand(() =>
  import('../features/dashboard/DashboardPage').then((m) => m.DashboardPage),
);
const ContactPage = onDemand(() => import('../features/contact/ContactPage').then((m) => m.ContactPage));
const PrivacyPolicyPage = onDemand(() =>
  import('../features/legal/PrivacyPolicyPage').then((m) => m.PrivacyPolicyPage),
);
const TermsOfServicePage = onDemand(() =>
  import('../features/legal/TermsOfServicePage').then((m) => m.TermsOfServicePage),
);
const ConnectPage = onDemand(() => import('../features/connect/ConnectPage').then((m) => m.ConnectPage));

/**
 * The account side of the app: sign-in and sign-up, verification, the dashboard, Verify with Tullab's consent screen,
 * contact and the legal pages. Each
 * page's code loads on first visit (the layout's Suspense shows a spinner meanwhile).
 */
export const accountRoutes: RouteObject[] = [
  { id: 'login', path: paths.login, element: <LoginPage /> },
  { id: 'signup', path: paths.signup, element: <SignupPage /> },
  { id: 'create-password', path: paths.createPassword, element: <CreatePasswordPage /> },
  { id: 'student-verification', path: paths.studentVerification, element: <StudentVerificationPage /> },
  { id: 'otp-verification', path: paths.otpVerification, element: <OtpVerificationPage /> },
  { id: 'document-verification', path: paths.documentVerification, element: <DocumentVerificationPage /> },
  { id: 'dashboard', path: paths.dashboard, element: <DashboardPage /> },
  { id: 'connect', path: paths.connect, element: <ConnectPage /> },
  { id: 'contact-us', path: paths.contactUs, element: <ContactPage /> },
  { id: 'privacy-policy', path: paths.privacyPolicy, element: <PrivacyPolicyPage /> },
  { id: 'terms-of-service', path: paths.termsOfService, element: <TermsOfServicePage /> },
  { id: 'forgot-password', path: paths.forgotPassword, element: <ForgotPasswordPage /> },
];
