import type { ConsoleResource } from '@tullab/contracts/route-table';
import {
  Admin,
  CustomRoutes,
  reactRouterProvider,
  Resource,
  type ResourceProps,
  type Store,
} from 'react-admin';
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

/**
 * What the console shows of each resource the admin API's lists declare (`consoleResources` of
 * @tullab/contracts/route-table: the compiler asks for every declared one and refuses any other), in menu order, and
 * the retention policies, which the console gathers from each service's own. A resource without views (redemptions)
 * is read through another page.
 */
const views: Record<ConsoleResource | 'retention', Omit<ResourceProps, 'name'>> = {
  verifications,
  students,
  institutions,
  offers,
  'merchant-applications': merchantApplications,
  'offer-proposals': offerProposals,
  'code-reports': codeReports,
  'contact-messages': contactMessages,
  staff,
  emails,
  jobs,
  retention,
  'audit-log': auditLog,
  'offer-audit-log': offerAuditLog,
  'identity-audit-log': identityAuditLog,
  redemptions: {},
};

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
      {Object.entries(views).map(([name, view]) => (
        <Resource key={name} name={name} {...view} />
      ))}
      <CustomRoutes noLayout>
        <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
      </CustomRoutes>
    </Admin>
  );
}

export function App() {
  return <Console authProvider={authProvider} dataProvider={dataProvider} />;
}
