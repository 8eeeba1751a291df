import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { QueuedScan } from '../offline-queue';
import { useScanner } from '../hooks/useScanner';

/** Scans the server refused during a sync (a removed service, say): listed with the reason, to discard. */
export function RejectedScans({ userId, count }: { userId: number; count: number }) {
  const { queue } = useScanner();
  const [items, setItems] = useState<QueuedScan[]>([]);
  useEffect(() => {
    let cancelled = false;
    void queue.rejected(userId).then((found) => {
      if (!cancelled) setItems(found);
    });
    return () => {
      cancelled = true;
    };
  }, [queue, userId, count]);
  if (count === 0 || items.length === 0) return null;
  return (
    <Box role="alert" sx={{ mx: 2, mt: 2, p: 2, borderRadius: 2, bgcolor: '#fff4e5', color: '#663c00', border: '1px solid #ffd8a8' }}>
      <Typography sx={{ fontWeight: 600 }}>{items.length === 1 ? 'One scan could not be sent' : `${items.length} scans could not be sent`}</Typography>
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, fontSize: 14 }}>
        {items.slice(0, 5).map((item) => (
          <li key={item.clientScanId}>
            <strong>{item.scan.value}</strong>: {item.rejected}
          </li>
        ))}
      </Box>
      <Button size="small" color="inherit" sx={{ mt: 1 }} onClick={() => void queue.discard(userId, items.map((item) => item.clientScanId))}>
        Discard {items.length === 1 ? 'it' : 'them'}
      </Button>
    </Box>
  );
}
