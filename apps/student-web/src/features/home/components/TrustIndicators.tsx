import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import type { ReactNode } from 'react';

/** SPEC §1 trust points: a student database of 1M+, trusted brand partners and student-only savings. */
const TRUST_POINTS: readonly { icon: ReactNode; title: string; text: string }[] = [
  { icon: <GroupsOutlinedIcon />, title: '1M+ students', text: 'A student database of over a million' },
  { icon: <HandshakeOutlinedIcon />, title: 'Trusted brands', text: 'Offers from brand partners you know' },
  { icon: <SchoolOutlinedIcon />, title: 'Students only', text: 'Savings reserved for verified students' },
];

/** The hero's trust indicators, styled by index.html like the rest of the hero (see HomePage). */
export function TrustIndicators() {
  return (
    <ul className="trust-points" aria-label="Why students trust Tullab">
      {TRUST_POINTS.map(({ icon, title, text }) => (
        <li className="trust-point" key={title}>
          <span className="trust-point-icon" aria-hidden="true">
            {icon}
          </span>
          <div>
            <p className="trust-point-title">{title}</p>
            <p className="trust-point-text">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
