import { PlaceholderPage } from './PlaceholderPage';

/** SPEC §2: every path outside the route table. */
export function NotFoundPage() {
  return (
    <PlaceholderPage
      title="Page Not Found"
      description="The page you are looking for does not exist or has moved."
    />
  );
}
