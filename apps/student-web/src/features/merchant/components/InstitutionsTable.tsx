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
 * Where the students who revealed the brand's codes study. Institutions with fewer than INSTITUTION_MIN_STUDENTS
 * students are not named (their students are in "Other institutions"), so no student can be singled out.
 */
export function InstitutionsTable({ breakdown }: { breakdown: InstitutionBreakdown }) {
  const { t } = useTranslation('merchant');
  const format = useFormat();
  const total = breakdown.institutions.reduce((sum, row) => sum + row.students, breakdown.others);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('institutions.note', { min: INSTITUTION_MIN_STUDENTS })}
      </Typography>
      {total === 0 ? (
        <Typography>{t('institutions.none')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('institutions.title')} data-testid="merchant-institutions">
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t('institutions.institution')}</TableCell>
                <TableCell scope="col" align="right">
                  {t('institutions.students')}
                </TableCell>
                <TableCell scope="col" align="right">
                  {t('institutions.share')}
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
                  <TableCell align="right">{format.percent(row.students, total)}</TableCell>
                </TableRow>
              ))}
              {breakdown.others > 0 ? (
                <TableRow>
                  <TableCell component="th" scope="row" sx={{ fontStyle: 'italic' }}>
                    {t('institutions.others')}
                  </TableCell>
                  <TableCell align="right">{format.number(breakdown.others)}</TableCell>
                  <TableCell align="right">{format.percent(breakdown.others, total)}</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
