import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.45; }
  100% { opacity: 1; }
`;

/**
 * A grey block standing in for content that is loading, at the content's size so nothing moves when it arrives.
 * (MUI's Skeleton does the same, but this one keeps the home page's first load smaller.)
 */
export function Placeholder({
  width = '100%',
  height = 16,
}: {
  width?: number | string;
  height?: number | string;
}) {
  return (
    <Box
      aria-hidden
      sx={{
        width,
        height,
        borderRadius: 1,
        bgcolor: 'rgba(0, 0, 0, 0.08)',
        animation: `${pulse} 1.6s ease-in-out infinite`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    />
  );
}
