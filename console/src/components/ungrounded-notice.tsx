// The warning beside an answer that rests on no tool result of its run although tools were offered (the text comes from the API).
import { Alert } from '@mantine/core';

export function UngroundedNotice({ notice }: { notice: string }) {
  return (
    <Alert color="orange" variant="light" p="xs" mt={4} data-testid="ungrounded-notice" title="Not backed by any tool">
      {notice}
    </Alert>
  );
}
