// Sign-in with an access token; the token goes to session storage only (never the URL), so closing the tab signs out.
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Center, Code, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../auth/session.tsx';
import { errorMessage } from '../components/states.tsx';

export function SignIn() {
  const { signIn, endedBecause } = useSession();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = 'Sign in · Nexus console';
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = token.trim();
    if (!value) {
      setError('Enter your access token.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await signIn(value);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={440}>
        <form onSubmit={submit} noValidate aria-labelledby="sign-in-title">
          <Stack>
            <Title order={1} size="h2" id="sign-in-title">Nexus console</Title>
            <Text size="sm" c="dimmed">Sign in with your Nexus access token. It is kept for this browser tab only.</Text>
            {endedBecause && !error && <Alert color="yellow" title="Signed out">{endedBecause}</Alert>}
            <PasswordInput
              label="Access token" placeholder="nxt_…" autoComplete="off" autoFocus required
              value={token} onChange={(e) => setToken(e.currentTarget.value)} error={error}
            />
            <Button type="submit" loading={busy}>Sign in</Button>
            <Text size="xs" c="dimmed">
              <Code>npm start</Code> prints the admin token once; create more with{' '}
              <Code>npx nexus token create --user alice --role operator</Code>. API reference: <Anchor href="/docs" size="xs">/docs</Anchor>.
            </Text>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
