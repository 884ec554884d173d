import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { INSTITUTION_MIN_STUDENTS, type InstitutionBreakdown } from '@tullab/contracts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format';

/**
 * Where the students who revealed the brand's codes in one month study (decision 017). Only what the server released
 * is shown: institutions with at least INSTITUTION_MIN_STUDENTS students that no other view of the month contradicts
 * by a few, and "Other institutions" as the range its rounded count stands for ("fewer than 5", "10–14").
 */
export function InstitutionsTable({ breakdown }: { breakdown: InstitutionBreakdown }) {
  const { t } = useTranslation('merchant');
  const format = useFormat();
  const min = INSTITUTION_MIN_STUDENTS;
  if (breakdown.institutions.length === 0 && breakdown.others === 0)
    return <Typography>{t('institutions.none', { min, month: format.month(breakdown.period) })}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('institutions.title')} data-testid="merchant-institutions">
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('institutions.institution')}</TableCell>
            <TableCell scope="col" align="right">
              {t('institutions.students')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {breakdown.institutions.map((row) => (
            <TableRow key={row.institution}>
              <TableCell component="th" scope="row">
                <bdi>{row.institution}</bdi>
              </TableCell>
              <TableCell align="right">{format.number(row.students)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row" sx={{ fontStyle: 'italic' }}>
              {t('institutions.others')}
            </TableCell>
            <TableCell align="right">
              {breakdown.others === 0
                ? t('institutions.othersFew', { min })
                : t('institutions.othersRange', {
                    from: format.number(breakdown.others),
                    to: format.number(breakdown.others + min - 1),
                  })}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
