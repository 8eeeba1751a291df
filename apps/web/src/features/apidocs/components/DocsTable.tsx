import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } as const;

/** A small reference table of the docs (error codes and the like): a bold first column, text in the others; on a phone it scrolls sideways inside itself, not the page. */
export function DocsTable({ label, head, rows, monoFirst = false }: { label: string; head: readonly string[]; rows: readonly (readonly [string, ...ReactNode[]])[]; monoFirst?: boolean }) {
  return (
    // Focusable, so that a keyboard can scroll it when it is wider than the screen (axe: scrollable-region-focusable).
    <TableContainer tabIndex={0} role="region" aria-label={label}>
      <Table size="small" aria-label={label} sx={{ '& td, & th': { overflowWrap: 'anywhere' } }}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([key, ...cells]) => (
            <TableRow key={key}>
              <TableCell sx={{ ...(monoFirst ? mono : {}), fontWeight: 600 }}>{key}</TableCell>
              {cells.map((cell, i) => (
                <TableCell key={i}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
