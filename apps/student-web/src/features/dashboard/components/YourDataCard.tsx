import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PrivacyTipOutlined from '@mui/icons-material/PrivacyTipOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { serverMessage } from '@tullab/web-kit/api/errors';
import { notify } from '@tullab/web-kit/notify';
import { paths } from '../../../app/paths';
import { clearStoredUser } from '@tullab/web-kit/session/stored-user';
import { downloadPersonalData } from '../personal-data';
import { DashboardCard } from './DashboardCard';
import { DeleteAccountDialog } from './DeleteAccountDialog';

/** The student's rights over their data (UAE PDPL, decision 009): a copy of all of it, and deleting the account. */
export function YourDataCard() {
  const { t } = useTranslation('dashboard');
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();

  const download = async () => {
    setDownloading(true);
    try {
      await downloadPersonalData();
    } catch (error) {
      notify(
        t('yourData.downloadFailedTitle'),
        serverMessage(error) ?? t('yourData.downloadFailed'),
        'error',
      );
    } finally {
      setDownloading(false);
    }
  };

  const deleted = () => {
    setConfirming(false);
    clearStoredUser();
    notify(t('yourData.deletedTitle'), t('yourData.deleted'), 'success');
    navigate(paths.home);
  };

  return (
    <DashboardCard
      title={t('yourData.title')}
      icon={<PrivacyTipOutlined />}
      description={t('yourData.description')}
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
          {downloading ? t('yourData.preparing') : t('yourData.download')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteOutline />}
          onClick={() => setConfirming(true)}
        >
          {t('yourData.delete')}
        </Button>
      </Stack>
      <DeleteAccountDialog open={confirming} onClose={() => setConfirming(false)} onDeleted={deleted} />
    </DashboardCard>
  );
}
