import Box from '@mui/material/Box';

const variables = [
  ['SCAN_VALUE', 'the scanned value'],
  ['USER_NAME', 'who scanned'],
  ['USER_ID', 'their user id'],
  ['SERVICE_ID', 'the service'],
] as const;

/** Helper text of a response field: what the scanner shows and the variables it may use. */
export function ResponseVariablesHint() {
  return (
    <Box component="span">
      Shown on the scanner after the scan. You may use{' '}
      {variables.map(([name, meaning], index) => (
        <Box component="span" key={name}>
          <Box component="code" sx={{ fontSize: 12, bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 }}>
            {name}
          </Box>{' '}
          ({meaning}){index < variables.length - 1 ? ', ' : '.'}
        </Box>
      ))}
    </Box>
  );
}
