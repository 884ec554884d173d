import Box from '@mui/material/Box';
import { OFFICE_ADDRESS } from './company';

/** The Dubai office address as a postal block. */
export function OfficeAddress() {
  return (
    <Box component="address" sx={{ fontStyle: 'normal', lineHeight: 1.7, mb: 2 }}>
      {OFFICE_ADDRESS.map((line) => (
        <Box component="span" key={line} sx={{ display: 'block' }}>
          {line}
        </Box>
      ))}
    </Box>
  );
}
