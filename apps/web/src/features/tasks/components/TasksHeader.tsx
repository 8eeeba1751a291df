import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../ui/RouterLink';

const tabs = [
  { value: 'scheduled', label: 'Tasks', href: '/account/tasks/scheduled/' },
  { value: 'instance', label: 'Runs', href: '/account/tasks/instance/' },
  { value: 'tasklog', label: 'Task log', href: '/account/tasks/tasklog/' },
  { value: 'notifications', label: 'Notifications', href: '/account/tasks/notifications/' },
] as const;

type Props = { current: (typeof tabs)[number]['value']; intro: string };

/** The heading of the task listings: title, "New task", and tabs between the four lists. */
export function TasksHeader({ current, intro }: Props) {
  return (
    <Box sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          Tasks
        </Typography>
        <Button variant="contained" component={RouterLink} href="/account/tasks/new/" startIcon={<AddOutlined />}>
          New task
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 760 }}>
        {intro}
      </Typography>
      <Tabs value={current} variant="scrollable" allowScrollButtonsMobile aria-label="Task lists" sx={{ mt: 2, borderBottom: 1, borderColor: 'divider' }}>
        {tabs.map((tab) => (
          <Tab key={tab.value} value={tab.value} label={tab.label} component={RouterLink} href={tab.href} />
        ))}
      </Tabs>
    </Box>
  );
}
