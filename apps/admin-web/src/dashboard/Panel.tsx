import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LinkBase } from 'react-admin';
import { LoadState } from '../components/LoadState';
import type { Loaded } from '../hooks/use-loaded';

export interface PanelProps {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  /** spans both columns of the dashboard */
  wide?: boolean;
}

/** One titled card of the dashboard (a level-2 heading), with an optional action beside the title. */
export function Panel({ title, action, children, wide = false }: PanelProps) {
  return (
    <Card
      component="section"
      variant="outlined"
      sx={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }}
    >
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1.5 }}>
          <Typography component="h2" variant="h6">
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

export interface QueuePanelProps<T> {
  title: string;
  /** the console page of the queue, and the link's text */
  to: string;
  linkLabel: string;
  /** the prominent link, for the queue staff work through first */
  primary?: boolean;
  loaded: Loaded<T>;
  /** what is loading, for screen readers ("Loading code reports") */
  loadingLabel: string;
  children: (data: T) => ReactNode;
}

/** A wide panel of what waits in one queue: its counts once loaded, and a link to work through it. */
export function QueuePanel<T>({
  title,
  to,
  linkLabel,
  primary = false,
  loaded,
  loadingLabel,
  children,
}: QueuePanelProps<T>) {
  return (
    <Panel
      title={title}
      wide
      action={
        <Button component={LinkBase} to={to} variant={primary ? 'contained' : 'text'} size="small">
          {linkLabel}
        </Button>
      }
    >
      <LoadState loaded={loaded} label={loadingLabel} height={88}>
        {children}
      </LoadState>
    </Panel>
  );
}
