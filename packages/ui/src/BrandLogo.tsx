import { useState } from 'react';
import { brandInitials } from './display';
import './BrandLogo.css';

export interface BrandLogoProps {
  name: string;
  src: string | null;
  /** the square's side in px; the image is reserved at this size so nothing moves when it arrives */
  size: number;
  /** what assistive technology reads for it; 'Desert Bloom logo' unless given */
  label?: string;
  /** a purely decorative copy (e.g. the carousel's repeated logos): hidden from assistive technology */
  decorative?: boolean;
}

/** A brand's logo, loaded lazily at a fixed size; the brand's initials stand in when it has none or it fails. */
export function BrandLogo({ name, src, size, label = `${name} logo`, decorative = false }: BrandLogoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src || failedSrc === src) {
    return (
      <div
        className="brand-logo brand-logo-initials"
        role={decorative ? undefined : 'img'}
        aria-hidden={decorative || undefined}
        aria-label={decorative ? undefined : label}
        style={{ width: size, height: size, fontSize: size * 0.36 }}
      >
        {brandInitials(name)}
      </div>
    );
  }
  return (
    <div className="brand-logo" style={{ width: size, height: size }}>
      <img
        src={src}
        alt={decorative ? '' : label}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        onError={() => setFailedSrc(src)}
      />
    </div>
  );
}
