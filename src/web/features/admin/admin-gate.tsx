import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type FormEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ADMIN_TOKEN_KEY, ApiRequestError, getAdminToken } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { logIn, logOut, verifyAdminSession } from './admin-api.ts';

type Session = {
  username: string;
  /** Revokes the token on the server, forgets it here and shows the login form. */
  logout(): Promise<void>;
  /** The server refused the token (it lapsed): forget it and show the login form. */
  expire(): void;
};

const SessionContext = createContext<Session | null>(null);

/** The signed-in owner, for screens inside an `AdminGate`. */
export function useAdminSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useAdminSession is used outside an AdminGate');
  return session;
}

function forgetToken(): void {
  try {
    window.localStorage.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    // storage unavailable: nothing to forget
  }
}

type GateState = { kind: 'checking' } | { kind: 'signed-out' } | { kind: 'signed-in'; username: string };

/**
 * The admin login guard (spec section 4, "Admin session"): on load it verifies the token stored under
 * `adminToken`; a refused token is removed and the login form shows; otherwise its children show.
 * Used by /admin and /admin/calendar-sync.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<GateState>({ kind: 'checking' });
  const queryClient = useQueryClient();

  useEffect(() => {
    let live = true;
    if (!getAdminToken()) {
      setState({ kind: 'signed-out' });
      return;
    }
    verifyAdminSession()
      .then(({ username }) => {
        if (live) setState({ kind: 'signed-in', username });
      })
      .catch(() => {
        forgetToken();
        if (live) setState({ kind: 'signed-out' });
      });
    return () => {
      live = false;
    };
  }, []);

  const signOut = useCallback(() => {
    forgetToken();
    queryClient.clear(); // guests' details do not outlive the session in this tab
    setState({ kind: 'signed-out' });
  }, [queryClient]);

  const logout = useCallback(async () => {
    try {
      await logOut();
    } catch {
      // the token is forgotten here whatever the server said
    }
    signOut();
    toast({ title: 'Logged Out', description: 'You have been logged out.' });
  }, [signOut]);

  if (state.kind === 'checking') {
    return (
      <div className="flex min-h-[40vh] items-center justify-center" role="status">
        <span className="text-stone-600">Checking your session…</span>
      </div>
    );
  }
  if (state.kind === 'signed-out') {
    return <LoginForm onLoggedIn={(username) => setState({ kind: 'signed-in', username })} />;
  }
  return (
    <SessionContext.Provider value={{ username: state.username, logout, expire: signOut }}>
      {children}
    </SessionContext.Provider>
  );
}

/**
 * Spec sections 2 and 5: both fields required; submit does nothing while either is empty. With two-step sign-in
 * on, the server answers the right password with `two_factor_required`: the code field then appears under the
 * password, and the next submit sends all three.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn(username: string): void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [pending, setPending] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  // The code field appears once the password was accepted: the owner types the code at once.
  useEffect(() => {
    if (askCode) codeInput.current?.focus();
  }, [askCode]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim() || !password || pending) return;
    if (askCode && !code.trim()) return;
    setPending(true);
    try {
      const { token } = await logIn({ username, password, ...(askCode ? { code: code.trim() } : {}) });
      window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
      toast({ title: 'Login Successful', description: 'Welcome back.' });
      onLoggedIn(username.trim());
    } catch (error) {
      const failure = error instanceof ApiRequestError ? error : undefined;
      if (failure?.code === 'two_factor_required') {
        setAskCode(true);
        return;
      }
      // A throttled login and a wrong code say what happened in the server's own sentence.
      const own = failure?.status === 429 || failure?.code === 'invalid_code';
      if (failure?.code === 'invalid_code') setCode('');
      toast({
        title: 'Login Failed',
        description: own ? String(failure?.body?.message) : 'Invalid username or password',
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mx-auto max-w-sm px-4 py-16">
      <form
        onSubmit={onSubmit}
        className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm"
        aria-labelledby="admin-login-heading"
      >
        <h1 id="admin-login-heading" className="font-serif text-2xl">
          Admin Login
        </h1>
        <p className="mt-1 text-sm text-stone-600">For the owner of The Tower.</p>
        <Field label="Username" id="admin-username" className="mt-6">
          <Input
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </Field>
        <Field label="Password" id="admin-password" className="mt-4">
          <Input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        {askCode ? (
          <Field
            label="Authentication code"
            id="admin-code"
            className="mt-4"
            hint="Two-step sign-in is on: enter the 6 digits your authenticator app shows, or one of your recovery codes."
          >
            <Input
              name="code"
              autoComplete="one-time-code"
              inputMode="text"
              required
              ref={codeInput}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </Field>
        ) : null}
        <Button type="submit" disabled={pending} className="mt-6 w-full">
          {pending ? 'Logging in...' : 'Login'}
        </Button>
      </form>
    </div>
  );
}
