// One colour per outcome word across screens: green done, red failed, yellow waiting, grey inactive.
import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  completed: 'green', succeeded: 'green', verified: 'green', ready: 'green', loaded: 'green', active: 'green', approve: 'green', online: 'green', decided: 'green',
  failed: 'red', rejected: 'red', reject: 'red', abandoned: 'red', refused: 'red', offline: 'red', not_verified: 'red', error: 'red',
  interrupted: 'yellow', pending: 'yellow', queued: 'yellow', processing: 'blue', running: 'blue', retrying: 'orange', edit: 'blue', respond: 'grape',
  paused: 'gray', cancelled: 'gray', skipped: 'gray', expired: 'gray',
};

export function StatusBadge({ value }: { value: string | null | undefined }) {
  if (!value) return <Badge color="gray" variant="light" miw="max-content">none</Badge>;
  return (
    <Badge color={COLORS[value] ?? 'gray'} variant="light" miw="max-content">
      {value.replaceAll('_', ' ')}
    </Badge>
  );
}
