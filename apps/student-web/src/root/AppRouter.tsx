import { AppRouter as Router } from '@tullab/web-kit/components/AppRouter';
import { routes } from './routes';

/** The student app's route table (routes.tsx) on the browser's address bar and history. */
export const AppRouter = () => <Router routes={routes} />;
