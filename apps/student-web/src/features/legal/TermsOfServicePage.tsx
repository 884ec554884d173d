import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../app/paths';
import { COMPANY_NAME, SUPPORT_EMAIL } from '../../components/company';
import { OfficeAddress } from '../../components/OfficeAddress';
import { LegalPage, type LegalDocument } from './LegalPage';

/** SPEC §2: effective October 2025, last updated 8 October 2025; UAE law, Dubai courts. */
export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  effective: 'October 2025',
  lastUpdated: '8 October 2025',
  sections: [
    {
      id: 'acceptance-of-terms',
      heading: 'Acceptance of Terms',
      body: (
        <>
          <p>
            These Terms of Service (the &quot;Terms&quot;) govern your use of the Tullab website and services,
            operated by {COMPANY_NAME}, Dubai Silicon Oasis, Dubai, United Arab Emirates (&quot;Tullab&quot;,
            &quot;we&quot;, &quot;us&quot;). By creating an account, or by browsing or using Tullab, you agree
            to these Terms and to our{' '}
            <Link component={RouterLink} to={paths.privacyPolicy}>
              Privacy Policy
            </Link>
            . If you do not agree, do not use Tullab.
          </p>
        </>
      ),
    },
    {
      id: 'service-description',
      heading: 'Service Description',
      body: (
        <>
          <p>
            Tullab is a student offer platform for the UAE. Anyone may browse the offers; verified students
            can redeem discount codes and open referral links that give access to exclusive savings from
            partner brands. Brands can apply through our merchant page to publish offers at no cost to them or
            to students.
          </p>
          <p>
            Tullab is an intermediary. Products and services bought with an offer are sold by the partner
            brand, under the brand&apos;s own terms, and the brand alone is responsible for them, including
            their price, quality, delivery, returns and warranty.
          </p>
        </>
      ),
    },
    {
      id: 'eligibility',
      heading: 'Eligibility',
      body: (
        <>
          <p>To create an account and redeem offers you must:</p>
          <ul>
            <li>
              be currently enrolled as a student at a university, college or other educational institution in
              the UAE;
            </li>
            <li>be at least 18 years old to redeem an offer;</li>
            <li>give accurate, current and complete information, and keep it up to date;</li>
            <li>hold only one Tullab account.</li>
          </ul>
          <p>Offers are for your personal, non-commercial use.</p>
        </>
      ),
    },
    {
      id: 'student-verification',
      heading: 'Student Verification',
      body: (
        <>
          <p>
            Before you can redeem offers you must verify your student status, either with a 6-digit code sent
            to your student e-mail address issued by a UAE educational institution, or by uploading a document
            that proves your enrollment (a student ID card, enrollment letter, passport, Emirates ID or
            academic transcript). Documents are reviewed by our team, normally within 24 hours.
          </p>
          <p>
            A student e-mail address can verify only one account. Verification lasts for a limited period,
            normally 12 months, after which you will be asked to verify again. We may ask you to re-verify at
            any time if we have reason to believe your status has changed.
          </p>
          <p>
            Giving false information or a forged, altered or someone else&apos;s document is a serious breach
            of these Terms: we will reject the verification, may close your account and may report the matter
            to the authorities.
          </p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable Use',
      body: (
        <>
          <p>You agree not to:</p>
          <ul>
            <li>
              share, publish, sell or trade discount codes or referral links, or let anyone else use your
              account;
            </li>
            <li>create more than one account or use another person&apos;s student e-mail or documents;</li>
            <li>use bots, scrapers or other automated means to access Tullab or collect offers;</li>
            <li>
              try to gain unauthorised access to Tullab, interfere with its security or operation, or test its
              vulnerabilities without our written permission;
            </li>
            <li>use Tullab for anything unlawful in the UAE or contrary to public order and morals.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'discount-terms-and-limitations',
      heading: 'Discount Terms and Limitations',
      body: (
        <>
          <p>Unless an offer states otherwise:</p>
          <ul>
            <li>
              offers are available only to verified students with a UAE educational e-mail address or an
              approved document;
            </li>
            <li>one code per student account per offer;</li>
            <li>
              codes may be used for a single transaction and cannot be combined with other offers or
              promotions;
            </li>
            <li>offers are non-transferable, have no cash value and are non-refundable;</li>
            <li>prices and discounts are in UAE Dirhams (AED);</li>
            <li>the partner brand&apos;s own terms, shown on each offer, also apply.</li>
          </ul>
          <p>
            Offers are set by partner brands and may change, run out or end before their stated expiry date.
            We do our best to keep offers accurate but cannot guarantee that a brand will honour a code, and a
            brand may refuse an offer used in breach of these Terms or its own terms.
          </p>
        </>
      ),
    },
    {
      id: 'account-management',
      heading: 'Account Management',
      body: (
        <>
          <p>
            You are responsible for keeping your password confidential and for everything done with your
            account. Tell us at once at <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link> if you
            think someone else has used it. You can update your details and marketing preferences on your{' '}
            <Link component={RouterLink} to={paths.dashboard}>
              dashboard
            </Link>
            , and you may ask us to close your account at any time.
          </p>
          <p>
            We may suspend or close an account, and withdraw access to offers, if you breach these Terms, if
            your student status can no longer be verified, or if we must do so by law. Where reasonable we
            will tell you why.
          </p>
        </>
      ),
    },
    {
      id: 'limitation-of-liability',
      heading: 'Limitation of Liability',
      body: (
        <>
          <p>
            Tullab is provided &quot;as is&quot; and &quot;as available&quot;. To the fullest extent permitted
            by UAE law, we make no warranty that the service will be uninterrupted or error-free or that any
            offer will be available, and we are not liable for any indirect or consequential loss, loss of
            profit or data, or for the acts, omissions, products or services of partner brands.
          </p>
          <p>
            Where we are liable to you, our liability is limited to direct loss that was reasonably
            foreseeable when the loss arose. Nothing in these Terms limits liability that cannot be limited
            under UAE law, including liability for fraud or wilful misconduct.
          </p>
        </>
      ),
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual Property',
      body: (
        <p>
          The Tullab name, logo, website, software and content are owned by {COMPANY_NAME} or its licensors
          and are protected by UAE and international intellectual property laws. Brand names and logos shown
          with offers belong to their owners and are used with their permission. You may not copy, modify,
          distribute or use any of them without written consent, except to use the service as intended.
        </p>
      ),
    },
    {
      id: 'modifications-to-terms',
      heading: 'Modifications to Terms',
      body: (
        <p>
          We may change these Terms when our services or the law change. We will post the new version on this
          page with a new &quot;Last updated&quot; date and, for significant changes, notify you by e-mail or
          on the website before they take effect. Continuing to use Tullab after the changes take effect means
          you accept them.
        </p>
      ),
    },
    {
      id: 'governing-law',
      heading: 'Governing Law',
      body: (
        <p>
          These Terms and any dispute arising from or related to them or to your use of Tullab are governed by
          the federal laws of the United Arab Emirates and the laws of the Emirate of Dubai. The courts of
          Dubai have exclusive jurisdiction over any such dispute.
        </p>
      ),
    },
    {
      id: 'contact-information',
      heading: 'Contact Information',
      body: (
        <>
          <p>
            Questions about these Terms? Write to{' '}
            <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>, use our{' '}
            <Link component={RouterLink} to={paths.contactUs}>
              contact form
            </Link>
            , or write to:
          </p>
          <OfficeAddress />
        </>
      ),
    },
  ],
};

export function TermsOfServicePage() {
  return <LegalPage document={termsOfService} />;
}
