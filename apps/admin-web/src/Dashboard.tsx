import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Title, useGetIdentity, usePermissions } from 'react-admin';

const COMING_NEXT = [
  'Student verifications: review uploaded documents and approve or reject them.',
  'Institutions: the UAE university domains that verify by e-mail code.',
  'Offers and merchant applications from partner brands.',
  'Contact messages, students and the audit log.',
];

/** The console's home page until the resources arrive. */
export function Dashboard() {
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<string>();

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Dashboard" />
      <CardContent>
        <Typography component="h1" variant="h4" gutterBottom>
          Tullab staff console
        </Typography>
        {identity ? (
          <Typography color="text.secondary" gutterBottom>
            Signed in as {identity.fullName}
            {permissions ? ` (${permissions})` : ''}
          </Typography>
        ) : null}
        <Typography component="h2" variant="h6" sx={{ mt: 3 }}>
          Coming soon to this console
        </Typography>
        <List dense>
          {COMING_NEXT.map((item) => (
            <ListItem key={item} disableGutters>
              <ListItemText primary={item} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
