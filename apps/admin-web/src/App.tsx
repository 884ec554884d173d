import { Admin, LoginWithEmail } from 'react-admin';
import { Dashboard } from './Dashboard';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { theme } from './theme';

/** The staff console. Resources are listed here as they arrive: `<Resource name="verifications" {...verifications} />`. */
export function App() {
  return (
    <Admin
      title="Tullab staff console"
      dataProvider={dataProvider}
      authProvider={authProvider}
      loginPage={LoginWithEmail}
      dashboard={Dashboard}
      theme={theme}
      requireAuth
      disableTelemetry
    />
  );
}
