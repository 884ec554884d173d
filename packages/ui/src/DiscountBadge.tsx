import type { DiscountLabel } from './display';
import './DiscountBadge.css';

/**
 * The offer's big label ('20% OFF', 'AED 50 OFF', 'FREE SHIPPING', 'Offer'), SPEC §4 "Offer card display". The spaces
 * between the parts make it read as words; flex layout ignores them on screen.
 */
export function DiscountBadge({
  label,
  size = 'medium',
}: {
  label: DiscountLabel;
  size?: 'medium' | 'large';
}) {
  return (
    <div className={`discount-badge discount-badge-${size}`}>
      <span className="discount-badge-amount">
        <span className="discount-badge-value">{label.value}</span>
        {label.suffix ? (
          <>
            {' '}
            <span className="discount-badge-suffix">{label.suffix}</span>
          </>
        ) : null}
      </span>
      {label.caption ? (
        <>
          {' '}
          <span className="discount-badge-caption">{label.caption}</span>
        </>
      ) : null}
    </div>
  );
}
