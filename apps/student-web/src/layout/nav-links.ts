import type { To } from 'react-router-dom';
import { discountsLocation, paths } from '../app/paths';

export interface NavLink {
  /** the link's text: a key of the `common` catalogue */
  label: string;
  to: To;
}

/** SPEC §2 header, desktop: Discounts, Contact Us, Join as a Merchant. */
export const desktopNavLinks: readonly NavLink[] = [
  { label: 'nav.discounts', to: discountsLocation },
  { label: 'nav.contactUs', to: paths.contactUs },
  { label: 'nav.joinAsMerchant', to: paths.forMerchants },
];

/** SPEC §2 header, mobile side panel: How It Works appears only here. */
export const mobileNavLinks: readonly NavLink[] = [
  { label: 'nav.discounts', to: discountsLocation },
  { label: 'nav.howItWorks', to: paths.howItWorks },
  { label: 'nav.joinAsMerchant', to: paths.forMerchants },
  { label: 'nav.contactUs', to: paths.contactUs },
];

/** SPEC §2 footer; headings are keys of the `common` catalogue too. */
export const footerNavGroups: readonly { heading: string; links: readonly NavLink[] }[] = [
  { heading: 'footer.groups.students', links: [{ label: 'nav.browseDiscounts', to: discountsLocation }] },
  {
    heading: 'footer.groups.merchants',
    links: [
      { label: 'nav.howItWorks', to: paths.forMerchants },
      { label: 'nav.partnerWithUs', to: paths.forMerchants },
    ],
  },
  {
    heading: 'footer.groups.company',
    links: [
      { label: 'nav.contactUs', to: paths.contactUs },
      { label: 'nav.privacyPolicy', to: paths.privacyPolicy },
      { label: 'nav.termsOfService', to: paths.termsOfService },
    ],
  },
];
