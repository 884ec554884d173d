import type { To } from 'react-router-dom';
import { discountsLocation, paths } from '../../app/paths';

export interface NavLink {
  label: string;
  to: To;
}

/** SPEC §2 header, desktop: Discounts, Contact Us, Join as a Merchant. */
export const desktopNavLinks: readonly NavLink[] = [
  { label: 'Discounts', to: discountsLocation },
  { label: 'Contact Us', to: paths.contactUs },
  { label: 'Join as a Merchant', to: paths.forMerchants },
];

/** SPEC §2 header, mobile side panel: How It Works appears only here. */
export const mobileNavLinks: readonly NavLink[] = [
  { label: 'Discounts', to: discountsLocation },
  { label: 'How It Works', to: paths.howItWorks },
  { label: 'Join as a Merchant', to: paths.forMerchants },
  { label: 'Contact Us', to: paths.contactUs },
];

/** SPEC §2 footer. */
export const footerNavGroups: readonly { heading: string; links: readonly NavLink[] }[] = [
  { heading: 'Students', links: [{ label: 'Browse Discounts', to: discountsLocation }] },
  {
    heading: 'Merchants',
    links: [
      { label: 'How It Works', to: paths.forMerchants },
      { label: 'Partner With Us', to: paths.forMerchants },
    ],
  },
  {
    heading: 'Company',
    links: [
      { label: 'Contact Us', to: paths.contactUs },
      { label: 'Privacy Policy', to: paths.privacyPolicy },
      { label: 'Terms of Service', to: paths.termsOfService },
    ],
  },
];
