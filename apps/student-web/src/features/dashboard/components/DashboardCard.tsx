import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** One titled card of the dashboard; the title is the section's h2. */
export function DashboardCard({
  title,
  icon,
  description,
  children,
}: {
  title: string;
  icon: ReactNode;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card component="section" variant="outlined" aria-labelledby={id} sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: description ? 0.5 : 2 }}>
          <Stack aria-hidden="true" sx={{ color: 'primary.dark' }}>
            {icon}
          </Stack>
          <Typography id={id} component="h2" variant="h6">
            {title}
          </Typography>
        </Stack>
        {description ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {description}
          </Typography>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}
