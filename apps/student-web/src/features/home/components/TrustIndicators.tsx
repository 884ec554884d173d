import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** SPEC §1 trust points: a student database of 1M+, trusted brand partners and student-only savings. */
const TRUST_POINTS: readonly { icon: ReactNode; title: string; text: string }[] = [
  { icon: <GroupsOutlinedIcon />, title: '1M+ students', text: 'A student database of over a million' },
  { icon: <HandshakeOutlinedIcon />, title: 'Trusted brands', text: 'Offers from brand partners you know' },
  { icon: <SchoolOutlinedIcon />, title: 'Students only', text: 'Savings reserved for verified students' },
];

/** The hero's trust indicators. */
export function TrustIndicators() {
  return (
    <Box
      component="ul"
      aria-label="Why students trust Tullab"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mt: { xs: 5, md: 7 },
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {TRUST_POINTS.map(({ icon, title, text }) => (
        <Box
          component="li"
          key={title}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            p: 2,
            borderRadius: 2,
            bgcolor: 'rgba(255, 255, 255, 0.8)',
            border: 1,
            borderColor: 'divider',
            textAlign: 'left',
          }}
        >
          <Box
            aria-hidden
            sx={{
              width: 44,
              height: 44,
              borderRadius: '50%',
              flexShrink: 0,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'primary.light',
              color: 'secondary.main',
            }}
          >
            {icon}
          </Box>
          <Box>
            <Typography sx={{ fontWeight: 800 }}>{title}</Typography>
            <Typography variant="body2" color="text.secondary">
              {text}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
