import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * SPEC §1 trust points: a student database of 1M+, trusted brand partners and student-only savings. Each has a
 * title and a text under `trust.<key>` in the `home` catalogue.
 */
const TRUST_POINTS: readonly { icon: ReactNode; key: string }[] = [
  { icon: <GroupsOutlinedIcon />, key: 'students' },
  { icon: <HandshakeOutlinedIcon />, key: 'brands' },
  { icon: <SchoolOutlinedIcon />, key: 'studentsOnly' },
];

/** The hero's trust indicators, styled by index.html like the rest of the hero (see HomePage). */
export function TrustIndicators() {
  const { t } = useTranslation('home');
  return (
    <ul className="trust-points" aria-label={t('trust.label')}>
      {TRUST_POINTS.map(({ icon, key }) => (
        <li className="trust-point" key={key}>
          <span className="trust-point-icon" aria-hidden="true">
            {icon}
          </span>
          <div>
            <p className="trust-point-title">{t(`trust.${key}.title`)}</p>
            <p className="trust-point-text">{t(`trust.${key}.text`)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
