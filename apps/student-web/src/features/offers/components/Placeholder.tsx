import './Placeholder.css';

/**
 * A grey block standing in for content that is loading, at the content's size so nothing moves when it arrives.
 * (MUI's Skeleton does the same, but this one is plain CSS and keeps the home page's first load smaller.)
 */
export function Placeholder({
  width = '100%',
  height = 16,
}: {
  width?: number | string;
  height?: number | string;
}) {
  return <div className="placeholder" aria-hidden="true" style={{ width, height }} />;
}
