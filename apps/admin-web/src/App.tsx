import { Admin, CustomRoutes, reactRouterProvider, Resource, type Store } from 'react-admin';
import { Dashboard } from './dashboard/Dashboard';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { AcceptInvitationPage } from './login/AcceptInvitationPage';
import { LoginPage } from './login/LoginPage';
import { authProvider, type StaffAuthProvider } from './providers/authProvider';
import { dataProvider, type ConsoleDataProvider } from './providers/dataProvider';
import { auditLog, identityAuditLog, offerAuditLog } from './resources/audit-log';
import codeReports from './resources/code-reports';
import contactMessages from './resources/contact-messages';
import emails from './resources/emails';
import institutions from './resources/institutions';
import jobs from './resources/jobs';
import merchantApplications from './resources/merchant-applications';
import offerProposals from './resources/offer-proposals';
import offers from './resources/offers';
import retention from './resources/retention';
import staff from './resources/staff';
import students from './resources/students';
import verifications from './resources/verifications';
import { reducedMotionTheme, theme, usePrefersReducedMotion } from './theme';

const { Route } = reactRouterProvider;

export interface ConsoleProps {
  authProvider: StaffAuthProvider;
  dataProvider: ConsoleDataProvider;
  /** react-admin's preferences store (list filters, sidebar); the browser's localStorage unless given */
  store?: Store;
}

/**
 * The staff console: every resource of the admin API, the dashboard, the two-step staff sign-in and the page an
 * invitation e-mail links to (open without a session). Nothing animates when the system asks for reduced motion.
 */
export function Console({ authProvider, dataProvider, store }: ConsoleProps) {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <Admin
      title="Tullab staff console"
      dataProvider={dataProvider}
      authProvider={authProvider}
      store={store}
      loginPage={LoginPage}
      dashboard={Dashboard}
      layout={ConsoleLayout}
      theme={reducedMotion ? reducedMotionTheme : theme}
      requireAuth
      disableTelemetry
    >
      <Resource name="verifications" {...verifications} />
      <Resource name="students" {...students} />
      <Resource name="institutions" {...institutions} />
      <Resource name="offers" {...offers} />
      <Resource name="merchant-applications" {...merchantApplications} />
      <Resource name="offer-proposals" {...offerProposals} />
      <Resource name="code-reports" {...codeReports} />
      <Resource name="contact-messages" {...contactMessages} />
      <Resource name="staff" {...staff} />
      <Resource name="emails" {...emails} />
      <Resource name="jobs" {...jobs} />
      <Resource name="retention" {...retention} />
      <Resource name="audit-log" {...auditLog} />
      <Resource name="offer-audit-log" {...offerAuditLog} />
      <Resource name="identity-audit-log" {...identityAuditLog} />
      {/* read through the student page only */}
      <Resource name="redemptions" />
      <CustomRoutes noLayout>
        <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
      </CustomRoutes>
    </Admin>
  );
}

export function App() {
  return <Console authProvider={authProvider} dataProvider={dataProvider} />;
}
