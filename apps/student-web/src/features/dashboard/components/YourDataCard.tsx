import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PrivacyTipOutlined from '@mui/icons-material/PrivacyTipOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { serverMessage } from '../../../app/api';
import { notify } from '../../../app/notify';
import { paths } from '../../../app/paths';
import { clearStoredUser } from '../../auth/stored-user';
import { downloadPersonalData } from '../personal-data';
import { DashboardCard } from './DashboardCard';
import { DeleteAccountDialog } from './DeleteAccountDialog';

/** The student's rights over their data (UAE PDPL, decision 009): a copy of all of it, and deleting the account. */
export function YourDataCard() {
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();

  const download = async () => {
    setDownloading(true);
    try {
      await downloadPersonalData();
    } catch (error) {
      notify(
        'Download Failed',
        serverMessage(error) ?? 'Your data could not be prepared. Please try again.',
        'error',
      );
    } finally {
      setDownloading(false);
    }
  };

  const deleted = () => {
    setConfirming(false);
    clearStoredUser();
    notify('Account Deleted', 'Your account and personal data have been deleted.', 'success');
    navigate(paths.home);
  };

  return (
    <DashboardCard
      title="Your Data"
      icon={<PrivacyTipOutlined />}
      description="Download a copy of everything Tullab holds about you, or delete your account."
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        <Button
          variant="outlined"
          onClick={() => void download()}
          disabled={downloading}
          aria-busy={downloading}
          startIcon={
            downloading ? (
              <CircularProgress size={18} color="inherit" aria-hidden="true" />
            ) : (
              <DownloadOutlined />
            )
          }
        >
          {downloading ? 'Preparing download...' : 'Download my data'}
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteOutline />}
          onClick={() => setConfirming(true)}
        >
          Delete my account
        </Button>
      </Stack>
      <DeleteAccountDialog open={confirming} onClose={() => setConfirming(false)} onDeleted={deleted} />
    </DashboardCard>
  );
}
