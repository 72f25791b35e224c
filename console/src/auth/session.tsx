// The signed-in session: the access token in sessionStorage (never the URL), the caller from /api/system/me, and what the role may do.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, onUnauthorized, request, setToken } from '../api/client.ts';
import type { Caller } from '../api/types.ts';

const STORAGE_KEY = 'nexus.console.token';

/** Same rule as the kernel: a pattern is exact, `*`, or a prefix ending in `*`. */
export function matchesAny(patterns: readonly string[], name: string): boolean {
  return patterns.some((p) => p === '*' || p === name || (p.endsWith('*') && name.startsWith(p.slice(0, -1))));
}

interface Session {
  caller: Caller | null;
  /** Set while a stored token is being checked on load. */
  restoring: boolean;
  /** Why the last session ended, shown on the sign-in screen. */
  endedBecause: string | null;
  signIn(token: string): Promise<void>;
  signOut(reason?: string): void;
  can(permission: string): boolean;
  /** Whether the role may decide reviews of this tool (or of any tool, without a name). */
  mayReview(tool?: string): boolean;
}

const SessionContext = createContext<Session | null>(null);

function readStored(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [caller, setCaller] = useState<Caller | null>(null);
  const [restoring, setRestoring] = useState(() => readStored() !== null);
  const [endedBecause, setEndedBecause] = useState<string | null>(null);

  const signOut = useCallback(
    (reason?: string) => {
      sessionStorage.removeItem(STORAGE_KEY);
      setToken(null);
      setCaller(null);
      setEndedBecause(reason ?? null);
      queryClient.clear();
    },
    [queryClient],
  );

  const signIn = useCallback(async (token: string) => {
    const me = await request<Caller>('/api/system/me', { token });
    sessionStorage.setItem(STORAGE_KEY, token);
    setToken(token);
    setEndedBecause(null);
    setCaller(me);
  }, []);

  useEffect(() => {
    const stored = readStored();
    if (!stored) return;
    signIn(stored)
      .catch((err: unknown) => signOut(err instanceof ApiError && err.status === 401 ? err.message : undefined))
      .finally(() => setRestoring(false));
  }, [signIn, signOut]);

  useEffect(() => onUnauthorized((err) => signOut(err.message)), [signOut]);

  const value = useMemo<Session>(
    () => ({
      caller,
      restoring,
      endedBecause,
      signIn,
      signOut,
      can: (permission) => caller !== null && matchesAny(caller.permissions, permission),
      mayReview: (tool) =>
        caller !== null && matchesAny(caller.permissions, 'agent.review') && (tool ? matchesAny(caller.reviews, tool) : caller.reviews.length > 0),
    }),
    [caller, restoring, endedBecause, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The signed-in caller; only for components rendered behind the sign-in gate. */
export function useCaller(): Caller {
  const { caller } = useSession();
  if (!caller) throw new Error('useCaller without a signed-in caller');
  return caller;
}
