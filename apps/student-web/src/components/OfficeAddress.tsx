import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { OFFICE_ADDRESS } from './company';

/** The Dubai office address as a postal block, in the page's language. */
export function OfficeAddress() {
  const { t } = useTranslation();
  return (
    <Box component="address" sx={{ fontStyle: 'normal', lineHeight: 1.7, mb: 2 }}>
      {OFFICE_ADDRESS.map((line) => (
        <Box component="span" key={line} sx={{ display: 'block' }}>
          {t(`officeAddress.${line}`)}
        </Box>
      ))}
    </Box>
  );
}
