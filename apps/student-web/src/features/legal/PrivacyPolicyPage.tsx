import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../app/paths';
import { COMPANY_NAME, PRIVACY_EMAIL, SUPPORT_EMAIL } from '../../components/company';
import { OfficeAddress } from '../../components/OfficeAddress';
import { LegalPage, type LegalDocument } from './LegalPage';

/** SPEC §2: effective September 2025, last updated 26 September 2025. */
export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  effective: 'September 2025',
  lastUpdated: '26 September 2025',
  sections: [
    {
      id: 'introduction',
      heading: 'Introduction',
      body: (
        <>
          <p>
            Tullab is operated by {COMPANY_NAME}, a company licensed in Dubai Silicon Oasis, Dubai, United
            Arab Emirates (&quot;Tullab&quot;, &quot;we&quot;, &quot;us&quot;). Tullab is a student offer
            platform: it verifies that users are students in the UAE and gives them access to discounts and
            referral offers from partner brands.
          </p>
          <p>
            This Privacy Policy explains what personal data we collect when you use our website and services,
            why we collect it, who we share it with, how we protect it and the rights you have. We process
            personal data in line with the UAE Federal Decree-Law No. 45 of 2021 on the Protection of Personal
            Data (the &quot;PDPL&quot;) and its implementing regulations. {COMPANY_NAME} is the controller of
            the personal data described in this policy.
          </p>
          <p>
            By creating an account or using Tullab you acknowledge this policy. Where we rely on your consent,
            we ask for it separately, and you can withdraw it at any time.
          </p>
        </>
      ),
    },
    {
      id: 'information-we-collect',
      heading: 'Information We Collect',
      body: (
        <>
          <p>We collect the following categories of personal data:</p>
          <ul>
            <li>
              <strong>Account information:</strong> your first and last name, personal e-mail address, mobile
              phone number and password (which we store only in a securely hashed form).
            </li>
            <li>
              <strong>Student verification information:</strong> your student e-mail address and the name or
              domain of your institution, the one-time codes we send to that address (stored only in hashed
              form), and, if you choose to verify by document, the document you upload (for example a student
              ID card, enrollment letter, passport, Emirates ID or transcript) with its type, together with
              your verification status and the date it was granted or expires.
            </li>
            <li>
              <strong>Marketing preferences:</strong> whether you agreed to receive offers by e-mail and by
              WhatsApp.
            </li>
            <li>
              <strong>Offer activity:</strong> the offers you open, redeem, copy or share and the referral
              links you follow, with the time of each action.
            </li>
            <li>
              <strong>Messages:</strong> what you send us through the contact form or by e-mail, and your name
              and e-mail address with it.
            </li>
            <li>
              <strong>Technical information:</strong> your IP address, browser type, device information, the
              pages you visit and the session cookie that keeps you signed in.
            </li>
            <li>
              <strong>Merchant contacts:</strong> if you apply to list a brand, the contact name, e-mail
              address and phone number given in the application.
            </li>
          </ul>
          <p>
            We collect this information directly from you, from your use of the service, and from the e-mail
            provider of your institution only to the extent that a verification code is delivered to your
            student mailbox. We do not knowingly collect special categories of personal data beyond what
            appears on a document you choose to upload.
          </p>
        </>
      ),
    },
    {
      id: 'how-we-use-your-information',
      heading: 'How We Use Your Information',
      body: (
        <>
          <p>We use personal data for the following purposes and on the following grounds:</p>
          <ul>
            <li>
              <strong>To provide the service</strong> (performance of our agreement with you): creating and
              managing your account, signing you in, showing offers and issuing discount codes and referral
              links.
            </li>
            <li>
              <strong>To verify that you are a student</strong> (performance of our agreement and our
              legitimate interest in keeping student-only offers for students): sending and checking codes to
              your student e-mail, and having our team review documents you upload.
            </li>
            <li>
              <strong>To keep Tullab secure</strong> (legitimate interests and legal obligations): preventing
              fraud, abuse of offers and unauthorised access, and keeping records of verification decisions.
            </li>
            <li>
              <strong>To communicate with you</strong>: service e-mails such as verification codes, password
              resets, decisions on your verification and replies to your messages.
            </li>
            <li>
              <strong>To send marketing</strong> (your consent): offers and news by e-mail or WhatsApp, only
              if you opted in. You can change this at any time from your dashboard.
            </li>
            <li>
              <strong>To improve Tullab and report to partners</strong> (legitimate interests): understanding
              which offers are used. Reports to partner brands contain aggregated figures, not your identity.
            </li>
            <li>
              <strong>To comply with the law</strong>: responding to lawful requests of UAE authorities and
              meeting record-keeping duties.
            </li>
          </ul>
          <p>
            We do not use your personal data for automated decisions that have legal or similarly significant
            effects on you.
          </p>
        </>
      ),
    },
    {
      id: 'information-sharing',
      heading: 'Information Sharing',
      body: (
        <>
          <p>We do not sell your personal data. We share it only as follows:</p>
          <ul>
            <li>
              <strong>Service providers</strong> who host our systems, store files and deliver e-mail and
              messages on our behalf, under written agreements that require them to protect the data and use
              it only on our instructions.
            </li>
            <li>
              <strong>Partner brands</strong> receive aggregated and anonymised statistics about their offers.
              When you follow a referral link or use a discount code on a brand&apos;s own website, that brand
              processes your data under its own privacy policy.
            </li>
            <li>
              <strong>Authorities</strong>, courts and regulators in the UAE where the law requires it or to
              protect the rights, property or safety of Tullab, our users or others.
            </li>
            <li>
              <strong>A successor business</strong> if Tullab is reorganised, merged or sold, subject to this
              policy.
            </li>
          </ul>
          <p>
            Where personal data is transferred outside the UAE, we do so only to countries with an adequate
            level of protection or under safeguards permitted by the PDPL, such as contractual clauses that
            bind the recipient to equivalent protection.
          </p>
        </>
      ),
    },
    {
      id: 'data-security',
      heading: 'Data Security',
      body: (
        <>
          <p>
            We protect personal data with technical and organisational measures appropriate to the risk,
            including encrypted connections (HTTPS), passwords and one-time codes stored only as hashes,
            limits on repeated sign-in and code attempts, private storage for uploaded documents that only
            authorised staff can open, and a record of every staff decision on a verification.
          </p>
          <p>
            We keep personal data only as long as we need it for the purposes above: account data while your
            account is open, verification documents for as long as needed to review them and to handle any
            question about the decision, and records we must keep by law for the period the law sets. We then
            delete or anonymise it.
          </p>
          <p>
            No system is completely secure. If a personal data breach puts your rights at risk, we will inform
            you and the UAE Data Office as the PDPL requires.
          </p>
        </>
      ),
    },
    {
      id: 'your-rights',
      heading: 'Your Rights',
      body: (
        <>
          <p>Under the PDPL you have the right to:</p>
          <ul>
            <li>obtain information about, and a copy of, the personal data we hold about you;</li>
            <li>
              receive your personal data in a structured, machine-readable format and have it transmitted to
              another controller;
            </li>
            <li>have inaccurate personal data corrected and incomplete data completed;</li>
            <li>have your personal data erased where it is no longer needed or was processed unlawfully;</li>
            <li>restrict processing while the accuracy or lawfulness of processing is being checked;</li>
            <li>object to processing for direct marketing or based on our legitimate interests;</li>
            <li>
              withdraw your consent at any time, without affecting processing carried out before the
              withdrawal.
            </li>
          </ul>
          <p>
            You can update your name, phone number and marketing choices yourself on your{' '}
            <Link component={RouterLink} to={paths.dashboard}>
              dashboard
            </Link>
            . For any other request, write to <Link href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</Link>.
            We may ask you to confirm your identity and will answer within 30 days. If you are not satisfied
            with our answer, you may complain to the UAE Data Office.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      body: (
        <>
          <p>Tullab uses only what it needs to work:</p>
          <ul>
            <li>
              <strong>Session cookie:</strong> keeps you signed in; it cannot be read by scripts and ends when
              you log out or the session expires.
            </li>
            <li>
              <strong>Password reset cookie:</strong> links the steps of a password reset; it lasts at most 10
              minutes.
            </li>
            <li>
              <strong>Browser storage:</strong> your basic account details, and the details you enter while
              signing up or verifying, are kept in your browser so that the next screen can use them. Logging
              out removes your account details from the browser.
            </li>
          </ul>
          <p>
            We do not use advertising or third-party tracking cookies. Offer statistics are collected by
            Tullab itself. You can block or delete cookies in your browser settings, but you will not be able
            to sign in without the session cookie.
          </p>
        </>
      ),
    },
    {
      id: 'updates-to-this-policy',
      heading: 'Updates to This Policy',
      body: (
        <p>
          We may update this Privacy Policy when our services or the law change. We will post the new version
          on this page with a new &quot;Last updated&quot; date and, where the changes are significant, tell
          you by e-mail or on the website before they take effect.
        </p>
      ),
    },
    {
      id: 'contact-us',
      heading: 'Contact Us',
      body: (
        <>
          <p>
            For questions about this policy or your personal data, contact us at{' '}
            <Link href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</Link> (general support:{' '}
            <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>), through our{' '}
            <Link component={RouterLink} to={paths.contactUs}>
              contact form
            </Link>
            , or by post at:
          </p>
          <OfficeAddress />
        </>
      ),
    },
  ],
};

export function PrivacyPolicyPage() {
  return <LegalPage document={privacyPolicy} />;
}
