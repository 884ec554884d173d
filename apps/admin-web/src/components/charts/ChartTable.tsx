import Box from '@mui/material/Box';

export interface ChartTableProps {
  caption: string;
  columns: string[];
  rows: Array<{ id: string; cells: Array<string | number> }>;
}

/** A chart's numbers as a table behind a disclosure: the same data for screen readers, keyboards and copying. */
export function ChartTable({ caption, columns, rows }: ChartTableProps) {
  return (
    <Box
      component="details"
      sx={{ mt: 1, '& summary': { cursor: 'pointer', color: 'primary.dark', fontSize: 14 } }}
    >
      <summary>Show the numbers</summary>
      <Box
        component="table"
        sx={{
          mt: 1,
          borderCollapse: 'collapse',
          fontSize: 13,
          '& th, & td': { px: 1, py: 0.25, borderBottom: 1, borderColor: 'divider', textAlign: 'right' },
          '& th:first-of-type, & td:first-of-type': { textAlign: 'left' },
          '& caption': { textAlign: 'left', fontWeight: 600, pb: 0.5 },
        }}
      >
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
