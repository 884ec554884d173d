import { createContext, forwardRef, useCallback, useContext, type ComponentPropsWithoutRef } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

/** Whether the running app shows a page itself (its router's), given the page's path. */
export type OwnsPage = (pathname: string) => boolean;

const OwnPages = createContext<OwnsPage>(() => true);

/** Tells the links and navigations below which pages are the app's own; AppProviders sets it for each app. */
export const OwnPagesProvider = OwnPages.Provider;

const pathnameOf = (to: string) => new URL(to, 'http://site').pathname;

/** Loads a page of another app in place of this one (an object, so a test can watch it: jsdom loads no page). */
export const pageLoad = {
  replace: (to: string): void => window.location.replace(to),
  /** a page of another site (a brand's checkout, decision 019), with this one kept in the history */
  assign: (to: string): void => window.location.assign(to),
};

/**
 * A link to a page of the site: the router's link to a page of this app, a plain `<a href>` to a page of another one
 * (issue 29: a page navigation, which loads that app). Takes `to` like the router's link, so MUI's `component` prop
 * can use it.
 */
export const SiteLink = forwardRef<
  HTMLAnchorElement,
  Omit<ComponentPropsWithoutRef<'a'>, 'href'> & { to: string }
>(function SiteLink({ to, ...props }, ref) {
  const owns = useContext(OwnPages);
  return owns(pathnameOf(to)) ? (
    <RouterLink ref={ref} to={to} {...props} />
  ) : (
    <a ref={ref} href={to} {...props} />
  );
});

/**
 * Goes to a page of the site, replacing the current entry: through the router within the app, as a page load
 * into another app.
 */
export function useSiteNavigate(): (to: string) => void {
  const owns = useContext(OwnPages);
  const navigate = useNavigate();
  return useCallback(
    (to: string) => {
      if (owns(pathnameOf(to))) navigate(to, { replace: true });
      else pageLoad.replace(to);
    },
    [owns, navigate],
  );
}
