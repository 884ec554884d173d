import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import type { Loaded } from '../hooks/use-loaded';

export interface LoadStateProps<T> {
  loaded: Loaded<T>;
  /** what is loading, for screen readers ("Loading pending reviews") */
  label: string;
  /** the placeholder's height while loading */
  height?: number;
  children: (data: T) => ReactNode;
}

/** The three states of a custom read: a placeholder while loading, the error with a way to try again, the data. */
export function LoadState<T>({ loaded, label, height = 120, children }: LoadStateProps<T>) {
  if (loaded.error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={loaded.reload}>
            Try again
          </Button>
        }
      >
        {loaded.error.message || 'Something went wrong'}
      </Alert>
    );
  }
  if (loaded.data === undefined) {
    return <Skeleton variant="rounded" height={height} aria-label={label} role="progressbar" />;
  }
  return <>{children(loaded.data)}</>;
}
