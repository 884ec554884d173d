import Box from '@mui/material/Box';
import { useState } from 'react';
import { brandInitials } from '../offer-display';

export interface BrandLogoProps {
  name: string;
  src: string | null;
  /** the square's side in px; the image is reserved at this size so nothing moves when it arrives */
  size: number;
  /** a purely decorative copy (e.g. the carousel's repeated logos): hidden from assistive technology */
  decorative?: boolean;
}

/** A brand's logo, loaded lazily at a fixed size; the brand's initials stand in when it has none or it fails. */
export function BrandLogo({ name, src, size, decorative = false }: BrandLogoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const frame = {
    width: size,
    height: size,
    flexShrink: 0,
    borderRadius: 2,
    border: 1,
    borderColor: 'divider',
    bgcolor: 'common.white',
    overflow: 'hidden',
  } as const;

  if (!src || failedSrc === src) {
    return (
      <Box
        {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': `${name} logo` })}
        sx={{
          ...frame,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.light',
          color: 'secondary.main',
          fontWeight: 800,
          fontSize: size * 0.36,
        }}
      >
        {brandInitials(name)}
      </Box>
    );
  }
  return (
    <Box sx={{ ...frame, p: 0.5 }}>
      <img
        src={src}
        alt={decorative ? '' : `${name} logo`}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        onError={() => setFailedSrc(src)}
        style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
      />
    </Box>
  );
}
